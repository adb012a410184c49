/**
 * The outage alarm: losing the service is an alarm, and it belongs to main like every other one —
 * it does not depend on the page's lifetime, on which screen is shown or on who is on shift. It is
 * raised `afterMs` (alarms.outageAfterSeconds) after the service stopped answering for any reason
 * (refused, failing, or too slow: a request under way that has not answered counts from when it
 * began), with that true start; it ends when a request succeeds again, at that moment. Both ends
 * are recorded (table `outage` of the kiosk's database, or in memory) for the handover report;
 * the state is pushed (`outageAlarm`) for the banner and the tone, and the guard on shift
 * acknowledges it. An outage left open by a kiosk that stopped is closed at its next start.
 *
 * It reads the connection's account (connection/service-connection.ts) and ticks once a second;
 * it never talks to the service.
 */
import type { OutageAlarm as OutageAlarmView, OutageAlarmState } from '../../contract/ipc';
import type { Timers } from '../connection/service-connection';
import type { ServiceConnection } from '../connection/service-connection';
import type { PushBus } from '../ipc/push-bus';
import { KioskFailure } from '../ipc/failure';
import type { Logger } from '../log/logger';
import type { KioskDatabase } from '../storage/kiosk-database';
import { sealJson } from '../storage/seal';

const SCOPE = 'outage';
const TICK_MS = 1_000;

/** One outage as recorded: from its true start to the first answer after it. */
export interface RecordedOutage {
  id: number;
  startedAt: number;
  endedAt: number | null;
  endCause: 'answered' | 'kiosk-stopped' | null;
  raisedAt: number | null;
  acknowledgedAt: number | null;
}

export interface OutageAlarmOptions {
  connection: Pick<ServiceConnection, 'unansweredSince' | 'onChange' | 'current' | 'watching'>;
  push: Pick<PushBus, 'emit'>;
  log: Logger;
  afterMs: number;
  /** Whether the tone sounds here: a guard station (its home screen is the live feed). The live feed opened also makes it sound (`watched`). */
  guardStation: boolean;
  /** Who is on shift (stamped on the acknowledgement). */
  operator?: () => string | null;
  /** The kiosk's database and this service's number there; absent: kept in memory for this run. */
  database?: { db: KioskDatabase; serviceId: number; key: Buffer | null };
  /** When the kiosk's previous run was last known alive (storage/kiosk-runs.ts): an outage it left open ended then. */
  previousRunEnd?: number | null;
  timers?: Timers;
  now?: () => number;
}

interface Current {
  id: number;
  since: number;
  raisedAt: number;
  endedAt: number | null;
  acknowledgedAt: number | null;
  acknowledgedBy: string | null;
}

export class OutageAlarm {
  private readonly options: OutageAlarmOptions;
  private readonly now: () => number;
  private current: Current | null = null;
  private watched = false;
  private ticker: unknown = null;
  /** Fires when the outage under way reaches afterMs (the tick alone would be up to a second late). */
  private due: unknown = null;
  private unsubscribe: (() => void) | null = null;
  private memoryId = 0;
  private readonly memory: RecordedOutage[] = [];

  constructor(options: OutageAlarmOptions) {
    this.options = options;
    this.now = options.now ?? Date.now;
  }

  /** Closes an outage a stopped kiosk left open, then follows the connection. */
  start(): void {
    this.closeLeftOpen();
    this.unsubscribe = this.options.connection.onChange(() => this.check());
    this.tick();
  }

  async stop(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = null;
    if (this.ticker !== null) this.timers().clearTimeout(this.ticker);
    this.ticker = null;
    if (this.due !== null) this.timers().clearTimeout(this.due);
    this.due = null;
    const open = this.current;
    if (open && open.endedAt === null) this.endRecord(open.id, this.now(), 'kiosk-stopped');
  }

  /** The live feed screen was opened: its tone sounds here from now on, whatever the home screen. */
  watchedNow(): void {
    if (this.watched) return;
    this.watched = true;
    if (!this.options.guardStation) this.publish();
  }

