/** The history search store: validation, the endpoint chosen, the catalogue, stale results, sort and export. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { createFakeKiosk, fail, fake, ok, SETTINGS } from '../support/fake-kiosk';


import { defaultRange, useHistorySearchStore } from '../../../renderer/src/history/history-search-store';

beforeEach(() => {
  fake.current = createFakeKiosk();
  setActivePinia(createPinia());
});

describe('history search store', () => {
  it('starts with the last 24 hours, both ends on the 24-hour clock', () => {
    const range = defaultRange(new Date(2026, 10, 21, 14, 5, 17));
    expect(range).toEqual({ fromDate: '2026-11-20', fromTime: '14:05', toDate: '2026-11-21', toTime: '14:05:59' });
  });

  it('"To" moves to now at each search while the guard leaves it, and stays where the guard set it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date(2026, 10, 21, 14, 5, 17));
      const search = useHistorySearchStore();
      vi.setSystemTime(new Date(2026, 10, 21, 15, 40, 2)); // an alarm was raised at 15:40:01
      await search.search();
      expect(search.form.toTime).toBe('15:40:59');
      expect(fake.current.api.searchEvents.mock.calls[0]?.[0]).toMatchObject({ to: new Date(2026, 10, 21, 15, 40, 59, 999).toISOString() });
      search.form.toTime = '15:00';
      vi.setSystemTime(new Date(2026, 10, 21, 16, 0, 0));
      await search.search();
      expect(search.form.toTime).toBe('15:00');
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends nothing while the form is invalid, and marks earlier results stale', async () => {
    const search = useHistorySearchStore();
    await search.search();
    expect(search.outcome?.stale).toBeNull();
    search.form.fromDate = '';
    expect(await search.search()).toBe(false);
    expect(search.problems.map((p) => p.field)).toEqual(['fromDate']);
    expect(fake.current.api.searchEvents).toHaveBeenCalledTimes(1);
    expect(search.outcome?.stale).toBe('refused');
  });

  it('starts with every tenant of the catalogue (named and seen), until the guard picks', async () => {
    const search = useHistorySearchStore();
    search.setDefaultTenants([]);
    await search.loadCatalogue();
    expect(search.form.tenants).toEqual(['id:0', 'id:2', 'id:7']);
    expect(search.options.tenants.map((o) => [o.label, o.seen ?? false])).toEqual([
      ['Building (shared)', false],
      ['Contoso Labs', false],
      ['Tenant 7', true],
    ]);
    expect(search.options.devices.find((o) => o.key === 'id:301')?.detail).toBe('Reader · #301');
    expect(search.options.devices.find((o) => o.key === 'name:Gate 7')?.seen).toBe(true);
    search.setTenants(['id:2']);
    await search.loadCatalogue();
    expect(search.form.tenants).toEqual(['id:2']);
    search.resetForm();
    expect(search.form.tenants).toEqual(['id:0', 'id:2', 'id:7']);
  });

  it('starts with the configured tenants when there are any', async () => {
    const search = useHistorySearchStore();
    search.setDefaultTenants(SETTINGS.search.defaultTenants);
    await search.loadCatalogue();
    expect(search.form.tenants).toEqual(['id:0', 'id:3']);
  });

  it('uses searchEvents for plain fields and searchEventsByCodes when codes are chosen', async () => {
    const search = useHistorySearchStore();
    await search.loadCatalogue();
    search.form.text = 'forced';
    await search.search();
    expect(fake.current.api.searchEvents).toHaveBeenCalledTimes(1);
    expect(fake.current.api.searchEvents.mock.calls[0]?.[0]).toMatchObject({ searchstring: 'forced', tenants: [0, 2, 7] });
    expect(search.outcome?.endpoint).toBe('searchEvents');
    search.form.text = '';
    search.setTenants([]);
    search.form.eventCategories = ['id:2'];
    await search.search();
    expect(fake.current.api.searchEventsByCodes).toHaveBeenCalledTimes(1);
    expect(fake.current.api.searchEventsByCodes.mock.calls[0]?.[0]).toMatchObject({ tenants: [0, 2, 7], eventCategoryIDs: [2] });
    expect(search.outcome?.resultId).toBe('r2');
  });

  it('keeps the server error for a banner and the previous results, marked stale', async () => {
    const search = useHistorySearchStore();
    await search.search();
    fake.current.api.searchEvents.mockResolvedValueOnce(fail('unreachable', 'The event service does not answer.'));
    await search.search();
    expect(search.error?.message).toBe('The event service does not answer.');
    expect(search.outcome).toMatchObject({ resultId: 'r1', stale: 'failed' });
    await search.search();
    expect(search.outcome?.stale).toBeNull();
  });

  it('sorts results and exports with the same sort, following the progress of the task', async () => {
    const search = useHistorySearchStore();
    await search.search();
    search.sortBy('record_ID');
    expect(search.sortedEvents.map((e) => e.record_ID)).toEqual([2, 1]);
    let finish: (value: unknown) => void = () => undefined;
    fake.current.api.exportSearchCsv.mockImplementationOnce(() => new Promise((resolve) => (finish = resolve as (value: unknown) => void)) as never);
    const exporting = search.exportCsv();
    expect(search.exporting).toBe(true);
    const request = fake.current.api.exportSearchCsv.mock.calls[0]![0] as { taskId: string };
    expect(request).toEqual({
      resultId: 'r1',
      taskId: expect.stringMatching(/^[A-Za-z0-9_-]+$/),
      sort: { column: 'record_ID', direction: 'desc' },
      // No words: main words the CSV (its headings and the cut line) in the language shown
      // (test/core/history/event-history.test.ts); the request carried them before.
    });
    // Another task reports first: the store follows only its own.
    fake.current.emit('taskProgress', { taskId: 'other', label: 'Something else', done: 9, total: 9, finished: true });
    expect(search.progress).toBeNull();
    fake.current.emit('taskProgress', { taskId: request.taskId, label: 'Exporting CSV', done: 1, total: 2, finished: false });
    expect(search.progress).toMatchObject({ taskId: request.taskId, done: 1 });
    finish(ok({ saved: true, path: '/home/guard/events.csv', rows: 2 }));
    await exporting;
    expect(search.exportResult).toEqual({ saved: true, path: '/home/guard/events.csv', rows: 2, cut: null });
    expect(fake.current.listenerCount('taskProgress')).toBe(0);
  });
});
