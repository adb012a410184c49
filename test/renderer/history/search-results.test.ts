/** Sorting of history search results. */
import { describe, expect, it } from 'vitest';
import { ariaSortOf, nextSort, sortEvents } from '../../../renderer/src/history/search-results';
import { makeEvent } from '../support/fake-kiosk';

describe('search results sorting', () => {
  const events = [
    makeEvent(3, { device_Name: 'beta', created: '2026-11-21T10:00:02Z' }),
    makeEvent(1, { device_Name: 'Alpha', created: '2026-11-21T10:00:03Z' }),
    makeEvent(2, { device_Name: 'gamma', created: '2026-11-21T10:00:01Z' }),
  ];
  it('sorts by each column, both ways, without changing the input', () => {
    expect(sortEvents(events, { column: 'record_ID', direction: 'asc' }).map((e) => e.record_ID)).toEqual([1, 2, 3]);
    expect(sortEvents(events, { column: 'created', direction: 'desc' }).map((e) => e.record_ID)).toEqual([1, 3, 2]);
    expect(sortEvents(events, { column: 'device_Name', direction: 'asc' }).map((e) => e.device_Name)).toEqual(['Alpha', 'beta', 'gamma']);
    expect(events.map((e) => e.record_ID)).toEqual([3, 1, 2]);
  });
  it('flips the direction on the same column and starts a new one sensibly', () => {
    expect(nextSort({ column: 'device_Name', direction: 'asc' }, 'device_Name')).toEqual({ column: 'device_Name', direction: 'desc' });
    expect(nextSort({ column: 'device_Name', direction: 'asc' }, 'created')).toEqual({ column: 'created', direction: 'desc' });
    expect(nextSort({ column: 'created', direction: 'desc' }, 'custom_Text')).toEqual({ column: 'custom_Text', direction: 'asc' });
  });
  it('tells aria-sort', () => {
    expect(ariaSortOf({ column: 'created', direction: 'asc' }, 'created')).toBe('ascending');
    expect(ariaSortOf({ column: 'created', direction: 'desc' }, 'created')).toBe('descending');
    expect(ariaSortOf({ column: 'created', direction: 'desc' }, 'record_ID')).toBe('none');
  });
});
