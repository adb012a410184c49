/**
 * AlarmStore: every alarm the kiosk has seen from one service and what was done about it, in the
 * kiosk's database (storage/kiosk-database.ts, tables `alarm` and `acknowledgement`). An alarm's
 * identity is the event's id together with a mark of its content (time, category, device, text):
 * a service whose ids restarted reuses an id for another event, and that is another alarm — an
 * acknowledgement or a note is never carried to it. Waiting alarms are kept on disk, not in
 * memory: the screen reads counts (`summary`) and pages (`page`), so a flood of 100,000 costs no
 * frame and no memory; past the list's bound (alarms.maxOpen) the lowest priority, oldest are set
 * aside — still unacknowledged, listed in their own group and said until the guard dealt with them.
 *
 * It owns: recording the alarms the feed delivers (live, on catch-up, at start) in the same
 * transaction as the feed's position, acknowledging (one operator-log entry per alarm, the
 * operator stamped from main's state, with the note, in one transaction), the priority shown
 * (raised once per escalation period an alarm of this shift waits, kept by `escalate`), the
 * figures of a shift for the handover, and the `openAlarms` pushes (coalesced: at most one per
 * `pushDelayMs`). The event's text and device, the note and the operator are sealed with the data
 * key (storage/seal.ts); ids, times and priorities are in clear for sorting and counting.
 * It never talks to the service.
 */
import { ALARM_PRIORITIES, MAX_ACKNOWLEDGED_PER_PUSH, MAX_ADDED_PER_PUSH, screenText, type AcknowledgeResult, type Acknowledgement, type AcknowledgementPage, type AlarmFilter, type AlarmGroup, type AlarmGroupMark, type AlarmOrder, type AlarmPriority, type AlarmState, type AlarmSummary, type FeedEvent, type OpenAlarm, type OpenAlarmPage, type OpenAlarmsChange, type ScreenText } from '../../contract/ipc';
import type { KioskDatabase } from '../storage/kiosk-database';
import { markOf, SealError, sealJson, unsealJson } from '../storage/seal';
import { fingerprint } from '../../contract/event-fingerprint';
import type { Logger } from '../log/logger';
import { siteAlarmKey } from '../site-desk/site-alarm-key';
import { boundText, shownEvent } from './alarm-text';

const SCOPE = 'alarms';
const STATE_CODE: Record<AlarmState, number> = { waiting: 0, acknowledged: 1, setAside: 2 };
const STATE_OF = ['waiting', 'acknowledged', 'setAside'] as const;
const rankOf = (priority: AlarmPriority): number => ALARM_PRIORITIES.indexOf(priority);
const priorityOf = (rank: number): AlarmPriority => ALARM_PRIORITIES[Math.min(3, Math.max(0, rank))]!;

/** How an alarm reached the kiosk. */
export type AlarmArrival = 'live' | 'catch-up' | 'start';

export interface AlarmTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface AlarmStoreOptions {
  database: KioskDatabase;
  /** The service these alarms come from (services.ts). */
  serviceId: number;
  /** The data key (32 bytes) that seals texts and notes, or null: kept in clear in the owner-only database. */
  key: Buffer | null;
  /** Most alarms listed as waiting (alarms.maxOpen). */
  bound: number;
  /** Alarms older than this many hours at start are "from before this shift". */
  shiftHours: number;
  /** An alarm of this shift left waiting this long is shown one priority higher, once per period; 0: never. */
  escalateAfterMinutes: number;
  log: Logger;
  /** Who is on shift: stamped on each acknowledgement. */
  operator?: () => string | null;
  /** Told about every change, coalesced (the push to the renderer). */
  onChange?: (change: OpenAlarmsChange) => void;
  /** Told about alarms acknowledged (the feed marks its rows). */
  now?: () => number;
  timers?: AlarmTimers;
  /** Least time between two pushes. */
  pushDelayMs?: number;
  /** Why the kiosk's records could not be read at start (a damaged database moved aside), for the screen. */
  loadProblem?: ScreenText | null;
  /** The shared alarm desk (site-desk/): this desk's name, stamped on its acknowledgements; null when the kiosk works alone. */
  desk?: string | null;
  /** An alarm that arrives already acknowledged at another desk of the site (its site-wide key): who, where, when; null when not. */
  settledElsewhere?: (siteKey: string) => SiteAcknowledgement | null;
  /** Told about this desk's acknowledgements (after they are recorded), to share them with the site. */
  onAcknowledged?: (acknowledged: readonly AcknowledgedHere[]) => void;
}

/** An acknowledgement made at another desk of the site. */
export interface SiteAcknowledgement {
  operator: string | null;
  desk: string;
  /** When (ms). */
  at: number;
  note: string;
}

/** An alarm acknowledged at this desk, as the shared desk sends it. */
export interface AcknowledgedHere {
  alarmId: number;
  siteKey: string;
  note: string;
  at: number;
  operator: string | null;
  event: FeedEvent;
}

/** What the alarm rules decided of one event: the figures of a shift by priority. */
export interface ShiftAlarmFigures {
  priority: AlarmPriority;
  /** Alarms whose event happened in the shift (or arrived in it, when its time is unreadable). */
  raised: number;
  /** Of those, acknowledged by the end of the shift. */
  acknowledged: number;
  /** Of those, still waiting in the list. */
  waiting: number;
  /** Of those, still unacknowledged, set aside beyond the list's bound. */
  setAside: number;
  /** Of those, found by a catch-up (raised while the kiosk was stopped). */
  caughtUp: number;
  /** Acknowledgements made during the shift at this priority, whenever the alarm was raised. */
  acknowledgedInShift: number;
}

