/**
 * The kiosk's database: one SQLite file (`kiosk.db` in the data folder) that owns the records the
 * kiosk keeps — the guard station's alarms and acknowledgements, the feed's position per service,
 * the ranges of events still to read, the events set aside, the outages, the enrolment and badge
 * logs, the shift journal and the handover reports — with indexes, paging, retention
 * (storage/retention.ts) and one versioned schema. SQLite through `node:sqlite`, which Electron 45's Node 24 has built in
 * (no native module to rebuild for each Electron; the tests and the browser harness run on the
 * same Node: electron/tools/kiosk-node.ts).
 *
 * It owns opening the file (owner-only, in an owner-only folder; WAL with full sync, so a commit
 * is on disk when it returns), its schema and migrations (`PRAGMA user_version`; a file written by
 * a newer kiosk is refused with a sentence saying so, never altered), a damaged file (moved aside
 * whole with its journal, a new one started, and the problem kept for the screen and the log; the
 * whole file is checked after a run that stopped short, its header and schema after a clean stop),
 * and transactions. What each table means is the business of the module that uses it (alarms/,
 * feed/, status/); personal data in it is sealed by storage/seal.ts before it gets here.
 */
import { chmodSync, existsSync, mkdirSync, openSync, closeSync, statSync } from 'node:fs';
import path from 'node:path';
import type { DatabaseSync as DatabaseSyncType, SQLInputValue, StatementSync } from 'node:sqlite';
import { KIOSK_MIGRATIONS, type Migration } from './kiosk-schema';
import { moveAsideSync } from './owner-only-files';

export const DATABASE_FILE = 'kiosk.db';
const POSIX = process.platform !== 'win32';

/** Every migration this kiosk knows, in order (versions 1, 2, …). */
export const MIGRATIONS: readonly Migration[] = KIOSK_MIGRATIONS;

/** The schema version this kiosk writes. */
export const SCHEMA_VERSION = MIGRATIONS.length;

/** A database this kiosk cannot use as it is (written by a newer version). */
export class DatabaseRefused extends Error {
  constructor(
    message: string,
    readonly found: number,
    readonly known: number,
  ) {
    super(message);
    this.name = 'DatabaseRefused';
  }
}

export interface DatabaseLog {
  info(message: string): void;
  error(message: string): void;
}

export interface OpenedDatabase {
  database: KioskDatabase;
  /** The file could not be used and was moved aside (path and why); null when it opened. */
  movedAside: { file: string; reason: string } | null;
}

type Row = Record<string, SQLInputValue>;

/** node:sqlite, loaded when first used: on a Node without it, the message says which Node is needed. */
function sqlite(): typeof import('node:sqlite') {
  const module = process.getBuiltinModule?.('node:sqlite') as typeof import('node:sqlite') | undefined;
  if (!module) {
    throw new Error(`this Node (${process.versions.node}) has no node:sqlite: the kiosk's core needs Node 22.13 or later (Electron 45 brings Node 24; npm run preview and the tests choose one themselves)`);
  }
  return module;
}

export class KioskDatabase {
  private readonly statements = new Map<string, StatementSync>();
  private depth = 0;

  private constructor(
    readonly file: string,
    private readonly db: DatabaseSyncType,
  ) {}

  /**
   * Opens (or creates) the database in `dir`, migrated to this kiosk's schema. A file that is not
   * a database or fails its check is moved aside and a new one started (`movedAside` says so); a
   * file of a newer schema is refused (DatabaseRefused), never touched.
   */
  static open(dir: string, log: DatabaseLog, now: () => number = Date.now): OpenedDatabase {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const file = path.join(dir, DATABASE_FILE);
    let movedAside: OpenedDatabase['movedAside'] = null;
    let database: KioskDatabase;
    try {
      database = KioskDatabase.openFile(file);
    } catch (thrown) {
      if (thrown instanceof DatabaseRefused) throw thrown;
      const reason = thrown instanceof Error ? thrown.message : String(thrown);
      const aside = moveAsideSync(file, new Date(now()), ['-wal', '-shm']);
      log.error(`the kiosk's database ${file} could not be used (${reason}); it was moved aside to ${aside} and a new one started`);
      movedAside = { file: aside, reason };
      database = KioskDatabase.openFile(file);
    }
    database.migrate(log);
    return { database, movedAside };
  }

  /** An in-memory database with the schema (tests, benchmarks). */
  static memory(): KioskDatabase {
    const { DatabaseSync } = sqlite();
    const database = new KioskDatabase(':memory:', new DatabaseSync(':memory:'));
    database.db.exec('PRAGMA foreign_keys = ON');
    database.migrate({ info: () => undefined, error: () => undefined });
    return database;
  }

