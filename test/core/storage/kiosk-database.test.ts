import { mkdtempSync, rmSync, statSync, writeFileSync, readdirSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASE_FILE, DatabaseRefused, KioskDatabase, SCHEMA_VERSION } from '../../../electron/core/storage/kiosk-database';

const dirs: string[] = [];
const tempDir = (): string => {
  const dir = mkdtempSync(path.join(tmpdir(), 'kiosk-db-'));
  dirs.push(dir);
  return dir;
};
const log = { lines: [] as string[], info(m: string) { this.lines.push(`info ${m}`); }, error(m: string) { this.lines.push(`error ${m}`); } };

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  log.lines = [];
});

describe('the kiosk database', () => {
  it('creates an owner-only file at the current schema and keeps what was committed across a reopen', () => {
    const dir = tempDir();
    const { database, movedAside } = KioskDatabase.open(dir, log);
    expect(movedAside).toBeNull();
    expect(database.version).toBe(SCHEMA_VERSION);
    database.run('INSERT INTO service (identity, first_seen_at) VALUES (?, ?)', ['demo', 1]);
    database.close();
    if (process.platform !== 'win32') expect(statSync(path.join(dir, DATABASE_FILE)).mode & 0o777).toBe(0o600);
    const again = KioskDatabase.open(dir, log).database;
    expect(again.get<{ identity: string }>('SELECT identity FROM service')?.identity).toBe('demo');
    expect(log.lines.filter((l) => l.includes('schema 1'))).toHaveLength(1); // migrated once, not at the reopen
    again.close();
  });

  it('rolls a failed transaction back whole, nested calls included', () => {
    const database = KioskDatabase.memory();
    expect(() =>
      database.transaction(() => {
        database.run('INSERT INTO service (identity, first_seen_at) VALUES (?, ?)', ['a', 1]);
        database.transaction(() => database.run('INSERT INTO service (identity, first_seen_at) VALUES (?, ?)', ['b', 1]));
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(database.all('SELECT * FROM service')).toEqual([]);
    database.transaction(() => database.run('INSERT INTO service (identity, first_seen_at) VALUES (?, ?)', ['c', 1]));
    expect(database.all<{ identity: string }>('SELECT identity FROM service').map((r) => r.identity)).toEqual(['c']);
  });

  it('moves a damaged file aside with its journal, says why, and starts a new one', () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, DATABASE_FILE), 'this is not a database, only text that happens to sit here '.repeat(200));
    const { database, movedAside } = KioskDatabase.open(dir, log, () => Date.parse('2026-11-28T10:00:00Z'));
    expect(movedAside?.reason).toMatch(/not a database/);
    expect(existsSync(movedAside!.file)).toBe(true);
    expect(readdirSync(dir).some((f) => f.startsWith(`${DATABASE_FILE}.damaged-2026-11-28T10-00-00`))).toBe(true);
    expect(database.version).toBe(SCHEMA_VERSION);
    expect(log.lines.some((l) => l.startsWith('error') && l.includes('moved aside'))).toBe(true);
    database.close();
  });

  it('refuses a file written by a newer kiosk, with a sentence saying so, and leaves it as it was', () => {
    const dir = tempDir();
    const { database } = KioskDatabase.open(dir, log);
    database.run(`PRAGMA user_version = ${SCHEMA_VERSION + 5}`);
    database.close();
    const before = statSync(path.join(dir, DATABASE_FILE)).size;
    let refused: unknown = null;
    try {
      KioskDatabase.open(dir, log);
    } catch (thrown) {
      refused = thrown;
    }
    expect(refused).toBeInstanceOf(DatabaseRefused);
    expect((refused as Error).message).toContain(`schema ${SCHEMA_VERSION + 5}`);
    expect((refused as Error).message).toContain('newer version of the kiosk');
    expect(statSync(path.join(dir, DATABASE_FILE)).size).toBe(before);
    expect(readdirSync(dir).some((f) => f.includes('damaged'))).toBe(false);
  });
});
