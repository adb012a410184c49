/**
 * The one seal of personal data at rest — in the kiosk's database and in the files that stay files
 * (the outbox journal's records, the directory snapshot, the badge photo cache): AES-256-GCM under
 * the workstation's data key (credentials/data-key.ts), one layout and one rule for what it binds.
 * A sealed value is "KS1" · IV (12 bytes) · ciphertext · tag (16 bytes); its associated data is
 * the kind of record and its key ("alarm", "17"), so a value cannot be moved to another record or
 * read as another kind. Without a data key values are kept in clear (the workstation has no real
 * keyring: said in Administration and the README); a clear value is recognised by not starting
 * with the magic, so one written before a key existed is still read. Pure functions, no I/O; the
 * only module of the kiosk that encrypts (what earlier versions sealed otherwise is opened, once,
 * by storage/legacy-seals.ts).
 */
import { createCipheriv, createDecipheriv, createHmac, createHash, createSecretKey, randomBytes, timingSafeEqual, type KeyObject } from 'node:crypto';

const MAGIC = Buffer.from('KS1', 'latin1');
const IV = 12;
const TAG = 16;

/** What a value is bound to: the kind of record and its key. */
export interface SealBinding {
  kind: string;
  key: string | number;
}

/** Key objects made once per data key (making one per value costs more than the encryption). */
const keyObjects = new WeakMap<Buffer, KeyObject>();
function keyObjectOf(key: Buffer): KeyObject {
  let object = keyObjects.get(key);
  if (!object) {
    if (key.length !== 32) throw new Error('the data key must be 32 bytes');
    object = createSecretKey(key);
    keyObjects.set(key, object);
  }
  return object;
}

/** Random IVs drawn from a pool refilled in bulk (one system call per 4,096 values). */
let ivPool = Buffer.alloc(0);
let ivAt = 0;
function nextIv(): Buffer {
  if (ivAt + IV > ivPool.length) {
    ivPool = randomBytes(IV * 4096);
    ivAt = 0;
  }
  const iv = ivPool.subarray(ivAt, ivAt + IV);
  ivAt += IV;
  return iv;
}

const associatedData = (binding: SealBinding): Buffer => Buffer.from(`${binding.kind}\u0000${binding.key}`, 'utf8');

/** Why a sealed value could not be opened. */
export class SealError extends Error {
  constructor(readonly reason: 'no-key' | 'damaged' | 'wrong-key-or-record') {
    super(reason === 'no-key' ? 'the value is encrypted and this workstation has no data key' : reason === 'damaged' ? 'the encrypted value is damaged' : 'the encrypted value does not open with this key for this record');
    this.name = 'SealError';
  }
}

/** Whether `value` was sealed (as opposed to kept in clear). */
export function isSealed(value: Uint8Array): boolean {
  return value.length >= MAGIC.length && Buffer.from(value.buffer, value.byteOffset, MAGIC.length).equals(MAGIC);
}

/** Seals `plain` for the record `binding`; with no key, returns it in clear (UTF-8). */
export function seal(key: Buffer | null, binding: SealBinding, plain: string | Uint8Array): Buffer {
  const bytes = typeof plain === 'string' ? Buffer.from(plain, 'utf8') : Buffer.from(plain);
  if (!key) return bytes;
  const iv = nextIv();
  const cipher = createCipheriv('aes-256-gcm', keyObjectOf(key), iv);
  cipher.setAAD(associatedData(binding));
  return Buffer.concat([MAGIC, iv, cipher.update(bytes), cipher.final(), cipher.getAuthTag()]);
}

/**
 * Seals `chunks` for the record `binding` as they come, in the same layout as `seal` (a file of
 * hundreds of megabytes never needs to be one buffer); with no key, yields them in clear.
 */
export function* sealChunks(key: Buffer | null, binding: SealBinding, chunks: Iterable<Uint8Array>): Generator<Uint8Array> {
  if (!key) {
    yield* chunks;
    return;
  }
  const iv = nextIv();
  const cipher = createCipheriv('aes-256-gcm', keyObjectOf(key), iv);
  cipher.setAAD(associatedData(binding));
  yield Buffer.concat([MAGIC, iv]);
  for (const chunk of chunks) yield cipher.update(chunk);
  yield cipher.final();
  yield cipher.getAuthTag();
}

/** Opens a value sealed for `binding` (or kept in clear); throws SealError when it cannot. */
export function unseal(key: Buffer | null, binding: SealBinding, stored: Uint8Array): Buffer {
  const value = Buffer.from(stored.buffer, stored.byteOffset, stored.byteLength);
  if (!isSealed(value)) return Buffer.from(value);
  if (!key) throw new SealError('no-key');
  if (value.length < MAGIC.length + IV + TAG) throw new SealError('damaged');
  const iv = value.subarray(MAGIC.length, MAGIC.length + IV);
  const tag = value.subarray(value.length - TAG);
  const decipher = createDecipheriv('aes-256-gcm', keyObjectOf(key), iv);
  decipher.setAAD(associatedData(binding));
  decipher.setAuthTag(tag);
  try {
    return Buffer.concat([decipher.update(value.subarray(MAGIC.length + IV, value.length - TAG)), decipher.final()]);
  } catch {
    throw new SealError('wrong-key-or-record');
  }
}

/** Seals a JSON value (see seal). */
export function sealJson(key: Buffer | null, binding: SealBinding, value: unknown): Buffer {
  return seal(key, binding, JSON.stringify(value));
}

/** Opens a sealed JSON value (see unseal); throws SealError, or SyntaxError when it is not JSON. */
export function unsealJson(key: Buffer | null, binding: SealBinding, stored: Uint8Array): unknown {
  return JSON.parse(unseal(key, binding, stored).toString('utf8'));
}

/**
 * A short mark of personal text that can be compared and indexed without keeping the text in
 * clear: keyed with the data key where there is one (HMAC-SHA-256), a plain SHA-256 otherwise;
 * 32 hex characters.
 */
export function markOf(key: Buffer | null, text: string): string {
  const digest = key ? createHmac('sha256', keyObjectOf(key)).update(text, 'utf8').digest() : createHash('sha256').update(text, 'utf8').digest();
  return digest.subarray(0, 16).toString('hex');
}

/**
 * The signature of a value kept in clear that must not be changed behind the kiosk's back (the
 * shift under way): HMAC-SHA-256 under the data key, bound to its record like a seal (a signature
 * of one kind of record is not one of another). Base64url.
 */
export function signatureOf(key: Buffer, binding: SealBinding, text: string): string {
  return createHmac('sha256', keyObjectOf(key)).update(Buffer.from('KS1-SIGNATURE\u0000', 'utf8')).update(associatedData(binding)).update(Buffer.from(`\u0000${text}`, 'utf8')).digest('base64url');
}

/** Whether `signature` is `text`'s (compared in constant time). */
export function signatureMatches(key: Buffer, binding: SealBinding, text: string, signature: string): boolean {
  const expected = Buffer.from(signatureOf(key, binding, text), 'utf8');
  const given = Buffer.from(signature, 'utf8');
  return expected.length === given.length && timingSafeEqual(expected, given);
}
