/** The history search screen: form, results table, sorting and export. */
import { describe, expect, it, vi } from 'vitest';
import { flushPromises } from '@vue/test-utils';
import type { FakeKiosk } from '../support/fake-kiosk';
import { useComponentHarness } from '../support/component-harness';

const fake = vi.hoisted(() => ({ current: null as unknown as FakeKiosk }));
vi.mock('../../../renderer/src/api/kiosk', () => ({
  get kiosk() {
    return fake.current.api;
  },
  isConnected: () => true,
}));

import HistorySearchView from '../../../renderer/src/history/HistorySearchView.vue';

const { mountView } = useComponentHarness(fake);

describe('HistorySearchView', () => {
  it('shows a clear message and sends nothing for an invalid range', async () => {
    const view = await mountView(HistorySearchView);
    await view.find('[data-testid="search-from"]').setValue('2026-11-21T10:00');
    await view.find('[data-testid="search-to"]').setValue('2026-11-21T09:00');
    await view.find('form').trigger('submit');
    await flushPromises();
    expect(view.find('[data-testid="search-problems"]').text()).toContain('The start of the time range must be before its end.');
    expect(view.find('[data-testid="search-to"]').attributes('aria-invalid')).toBe('true');
    expect(fake.current.api.searchEvents).not.toHaveBeenCalled();
  });

  it('prefills default tenants, searches, sorts by header (aria-sort) and exports', async () => {
    const view = await mountView(HistorySearchView);
    expect((view.find('[data-testid="search-tenants"]').element as HTMLInputElement).value).toBe('0, 3');
    await view.find('form').trigger('submit');
    await flushPromises();
    expect(fake.current.api.searchEvents).toHaveBeenCalledTimes(1);
    expect(view.find('[data-testid="search-count"]').text()).toBe('2 events');
    const idHeader = view.find('th:has(button[data-column="record_ID"])');
    expect(idHeader.attributes('aria-sort')).toBe('none');
    await idHeader.find('button').trigger('click');
    expect(view.find('th:has(button[data-column="record_ID"])').attributes('aria-sort')).toBe('descending');
    await view.find('[data-testid="export-csv"]').trigger('click');
    await flushPromises();
    expect(view.find('[data-testid="export-result"]').text()).toBe('Saved 2 rows to /tmp/events.csv');
  });

  it('shows a server error as a banner', async () => {
    fake.current.api.searchEvents.mockResolvedValueOnce({ ok: false, error: { code: 'server_error', message: 'The event service failed.' } });
    const view = await mountView(HistorySearchView);
    await view.find('form').trigger('submit');
    await flushPromises();
    expect(view.find('[data-testid="search-error"]').text()).toContain('The event service failed.');
  });
});
