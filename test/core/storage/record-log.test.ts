// The kiosk's logs in its database (storage/record-log.ts) and the move of an earlier version's
// JSON-lines files into it (storage/legacy-logs.ts). Moved here from test/core/storage/
// json-lines-file.test.ts (the JSON-lines writer is gone): with a data key no name or note is on
// disk in clear and the log reads back after a restart; a log written in clear before is read (and
// now moved in, sealed), a torn line reported by number and not lost silently; without a key
// entries stay in clear in an owner-only file, and a sealed line without the key is not guessed
// (the file is kept); a sealed value cannot be moved from one log, or one entry, to another.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ENROLMENT_LOG, ENROLMENT_LOG_FILE, EnrolmentLog } from '../../../electron/core/cardholders/enrolment/enrolment-log';
import { createLogger, memorySink } from '../../../electron/core/log/logger';
import { SHIFT_JOURNAL } from '../../../electron/core/operators/shift-journal';
import { DATABASE_FILE, KioskDatabase } from '../../../electron/core/storage/kiosk-database';
import { moveLegacyLog } from '../../../electron/core/storage/legacy-logs';
import { RecordLog } from '../../../electron/core/storage/record-log';
import { appendLegacyLines, legacyLine } from '../../support/legacy-json-lines';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'kiosk-record-log-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const key = randomBytes(32);
const now = () => new Date('2026-03-01T10:00:00Z');
const quiet = { info: () => undefined, error: () => undefined };
const openDatabase = (): KioskDatabase => KioskDatabase.open(dir, quiet).database;
const databaseBytes = (): string =>
  [DATABASE_FILE, `${DATABASE_FILE}-wal`].map((name) => path.join(dir, name)).filter((file) => existsSync(file)).map((file) => readFileSync(file).toString('latin1')).join('');
const entry = (minute: number, name = 'Dupont, Marie') => ({ at: new Date(Date.UTC(2026, 2, 1, 9, minute)).toISOString(), kind: 'created' as const, cardholderId: 41, name, outcome: 'created', operator: null });

describe('the kiosk\'s logs in its database', () => {
  it('with a data key, no name is on disk in clear, and the log reads back after a restart', async () => {
    const logged = memorySink();
    const database = openDatabase();
    const enrolments = new EnrolmentLog({ database, dataDir: dir, log: createLogger(logged.sink), now, key });
    await enrolments.add({ kind: 'created', cardholderId: 41, name: 'Dupont, Marie', outcome: 'Called Marie Dupont on +33 6 12 34 56 78' });
    expect(databaseBytes()).not.toMatch(/Marie|Dupont|12 34/);
    database.close();
    const again = openDatabase();
    expect((await new EnrolmentLog({ database: again, dataDir: dir, log: createLogger(logged.sink), now, key }).list()).map((e) => e.name)).toEqual(['Dupont, Marie']);
    again.close();
    if (process.platform !== 'win32') expect((await stat(path.join(dir, DATABASE_FILE))).mode & 0o777).toBe(0o600);
  });

  it('without a data key, entries are JSON in clear in the owner-only database (as the files were)', async () => {
    const database = openDatabase();
    const log = new RecordLog(database, ENROLMENT_LOG, null);
    log.add(entry(1));
    expect(JSON.parse(Buffer.from(database.get<{ body: Uint8Array }>('SELECT body FROM log_entry')!.body).toString('utf8'))).toMatchObject({ name: 'Dupont, Marie' });
    database.close();
    if (process.platform !== 'win32') expect((await stat(path.join(dir, DATABASE_FILE))).mode & 0o777).toBe(0o600);
  });

  it('a sealed entry cannot be read as another entry or as another log\'s: it is reported and left out', () => {
    const database = KioskDatabase.memory();
    const unreadable: string[] = [];
    const enrolments = new RecordLog(database, ENROLMENT_LOG, key, (id, why) => unreadable.push(`${id}: ${why}`));
    enrolments.addAll([entry(1), entry(2, 'Roe, Jim')]);
    // Swap the two bodies: each is bound to its own row.
    const [a, b] = database.all<{ id: number; body: Uint8Array }>('SELECT id, body FROM log_entry ORDER BY id');
    database.run('UPDATE log_entry SET body = ? WHERE id = ?', [b!.body, a!.id]);
    database.run('UPDATE log_entry SET body = ? WHERE id = ?', [a!.body, b!.id]);
    expect(enrolments.newest(10)).toEqual([]);
    expect(unreadable).toHaveLength(2);
    // Relabelled as the shift journal's: not readable there either.
    database.run("UPDATE log_entry SET kind = 'shift-journal'");
    const journal = new RecordLog(database, SHIFT_JOURNAL, key, (id, why) => unreadable.push(`${id}: ${why}`));
    expect(journal.newest(10)).toEqual([]);
    expect(unreadable).toHaveLength(4);
  });

  it('pages newest first, counts, and finds entries by the time they span', () => {
    const database = KioskDatabase.memory();
    const log = new RecordLog(database, ENROLMENT_LOG, key);
    log.addAll(Array.from({ length: 25 }, (_, i) => entry(i)));
    expect(log.count()).toBe(25);
    const page = log.page(10, 5);
    expect(page.total).toBe(25);
    expect(page.items.map((e) => e.at.slice(11, 16))).toEqual(['09:14', '09:13', '09:12', '09:11', '09:10']);
    expect(log.newest(2).map((e) => e.at.slice(11, 16))).toEqual(['09:24', '09:23']);
    expect(log.spanning(Date.UTC(2026, 2, 1, 9, 3), Date.UTC(2026, 2, 1, 9, 5)).map((e) => e.at.slice(11, 16))).toEqual(['09:03', '09:04', '09:05']);
    expect(log.countAbout([41])).toBe(25);
    expect(log.countAbout([41], 'created')).toBe(0);
    expect(log.countAbout([7])).toBe(0);
  });
});

