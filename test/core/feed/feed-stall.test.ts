// EventFeed against a service that answers too slowly (issue 18): the feed stops saying "live" once
// no poll has succeeded for longer than the service's timeout, even while the stuck poll is still
// under way; the outage's start is when the first stuck poll began and stays put as the outage
// goes on; the time of the last event received is kept; and when the service answers again the
// stuck poll is abandoned (aborted), not waited for.
import { describe, expect, it } from 'vitest';
import { EventFeed, type FeedConfig } from '../../../electron/core/feed/feed-engine';
import { createLogger, memorySink } from '../../../electron/core/log/logger';
import { KioskFailure } from '../../../electron/core/ipc/failure';
import { FakeEventService, ManualClock, PushRecorder } from '../support/event-fakes';

function setup(config: Partial<FeedConfig> = {}) {
  const service = new FakeEventService();
  service.append(20);
  const clock = new ManualClock();
  const push = new PushRecorder();
  const feed = new EventFeed({
    service,
    push,
    log: createLogger(memorySink().sink),
    timers: clock,
    now: clock.now,
    random: () => 0.5,
    config: { pollIntervalMs: 500, initialEvents: 10, chunkSize: 20, bufferSize: 1_000, maxBackoffMs: 10_000, stalledAfterMs: 3_000, ...config },
  });
  const caughtUp = (): boolean => feed.state().lastDeliveredId === service.maxId && feed.state().status === 'live';
  return { service, clock, push, feed, caughtUp };
}

const iso = (ms: number): string => new Date(ms).toISOString();
const timeout = (): KioskFailure => KioskFailure.of('timeout', 'The access-control service is taking too long to answer.', { detail: 'overall deadline (fake)' });

describe('EventFeed: a service that answers too slowly', () => {
  it('stops saying live once no poll has succeeded for longer than the timeout, while the stuck poll is still under way', async () => {
    const { feed, clock, service, caughtUp } = setup();
    feed.start();
    await clock.runUntil(caughtUp);
    const lastSuccess = clock.time;
    service.hangNext();
    await clock.runUntil(() => service.inFlight === 1);
    const stuckPollStart = clock.time;
    await clock.runUntil(() => feed.state().status !== 'live');
    expect(service.inFlight).toBe(1); // the poll is still stuck: the watchdog, not its failure, said so
    expect(clock.time).toBe(lastSuccess + 3_000);
    const state = feed.state();
    expect(state).toMatchObject({ status: 'slow', error: { code: 'timeout' }, outageSince: iso(stuckPollStart) });
    expect(state.error?.message).toMatch(/answering too slowly/);
    expect(state.error).toMatchObject({ key: 'errors.stalled', params: { seconds: expect.any(Number) } });
    expect(state.lastEventAt).not.toBeNull();
    await feed.stop();
  });

  it('keeps the outage start at the first stuck poll while it goes from slow to offline and the probe reports', async () => {
    const { feed, clock, service, caughtUp } = setup({ offlineAfterFailures: 3, offlineAfterMs: 60_000 });
    feed.start();
    await clock.runUntil(caughtUp);
    service.failNext(10, timeout);
    await clock.runUntil(() => service.calls.length > 0 && feed.state().status !== 'live');
    const firstFailed = Date.parse(feed.state().outageSince ?? '');
    expect(feed.state().status).toBe('slow');
    // The first failing poll began one poll interval after the last success, before its failure was known.
    expect(firstFailed).toBeLessThanOrEqual(clock.time);
    feed.connection.unreachable(KioskFailure.of('unreachable', 'No answer.'));
    expect(feed.state().status).toBe('reconnecting');
    await clock.runUntil(() => feed.state().status === 'offline');
    expect(feed.state().outageSince).toBe(iso(firstFailed));
    expect(Date.parse(feed.state().since)).toBeGreaterThan(firstFailed); // the status changed later; the outage did not move
    await clock.runUntil(caughtUp);
    expect(feed.state().outageSince).toBeNull();
    await feed.stop();
  });

  it('the outage starts when the first failing poll began, not when its deadline passed', async () => {
    const { feed, clock, service, caughtUp } = setup({ stalledAfterMs: 60_000 });
    feed.start();
    await clock.runUntil(caughtUp);
    // The next poll's request fails by its deadline, 10 s after it was sent.
    let slowNext = true;
    const real = service.getMaxEventId.bind(service);
    service.getMaxEventId = (options) => {
      if (!slowNext) return real(options);
      slowNext = false;
      stuckPollStart = clock.time;
      return new Promise((_, reject) => clock.setTimeout(() => reject(timeout()), 10_000));
    };
    let stuckPollStart = 0;
    await clock.runUntil(() => feed.state().status !== 'live');
    expect(clock.time).toBe(stuckPollStart + 10_000);
    expect(feed.state()).toMatchObject({ status: 'slow', since: iso(stuckPollStart + 10_000), outageSince: iso(stuckPollStart) });
    await feed.stop();
  });

  it('recovers at once when the service answers again: the stuck poll is aborted, not waited for', async () => {
    const { feed, clock, service, push, caughtUp } = setup();
    feed.start();
    await clock.runUntil(caughtUp);
    service.hangNext();
    await clock.runUntil(() => feed.state().status === 'slow');
    expect(service.inFlight).toBe(1);
    service.append(3);
    const woken = clock.time;
    feed.wake(); // the reachability probe heard the service
    await clock.runUntil(caughtUp, 10);
    expect(clock.time).toBe(woken); // no timer had to run out: no wait behind the stuck request
    expect(service.inFlight).toBe(0);
    expect(feed.state()).toMatchObject({ status: 'live', error: null, outageSince: null, lastEventAt: iso(woken) });
    expect(push.deliveredIds().slice(-3)).toEqual([21, 22, 23]);
    await feed.stop();
  });

  it('a quiet service that answers is live however long no event comes', async () => {
    const { feed, clock, caughtUp } = setup();
    feed.start();
    await clock.runUntil(caughtUp);
    const lastEvent = feed.state().lastEventAt;
    await clock.advance(30_000);
    expect(feed.state()).toMatchObject({ status: 'live', lastEventAt: lastEvent });
    await feed.stop();
  });
});
