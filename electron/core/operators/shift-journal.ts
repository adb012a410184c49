/**
 * The shift journal: what the handover report needs that no other store keeps — the exports made
 * (by whom, how many rows, where). Appended as JSON lines in the data directory, so a restart in
 * the middle of a shift keeps them; the report takes the entries of its shift's time span. (The
 * outages are the outage alarm's record, status/outage-alarm.ts; entries of kind "outage" written
 * by earlier versions are still read and shown.)
 */
import path from 'node:path';
import { z } from 'zod';
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

  async recordExport(what: string, file: string, rows: number, operator: string | null): Promise<void> {
    await this.add({ kind: 'export', at: this.now().toISOString(), what, path: file, rows, operator });
  }

  /** Entries that touch [from, to], with an outage still under way shown open. */
  async between(from: string, to: string): Promise<JournalEntry[]> {
    const start = Date.parse(from);
    const end = Date.parse(to);
    const all = [...(await this.load())];
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
