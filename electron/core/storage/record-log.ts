/**
 * One of the kiosk's logs in its database (table `log_entry`): the enrolment log, the badge log,
 * the shift journal, the handover reports. An entry is written in one transaction, sealed with the
 * data key where there is one (storage/seal.ts: the log's kind and the entry's id bound in), and
 * is on disk when `add` returns (the database syncs every commit). Read by page, by the newest, by
 * span of time or all in order — never held in memory between calls; what is in clear beside the
 * sealed body is only what is needed to find, order and prune entries: when, a code, and a keyed
 * mark of whom an entry is about. Retention prunes it (storage/retention.ts). The meaning of an
 * entry is the business of the module that keeps the log; this one validates what it reads back
 * with that module's `parse` and says (never fatal) when an entry cannot be read.
 */
import type { z } from 'zod';
import type { KioskDatabase } from './kiosk-database';
import { markOf, sealJson, unsealJson } from './seal';

/** The logs kept in table `log_entry`, by kind (retention prunes each by its own days). */
export const LOG_KINDS = {
  enrolment: 'enrolment',
  badgePrint: 'badge-print',
  shiftJournal: 'shift-journal',
  handoverReport: 'handover-report',
} as const;
export type LogKindName = (typeof LOG_KINDS)[keyof typeof LOG_KINDS];

/** What a log is: its kind, how its entries are read back, and what is kept in clear beside them. */
export interface LogKind<T> {
  /** The kind of record (log_entry.kind; also what the seal binds). */
  kind: LogKindName;
  /** The entry a stored value holds, or null when it holds none (validation on the way out). */
  parse(value: unknown): T | null;
  /** When the entry happened (ms since the epoch). */
  at(entry: T): number;
  /** Until when it spans, when it spans a time (an outage); by default `at`. */
  until?(entry: T): number;
  /** Whom it is about (a cardholder's id), kept only as a keyed mark. */
  subject?(entry: T): string | number | null;
  /** A code in clear to filter on (an outcome, a kind of action: never personal data). */
  tag?(entry: T): string | null;
}

/** A log kind's `parse` from its schema: the entry when the stored value is one, else null. */
export function parsedBy<S extends z.ZodType>(schema: S): (value: unknown) => z.infer<S> | null {
  return (value) => {
    const parsed = schema.safeParse(value);
    return parsed.success ? parsed.data : null;
  };
}

export interface LogPage<T> {
  total: number;
  offset: number;
  /** Newest first. */
  items: T[];
}

interface Row {
  id: number;
  body: Uint8Array;
}

/** A time that sorts after every real one (an entry spanning until "still going"). */
export const OPEN_END = 8.64e15;

export class RecordLog<T> {
  constructor(
    private readonly db: KioskDatabase,
    readonly spec: LogKind<T>,
    private readonly key: Buffer | null,
    /** Told about an entry that cannot be read back (its number, why); it is left out. */
    private readonly unreadable: (id: number, why: string) => void = () => undefined,
  ) {}

  get kind(): string {
    return this.spec.kind;
  }

  /** Appends one entry; it is on disk when this returns. */
  add(entry: T): void {
    this.addAll([entry]);
  }

  /** Appends entries in order, in one transaction (all or none). */
  addAll(entries: readonly T[]): void {
    if (entries.length === 0) return;
    const { kind } = this.spec;
    this.db.transaction(() => {
      // The row's number is known before it is written: the seal binds it.
      let id = Number(this.db.get<{ id: number }>('SELECT COALESCE(MAX(id), 0) + 1 AS id FROM log_entry')?.id ?? 1);
      for (const entry of entries) {
        const at = finite(this.spec.at(entry));
        const until = this.spec.until ? finite(this.spec.until(entry)) : at;
        const subject = this.spec.subject?.(entry) ?? null;
        this.db.run('INSERT INTO log_entry (id, kind, at, until_at, subject, tag, body) VALUES (?, ?, ?, ?, ?, ?, ?)', [
          id,
          kind,
          at,
          Math.max(at, until),
          subject === null ? null : this.mark(subject),
          this.spec.tag?.(entry) ?? null,
          sealJson(this.key, { kind, key: id }, entry),
        ]);
        id++;
      }
    });
  }

  /** How many entries the log holds. */
  count(): number {
    // Counted as rows come and go (kiosk-schema.ts, row_count): no scan of the log.
    return Number(this.db.get<{ n: number }>('SELECT n FROM row_count WHERE what = ? AND part = 0', [this.spec.kind])?.n ?? 0);
  }

  /** One page, newest first, and how many entries there are. */
  page(offset: number, limit: number): LogPage<T> {
    // The page's rows are found in the index alone, then read (a deep page skips no sealed body).
    const rows = this.db.all<Row>('SELECT id, body FROM log_entry WHERE id IN (SELECT id FROM log_entry WHERE kind = ? ORDER BY id DESC LIMIT ? OFFSET ?) ORDER BY id DESC', [
      this.spec.kind,
      Math.max(0, limit),
      Math.max(0, offset),
    ]);
    return { total: this.count(), offset, items: this.open(rows) };
  }

  /** The newest `limit` entries, newest first. */
  newest(limit: number): T[] {
    return this.open(this.db.all<Row>('SELECT id, body FROM log_entry WHERE kind = ? ORDER BY id DESC LIMIT ?', [this.spec.kind, Math.max(0, limit)]));
  }

  /** Every entry, in the order written (an export: the log's retention bounds it). */
  all(): T[] {
    return this.open([...this.db.iterate<Row>('SELECT id, body FROM log_entry WHERE kind = ? ORDER BY id', [this.spec.kind])]);
  }

  /** The entries whose time touches [from, to] (ms), in the order written. */
  spanning(from: number, to: number): T[] {
    return this.open(this.db.all<Row>('SELECT id, body FROM log_entry WHERE kind = ? AND until_at >= ? AND at <= ? ORDER BY id', [this.spec.kind, finite(from), finite(to)]));
  }

  /** How many entries are about any of `subjects`, leaving out those tagged `except`. */
  countAbout(subjects: ReadonlyArray<string | number>, except: string | null = null): number {
    const marks = [...new Set(subjects.map((subject) => this.mark(subject)))];
    if (marks.length === 0) return 0;
    let total = 0;
    for (let i = 0; i < marks.length; i += 500) {
      const chunk = marks.slice(i, i + 500);
      total += Number(
        this.db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM log_entry WHERE kind = ? AND subject IN (${chunk.map(() => '?').join(',')}) AND (tag IS NULL OR tag != ?)`, [
          this.spec.kind,
          ...chunk,
          except ?? '',
        ])?.n ?? 0,
      );
    }
    return total;
  }

  private mark(subject: string | number): string {
    return markOf(this.key, `${this.spec.kind}:${subject}`);
  }

  private open(rows: readonly Row[]): T[] {
    const out: T[] = [];
    for (const row of rows) {
      let entry: T | null = null;
      let why = 'it is not an entry of this log';
      try {
        entry = this.spec.parse(unsealJson(this.key, { kind: this.spec.kind, key: Number(row.id) }, row.body));
      } catch (thrown) {
        why = thrown instanceof Error ? thrown.message : String(thrown);
      }
      if (entry === null) this.unreadable(Number(row.id), why);
      else out.push(entry);
    }
    return out;
  }
}

function finite(ms: number): number {
  return Number.isFinite(ms) ? Math.min(OPEN_END, Math.max(-OPEN_END, Math.trunc(ms))) : 0;
}
