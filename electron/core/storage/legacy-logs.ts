/**
 * Moving an earlier version's files into the kiosk's database, once: a JSON-lines log (the
 * enrolment log, the badge log, the shift journal, the handover reports; the operator log's
 * acknowledgements through alarms/legacy-alarm-files.ts) is read whole (its sealed lines opened by
 * storage/legacy-seals.ts), its entries written in one transaction together with a note of the
 * file moved (table `moved_file`: its name and a digest of its bytes), then the file is removed.
 * A kiosk stopped between the two finds the file again, recognises it by its digest and only
 * removes it: nothing is moved twice, and a crash before the commit moves it again whole.
 *
 * Nothing is lost on the way: a log with lines sealed under a key this workstation does not have
 * now (the keyring unavailable at this start) is left where it is, untouched, and said; it moves at
 * a start that has the key. A line that is not an entry (a torn last write, a hand edit) could
 * never be read before either: it is said, by number, and not moved.
 */
import { createHash } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../log/logger';
import type { KioskDatabase } from './kiosk-database';
import { legacyKeyProblem, openLegacyJsonLines, type LegacyLineSkip } from './legacy-seals';
import type { RecordLog } from './record-log';

/** An earlier version's file as found: its bytes and their digest. */
export interface LegacyFile {
  file: string;
  name: string;
  bytes: Buffer;
  digest: string;
}

/** What a move did. */
export interface LegacyMove {
  /** Entries written into the database. */
  moved: number;
  /** Lines that were not entries (not moved), by number, and why. */
  skipped: Array<{ line: number; reason: LegacyLineSkip }>;
  /** Why the file was left where it is (nothing moved), or null. */
  left: string | null;
  /** The file was found already moved (by an earlier start that stopped before removing it) and removed. */
  alreadyMoved: boolean;
}

/** Reads an earlier version's file; null when there is none. */
export async function readLegacyFile(file: string): Promise<LegacyFile | null> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (thrown) {
    if ((thrown as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw thrown;
  }
  return { file, name: path.basename(file), bytes, digest: createHash('sha256').update(bytes).digest('hex') };
}

/** Whether this very file (name and bytes) was moved in before. */
export function wasMoved(database: KioskDatabase, found: LegacyFile): boolean {
  return database.get('SELECT 1 AS one FROM moved_file WHERE name = ? AND digest = ?', [found.name, found.digest]) !== undefined;
}

/** Notes, in the moving transaction, that this file's entries are in the database now. */
export function noteMoved(database: KioskDatabase, found: LegacyFile, entries: number, at: number): void {
  database.run('INSERT OR IGNORE INTO moved_file (name, digest, moved_at, entries) VALUES (?, ?, ?, ?)', [found.name, found.digest, at, entries]);
}

/**
 * Moves an earlier version's JSON-lines log into `log` (see the header). Safe to call at every
 * start: with no file there is nothing to do.
 */
export async function moveLegacyLog<T>(options: { database: KioskDatabase; file: string; key: Buffer | null; log: RecordLog<T>; now?: () => number }): Promise<LegacyMove> {
  const { database, log } = options;
  const result: LegacyMove = { moved: 0, skipped: [], left: null, alreadyMoved: false };
  const found = await readLegacyFile(options.file);
  if (!found) return result;
  if (wasMoved(database, found)) {
    await rm(found.file, { force: true });
    return { ...result, alreadyMoved: true };
  }
  const lines = openLegacyJsonLines(found.bytes.toString('utf8'), found.name, options.key);
  const left = legacyKeyProblem(lines, options.key);
  if (left !== null) return { ...result, skipped: lines.skipped, left };
  const entries: T[] = [];
  const skipped = [...lines.skipped];
  for (const { line, value } of lines.values) {
    const entry = log.spec.parse(value);
    if (entry === null) skipped.push({ line, reason: 'unreadable' });
    else entries.push(entry);
  }
  database.transaction(() => {
    log.addAll(entries);
    noteMoved(database, found, entries.length, (options.now ?? Date.now)());
  });
  await rm(found.file, { force: true });
  return { ...result, moved: entries.length, skipped: skipped.sort((a, b) => a.line - b.line) };
}

/** Says in the log what a move did (names and numbers only: lines may name people). */
export function reportMove(logger: Logger, scope: string, what: string, file: string, move: LegacyMove): void {
  if (move.alreadyMoved) logger.info(scope, `${file} had been moved into the database already: removed`);
  if (move.left !== null) logger.error(scope, `${what} of an earlier version (${file}) was not moved into the database and is kept as it is: ${move.left}`);
  else if (move.moved > 0 || move.skipped.length > 0) logger.info(scope, `moved ${move.moved} entr${move.moved === 1 ? 'y' : 'ies'} of ${what} of an earlier version (${file}) into the database`);
  if (move.left === null && move.skipped.length > 0) logger.warn(scope, `${move.skipped.length} line(s) of ${file} were not entries (a torn write or an edit) and were not moved: line ${move.skipped.map((skip) => skip.line).join(', ')}`);
}

/**
 * The move of an earlier version's `file` into `log`, run at the first call and shared by every
 * later one (a log waits for it before its first read or write); never fails: a file that cannot
 * be moved is kept as it is and said.
 */
export function moveOnce<T>(options: { database: KioskDatabase; file: string; key: Buffer | null; log: RecordLog<T>; logger: Logger; scope: string; what: string }): () => Promise<void> {
  let moving: Promise<void> | null = null;
  return () => {
    moving ??= moveLegacyLog(options).then(
      (move) => reportMove(options.logger, options.scope, options.what, options.file, move),
      (thrown: unknown) => options.logger.error(options.scope, `${options.what} of an earlier version (${options.file}) could not be moved into the database and is kept as it is: ${thrown instanceof Error ? thrown.message : String(thrown)}`),
    );
    return moving;
  };
}
