/** The history search form: validation in the form's own words, and the request it makes. */
import { describe, expect, it } from 'vitest';
import {
  emptySearchForm,
  endpointFor,
  MAX_IDS,
  MAX_SEEN_NAMES,
  MAX_SERVICE_ID,
  MAX_TEXT,
  parseTimeOfDay,
  planSearch,
  type SearchForm,
} from '../../../renderer/src/history/search-form';
import { EventCodeSearchRequest, EventSearchRequest, MAX_SEEN_NAMES as CONTRACT_MAX_SEEN_NAMES, MAX_SERVICE_ID as CONTRACT_MAX_SERVICE_ID } from '../../../electron/contract/ipc';

const form = (patch: Partial<SearchForm>): SearchForm => ({
  ...emptySearchForm(),
  fromDate: '2026-11-20',
  fromTime: '08:00',
  toDate: '2026-11-21',
  toTime: '08:00',
  ...patch,
});
const local = (y: number, mo: number, d: number, h: number, mi: number, s = 0, ms = 0): string => new Date(y, mo - 1, d, h, mi, s, ms).toISOString();

describe('search form validation', () => {
  it('requires both ends of the time range, with a clear message', () => {
    const plan = planSearch(form({ fromDate: '', fromTime: '', toTime: '' }));
    expect(plan.ok).toBe(false);
    if (plan.ok) return;
    expect(plan.problems).toEqual([
      { field: 'fromDate', message: 'Enter the date of the start of the time range.' },
      { field: 'fromTime', message: 'Enter the time of the start of the time range, e.g. 08:00 (24-hour clock).' },
      { field: 'toTime', message: 'Enter the time of the end of the time range, e.g. 08:00 (24-hour clock).' },
    ]);
  });

  it('takes a range of one instant (both ends included), refuses one whose start is after its end', () => {
    const same = planSearch(form({ toDate: '2026-11-20', toTime: '08:00' }));
    expect(same).toMatchObject({ ok: true, plan: { request: { from: local(2026, 11, 20, 8, 0), to: local(2026, 11, 20, 8, 0, 59, 999) } } });
    const second = planSearch(form({ fromTime: '08:00:30', toDate: '2026-11-20', toTime: '08:00:30' }));
    expect(second).toMatchObject({ ok: true, plan: { request: { from: local(2026, 11, 20, 8, 0, 30), to: local(2026, 11, 20, 8, 0, 30, 999) } } });
    const after = planSearch(form({ toDate: '2026-11-20', toTime: '07:59' }));
    expect(after).toEqual({ ok: false, problems: [{ field: 'toTime', message: 'The start of the time range must not be after its end.' }] });
  });

  it('reads times on the 24-hour clock only', () => {
    expect(parseTimeOfDay('8:05')).toEqual({ hours: 8, minutes: 5, seconds: 0, withSeconds: false });
    expect(parseTimeOfDay('1830')).toEqual({ hours: 18, minutes: 30, seconds: 0, withSeconds: false });
    expect(parseTimeOfDay('23:59:59')).toEqual({ hours: 23, minutes: 59, seconds: 59, withSeconds: true });
    for (const bad of ['24:00', '6:30 PM', '12:60', 'noon', '7']) expect(parseTimeOfDay(bad), bad).toBeNull();
    const plan = planSearch(form({ fromTime: '6:30 PM' }));
    expect(plan).toEqual({ ok: false, problems: [{ field: 'fromTime', message: expect.stringContaining('24-hour clock') }] });
  });

  it('refuses a date that does not exist', () => {
    const plan = planSearch(form({ fromDate: '2026-02-30' }));
    expect(plan).toEqual({ ok: false, problems: [{ field: 'fromDate', message: 'The date of the start of the time range does not exist.' }] });
  });

  it('refuses numbers out of range with its own message, never a schema message', () => {
    const plan = planSearch(form({ tenants: ['id:0', 'id:99999999999'], devices: ['id:2147483648'] }));
    expect(plan.ok).toBe(false);
    if (plan.ok) return;
    expect(plan.problems).toEqual([
      { field: 'tenants', message: 'Tenants: 99999999999 is out of range; numbers go from 0 to 2,147,483,647.' },
      { field: 'devices', message: 'Devices: 2147483648 is out of range; numbers go from 0 to 2,147,483,647.' },
    ]);
    const edge = planSearch(form({ tenants: [`id:${MAX_SERVICE_ID}`] }));
    expect(edge.ok && EventSearchRequest.safeParse(edge.plan.request).success).toBe(true);
  });

  it('refuses text over the limit with a message instead of cutting it', () => {
    const plan = planSearch(form({ text: 'x'.repeat(MAX_TEXT + 5) }));
    expect(plan).toEqual({ ok: false, problems: [{ field: 'text', message: `Text: at most ${MAX_TEXT} characters (it has ${MAX_TEXT + 5}). Nothing was cut: shorten it.` }] });
    expect(planSearch(form({ text: 'x'.repeat(MAX_TEXT) })).ok).toBe(true);
  });

  it('refuses more names seen in events than main searches at once', () => {
    const plan = planSearch(form({ devices: Array.from({ length: MAX_SEEN_NAMES + 1 }, (_, i) => `name:Gate ${i}`) }));
    expect(plan).toEqual({ ok: false, problems: [{ field: 'devices', message: `Devices: at most ${MAX_SEEN_NAMES} names seen in events can be searched at once.` }] });
  });

  it('checks the contract\'s bounds, so no request it sends is refused by the schema', () => {
    expect(MAX_SERVICE_ID).toBe(CONTRACT_MAX_SERVICE_ID);
    expect(MAX_SEEN_NAMES).toBe(CONTRACT_MAX_SEEN_NAMES);
    const ids = Array.from({ length: MAX_IDS + 1 }, (_, i) => `id:${i}`);
    expect(planSearch(form({ devices: ids })).ok).toBe(false);
    const full = planSearch(form({ devices: ids.slice(0, MAX_IDS), text: 'x'.repeat(MAX_TEXT) }));
    expect(full.ok && EventSearchRequest.safeParse(full.plan.request).success).toBe(true);
  });
});