  private static openFile(file: string): KioskDatabase {
    const { DatabaseSync } = sqlite();
    if (!existsSync(file)) closeSync(openSync(file, 'a', 0o600));
    if (POSIX) narrowToOwner(file);
    // A clean stop checkpoints the write-ahead log and removes it: one left with content means the
    // last run stopped short (a crash, a power cut), when damage is most likely.
    const stoppedShort = existsSync(`${file}-wal`) && statSync(`${file}-wal`).size > 0;
    const db = new DatabaseSync(file);
    try {
      db.exec('PRAGMA busy_timeout = 5000');
      db.exec('PRAGMA journal_mode = WAL');
      db.exec('PRAGMA synchronous = FULL');
      db.exec('PRAGMA foreign_keys = ON');
      // The whole file is checked (quick_check reads every page: seconds for a log of years) after
      // a run that stopped short; after a clean stop, what start-up reads is (its header and
      // schema), so start-up stays flat however much the kiosk keeps.
      const check = db.prepare(stoppedShort ? 'PRAGMA quick_check' : "SELECT CASE WHEN COUNT(*) >= 0 THEN 'ok' END AS verdict FROM sqlite_schema").all() as Array<Record<string, unknown>>;
      const verdict = check.map((row) => Object.values(row)[0]).join('; ');
      if (verdict !== 'ok') throw new Error(`its check failed: ${verdict.slice(0, 300)}`);
      const version = Number((db.prepare('PRAGMA user_version').get() as Record<string, unknown>)['user_version']);
      if (version > SCHEMA_VERSION) {
        throw new DatabaseRefused(
          `The kiosk's database (${file}) was written by a newer version of the kiosk (schema ${version}; this version knows up to ${SCHEMA_VERSION}). Install that version again, or move the file away to start with an empty one.`,
          version,
          SCHEMA_VERSION,
        );
      }
    } catch (thrown) {
      db.close();
      throw thrown;
    }
    if (POSIX) for (const suffix of ['-wal', '-shm']) if (existsSync(file + suffix)) narrowToOwner(file + suffix);
    return new KioskDatabase(file, db);
  }

  /** The schema version of the file. */
  get version(): number {
    return Number(this.get<{ user_version: number }>('PRAGMA user_version')?.user_version ?? 0);
  }

  private migrate(log: DatabaseLog): void {
    const from = this.version;
    for (const migration of MIGRATIONS) {
      if (migration.version <= from) continue;
      this.transaction(() => {
        this.db.exec(migration.sql);
        this.db.exec(`PRAGMA user_version = ${migration.version}`);
      });
      log.info(`database ${this.file}: schema ${migration.version} (${migration.what})`);
    }
  }

  /** A prepared statement, kept for the database's life. */
  statement(sql: string): StatementSync {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  run(sql: string, params: Row | readonly SQLInputValue[] = []): { changes: number; lastInsertRowid: number } {
    const result = Array.isArray(params) ? this.statement(sql).run(...(params as SQLInputValue[])) : this.statement(sql).run(params as Row);
    return { changes: Number(result.changes), lastInsertRowid: Number(result.lastInsertRowid) };
  }

  get<T>(sql: string, params: Row | readonly SQLInputValue[] = []): T | undefined {
    return (Array.isArray(params) ? this.statement(sql).get(...(params as SQLInputValue[])) : this.statement(sql).get(params as Row)) as T | undefined;
  }

  all<T>(sql: string, params: Row | readonly SQLInputValue[] = []): T[] {
    return (Array.isArray(params) ? this.statement(sql).all(...(params as SQLInputValue[])) : this.statement(sql).all(params as Row)) as T[];
  }

  /** The rows one by one (a scan that need not hold them all). */
  *iterate<T>(sql: string, params: readonly SQLInputValue[] = []): Generator<T> {
    for (const row of this.statement(sql).iterate(...(params as SQLInputValue[]))) yield row as T;
  }

  /** Runs `work` in one transaction (nested calls join the outer one); rolled back when it throws. */
  transaction<T>(work: () => T): T {
    if (this.depth > 0) {
      this.depth++;
      try {
        return work();
      } finally {
        this.depth--;
      }
    }
    this.db.exec('BEGIN IMMEDIATE');
    this.depth = 1;
    try {
      const result = work();
      this.db.exec('COMMIT');
      return result;
    } catch (thrown) {
      this.db.exec('ROLLBACK');
      throw thrown;
    } finally {
      this.depth = 0;
    }
  }

  /** Size of the file and its journal in bytes (Administration, benchmarks). */
  bytes(): number {
    if (this.file === ':memory:') return 0;
    let total = 0;
    for (const suffix of ['', '-wal']) if (existsSync(this.file + suffix)) total += statSync(this.file + suffix).size;
    return total;
  }

  close(): void {
    this.statements.clear();
    if (this.db.isOpen) this.db.close();
  }
}

function narrowToOwner(file: string): void {
  const info = statSync(file);
  if ((info.mode & 0o077) !== 0 && info.uid === process.getuid?.()) chmodSync(file, 0o600);
}
