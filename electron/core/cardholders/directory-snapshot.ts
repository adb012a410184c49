/**
 * The directory snapshot on disk: what the service last answered for the cardholder list (its
 * bytes as received, with when and under which validators), and a second small file with the
 * records changed on this workstation since (created, updated, re-read). Both hold personal data:
 * owner-only, written atomically, and encrypted with AES-256-GCM when a data key is given (the
 * edge derives it from the system keyring; without a real keyring there is none and the
 * Administration view says so). A damaged, foreign or undecryptable file is reported, never used.
 *
 * File layout: "AKDIR1\n", one byte 'P' (plain) or 'E' (encrypted), then for 'E' a 12-byte IV,
 * the ciphertext and the 16-byte GCM tag; the payload is one JSON line of metadata, "\n", the body.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { OwnerOnlyFileError, readOwnerOnly, writeOwnerOnly } from '../storage/owner-only-files';
import type { DirectoryState } from '../../contract/ipc';

const MAGIC = Buffer.from('AKDIR1\n', 'latin1');
const PLAIN = 0x50; // 'P'
const ENCRYPTED = 0x45; // 'E'
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const DATA_KEY_BYTES = 32;

export interface SnapshotMeta {
  /** When the list was received (ISO 8601). */
  syncedAt: string;
  /** HTTP validators the service sent with it. */
  etag: string | null;
  lastModified: string | null;
  /** The service the list came from (host:port), so a snapshot of another service is not used. */
  service: string;
  /** Records in it the kiosk could use. */
  records: number;
}

export interface StoredSnapshot {
  meta: SnapshotMeta;
  body: Buffer;
}

/** Why a stored file cannot be used; the message is for the log and the Administration view. */
/** Why a saved directory cannot be used, as a code for the screen (`reason` says it in English, for the log). */
export type SnapshotProblemCode = NonNullable<DirectoryState['snapshotIssue']>['code'];

export class SnapshotUnusable extends Error {
  constructor(
    readonly file: string,
    readonly reason: string,
    readonly code: SnapshotProblemCode = 'damaged',
    /** The system's words (a file error), shown as they are. */
    readonly detail?: string,
  ) {
    super(`${file}: ${reason}`);
    this.name = 'SnapshotUnusable';
  }
}

function* framed(meta: unknown, body: Iterable<Uint8Array>, key: Buffer | null): Generator<Uint8Array> {
  const head = Buffer.from(`${JSON.stringify(meta)}\n`, 'utf8');
  if (!key) {
    yield MAGIC;
    yield Uint8Array.of(PLAIN);
    yield head;
    yield* body;
    return;
  }
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(MAGIC);
  yield MAGIC;
  yield Uint8Array.of(ENCRYPTED);
  yield iv;
  yield cipher.update(head);
  for (const chunk of body) yield cipher.update(chunk);
  yield cipher.final();
  yield cipher.getAuthTag();
}

/** Writes a file of this format atomically, owner-only; `body` may be many chunks. */
export async function writeSnapshotFile(file: string, meta: unknown, body: Iterable<Uint8Array>, key: Buffer | null): Promise<void> {
  if (key && key.length !== DATA_KEY_BYTES) throw new Error('the data key must be 32 bytes');
  await writeOwnerOnly(file, framed(meta, body, key));
}

/** Reads a file of this format: null when there is none; SnapshotUnusable when it cannot be used. */
export async function readSnapshotFile(file: string, key: Buffer | null): Promise<{ meta: unknown; body: Buffer } | null> {
  let bytes: Buffer | null;
  try {
    bytes = await readOwnerOnly(file, true);
  } catch (thrown) {
    if (thrown instanceof OwnerOnlyFileError) {
      const why = {
        unreadable: `it cannot be read (${thrown.detail})`,
        'other-owner': 'it belongs to another user account',
        'too-open': `other user accounts may read it (${thrown.detail})`,
      }[thrown.code];
      throw new SnapshotUnusable(file, why, thrown.code === 'unreadable' ? 'unreadable' : thrown.code === 'other-owner' ? 'otherOwner' : 'tooOpen', thrown.detail);
    }
    throw thrown;
  }
  if (bytes === null) return null;
  if (bytes.length < MAGIC.length + 1 || !bytes.subarray(0, MAGIC.length).equals(MAGIC)) throw new SnapshotUnusable(file, 'it is not a directory snapshot of this kiosk', 'notSnapshot');
  let payload: Buffer;
  const kind = bytes[MAGIC.length];
  if (kind === PLAIN) {
    if (key) throw new SnapshotUnusable(file, 'it is not encrypted although this workstation encrypts its data', 'notEncrypted');
    payload = bytes.subarray(MAGIC.length + 1);
  } else if (kind === ENCRYPTED) {
    if (!key) throw new SnapshotUnusable(file, 'it is encrypted and the system keyring that holds its key is not available', 'noKey');
    const start = MAGIC.length + 1;
    if (bytes.length < start + IV_BYTES + TAG_BYTES) throw new SnapshotUnusable(file, 'it is cut short', 'cutShort');
    const iv = bytes.subarray(start, start + IV_BYTES);
    const tag = bytes.subarray(bytes.length - TAG_BYTES);
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAAD(MAGIC);
    decipher.setAuthTag(tag);
    try {
      payload = Buffer.concat([decipher.update(bytes.subarray(start + IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]);
    } catch {
      throw new SnapshotUnusable(file, 'it cannot be decrypted (damaged, or written with another key)', 'cannotDecrypt');
    }
  } else {
    throw new SnapshotUnusable(file, 'its format is unknown', 'unknownFormat');
  }
  const newline = payload.indexOf(0x0a);
  if (newline < 0) throw new SnapshotUnusable(file, 'it is cut short', 'cutShort');
  let meta: unknown;
  try {
    meta = JSON.parse(payload.subarray(0, newline).toString('utf8'));
  } catch {
    throw new SnapshotUnusable(file, 'its header is damaged', 'headerDamaged');
  }
  return { meta, body: payload.subarray(newline + 1) };
}

export async function removeSnapshotFiles(...files: string[]): Promise<void> {
  for (const file of files) await rm(file, { force: true });
}

export function isSnapshotMeta(value: unknown): value is SnapshotMeta {
  if (typeof value !== 'object' || value === null) return false;
  const m = value as Record<string, unknown>;
  return (
    typeof m.syncedAt === 'string' &&
    (m.etag === null || typeof m.etag === 'string') &&
    (m.lastModified === null || typeof m.lastModified === 'string') &&
    typeof m.service === 'string' &&
    typeof m.records === 'number'
  );
}
