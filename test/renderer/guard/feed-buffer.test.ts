/** FeedBuffer: order, bound, dedupe and resync epochs of the live feed's memory. */
import { describe, expect, it } from 'vitest';
import { FeedBuffer, MIN_BUFFER_SIZE } from '../../../renderer/src/guard/feed-buffer';
import { makeEvent } from '../support/fake-kiosk';

const ids = (buffer: FeedBuffer): number[] => [...buffer.oldestFirst()].reverse().map((e) => e.event.record_ID);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => makeEvent(from + i));

describe('FeedBuffer', () => {
  it('keeps events newest first', () => {
    const buffer = new FeedBuffer(1000);
    buffer.merge(range(1, 3));
    buffer.merge([makeEvent(4)]);
    expect(ids(buffer)).toEqual([4, 3, 2, 1]);
    expect(buffer.newest(0)?.event.record_ID).toBe(4);
  });

  it('never holds more than its capacity, dropping the oldest', () => {
    const buffer = new FeedBuffer(MIN_BUFFER_SIZE);
    const outcome = buffer.merge(range(1, MIN_BUFFER_SIZE + 25));
    expect(buffer.size).toBe(MIN_BUFFER_SIZE);
    expect(outcome.evicted).toBe(25);
    expect(ids(buffer)[0]).toBe(MIN_BUFFER_SIZE + 25);
    expect(ids(buffer).at(-1)).toBe(26);
    for (let i = 0; i < 10; i++) buffer.merge(range(200 + i * 50, 249 + i * 50));
    expect(buffer.size).toBe(MIN_BUFFER_SIZE);
  });

  it('does not show an event twice on a replay or a reload (dedupe by record_ID)', () => {
    const buffer = new FeedBuffer(1000);
    const events = range(10, 20);
    buffer.merge(events);
    const replay = buffer.merge([...events.slice(5), makeEvent(21)]);
    expect(replay.duplicates).toBe(6);
    expect(replay.added.map((e) => e.event.record_ID)).toEqual([21]);
    const sameBatchTwice = buffer.merge([makeEvent(22), makeEvent(22)]);
    expect(sameBatchTwice.added).toHaveLength(1);
    expect(sameBatchTwice.duplicates).toBe(1);
    expect(new Set(ids(buffer)).size).toBe(buffer.size);
  });

  it('does not bring back an evicted event when it is replayed', () => {
    const buffer = new FeedBuffer(MIN_BUFFER_SIZE);
    buffer.merge(range(1, MIN_BUFFER_SIZE + 10));
    const replay = buffer.merge(range(1, 5));
    expect(replay.added).toHaveLength(0);
    expect(replay.duplicates).toBe(5);
  });

  it('places a late, out-of-order event by record_ID', () => {
    const buffer = new FeedBuffer(1000);
    buffer.merge([makeEvent(1), makeEvent(5)]);
    buffer.merge([makeEvent(3), makeEvent(7), makeEvent(2)]);
    expect(ids(buffer)).toEqual([7, 5, 3, 2, 1]);
  });

  it('rejects events without a usable id', () => {
    const buffer = new FeedBuffer(1000);
    const outcome = buffer.merge([makeEvent(-1), { ...makeEvent(1), record_ID: 'x' as unknown as number }, makeEvent(2)]);
    expect(outcome.rejected).toBe(2);
    expect(ids(buffer)).toEqual([2]);
  });

  it('gives each accepted event a growing seq and a stable key', () => {
    const buffer = new FeedBuffer(1000);
    const a = buffer.merge(range(1, 2)).added;
    const b = buffer.merge(range(3, 3)).added;
    expect(a.map((e) => e.seq)).toEqual([1, 2]);
    expect(b[0]?.seq).toBe(3);
    expect(buffer.lastSeq).toBe(3);
    expect(new Set(buffer.oldestFirst().map((e) => e.key)).size).toBe(3);
  });

  it('after a resync, accepts reused ids as new events above the old ones, but not replays of old events', () => {
    const buffer = new FeedBuffer(1000);
    const old = range(100, 102);
    buffer.merge(old);
    buffer.startEpoch();
    const reused = makeEvent(101, { custom_Text: 'new event after restore' });
    const outcome = buffer.merge([reused, old[0]!, makeEvent(50)]);
    expect(outcome.added.map((e) => e.event.record_ID)).toEqual([50, 101]);
    expect(outcome.duplicates).toBe(1); // #100 is the same record (same id and time): a replay
    expect(ids(buffer)).toEqual([101, 50, 102, 101, 100]);
    expect(buffer.newest(0)?.event.custom_Text).toBe('new event after restore');
  });

  it('shrinks when resized', () => {
    const buffer = new FeedBuffer(1000);
    buffer.merge(range(1, 300));
    expect(buffer.resize(150)).toBe(150);
    expect(buffer.size).toBe(150);
    expect(ids(buffer)[149]).toBe(151);
  });
});
