/**
 * DeskSync: this desk's side of the shared alarm desk. It owns the queue of this desk's actions
 * (claims, releases, take-overs, notes, acknowledgements, sign-ins and sign-outs, handovers) kept in
 * the kiosk's database until the site's store recorded them — sent in order, each once (the store
 * applies a replayed action id once) — and the site's log as far as this desk applied it: other
 * desks' acknowledgements acknowledge the same alarms here, claims are held in memory from the
 * store's answer, and what the store decided against an action that waited (acknowledged first
 * elsewhere, claimed by another) becomes a notice the guard reads. The store is a doorbell and a
 * log: a notification only says "read from your position", so nothing is lost while a connection
 * was down. It never talks to the service and holds no password.
 */
import { randomUUID } from 'node:crypto';
import { screenText, type DeskActionKind, type DeskActionResult, type DeskActivity, type DeskClaim, type DeskNotice, type DeskOnDuty, type DeskOutcome, type DeskPerson, type DeskState, type FeedEvent, type MainText, type OpenAlarm, type SiteHandoverSummary } from '../../contract/ipc';
import type { KioskDatabase } from '../storage/kiosk-database';
import { sealJson, unsealJson } from '../storage/seal';
import type { Logger } from '../log/logger';
import { KioskFailure } from '../ipc/failure';
import type { SiteAcknowledgement } from '../alarms/alarm-store';
import type { SiteActionInput, SiteActionRecord, SiteClaim, SiteDeskBeat, SiteStore, SiteStoreProblem } from './site-store-port';

const SCOPE = 'desk';
/** Most actions read from the store at once. */
const READ_BATCH = 1_000;
/** What an administrator runs when the kiosk's role may not migrate the store (README). */
export const MIGRATE_COMMAND = 'access-kiosk --admin migrate-site-store';
/** Most notices kept for the screen. */
const MAX_NOTICES = 50;

/** What the shared desk needs of the alarm store. */
export interface DeskAlarms {
  alarmIdsOf(siteKey: string): number[];
  siteKeysOf(alarmIds: readonly number[]): Map<number, string>;
  describe(alarmIds: readonly number[]): Map<number, OpenAlarm & { state: 'waiting' | 'acknowledged' | 'setAside' }>;
  acknowledgeFromSite(siteKey: string, by: SiteAcknowledgement): number[];
}

export interface DeskTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface DeskSyncOptions {
  /** The site's store; null: no store configured, the kiosk works alone. */
  store: SiteStore | null;
  database: KioskDatabase;
  /** The data key sealing notes and names at rest, or null. */
  key: Buffer | null;
  /** This desk's name (siteStore.desk). */
  desk: string;
  leaseSeconds: number;
  /** The alarm store (created after this; null until then). */
  alarms: () => DeskAlarms | null;
  /** Who is on shift here, and since when (ISO 8601); null when nobody. */
  operator: () => { name: string; since: string } | null;
  /** Told about every change of the state (the push to the renderer), coalesced. */
  onState?: (state: DeskState) => void;
  log: Logger;
  now?: () => number;
  timers?: DeskTimers;
  /** Between two heartbeats (and claim renewals): default 5 s. */
  heartbeatMs?: number;
  /** Between two attempts to reach the store: default 2 s (30 s when it refused). */
  retryMs?: number;
  /** The site's operators as the store gives them, at each connection and every minute (the capability keeps a copy for sign-in). */
  onOperators?: (operators: Array<{ name: string; pin: unknown }>) => Promise<void> | void;
}

/** What is sealed in a queued action. */
interface QueuedBody {
  operator: string | null;
  desk: string;
  note?: string;
  leaseSeconds?: number;
  handover?: unknown;
  handoverId?: string;
  alarm?: { recordId: number; priority: string | null; created: string; device: string; text: string };
  /** The guard was told the action waits (it could not be sent at once): what the store decides of it becomes a notice. */
  queued?: boolean;
}

/** What is sealed of a recorded action in the local copy of the site's log. */
interface AppliedBody {
  operator: string | null;
  desk: string;
  body: Record<string, unknown>;
  by: (DeskPerson & { at: string }) | null;
  claim: SiteActionRecord['claim'];
}

const defaultTimers: DeskTimers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

const isoOf = (ms: number): string => new Date(ms).toISOString();
const personOf = (operator: string | null | undefined, desk: string): DeskPerson => ({ operator: operator ?? null, desk });

