/**
 * Retention: how long the kiosk keeps each kind of record in its database (configuration
 * `retention.*`, in days; 0 keeps it for ever), and the pruning that enforces it — a first pass a
 * minute after start, then every six hours, in batches of at most PRUNE_BATCH rows, each its own
 * short transaction found through an index, with the event loop free between two batches: a
 * workstation that ran for years is brought down to its retention without holding the main thread
 * for more than a batch. What is never pruned, whatever its age: an alarm still unacknowledged, an
 * acknowledged alarm an operator-log entry still names, an outage or a catch-up still under way,
 * an outage of the shift journal still open, and the newest row of each table (the next row's
 * number is counted from it). Other jobs of the same schedule (the badge photo cache's purge) run
 * after the tables.
 */
import type { Logger } from '../log/logger';
import type { KioskDatabase } from './kiosk-database';
import { LOG_KINDS, type LogKindName } from './record-log';

/** Days each kind of record is kept (0: for ever). */
export interface RetentionDays {
  /** The operator log's acknowledgements. */
  acknowledgementsDays: number;
  /** Acknowledged alarms (kept at least as long as the acknowledgement that names them). */
  alarmsDays: number;
  enrolmentsDays: number;
  badgePrintsDays: number;
  shiftJournalDays: number;
  handoverReportsDays: number;
  /** Events the service sent that could not be read. */
  setAsideEventsDays: number;
  /** The record of availability: outages, the kiosk's runs, the feed's catch-ups. */
  availabilityDays: number;
}

export const DEFAULT_RETENTION_DAYS: RetentionDays = {
  acknowledgementsDays: 365,
  alarmsDays: 365,
  enrolmentsDays: 365,
  badgePrintsDays: 365,
  shiftJournalDays: 90,
  handoverReportsDays: 365,
  setAsideEventsDays: 90,
  availabilityDays: 365,
};

/** Most rows one batch deletes (one transaction: a few milliseconds). */
export const PRUNE_BATCH = 1_000;
export const FIRST_PRUNE_AFTER_MS = 60_000;
export const PRUNE_EVERY_MS = 6 * 3_600_000;
const DAY_MS = 86_400_000;

/**
 * One kind of record: its table, and the rows past the cutoff as a query of at most `?` ids
 * (parameters: the service's number where `perService`, the cutoff, the batch size).
 */
interface Rule {
  what: keyof RetentionDays;
  /** For the log. */
  label: string;
  table: string;
  perService: boolean;
  select: string;
}

const newest = (table: string): string => `id < (SELECT MAX(id) FROM ${table})`;
const logRule = (what: keyof RetentionDays, label: string, kind: LogKindName): Rule => ({
  what,
  label,
  table: 'log_entry',
  perService: false,
  select: `SELECT id FROM log_entry WHERE kind = '${kind}' AND until_at < ? AND ${newest('log_entry')} ORDER BY until_at LIMIT ?`,
});

// In this order: acknowledgements before the alarms they name.
const RULES: readonly Rule[] = [
  { what: 'acknowledgementsDays', label: 'operator-log entries', table: 'acknowledgement', perService: true, select: `SELECT id FROM acknowledgement WHERE service_id = ? AND at < ? AND ${newest('acknowledgement')} ORDER BY at LIMIT ?` },
  {
    what: 'alarmsDays',
    label: 'acknowledged alarms',
    table: 'alarm',
    perService: true,
    select: `SELECT id FROM alarm a WHERE service_id = ? AND state = 1 AND acknowledged_at < ? AND ${newest('alarm')} AND NOT EXISTS (SELECT 1 FROM acknowledgement k WHERE k.alarm_id = a.id) ORDER BY acknowledged_at LIMIT ?`,
  },
  logRule('enrolmentsDays', 'enrolment log entries', LOG_KINDS.enrolment),
  logRule('badgePrintsDays', 'badge log entries', LOG_KINDS.badgePrint),
  logRule('shiftJournalDays', 'shift journal entries', LOG_KINDS.shiftJournal),
  logRule('handoverReportsDays', 'handover reports', LOG_KINDS.handoverReport),
  { what: 'setAsideEventsDays', label: 'events set aside', table: 'set_aside_event', perService: true, select: `SELECT id FROM set_aside_event WHERE service_id = ? AND seen_at < ? AND ${newest('set_aside_event')} ORDER BY seen_at LIMIT ?` },
  { what: 'availabilityDays', label: 'outages', table: 'outage', perService: true, select: `SELECT id FROM outage WHERE service_id = ? AND ended_at < ? AND ${newest('outage')} LIMIT ?` },
  { what: 'availabilityDays', label: 'catch-ups', table: 'feed_gap', perService: true, select: `SELECT id FROM feed_gap WHERE service_id = ? AND state != 'reading' AND finished_at < ? AND ${newest('feed_gap')} LIMIT ?` },
  // This desk's copy of the site's log (shared alarm desk): kept as long as the operator log.
  { what: 'acknowledgementsDays', label: "entries of the site log's copy", table: 'desk_action', perService: false, select: `SELECT id FROM desk_action WHERE recorded_at < ? AND ${newest('desk_action')} ORDER BY recorded_at LIMIT ?` },
  { what: 'availabilityDays', label: 'kiosk runs', table: 'kiosk_run', perService: false, select: `SELECT id FROM kiosk_run WHERE alive_at < ? AND ${newest('kiosk_run')} LIMIT ?` },
];

