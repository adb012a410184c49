/** The detail panel's fields, and the feed's time and connection wording. */
import { describe, expect, it } from 'vitest';
import { displayValue, eventFields } from '../../../renderer/src/guard/event-fields';
import { connectionSummary, formatWaited } from '../../../renderer/src/status/connection-text';
import { formatRemaining, formatUtc } from '../../../renderer/src/shell/time-format';
import { makeAlarm } from '../support/fake-kiosk';

describe('eventFields', () => {
  it('lists every known field, empty ones as "—", then unknown extras by name', () => {
    const event = { ...makeAlarm(9), zeta: { a: 1 }, alpha_Extra: 5, nothing: null };
    const fields = eventFields(event);
    expect(fields.map((f) => f.name)).toEqual([
      'record_ID', 'created', 'event_Category_Name', 'device_Name', 'custom_Text', 'alarm',
      'origin_Name', 'additional_Info', 'cardnumber', 'facility_Code', 'alpha_Extra', 'nothing', 'zeta',
    ]);
    const byName = Object.fromEntries(fields.map((f) => [f.name, f]));
    expect(byName.origin_Name?.value).toBe('—');
    expect(byName.nothing?.value).toBe('—');
    expect(byName.zeta?.value).toBe('{"a":1}');
    expect(byName.alarm?.value).toBe('Critical alarm (rule door-forced)');
    expect(eventFields({ ...event, alarm: null, custom_Text: '  ' }).find((f) => f.name === 'custom_Text')?.value).toBe('—');
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
  it('says the one connection state in words: what is wrong, since when, why once', () => {
    const base = { since: '2026-11-21T10:00:00Z', lastSuccessAt: null, lastDeliveredId: null, maxEventId: null, error: null };
    expect(connectionSummary({ ...base, status: 'connecting' })).toMatchObject({ tone: 'pending', headline: 'Connecting to the service…', reason: null, lastPoll: 'No successful poll yet' });
    const live = connectionSummary({ ...base, status: 'live', lastSuccessAt: '2026-11-21T10:00:05Z' });
    expect(live).toMatchObject({ tone: 'good', headline: 'Service reachable, feed live', reason: null });
    expect(live.lastPoll).toMatch(/^Last poll /);
    const refused = { code: 'unreachable' as const, message: 'The access-control service is not answering (the connection was refused).' };
    const reconnecting = connectionSummary({ ...base, status: 'reconnecting', error: refused });
    expect(reconnecting.headline).toMatch(/^Service unreachable since .+ — retrying$/);
    expect(reconnecting.reason).toBe(refused.message);
    expect(connectionSummary({ ...base, status: 'connecting', error: refused })).toMatchObject({ tone: 'warn', headline: 'Service unreachable — retrying' });
    expect(connectionSummary({ ...base, status: 'offline', error: { code: 'timeout', message: 'Too slow.' } })).toMatchObject({ tone: 'bad', headline: expect.stringMatching(/^Service not answering since /) });
  });

  it('says how long an alarm has waited', () => {
    expect(formatWaited(30_000)).toBe('under 1 min');
    expect(formatWaited(12 * 60_000 + 59_000)).toBe('12 min');
    expect(formatWaited(125 * 60_000)).toBe('2 h 05 min');
  });
});
