/**
 * Feed rows rebuilt at every update of the feed: the row of an event that is no alarm is made once
 * and handed out again (a full buffer is 20,000 events, rebuilt twice a second at 200 events/s);
 * alarm rows follow the acknowledgements as before.
 */
import { describe, expect, it } from 'vitest';
import { FeedBuffer } from '../../../renderer/src/guard/feed-buffer';
import { buildFeedRows } from '../../../renderer/src/guard/feed-rows';
import type { FeedEvent } from '../../../electron/contract/ipc';
import { makeAlarm, makeEvent } from '../support/fake-kiosk';

const MINUTE = 60_000;
const at = (second: number) => ({ created: new Date(Date.UTC(2026, 10, 21, 10, 0, second)).toISOString() });

describe('buildFeedRows: rows of plain events reused', () => {
  it('hands out the same row for a plain event at every rebuild, with what a plain row says', () => {
    const buffer = new FeedBuffer(100);
    buffer.merge([makeEvent(1, at(0)), makeAlarm(2, at(1)), makeEvent(3, at(2))]);
    const first = buildFeedRows(buffer.oldestFirst(), { mergeWindowMs: MINUTE });
    buffer.merge([makeEvent(4, at(3))]);
    const second = buildFeedRows(buffer.oldestFirst(), { mergeWindowMs: MINUTE });
    expect(second.map((r) => r.event.record_ID)).toEqual([4, 3, 2, 1]);
    expect(second[1]).toBe(first[0]); // event 3
    expect(second[3]).toBe(first[2]); // event 1
    expect(second[2]).not.toBe(first[1]); // the alarm's row is made anew
    expect(second[2]).toEqual(first[1]);
    expect(second[1]).toEqual({
      key: buffer.byId(3)!.key,
      event: buffer.byId(3)!.event,
      newest: buffer.byId(3),
      oldest: buffer.byId(3),
      count: 1,
      recordIds: [3],
      priority: null,
      alarmKey: null,
      alarmIds: [],
      pendingIds: [],
      pendingSince: null,
    });
  });

  it('still follows acknowledgements on alarm rows, and filters and freezes as before', () => {
    const buffer = new FeedBuffer(100);
    const events: FeedEvent[] = [makeEvent(1, at(0)), makeAlarm(2, at(1)), makeEvent(3, { ...at(2), custom_Text: 'Door closed' })];
    buffer.merge(events);
    const acknowledged = new Set<number>();
    const isSettled = (event: FeedEvent): boolean => event.alarm?.id !== undefined && acknowledged.has(event.alarm.id);
    const waiting = buildFeedRows(buffer.oldestFirst(), { mergeWindowMs: MINUTE, isSettled });
    expect(waiting[1]).toMatchObject({ alarmIds: [2], pendingIds: [2] });
    acknowledged.add(2);
    const done = buildFeedRows(buffer.oldestFirst(), { mergeWindowMs: MINUTE, isSettled });
    expect(done[1]).toMatchObject({ alarmIds: [2], pendingIds: [], pendingSince: null });
    expect(done[0]).toBe(waiting[0]);
    const filtered = buildFeedRows(buffer.oldestFirst(), { mergeWindowMs: MINUTE, isSettled, filter: { text: 'closed', device: '', category: '', alarmsOnly: false, unacknowledgedOnly: false } });
    expect(filtered).toEqual([waiting[0]]);
    const frozen = buildFeedRows(buffer.oldestFirst(), { mergeWindowMs: MINUTE, isSettled, maxSeq: buffer.byId(1)!.seq });
    expect(frozen.map((r) => r.event.record_ID)).toEqual([1]);
    expect(frozen[0]).toBe(waiting[2]);
  });
});
