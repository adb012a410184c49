/**
 * Feed rows: the pure view over the buffer the feed screen renders. Applies the guard's live
 * filters (among them "unacknowledged alarms only"), the auto-scroll freeze (only events that had
 * arrived when the guard paused), and the alarm merge (repeats of one alarm on one device
 * collapse into one row with a count). Each row knows which of its alarms still wait and since
 * when (for acknowledging and escalation). The buffer itself is never changed here, so nothing
 * that arrives meanwhile is lost.
 */
import type { AlarmPriority, FeedEvent } from '../../../electron/contract/ipc';
import type { BufferedEvent } from './feed-buffer';

export interface FeedFilter {
  /** Matches text, device or category, case-insensitively. */
  text: string;
  /** Substring of the device name. */
  device: string;
  /** Exact category name; empty for all. */
  category: string;
  alarmsOnly: boolean;
  /** Only alarms nobody has acknowledged yet. */
  unacknowledgedOnly: boolean;
}

export const EMPTY_FILTER: Readonly<FeedFilter> = Object.freeze({ text: '', device: '', category: '', alarmsOnly: false, unacknowledgedOnly: false });

export const isFilterActive = (f: FeedFilter): boolean =>
  f.text.trim() !== '' || f.device.trim() !== '' || f.category !== '' || f.alarmsOnly || f.unacknowledgedOnly;

/** Selecting more waiting rows than this at once asks first (one stray Enter must not select thousands). */
export const SELECT_ALL_WITHOUT_ASKING = 10;

/** Whether an alarm event has been acknowledged (as main sent it, or since: the open alarms store). */
export type SettledTest = (event: FeedEvent) => boolean;
const AS_SENT: SettledTest = (event) => event.alarm?.state === 'acknowledged';

export type EventPredicate = (entry: BufferedEvent) => boolean;

const lower = (value: unknown): string => (value === null || value === undefined ? '' : String(value).toLowerCase());

/** `isSettled`: whether an alarm was acknowledged (for "unacknowledged only"). */
export function compileFilter(filter: FeedFilter, isSettled: SettledTest = AS_SENT): EventPredicate {
  const text = filter.text.trim().toLowerCase();
  const device = filter.device.trim().toLowerCase();
  const category = filter.category;
  const alarmsOnly = filter.alarmsOnly;
  const unacknowledgedOnly = filter.unacknowledgedOnly;
  if (!text && !device && !category && !alarmsOnly && !unacknowledgedOnly) return () => true;
  return ({ event }) => {
    if (alarmsOnly && !event.alarm) return false;
    if (unacknowledgedOnly && (!event.alarm || isSettled(event))) return false;
    if (category && event.event_Category_Name !== category) return false;
    if (device && !lower(event.device_Name).includes(device)) return false;
    if (
      text &&
      !lower(event.custom_Text).includes(text) &&
      !lower(event.device_Name).includes(text) &&
      !lower(event.event_Category_Name).includes(text) &&
      !String(event.record_ID).includes(text)
    )
      return false;
    return true;
  };
}

/** One line of the feed: a single event, or repeats of one alarm merged. */
export interface FeedRow {
  /** Stable across updates: the key of the row's oldest member. */
  key: string;
  /** The newest member: what the row shows. */
  event: FeedEvent;
  newest: BufferedEvent;
  oldest: BufferedEvent;
  count: number;
  /** Every member's record_ID, oldest first. */
  recordIds: number[];
  /** The kiosk's numbers of the row's alarms (members main recorded as alarms), oldest first. */
  alarmIds: number[];
  priority: AlarmPriority | null;
  /** Stable identity of an alarm row (device + text + first id, or the record id); null for plain events. */
  alarmKey: string | null;
  /** The numbers of the row's alarms nobody has acknowledged yet, oldest first (empty for plain events): what acknowledging sends. */
  pendingIds: number[];
  /** `created` (ms) of the oldest of them, null when none waits: when escalation counts from. */
  pendingSince: number | null;
}

export interface BuildRowsOptions {
  filter?: FeedFilter;
  /** Only events with seq ≤ this (the auto-scroll freeze); undefined for all. */
  maxSeq?: number;
  /** Alarms on the same device with the same text merge while within this of the row's first. */
  mergeWindowMs: number;
  /** Whether an alarm was acknowledged (default: as main sent it). */
  isSettled?: SettledTest;
}

const ALARM_KEY_PART_MAX = 200;
const part = (value: unknown): string => String(value ?? '').slice(0, ALARM_KEY_PART_MAX);

/** The merge identity of an alarm: same device, same text. */
export const mergeIdentity = (event: FeedEvent): string => `${part(event.device_Name)}\u001f${part(event.custom_Text)}`;

/**
 * The identity of an alarm row: the record id for a single event, device + text + the first
 * record id for a merged row (so two bursts of the same alarm stay two rows).
 */
export function alarmKeyOf(members: readonly BufferedEvent[]): string {
  const first = members[0];
  if (!first) throw new Error('alarmKeyOf needs at least one event');
  if (members.length === 1) return `event:${first.event.record_ID}`;
  return `alarm:${part(first.event.device_Name)}|${part(first.event.custom_Text)}|from:${first.event.record_ID}`;
}

interface Group {
  members: BufferedEvent[];
  lastIndex: number;
}

/**
 * The row of an event that is no alarm depends on the event alone (a buffered event never
 * changes): made once and handed out again at every rebuild. Most of a full buffer (20,000) is
 * such events and the list is rebuilt at every update of the feed; rows are never changed by
 * their readers.
 */
const plainRows = new WeakMap<BufferedEvent, FeedRow>();

