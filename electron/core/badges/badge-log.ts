/**
 * The operator log's badge part: every print, reprint (with its reason), PDF and failure, with the
 * workstation, time, cardholder, template, printer and outcome. JSON lines in the data directory,
 * appended before the print is reported; shown in the Operator log view and in its CSV export.
 * Each entry carries the operator on shift, stamped here from main's state, never the renderer's
 * word; its lines name people, so they are sealed with the data key where the workstation has one.
 */
import path from 'node:path';
import { z } from 'zod';
import type { BadgePrintEntry } from '../../contract/ipc';
import type { Logger } from '../log/logger';
import { JsonLinesFile } from '../storage/json-lines-file';

export const BADGE_LOG_FILE = 'badge-log.jsonl';
export const BADGE_LOG_COLUMNS = ['at', 'workstation', 'cardholderId', 'name', 'template', 'printer', 'outcome', 'reason', 'detail', 'operator'] as const;

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

export class BadgeLog {
  private readonly file: JsonLinesFile<BadgePrintEntry>;
  private entries: BadgePrintEntry[] | null = null;
  private readonly operator: () => string | null;

  constructor(
    dataDir: string,
    private readonly log: Logger,
    options: { key?: Buffer | null; operator?: () => string | null } = {},
  ) {
    this.operator = options.operator ?? (() => null);
    this.file = new JsonLinesFile(
      path.join(dataDir, BADGE_LOG_FILE),
      (value) => {
        const parsed = StoredEntry.safeParse(value);
        return parsed.success ? parsed.data : null;
      },
      {
        key: options.key ?? null,
        migrated: (lines, failure) =>
          failure === null
            ? this.log.info('badges', `sealed ${lines} line(s) of the badge log written before encryption`)
            : this.log.error('badges', `could not seal ${lines} line(s) of the badge log written before encryption (kept as they are): ${failure}`),
      },
    );
  }

  /** Appends an entry stamped with the operator on shift; returns it as kept. */
  async add(given: BadgePrintEntry): Promise<BadgePrintEntry> {
    const entries = await this.load();
    const entry: BadgePrintEntry = { ...given, operator: this.operator() };
    try {
      await this.file.append(entry);
    } catch (thrown) {
      this.log.error('badges', `could not add to the badge log: ${thrown instanceof Error ? thrown.message : String(thrown)}`);
    }
    entries.push(entry);
    return entry;
  }

  /** Newest first. */
  async list(): Promise<BadgePrintEntry[]> {
    return (await this.load()).slice(-2_000).reverse();
  }

  /** Badges printed (or saved) for a cardholder: a new one is a reprint. */
  async printedFor(cardholderIds: readonly number[]): Promise<number> {
    return (await this.load()).filter((e) => cardholderIds.includes(e.cardholderId) && e.outcome !== 'failed').length;
  }

  private async load(): Promise<BadgePrintEntry[]> {
    if (this.entries) return this.entries;
    try {
      this.entries = await this.file.read((line) => this.log.warn('badges', `skipped unreadable line ${line} of the badge log`));
    } catch (thrown) {
      this.log.error('badges', `could not read the badge log: ${thrown instanceof Error ? thrown.message : String(thrown)}`);
      this.entries = [];
    }
    return this.entries;
  }
}

export const badgeLogRow = (e: BadgePrintEntry): unknown[] => BADGE_LOG_COLUMNS.map((column) => e[column] ?? '');