export class DeskSync {
  private readonly store: SiteStore | null;
  private readonly db: KioskDatabase;
  private readonly key: Buffer | null;
  readonly desk: string;
  readonly leaseSeconds: number;
  private readonly options: DeskSyncOptions;
  private readonly log: Logger;
  private readonly now: () => number;
  private readonly timers: DeskTimers;
  private readonly heartbeatMs: number;
  private readonly retryMs: number;
  private status: DeskState['status'];
  private since: number | null = null;
  private problem: MainText | null = null;
  /** The store this desk last reached (its log positions are its own). */
  private siteId: string | null;
  private readonly claims = new Map<string, SiteClaim>();
  private beats: SiteDeskBeat[] = [];
  private notices: DeskNotice[] = [];
  /** Work on the store runs one task at a time, in order. */
  private chain: Promise<void> = Promise.resolve();
  private retryTimer: unknown = null;
  private beatTimer: unknown = null;
  private pushTimer: unknown = null;
  /** A read of the log is scheduled and has not started yet. */
  private readQueued = false;
  private beatCount = 0;
  /** A sign-in or sign-out of another desk was applied since the last heartbeat. */
  private dutyChanged = false;
  private stopped = false;
  private unsubscribe: Array<() => void> = [];

  constructor(options: DeskSyncOptions) {
    this.options = options;
    this.store = options.store;
    this.db = options.database;
    this.key = options.key;
    this.desk = options.desk;
    this.leaseSeconds = options.leaseSeconds;
    this.log = options.log;
    this.now = options.now ?? Date.now;
    this.timers = options.timers ?? defaultTimers;
    this.heartbeatMs = options.heartbeatMs ?? 5_000;
    this.retryMs = options.retryMs ?? 2_000;
    this.status = this.store ? 'connecting' : 'off';
    this.siteId = this.db.get<{ site_id: string }>('SELECT site_id FROM desk_position ORDER BY updated_at DESC LIMIT 1')?.site_id ?? null;
  }

  get enabled(): boolean {
    return this.store !== null;
  }

  // ───────────── life ─────────────