function plainRow(entry: BufferedEvent): FeedRow {
  let row = plainRows.get(entry);
  if (!row) {
    row = {
      key: entry.key,
      event: entry.event,
      newest: entry,
      oldest: entry,
      count: 1,
      recordIds: [entry.event.record_ID],
      priority: null,
      alarmKey: null,
      alarmIds: [],
      pendingIds: [],
      pendingSince: null,
    };
    plainRows.set(entry, row);
  }
  return row;
}

/**
 * Rows newest first. `entries` is the buffer, oldest first. Linear in the buffer size.
 * A merged row sits where its newest member would, so a repeat brings the alarm back to the top.
 */
export function buildFeedRows(entries: readonly BufferedEvent[], options: BuildRowsOptions): FeedRow[] {
  const isSettled = options.isSettled ?? AS_SENT;
  const predicate = options.filter ? compileFilter(options.filter, isSettled) : () => true;
  const pending = (members: readonly BufferedEvent[]): Pick<FeedRow, 'alarmIds' | 'pendingIds' | 'pendingSince'> => {
    const all: number[] = [];
    const ids: number[] = [];
    let since: number | null = null;
    for (const m of members) {
      const id = m.event.alarm?.id;
      if (id === undefined) continue;
      all.push(id);
      if (isSettled(m.event)) continue;
      ids.push(id);
      if (Number.isFinite(m.time) && (since === null || m.time < since)) since = m.time;
    }
    return { alarmIds: all, pendingIds: ids, pendingSince: since };
  };
  const maxSeq = options.maxSeq ?? Number.POSITIVE_INFINITY;
  const windowMs = Math.max(0, options.mergeWindowMs);
  const slots: (Group | BufferedEvent | undefined)[] = new Array(entries.length);
  const open = new Map<string, Group>();

  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i] as BufferedEvent;
    if (entry.seq > maxSeq || !predicate(entry)) continue;
    if (!entry.event.alarm || windowMs === 0) {
      slots[i] = entry;
      continue;
    }
    const identity = `${entry.epoch}\u001e${mergeIdentity(entry.event)}`;
    const group = open.get(identity);
    const first = group?.members[0];
    if (group && first && Number.isFinite(entry.time) && Number.isFinite(first.time) && Math.abs(entry.time - first.time) <= windowMs) {
      slots[group.lastIndex] = undefined;
      group.members.push(entry);
      group.lastIndex = i;
      slots[i] = group;
    } else {
      const fresh: Group = { members: [entry], lastIndex: i };
      open.set(identity, fresh);
      slots[i] = fresh;
    }
  }

  const rows: FeedRow[] = [];
  for (let i = slots.length - 1; i >= 0; i--) {
    const slot = slots[i];
    if (!slot) continue;
    if (!('members' in slot) && !slot.event.alarm) {
      rows.push(plainRow(slot));
    } else if ('members' in slot) {
      const members = slot.members;
      const oldest = members[0] as BufferedEvent;
      const newest = members[members.length - 1] as BufferedEvent;
      rows.push({
        key: oldest.key,
        event: newest.event,
        newest,
        oldest,
        count: members.length,
        recordIds: members.map((m) => m.event.record_ID),
        priority: highestPriority(members),
        alarmKey: alarmKeyOf(members),
        ...pending(members),
      });
    } else {
      rows.push({
        key: slot.key,
        event: slot.event,
        newest: slot,
        oldest: slot,
        count: 1,
        recordIds: [slot.event.record_ID],
        priority: slot.event.alarm?.priority ?? null,
        alarmKey: slot.event.alarm ? alarmKeyOf([slot]) : null,
        ...pending([slot]),
      });
    }
  }
  return rows;
}

const PRIORITY_RANK: Record<AlarmPriority, number> = { critical: 0, high: 1, medium: 2, low: 3 };

function highestPriority(members: readonly BufferedEvent[]): AlarmPriority | null {
  let best: AlarmPriority | null = null;
  for (const m of members) {
    const p = m.event.alarm?.priority;
    if (p && (best === null || PRIORITY_RANK[p] < PRIORITY_RANK[best])) best = p;
  }
  return best;
}

export interface NewSincePause {
  events: number;
  alarms: number;
}

/** What arrived after the freeze (seq > `seq`) and matches the filter: the "N new events" count. */
export function countNewSince(entries: readonly BufferedEvent[], seq: number, filter?: FeedFilter, isSettled?: SettledTest): NewSincePause {
  const predicate = filter ? compileFilter(filter, isSettled) : () => true;
  let events = 0;
  let alarms = 0;
  for (let i = entries.length - 1; i >= 0; i--) {
    const entry = entries[i] as BufferedEvent;
    if (entry.seq <= seq || !predicate(entry)) continue;
    events += 1;
    if (entry.event.alarm) alarms += 1;
  }
  return { events, alarms };
}

/** Rows the guard has fully acknowledged, partially (new repeats since), or not at all. */
export type AckState = 'none' | 'partial' | 'full';

export function ackStateOf(row: Pick<FeedRow, 'alarmIds' | 'pendingIds'>): AckState {
  const done = row.alarmIds.length - row.pendingIds.length;
  if (row.alarmIds.length === 0 || done === 0) return 'none';
  return row.pendingIds.length === 0 ? 'full' : 'partial';
}

/** Distinct values of one field, sorted, for the filter pickers. */
export function distinctValues(entries: readonly BufferedEvent[], field: 'device_Name' | 'event_Category_Name'): string[] {
  const seen = new Set<string>();
  for (const { event } of entries) {
    const value = event[field];
    if (typeof value === 'string' && value !== '') seen.add(value);
  }
  return [...seen].sort((a, b) => a.localeCompare(b));
}
