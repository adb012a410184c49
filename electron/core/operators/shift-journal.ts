/**
 * The shift journal: what the handover report needs that no other store keeps — the exports made
 * (by whom, how many rows, where). Kept in the kiosk's database (storage/record-log.ts, kind
 * "shift-journal"), so a restart in the middle of a shift keeps them, sealed with the data key
 * where there is one (an entry names the operator and a file), pruned by retention.shiftJournalDays;
 * the report takes the entries that touch its shift's time span, found by their time without
 * reading the rest. (The outages are the outage alarm's record, status/outage-alarm.ts; entries of
 * kind "outage" written by earlier versions are still read and shown.) The JSON-lines file earlier
 * versions kept (`shift-journal.jsonl`, never sealed) is moved in at first use.
 */
import path from 'node:path';
import { z } from 'zod';
import type { Logger } from '../log/logger';
import type { KioskDatabase } from '../storage/kiosk-database';
import { moveOnce } from '../storage/legacy-logs';
import { OPEN_END, LOG_KINDS, parsedBy, RecordLog, type LogKind } from '../storage/record-log';

/** Where earlier versions kept the journal (JSON lines in the data folder): moved into the database. */
export const SHIFT_JOURNAL_FILE = 'shift-journal.jsonl';
const SCOPE = 'operators';

const Entry = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('outage'), from: z.string(), to: z.string().nullable(), reason: z.string() }),
  z.object({ kind: z.literal('export'), at: z.string(), what: z.string(), path: z.string(), rows: z.number(), operator: z.string().nullable() }),
]);
export type JournalEntry = z.infer<typeof Entry>;

/** The journal's entries in the database: an outage spans from its start to its end (still going: open). */
export const SHIFT_JOURNAL: LogKind<JournalEntry> = {
  kind: LOG_KINDS.shiftJournal,
  parse: parsedBy(Entry),
  at: (entry) => Date.parse(entry.kind === 'export' ? entry.at : entry.from),
  until: (entry) => (entry.kind === 'export' ? Date.parse(entry.at) : entry.to === null ? OPEN_END : Date.parse(entry.to)),
  tag: (entry) => entry.kind,
};

export class ShiftJournal {
  private readonly entries: RecordLog<JournalEntry>;
  /** At first use: the earlier version's file, moved in once. */
  private readonly open: () => Promise<void>;

  constructor(
    database: KioskDatabase,
    dataDir: string,
    private readonly log: Logger,
    private readonly now: () => Date = () => new Date(),
    /** The data key, or null: entries are kept in clear in the owner-only database. */
    key: Buffer | null = null,
  ) {
    this.entries = new RecordLog(database, SHIFT_JOURNAL, key, (id, why) => log.warn(SCOPE, `shift journal entry ${id} cannot be read: ${why}`));
    this.open = moveOnce({ database, file: path.join(dataDir, SHIFT_JOURNAL_FILE), key, log: this.entries, logger: log, scope: SCOPE, what: 'the shift journal' });
    // An earlier version's file is moved in at start; a read or write before it ends waits for it.
    void this.open();
  }

  async recordExport(what: string, file: string, rows: number, operator: string | null): Promise<void> {
    await this.add({ kind: 'export', at: this.now().toISOString(), what, path: file, rows, operator });
  }

  /** Entries that touch [from, to], with an outage still under way shown open. */
  async between(from: string, to: string): Promise<JournalEntry[]> {
    await this.open();
    const start = Date.parse(from);
    const end = Date.parse(to);
    return this.entries.spanning(start, end).filter((e) => {
      if (e.kind === 'export') return Date.parse(e.at) >= start && Date.parse(e.at) <= end;
      const outageEnd = e.to === null ? end : Date.parse(e.to);
      return Date.parse(e.from) <= end && outageEnd >= start;
    });
  }

  /** Resolves once what was added is on disk (it is when an add resolves: kept for callers that wait). */
  async flush(): Promise<void> {
    await this.open();
  }

  private async add(entry: JournalEntry): Promise<void> {
    await this.open();
    try {
      this.entries.add(entry);
    } catch (thrown) {
      this.log.error(SCOPE, `could not add to the shift journal: ${thrown instanceof Error ? thrown.message : String(thrown)}`);
    }
  }
}
