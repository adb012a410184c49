/**
 * The kiosk's one writer of files: written atomically (a temporary file, fsync, rename, fsync of
 * the directory), readable by their owner only (0600 in a 0700 directory), and refused on read
 * when other accounts could read them. A crash or power cut at any moment leaves the old file or
 * the new one, never a torn one. Data may be written in chunks (hundreds of megabytes of directory
 * snapshot, a CSV of a million rows, never need to be one buffer). Used for everything the kiosk
 * keeps in files rather than in its database: the credential vault, the directory snapshot, the
 * outbox journal's compaction, the badge photo cache, exports (CSV, PDF) — into a folder the person
 * chose too, which is then left as it is — and badge templates saved by the layout editor (the one
 * file written readable by others: an administrator's file, made to be copied). A crash in the
 * middle of a write leaves its temporary file (it may hold megabytes of personal data):
 * removeStaleTemporaries clears them at start. Also here: moving a damaged file aside, untouched.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, renameSync } from 'node:fs';
import { chmod, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';

const POSIX = process.platform !== 'win32';

/** Why an owner-only file was refused; `code` says which way. */
export class OwnerOnlyFileError extends Error {
  constructor(
    readonly code: 'unreadable' | 'other-owner' | 'too-open',
    readonly file: string,
    readonly detail: string,
  ) {
    super(`${file}: ${detail}`);
    this.name = 'OwnerOnlyFileError';
  }
}

/** Creates `dir` (and parents) 0700, and narrows it to 0700 if it is ours and wider. */
export async function ensurePrivateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  if (POSIX) {
    const info = await stat(dir);
    if ((info.mode & 0o077) !== 0 && info.uid === process.getuid?.()) await chmod(dir, 0o700);
  }
}

/** How a file is written: by default owner-only in a private folder. */
export interface WriteOptions {
  /**
   * 'private' (default): the folder is created 0700, or narrowed to it when it is ours and wider.
   * 'as-is': a folder the person chose (an export): it must exist and is left as it is.
   */
  folder?: 'private' | 'as-is';
  /** Readable by other accounts too (0644): only for an administrator's file made to be copied (a badge template). */
  readableByOthers?: boolean;
}

/**
 * Writes `data` (or each chunk of it in order) to `file` atomically, readable by its owner only
 * (unless `readableByOthers`). A failure at any point (a chunk's source throwing included) leaves
 * the old file whole and no temporary file.
 */
export async function writeOwnerOnly(
  file: string,
  data: string | Uint8Array | Iterable<Uint8Array> | AsyncIterable<Uint8Array>,
  options: WriteOptions = {},
): Promise<void> {
  const dir = path.dirname(file);
  if ((options.folder ?? 'private') === 'private') await ensurePrivateDir(dir);
  const mode = options.readableByOthers ? 0o644 : 0o600;
  const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  const handle = await open(temporary, 'wx', mode);
  try {
    if (POSIX) await handle.chmod(mode); // the umask may only remove bits; make it exact anyway
    if (typeof data === 'string' || data instanceof Uint8Array) {
      await handle.writeFile(data);
    } else {
      for await (const chunk of data) if (chunk.byteLength > 0) await handle.write(chunk);
    }
    await handle.sync();
  } catch (thrown) {
    await handle.close();
    await rm(temporary, { force: true });
    throw thrown;
  }
  await handle.close();
  try {
    await rename(temporary, file);
  } catch (thrown) {
    await rm(temporary, { force: true });
    throw thrown;
  }
  await syncDir(dir);
}

/** Where a damaged `file` is kept aside: "<file>.damaged-<time>". */
export function asideName(file: string, at: Date): string {
  return `${file}.damaged-${at.toISOString().replace(/[:.]/g, '-')}`;
}

/** Moves a damaged file aside, untouched, for an administrator; returns where, or null when it could not be moved. */
export async function moveAside(file: string, at: Date): Promise<string | null> {
  const aside = asideName(file, at);
  try {
    await rename(file, aside);
  } catch {
    return null;
  }
  return aside;
}

/** The same, at once (a database that must be moved before it is opened again), with its companion files (`<file><suffix>`). */
export function moveAsideSync(file: string, at: Date, suffixes: readonly string[] = []): string {
  const aside = asideName(file, at);
  for (const suffix of ['', ...suffixes]) if (existsSync(file + suffix)) renameSync(file + suffix, aside + suffix);
  return aside;
}

/** Makes a rename in `dir` durable (POSIX); a no-op where directories cannot be opened. */
async function syncDir(dir: string): Promise<void> {
  if (!POSIX) return;
  try {
    const handle = await open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Some file systems refuse fsync on a directory; the rename is still atomic.
  }
}

/**
 * Reads a file, or returns null when it does not exist. With `ownerOnly` (POSIX), refuses a file
 * that belongs to another account or that other accounts may read. Permissions are checked on the
 * opened file, not on its name, so it cannot be swapped in between.
 */
export async function readOwnerOnly(file: string, ownerOnly: boolean): Promise<Buffer | null> {
  let handle;
  try {
    handle = await open(file, 'r');
  } catch (thrown) {
    const code = (thrown as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return null;
    throw new OwnerOnlyFileError('unreadable', file, code === 'EACCES' ? 'permission denied' : String(code));
  }
  try {
    if (ownerOnly && POSIX) {
      const info = await handle.stat();
      const uid = process.getuid?.();
      if (uid !== undefined && info.uid !== uid) throw new OwnerOnlyFileError('other-owner', file, `owner uid ${info.uid}, expected ${uid}`);
      const mode = info.mode & 0o777;
      if ((mode & 0o077) !== 0) throw new OwnerOnlyFileError('too-open', file, `permissions ${mode.toString(8).padStart(4, '0')}`);
    }
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

/** The temporary file writeOwnerOnly writes beside `<file>` before renaming it: "<file>.<12 hex>.tmp". */
const TEMPORARY = /^.+\.[0-9a-f]{12}\.tmp$/;
/** A temporary file younger than this may belong to a write in progress (an admin command running beside the kiosk). */
export const STALE_AFTER_MS = 60_000;

/**
 * Removes the temporary files of owner-only writes that a crash or power cut left in `dir` (not
 * its sub-folders), when they are older than `staleAfterMs`. Returns the names removed. A missing
 * folder is nothing to clean; a file that cannot be removed is left and not reported as removed.
 */
export async function removeStaleTemporaries(dir: string, options: { now?: number; staleAfterMs?: number } = {}): Promise<string[]> {
  const now = options.now ?? Date.now();
  const staleAfter = options.staleAfterMs ?? STALE_AFTER_MS;
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    if (!TEMPORARY.test(name)) continue;
    const file = path.join(dir, name);
    try {
      const info = await stat(file);
      if (!info.isFile() || now - info.mtimeMs < staleAfter) continue;
      await rm(file, { force: true });
      removed.push(name);
    } catch {
      // Gone already, or not ours to remove.
    }
  }
  return removed;
}
