/** Feed rows: alarm merge, live filters, freeze and acknowledgement state. */
import { describe, expect, it } from 'vitest';
import { FeedBuffer } from '../../../renderer/src/guard/feed-buffer';
import {
  EMPTY_FILTER,
  ackStateOf,
  buildFeedRows,
  countNewSince,
  distinctValues,
  isFilterActive,
  type FeedFilter,
} from '../../../renderer/src/guard/feed-rows';
import type { FeedEvent } from '../../../electron/contract/ipc';
import { makeAlarm, makeEvent } from '../support/fake-kiosk';

const at = (iso: string) => ({ created: iso });
const filled = (events: FeedEvent[]) => {
  const buffer = new FeedBuffer(1000);
  buffer.merge(events);
  return buffer;
};
const filter = (patch: Partial<FeedFilter>): FeedFilter => ({ ...EMPTY_FILTER, ...patch });
const MINUTE = 60_000;

describe('buildFeedRows: alarm merge', () => {
  it('merges repeats of one alarm on one device within the window into one row with a count', () => {
    const buffer = filled([
      makeAlarm(1, at('2026-11-21T10:00:00Z')),
      makeEvent(2, at('2026-11-21T10:00:10Z')),
      makeAlarm(3, at('2026-11-21T10:00:20Z')),
      makeAlarm(4, at('2026-11-21T10:00:30Z')),
    ]);
    const rows = buildFeedRows(buffer.oldestFirst(), { mergeWindowMs: MINUTE });
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ count: 3, recordIds: [1, 3, 4], priority: 'critical' });
    expect(rows[0]?.event.record_ID).toBe(4); // shows the newest repeat, at the newest position
    expect(rows[0]?.alarmKey).toBe('alarm:Door 3|Door forced open|from:1');
    expect(rows[1]?.event.record_ID).toBe(2);
  });

  it('starts a new row once the window since the first of the row has passed', () => {
    const buffer = filled([
      makeAlarm(1, at('2026-11-21T10:00:00Z')),
      makeAlarm(2, at('2026-11-21T10:00:50Z')),
      makeAlarm(3, at('2026-11-21T10:01:10Z')),
    ]);
    const rows = buildFeedRows(buffer.oldestFirst(), { mergeWindowMs: MINUTE });
    expect(rows.map((r) => r.recordIds)).toEqual([[3], [1, 2]]);
    expect(rows[0]?.alarmKey).toBe('event:3');
  });

  it('does not merge different devices, different texts or plain events', () => {
    const buffer = filled([
      makeAlarm(1, at('2026-11-21T10:00:00Z')),
      makeAlarm(2, { ...at('2026-11-21T10:00:01Z'), device_Name: 'Door 4' }),
      makeAlarm(3, { ...at('2026-11-21T10:00:02Z'), custom_Text: 'Door held open', alarm: { priority: 'high', rule: 'door-held-open' } }),
      makeEvent(4, { ...at('2026-11-21T10:00:03Z'), device_Name: 'Door 3', custom_Text: 'Access granted' }),
      makeEvent(5, { ...at('2026-11-21T10:00:04Z'), device_Name: 'Door 3', custom_Text: 'Access granted' }),
    ]);
    expect(buildFeedRows(buffer.oldestFirst(), { mergeWindowMs: MINUTE })).toHaveLength(5);
  });

  it('keeps every event as its own row when the window is 0', () => {
    const buffer = filled([makeAlarm(1), makeAlarm(2)]);
    expect(buildFeedRows(buffer.oldestFirst(), { mergeWindowMs: 0 })).toHaveLength(2);
  });

  it('gives every row a unique, stable key', () => {
    const buffer = filled([makeAlarm(1, at('2026-11-21T10:00:00Z')), makeEvent(2)]);
    const before = buildFeedRows(buffer.oldestFirst(), { mergeWindowMs: MINUTE });
    buffer.merge([makeAlarm(3, at('2026-11-21T10:00:30Z')), makeEvent(4)]);
    const after = buildFeedRows(buffer.oldestFirst(), { mergeWindowMs: MINUTE });
    expect(after.find((r) => r.count === 2)?.key).toBe(before.find((r) => r.priority)?.key);
    expect(new Set(after.map((r) => r.key)).size).toBe(after.length);
  });
});

