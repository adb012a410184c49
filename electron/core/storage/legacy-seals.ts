/**
 * What earlier versions of the kiosk sealed in layouts of their own, opened once so that the
 * migrations can move it into the kiosk's database or rewrite it in the one layout of
 * storage/seal.ts. Decipher only: nothing here seals, and nothing but the migrations calls it.
 * The layouts, as the versions up to commit 399853d wrote them, all AES-256-GCM under the data key:
 * - JSON-lines logs (enrolment-log.jsonl, badge-log.jsonl, acknowledgements.jsonl, …): a line is
 *   either plain JSON or "AKJL1:" + base64(IV 12 · ciphertext · tag 16), the file's name bound in
 *   ("AKJL1:<name>"); the shift journal and the handover log were never sealed.
 * - open-alarms.json: "KOA1" · IV · ciphertext · tag, nothing bound; or plain JSON.
 * - outbox.journal ("AKOBX1\n" then frames): a frame's payload is IV · ciphertext · tag with the
 *   data key, nothing bound; plain JSON without one.
 * - directory.snapshot / directory.changes: "AKDIR1\n", then 'P' and the payload in clear, or 'E',
 *   IV, ciphertext, tag with "AKDIR1\n" bound in.
 * - badge-photos/photo-<id>.bin: IV · tag · ciphertext, "badge-photo:<id>" bound in.
 */
import { createDecipheriv } from 'node:crypto';

const IV = 12;
const TAG = 16;

/** Why an earlier version's sealed value could not be opened. */
export class LegacyOpenError extends Error {
  constructor(
    readonly reason: 'no-key' | 'cut-short' | 'cannot-decrypt' | 'not-this-layout',
    message: string,
  ) {
    super(message);
    this.name = 'LegacyOpenError';
  }
}

/** Whether `bytes` start with `magic` (a file's layout is told by its first bytes). */
export function hasMagic(bytes: Buffer, magic: Buffer): boolean {
  return bytes.length >= magic.length && bytes.subarray(0, magic.length).equals(magic);
}

function decipher(key: Buffer, iv: Buffer, ciphertext: Buffer, tag: Buffer, aad: Buffer | null): Buffer {
  const opener = createDecipheriv('aes-256-gcm', key, iv);
  if (aad) opener.setAAD(aad);
  opener.setAuthTag(tag);
  try {
    return Buffer.concat([opener.update(ciphertext), opener.final()]);
  } catch {
    throw new LegacyOpenError('cannot-decrypt', 'it cannot be decrypted (damaged, or written with another key)');
  }
}

// ───────────────────────── JSON-lines logs ─────────────────────────

/** What started a sealed line of an earlier version's log. */
export const LEGACY_SEALED_LINE_PREFIX = 'AKJL1:';

export type LegacyLineSkip = 'unreadable' | 'sealed-without-key' | 'cannot-decrypt';

export interface LegacyLines {
  /** The parsed JSON of each readable line and its number (1-based), in file order. */
  values: Array<{ line: number; value: unknown }>;
  /** Lines that could not be read, by number (1-based), and why. */
  skipped: Array<{ line: number; reason: LegacyLineSkip }>;
  /** Sealed lines that opened with the key (when some did, one that did not is damaged, not of another key). */
  opened: number;
}

/**
 * Why a log's sealed lines keep it from being moved now, or null: without a key, or with a key
 * none of them opens with (another workstation's, or a keyring that changed). A sealed line that
 * does not open where others did is damaged (a torn last write), like a line that is not JSON.
 */
export function legacyKeyProblem(lines: LegacyLines, key: Buffer | null): string | null {
  const withoutKey = lines.skipped.filter((skip) => skip.reason === 'sealed-without-key').length;
  if (withoutKey > 0) return `${withoutKey} of its lines are sealed and this workstation has no data key now`;
  const notOpened = lines.skipped.filter((skip) => skip.reason === 'cannot-decrypt').length;
  if (key && notOpened > 0 && lines.opened === 0) return `${notOpened} of its lines are sealed and none opens with this workstation's data key`;
  return null;
}

/**
 * Opens the text of an earlier version's JSON-lines log named `name`. A line that is not JSON (a
 * torn last write, a hand edit) is skipped as 'unreadable'; a sealed line without the key, or that
 * does not open with it, is skipped with that reason.
 */
