/**
 * The local log of enrolment actions — created, updated, photo uploaded, queued, sent later
 * (replayed), linked to an existing record, refused, discarded — with time, outcome and the
 * officer-visible name, never a secret. The outcome is a code with its values (field ids, never
 * words: the renderer words it in the language shown); lines written before that keep their
 * English sentence and are shown as they are. Kept in the data directory as JSON lines, appended and
 * flushed to disk before the action is reported; shown in the Operator log view. Its lines name
 * people: sealed with the data key where the workstation has one (json-lines-file.ts; a log written
 * before that is read and sealed). Each entry carries the operator on shift, stamped here from
 * main's state (`operator`), never the renderer's word.
 */
import path from 'node:path';
import { z } from 'zod';
import type { EnrolmentLogEntry, EnrolmentOutcome, EnrolmentSubject } from '../../contract/ipc';
import type { Logger } from '../log/logger';
import { JsonLinesFile } from '../storage/json-lines-file';

export const ENROLMENT_LOG_FILE = 'enrolment-log.jsonl';
const KINDS = ['created', 'updated', 'photo', 'queued', 'replayed', 'linked', 'refused', 'discarded'] as const;

const Fields = z.array(z.string());
const Subject = z.discriminatedUnion('kind', [z.object({ kind: z.literal('create') }), z.object({ kind: z.literal('update'), fields: Fields }), z.object({ kind: z.literal('photo') })]);
const Outcome = z.discriminatedUnion('code', [
  z.object({ code: z.literal('created') }),
  z.object({ code: z.literal('createdAfterWaiting'), recordId: z.number().int() }),
  z.object({ code: z.literal('changed'), fields: Fields }),
  z.object({ code: z.literal('changedAfterWaiting'), fields: Fields }),
  z.object({ code: z.literal('alreadyHad') }),
  z.object({ code: z.literal('photoUploaded'), hints: z.array(z.string()) }),
  z.object({ code: z.literal('photoAfterWaiting') }),
  z.object({ code: z.literal('queued'), subject: Subject }),
  z.object({ code: z.literal('discarded'), subject: Subject }),
  z.object({
    code: z.literal('refused'),
    subject: Subject,
    error: z.object({ message: z.string(), key: z.string().optional(), params: z.record(z.string(), z.union([z.string(), z.number()])).optional() }),
  }),
  z.object({ code: z.literal('linked'), recordId: z.number().int() }),
]);

// A line written before outcomes were codes has an English sentence: it is read, and shown, as it is.
const StoredEntry = z.object({
  at: z.iso.datetime({ offset: true }),
  kind: z.enum(KINDS),
  cardholderId: z.number().int(),
  name: z.string(),
  outcome: z.union([z.string(), Outcome]),
  operator: z.string().nullable().optional(),
});

const skipWording = { unreadable: 'unreadable', 'sealed-without-key': 'encrypted (no data key on this workstation)', 'cannot-decrypt': 'undecryptable' } as const;

export class EnrolmentLog {
  private readonly file: JsonLinesFile<EnrolmentLogEntry>;
  private entries: EnrolmentLogEntry[] | null = null;

  constructor(
    dataDir: string,
    private readonly log: Logger,
    private readonly now: () => Date = () => new Date(),
    private readonly listLimit = 2_000,
    /** The data key (credentials/data-key.ts), or null: lines are kept plain in an owner-only file. */
    key: Buffer | null = null,
    private readonly operator: () => string | null = () => null,
  ) {
    this.file = new JsonLinesFile(
      path.join(dataDir, ENROLMENT_LOG_FILE),
      (value) => {
        const parsed = StoredEntry.safeParse(value);
        // An error key this kiosk does not know is shown by its English message (renderer's errorText).
        return parsed.success ? (parsed.data as EnrolmentLogEntry) : null;
      },
      {
        key,
        migrated: (lines, failure) =>
          failure === null
            ? this.log.info('enrolment', `sealed ${lines} line(s) of the enrolment log written before encryption`)
            : this.log.error('enrolment', `could not seal ${lines} line(s) of the enrolment log written before encryption (kept as they are): ${failure}`),
      },
    );
  }

  async add(entry: Omit<EnrolmentLogEntry, 'at' | 'operator'>): Promise<void> {
    const entries = await this.load();
    const full: EnrolmentLogEntry = { at: this.now().toISOString(), ...entry, operator: this.operator() };
    try {
      await this.file.append(full);
    } catch (thrown) {
      // The action itself happened; its log line is what could not be kept.
      this.log.error('enrolment', `could not add to the enrolment log: ${thrown instanceof Error ? thrown.message : String(thrown)}`);
    }
    entries.push(full);
  }

  /** Every entry, oldest first (the export). */
  async all(): Promise<readonly EnrolmentLogEntry[]> {
    return this.load();
  }

  /** Newest first. */
  async list(): Promise<EnrolmentLogEntry[]> {
    return (await this.load()).slice(-this.listLimit).reverse();
  }

  async flush(): Promise<void> {
    await this.file.flush();
  }

  private async load(): Promise<EnrolmentLogEntry[]> {
    if (this.entries) return this.entries;
    try {
      this.entries = await this.file.read((line, reason) => this.log.warn('enrolment', `skipped ${skipWording[reason]} line ${line} of the enrolment log`));
    } catch (thrown) {
      this.log.error('enrolment', `could not read the enrolment log: ${thrown instanceof Error ? thrown.message : String(thrown)}`);
      this.entries = [];
    }
    return this.entries;
  }
}

/** Words for an outcome in a file, from the screen that asked for it (the operator log's CSV). */
export interface OutcomeWords {
  outcomes?: Partial<Record<EnrolmentOutcome['code'], string>>;
  fields?: Record<string, string>;
  /** The kinds of action, for a refused or waiting subject ("created", "updated", "photo"). */
  kinds?: Partial<Record<'created' | 'updated' | 'photo', string>>;
}

/**
 * An outcome in one short line: its code (or the screen's word for it) and its values, fields named
 * by the screen's words where given ("geändert: Nachname, Ort"), else by id ("changed: last_Name,
 * city") — for the log and a file; a line written before outcomes were codes as it is. The screen
 * words outcomes itself, in sentences.
 */
export function outcomeSummary(outcome: EnrolmentOutcome | string, words: OutcomeWords = {}): string {
  if (typeof outcome === 'string') return outcome;
  const field = (id: string): string => (words.fields && Object.hasOwn(words.fields, id) ? words.fields[id]! : id);
  const fields = (ids: readonly string[]): string => ids.map(field).join(', ');
  const kind = (k: 'created' | 'updated' | 'photo', fallback: string): string => words.kinds?.[k] ?? fallback;
  const subject = (s: EnrolmentSubject): string => (s.kind === 'update' ? `${kind('updated', 'update')} (${fields(s.fields)})` : s.kind === 'create' ? kind('created', 'create') : kind('photo', 'photo'));
  const code = words.outcomes?.[outcome.code] ?? outcome.code;
  switch (outcome.code) {
    case 'createdAfterWaiting':
    case 'linked':
      return `${code}: ${outcome.recordId}`;
    case 'changed':
    case 'changedAfterWaiting':
      return `${code}: ${fields(outcome.fields)}`;
    case 'photoUploaded':
      return outcome.hints.length > 0 ? `${code}: ${outcome.hints.join(', ')}` : code;
    case 'queued':
    case 'discarded':
      return `${code}: ${subject(outcome.subject)}`;
    case 'refused':
      return `${code}: ${subject(outcome.subject)}: ${outcome.error.message}`;
    default:
      return code;
  }
}
