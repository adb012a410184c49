// EventRing: the fixed-capacity memory of recent feed events.
import { describe, expect, it } from 'vitest';
import { EventRing } from '../../../electron/core/feed/event-ring';

const items = (ids: number[]) => ids.map((record_ID) => ({ record_ID }));

describe('EventRing', () => {
  it('keeps the most recent items, oldest first', () => {
    const ring = new EventRing<{ record_ID: number }>(5);
    ring.push(items([1, 2, 3]));
    expect(ring.toArray().map((i) => i.record_ID)).toEqual([1, 2, 3]);
    ring.push(items([4, 5, 6, 7]));
    expect(ring.size).toBe(5);
    expect(ring.toArray().map((i) => i.record_ID)).toEqual([3, 4, 5, 6, 7]);
    ring.push(items([8, 9, 10, 11, 12, 13]));
    expect(ring.toArray().map((i) => i.record_ID)).toEqual([9, 10, 11, 12, 13]);
  });

  it('finds items by id across the wrap-around', () => {
    const ring = new EventRing<{ record_ID: number }>(4);
    ring.push(items([10, 20, 30, 40, 50, 60]));
    expect(ring.find(30)?.record_ID).toBe(30);
    expect(ring.find(60)?.record_ID).toBe(60);
    expect(ring.find(20)).toBeUndefined();
    expect(ring.find(35)).toBeUndefined();
  });

  it('clears', () => {
    const ring = new EventRing<{ record_ID: number }>(3);
    ring.push(items([1, 2, 3, 4]));
    ring.clear();
    expect(ring.size).toBe(0);
    expect(ring.toArray()).toEqual([]);
    ring.push(items([7]));
    expect(ring.toArray().map((i) => i.record_ID)).toEqual([7]);
  });

  it('refuses a capacity below one', () => {
    expect(() => new EventRing(0)).toThrow(RangeError);
  });
});