export function openLegacyJsonLines(text: string, name: string, key: Buffer | null): LegacyLines {
  const aad = Buffer.from(`${LEGACY_SEALED_LINE_PREFIX}${name}`, 'utf8');
  const result: LegacyLines = { values: [], skipped: [], opened: 0 };
  text.split('\n').forEach((line, index) => {
    if (line.trim() === '') return;
    let json = line;
    if (line.startsWith(LEGACY_SEALED_LINE_PREFIX)) {
      if (!key) {
        result.skipped.push({ line: index + 1, reason: 'sealed-without-key' });
        return;
      }
      const bytes = Buffer.from(line.slice(LEGACY_SEALED_LINE_PREFIX.length).trim(), 'base64');
      try {
        if (bytes.length < IV + TAG) throw new LegacyOpenError('cut-short', 'the line is cut short');
        json = decipher(key, bytes.subarray(0, IV), bytes.subarray(IV, bytes.length - TAG), bytes.subarray(bytes.length - TAG), aad).toString('utf8');
        result.opened++;
      } catch {
        result.skipped.push({ line: index + 1, reason: 'cannot-decrypt' });
        return;
      }
    }
    try {
      result.values.push({ line: index + 1, value: JSON.parse(json) as unknown });
    } catch {
      result.skipped.push({ line: index + 1, reason: 'unreadable' });
    }
  });
  return result;
}

// ───────────────────────── open-alarms.json ─────────────────────────

/** An earlier version's open-alarms.json: "KOA1" · IV · ciphertext · tag, or plain JSON (returned as it is). */
export function openLegacyOpenAlarms(raw: Buffer, key: Buffer | null): Buffer {
  const magic = Buffer.from('KOA1');
  if (!hasMagic(raw, magic)) return raw;
  if (!key) throw new LegacyOpenError('no-key', 'the file is encrypted and there is no data key');
  const body = raw.subarray(magic.length);
  if (body.length < IV + TAG) throw new LegacyOpenError('cut-short', 'the file is too short');
  return decipher(key, body.subarray(0, IV), body.subarray(IV, body.length - TAG), body.subarray(body.length - TAG), null);
}

// ───────────────────────── outbox.journal ─────────────────────────

/** The first bytes of an earlier version's outbox journal. */
export const LEGACY_OUTBOX_MAGIC = Buffer.from('AKOBX1\n', 'latin1');

/** One frame's payload of an earlier version's outbox journal: IV · ciphertext · tag with a key, plain JSON without. */
export function openLegacyOutboxPayload(payload: Buffer, key: Buffer | null): Buffer {
  if (!key) return payload;
  if (payload.length < IV + TAG) throw new LegacyOpenError('cut-short', 'the record is cut short');
  return decipher(key, payload.subarray(0, IV), payload.subarray(IV, payload.length - TAG), payload.subarray(payload.length - TAG), null);
}

// ───────────────────────── directory.snapshot / directory.changes ─────────────────────────

/** The first bytes of an earlier version's directory snapshot. */
export const LEGACY_DIRECTORY_MAGIC = Buffer.from('AKDIR1\n', 'latin1');

/**
 * An earlier version's directory file: its payload (a JSON line of metadata, "\n", the body) and
 * whether it was encrypted. Throws LegacyOpenError ('not-this-layout' when it is not one).
 */
export function openLegacyDirectoryFile(bytes: Buffer, key: Buffer | null): { payload: Buffer; encrypted: boolean } {
  const magic = LEGACY_DIRECTORY_MAGIC;
  if (bytes.length < magic.length + 1 || !hasMagic(bytes, magic)) throw new LegacyOpenError('not-this-layout', 'it is not a directory snapshot of an earlier version');
  const kind = bytes[magic.length];
  const start = magic.length + 1;
  if (kind === 0x50) return { payload: bytes.subarray(start), encrypted: false }; // 'P'
  if (kind !== 0x45) throw new LegacyOpenError('not-this-layout', 'its format is unknown'); // not 'E'
  if (!key) throw new LegacyOpenError('no-key', 'it is encrypted and the system keyring that holds its key is not available');
  if (bytes.length < start + IV + TAG) throw new LegacyOpenError('cut-short', 'it is cut short');
  const payload = decipher(key, bytes.subarray(start, start + IV), bytes.subarray(start + IV, bytes.length - TAG), bytes.subarray(bytes.length - TAG), magic);
  return { payload, encrypted: true };
}

// ───────────────────────── badge-photos/photo-<id>.bin ─────────────────────────

/** An earlier version's cached badge photo: IV · tag · ciphertext of (a JSON header line, "\n", the photo). */
export function openLegacyBadgePhoto(data: Buffer, key: Buffer, id: number): Buffer {
  if (data.length <= IV + TAG) throw new LegacyOpenError('cut-short', 'the file is cut short');
  return decipher(key, data.subarray(0, IV), data.subarray(IV + TAG), data.subarray(IV, IV + TAG), Buffer.from(`badge-photo:${id}`));
}
