/**
 * The local log of enrolment actions — created, updated, photo uploaded, queued, sent later
 * (replayed), linked to an existing record, refused, discarded — with time, outcome and the
 * officer-visible name, never a secret. The outcome is a code with its values (field ids, never
 * words: the renderer words it in the language shown); entries written before that keep their
 * English sentence and are shown as they are. Kept in the kiosk's database (storage/record-log.ts,
 * kind "enrolment"), on disk before the action is reported, read by page and pruned by
 * retention.enrolmentsDays; shown in the Operator log view. Its entries name people: sealed with
 * the data key where the workstation has one. Each entry carries the operator on shift, stamped
 * here from main's state (`operator`), never the renderer's word. The JSON-lines file earlier
 * versions kept (`enrolment-log.jsonl`) is moved in at first use (storage/legacy-logs.ts).
 */
import path from 'node:path';
import { z } from 'zod';
import type { EnrolmentLogEntry, EnrolmentOutcome, EnrolmentSubject } from '../../../contract/ipc';
import type { Logger } from '../../log/logger';
import type { KioskDatabase } from '../../storage/kiosk-database';
import { moveOnce } from '../../storage/legacy-logs';
import { LOG_KINDS, RecordLog, type LogKind, type LogPage } from '../../storage/record-log';

/** Where earlier versions kept the log (JSON lines in the data folder): moved into the database. */
export const ENROLMENT_LOG_FILE = 'enrolment-log.jsonl';
const KINDS = ['created', 'updated', 'photo', 'queued', 'replayed', 'linked', 'refused', 'discarded'] as const;
const SCOPE = 'enrolment';

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

// An entry written before outcomes were codes has an English sentence: it is read, and shown, as it is.
const StoredEntry = z.object({
  at: z.iso.datetime({ offset: true }),
  kind: z.enum(KINDS),
  cardholderId: z.number().int(),
  name: z.string(),
  outcome: z.union([z.string(), Outcome]),
  operator: z.string().nullable().optional(),
});

/** The enrolment log's entries in the database: validated on the way out, the kind of action in clear, the cardholder as a keyed mark. */
export const ENROLMENT_LOG: LogKind<EnrolmentLogEntry> = {
  kind: LOG_KINDS.enrolment,
  // An error key this kiosk does not know is shown by its English message (renderer's errorText).
  parse: (value) => {
    const parsed = StoredEntry.safeParse(value);
    return parsed.success ? (parsed.data as EnrolmentLogEntry) : null;
  },
  at: (entry) => Date.parse(entry.at),
  subject: (entry) => entry.cardholderId,
  tag: (entry) => entry.kind,
};

export interface EnrolmentLogOptions {
  /** The kiosk's database, where the log is kept. */
  database: KioskDatabase;
  /** The data folder, where an earlier version's file may wait to be moved in. */
  dataDir: string;
  log: Logger;
  now?: () => Date;
  /** Most entries `list` returns (newest first). */
  listLimit?: number;
  /** The data key (credentials/data-key.ts), or null: entries are kept in clear in the owner-only database. */
  key?: Buffer | null;
  /** Who is on shift: stamped on each entry. */
  operator?: () => string | null;
}

export class EnrolmentLog {
  private readonly entries: RecordLog<EnrolmentLogEntry>;
  private readonly log: Logger;
  private readonly now: () => Date;
  private readonly listLimit: number;
  private readonly operator: () => string | null;
  /** At first use: the earlier version's file, moved in once. */
  private readonly open: () => Promise<void>;

  constructor(options: EnrolmentLogOptions) {
    this.log = options.log;
    this.now = options.now ?? (() => new Date());
    this.listLimit = options.listLimit ?? 2_000;
    this.operator = options.operator ?? (() => null);
    this.entries = new RecordLog(options.database, ENROLMENT_LOG, options.key ?? null, (id, why) => this.log.warn(SCOPE, `enrolment log entry ${id} cannot be read: ${why}`));
    const file = path.join(options.dataDir, ENROLMENT_LOG_FILE);
    this.open = moveOnce({ database: options.database, file, key: options.key ?? null, log: this.entries, logger: this.log, scope: SCOPE, what: 'the enrolment log' });
    // An earlier version's file is moved in at start; a read or write before it ends waits for it.
    void this.open();
  }

  async add(entry: Omit<EnrolmentLogEntry, 'at' | 'operator'>): Promise<void> {
    await this.open();
    const full: EnrolmentLogEntry = { at: this.now().toISOString(), ...entry, operator: this.operator() };
    try {
      this.entries.add(full);
    } catch (thrown) {
      // The action itself happened; its log entry is what could not be kept.
      this.log.error(SCOPE, `could not add to the enrolment log: ${thrown instanceof Error ? thrown.message : String(thrown)}`);
    }
  }

  /** Every entry, oldest first (the export). */
  async all(): Promise<readonly EnrolmentLogEntry[]> {
    await this.open();
    return this.entries.all();
  }

  /** Newest first, at most `listLimit`. */
  async list(): Promise<EnrolmentLogEntry[]> {
    await this.open();
    return this.entries.newest(this.listLimit);
  }

  /** One page, newest first. */
  async page(offset: number, limit: number): Promise<LogPage<EnrolmentLogEntry>> {
    await this.open();
    return this.entries.page(offset, limit);
  }

  /** Resolves once what was added is on disk (it is when `add` resolves: kept for callers that wait). */
  async flush(): Promise<void> {
    await this.open();
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
