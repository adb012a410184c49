/** The history search form: validation and the request it makes. */
import { describe, expect, it } from 'vitest';
import { emptySearchForm, endpointFor, localInputToIso, parseIdList, planSearch, type SearchForm } from '../../../renderer/src/history/search-form';
import { EventCodeSearchRequest, EventSearchRequest } from '../../../electron/contract/ipc';

const form = (patch: Partial<SearchForm>): SearchForm => ({ ...emptySearchForm(), from: '2026-11-20T08:00', to: '2026-11-21T08:00', ...patch });

describe('search form validation', () => {
  it('requires both ends of the date range, with a clear message', () => {
    const plan = planSearch(form({ from: '', to: '' }));
    expect(plan.ok).toBe(false);
    if (plan.ok) return;
    expect(plan.problems).toEqual([
      { field: 'from', message: 'Enter the start of the time range.' },
      { field: 'to', message: 'Enter the end of the time range.' },
    ]);
  });

  it('refuses a range whose start is not before its end', () => {
    for (const to of ['2026-11-20T08:00', '2026-11-19T08:00']) {
      const plan = planSearch(form({ to }));
      expect(plan.ok).toBe(false);
      if (!plan.ok) expect(plan.problems).toEqual([{ field: 'to', message: 'The start of the time range must be before its end.' }]);
    }
  });

  it('refuses a date that is not a date', () => {
    const plan = planSearch(form({ from: 'yesterday' }));
    expect(plan.ok).toBe(false);
    if (!plan.ok) expect(plan.problems[0]?.field).toBe('from');
  });

  it('validates comma-separated ids as whole numbers', () => {
    expect(parseIdList('1, 2,3 ,, 3', 'Tenants')).toEqual({ ok: true, ids: [1, 2, 3] });
    const bad = parseIdList('1, two, 3.5', 'Devices');
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.message).toContain('"two", "3.5" are not whole numbers');
    const plan = planSearch(form({ deviceIds: '4, -1', eventTypeIDs: 'x' , tenants: '1' }));
    expect(plan.ok).toBe(false);
    if (!plan.ok) expect(plan.problems.map((p) => p.field)).toEqual(['deviceIds', 'eventTypeIDs']);
  });

  it('validates the device type as one whole number', () => {
    const plan = planSearch(form({ deviceType: '2,3' }));
    expect(plan.ok).toBe(false);
    if (!plan.ok) expect(plan.problems).toEqual([{ field: 'deviceType', message: 'Device type: enter one whole number, e.g. 2.' }]);
  });
});

describe('search form → request', () => {
  it('sends only the date range when nothing else is filled, to searchEvents', () => {
    const plan = planSearch(form({}));
    expect(plan).toEqual({
      ok: true,
      plan: { endpoint: 'searchEvents', request: { from: localInputToIso('2026-11-20T08:00'), to: localInputToIso('2026-11-21T08:00') } },
    });
    if (plan.ok) expect(EventSearchRequest.safeParse(plan.plan.request).success).toBe(true);
  });

  it('sends the filled plain fields, named as the contract names them', () => {
    const plan = planSearch(form({ tenants: '0, 3', deviceIds: '12', deviceType: '2', alarmsOnly: true, text: ' forced ' }));
    expect(plan.ok).toBe(true);
    if (!plan.ok) return;
    expect(plan.plan.endpoint).toBe('searchEvents');
    expect(plan.plan.request).toEqual({
      from: localInputToIso('2026-11-20T08:00'),
      to: localInputToIso('2026-11-21T08:00'),
      tenants: [0, 3],
      deviceIds: [12],
      deviceType: 2,
      isAlarm: true,
      searchstring: 'forced',
    });
    expect(EventSearchRequest.safeParse(plan.plan.request).success).toBe(true);
  });

  it('switches to searchEventsByCodes when a code field is filled, sending only the filled codes', () => {
    const f = form({ tenants: '0', eventCategoryIDs: '3, 4' });
    expect(endpointFor(f)).toBe('searchEventsByCodes');
    const plan = planSearch(f);
    expect(plan.ok).toBe(true);
    if (!plan.ok) return;
    expect(plan.plan).toEqual({
      endpoint: 'searchEventsByCodes',
      request: { from: localInputToIso('2026-11-20T08:00'), to: localInputToIso('2026-11-21T08:00'), tenants: [0], eventCategoryIDs: [3, 4] },
    });
    expect(EventCodeSearchRequest.safeParse(plan.plan.request).success).toBe(true);
  });

  it('requires tenants for the code search and refuses text with codes', () => {
    const plan = planSearch(form({ subcodeIDs: '9', text: 'forced' }));
    expect(plan.ok).toBe(false);
    if (!plan.ok) expect(plan.problems.map((p) => p.field)).toEqual(['tenants', 'text']);
  });

  it('never sends isAlarm: false (unchecked means all events)', () => {
    const plan = planSearch(form({ alarmsOnly: false }));
    expect(plan.ok && 'isAlarm' in plan.plan.request).toBe(false);
  });

  it('prefills default tenants', () => {
    expect(emptySearchForm([0, 3]).tenants).toBe('0, 3');
  });
});
