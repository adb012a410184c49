/** The history search screen: form, pick lists, results table with the service's flag, sorting and export. */
import { describe, expect, it } from 'vitest';
import { flushPromises } from '@vue/test-utils';
import { fake, historyEvent, makeAlarm, makeEvent, ok, SETTINGS } from '../support/fake-kiosk';
import { useComponentHarness } from '../support/component-harness';


import HistorySearchView from '../../../renderer/src/history/HistorySearchView.vue';
import { i18n } from '../../../renderer/src/i18n/i18n';
import { loadMessages } from '../../../renderer/src/i18n/locale-loader';

const { mountView } = useComponentHarness(fake);

describe('HistorySearchView', () => {
  it('shows a clear message and sends nothing for an inverted range, and keeps a range of one minute', async () => {
    const view = await mountView(HistorySearchView);
    await view.find('[data-testid="search-from-date"]').setValue('2026-11-21');
    await view.find('[data-testid="search-from-time"]').setValue('10:00');
    await view.find('[data-testid="search-to-date"]').setValue('2026-11-21');
    await view.find('[data-testid="search-to-time"]').setValue('09:00');
    await view.find('form').trigger('submit');
    await flushPromises();
    expect(view.find('[data-testid="search-problems"]').text()).toContain('The start of the time range must not be after its end.');
    expect(view.find('[data-testid="search-to-time"]').attributes('aria-invalid')).toBe('true');
    expect(fake.current.api.searchEvents).not.toHaveBeenCalled();
    await view.find('[data-testid="search-to-time"]').setValue('10:00');
    await view.find('form').trigger('submit');
    await flushPromises();
    expect(fake.current.api.searchEvents).toHaveBeenCalledTimes(1);
  });

  it('offers the catalogue in pick lists (tenants start as all), takes a device by name, searches, sorts and exports', async () => {
    fake.current.api.getSettings.mockResolvedValue(ok({ ...SETTINGS, search: { defaultTenants: [] } }));
    const view = await mountView(HistorySearchView);
    expect(view.find('#search-tenants-button').text()).toContain('All 3 tenants');
    await view.find('#search-devices-button').trigger('click');
    await flushPromises();
    const combobox = view.find('[data-testid="search-devices"] input[role="combobox"]');
    expect(document.activeElement).toBe(combobox.element);
    await combobox.setValue('reader');
    const options = view.findAll('[data-testid="search-devices"] [role="option"]');
    expect(options.map((o) => o.text())).toEqual([expect.stringContaining('Main Entrance Reader In')]);
    await combobox.trigger('keydown', { key: 'Enter' });
    await combobox.setValue('gate');
    await combobox.trigger('keydown', { key: 'Enter' });
    await combobox.trigger('keydown', { key: 'Escape' });
    await flushPromises();
    expect(view.find('#search-devices-button').text()).toContain('Main Entrance Reader In, Gate 7');
    await view.find('form').trigger('submit');
    await flushPromises();
    expect(fake.current.api.searchEvents.mock.calls[0]?.[0]).toMatchObject({ tenants: [0, 2, 7], deviceIds: [301], deviceNames: ['Gate 7'] });
    expect(view.find('[data-testid="search-count"]').text()).toBe('2 events');
    const idHeader = view.find('th:has(button[data-column="record_ID"])');
    expect(idHeader.attributes('aria-sort')).toBe('none');
    await idHeader.find('button').trigger('click');
    expect(view.find('th:has(button[data-column="record_ID"])').attributes('aria-sort')).toBe('descending');
    await view.find('[data-testid="export-csv"]').trigger('click');
    await flushPromises();
    expect(view.find('[data-testid="export-result"]').text()).toBe('Saved 2 rows to /tmp/events.csv');
  });

  it('adds a number the catalogue does not name, and refuses one out of range before any request', async () => {
    const view = await mountView(HistorySearchView);
    await view.find('#search-devices-button').trigger('click');
    await flushPromises();
    const combobox = view.find('[data-testid="search-devices"] input[role="combobox"]');
    await combobox.setValue('99999999999');
    expect(view.find('[data-testid="search-devices"] [role="option"].typed').text()).toContain('Add number 99999999999');
    await combobox.trigger('keydown', { key: 'Enter' });
    await combobox.trigger('keydown', { key: 'Escape' });
    await view.find('form').trigger('submit');
    await flushPromises();
    expect(view.find('[data-testid="search-problems"]').text()).toContain('Devices: 99999999999 is out of range');
    expect(fake.current.api.searchEvents).not.toHaveBeenCalled();
  });

  it('shows the kiosk\'s alarm and, where it differs, the service\'s flag', async () => {
    fake.current.api.searchEvents.mockResolvedValueOnce({
      ok: true,
      value: { resultId: 'r9', events: [historyEvent(makeAlarm(5, { custom_Text: 'TAMPER', alarm: { priority: 'high', rule: 'tamper' } }), true), historyEvent(makeEvent(6), true), historyEvent(makeAlarm(7), false)] },
    });
    const view = await mountView(HistorySearchView);
    expect(view.find('[data-testid="search-service-alarms"]').element.closest('label')?.textContent).toContain('Only what the service flags as alarms');
    await view.find('form').trigger('submit');
    await flushPromises();
    const row = (id: number) => view.find(`[data-testid="search-row"][data-record-id="${id}"]`);
    expect(row(5).find('[data-testid="result-alarm"]').text()).toBe('High alarm');
    expect(row(5).find('[data-testid="result-service-flag"]').text()).toBe('');
    expect(row(6).find('[data-testid="result-service-flag"]').text()).toBe('Alarm for the service');
    expect(row(7).find('[data-testid="result-service-flag"]').text()).toBe('Not an alarm for the service');
  });

  it('shows a server error as a banner, marks the earlier results stale, and does not vouch for a feed that is offline', async () => {
    const view = await mountView(HistorySearchView);
    await view.find('form').trigger('submit');
    await flushPromises();
    fake.current.api.searchEvents.mockResolvedValueOnce({ ok: false, error: { code: 'server_error', message: 'The event service failed.' } });
    await view.find('form').trigger('submit');
    await flushPromises();
    expect(view.find('[data-testid="search-error"]').text()).toContain('The event service failed.');
    expect(view.find('[data-testid="search-error"]').text()).toContain('The live feed is not affected.');
    expect(view.find('[data-testid="results-stale"]').text()).toContain('failed');
    fake.current.emit('feedState', { status: 'offline', since: new Date().toISOString(), lastSuccessAt: null, lastDeliveredId: null, maxEventId: null, error: { code: 'unreachable', message: 'No answer.' } });
    await flushPromises();
    expect(view.find('[data-testid="search-error"]').text()).not.toContain('live feed');
  });
});

