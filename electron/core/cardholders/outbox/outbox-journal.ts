/**
 * The outbox's journal: the durable record of every enrolment written on this workstation but not
 * yet confirmed by the service. An append-only file of framed records — each one flushed to disk
 * (fsync) before the call returns, so what the officer was told is saved survives a crash or a
 * power cut at any moment. A record that was being written when the power went (a torn tail, or
 * zeros where the file grew but its bytes never reached the disk) is recognised by its length and
 * cut off; a damaged record in the middle is skipped and the whole file is kept aside, untouched,
 * for an administrator, and reported. Compaction rewrites the live records atomically into a new
 * file (storage/owner-only-files.ts; the temporary copy of a rewrite that a crash cut off is
 * removed at the next load). A journal stays a file, not a table of the kiosk's database: it is
 * written on every step of every enrolment, and holds photos of up to 20 MB that need no index.
 *
 * Frame: 4 bytes big-endian payload length, 4 bytes of SHA-256(payload), the payload: the record's
 * JSON sealed by storage/seal.ts (kind "outbox", key the frame's number in the file, from 0, so a
 * record cannot be moved within the file or to another) where the workstation has a data key, in
 * clear where it has none. File: "AKOBX2\n" then frames. A journal of an earlier version
 * ("AKOBX1\n", its records sealed without binding: storage/legacy-seals.ts) is read and rewritten
 * in this layout at once, and so is one holding records in clear once a data key exists.
 */
