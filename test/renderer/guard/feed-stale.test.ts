/** Issue 18: while the service answers too slowly, the status bar and the feed screen say so, with the outage's start and the time of the last event received. */
import { describe, expect, it } from 'vitest';
import { flushPromises } from '@vue/test-utils';
import { fake, LIVE_STATE } from '../support/fake-kiosk';
import { useComponentHarness } from '../support/component-harness';
import { connectionSummary } from '../../../renderer/src/status/connection-text';
import type { FeedState } from '../../../electron/contract/ipc';


import LiveFeedView from '../../../renderer/src/guard/LiveFeedView.vue';
import StatusBar from '../../../renderer/src/status/StatusBar.vue';

const { mountView } = useComponentHarness(fake);

const now = new Date(2026, 10, 21, 10, 40, 0);
const local = (h: number, m: number, s: number): string => new Date(2026, 10, 21, h, m, s).toISOString();
const SLOW: FeedState = {
  ...LIVE_STATE,
  status: 'slow',
  since: local(10, 31, 12),
  outageSince: local(10, 31, 2),
  lastEventAt: local(10, 30, 58),
  error: { code: 'timeout', message: 'The access-control service is answering too slowly.' },
};

describe('connection wording when the service is too slow', () => {
  it('slow: the outage start (not when the status changed) and the last event received', () => {
    const summary = connectionSummary(SLOW, now);
    expect(summary).toMatchObject({ status: 'slow', tone: 'warn', headline: 'Service too slow since 10:31:02', lastEvent: 'Last event 10:30:58' });
    expect(summary.reason).toBe(SLOW.error?.message);
  });

  it('offline after a long slow outage still says since it began (not since it went offline)', () => {
    expect(connectionSummary({ ...SLOW, status: 'offline', since: local(10, 31, 40) }, now).headline).toBe('Service not answering since 10:31:02');
  });

  it('no event yet', () => {
    expect(connectionSummary({ ...SLOW, lastEventAt: null }, now).lastEvent).toBe('No event received yet');
  });
});

describe('the status bar and the feed screen', () => {
  it('the status bar says too slowly, since when, and the last event; live again drops it', async () => {
    fake.current.setSnapshot([], SLOW);
    const view = await mountView(StatusBar);
    const connection = view.find('[data-testid="feed-connection"]');
    expect(connection.attributes('data-status')).toBe('slow');
    expect(connection.find('[data-testid="service-reachability"]').text()).toMatch(/^Service too slow since /);
    expect(connection.find('[data-testid="feed-last-event"]').text()).toMatch(/^Last event /);
    fake.current.emit('feedState', { ...LIVE_STATE, lastEventAt: local(10, 41, 0) });
    await flushPromises();
    expect(view.find('[data-testid="service-reachability"]').text()).toBe('Service reachable, feed live');
    expect(view.find('[data-testid="feed-last-event"]').exists()).toBe(false);
  });

  it('the feed screen says the list is not up to date, with the time of the last event received', async () => {
    fake.current.setSnapshot([], SLOW);
    const view = await mountView(LiveFeedView);
    const stale = view.find('[data-testid="feed-stale"]');
    expect(stale.text()).toMatch(/not up to date: the service is answering too slowly \(since .*10:31:02\)/);
    expect(stale.find('[data-testid="feed-stale-last-event"] time').attributes('datetime')).toBe(SLOW.lastEventAt);
    fake.current.emit('feedState', LIVE_STATE);
    await flushPromises();
    expect(view.find('[data-testid="feed-stale"]').exists()).toBe(false);
  });
});
