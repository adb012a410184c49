/** The detail panel's fields, and the feed's time and connection wording. */
import { describe, expect, it } from 'vitest';
import { displayValue, eventFields } from '../../../renderer/src/feed/event-fields';
import { connectionText } from '../../../renderer/src/feed/connection-text';
import { formatRemaining, formatUtc } from '../../../renderer/src/shell/time-format';
import { makeAlarm } from '../support/fake-kiosk';

describe('eventFields', () => {
  it('lists every known field, nulls as empty, then unknown extras by name', () => {
    const event = { ...makeAlarm(9), zeta: { a: 1 }, alpha_Extra: 5, nothing: null };
    const fields = eventFields(event);
    expect(fields.map((f) => f.name)).toEqual([
      'record_ID', 'created', 'event_Category_Name', 'device_Name', 'custom_Text', 'alarm',
      'origin_Name', 'additional_Info', 'cardnumber', 'facility_Code', 'alpha_Extra', 'nothing', 'zeta',
    ]);
    const byName = Object.fromEntries(fields.map((f) => [f.name, f]));
    expect(byName.origin_Name?.value).toBe('');
    expect(byName.nothing?.value).toBe('');
    expect(byName.zeta?.value).toBe('{"a":1}');
    expect(byName.alarm?.value).toBe('critical (rule door-forced)');
    expect(byName.created?.title).toMatch(/UTC$/);
  });
  it('renders values readably', () => {
    expect(displayValue(undefined)).toBe('');
    expect(displayValue(false)).toBe('false');
    expect(displayValue([1, 2])).toBe('[1,2]');
  });
});

describe('time and connection wording', () => {
  it('formats UTC for hover and remaining mute time', () => {
    expect(formatUtc('2026-11-21T10:32:05.120Z')).toBe('2026-11-21 10:32:05.120 UTC');
    expect(formatRemaining(14 * 60_000 + 5_001)).toBe('14:06');
    expect(formatRemaining(-5)).toBe('0:00');
    expect(formatRemaining(3_600_000)).toBe('1:00:00');
  });
  it('says each connection state in words, with the last poll', () => {
    const base = { since: '2026-11-21T10:00:00Z', lastSuccessAt: null, lastDeliveredId: null, maxEventId: null, error: null };
    expect(connectionText({ ...base, status: 'connecting' })).toMatchObject({ tone: 'pending', status: 'Feed connecting…', lastPoll: 'No successful poll yet' });
    expect(connectionText({ ...base, status: 'live', lastSuccessAt: '2026-11-21T10:00:05Z' }).lastPoll).toMatch(/^Last poll /);
    const reconnecting = connectionText({ ...base, status: 'reconnecting', error: { code: 'unreachable', message: 'The event service does not answer.' } });
    expect(reconnecting.status).toMatch(/^Feed reconnecting since /);
    expect(reconnecting.reason).toBe('The event service does not answer.');
    expect(connectionText({ ...base, status: 'offline' })).toMatchObject({ tone: 'bad' });
  });
});
