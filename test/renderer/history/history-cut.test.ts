/**
 * A History result cut at the service's limit: the screen says so as status, "Read the next part"
 * asks for it with the same search and the result's id, the older events join those shown (the
 * count says how many in all), the last part says the result is whole and takes the focus; the
 * kiosk's own bound and a service that reaches no further back are said without the button; a
 * failed part is an alert; the export of a cut result says the file holds only what was read. A
 * search that was not cut says nothing new. (The CSV's cut line in every language is main's now:
 * test/core/history/event-history-parts.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { flushPromises } from '@vue/test-utils';
import type { EventSearchResult, SearchCut } from '../../../electron/contract/ipc';
import { fail, fake, historyEvent, makeEvent, ok } from '../support/fake-kiosk';
import { useComponentHarness } from '../support/component-harness';
import HistorySearchView from '../../../renderer/src/history/HistorySearchView.vue';
import { useHistorySearchStore } from '../../../renderer/src/history/history-search-store';
import { formatLocal } from '../../../renderer/src/shell/time-format';

const { mountView } = useComponentHarness(fake);

/** Events `to` down to `from`, newest first, event n at 20:00:n UTC. */
const events = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => historyEvent(makeEvent(to - i, { created: new Date(Date.UTC(2026, 10, 21, 20, 0, to - i)).toISOString() })));
const UP_TO = '2026-11-21T22:10:05.000Z';
const serviceCut = (fields: Partial<SearchCut> = {}): SearchCut => ({ by: 'service', limit: 10_000, upTo: UP_TO, canReadNext: true, ...fields });
const answer = (value: EventSearchResult) => ok(value) as never;

async function searchCut(): Promise<Awaited<ReturnType<typeof mountView>>> {
  fake.current.api.searchEvents.mockResolvedValueOnce(answer({ resultId: 'cut-1', events: events(6, 10), part: 1, total: 5, cut: serviceCut() }));
  const view = await mountView(HistorySearchView);
  await view.find('form').trigger('submit');
  await flushPromises();
  return view;
}

