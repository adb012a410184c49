/**
 * The shift journal: what the handover report needs that no other store keeps — the service
 * outages the feed went through (from its state pushes: from the time the feed said it began to
 * the time it was live again) and the exports made (by whom, how many rows, where). Appended as
 * JSON lines in the data directory, so a restart in the middle of a shift keeps them; the report
 * takes the entries of its shift's time span.
 */
import path from 'node:path';
import { z } from 'zod';
import type { FeedState } from '../../contract/ipc';
import type { Logger } from '../log/logger';
import { JsonLinesFile } from '../storage/json-lines-file';

export const SHIFT_JOURNAL_FILE = 'shift-journal.jsonl';

const Entry = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('outage'), from: z.string(), to: z.string().nullable(), reason: z.string() }),
  z.object({ kind: z.literal('export'), at: z.string(), what: z.string(), path: z.string(), rows: z.number(), operator: z.string().nullable() }),
]);
export type JournalEntry = z.infer<typeof Entry>;

export class ShiftJournal {
  private readonly file: JsonLinesFile<JournalEntry>;
  private loading: Promise<JournalEntry[]> | null = null;
  /** The outage under way (not yet written: it is written once it ends, or shown open in a report). */
  private openOutage: { from: string; reason: string } | null = null;

  constructor(
    dataDir: string,
    private readonly log: Logger,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.file = new JsonLinesFile(path.join(dataDir, SHIFT_JOURNAL_FILE), (value) => {
      const parsed = Entry.safeParse(value);
      return parsed.success ? parsed.data : null;
    });
  }

  /** Follows the feed's state: an outage begins when it stops being live and ends when it is live again. */
  feedState(state: FeedState): void {
    const down = state.status === 'reconnecting' || state.status === 'offline';
    if (down && !this.openOutage) {
      this.openOutage = { from: state.since, reason: state.error?.message ?? `the feed is ${state.status}` };
    } else if (down && this.openOutage && state.error) {
      this.openOutage.reason = state.error.message;
    } else if (!down && state.status === 'live' && this.openOutage) {
      const ended: JournalEntry = { kind: 'outage', from: this.openOutage.from, to: state.since, reason: this.openOutage.reason };
      this.openOutage = null;
      void this.add(ended);
    }
  }

  async recordExport(what: string, file: string, rows: number, operator: string | null): Promise<void> {
    await this.add({ kind: 'export', at: this.now().toISOString(), what, path: file, rows, operator });
  }

  /** Entries that touch [from, to], with an outage still under way shown open. */
  async between(from: string, to: string): Promise<JournalEntry[]> {
    const start = Date.parse(from);
    const end = Date.parse(to);
    const all = [...(await this.load())];
    if (this.openOutage) all.push({ kind: 'outage', from: this.openOutage.from, to: null, reason: this.openOutage.reason });
    return all.filter((e) => {
      if (e.kind === 'export') return Date.parse(e.at) >= start && Date.parse(e.at) <= end;
      const outageEnd = e.to === null ? end : Date.parse(e.to);
      return Date.parse(e.from) <= end && outageEnd >= start;
    });
  }

  async flush(): Promise<void> {
    await this.file.flush();
  }

  private async add(entry: JournalEntry): Promise<void> {
    const entries = await this.load();
    entries.push(entry);
    try {
      await this.file.append(entry);
    } catch (thrown) {
      this.log.error('operators', `could not add to the shift journal: ${thrown instanceof Error ? thrown.message : String(thrown)}`);
    }
  }

  /** Reads the file once; every caller shares that read (and the one list it fills). */
  private load(): Promise<JournalEntry[]> {
    this.loading ??= this.file.read((line) => this.log.warn('operators', `skipped unreadable line ${line} of the shift journal`)).catch(() => []);
    return this.loading;
  }
}
