// Events read leniently: what the spec leaves open is read where its meaning is clear; what cannot
// be placed at all is set aside with why; one bad element never costs the others.
import { describe, expect, it } from 'vitest';
import { RAW_KEPT, readEventTime, readRecordId, readSystemEvents } from '../../../electron/core/service/event-reading';

describe('reading events leniently', () => {
  it('reads a time with microseconds or without a zone as UTC, and keeps one it cannot read as it came', () => {
    expect(readEventTime('2026-11-28T22:10:05.123456')).toBe('2026-11-28T22:10:05.123Z');
    expect(readEventTime('2026-11-28 22:10')).toBe('2026-11-28T22:10:00.000Z');
    expect(readEventTime('2026-11-28T23:10:05+01:00')).toBe('2026-11-28T22:10:05.000Z');
    expect(readEventTime('2026-11-28T23:10:05+0100')).toBe('2026-11-28T22:10:05.000Z');
    expect(readEventTime('yesterday')).toBe('yesterday');
    expect(readEventTime(null)).toBe('');
  });

  it('reads an id sent as a string of digits, and nothing else as an id', () => {
    expect(readRecordId('1234')).toBe(1234);
    expect(readRecordId(' 7 ')).toBe(7);
    expect(readRecordId(12)).toBe(12);
    for (const bad of ['abc', '12.5', -3, 0, 1.5, null, undefined, {}, '9'.repeat(20)]) expect(readRecordId(bad)).toBeNull();
  });

  it('keeps the good events of an answer and sets aside what cannot be placed, with why and its JSON (bounded)', () => {
    const { events, unreadable } = readSystemEvents([
      { record_ID: 1, created: '2026-11-28T22:10:05Z', event_Category_Name: 'Door', device_Name: 'D1', custom_Text: 'FORCED OPEN', extra: { kept: true } },
      { record_ID: '2', created: '2026-11-28T22:10:06', event_Category_Name: null, device_Name: 42, custom_Text: null },
      'garbage',
      { created: '2026-11-28T22:10:07Z', custom_Text: 'no id' },
      { record_ID: 'x'.repeat(RAW_KEPT * 2) },
    ]);
    expect(events.map((e) => e.record_ID)).toEqual([1, 2]);
    expect(events[0]).toMatchObject({ extra: { kept: true }, origin_Name: null });
    expect(events[1]).toMatchObject({ created: '2026-11-28T22:10:06.000Z', event_Category_Name: '', device_Name: '42', custom_Text: '' });
    expect(unreadable.map((u) => u.reason)).toEqual(['not-an-object', 'no-id', 'no-id']);
    expect(unreadable[0]!.raw).toBe('"garbage"');
    expect(unreadable[2]!.raw!.length).toBeLessThanOrEqual(RAW_KEPT + 1);
  });
});
