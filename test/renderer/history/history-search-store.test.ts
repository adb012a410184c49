/** The history search store: validation, the endpoint chosen, results, sort and export. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { createFakeKiosk, fail, ok, type FakeKiosk } from '../support/fake-kiosk';

const fake = vi.hoisted(() => ({ current: null as unknown as FakeKiosk }));
vi.mock('../../../renderer/src/api/kiosk', () => ({
  get kiosk() {
    return fake.current.api;
  },
  isConnected: () => true,
}));

import { useHistorySearchStore } from '../../../renderer/src/history/history-search-store';

beforeEach(() => {
  fake.current = createFakeKiosk();
  setActivePinia(createPinia());
});

describe('history search store', () => {
  it('sends nothing while the form is invalid', async () => {
    const search = useHistorySearchStore();
    search.form.from = '';
    expect(await search.search()).toBe(false);
    expect(search.problems.map((p) => p.field)).toEqual(['from']);
    expect(fake.current.api.searchEvents).not.toHaveBeenCalled();
    expect(fake.current.api.searchEventsByCodes).not.toHaveBeenCalled();
  });

  it('uses searchEvents for plain fields and searchEventsByCodes when codes are filled', async () => {
    const search = useHistorySearchStore();
    search.form.text = 'forced';
    await search.search();
    expect(fake.current.api.searchEvents).toHaveBeenCalledTimes(1);
    expect(fake.current.api.searchEvents.mock.calls[0]?.[0]).toMatchObject({ searchstring: 'forced' });
    expect(search.outcome?.endpoint).toBe('searchEvents');
    search.form.text = '';
    search.form.tenants = '0';
    search.form.eventCategoryIDs = '2';
    await search.search();
    expect(fake.current.api.searchEventsByCodes).toHaveBeenCalledTimes(1);
    expect(Object.keys(fake.current.api.searchEventsByCodes.mock.calls[0]?.[0] as object).sort()).toEqual(['eventCategoryIDs', 'from', 'tenants', 'to']);
    expect(search.outcome?.resultId).toBe('r2');
  });

  it('keeps the server error for a banner and the previous results', async () => {
    const search = useHistorySearchStore();
    await search.search();
    fake.current.api.searchEvents.mockResolvedValueOnce(fail('unreachable', 'The event service does not answer.'));
    await search.search();
    expect(search.error?.message).toBe('The event service does not answer.');
    expect(search.outcome?.resultId).toBe('r1');
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
    expect(request).toEqual({ resultId: 'r1', taskId: expect.stringMatching(/^[A-Za-z0-9_-]+$/), sort: { column: 'record_ID', direction: 'desc' } });
    // Another task reports first: the store follows only its own.
    fake.current.emit('taskProgress', { taskId: 'other', label: 'Something else', done: 9, total: 9, finished: true });
    expect(search.progress).toBeNull();
    fake.current.emit('taskProgress', { taskId: request.taskId, label: 'Exporting CSV', done: 1, total: 2, finished: false });
    expect(search.progress).toMatchObject({ taskId: request.taskId, done: 1 });
    finish(ok({ saved: true, path: '/home/guard/events.csv', rows: 2 }));
    await exporting;
    expect(search.exportResult).toEqual({ saved: true, path: '/home/guard/events.csv', rows: 2 });
    expect(fake.current.listenerCount('taskProgress')).toBe(0);
  });

  it('prefills default tenants once', () => {
    const search = useHistorySearchStore();
    search.applyDefaultTenants([0, 3]);
    search.form.tenants = '';
    search.applyDefaultTenants([0, 3]);
    expect(search.form.tenants).toBe('');
  });
});