  state(): OutageAlarmState {
    const c = this.current;
    const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());
    const current: OutageAlarmView | null = c
      ? { id: c.id, since: iso(c.since)!, raisedAt: iso(c.raisedAt)!, endedAt: iso(c.endedAt), acknowledgedAt: iso(c.acknowledgedAt), acknowledgedBy: c.acknowledgedBy }
      : null;
    return { current, sounds: this.options.guardStation || this.watched, afterSeconds: Math.round(this.options.afterMs / 100) / 10 };
  }

  /** The guard saw it: the tone stops; an outage already over leaves the screen. */
  acknowledge(id: number): OutageAlarmState {
    const c = this.current;
    if (!c || c.id !== id) throw KioskFailure.keyed('not_found', 'outageGone', {}, { detail: `outage ${id} is not the one raised` });
    if (c.acknowledgedAt === null) {
      c.acknowledgedAt = this.now();
      c.acknowledgedBy = this.options.operator?.() ?? null;
      this.record((db) => db.db.run('UPDATE outage SET acknowledged_at = ? WHERE id = ?', [c.acknowledgedAt, c.id]), (m) => (m.acknowledgedAt = c.acknowledgedAt));
      this.options.log.info(SCOPE, `outage since ${new Date(c.since).toISOString()} acknowledged by ${c.acknowledgedBy ?? 'nobody signed in'}`);
    }
    if (c.endedAt !== null) this.current = null;
    this.publish();
    return this.state();
  }

  /** Outages recorded that touch [from, to] (the handover report), oldest first. */
  between(from: number, to: number): RecordedOutage[] {
    if (!this.options.database) return this.memory.filter((o) => o.startedAt <= to && (o.endedAt ?? to) >= from).map((o) => ({ ...o }));
    const { db, serviceId } = this.options.database;
    return db
      .all<{ id: number; started_at: number; ended_at: number | null; end_cause: 'answered' | 'kiosk-stopped' | null; raised_at: number | null; acknowledged_at: number | null }>(
        'SELECT id, started_at, ended_at, end_cause, raised_at, acknowledged_at FROM outage WHERE service_id = ? AND started_at <= ? AND COALESCE(ended_at, ?) >= ? ORDER BY started_at',
        [serviceId, to, to, from],
      )
      .map((row) => ({
        id: Number(row.id),
        startedAt: Number(row.started_at),
        endedAt: row.ended_at === null ? null : Number(row.ended_at),
        endCause: row.end_cause,
        raisedAt: row.raised_at === null ? null : Number(row.raised_at),
        acknowledgedAt: row.acknowledged_at === null ? null : Number(row.acknowledged_at),
      }));
  }

  private timers(): Timers {
    return this.options.timers ?? { setTimeout: (cb, ms) => setTimeout(cb, ms), clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>) };
  }

  private tick(): void {
    this.check();
    this.ticker = this.timers().setTimeout(() => this.tick(), TICK_MS);
  }

  /** Raises the alarm once the service has not answered for afterMs; ends it at the first answer. */
  private check(): void {
    const connection = this.options.connection;
    const since = connection.watching ? connection.unansweredSince() : null;
    const at = this.now();
    const c = this.current;
    if (since === null) {
      if (c && c.endedAt === null && connection.current === 'live') {
        c.endedAt = at;
        this.endRecord(c.id, at, 'answered');
        this.options.log.info(SCOPE, `service back: the outage lasted from ${new Date(c.since).toISOString()} to ${new Date(at).toISOString()}`);
        if (c.acknowledgedAt !== null) this.current = null;
        this.publish();
      }
      return;
    }
    if (c && c.endedAt === null) return; // raised already
    if (at - since < this.options.afterMs) {
      // Raised at its moment, not at the next tick.
      if (this.due === null) {
        this.due = this.timers().setTimeout(() => {
          this.due = null;
          this.check();
        }, since + this.options.afterMs - at);
      }
      return;
    }
    const id = this.openRecord(since, at);
    this.current = { id, since, raisedAt: at, endedAt: null, acknowledgedAt: null, acknowledgedBy: null };
    this.options.log.error(SCOPE, `service lost since ${new Date(since).toISOString()}: outage alarm raised`);
    this.publish();
  }

  private publish(): void {
    this.options.push.emit('outageAlarm', this.state());
  }

  private openRecord(since: number, raisedAt: number): number {
    const database = this.options.database;
    if (!database) {
      const id = ++this.memoryId;
      this.memory.push({ id, startedAt: since, endedAt: null, endCause: null, raisedAt, acknowledgedAt: null });
      return id;
    }
    return database.db.run('INSERT INTO outage (service_id, started_at, raised_at, reason) VALUES (?, ?, ?, ?)', [database.serviceId, since, raisedAt, sealJson(database.key, { kind: 'outage', key: `${database.serviceId}:${since}` }, null)]).lastInsertRowid;
  }

  private endRecord(id: number, at: number, cause: 'answered' | 'kiosk-stopped'): void {
    this.record(
      (db) => db.db.run('UPDATE outage SET ended_at = ?, end_cause = ? WHERE id = ? AND ended_at IS NULL', [at, cause, id]),
      (m) => {
        m.endedAt ??= at;
        m.endCause ??= cause;
      },
      id,
    );
  }

  private record(inDb: (database: NonNullable<OutageAlarmOptions['database']>) => void, inMemory: (m: RecordedOutage) => void, id = this.current?.id): void {
    if (this.options.database) inDb(this.options.database);
    else {
      const m = this.memory.find((o) => o.id === id);
      if (m) inMemory(m);
    }
  }

  /** An outage a kiosk that stopped (or crashed) left open ends when that kiosk last ran. */
  private closeLeftOpen(): void {
    const database = this.options.database;
    if (!database) return;
    const lastAlive = this.options.previousRunEnd ?? null;
    database.db.run(`UPDATE outage SET ended_at = MAX(started_at, COALESCE(?, started_at)), end_cause = 'kiosk-stopped' WHERE service_id = ? AND ended_at IS NULL`, [lastAlive, database.serviceId]);
  }
}
