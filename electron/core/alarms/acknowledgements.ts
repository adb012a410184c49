/**
 * AcknowledgementStore: the guard's operator log of acknowledged alarms, kept locally in the data
 * directory as append-only JSON lines (one acknowledgement a line, flushed to disk before the call
 * returns). It survives restarts; a line that cannot be read (a torn write, a hand edit) is skipped
 * with a warning, never a crash. It never talks to the service and never rewrites past lines,
 * except once to seal a log written in clear before a data key existed: notes can name people and
 * phone numbers, so lines are sealed with the data key where the workstation has one
 * (json-lines-file.ts). Each entry carries the operator on shift, stamped here from main's own
 * state (`operator`), never from what the renderer sent, and the alarm event's time and priority
 * as the guard saw them.
 */
import path from 'node:path';
import { z } from 'zod';
import { ALARM_PRIORITIES, type Acknowledgement, type AcknowledgementPage, type AlarmPriority } from '../../contract/ipc';
import { KioskFailure } from '../ipc/failure';
import type { Logger } from '../log/logger';
import { JsonLinesFile } from '../storage/json-lines-file';

export const ACKNOWLEDGEMENTS_FILE = 'acknowledgements.jsonl';

const SCOPE = 'acknowledgements';

const StoredAcknowledgement = z.object({
  alarmKey: z.string().min(1),
  recordIds: z.array(z.number().int().positive()).min(1),
  note: z.string(),
  acknowledgedAt: z.iso.datetime({ offset: true }),
  device: z.string(),
  text: z.string(),
  operator: z.string().nullable().optional(),
  eventCreated: z.string().nullable().optional(),
  priority: z.enum(ALARM_PRIORITIES).nullable().optional(),
});

export interface AcknowledgementInput {
  alarmKey: string;
  recordIds: readonly number[];
  note: string;
  /** Device and text of the alarm, as the guard saw them. */
  device: string;
  text: string;
  /** The alarm event's time and priority, when main held the event. */
  eventCreated?: string | null;
  priority?: AlarmPriority | null;
}

export interface AcknowledgementStoreOptions {
  /** The data directory; the log is `acknowledgements.jsonl` inside it. */
  dataDir: string;
  log: Logger;
  now?: () => Date;
  /** Most entries `list()` returns (newest first). */
  listLimit?: number;
  /** The data key (credentials/data-key.ts), or null: lines are kept plain in an owner-only file. */
  dataKey?: Buffer | null;
  /** Who is on shift (the operators capability): stamped on each entry. */
  operator?: () => string | null;
}

export class AcknowledgementStore {
  readonly file: string;
  private readonly log: Logger;
  private readonly now: () => Date;
  private readonly listLimit: number;
  private readonly operator: () => string | null;
  private readonly lines: JsonLinesFile<Acknowledgement>;
  private entries: Acknowledgement[] = [];
  /** Every record id acknowledged so far (all entries, not only those `list()` returns). */
  private readonly acknowledged = new Set<number>();
  private loading: Promise<void> | null = null;

  constructor(options: AcknowledgementStoreOptions) {
    this.file = path.join(options.dataDir, ACKNOWLEDGEMENTS_FILE);
    this.log = options.log;
    this.now = options.now ?? (() => new Date());
    this.listLimit = options.listLimit ?? 1_000;
    this.operator = options.operator ?? (() => null);
    this.lines = new JsonLinesFile(
      this.file,
      (value) => {
        const parsed = StoredAcknowledgement.safeParse(value);
        return parsed.success ? parsed.data : null;
      },
      {
        key: options.dataKey ?? null,
        migrated: (lines, failure) =>
          failure === null
            ? this.log.info(SCOPE, `sealed ${lines} line(s) of ${this.file} written before encryption`)
            : this.log.error(SCOPE, `could not seal ${lines} line(s) of ${this.file} written before encryption (kept as they are): ${failure}`),
      },
    );
  }

  /** Reads the file once; later calls share the same read. */
  load(): Promise<void> {
    this.loading ??= this.read().catch((thrown: unknown) => {
      this.loading = null; // a later call tries again
      throw thrown;
    });
    return this.loading;
  }

  async add(input: AcknowledgementInput): Promise<Acknowledgement> {
    const [entry] = await this.addAll([input]);
    return entry as Acknowledgement;
  }

  /** Several entries at once (a bulk acknowledgement): one write, one flush to disk; all or none. */
  async addAll(inputs: readonly AcknowledgementInput[]): Promise<Acknowledgement[]> {
    await this.load();
    const at = this.now().toISOString();
    const operator = this.operator();
    const entries = inputs.map(
      (input): Acknowledgement => ({
        alarmKey: input.alarmKey,
        recordIds: [...new Set(input.recordIds)].sort((a, b) => a - b),
        note: input.note.trim(),
        acknowledgedAt: at,
        device: input.device,
        text: input.text,
        operator,
        eventCreated: input.eventCreated ?? null,
        priority: input.priority ?? null,
      }),
    );
    if (entries.length === 0) return [];
    try {
      await this.lines.appendAll(entries);
    } catch (thrown) {
      this.log.error(SCOPE, `could not write ${this.file}: ${String(thrown)}`);
      throw KioskFailure.keyed('internal', 'ackNotSaved', {}, {
        detail: String(thrown),
      });
    }
    this.entries.push(...entries);
    for (const entry of entries) for (const id of entry.recordIds) this.acknowledged.add(id);
    return entries;
  }

  /** Whether this alarm event is in the log (after `load`). */
  isAcknowledged(recordId: number): boolean {
    return this.acknowledged.has(recordId);
  }

  /** Newest first. */
  async list(): Promise<Acknowledgement[]> {
    await this.load();
    return this.entries.slice(-this.listLimit).reverse();
  }

  /** One page, newest first, and how many entries the log holds in all (nothing is cut). */
  async page(offset: number, limit: number): Promise<AcknowledgementPage> {
    await this.load();
    const total = this.entries.length;
    const end = Math.max(0, total - offset);
    const start = Math.max(0, end - limit);
    return { total, offset, items: this.entries.slice(start, end).reverse() };
  }

  /** Every entry, oldest first (the export and the handover report). */
  async all(): Promise<readonly Acknowledgement[]> {
    await this.load();
    return this.entries;
  }

  /** Resolves when every append started so far has reached the disk. */
  flush(): Promise<void> {
    return this.lines.flush();
  }

  private async read(): Promise<void> {
    let loaded: Acknowledgement[];
    try {
      loaded = await this.lines.read((line, reason) => this.log.warn(SCOPE, `skipped ${reason === 'unreadable' ? 'unreadable' : reason === 'sealed-without-key' ? 'encrypted (no data key on this workstation)' : 'undecryptable'} line ${line} of ${this.file}`));
    } catch (thrown) {
      this.log.error(SCOPE, `could not read ${this.file}: ${String(thrown)}`);
      throw KioskFailure.keyed('internal', 'acksUnreadable', {}, { detail: String(thrown) });
    }
    // Keep chronological order even if the clock was changed between entries.
    loaded.sort((a, b) => Date.parse(a.acknowledgedAt) - Date.parse(b.acknowledgedAt));
    this.entries = loaded;
    for (const entry of loaded) for (const id of entry.recordIds) this.acknowledged.add(id);
  }
}
