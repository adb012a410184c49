import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { createFakeKiosk, fail, makeEvent, ok, type FakeKiosk } from './fake-kiosk';

const fake = vi.hoisted(() => ({ current: null as unknown as FakeKiosk }));
vi.mock('../../../renderer/src/api/kiosk', () => ({
  get kiosk() {
    return fake.current.api;
  },
  isConnected: () => true,
}));

import { useAcknowledgementStore } from '../../../renderer/src/events/acknowledgement-store';
import { useEventDetailStore } from '../../../renderer/src/events/event-detail-store';
import { useHistorySearchStore } from '../../../renderer/src/events/history-search-store';
import type { Acknowledgement } from '../../../electron/contract/ipc';

beforeEach(() => {
  fake.current = createFakeKiosk();
  setActivePinia(createPinia());
});

describe('acknowledgement store', () => {
  const stored: Acknowledgement = {
    alarmKey: 'event:1',
    recordIds: [1],
    note: 'checked',
    acknowledgedAt: '2026-11-21T09:00:00.000Z',
    device: 'Door 3',
    text: 'Door forced open',
  };

  it('loads what main keeps and marks those record ids', async () => {
    fake.current.api.listAcknowledgements.mockResolvedValueOnce(ok([stored]));
    const acks = useAcknowledgementStore();
    await acks.ensureLoaded();
    await acks.ensureLoaded();
    expect(fake.current.api.listAcknowledgements).toHaveBeenCalledTimes(1);
    expect(acks.acknowledgedIds.has(1)).toBe(true);
  });

  it('acknowledges with key, ids and trimmed note, and adds the answer on top', async () => {
    const acks = useAcknowledgementStore();
    await acks.load();
    const result = await acks.acknowledge({ alarmKey: 'alarm:Door 3|Door forced open|from:4', recordIds: [4, 5, 5, 6], note: '  guard sent  ' });
    expect(result.ok).toBe(true);
    expect(fake.current.api.acknowledgeAlarm).toHaveBeenCalledWith({ alarmKey: 'alarm:Door 3|Door forced open|from:4', recordIds: [4, 5, 6], note: 'guard sent' });
    expect(acks.list[0]?.recordIds).toEqual([4, 5, 6]);
    expect([4, 5, 6].every((id) => acks.acknowledgedIds.has(id))).toBe(true);
  });

  it('returns the typed error and changes nothing when main refuses', async () => {
    fake.current.api.acknowledgeAlarm.mockResolvedValueOnce(fail('server_error', 'The operator log could not be written.'));
    const acks = useAcknowledgementStore();
    const result = await acks.acknowledge({ alarmKey: 'event:1', recordIds: [1], note: '' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message).toBe('The operator log could not be written.');
    expect(acks.list).toHaveLength(0);
  });

  it('refuses an over-long note without calling main', async () => {
    const acks = useAcknowledgementStore();
    const result = await acks.acknowledge({ alarmKey: 'event:1', recordIds: [1], note: 'x'.repeat(2001) });
    expect(result.ok).toBe(false);
    expect(fake.current.api.acknowledgeAlarm).not.toHaveBeenCalled();
  });

  it('keeps the load error for a banner', async () => {
    fake.current.api.listAcknowledgements.mockResolvedValueOnce(fail('internal', 'The operator log cannot be read.'));
    const acks = useAcknowledgementStore();
    await acks.load();
    expect(acks.error?.message).toBe('The operator log cannot be read.');
  });
});

describe('event detail store', () => {
  it('shows the feed copy at once, then the service copy', async () => {
    let answer: (value: unknown) => void = () => undefined;
    fake.current.api.getEvent.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve as (value: unknown) => void)) as never);
    const detail = useEventDetailStore();
    const local = makeEvent(7, { custom_Text: 'from the feed' });
    const opening = detail.open(local);
    expect(detail.event?.custom_Text).toBe('from the feed');
    expect(detail.loading).toBe(true);
    answer(ok({ ...local, custom_Text: 'from the service', extra_Field: 1 }));
    await opening;
    expect(fake.current.api.getEvent).toHaveBeenCalledWith({ id: 7 });
    expect(detail.event?.custom_Text).toBe('from the service');
    expect(detail.loading).toBe(false);
    expect(detail.refreshed).toBe(true);
  });

  it('keeps the feed copy and the error when the refresh fails', async () => {
    fake.current.api.getEvent.mockResolvedValueOnce(fail('not_found', 'The service has no event 7.'));
    const detail = useEventDetailStore();
    await detail.open(makeEvent(7));
    expect(detail.event?.record_ID).toBe(7);
    expect(detail.error?.message).toBe('The service has no event 7.');
  });

  it('ignores a late answer for an event the guard has left', async () => {
    let answer: (value: unknown) => void = () => undefined;
    fake.current.api.getEvent.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve as (value: unknown) => void)) as never);
    const detail = useEventDetailStore();
    const first = detail.open(makeEvent(1));
    await detail.open(makeEvent(2));
    answer(ok(makeEvent(1)));
    await first;
    expect(detail.event?.record_ID).toBe(2);
  });
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
