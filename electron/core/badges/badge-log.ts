/**
 * The operator log's badge part: every print, reprint (with its reason), PDF and failure, with the
 * workstation, time, cardholder, template, printer and outcome. Kept in the kiosk's database
 * (storage/record-log.ts, kind "badge-print"), on disk before the print is reported, pruned by
 * retention.badgePrintsDays; shown in the Operator log view and in its CSV export. Each entry
 * carries the operator on shift, stamped here from main's state, never the renderer's word; its
 * entries name people, so they are sealed with the data key where the workstation has one. How
 * many badges a cardholder has had is counted from a keyed mark of their id, without opening an
 * entry. The JSON-lines file earlier versions kept (`badge-log.jsonl`) is moved in at first use.
 */
import path from 'node:path';
import { z } from 'zod';
import type { BadgePrintEntry } from '../../contract/ipc';
import type { Logger } from '../log/logger';
import type { KioskDatabase } from '../storage/kiosk-database';
import { moveOnce } from '../storage/legacy-logs';
import { LOG_KINDS, parsedBy, RecordLog, type LogKind, type LogPage } from '../storage/record-log';

/** Where earlier versions kept the log (JSON lines in the data folder): moved into the database. */
export const BADGE_LOG_FILE = 'badge-log.jsonl';
export const BADGE_LOG_COLUMNS = ['at', 'workstation', 'cardholderId', 'name', 'template', 'printer', 'outcome', 'reason', 'detail', 'operator'] as const;
/** Most entries the Operator log view lists (newest first). */
const LISTED = 2_000;
const SCOPE = 'badges';

const StoredEntry = z.object({
  at: z.iso.datetime({ offset: true }),
  workstation: z.string(),
  cardholderId: z.number().int(),
  name: z.string(),
  template: z.string(),
  printer: z.string(),
  outcome: z.enum(['printed', 'saved', 'failed']),
  reason: z.string(),
  detail: z.string(),
  operator: z.string().nullable().optional(),
});

/** The badge log's entries in the database: the outcome in clear, the cardholder as a keyed mark. */
export const BADGE_LOG: LogKind<BadgePrintEntry> = {
  kind: LOG_KINDS.badgePrint,
  parse: parsedBy(StoredEntry),
  at: (entry) => Date.parse(entry.at),
  subject: (entry) => entry.cardholderId,
  tag: (entry) => entry.outcome,
};

export class BadgeLog {
  private readonly entries: RecordLog<BadgePrintEntry>;
  private readonly operator: () => string | null;
  /** At first use: the earlier version's file, moved in once. */
  private readonly open: () => Promise<void>;

  constructor(
    database: KioskDatabase,
    dataDir: string,
    private readonly log: Logger,
    options: { key?: Buffer | null; operator?: () => string | null } = {},
  ) {
    this.operator = options.operator ?? (() => null);
    const key = options.key ?? null;
    this.entries = new RecordLog(database, BADGE_LOG, key, (id, why) => this.log.warn(SCOPE, `badge log entry ${id} cannot be read: ${why}`));
    this.open = moveOnce({ database, file: path.join(dataDir, BADGE_LOG_FILE), key, log: this.entries, logger: log, scope: SCOPE, what: 'the badge log' });
    // An earlier version's file is moved in at start; a read or write before it ends waits for it.
    void this.open();
  }

  /** Appends an entry stamped with the operator on shift; returns it as kept. */
  async add(given: BadgePrintEntry): Promise<BadgePrintEntry> {
    await this.open();
    const entry: BadgePrintEntry = { ...given, operator: this.operator() };
    try {
      this.entries.add(entry);
    } catch (thrown) {
      this.log.error(SCOPE, `could not add to the badge log: ${thrown instanceof Error ? thrown.message : String(thrown)}`);
    }
    return entry;
  }

  /** Newest first, at most 2,000. */
  async list(): Promise<BadgePrintEntry[]> {
    await this.open();
    return this.entries.newest(LISTED);
  }

  /** One page, newest first. */
  async page(offset: number, limit: number): Promise<LogPage<BadgePrintEntry>> {
    await this.open();
    return this.entries.page(offset, limit);
  }

  /** Badges printed (or saved) for a cardholder: a new one is a reprint. */
  async printedFor(cardholderIds: readonly number[]): Promise<number> {
    await this.open();
    return this.entries.countAbout(cardholderIds, 'failed');
  }
}

export const badgeLogRow = (e: BadgePrintEntry): unknown[] => BADGE_LOG_COLUMNS.map((column) => e[column] ?? '');
