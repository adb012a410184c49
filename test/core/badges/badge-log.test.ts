// The badge log at rest and its names: every entry carries the operator on shift as main knows it
// (whatever the entry handed in says), and with a data key no cardholder's name is on disk in clear
// (the log is in the kiosk's database now: the database's files are what is searched).
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BADGE_LOG_FILE, BadgeLog, badgeLogRow } from '../../../electron/core/badges/badge-log';
import { createLogger, memorySink } from '../../../electron/core/log/logger';
import { DATABASE_FILE, KioskDatabase } from '../../../electron/core/storage/kiosk-database';
import { appendLegacyLines } from '../../support/legacy-json-lines';
import type { BadgePrintEntry } from '../../../electron/contract/ipc';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'kiosk-badge-log-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const quiet = { info: () => undefined, error: () => undefined };
const openDatabase = (): KioskDatabase => KioskDatabase.open(dir, quiet).database;
/** The database's bytes on disk (the file and its write-ahead log). */
const databaseBytes = (): string =>
  [DATABASE_FILE, `${DATABASE_FILE}-wal`].map((name) => path.join(dir, name)).filter((file) => existsSync(file)).map((file) => readFileSync(file).toString('latin1')).join('');

const entry: BadgePrintEntry = {
  at: '2026-11-23T10:05:00.000Z',
  workstation: 'desk-1',
  cardholderId: 7,
  name: 'Dupont, Marie',
  template: 'employee-portrait',
  printer: 'Zebra ZC300',
  outcome: 'printed',
  reason: 'lost',
  detail: '',
  operator: 'Somebody the renderer named',
};

describe('BadgeLog', () => {
  it('stamps the operator on shift and seals its entries with the data key', async () => {
    const key = randomBytes(32);
    const database = openDatabase();
    const log = new BadgeLog(database, dir, createLogger(memorySink().sink), { key, operator: () => 'Ada Officer' });
    const kept = await log.add(entry);
    expect(kept.operator).toBe('Ada Officer');
    expect(databaseBytes()).not.toMatch(/Marie|Dupont|Ada Officer|Zebra/);
    database.close();
    // Read back after a restart with the same key.
    const reopened = openDatabase();
    const again = await new BadgeLog(reopened, dir, createLogger(memorySink().sink), { key }).list();
    reopened.close();
    expect(again).toEqual([{ ...entry, operator: 'Ada Officer' }]);
    expect(badgeLogRow(again[0]!)).toEqual(['2026-11-23T10:05:00.000Z', 'desk-1', 7, 'Dupont, Marie', 'employee-portrait', 'Zebra ZC300', 'printed', 'lost', '', 'Ada Officer']);
  });

  it('with sign-in off an entry carries no name, and its CSV cell is empty', async () => {
    const log = new BadgeLog(KioskDatabase.memory(), dir, createLogger(memorySink().sink));
    const kept = await log.add(entry);
    expect(kept.operator).toBeNull();
    expect(badgeLogRow(kept).at(-1)).toBe('');
  });

  it("moves an earlier version's sealed badge-log.jsonl in at first use, counts reprints from it, and removes the file", async () => {
    const key = randomBytes(32);
    const file = path.join(dir, BADGE_LOG_FILE);
    appendLegacyLines(file, [entry, { ...entry, at: '2026-11-23T10:06:00.000Z', outcome: 'failed' }, { ...entry, at: '2026-11-23T10:07:00.000Z', cardholderId: 8 }], key);
    const database = openDatabase();
    const log = new BadgeLog(database, dir, createLogger(memorySink().sink), { key });
    expect(await log.printedFor([7])).toBe(1);
    expect((await log.list()).map((e) => e.at)).toEqual(['2026-11-23T10:07:00.000Z', '2026-11-23T10:06:00.000Z', '2026-11-23T10:05:00.000Z']);
    expect((await log.page(1, 1)).items.map((e) => e.at)).toEqual(['2026-11-23T10:06:00.000Z']);
    expect(existsSync(file)).toBe(false);
    expect(databaseBytes()).not.toMatch(/Marie|Dupont/);
    database.close();
  });
});