/** What a pass removed, by label (only labels with something removed). */
export type PruneReport = Record<string, number>;

export interface RetentionTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface RetentionOptions {
  database: KioskDatabase;
  days: RetentionDays;
  log: Logger;
  now?: () => number;
  batch?: number;
  firstAfterMs?: number;
  everyMs?: number;
  timers?: RetentionTimers;
  /** Other jobs of the schedule, run after the tables: what each removed, by label. */
  alsoRun?: ReadonlyArray<{ label: string; run: () => Promise<number> }>;
}

const defaultTimers: RetentionTimers = {
  setTimeout: (callback, ms) => {
    const handle = setTimeout(callback, ms);
    handle.unref?.();
    return handle;
  },
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Lets the event loop run what waits (IPC, pushes, the feed) before the next batch. */
const yieldToLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export class RetentionSchedule {
  private readonly batch: number;
  private readonly timers: RetentionTimers;
  private readonly now: () => number;
  private timer: unknown = null;
  private running: Promise<PruneReport> | null = null;
  private stopped = false;

  constructor(private readonly options: RetentionOptions) {
    this.batch = Math.max(1, options.batch ?? PRUNE_BATCH);
    this.timers = options.timers ?? defaultTimers;
    this.now = options.now ?? Date.now;
  }

  /** Schedules the first pass (FIRST_PRUNE_AFTER_MS after now), then one every PRUNE_EVERY_MS. */
  start(): void {
    this.schedule(this.options.firstAfterMs ?? FIRST_PRUNE_AFTER_MS);
  }

  /** Cancels what is scheduled and waits for a pass under way to stop at its next batch. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  /** One pass over every kind (one at a time: a pass asked for during another shares it). */
  run(): Promise<PruneReport> {
    this.running ??= this.pass().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    this.timer = this.timers.setTimeout(() => {
      this.timer = null;
      void this.run()
        .catch((thrown: unknown) => this.options.log.error('storage', `retention: a pass failed: ${thrown instanceof Error ? thrown.message : String(thrown)}`))
        .finally(() => this.schedule(this.options.everyMs ?? PRUNE_EVERY_MS));
    }, ms);
  }

  private async pass(): Promise<PruneReport> {
    const { database } = this.options;
    const report: PruneReport = {};
    const services = database.all<{ id: number }>('SELECT id FROM service ORDER BY id').map((row) => Number(row.id));
    for (const rule of RULES) {
      const cutoff = this.cutoff(rule.what);
      if (cutoff === null) continue;
      for (const serviceId of rule.perService ? services : [null]) {
        const params = serviceId === null ? [cutoff] : [serviceId, cutoff];
        for (;;) {
          if (this.stopped) return report;
          const removed = database.transaction(() => database.run(`DELETE FROM ${rule.table} WHERE id IN (${rule.select})`, [...params, this.batch]).changes);
          if (removed > 0) report[rule.label] = (report[rule.label] ?? 0) + removed;
          await yieldToLoop();
          if (removed < this.batch) break;
        }
      }
    }
    for (const job of this.options.alsoRun ?? []) {
      if (this.stopped) return report;
      const removed = await job.run();
      if (removed > 0) report[job.label] = (report[job.label] ?? 0) + removed;
    }
    const said = Object.entries(report).map(([label, n]) => `${n} ${label}`);
    if (said.length > 0) this.options.log.info('storage', `retention: removed ${said.join(', ')} past their retention`);
    return report;
  }

  /** Rows older than this (ms) go; null: kept for ever. An acknowledged alarm waits for its acknowledgements' cutoff too. */
  private cutoff(what: keyof RetentionDays): number | null {
    const { days } = this.options;
    const at = (d: number): number | null => (d > 0 ? this.now() - d * DAY_MS : null);
    if (what !== 'alarmsDays') return at(days[what]);
    const own = at(days.alarmsDays);
    const acks = at(days.acknowledgementsDays);
    return own === null || acks === null ? null : Math.min(own, acks);
  }
}