describe('an earlier version\'s JSON-lines log, moved in at first use', () => {
  it('reads a log written in clear (its file loose), seals what it moves, reports a torn line by number, and removes the file', async () => {
    const file = path.join(dir, ENROLMENT_LOG_FILE);
    await writeFile(file, `${JSON.stringify(entry(1))}\n{"torn": "Jean Martin`, { mode: 0o644 });
    await chmod(file, 0o644);
    const logged = memorySink();
    const database = openDatabase();
    const log = new EnrolmentLog({ database, dataDir: dir, log: createLogger(logged.sink), now, key });
    await log.add({ kind: 'created', cardholderId: 42, name: 'Roe, Jim', outcome: 'created' });
    expect((await log.all()).map((e) => e.name)).toEqual(['Dupont, Marie', 'Roe, Jim']);
    expect(existsSync(file)).toBe(false);
    expect(databaseBytes()).not.toMatch(/Marie|Jean Martin|Roe, Jim/);
    // The torn line is reported as not an entry, by its number, not lost silently.
    expect(logged.lines.some((line) => line.includes('line 2'))).toBe(true);
    expect(logged.lines.some((line) => line.includes('moved 1 entry'))).toBe(true);
    database.close();
  });

  it('a file found again after its move (the kiosk stopped before removing it) is removed, never moved twice', async () => {
    const file = path.join(dir, ENROLMENT_LOG_FILE);
    appendLegacyLines(file, [entry(1), entry(2)], key);
    const bytes = readFileSync(file);
    const database = openDatabase();
    const log = new RecordLog(database, ENROLMENT_LOG, key);
    expect(await moveLegacyLog({ database, file, key, log })).toMatchObject({ moved: 2, alreadyMoved: false, left: null });
    await writeFile(file, bytes, { mode: 0o600 });
    expect(await moveLegacyLog({ database, file, key, log })).toMatchObject({ moved: 0, alreadyMoved: true });
    expect(existsSync(file)).toBe(false);
    expect(log.count()).toBe(2);
    database.close();
  });

  it('a sealed log is not guessed without its key: kept as it is, and said; it moves at a start that has the key', async () => {
    const file = path.join(dir, ENROLMENT_LOG_FILE);
    appendLegacyLines(file, [entry(1)], key);
    const database = openDatabase();
    const withoutKey = new RecordLog(database, ENROLMENT_LOG, null);
    const left = await moveLegacyLog({ database, file, key: null, log: withoutKey });
    expect(left.left).toMatch(/no data key/);
    expect(existsSync(file)).toBe(true);
    const otherKey = await moveLegacyLog({ database, file, key: randomBytes(32), log: new RecordLog(database, ENROLMENT_LOG, randomBytes(32)) });
    expect(otherKey.left).toMatch(/none opens/);
    expect(withoutKey.count()).toBe(0);
    expect(await moveLegacyLog({ database, file, key, log: new RecordLog(database, ENROLMENT_LOG, key) })).toMatchObject({ moved: 1 });
    database.close();
  });

  it('a sealed line copied from another log cannot be read there (the earlier version bound the file name in)', async () => {
    const file = path.join(dir, ENROLMENT_LOG_FILE);
    await writeFile(file, `${legacyLine(path.join(dir, 'badge-log.jsonl'), entry(1), key)}\n${legacyLine(file, entry(2), key)}\n`, { mode: 0o600 });
    const database = KioskDatabase.memory();
    const log = new RecordLog(database, ENROLMENT_LOG, key);
    const move = await moveLegacyLog({ database, file, key, log });
    expect(move).toMatchObject({ moved: 1, skipped: [{ line: 1, reason: 'cannot-decrypt' }] });
    expect(log.newest(5).map((e) => e.at)).toEqual([entry(2).at]);
  });
});