describe('HistorySearchView export in German', () => {
  // The German CSV words were sent with the export and checked here; main words the CSV itself now,
  // in the language the page reported (its German headings and priorities:
  // test/core/history/event-history.test.ts), so the request carries none.
  it('sends the export without words and words its progress itself (not main\'s English label)', async () => {
    i18n.global.setLocaleMessage('de', await loadMessages('de'));
    i18n.global.locale.value = 'de';
    const view = await mountView(HistorySearchView);
    await view.find('form').trigger('submit');
    await flushPromises();
    let finish: (value: unknown) => void = () => undefined;
    fake.current.api.exportSearchCsv.mockImplementationOnce(() => new Promise((resolve) => (finish = resolve as (value: unknown) => void)) as never);
    await view.find('[data-testid="export-csv"]').trigger('click');
    const request = fake.current.api.exportSearchCsv.mock.calls[0]![0] as { taskId: string };
    expect(Object.keys(request).sort()).toEqual(['resultId', 'sort', 'taskId']);
    fake.current.emit('taskProgress', { taskId: request.taskId, label: 'Exporting 2 events to CSV', done: 1, total: 2, finished: false });
    await flushPromises();
    expect(view.find('[data-testid="export-progress"]').text()).toContain('2 Ereignisse werden als CSV exportiert: 1 von 2');
    expect(view.find('[data-testid="export-progress"]').text()).not.toContain('Exporting');
    finish(ok({ saved: true, path: '/tmp/events.csv', rows: 2 }));
    await flushPromises();
  });
});