describe('buildFeedRows: filters are a view over the buffer', () => {
  const events = [
    makeEvent(1, { device_Name: 'Lobby reader', event_Category_Name: 'Access', custom_Text: 'Access granted' }),
    makeEvent(2, { device_Name: 'Garage gate', event_Category_Name: 'Access', custom_Text: 'Access denied' }),
    makeAlarm(3, { device_Name: 'Lobby door', event_Category_Name: 'Alarm' }),
    makeEvent(4, { device_Name: 'Server room', event_Category_Name: 'System', custom_Text: 'Device offline' }),
  ];
  const rowsFor = (f: Partial<FeedFilter>) =>
    buildFeedRows(filled(events).oldestFirst(), { mergeWindowMs: MINUTE, filter: filter(f) }).map((r) => r.event.record_ID);

  it('filters by text across text, device and category, case-insensitively', () => {
    expect(rowsFor({ text: 'DENIED' })).toEqual([2]);
    expect(rowsFor({ text: 'lobby' })).toEqual([3, 1]);
    expect(rowsFor({ text: 'system' })).toEqual([4]);
  });
  it('filters by device, category and alarms only, combined', () => {
    expect(rowsFor({ device: 'gate' })).toEqual([2]);
    expect(rowsFor({ category: 'Access' })).toEqual([2, 1]);
    expect(rowsFor({ alarmsOnly: true })).toEqual([3]);
    expect(rowsFor({ device: 'lobby', alarmsOnly: true })).toEqual([3]);
    expect(rowsFor({ device: 'lobby', category: 'System' })).toEqual([]);
  });
  it('loses nothing that arrives while filtered', () => {
    const buffer = filled(events);
    const narrowed = buildFeedRows(buffer.oldestFirst(), { mergeWindowMs: MINUTE, filter: filter({ alarmsOnly: true }) });
    buffer.merge([makeEvent(5), makeEvent(6)]);
    expect(narrowed).toHaveLength(1);
    expect(buildFeedRows(buffer.oldestFirst(), { mergeWindowMs: MINUTE, filter: filter({}) })).toHaveLength(6);
  });
  it('knows when a filter is active', () => {
    expect(isFilterActive(EMPTY_FILTER)).toBe(false);
    expect(isFilterActive(filter({ text: '  ' }))).toBe(false);
    expect(isFilterActive(filter({ alarmsOnly: true }))).toBe(true);
  });
  it('lists distinct devices and categories for the pickers', () => {
    const buffer = filled(events);
    expect(distinctValues(buffer.oldestFirst(), 'event_Category_Name')).toEqual(['Access', 'Alarm', 'System']);
  });
});

describe('freeze and "N new events"', () => {
  it('shows only events up to the freeze and counts what arrived after, by the filter', () => {
    const buffer = filled([makeEvent(1), makeEvent(2)]);
    const frozenAt = buffer.lastSeq;
    buffer.merge([makeEvent(3), makeAlarm(4), makeEvent(5)]);
    const rows = buildFeedRows(buffer.oldestFirst(), { mergeWindowMs: MINUTE, maxSeq: frozenAt });
    expect(rows.map((r) => r.event.record_ID)).toEqual([2, 1]);
    expect(countNewSince(buffer.oldestFirst(), frozenAt)).toEqual({ events: 3, alarms: 1 });
    expect(countNewSince(buffer.oldestFirst(), frozenAt, filter({ alarmsOnly: true }))).toEqual({ events: 1, alarms: 1 });
    expect(countNewSince(buffer.oldestFirst(), buffer.lastSeq)).toEqual({ events: 0, alarms: 0 });
  });
  it('does not count replays as new', () => {
    const buffer = filled([makeEvent(1), makeEvent(2)]);
    const frozenAt = buffer.lastSeq;
    buffer.merge([makeEvent(2), makeEvent(3)]);
    expect(countNewSince(buffer.oldestFirst(), frozenAt).events).toBe(1);
  });
});

describe('ackStateOf', () => {
  it('tells full, partial and no acknowledgement', () => {
    expect(ackStateOf({ alarmIds: [1, 2], pendingIds: [] })).toBe('full');
    expect(ackStateOf({ alarmIds: [1, 2, 3], pendingIds: [3] })).toBe('partial');
    expect(ackStateOf({ alarmIds: [3], pendingIds: [3] })).toBe('none');
    expect(ackStateOf({ alarmIds: [], pendingIds: [] })).toBe('none');
  });
});

describe('alarms still waiting', () => {
  it('tells each row which of its alarms wait and since when, and shows only those with "unacknowledged only"', () => {
    const buffer = filled([
      makeAlarm(1, at('2026-11-21T10:00:00Z')),
      makeAlarm(2, at('2026-11-21T10:00:10Z')),
      makeEvent(3, at('2026-11-21T10:00:15Z')),
      makeAlarm(4, { ...at('2026-11-21T10:00:20Z'), device_Name: 'Door 9' }),
    ]);
    const acknowledged = new Set([1, 4]);
    const isSettled = (event: { alarm: { id?: number } | null }): boolean => event.alarm?.id !== undefined && acknowledged.has(event.alarm.id);
    const rows = buildFeedRows(buffer.oldestFirst(), { mergeWindowMs: MINUTE, isSettled });
    const merged = rows.find((r) => r.count === 2)!;
    expect(merged.pendingIds).toEqual([2]);
    expect(merged.pendingSince).toBe(Date.parse('2026-11-21T10:00:10Z'));
    expect(rows.find((r) => r.event.record_ID === 4)).toMatchObject({ pendingIds: [], pendingSince: null });
    expect(rows.find((r) => r.event.record_ID === 3)).toMatchObject({ pendingIds: [], pendingSince: null });
    const waiting = buildFeedRows(buffer.oldestFirst(), { mergeWindowMs: MINUTE, isSettled, filter: filter({ unacknowledgedOnly: true }) });
    expect(waiting.map((r) => r.recordIds)).toEqual([[2]]);
    expect(isFilterActive(filter({ unacknowledgedOnly: true }))).toBe(true);
  });
});