describe('search form → request', () => {
  it('sends only the time range when nothing else is chosen (no tenants: every tenant), to searchEvents', () => {
    const plan = planSearch(form({}));
    expect(plan).toEqual({ ok: true, plan: { endpoint: 'searchEvents', request: { from: local(2026, 11, 20, 8, 0), to: local(2026, 11, 21, 8, 0, 59, 999) } } });
    if (plan.ok) expect(EventSearchRequest.safeParse(plan.plan.request).success).toBe(true);
  });

  it('sends what was chosen, numbers as ids and seen names as names, as the contract names them', () => {
    const plan = planSearch(form({ tenants: ['id:0', 'id:3'], devices: ['id:12', 'name:Gate 7'], deviceType: ['id:2'], serviceAlarmsOnly: true, text: ' forced ', eventCategories: ['name:Lift'] }));
    expect(plan.ok).toBe(true);
    if (!plan.ok) return;
    expect(plan.plan.endpoint).toBe('searchEvents');
    expect(plan.plan.request).toEqual({
      from: local(2026, 11, 20, 8, 0),
      to: local(2026, 11, 21, 8, 0, 59, 999),
      tenants: [0, 3],
      deviceIds: [12],
      deviceNames: ['Gate 7'],
      categoryNames: ['Lift'],
      deviceType: 2,
      isAlarm: true,
      searchstring: 'forced',
    });
    expect(EventSearchRequest.safeParse(plan.plan.request).success).toBe(true);
  });

  it('switches to searchEventsByCodes for numbered codes, sending all known tenants when none is chosen', () => {
    const f = form({ eventCategories: ['id:3', 'id:4'] });
    expect(endpointFor(f)).toBe('searchEventsByCodes');
    expect(endpointFor(form({ eventCategories: ['name:Lift'] }))).toBe('searchEvents');
    const plan = planSearch(f, [0, 1, 2]);
    expect(plan).toEqual({
      ok: true,
      plan: { endpoint: 'searchEventsByCodes', request: { from: local(2026, 11, 20, 8, 0), to: local(2026, 11, 21, 8, 0, 59, 999), tenants: [0, 1, 2], eventCategoryIDs: [3, 4] } },
    });
    if (plan.ok) expect(EventCodeSearchRequest.safeParse(plan.plan.request).success).toBe(true);
  });

  it('asks for a tenant only when none is known at all, and refuses text with codes', () => {
    const plan = planSearch(form({ subcodes: ['id:9'], text: 'forced' }));
    expect(plan.ok).toBe(false);
    if (!plan.ok) expect(plan.problems.map((p) => p.field)).toEqual(['tenants', 'text']);
  });

  it('never sends isAlarm: false (unchecked means all events)', () => {
    const plan = planSearch(form({ serviceAlarmsOnly: false }));
    expect(plan.ok && 'isAlarm' in plan.plan.request).toBe(false);
  });

  it('starts with the given tenants chosen', () => {
    expect(emptySearchForm([0, 3]).tenants).toEqual(['id:0', 'id:3']);
  });
});
