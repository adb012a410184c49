/**
 * AcknowledgementStore: the guard's operator log of acknowledged alarms, kept locally in the data
 * directory as append-only JSON lines (one acknowledgement a line, flushed to disk before the call
 * returns). It survives restarts; a line that cannot be read (a torn write, a hand edit) is skipped
 * with a warning, never a crash. It never talks to the service and never rewrites past lines.
 */
import path from 'node:path';
import { z } from 'zod';
import type { Acknowledgement } from '../../contract/ipc';
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
});

export interface AcknowledgementInput {
  alarmKey: string;
  recordIds: readonly number[];
  note: string;
  /** Device and text of the alarm, as the guard saw them. */
  device: string;
  text: string;
}

export interface AcknowledgementStoreOptions {
  /** The data directory; the log is `acknowledgements.jsonl` inside it. */
  dataDir: string;
  log: Logger;
  now?: () => Date;
  /** Most entries `list()` returns (newest first). */
  listLimit?: number;
}

export class AcknowledgementStore {
  readonly file: string;
  private readonly log: Logger;
  private readonly now: () => Date;
  private readonly listLimit: number;
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
    this.lines = new JsonLinesFile(this.file, (value) => {
      const parsed = StoredAcknowledgement.safeParse(value);
      return parsed.success ? parsed.data : null;
    });
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
    const entries = inputs.map(
      (input): Acknowledgement => ({
        alarmKey: input.alarmKey,
        recordIds: [...new Set(input.recordIds)].sort((a, b) => a - b),
        note: input.note.trim(),
        acknowledgedAt: at,
        device: input.device,
        text: input.text,
      }),
    );
    if (entries.length === 0) return [];
    try {
      await this.lines.appendAll(entries);
    } catch (thrown) {
      this.log.error(SCOPE, `could not write ${this.file}: ${String(thrown)}`);
      throw KioskFailure.of('internal', 'The acknowledgement could not be saved on this computer. Please tell the administrator.', {
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

  /** Resolves when every append started so far has reached the disk. */
  flush(): Promise<void> {
    return this.lines.flush();
  }

  private async read(): Promise<void> {
    let loaded: Acknowledgement[];
    try {
      loaded = await this.lines.read((line) => this.log.warn(SCOPE, `skipped unreadable line ${line} of ${this.file}`));
    } catch (thrown) {
      this.log.error(SCOPE, `could not read ${this.file}: ${String(thrown)}`);
      throw KioskFailure.of('internal', 'The list of acknowledged alarms could not be read.', { detail: String(thrown) });
    }
    // Keep chronological order even if the clock was changed between entries.
    loaded.sort((a, b) => Date.parse(a.acknowledgedAt) - Date.parse(b.acknowledgedAt));
    this.entries = loaded;
    for (const entry of loaded) for (const id of entry.recordIds) this.acknowledged.add(id);
  }
}