  /** Starts reaching the store (returns at once; the first attempt runs in the background). */
  start(): void {
    if (!this.store || this.stopped) return;
    this.unsubscribe.push(
      // A burst of doorbells is one read: a read already waiting to run reads everything appended by then.
      this.store.onDoorbell(() => {
        if (this.readQueued) return;
        this.readQueued = true;
        void this.schedule(async () => {
          this.readQueued = false;
          await this.readLog();
        });
      }),
      this.store.onDown((problem) => this.wentDown(problem)),
    );
    void this.schedule(() => this.connect());
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const handle of [this.retryTimer, this.beatTimer, this.pushTimer]) if (handle !== null) this.timers.clearTimeout(handle);
    this.retryTimer = this.beatTimer = this.pushTimer = null;
    for (const off of this.unsubscribe) off();
    this.unsubscribe = [];
    await this.chain.catch(() => undefined);
    await this.store?.close().catch(() => undefined);
  }

  /** Runs `task` after the tasks before it (one conversation with the store at a time). */
  private schedule(task: () => Promise<void>): Promise<void> {
    const next = this.chain.then(async () => {
      if (this.stopped) return;
      try {
        await task();
      } catch (thrown) {
        this.failed(thrown);
      }
    });
    this.chain = next;
    return next;
  }

  private async connect(): Promise<void> {
    const store = this.store!;
    const info = await store.connect();
    if (this.siteId !== null && this.siteId !== info.siteId) this.log.warn(SCOPE, `the site store is another one than before (site ${info.siteId}, was ${this.siteId}): its log is read from its start`);
    this.siteId = info.siteId;
    if (info.migrated) this.log.info(SCOPE, `the site store's schema was migrated to version ${info.schemaVersion}`);
    const wasDown = this.status === 'down' || this.status === 'refused';
    this.status = 'up';
    this.since = null;
    this.problem = null;
    this.log.info(SCOPE, `${wasDown ? 'back in touch with' : 'connected to'} the site store ${store.label} as desk "${this.desk}"`);
    this.claims.clear();
    for (const claim of await store.claims()) this.claims.set(claim.alarmKey, claim);
    await this.takeOperators();
    await this.flush();
    await this.readLog();
    await this.beat();
    this.changed();
  }

  /** Something failed while talking to the store: unreachable → down and retry soon; refused → said, retried slowly. */
  private failed(thrown: unknown): void {
    const problem: SiteStoreProblem = problemOf(thrown) ?? { kind: 'unreachable', code: 'other', message: thrown instanceof Error ? thrown.message : String(thrown) };
    this.wentDown(problem);
  }

  private wentDown(problem: SiteStoreProblem): void {
    if (this.stopped || !this.store) return;
    const status = problem.kind === 'refused' ? 'refused' : 'down';
    if (this.status !== status) {
      this.since ??= this.now();
      this.log.error(SCOPE, `the site store ${this.store.label} ${status === 'refused' ? 'refused this kiosk' : 'cannot be reached'}: ${problem.message}`);
    }
    this.status = status;
    this.since ??= this.now();
    this.problem = this.problemText(problem);
    this.changed();
    if (this.retryTimer === null) {
      this.retryTimer = this.timers.setTimeout(
        () => {
          this.retryTimer = null;
          void this.schedule(() => this.connect());
        },
        status === 'refused' ? Math.max(this.retryMs, 30_000) : this.retryMs,
      );
    }
  }

  private problemText(problem: SiteStoreProblem): MainText {
    const store = this.store?.label ?? '';
    const reason = problem.message;
    if (problem.kind === 'unreachable') return screenText('desk.fromMain.unreachable', { time: isoOf(this.since ?? this.now()) });
    if ((problem.code === 'schemaNewer' || problem.code === 'schemaOlder') && problem.schema) {
      return screenText(`desk.fromMain.${problem.code}`, { store, found: problem.schema.found, known: problem.schema.known, command: problem.schema.command ?? MIGRATE_COMMAND });
    }
    if (problem.code === 'auth' || problem.code === 'tls') return screenText(`desk.fromMain.${problem.code}`, { store, reason });
    return screenText('desk.fromMain.other', { store, reason });
  }

  // ───────────── heartbeat and claim renewal ─────────────

  private async beat(): Promise<void> {
    if (this.beatTimer !== null) this.timers.clearTimeout(this.beatTimer);
    this.beatTimer = this.timers.setTimeout(() => {
      this.beatTimer = null;
      if (this.status === 'up') void this.schedule(() => this.beat());
    }, this.heartbeatMs);
    const shift = this.options.operator();
    this.beats = await this.store!.heartbeat(this.desk, shift?.name ?? null, shift?.since ?? null);
    if (++this.beatCount % Math.max(1, Math.round(60_000 / this.heartbeatMs)) === 0) await this.takeOperators();
    this.renewClaims(shift?.name ?? null);
    this.changed();
  }

  /** The site's operator list, handed to whoever keeps its copy (a failure to keep it is logged, not the store's). */
  private async takeOperators(): Promise<void> {
    if (!this.options.onOperators) return;
    const operators = await this.store!.operators();
    try {
      await this.options.onOperators(operators);
    } catch (thrown) {
      this.log.error(SCOPE, `the site's operator list could not be kept: ${thrown instanceof Error ? thrown.message : String(thrown)}`);
    }
  }

  /** This guard's claims on alarms still waiting are renewed when half their lease is left. */
  private renewClaims(operator: string | null): void {
    const alarms = this.options.alarms();
    if (!alarms || operator === null) return;
    const at = this.now();
    for (const claim of this.claims.values()) {
      if (claim.desk !== this.desk || claim.operator !== operator) continue;
      const left = Date.parse(claim.until) - at;
      if (left > (this.leaseSeconds * 1000) / 2 || left <= 0) continue;
      const ids = alarms.alarmIdsOf(claim.alarmKey);
      const waiting = [...alarms.describe(ids).values()].some((alarm) => alarm.state !== 'acknowledged');
      if (!waiting) continue;
      if (this.pendingFor(claim.alarmKey, 'claim')) continue;
      this.enqueue('claim', claim.alarmKey, { operator, desk: this.desk, leaseSeconds: this.leaseSeconds });
    }
    void this.flush();
  }

  // ───────────── what the guard does ─────────────

  claim(alarmId: number): Promise<DeskActionResult> {
    return this.act('claim', alarmId, { leaseSeconds: this.leaseSeconds });
  }

  release(alarmId: number): Promise<DeskActionResult> {
    return this.act('release', alarmId, {});
  }

  takeOver(alarmId: number, reason: string): Promise<DeskActionResult> {
    return this.act('takeOver', alarmId, { note: reason.trim(), leaseSeconds: this.leaseSeconds });
  }

  note(alarmId: number, note: string): Promise<DeskActionResult> {
    return this.act('note', alarmId, { note: note.trim() });
  }

  /** Alarms acknowledged at this desk (the alarm store tells): shared with the site, in order. */
  acknowledged(entries: ReadonlyArray<{ alarmId: number; siteKey: string; note: string; operator: string | null; event: FeedEvent }>): void {
    if (!this.store) return;
    this.db.transaction(() => {
      for (const entry of entries) this.enqueue('acknowledge', entry.siteKey, { operator: entry.operator, desk: this.desk, note: entry.note, alarm: summaryOf(entry.event), queued: this.status !== 'up' });
    });
    this.changed();
    void this.schedule(() => this.flush());
  }

  signedIn(name: string): void {
    if (!this.store) return;
    this.enqueue('signIn', null, { operator: name, desk: this.desk });
    void this.schedule(async () => {
      await this.flush();
      await this.beat();
    });
  }

  /** End shift: the site's handover (when given) and the sign-out, queued in that order. */
  endedShift(name: string, handover: Omit<SiteHandoverSummary, 'id' | 'confirmed'> | null): void {
    if (!this.store) return;
    this.db.transaction(() => {
      if (handover) this.enqueue('handover', null, { operator: name, desk: this.desk, handover });
      this.enqueue('signOut', null, { operator: name, desk: this.desk });
    });
    this.changed();
    void this.schedule(async () => {
      await this.flush();
      await this.beat();
    });
  }

  async confirmHandover(handoverId: string): Promise<DeskState> {
    this.requireOn();
    const waiting = this.handover();
    if (!waiting || waiting.id !== handoverId) throw KioskFailure.keyed('rejected', 'deskHandoverGone');
    const shift = this.options.operator();
    this.enqueue('handoverConfirm', null, { operator: shift?.name ?? null, desk: this.desk, handoverId });
    await this.schedule(() => this.flush());
    return this.state();
  }

  dismissNotice(id: string): DeskState {
    this.notices = this.notices.filter((notice) => notice.id !== id);
    this.changed();
    return this.state();
  }

  private requireOn(): void {
    if (!this.store) throw KioskFailure.keyed('rejected', 'deskOff');
  }

  private keyOf(alarmId: number): string {
    const key = this.options.alarms()?.siteKeysOf([alarmId]).get(alarmId);
    if (!key) throw KioskFailure.keyed('rejected', 'deskAlarmUnknown', {}, { detail: `alarm ${alarmId} has no site-wide key` });
    return key;
  }

  private async act(kind: DeskActionKind, alarmId: number, extra: Pick<QueuedBody, 'note' | 'leaseSeconds'>): Promise<DeskActionResult> {
    this.requireOn();
    const alarmKey = this.keyOf(alarmId);
    const operator = this.options.operator()?.name ?? null;
    const event = this.options.alarms()?.describe([alarmId]).get(alarmId)?.event;
    const actionId = this.enqueue(kind, alarmKey, { operator, desk: this.desk, ...extra, ...(event ? { alarm: summaryOf(event) } : {}), queued: this.status !== 'up' });
    this.changed();
    if (this.status === 'up') await this.schedule(() => this.flush());
    const row = this.db.get<{ outcome: string; body: Uint8Array; id: number }>('SELECT id, outcome, body FROM desk_action WHERE site_id = ? AND action_id = ?', [this.siteId ?? '', actionId]);
    const claim = this.claimOf(alarmKey, alarmId);
    if (!row) return { outcome: 'waiting', claim, by: null };
    const applied = this.openApplied(row.id, row.body);
    return { outcome: row.outcome as DeskOutcome, claim, by: applied?.by ?? null };
  }

  // ───────────── the queue ─────────────

  private enqueue(kind: DeskActionKind, alarmKey: string | null, body: QueuedBody): string {
    const actionId = randomUUID();
    const at = this.now();
    // The row number (the order of sending) is SQLite's own: the seal binds the action id.
    this.db.run('INSERT INTO desk_pending (action_id, kind, alarm_key, at, body) VALUES (?, ?, ?, ?, ?)', [actionId, kind, alarmKey, at, sealJson(this.key, { kind: 'desk-pending', key: actionId }, body)]);
    return actionId;
  }

  private pendingFor(alarmKey: string, kind: DeskActionKind): boolean {
    return this.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM desk_pending WHERE alarm_key = ? AND kind = ?', [alarmKey, kind])!.n > 0;
  }

  /** Sends what waits, in order, while the store answers. */
  private async flush(): Promise<void> {
    if (!this.store || this.status !== 'up') return;
    for (;;) {
      const row = this.db.get<{ id: number; action_id: string; kind: string; alarm_key: string | null; at: number; body: Uint8Array }>('SELECT id, action_id, kind, alarm_key, at, body FROM desk_pending ORDER BY id LIMIT 1');
      if (!row) return;
      let body: QueuedBody;
      try {
        body = unsealJson(this.key, { kind: 'desk-pending', key: row.action_id }, row.body) as QueuedBody;
      } catch (thrown) {
        this.log.error(SCOPE, `a waiting action (${row.kind}, ${row.action_id}) cannot be read and is dropped: ${String(thrown)}`);
        this.db.run('DELETE FROM desk_pending WHERE id = ?', [row.id]);
        continue;
      }
      const input: SiteActionInput = {
        actionId: row.action_id,
        kind: row.kind as DeskActionKind,
        alarmKey: row.alarm_key,
        desk: body.desk,
        operator: body.operator,
        at: isoOf(row.at),
        body: stripUndefined({ note: body.note, leaseSeconds: body.leaseSeconds, handover: body.handover, handoverId: body.handoverId, alarm: body.alarm }),
      };
      let record: SiteActionRecord;
      try {
        record = await this.store.record(input);
      } catch (thrown) {
        if (problemOf(thrown)?.kind === 'unreachable') throw thrown;
        // The store refused this one action (not the connection): it would block the queue for ever.
        this.log.error(SCOPE, `the site store refused action ${row.action_id} (${row.kind}): ${thrown instanceof Error ? thrown.message : String(thrown)}; it is dropped`);
        this.db.run('DELETE FROM desk_pending WHERE id = ?', [row.id]);
        continue;
      }
      this.db.transaction(() => {
        this.apply(record, body.queued === true);
        this.db.run('DELETE FROM desk_pending WHERE id = ?', [row.id]);
      });
      this.changed();
    }
  }

  // ───────────── the site's log ─────────────

  private position(): number {
    return Number(this.db.get<{ seq: number }>('SELECT seq FROM desk_position WHERE site_id = ?', [this.siteId ?? ''])?.seq ?? 0);
  }

  /** Reads the store's log from this desk's position and applies it; again if a doorbell rang meanwhile. */
  private async readLog(): Promise<void> {
    if (!this.store || this.status !== 'up' || this.siteId === null) return;
    for (;;) {
      const from = this.position();
      const records = await this.store.readSince(from, READ_BATCH);
      if (records.length === 0) break;
      this.db.transaction(() => {
        for (const record of records) this.apply(record, false);
        const last = records[records.length - 1]!.seq;
        this.db.run('INSERT INTO desk_position (site_id, seq, updated_at) VALUES (?, ?, ?) ON CONFLICT (site_id) DO UPDATE SET seq = excluded.seq, updated_at = excluded.updated_at', [this.siteId, last, this.now()]);
      });
      this.changed();
      if (records.length < READ_BATCH) break;
    }
    // Another desk signed in or out: who is on duty is read now, not at the next heartbeat.
    if (this.dutyChanged) {
      this.dutyChanged = false;
      await this.beat();
    }
  }

  /**
   * One recorded action, once (by its place in the store's log): kept in the local copy, its claim
   * noted, another desk's acknowledgement applied to the alarms here, and what the store decided
   * against this desk's action said as a notice.
   */
  private apply(record: SiteActionRecord, wasQueued: boolean): void {
    const siteId = this.siteId ?? '';
    const exists = this.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM desk_action WHERE site_id = ? AND (seq = ? OR action_id = ?)', [siteId, record.seq, record.actionId])!.n > 0;
    if (exists) return;
    const mine = record.desk === this.desk;
    const id = Number(this.db.get<{ id: number }>('SELECT COALESCE(MAX(id), 0) + 1 AS id FROM desk_action')?.id ?? 1);
    const applied: AppliedBody = { operator: record.operator, desk: record.desk, body: record.body, by: record.by, claim: record.claim };
    this.db.run('INSERT INTO desk_action (id, site_id, seq, action_id, kind, alarm_key, at, recorded_at, outcome, mine, body) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)', [
      id,
      siteId,
      record.seq,
      record.actionId,
      record.kind,
      record.alarmKey,
      Date.parse(record.at),
      Date.parse(record.recordedAt),
      record.outcome,
      mine ? 1 : 0,
      sealJson(this.key, { kind: 'desk-action', key: id }, applied),
    ]);
    this.noteClaim(record);
    if (!mine && (record.kind === 'signIn' || record.kind === 'signOut')) this.dutyChanged = true;
    const alarms = this.options.alarms();
    const key = record.alarmKey;
    if (!mine && record.kind === 'acknowledge' && record.outcome === 'done' && key && alarms) {
      alarms.acknowledgeFromSite(key, { operator: record.operator, desk: record.desk, at: Date.parse(record.at), note: String(record.body['note'] ?? '') });
    }
    // What the store decided against this desk's action, or another desk's take-over of this guard's claim: a notice.
    const shift = this.options.operator();
    const by = record.by;
    let said: { key: Parameters<typeof screenText>[0]; params: Record<string, string> } | null = null;
    if (mine && record.kind === 'acknowledge' && record.outcome === 'alreadyAcknowledged' && by) {
      said = { key: 'desk.fromMain.alreadyAcknowledged', params: { operator: by.operator ?? '—', desk: by.desk, time: by.at } };
    } else if (mine && record.kind === 'acknowledge' && record.outcome === 'done' && by && (by.desk !== this.desk || by.operator !== record.operator)) {
      said = { key: 'desk.fromMain.closedClaimed', params: { operator: by.operator ?? '—', desk: by.desk } };
    } else if (mine && wasQueued && record.kind === 'claim' && record.outcome === 'claimHeld' && by) {
      said = { key: 'desk.fromMain.claimHeld', params: { operator: by.operator ?? '—', desk: by.desk, time: by.at } };
    } else if (!mine && record.kind === 'takeOver' && record.outcome === 'done' && by?.desk === this.desk && shift && by.operator === shift.name) {
      said = { key: 'desk.fromMain.takenOver', params: { operator: record.operator ?? '—', desk: record.desk, reason: String(record.body['note'] ?? '') } };
    }
    if (!said) return;
    // The alarm as this desk numbers it is looked up only for a notice (not for every action applied in a catch-up).
    const summary = (record.body['alarm'] ?? null) as QueuedBody['alarm'] | null;
    const localId = key && alarms ? (alarms.alarmIdsOf(key).at(-1) ?? null) : null;
    this.notice(screenText(said.key, { alarm: localId ?? summary?.recordId ?? '?', text: summary?.text ?? '', device: summary?.device ?? '', ...said.params }), localId);
  }

  private noteClaim(record: SiteActionRecord): void {
    const key = record.alarmKey;
    if (record.kind === 'signOut') {
      for (const [alarmKey, claim] of this.claims) if (claim.desk === record.desk) this.claims.delete(alarmKey);
      return;
    }
    if (!key) return;
    if (record.claim) this.claims.set(key, { alarmKey: key, ...record.claim });
    else if (record.outcome === 'done' && (record.kind === 'release' || record.kind === 'acknowledge')) this.claims.delete(key);
    else if (record.outcome === 'alreadyAcknowledged') this.claims.delete(key);
  }

  private notice(text: ReturnType<typeof screenText>, alarmId: number | null): void {
    this.notices = [{ id: randomUUID(), at: isoOf(this.now()), text, alarmId }, ...this.notices].slice(0, MAX_NOTICES);
    this.log.info(SCOPE, text.message);
  }

  /** An acknowledgement another desk made of this alarm (its site-wide key), for an alarm that arrives after it. */
  settledElsewhere(siteKey: string): SiteAcknowledgement | null {
    if (!this.store || this.siteId === null) return null;
    const row = this.db.get<{ id: number; at: number; body: Uint8Array }>("SELECT id, at, body FROM desk_action WHERE site_id = ? AND alarm_key = ? AND kind = 'acknowledge' AND outcome = 'done' AND mine = 0 ORDER BY seq LIMIT 1", [this.siteId, siteKey]);
    if (!row) return null;
    const applied = this.openApplied(row.id, row.body);
    if (!applied) return null;
    return { operator: applied.operator, desk: applied.desk, at: Number(row.at), note: String(applied.body['note'] ?? '') };
  }

  private openApplied(id: number, body: Uint8Array): AppliedBody | null {
    try {
      return unsealJson(this.key, { kind: 'desk-action', key: id }, body) as AppliedBody;
    } catch (thrown) {
      this.log.warn(SCOPE, `site log entry ${id} cannot be read: ${String(thrown)}`);
      return null;
    }
  }

  // ───────────── what the screen reads ─────────────

  /** Everything done about an alarm, from every desk, in the store's order; this desk's waiting actions last. */
  activity(alarmId: number): DeskActivity[] {
    this.requireOn();
    const alarmKey = this.options.alarms()?.siteKeysOf([alarmId]).get(alarmId);
    if (!alarmKey) return [];
    const recorded = this.db.all<{ id: number; action_id: string; kind: string; at: number; recorded_at: number; outcome: string; body: Uint8Array }>(
      'SELECT id, action_id, kind, at, recorded_at, outcome, body FROM desk_action WHERE site_id = ? AND alarm_key = ? ORDER BY seq',
      [this.siteId ?? '', alarmKey],
    );
    const out: DeskActivity[] = [];
    for (const row of recorded) {
      const applied = this.openApplied(row.id, row.body);
      if (!applied) continue;
      out.push({ actionId: row.action_id, kind: row.kind as DeskActionKind, ...personOf(applied.operator, applied.desk), at: isoOf(row.at), recordedAt: isoOf(row.recorded_at), outcome: row.outcome as DeskOutcome, note: String(applied.body['note'] ?? ''), by: applied.by });
    }
    for (const row of this.db.all<{ action_id: string; kind: string; at: number; body: Uint8Array }>('SELECT action_id, kind, at, body FROM desk_pending WHERE alarm_key = ? ORDER BY id', [alarmKey])) {
      try {
        const body = unsealJson(this.key, { kind: 'desk-pending', key: row.action_id }, row.body) as QueuedBody;
        out.push({ actionId: row.action_id, kind: row.kind as DeskActionKind, ...personOf(body.operator, body.desk), at: isoOf(row.at), recordedAt: null, outcome: 'waiting', note: body.note ?? '', by: null });
      } catch {
        // A waiting action that cannot be read is dropped when sending (logged there).
      }
    }
    return out;
  }

  private claimOf(alarmKey: string, alarmId: number): DeskClaim | null {
    const claim = this.claims.get(alarmKey);
    if (!claim || Date.parse(claim.until) <= this.now()) return null;
    const operator = this.options.operator()?.name ?? null;
    return { alarmId, operator: claim.operator, desk: claim.desk, since: claim.since, until: claim.until, mine: claim.desk === this.desk && claim.operator === operator };
  }

  /** The newest handover of the site nobody confirmed yet, for a guard other than its author signed in here. */
  handover(): SiteHandoverSummary | null {
    if (!this.store || this.siteId === null) return null;
    const shift = this.options.operator();
    if (!shift) return null;
    const row = this.db.get<{ id: number; action_id: string; recorded_at: number; body: Uint8Array }>("SELECT id, action_id, recorded_at, body FROM desk_action WHERE site_id = ? AND kind = 'handover' ORDER BY seq DESC LIMIT 1", [this.siteId]);
    if (!row) return null;
    const applied = this.openApplied(row.id, row.body);
    if (!applied) return null;
    if (applied.desk === this.desk && applied.operator === shift.name) return null;
    // Only a handover made before this guard's shift began is theirs to take over… or one made since at another desk.
    const confirmed = this.db.all<{ id: number; body: Uint8Array }>("SELECT id, body FROM desk_action WHERE site_id = ? AND kind = 'handoverConfirm' AND seq > (SELECT seq FROM desk_action WHERE id = ?)", [this.siteId, row.id]);
    for (const confirmation of confirmed) {
      const body = this.openApplied(confirmation.id, confirmation.body);
      if (body && body.body['handoverId'] === row.action_id) return null;
    }
    const picture = applied.body['handover'] as Omit<SiteHandoverSummary, 'id' | 'confirmed'> | undefined;
    if (!picture) return null;
    return { ...picture, id: row.action_id, at: isoOf(row.recorded_at), confirmed: null };
  }

  /** What this desk's acknowledgements and notes in a time, and every desk's, add to the site's handover. */
  siteLog(from: number, to: number): { acknowledgedByDesk: Array<DeskPerson & { count: number }>; notes: SiteHandoverSummary['notes'] } {
    const counts = new Map<string, DeskPerson & { count: number }>();
    const notes: SiteHandoverSummary['notes'] = [];
    const alarms = this.options.alarms();
    for (const row of this.db.all<{ id: number; kind: string; alarm_key: string | null; at: number; outcome: string; body: Uint8Array }>(
      "SELECT id, kind, alarm_key, at, outcome, body FROM desk_action WHERE site_id = ? AND kind IN ('acknowledge', 'note') AND at BETWEEN ? AND ? ORDER BY seq",
      [this.siteId ?? '', from, to],
    )) {
      const applied = this.openApplied(row.id, row.body);
      if (!applied) continue;
      if (row.kind === 'acknowledge' && row.outcome === 'done') {
        const name = `${applied.desk}\u0000${applied.operator ?? ''}`;
        const entry = counts.get(name) ?? { ...personOf(applied.operator, applied.desk), count: 0 };
        entry.count++;
        counts.set(name, entry);
      }
      const note = String(applied.body['note'] ?? '');
      if (note !== '') notes.push({ ...personOf(applied.operator, applied.desk), at: isoOf(row.at), alarmId: row.alarm_key && alarms ? (alarms.alarmIdsOf(row.alarm_key).at(-1) ?? null) : null, note });
    }
    return { acknowledgedByDesk: [...counts.values()].sort((a, b) => a.desk.localeCompare(b.desk) || String(a.operator).localeCompare(String(b.operator))), notes: notes.slice(-50) };
  }

  /** Who holds each of these alarms (the handover's open list). */
  ownersOf(alarmIds: readonly number[]): Map<number, DeskPerson> {
    const owners = new Map<number, DeskPerson>();
    const keys = this.options.alarms()?.siteKeysOf(alarmIds) ?? new Map<number, string>();
    for (const [alarmId, key] of keys) {
      const claim = this.claimOf(key, alarmId);
      if (claim) owners.set(alarmId, personOf(claim.operator, claim.desk));
    }
    return owners;
  }

  state(): DeskState {
    const at = this.now();
    const claims: DeskClaim[] = [];
    const alarms = this.options.alarms();
    if (alarms) {
      for (const [key, claim] of this.claims) {
        if (Date.parse(claim.until) <= at) continue;
        for (const alarmId of alarms.alarmIdsOf(key)) {
          const found = this.claimOf(key, alarmId);
          if (found) claims.push(found);
        }
      }
    }
    const newest = Math.max(0, ...this.beats.map((beat) => Date.parse(beat.heartbeatAt)));
    const onDuty: DeskOnDuty[] = this.beats
      .filter((beat) => beat.operator !== null)
      .map((beat) => ({ ...personOf(beat.operator, beat.desk), since: beat.since, heartbeatAt: beat.heartbeatAt, silent: newest - Date.parse(beat.heartbeatAt) > 3 * this.heartbeatMs, here: beat.desk === this.desk }))
      .sort((a, b) => Number(b.here) - Number(a.here) || a.desk.localeCompare(b.desk));
    return {
      status: this.status,
      desk: this.desk,
      storeLabel: this.store?.label ?? null,
      since: this.since === null ? null : isoOf(this.since),
      problemText: this.status === 'down' ? screenText('desk.fromMain.unreachable', { time: isoOf(this.since ?? at) }) : this.problem,
      waiting: this.store ? this.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM desk_pending')!.n : 0,
      claims,
      onDuty,
      handover: this.handover(),
      leaseSeconds: this.leaseSeconds,
      notices: this.notices,
    };
  }

  /** Coalesced push of the state (at most one per 100 ms). */
  private changed(): void {
    if (!this.options.onState || this.pushTimer !== null || this.stopped) return;
    this.pushTimer = this.timers.setTimeout(() => {
      this.pushTimer = null;
      this.options.onState?.(this.state());
    }, 100);
  }

  /** Pushes now (tests; after an action the guard waits for). */
  flushState(): void {
    if (this.pushTimer !== null) {
      this.timers.clearTimeout(this.pushTimer);
      this.pushTimer = null;
    }
    this.options.onState?.(this.state());
  }

  /** Resolves once the tasks scheduled so far have run (tests). */
  idle(): Promise<void> {
    return this.chain;
  }
}

/** The store's problem a failure carries (site-store.ts's SiteStoreError), if it is one. */
function problemOf(thrown: unknown): SiteStoreProblem | null {
  const problem = (thrown as { problem?: SiteStoreProblem } | null)?.problem;
  return problem && (problem.kind === 'unreachable' || problem.kind === 'refused') ? problem : null;
}

function summaryOf(event: FeedEvent): NonNullable<QueuedBody['alarm']> {
  return { recordId: event.record_ID, priority: event.alarm?.priority ?? null, created: String(event.created), device: String(event.device_Name ?? ''), text: String(event.custom_Text ?? '') };
}

function stripUndefined(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));
}