import { createHash } from 'node:crypto';
import { open, readdir, rm, stat, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { ensurePrivateDir, moveAside, readOwnerOnly, writeOwnerOnly } from '../../storage/owner-only-files';
import { hasMagic, LEGACY_OUTBOX_MAGIC, openLegacyOutboxPayload } from '../../storage/legacy-seals';
import { isSealed, seal, unseal } from '../../storage/seal';
import type { OutboxState } from '../../../contract/ipc';

const MAGIC = Buffer.from('AKOBX2\n', 'latin1');
/** What the seal binds a record to: this kind, and the frame's number. */
const KIND = 'outbox';
/** A single record larger than this is not one the kiosk wrote (a photo is at most 20 MB). */
const MAX_RECORD = 64 * 1024 * 1024;

export interface JournalLoad<T> {
  records: T[];
  /** Set when records could not be read: the file was kept aside there, and why. */
  damage: JournalDamage | null;
}

/** Why the journal was kept aside: `cause` for the screen to word, `reason` its English for the log. */
export type JournalDamage = NonNullable<OutboxState['damage']>;

export class OutboxJournal<T> {
  private handle: FileHandle | null = null;
  private size = 0;
  /** Frames in the file: the next one appended gets this number. Null until the file was read or written. */
  private frames: number | null = null;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    readonly file: string,
    private readonly key: Buffer | null,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Reads every record; a torn tail is cut off, a damaged file kept aside (see the header). */
  async load(): Promise<JournalLoad<T>> {
    await this.removeLeftovers();
    let bytes: Buffer | null;
    try {
      bytes = await readOwnerOnly(this.file, true);
    } catch (thrown) {
      const why = thrown instanceof Error ? thrown.message : String(thrown);
      return { records: [], damage: await this.keepAside(0, { cause: 'unreadable', detail: why }, `it cannot be read (${why})`) };
    }
    if (bytes === null || bytes.length === 0) {
      this.frames = 0;
      return { records: [], damage: null };
    }
    const legacy = hasMagic(bytes, LEGACY_OUTBOX_MAGIC);
    if (!legacy && !hasMagic(bytes, MAGIC)) {
      return { records: [], damage: await this.keepAside(1, { cause: 'notJournal' }, 'it is not an outbox journal of this kiosk') };
    }
    const records: T[] = [];
    let at = MAGIC.length;
    let unreadable = 0;
    let tornAt: number | null = null;
    let frame = 0;
    let inClear = false;
    while (at < bytes.length) {
      if (at + 8 > bytes.length || onlyZeros(bytes, at)) {
        // Cut off, or grown by a write whose bytes never reached the disk (zeros): never counted as saved.
        tornAt = at;
        break;
      }
      const length = bytes.readUInt32BE(at);
      if (length > MAX_RECORD) {
        // A length no record has: everything from here is unreadable.
        unreadable++;
        break;
      }
      if (at + 8 + length > bytes.length) {
        tornAt = at;
        break;
      }
      const payload = bytes.subarray(at + 8, at + 8 + length);
      const check = bytes.subarray(at + 4, at + 8);
      const record = check.equals(checksum(payload)) ? this.open(payload, legacy ? null : frame) : undefined;
      if (record === undefined) unreadable++;
      else records.push(record);
      if (!legacy && !isSealed(payload)) inClear = true;
      at += 8 + length;
      frame++;
    }
    if (unreadable > 0) return { records, damage: await this.keepAside(unreadable, { cause: 'records' }, `${unreadable} record${unreadable === 1 ? '' : 's'} in it could not be read`) };
    this.frames = frame;
    // The last record was being written when the kiosk stopped (it never counted as saved); or the
    // file is an earlier version's, or holds records in clear now that there is a key: written anew.
    if (tornAt !== null || legacy || (inClear && this.key !== null)) await this.rewrite(records);
    return { records, damage: null };
  }

  /** Appends records and flushes them to disk before resolving (in call order). */
  append(...records: T[]): Promise<void> {
    const run = async (): Promise<void> => {
      const handle = await this.openForAppend();
      const first = this.frames ?? 0;
      const frames = Buffer.concat(records.map((r, i) => this.frame(r, first + i)));
      await handle.write(frames, 0, frames.length, this.size);
      await handle.datasync();
      this.size += frames.length;
      this.frames = first + records.length;
    };
    this.writing = this.writing.then(run, run);
    return this.writing;
  }

  /** Replaces the journal by these records, atomically (the old file or the new one, never half). */
  rewrite(records: T[]): Promise<void> {
    const run = async (): Promise<void> => {
      await this.closeHandle();
      const body = [MAGIC, ...records.map((r, i) => this.frame(r, i))];
      await writeOwnerOnly(this.file, body);
      this.size = body.reduce((n, b) => n + b.length, 0);
      this.frames = records.length;
    };
    this.writing = this.writing.then(run, run);
    return this.writing;
  }

  /** Bytes on disk, for deciding when to compact. */
  get bytes(): number {
    return this.size;
  }

  async close(): Promise<void> {
    await this.writing.catch(() => undefined);
    await this.closeHandle();
  }

  private async openForAppend(): Promise<FileHandle> {
    if (this.handle) return this.handle;
    await ensurePrivateDir(dirname(this.file));
    let existing = 0;
    try {
      existing = (await stat(this.file)).size;
    } catch {
      existing = 0;
    }
    if (existing === 0) {
      await writeOwnerOnly(this.file, MAGIC);
      existing = MAGIC.length;
      this.frames = 0;
    }
    // Appending to a journal this object has not read: its frames are counted first (their numbers are sealed in).
    this.frames ??= countFrames((await readOwnerOnly(this.file, false)) ?? MAGIC);
    this.handle = await open(this.file, 'r+');
    this.size = existing;
    return this.handle;
  }

  private async closeHandle(): Promise<void> {
    const handle = this.handle;
    this.handle = null;
    await handle?.close();
  }

  private frame(record: T, number: number): Buffer {
    const payload = seal(this.key, { kind: KIND, key: number }, JSON.stringify(record));
    const head = Buffer.alloc(8);
    head.writeUInt32BE(payload.length, 0);
    checksum(payload).copy(head, 4);
    return Buffer.concat([head, payload]);
  }

  /** A frame's record: `number` is the frame's (null: an earlier version's frame, opened by legacy-seals). */
  private open(payload: Buffer, number: number | null): T | undefined {
    try {
      const json = number === null ? openLegacyOutboxPayload(payload, this.key) : unseal(this.key, { kind: KIND, key: number }, payload);
      return JSON.parse(json.toString('utf8')) as T;
    } catch {
      return undefined;
    }
  }

  /** Removes the temporary copies of rewrites that a crash cut off (they hold the queue's personal data). */
  private async removeLeftovers(): Promise<void> {
    const dir = dirname(this.file);
    const name = basename(this.file);
    let names: string[];
    try {
      names = await readdir(dir);
    } catch {
      return;
    }
    // writeOwnerOnly writes "<file>.<12 hex digits>.tmp" and renames it over the file.
    const isLeftover = (other: string): boolean => other.startsWith(`${name}.`) && other.endsWith('.tmp') && /^[0-9a-f]{12}$/.test(other.slice(name.length + 1, -4));
    for (const other of names) if (isLeftover(other)) await rm(join(dir, other), { force: true });
  }

  /** Moves the file aside, untouched, for an administrator; the outbox goes on with what it could read. */
  private async keepAside(unreadable: number, why: Pick<JournalDamage, 'cause' | 'detail'>, reason: string): Promise<JournalDamage> {
    await this.closeHandle();
    const keptAt = await moveAside(this.file, this.now());
    if (keptAt === null) {
      // Nothing to move (unreadable because missing rights): report where it is.
      return { keptAt: this.file, unreadable, ...why, reason };
    }
    this.size = 0;
    this.frames = 0;
    return { keptAt, unreadable, ...why, reason };
  }
}

/** How many whole frames a journal's bytes hold. */
function countFrames(bytes: Buffer): number {
  let at = MAGIC.length;
  let frames = 0;
  while (at + 8 <= bytes.length) {
    const length = bytes.readUInt32BE(at);
    if (at + 8 + length > bytes.length) break;
    at += 8 + length;
    frames++;
  }
  return frames;
}

function onlyZeros(bytes: Buffer, from: number): boolean {
  for (let i = from; i < bytes.length; i++) if (bytes[i] !== 0) return false;
  return true;
}

function checksum(payload: Buffer): Buffer {
  return createHash('sha256').update(payload).digest().subarray(0, 4);
}