describe('a History result cut at the service\'s limit', () => {
  it('says so as status, in plain words, with a button to read the next part', async () => {
    const view = await searchCut();
    const status = view.find('[data-testid="search-cut"]');
    expect(status.attributes('role')).toBe('status');
    expect(status.text()).toBe(
      `The service answered with its limit of 10,000 events: older events of this search may be missing. Narrow the search, or read the next part (events up to ${formatLocal(UP_TO)}).`,
    );
    const button = view.find('[data-testid="read-next-part"]');
    expect(button.text()).toBe('Read the next part');
    expect(button.attributes('aria-describedby')).toBe('search-cut');
    expect(view.find('[data-testid="search-count"]').text()).toBe('5 events');
  });

  it('reads the next part with the same search and the result\'s id, adds the older events below, and says how many in all', async () => {
    const view = await searchCut();
    const sent = fake.current.api.searchEvents.mock.calls[0]![0] as Record<string, unknown>;
    let finish: (value: unknown) => void = () => undefined;
    fake.current.api.searchEvents.mockImplementationOnce(() => new Promise((resolve) => (finish = resolve as (value: unknown) => void)) as never);
    await view.find('[data-testid="read-next-part"]').trigger('click');
    expect(fake.current.api.searchEvents.mock.calls[1]![0]).toEqual({ ...sent, nextPartOf: 'cut-1' });
    // While it reads: said on the button, which keeps the focus (aria-disabled, not disabled); no export meanwhile.
    expect(view.find('[data-testid="read-next-part"]').text()).toBe('Reading the next part…');
    expect(view.find('[data-testid="read-next-part"]').attributes('aria-disabled')).toBe('true');
    expect(view.find('[data-testid="export-csv"]').attributes('disabled')).toBeDefined();
    await view.find('[data-testid="read-next-part"]').trigger('click');
    expect(fake.current.api.searchEvents).toHaveBeenCalledTimes(2);

    finish(answer({ resultId: 'cut-1', events: events(1, 5), part: 2, total: 10, cut: serviceCut({ upTo: '2026-11-21T20:00:00.000Z' }) }));
    await flushPromises();
    expect(view.find('[data-testid="search-count"]').text()).toBe('10 events');
    // Newest first: the part's events below those shown.
    const rows = view.findAll('[data-testid="search-row"]').map((row) => Number(row.attributes('data-record-id')));
    expect(rows).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    expect(view.find('[data-testid="search-cut"]').text()).toBe(
      `The service answered with its limit of 10,000 events: older events of this search may be missing. Narrow the search, or read the next part (events up to ${formatLocal('2026-11-21T20:00:00.000Z')}). 10 events shown, read in 2 parts.`,
    );

    // The last part: the result is whole; the button goes and the focus lands on what the result says.
    view.find<HTMLButtonElement>('[data-testid="read-next-part"]').element.focus();
    fake.current.api.searchEvents.mockResolvedValueOnce(answer({ resultId: 'cut-1', events: events(0, 0), part: 3, total: 11 }));
    await view.find('[data-testid="read-next-part"]').trigger('click');
    await flushPromises();
    expect(view.find('[data-testid="read-next-part"]').exists()).toBe(false);
    expect(view.find('[data-testid="search-cut"]').text()).toBe('Every event of this search is shown: 11 events, read in 3 parts.');
    expect(document.activeElement).toBe(view.find('[data-testid="search-cut"]').element);
  });

  it('says when the kiosk keeps no more, or the service reaches no further back, without the button', async () => {
    fake.current.api.searchEvents.mockResolvedValueOnce(answer({ resultId: 'k', events: events(1, 3), cut: { by: 'kiosk', limit: 50_000, upTo: UP_TO, canReadNext: false } }));
    const view = await mountView(HistorySearchView);
    await view.find('form').trigger('submit');
    await flushPromises();
    expect(view.find('[data-testid="search-cut"]').text()).toBe(
      `The kiosk keeps at most 50,000 events of one search: events of this search up to ${formatLocal(UP_TO)} may be missing. Narrow the search to see them.`,
    );
    expect(view.find('[data-testid="read-next-part"]').exists()).toBe(false);
    fake.current.api.searchEvents.mockResolvedValueOnce(answer({ resultId: 's', events: events(1, 3), cut: serviceCut({ canReadNext: false }) }));
    await view.find('form').trigger('submit');
    await flushPromises();
    expect(view.find('[data-testid="search-cut"]').text()).toContain('reading further brings nothing new');
    expect(view.find('[data-testid="read-next-part"]').exists()).toBe(false);
  });

  it('a part that fails is an alert; the results stay as they were and the part can be asked again', async () => {
    const view = await searchCut();
    fake.current.api.searchEvents.mockResolvedValueOnce(fail('unreachable', 'The event service does not answer.'));
    await view.find('[data-testid="read-next-part"]').trigger('click');
    await flushPromises();
    const alert = view.find('[data-testid="next-part-error"]');
    expect(alert.attributes('role')).toBe('alert');
    expect(alert.text()).toContain('The next part could not be read: The event service does not answer.');
    expect(view.find('[data-testid="search-count"]').text()).toBe('5 events');
    expect(view.find('[data-testid="read-next-part"]').exists()).toBe(true);
  });

  it('an export of a cut result says the file holds only the events read', async () => {
    const view = await searchCut();
    fake.current.api.exportSearchCsv.mockResolvedValueOnce(ok({ saved: true, path: '/tmp/events.csv', rows: 5 }) as never);
    await view.find('[data-testid="export-csv"]').trigger('click');
    await flushPromises();
    expect(view.find('[data-testid="export-result"]').text()).toBe(
      'Saved 5 rows to /tmp/events.csv. Only the events read so far: older events of this search are not in the file, and its first line says so.',
    );
  });

  it('a search that was not cut says nothing new', async () => {
    const view = await mountView(HistorySearchView);
    await view.find('form').trigger('submit');
    await flushPromises();
    expect(view.find('[data-testid="search-count"]').text()).toBe('2 events');
    expect(view.find('[data-testid="search-cut"]').text()).toBe('');
    expect(view.find('[data-testid="search-cut-area"]').classes()).not.toContain('banner');
    expect(view.find('[data-testid="read-next-part"]').exists()).toBe(false);
    await view.find('[data-testid="export-csv"]').trigger('click');
    await flushPromises();
    expect(view.find('[data-testid="export-result"]').text()).toBe('Saved 2 rows to /tmp/events.csv');
  });
});

describe('the history store reading a next part', () => {
  it('drops a part that comes back after a new search, and asks nothing for a result that is not cut', async () => {
    await mountView(HistorySearchView);
    const search = useHistorySearchStore();
    fake.current.api.searchEvents.mockResolvedValueOnce(answer({ resultId: 'cut-1', events: events(6, 10), cut: serviceCut() }));
    await search.search();
    let finish: (value: unknown) => void = () => undefined;
    fake.current.api.searchEvents.mockImplementationOnce(() => new Promise((resolve) => (finish = resolve as (value: unknown) => void)) as never);
    const reading = search.readNextPart();
    await search.search(); // the fake's own answer: r1, two events, not cut
    finish(answer({ resultId: 'cut-1', events: events(1, 5), part: 2, total: 10 }));
    expect(await reading).toBe(false);
    expect(search.outcome).toMatchObject({ resultId: 'r1', parts: 1, cut: null });
    expect(search.outcome?.events).toHaveLength(2);
    const calls = fake.current.api.searchEvents.mock.calls.length;
    expect(await search.readNextPart()).toBe(false);
    expect(fake.current.api.searchEvents).toHaveBeenCalledTimes(calls);
  });
});