interface AlarmRow {
  id: number;
  record_id: number;
  created_at: number | null;
  rank: number;
  shown_rank: number;
  state: number;
  event: Uint8Array;
}

interface AckRow {
  id: number;
  alarm_id: number | null;
  at: number;
  body: Uint8Array;
}

/** What is sealed in an acknowledgement's body. */
interface AckBody {
  alarmKey: string;
  recordIds: number[];
  note: string;
  device: string;
  text: string;
  operator: string | null;
  eventCreated: string | null;
  priority: AlarmPriority | null;
  /** The desk it was acknowledged at (shared alarm desk only). */
  desk?: string | null;
}

const defaultTimers: AlarmTimers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Only what the guard sees of an event is kept (the service's extra fields stay in the service). */
export function keptEvent(event: FeedEvent): FeedEvent {
  return {
    record_ID: event.record_ID,
    created: String(event.created),
    event_Category_Name: String(event.event_Category_Name ?? ''),
    device_Name: String(event.device_Name ?? ''),
    custom_Text: String(event.custom_Text ?? ''),
    origin_Name: event.origin_Name ?? null,
    additional_Info: event.additional_Info ?? null,
    cardnumber: event.cardnumber ?? null,
    facility_Code: event.facility_Code ?? null,
    alarm: event.alarm ? { priority: event.alarm.priority, rule: event.alarm.rule } : null,
  };
}

export class AlarmStore {
  readonly bound: number;
  /** Alarms created before this are from before this shift (ms). */
  readonly shiftStartedAt: number;
  readonly periodMs: number;
  private readonly db: KioskDatabase;
  private readonly serviceId: number;
  private readonly key: Buffer | null;
  private readonly log: Logger;
  private readonly operator: () => string | null;
  private readonly onChange: ((change: OpenAlarmsChange) => void) | undefined;
  private readonly now: () => number;
  private readonly timers: AlarmTimers;
  private readonly pushDelayMs: number;
  private readonly loadProblem: ScreenText | null;
  private readonly desk: string | null;
  private readonly settledElsewhere: ((siteKey: string) => SiteAcknowledgement | null) | null;
  private readonly onAcknowledged: ((acknowledged: readonly AcknowledgedHere[]) => void) | null;
  private revision = 0;
  private pushTimer: unknown = null;
  private pendingAdded: OpenAlarm[] = [];
  private pendingMore = 0;
  private pendingAcknowledged: number[] = [];
  private lastEscalationAt: number | null = null;
  /**
   * How many alarms are in each group, kept as they change (counting 100,000 rows at every push
   * would cost the main thread): this shift's waiting by the priority shown, from before this
   * shift, set aside. Counted from the database at start and after each escalation that changed one.
   */
  private readonly counts = { shift: [0, 0, 0, 0], preShift: 0, setAside: 0 };
  /** The highest alarm number of this service (read once at start, then kept). */
  private highest = 0;
  /** The order number of the last alarm set aside (0 when none has been). */
  private lastSetAside = 0;
  /** Acknowledged under an older version (the operator log had no alarm numbers): record id → what was seen. */
  private legacyAcknowledged = new Map<number, Array<{ created: number; device: string; text: string }>>();

  constructor(options: AlarmStoreOptions) {
    this.db = options.database;
    this.serviceId = options.serviceId;
    this.key = options.key;
    this.bound = Math.max(1, Math.floor(options.bound));
    this.log = options.log;
    this.operator = options.operator ?? (() => null);
    this.onChange = options.onChange;
    this.now = options.now ?? Date.now;
    this.timers = options.timers ?? defaultTimers;
    this.pushDelayMs = options.pushDelayMs ?? 100;
    this.loadProblem = options.loadProblem ?? null;
    this.desk = options.desk ?? null;
    this.settledElsewhere = options.settledElsewhere ?? null;
    this.onAcknowledged = options.onAcknowledged ?? null;
    this.shiftStartedAt = this.now() - options.shiftHours * 3_600_000;
    this.periodMs = Math.max(0, options.escalateAfterMinutes) * 60_000;
    this.recount();
    this.highest = Number(this.db.get<{ id: number | null }>('SELECT MAX(id) AS id FROM alarm WHERE service_id = ?', [this.serviceId])?.id ?? 0);
    this.lastSetAside = Number(this.db.get<{ seq: number | null }>('SELECT MAX(set_aside_seq) AS seq FROM alarm WHERE service_id = ?', [this.serviceId])?.seq ?? 0);
  }

  // ───────────── recording ─────────────

  /**
   * Events the feed delivered: each alarm among them is recorded once (by its identity) and the
   * events come back marked with their alarm's number and state. Runs in the caller's transaction
   * when there is one (the feed records its position in the same one).
   */
  observe(events: readonly FeedEvent[], via: AlarmArrival, numbering: number): FeedEvent[] {
    if (!events.some((event) => event.alarm)) return [...events];
    const at = this.now();
    let addedNow = 0;
    const marked = this.db.transaction(() =>
      events.map((event): FeedEvent => {
        if (!event.alarm) return event;
        const kept = keptEvent(event);
        const mark = markOf(this.key, fingerprint(kept));
        const existing = this.db.get<{ id: number; state: number }>('SELECT id, state FROM alarm WHERE service_id = ? AND record_id = ? AND mark = ?', [this.serviceId, kept.record_ID, mark]);
        if (existing) return { ...event, alarm: { ...event.alarm, id: existing.id, state: STATE_OF[existing.state] ?? ('waiting' as AlarmState) } };
        const created = Date.parse(kept.created);
        const rank = rankOf(event.alarm.priority);
        const siteKey = siteAlarmKey(kept);
        const elsewhere = this.settledElsewhere?.(siteKey) ?? null;
        const acknowledgedBefore = elsewhere !== null || this.matchesLegacy(kept, created);
        const state = acknowledgedBefore ? STATE_CODE.acknowledged : STATE_CODE.waiting;
        // The row's number is known before it is written: the seal binds it (one write per alarm).
        const id = this.nextId('alarm');
        this.highest = Math.max(this.highest, id);
        // The mark and the site-wide key above are of the whole text; what is kept and shown is bounded (alarm-text.ts).
        const stored: FeedEvent = { ...shownEvent(kept), alarm: { priority: event.alarm.priority, rule: event.alarm.rule, id } };
        this.db.run(
          'INSERT INTO alarm (id, service_id, numbering, record_id, mark, created_at, received_at, via, rank, shown_rank, rule, state, acknowledged_at, event, site_key) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
          [id, this.serviceId, numbering, kept.record_ID, mark, Number.isFinite(created) ? created : null, at, via, rank, this.shownRank(rank, created, at), event.alarm.rule, state, elsewhere ? elsewhere.at : acknowledgedBefore ? at : null, sealJson(this.key, { kind: 'alarm', key: id }, stored), siteKey],
        );
        if (elsewhere) this.insertAcknowledgement(id, elsewhere.at, this.bodyOf(id, stored, elsewhere.note, elsewhere.operator, elsewhere.desk), true);
        if (state === STATE_CODE.waiting) {
          addedNow++;
          this.countIn(this.groupOf(created, STATE_CODE.waiting), this.shownRank(rank, created, at), +1);
          this.noteAdded({ id, event: { ...stored, alarm: { ...stored.alarm!, state: 'waiting' } }, preShift: Number.isFinite(created) && created < this.shiftStartedAt, setAside: false });
        }
        const marked: FeedEvent = { ...event, alarm: { ...event.alarm, id, state: acknowledgedBefore ? 'acknowledged' : 'waiting' } };
        return marked;
      }),
    );
    if (addedNow > 0) {
      const setAside = this.enforceBound(at);
      if (setAside.length > 0) {
        const gone = new Set(setAside);
        for (const event of marked) if (event.alarm?.id !== undefined && gone.has(event.alarm.id)) event.alarm = { ...event.alarm, state: 'setAside' };
      }
      this.changed();
    }
    return marked;
  }

  /** Past the bound, the lowest priority shown, oldest, are set aside (still unacknowledged); returns their numbers. */
  private enforceBound(at: number): number[] {
    const waiting = this.counts.preShift + this.counts.shift.reduce((a, b) => a + b, 0);
    const excess = waiting - this.bound;
    if (excess <= 0) return [];
    const rows = this.db.all<{ id: number; shown_rank: number; created_at: number | null }>(
      'SELECT id, shown_rank, created_at FROM alarm WHERE service_id = ? AND state = 0 ORDER BY shown_rank DESC, created_at ASC, id ASC LIMIT ?',
      [this.serviceId, excess],
    );
    const victims = rows.map((row) => Number(row.id));
    this.db.transaction(() => {
      for (const id of victims) this.db.run('UPDATE alarm SET state = 2, set_aside_at = ?, set_aside_seq = ? WHERE id = ?', [at, ++this.lastSetAside, id]);
    });
    for (const row of rows) {
      this.countIn(this.groupOf(row.created_at === null ? Number.NaN : Number(row.created_at), STATE_CODE.waiting), Number(row.shown_rank), -1);
      this.counts.setAside++;
    }
    const total = this.counts.setAside;
    this.log.error(SCOPE, `more than ${this.bound} alarms wait: ${victims.length} of the lowest priority and oldest set aside now, ${total} set aside in all (still unacknowledged, listed apart)`);
    const gone = new Set(victims);
    this.pendingAdded = this.pendingAdded.filter((alarm) => !gone.has(alarm.id));
    return victims;
  }

  // ───────────── acknowledging ─────────────

  /** The alarms with these numbers as main holds them (any state), for checks before acknowledging. */
  describe(alarmIds: readonly number[]): Map<number, OpenAlarm & { state: AlarmState; shownRank: number }> {
    const found = new Map<number, OpenAlarm & { state: AlarmState; shownRank: number }>();
    for (const chunk of chunks(alarmIds, 500)) {
      const rows = this.db.all<AlarmRow>(`SELECT id, record_id, created_at, rank, shown_rank, state, event FROM alarm WHERE service_id = ? AND id IN (${chunk.map(() => '?').join(',')})`, [this.serviceId, ...chunk]);
      for (const row of rows) {
        const alarm = this.toOpenAlarm(row);
        if (alarm) found.set(Number(row.id), { ...alarm, state: STATE_OF[row.state] ?? 'waiting', shownRank: Number(row.shown_rank) });
      }
    }
    return found;
  }

  /** Acknowledges alarms with one note: one operator-log entry each, all in one transaction. */
  acknowledge(alarmIds: readonly number[], note: string): AcknowledgeResult {
    const ids = [...new Set(alarmIds)];
    const described = this.describe(ids);
    const at = this.now();
    const operator = this.operator();
    const trimmed = note.trim();
    const entries: Acknowledgement[] = [];
    const shared: AcknowledgedHere[] = [];
    // The site-wide keys as recorded (of the whole text), not recomputed from the bounded text kept.
    const siteKeys = this.onAcknowledged ? this.siteKeysOf(ids) : new Map<number, string>();
    let already = 0;
    this.db.transaction(() => {
      for (const id of ids) {
        const alarm = described.get(id);
        if (!alarm) continue;
        if (alarm.state === 'acknowledged') {
          already++;
          continue;
        }
        this.db.run('UPDATE alarm SET state = 1, acknowledged_at = ? WHERE id = ?', [at, id]);
        if (alarm.state === 'setAside') this.counts.setAside--;
        else this.countIn(alarm.preShift ? 'preShift' : 'shift', alarm.shownRank, -1);
        const body = this.bodyOf(id, alarm.event, trimmed, operator, this.desk);
        this.insertAcknowledgement(id, at, body);
        entries.push(toAcknowledgement(body, at, id));
        if (this.onAcknowledged) shared.push({ alarmId: id, siteKey: siteKeys.get(id) ?? siteAlarmKey(keptEvent(alarm.event)), note: trimmed, at, operator, event: alarm.event });
      }
      // Queued for the site in the same transaction: a kiosk killed now keeps both or neither.
      if (shared.length > 0) this.onAcknowledged?.(shared);
    });
    if (entries.length > 0) {
      for (const entry of entries) if (entry.alarmId !== undefined) this.pendingAcknowledged.push(entry.alarmId);
      this.changed();
    }
    return { acknowledged: entries.length, alreadyAcknowledged: already, unknown: ids.length - described.size, entries: entries.slice(-100).reverse() };
  }

  /**
   * An acknowledgement made at another desk of the site: every alarm here with that site-wide key
   * still unacknowledged is acknowledged, in the operator log with who and where (marked as made
   * elsewhere: this desk's handover counts its own). Returns the numbers acknowledged now.
   */
  acknowledgeFromSite(siteKey: string, by: SiteAcknowledgement): number[] {
    const rows = this.db.all<AlarmRow>('SELECT id, record_id, created_at, rank, shown_rank, state, event FROM alarm WHERE site_key = ? AND service_id = ? AND state IN (0, 2)', [siteKey, this.serviceId]);
    const done: number[] = [];
    this.db.transaction(() => {
      for (const row of rows) {
        const alarm = this.toOpenAlarm(row);
        if (!alarm) continue;
        this.db.run('UPDATE alarm SET state = 1, acknowledged_at = ? WHERE id = ?', [by.at, alarm.id]);
        if (alarm.setAside) this.counts.setAside--;
        else this.countIn(alarm.preShift ? 'preShift' : 'shift', Number(row.shown_rank), -1);
        this.insertAcknowledgement(alarm.id, by.at, this.bodyOf(alarm.id, alarm.event, by.note, by.operator, by.desk), true);
        done.push(alarm.id);
      }
    });
    if (done.length > 0) {
      this.pendingAcknowledged.push(...done);
      this.changed();
    }
    return done;
  }

  /** An event as the service gave it again (the detail panel's refresh): its alarm marked with this kiosk's number and state, when it holds it. */
  marked(event: FeedEvent): FeedEvent {
    if (!event.alarm) return event;
    const mark = markOf(this.key, fingerprint(keptEvent(event)));
    const found = this.db.get<{ id: number; state: number }>('SELECT id, state FROM alarm WHERE service_id = ? AND record_id = ? AND mark = ?', [this.serviceId, event.record_ID, mark]);
    return found ? { ...event, alarm: { ...event.alarm, id: Number(found.id), state: STATE_OF[found.state] ?? 'waiting' } } : event;
  }

  /** This kiosk's alarms with a site-wide key, any state (the shared desk maps the site's actions onto them). */
  alarmIdsOf(siteKey: string): number[] {
    return this.db.all<{ id: number }>('SELECT id FROM alarm WHERE site_key = ? AND service_id = ? ORDER BY id', [siteKey, this.serviceId]).map((row) => Number(row.id));
  }

  /** The site-wide keys of these alarms (those recorded since the shared desk exists). */
  siteKeysOf(alarmIds: readonly number[]): Map<number, string> {
    const keys = new Map<number, string>();
    for (const chunk of chunks([...new Set(alarmIds)], 500)) {
      for (const row of this.db.all<{ id: number; site_key: string | null }>(`SELECT id, site_key FROM alarm WHERE service_id = ? AND id IN (${chunk.map(() => '?').join(',')})`, [this.serviceId, ...chunk])) {
        if (row.site_key) keys.set(Number(row.id), row.site_key);
      }
    }
    return keys;
  }

  /**
   * The numbers of the alarms a group held when it was shown (`asOf`), still unacknowledged,
   * optionally only those matching a filter. Alarms that arrived since are left out, and so are
   * alarms set aside since (older, but not in the set-aside group the guard saw); an alarm from
   * before this shift set aside since was in that group and stays in it.
   */
  groupIds(group: AlarmGroup, asOf: AlarmGroupMark, filter?: AlarmFilter): number[] {
    const { highestId, lastSetAside } = asOf;
    const [where, params]: [string, number[]] =
      group === 'setAside'
        ? ['service_id = ? AND state = 2 AND set_aside_seq <= ?', [this.serviceId, lastSetAside]]
        : group === 'preShift'
          ? ['service_id = ? AND created_at < ? AND id <= ? AND (state = 0 OR (state = 2 AND set_aside_seq > ?))', [this.serviceId, this.shiftStartedAt, highestId, lastSetAside]]
          : group === 'all'
            ? ['service_id = ? AND state IN (0, 2) AND id <= ?', [this.serviceId, highestId]]
            : ['service_id = ? AND id <= ? AND (created_at IS NULL OR created_at >= ?) AND (state = 0 OR (state = 2 AND set_aside_seq > ?))', [this.serviceId, highestId, this.shiftStartedAt, lastSetAside]];
    const matches = matcherOf(filter);
    if (!matches) return this.db.all<{ id: number }>(`SELECT id FROM alarm WHERE ${where} ORDER BY id`, params).map((row) => Number(row.id));
    const ids: number[] = [];
    for (const row of this.db.iterate<AlarmRow>(`SELECT id, record_id, created_at, rank, shown_rank, state, event FROM alarm WHERE ${where} ORDER BY id`, params)) {
      const alarm = this.toOpenAlarm(row);
      if (alarm && matches(alarm.event)) ids.push(alarm.id);
    }
    return ids;
  }

  /** Where the groups stand now (a page or a summary says it, a group's acknowledgement refers to it). */
  private mark(): AlarmGroupMark {
    return { highestId: this.highest, lastSetAside: this.lastSetAside };
  }

  // ───────────── reading ─────────────

  summary(): AlarmSummary {
    const waiting: Record<AlarmPriority, number> = { critical: this.counts.shift[0]!, high: this.counts.shift[1]!, medium: this.counts.shift[2]!, low: this.counts.shift[3]! };
    const waitingTotal = ALARM_PRIORITIES.reduce((sum, p) => sum + waiting[p], 0);
    const preShift = this.counts.preShift;
    const setAside = this.counts.setAside;
    const oldest = this.db.get<{ at: number | null }>('SELECT created_at AS at FROM alarm WHERE service_id = ? AND state IN (0, 2) AND created_at IS NOT NULL ORDER BY created_at ASC LIMIT 1', [this.serviceId])?.at ?? null;
    return {
      revision: this.revision,
      waiting,
      waitingTotal,
      preShift,
      setAside,
      unacknowledged: waitingTotal + preShift + setAside,
      oldestAt: oldest === null ? null : new Date(Number(oldest)).toISOString(),
      asOf: this.mark(),
      bound: this.bound,
      shiftStartedAt: new Date(this.shiftStartedAt).toISOString(),
      setAsideText: setAside > 0 ? screenText('alarms.fromMain.setAside', { count: setAside, bound: this.bound }) : null,
      loadProblemText: this.loadProblem,
    };
  }

  /**
   * One page of a group, in an order (the database's index serves it: no alarm is held in memory).
   * With a filter (the feed's text, device, category) the group is read in order and each alarm
   * opened to be matched (its text is sealed): the cost grows with the group, not the page.
   */
  page(group: AlarmGroup, order: AlarmOrder, offset: number, limit: number, filter?: AlarmFilter): OpenAlarmPage {
    const { where, params } = this.groupWhere(group);
    const orderBy = order === 'priority' ? 'shown_rank ASC, created_at ASC, id ASC' : order === 'newest' ? 'created_at DESC, id DESC' : 'created_at ASC, id ASC';
    const matches = matcherOf(filter);
    if (matches) {
      const items: OpenAlarm[] = [];
      let total = 0;
      for (const row of this.db.iterate<AlarmRow>(`SELECT id, record_id, created_at, rank, shown_rank, state, event FROM alarm WHERE ${where} ORDER BY ${orderBy}`, params)) {
        const alarm = this.toOpenAlarm(row);
        if (!alarm || !matches(alarm.event)) continue;
        if (total >= offset && items.length < limit) items.push(alarm);
        total++;
      }
      return { revision: this.revision, group, order, total, offset, items, asOf: this.mark() };
    }
    const total = this.groupTotal(group);
    const rows = this.db.all<AlarmRow>(`SELECT id, record_id, created_at, rank, shown_rank, state, event FROM alarm WHERE ${where} ORDER BY ${orderBy} LIMIT ? OFFSET ?`, [...params, limit, offset]);
    const items = rows.flatMap((row) => {
      const alarm = this.toOpenAlarm(row);
      return alarm ? [alarm] : [];
    });
    return { revision: this.revision, group, order, total, offset, items, asOf: this.mark() };
  }

  /** The current state of alarms by number (the feed's snapshot marks its rows with it). */
  states(alarmIds: readonly number[]): Map<number, AlarmState> {
    const states = new Map<number, AlarmState>();
    for (const chunk of chunks([...new Set(alarmIds)], 500)) {
      for (const row of this.db.all<{ id: number; state: number }>(`SELECT id, state FROM alarm WHERE service_id = ? AND id IN (${chunk.map(() => '?').join(',')})`, [this.serviceId, ...chunk])) {
        states.set(row.id, STATE_OF[row.state] ?? 'waiting');
      }
    }
    return states;
  }

  /** How many alarms wait (any group): the status bar's count. */
  unacknowledged(): number {
    return this.groupTotal('all');
  }

  /** The figures of a shift by priority, from the record (see ShiftAlarmFigures). */
  shiftFigures(from: number, to: number): ShiftAlarmFigures[] {
    const raised = this.db.all<{ rank: number; state: number; via: string; n: number }>(
      `SELECT rank, state, via, COUNT(*) AS n FROM alarm WHERE service_id = ? AND COALESCE(created_at, received_at) BETWEEN ? AND ? GROUP BY rank, state, via`,
      [this.serviceId, from, to],
    );
    const acks = this.db.all<{ rank: number | null; n: number }>('SELECT rank, COUNT(*) AS n FROM acknowledgement WHERE service_id = ? AND elsewhere = 0 AND at BETWEEN ? AND ? GROUP BY rank', [this.serviceId, from, to]);
    return ALARM_PRIORITIES.map((priority, rank) => {
      const of = raised.filter((row) => row.rank === rank);
      const sum = (pick: (row: (typeof of)[number]) => boolean): number => of.filter(pick).reduce((total, row) => total + Number(row.n), 0);
      // An acknowledgement acknowledged "at" a state change after `to` still counts as acknowledged: the report is made at `to`.
      return {
        priority,
        raised: sum(() => true),
        acknowledged: sum((row) => row.state === STATE_CODE.acknowledged),
        waiting: sum((row) => row.state === STATE_CODE.waiting),
        setAside: sum((row) => row.state === STATE_CODE.setAside),
        caughtUp: sum((row) => row.via === 'catch-up'),
        acknowledgedInShift: acks.filter((row) => row.rank === rank).reduce((total, row) => total + Number(row.n), 0),
      };
    });
  }

  /** Unacknowledged alarms, most urgent first (the handover's list), at most `limit`. */
  stillWaiting(limit: number): OpenAlarm[] {
    const rows = this.db.all<AlarmRow>('SELECT id, record_id, created_at, rank, shown_rank, state, event FROM alarm WHERE service_id = ? AND state IN (0, 2) ORDER BY rank ASC, created_at ASC, id ASC LIMIT ?', [this.serviceId, limit]);
    return rows.flatMap((row) => {
      const alarm = this.toOpenAlarm(row);
      return alarm ? [alarm] : [];
    });
  }

  /** The operator log: one page, newest first, and how many entries it holds. */
  acknowledgementPage(offset: number, limit: number): AcknowledgementPage {
    // Counted as rows come and go (kiosk-schema.ts, row_count): no scan of the log.
    const total = Number(this.db.get<{ n: number }>("SELECT n FROM row_count WHERE what = 'acknowledgement' AND part = ?", [this.serviceId])?.n ?? 0);
    // The page's rows are found in the index alone (a deep page skips index entries, not sealed bodies), then read.
    const rows = this.db.all<AckRow>(
      'SELECT id, alarm_id, at, body FROM acknowledgement WHERE id IN (SELECT id FROM acknowledgement WHERE service_id = ? ORDER BY at DESC, id DESC LIMIT ? OFFSET ?) ORDER BY at DESC, id DESC',
      [this.serviceId, limit, offset],
    );
    return { total, offset, items: rows.flatMap((row) => this.toAcknowledgement(row)) };
  }

  /** Every acknowledgement, oldest first (the operator log's export); `from`/`to` bound by time. */
  acknowledgements(from = Number.NEGATIVE_INFINITY, to = Number.POSITIVE_INFINITY): Acknowledgement[] {
    const rows = this.db.all<AckRow>('SELECT id, alarm_id, at, body FROM acknowledgement WHERE service_id = ? AND at BETWEEN ? AND ? ORDER BY at ASC, id ASC', [
      this.serviceId,
      Number.isFinite(from) ? from : -8.64e15,
      Number.isFinite(to) ? to : 8.64e15,
    ]);
    return rows.flatMap((row) => this.toAcknowledgement(row));
  }

  // ───────────── escalation ─────────────

  /**
   * The escalation tick: alarms of this shift that waited one more full period are shown one
   * priority higher (critical ones stay critical). Returns the highest priority shown among the
   * alarms that crossed a period since the last tick (they sound again), or null. The first tick
   * only starts the clock: alarms found waiting are not sounded for periods they waited before.
   */
  escalate(): AlarmPriority | null {
    const period = this.periodMs;
    const at = this.now();
    const last = this.lastEscalationAt;
    this.lastEscalationAt = at;
    if (!(period > 0)) return null;
    const shown = `MAX(0, rank - CAST((? - created_at) / ? AS INTEGER))`;
    const changed = this.db.run(
      `UPDATE alarm SET shown_rank = ${shown} WHERE service_id = ? AND state IN (0, 2) AND created_at >= ? AND shown_rank != ${shown}`,
      [at, period, this.serviceId, this.shiftStartedAt, at, period],
    ).changes;
    if (changed > 0) {
      this.recount();
      this.changed();
    }
    if (last === null || at <= last) return null;
    const periods = (t: string): string => `MAX(0, CAST((${t} - created_at) / ? AS INTEGER))`;
    const crossed = this.db.get<{ top: number | null }>(
      `SELECT MIN(shown_rank) AS top FROM alarm WHERE service_id = ? AND state = 0 AND created_at >= ? AND created_at <= ? AND ${periods('?')} > ${periods('?')}`,
      [this.serviceId, this.shiftStartedAt, at - period, at, period, last, period],
    )?.top;
    return crossed === null || crossed === undefined ? null : priorityOf(Number(crossed));
  }

  // ───────────── older versions ─────────────

  /** Alarms an older version's operator log acknowledged by record id alone: matched by time, device and text this run. */
  rememberLegacyAcknowledged(entries: ReadonlyArray<{ recordId: number; created: string | null; device: string; text: string }>): void {
    for (const entry of entries) {
      const created = Date.parse(String(entry.created));
      if (!Number.isFinite(created)) continue;
      const list = this.legacyAcknowledged.get(entry.recordId) ?? [];
      list.push({ created, device: entry.device, text: entry.text });
      this.legacyAcknowledged.set(entry.recordId, list);
    }
  }

  /** Writes an older version's operator-log entry as it was (no alarm number). */
  importLegacyAcknowledgement(entry: Acknowledgement): void {
    const at = Date.parse(entry.acknowledgedAt);
    const body: AckBody = {
      alarmKey: entry.alarmKey,
      recordIds: entry.recordIds,
      note: entry.note,
      device: entry.device,
      text: entry.text,
      operator: entry.operator ?? null,
      eventCreated: entry.eventCreated ?? null,
      priority: entry.priority ?? null,
    };
    this.insertAcknowledgement(null, Number.isFinite(at) ? at : 0, body);
  }

  // ───────────── pushes ─────────────

  /** Pushes what changed now (tests; at stop). */
  flush(): void {
    if (this.pushTimer !== null) {
      this.timers.clearTimeout(this.pushTimer);
      this.pushTimer = null;
      this.push();
    }
  }

  private changed(): void {
    this.revision++;
    if (this.pushTimer !== null || !this.onChange) return;
    this.pushTimer = this.timers.setTimeout(() => {
      this.pushTimer = null;
      this.push();
    }, this.pushDelayMs);
  }

  private push(): void {
    const listed = this.pendingAcknowledged.slice(0, MAX_ACKNOWLEDGED_PER_PUSH);
    const change: OpenAlarmsChange = {
      revision: this.revision,
      summary: this.summary(),
      added: this.pendingAdded,
      moreAdded: this.pendingMore,
      acknowledged: listed,
      moreAcknowledged: this.pendingAcknowledged.length - listed.length,
    };
    this.pendingAdded = [];
    this.pendingMore = 0;
    this.pendingAcknowledged = [];
    this.onChange?.(change);
  }

  private noteAdded(alarm: OpenAlarm): void {
    if (this.pendingAdded.length < MAX_ADDED_PER_PUSH) this.pendingAdded.push(alarm);
    else this.pendingMore++;
  }

  // ───────────── helpers ─────────────

  /** The number the next row of `table` gets (inside the writing transaction: nobody else writes meanwhile). */
  private nextId(table: 'alarm' | 'acknowledgement'): number {
    return Number(this.db.get<{ id: number }>(`SELECT COALESCE(MAX(id), 0) + 1 AS id FROM ${table}`)?.id ?? 1);
  }

  private insertAcknowledgement(alarmId: number | null, at: number, body: AckBody, elsewhere = false): void {
    this.db.transaction(() => {
      const id = this.nextId('acknowledgement');
      this.db.run('INSERT INTO acknowledgement (id, service_id, alarm_id, at, rank, body, elsewhere) VALUES (?, ?, ?, ?, ?, ?, ?)', [
        id,
        this.serviceId,
        alarmId,
        at,
        body.priority ? rankOf(body.priority) : null,
        sealJson(this.key, { kind: 'acknowledgement', key: id }, body),
        elsewhere ? 1 : 0,
      ]);
    });
  }

  /** What an operator-log entry keeps of an acknowledged alarm. */
  private bodyOf(id: number, event: FeedEvent, note: string, operator: string | null, desk: string | null): AckBody {
    return {
      alarmKey: `alarm:${id}`,
      recordIds: [event.record_ID],
      note,
      device: String(event.device_Name ?? ''),
      text: boundText(String(event.custom_Text ?? '')),
      operator,
      eventCreated: String(event.created),
      priority: event.alarm?.priority ?? null,
      ...(desk ? { desk } : {}),
    };
  }

  /** Counts the groups from the database (at start, after an escalation). */
  private recount(): void {
    this.counts.shift = [0, 0, 0, 0];
    const rows = this.db.all<{ shown_rank: number; n: number }>(
      'SELECT shown_rank, COUNT(*) AS n FROM alarm WHERE service_id = ? AND state = 0 AND (created_at IS NULL OR created_at >= ?) GROUP BY shown_rank',
      [this.serviceId, this.shiftStartedAt],
    );
    for (const row of rows) this.counts.shift[Math.min(3, Math.max(0, Number(row.shown_rank)))]! += Number(row.n);
    this.counts.preShift = Number(this.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM alarm WHERE service_id = ? AND state = 0 AND created_at < ?', [this.serviceId, this.shiftStartedAt])?.n ?? 0);
    this.counts.setAside = Number(this.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM alarm WHERE service_id = ? AND state = 2', [this.serviceId])?.n ?? 0);
  }

  private groupOf(created: number, state: number): 'shift' | 'preShift' | 'setAside' {
    if (state === STATE_CODE.setAside) return 'setAside';
    return Number.isFinite(created) && created < this.shiftStartedAt ? 'preShift' : 'shift';
  }

  private countIn(group: 'shift' | 'preShift' | 'setAside', shownRank: number, delta: number): void {
    if (group === 'shift') this.counts.shift[Math.min(3, Math.max(0, shownRank))]! += delta;
    else this.counts[group] += delta;
  }

  private groupTotal(group: AlarmGroup): number {
    const shift = this.counts.shift.reduce((a, b) => a + b, 0);
    if (group === 'shift') return shift;
    if (group === 'preShift') return this.counts.preShift;
    if (group === 'setAside') return this.counts.setAside;
    return shift + this.counts.preShift + this.counts.setAside;
  }

  private groupWhere(group: AlarmGroup): { where: string; params: Array<number> } {
    if (group === 'all') return { where: 'service_id = ? AND state IN (0, 2)', params: [this.serviceId] };
    if (group === 'setAside') return { where: 'service_id = ? AND state = 2', params: [this.serviceId] };
    if (group === 'preShift') return { where: 'service_id = ? AND state = 0 AND created_at < ?', params: [this.serviceId, this.shiftStartedAt] };
    return { where: 'service_id = ? AND state = 0 AND (created_at IS NULL OR created_at >= ?)', params: [this.serviceId, this.shiftStartedAt] };
  }

  private shownRank(rank: number, created: number, at: number): number {
    if (!(this.periodMs > 0) || !Number.isFinite(created) || created < this.shiftStartedAt || at <= created) return rank;
    return Math.max(0, rank - Math.floor((at - created) / this.periodMs));
  }

  private matchesLegacy(event: FeedEvent, created: number): boolean {
    const seen = this.legacyAcknowledged.get(event.record_ID);
    return seen !== undefined && seen.some((s) => s.created === created && s.device === event.device_Name && s.text === event.custom_Text);
  }

  private toOpenAlarm(row: AlarmRow): OpenAlarm | null {
    let event: FeedEvent;
    try {
      // An alarm recorded before texts were bounded may hold a whole text of megabytes.
      event = shownEvent(unsealJson(this.key, { kind: 'alarm', key: row.id }, row.event) as FeedEvent);
    } catch (thrown) {
      this.log.error(SCOPE, `alarm ${row.id} (event #${row.record_id}) cannot be read: ${thrown instanceof SealError ? thrown.message : String(thrown)}`);
      event = {
        record_ID: Number(row.record_id),
        created: row.created_at === null ? '' : new Date(Number(row.created_at)).toISOString(),
        event_Category_Name: '',
        device_Name: '',
        custom_Text: '',
        origin_Name: null,
        additional_Info: null,
        cardnumber: null,
        facility_Code: null,
        alarm: { priority: priorityOf(Number(row.rank)), rule: '' },
      };
    }
    const state = STATE_OF[Number(row.state)] ?? 'waiting';
    const created = row.created_at === null ? Number.NaN : Number(row.created_at);
    return {
      id: Number(row.id),
      event: { ...event, alarm: { priority: event.alarm?.priority ?? priorityOf(Number(row.rank)), rule: event.alarm?.rule ?? '', id: Number(row.id), state } },
      preShift: Number.isFinite(created) && created < this.shiftStartedAt,
      setAside: state === 'setAside',
    };
  }

  private toAcknowledgement(row: AckRow): Acknowledgement[] {
    try {
      const body = unsealJson(this.key, { kind: 'acknowledgement', key: row.id }, row.body) as AckBody;
      return [toAcknowledgement(body, Number(row.at), row.alarm_id === null ? undefined : Number(row.alarm_id))];
    } catch (thrown) {
      this.log.warn(SCOPE, `operator-log entry ${row.id} cannot be read: ${thrown instanceof Error ? thrown.message : String(thrown)}`);
      return [];
    }
  }
}

/** The feed's filters as a test of one alarm's event (null when none filters). */
function matcherOf(filter: AlarmFilter | undefined): ((event: FeedEvent) => boolean) | null {
  const text = filter?.text?.trim().toLowerCase() ?? '';
  const device = filter?.device?.trim().toLowerCase() ?? '';
  const category = filter?.category ?? '';
  if (!text && !device && !category) return null;
  const lower = (value: unknown): string => String(value ?? '').toLowerCase();
  return (event) =>
    (!category || event.event_Category_Name === category) &&
    (!device || lower(event.device_Name).includes(device)) &&
    (!text || lower(event.custom_Text).includes(text) || lower(event.device_Name).includes(text) || lower(event.event_Category_Name).includes(text) || String(event.record_ID).includes(text));
}

function toAcknowledgement(body: AckBody, at: number, alarmId: number | undefined): Acknowledgement {
  return {
    alarmKey: body.alarmKey,
    ...(alarmId !== undefined ? { alarmId } : {}),
    recordIds: body.recordIds,
    note: body.note,
    acknowledgedAt: new Date(at).toISOString(),
    device: body.device,
    text: boundText(body.text),
    operator: body.operator,
    eventCreated: body.eventCreated,
    priority: body.priority,
    ...(body.desk ? { desk: body.desk } : {}),
  };
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
