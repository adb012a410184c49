/**
 * The directory snapshot on disk: what the service last answered for the cardholder list (its
 * bytes as received, with when and under which validators), and a second small file with the
 * records changed on this workstation since (created, updated, re-read). Both hold personal data:
 * owner-only, written atomically (storage/owner-only-files.ts), and sealed by storage/seal.ts when
 * a data key is given (the edge derives it from the system keyring; without a real keyring there
 * is none and the Administration view says so). A damaged, foreign or undecryptable file is
 * reported, never used. They stay files, not tables of the kiosk's database: the list is one blob
 * of up to hundreds of megabytes, replaced whole at each sync and indexed in memory by the engine.
 *
 * File layout: "AKDIR2\n", then the payload — one JSON line of metadata, "\n", the body — sealed
 * as one value (kind "directory", key the file's name: the snapshot cannot be read as the changes)
 * or, without a data key, in clear. A file of an earlier version ("AKDIR1\n", its own seal:
 * storage/legacy-seals.ts) is read and rewritten in this layout at once.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { hasMagic, LEGACY_DIRECTORY_MAGIC, LegacyOpenError, openLegacyDirectoryFile } from '../../storage/legacy-seals';
import { OwnerOnlyFileError, readOwnerOnly, writeOwnerOnly } from '../../storage/owner-only-files';
import { isSealed, sealChunks, SealError, unseal } from '../../storage/seal';
import type { DirectoryState } from '../../../contract/ipc';

const MAGIC = Buffer.from('AKDIR2\n', 'latin1');
/** What the seal binds a file's payload to: this kind, and the file's name. */
const KIND = 'directory';
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

function* framed(file: string, meta: unknown, body: Iterable<Uint8Array>, key: Buffer | null): Generator<Uint8Array> {
  yield MAGIC;
  yield* sealChunks(key, { kind: KIND, key: path.basename(file) }, (function* () {
    yield Buffer.from(`${JSON.stringify(meta)}\n`, 'utf8');
    yield* body;
  })());
}

/** Writes a file of this format atomically, owner-only; `body` may be many chunks. */
export async function writeSnapshotFile(file: string, meta: unknown, body: Iterable<Uint8Array>, key: Buffer | null): Promise<void> {
  if (key && key.length !== DATA_KEY_BYTES) throw new Error('the data key must be 32 bytes');
  await writeOwnerOnly(file, framed(file, meta, body, key));
}

/**
 * Reads a file of this format: null when there is none; SnapshotUnusable when it cannot be used.
 * A file of an earlier version is rewritten in this format once read.
 */
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
  const legacy = hasMagic(bytes, LEGACY_DIRECTORY_MAGIC);
  if (!legacy && !hasMagic(bytes, MAGIC)) throw new SnapshotUnusable(file, 'it is not a directory snapshot of this kiosk', 'notSnapshot');
  const payload = legacy ? openLegacy(file, bytes, key) : open(file, bytes.subarray(MAGIC.length), key);
  const newline = payload.indexOf(0x0a);
  if (newline < 0) throw new SnapshotUnusable(file, 'it is cut short', 'cutShort');
  let meta: unknown;
  try {
    meta = JSON.parse(payload.subarray(0, newline).toString('utf8'));
  } catch {
    throw new SnapshotUnusable(file, 'its header is damaged', 'headerDamaged');
  }
  const body = payload.subarray(newline + 1);
  // An earlier version's file is written anew in this layout, once (its bytes are in memory now).
  if (legacy) await writeSnapshotFile(file, meta, [body], key);
  return { meta, body };
}

function open(file: string, value: Buffer, key: Buffer | null): Buffer {
  if (!isSealed(value)) {
    if (key) throw new SnapshotUnusable(file, 'it is not encrypted although this workstation encrypts its data', 'notEncrypted');
    return value;
  }
  try {
    return unseal(key, { kind: KIND, key: path.basename(file) }, value);
  } catch (thrown) {
    if (!(thrown instanceof SealError)) throw thrown;
    if (thrown.reason === 'no-key') throw new SnapshotUnusable(file, 'it is encrypted and the system keyring that holds its key is not available', 'noKey');
    if (thrown.reason === 'damaged') throw new SnapshotUnusable(file, 'it is cut short', 'cutShort');
    throw new SnapshotUnusable(file, 'it cannot be decrypted (damaged, or written with another key)', 'cannotDecrypt');
  }
}

function openLegacy(file: string, bytes: Buffer, key: Buffer | null): Buffer {
  let opened: { payload: Buffer; encrypted: boolean };
  try {
    opened = openLegacyDirectoryFile(bytes, key);
  } catch (thrown) {
    if (!(thrown instanceof LegacyOpenError)) throw thrown;
    const code = ({ 'no-key': 'noKey', 'cut-short': 'cutShort', 'cannot-decrypt': 'cannotDecrypt', 'not-this-layout': 'unknownFormat' } as const)[thrown.reason];
    throw new SnapshotUnusable(file, thrown.message, code);
  }
  if (!opened.encrypted && key) throw new SnapshotUnusable(file, 'it is not encrypted although this workstation encrypts its data', 'notEncrypted');
  return opened.payload;
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
