// The reachability probe: "Check now" answers with the highest event id or the typed error, and
// while the feed is not live a light probe hears the service come back and wakes the feed at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeIntervalFor, ServiceWatch } from '../../../electron/core/status/service-watch';
import { EventFeed } from '../../../electron/core/feed/feed-engine';
import { createServiceClient } from '../../../electron/core/service/service-client';
import { loadConfig } from '../../../electron/core/config/load-config';
import { createLogger, silentSink } from '../../../electron/core/log/logger';
import { KioskFailure } from '../../../electron/core/ipc/failure';
import { startSimulator, type RunningSimulator } from '../../../electron/simulator';
import { SimulatorControls } from '../../../electron/simulator/control-client';
import { FakeEventService, ManualClock, PushRecorder, unreachable } from '../support/event-fakes';

const at = new Date('2026-03-04T05:06:07.000Z');

/** A connection that is not live, for checkNow against a real service: what the probe heard (the feed woken) and reported. */
function idleFeed() {
  const woken: number[] = [];
  const reported: unknown[] = [];
  return {
    woken,
    reported,
    connection: {
      watching: true,
      state: () => ({ status: 'offline' as const, since: at.toISOString(), lastSuccessAt: null, lastDeliveredId: null, maxEventId: null, error: null }),
      heard: () => void woken.push(1),
      unreachable: (thrown: unknown) => void reported.push(thrown),
    },
  };
}

describe('ServiceWatch.checkNow against the simulator', () => {
  let sim: RunningSimulator;
  beforeAll(async () => {
    sim = await startSimulator({ port: 0, cardholders: 1, eventRate: 0, historyEvents: 10, testControls: true });
  });
  afterAll(() => sim.close());

  function service(url = sim.url) {
    const config = loadConfig({ systemFile: null, userFile: null, env: {}, argv: [], platform: 'linux' });
    return createServiceClient({ config, baseUrl: url, secret: null, log: createLogger(silentSink) });
  }

  it('reachable: the highest event id, and the feed is woken', async () => {
    const client = service();
    const { connection, woken } = idleFeed();
    const watch = new ServiceWatch({ service: client, connection, mode: 'demo', serviceLabel: client.serviceLabel, intervalMs: 1_000, now: () => at });
    const status = await watch.checkNow();
    expect(status).toEqual({ mode: 'demo', serviceLabel: `127.0.0.1:${sim.port}`, reachable: true, maxEventId: sim.maxEventId(), checkedAt: at.toISOString(), error: null });
    expect(woken).toHaveLength(1);
    client.close();
  });

  it('a server error: not reachable, with the typed error, never a rejection; the feed is told', async () => {
    const controls = new SimulatorControls(sim.url);
    await controls.setFaults({ error: { status: 500 } });
    const client = service();
    const { connection, woken, reported } = idleFeed();
    const watch = new ServiceWatch({ service: client, connection, mode: 'configured', serviceLabel: 'access:443', intervalMs: 1_000, now: () => at });
    const status = await watch.checkNow();
    await controls.clearFaults();
    expect(status).toMatchObject({ mode: 'configured', serviceLabel: 'access:443', reachable: false, maxEventId: null, checkedAt: at.toISOString() });
    expect(status.error).toMatchObject({ code: 'server_error', status: 500, endpoint: 'GET /api/SystemEvents/maxid' });
    expect(woken).toHaveLength(0);
    expect(reported).toHaveLength(1);
    client.close();
  });

  it('unreachable', async () => {
    const client = service('http://127.0.0.1:9');
    const watch = new ServiceWatch({ service: client, connection: idleFeed().connection, mode: 'configured', serviceLabel: '127.0.0.1:9', intervalMs: 1_000 });
    const status = await watch.checkNow();
    expect(status.reachable).toBe(false);
    expect(status.error?.code).toBe('unreachable');
    expect(Date.parse(status.checkedAt)).not.toBeNaN();
    client.close();
  });

  it('anything else thrown becomes an internal error', async () => {
    const watch = new ServiceWatch({ service: { getMaxEventId: () => Promise.reject(new TypeError('boom')) }, connection: idleFeed().connection, mode: 'demo', serviceLabel: 'x:1', intervalMs: 1_000 });
    expect(await watch.checkNow()).toMatchObject({ reachable: false, error: { code: 'internal' } });
  });
});

describe('ServiceWatch and the feed during an outage (simulated time)', () => {
  function setup(options: { watch: boolean }) {
    const service = new FakeEventService();
    service.append(20);
    const clock = new ManualClock();
    const feed = new EventFeed({
      service,
      push: new PushRecorder(),
      log: createLogger(silentSink),
      timers: clock,
      now: clock.now,
      random: () => 0.5,
      config: { pollIntervalMs: 500, initialEvents: 10, chunkSize: 50, bufferSize: 1_000, maxBackoffMs: 30_000 },
    });
    const watch = new ServiceWatch({ service, connection: feed.connection, mode: 'demo', serviceLabel: 'sim:1', intervalMs: probeIntervalFor(500), timers: clock });
    feed.start();
    if (options.watch) watch.start();
    return { service, clock, feed, watch };
  }

  /** Goes live, then the service is down for `outageMs` of simulated time; returns when it came back. */
  async function outage(env: ReturnType<typeof setup>, outageMs: number): Promise<number> {
    const { service, clock, feed } = env;
    await clock.runUntil(() => feed.state().status === 'live');
    service.down = unreachable;
    await clock.advance(outageMs);
    expect(feed.state().status).toBe('offline');
    service.down = null;
    return clock.time;
  }

  it('the probe hears the service come back and wakes the feed: live within one probe interval plus one poll', async () => {
    const env = setup({ watch: true });
    const back = await outage(env, 120_000);
    await env.clock.runUntil(() => env.feed.state().status === 'live');
    expect(env.clock.time - back).toBeLessThanOrEqual(probeIntervalFor(500) + 500);
    await env.watch.stop();
    await env.feed.stop();
  });

  it('without the probe the feed waits out its back-off (what the probe is for)', async () => {
    const env = setup({ watch: false });
    const back = await outage(env, 120_000);
    await env.clock.runUntil(() => env.feed.state().status === 'live');
    expect(env.clock.time - back).toBeGreaterThan(probeIntervalFor(500) + 500);
    await env.feed.stop();
  });

  it('does not hammer a service that stays down: one probe per interval, the feed backing off', async () => {
    const env = setup({ watch: true });
    await env.clock.runUntil(() => env.feed.state().status === 'live');
    const callsBefore = env.service.calls.length;
    env.service.down = unreachable;
    await env.clock.advance(600_000);
    const calls = env.service.calls.length - callsBefore;
    // 600 probes at most (one a second), plus the feed's polls, which back off to 30 s.
    expect(calls).toBeLessThanOrEqual(600 + 40);
    expect(env.watch.probeCount).toBeLessThanOrEqual(601);
    await env.watch.stop();
    await env.feed.stop();
  });

  it('a probe stuck on a slow answer is abandoned at the next tick: the next one hears the service and the feed is live', async () => {
    const env = setup({ watch: true });
    await outage(env, 60_000);
    // The next request (a probe's: the feed is backing off) hangs, as on a service that drips.
    env.service.hangNext();
    await env.clock.runUntil(() => env.service.inFlight === 1);
    const stuckAt = env.clock.time;
    await env.clock.runUntil(() => env.feed.state().status === 'live');
    // The next tick sent a fresh probe, which woke the feed; no back-off was waited out.
    expect(env.clock.time - stuckAt).toBeLessThanOrEqual(probeIntervalFor(500));
    expect(env.service.inFlight).toBe(0); // the stuck request was aborted, not left behind
    await env.watch.stop();
    await env.feed.stop();
  });

  it('sends nothing while the feed is live', async () => {
    const env = setup({ watch: true });
    await env.clock.runUntil(() => env.feed.state().status === 'live');
    const probes = env.watch.probeCount;
    await env.clock.advance(30_000);
    expect(env.watch.probeCount).toBe(probes);
    await env.watch.stop();
    await env.feed.stop();
  });

  it('"Check now" wakes the feed at once, abandoning a poll that hangs on the old connection', async () => {
    const env = setup({ watch: false });
    const back = await outage(env, 60_000);
    env.service.hangNext(); // the feed's next poll hangs (made while the service was away)
    await env.clock.advance(40_000); // the back-off has run out: that poll is under way, hanging
    expect(env.feed.state().status).toBe('offline');
    expect(env.service.inFlight).toBe(1);
    expect(await env.watch.checkNow()).toMatchObject({ reachable: true });
    await env.clock.runUntil(() => env.feed.state().status === 'live');
    expect(env.clock.time).toBe(back + 40_000); // no timer had to run out
    await env.feed.stop();
  });

  it('a "Check now" that answers slowly while the feed is live is waited for, not abandoned by the ticks', async () => {
    const env = setup({ watch: true });
    await env.clock.runUntil(() => env.feed.state().status === 'live');
    const release = env.service.holdNext();
    const check = env.watch.checkNow();
    await env.clock.advance(probeIntervalFor(500) * 3); // three ticks while the check is under way
    expect(env.service.inFlight).toBe(1); // still asked, not aborted
    release();
    expect(await check).toMatchObject({ reachable: true, error: null });
    await env.watch.stop();
    await env.feed.stop();
  });

  it('a "Check now" that joins a probe under way is waited for when the feed goes live meanwhile', async () => {
    const service = new FakeEventService();
    service.append(5);
    const clock = new ManualClock();
    let status: 'offline' | 'live' = 'offline';
    const connection = {
      watching: true,
      state: () => ({ status, since: at.toISOString(), lastSuccessAt: null, lastDeliveredId: null, maxEventId: null, error: null }),
      heard: () => undefined,
      unreachable: () => undefined,
    };
    const watch = new ServiceWatch({ service, connection, mode: 'demo', serviceLabel: 'sim:1', intervalMs: 1_000, timers: clock });
    const release = service.holdNext(); // the first probe answers slowly
    watch.start();
    await clock.advance(1_000);
    expect(service.inFlight).toBe(1); // the tick's probe is under way
    const check = watch.checkNow(); // shares it
    status = 'live'; // the feed's own poll succeeded meanwhile
    await clock.advance(3_000);
    expect(service.inFlight).toBe(1);
    release();
    expect(await check).toMatchObject({ reachable: true, error: null });
    await watch.stop();
  });

  it('a "Check now" that fails while the feed is live makes the feed poll now and find out', async () => {
    const env = setup({ watch: false });
    await env.clock.runUntil(() => env.feed.state().status === 'live');
    env.service.down = unreachable;
    expect(await env.watch.checkNow()).toMatchObject({ reachable: false });
    const at = env.clock.time;
    await env.clock.runUntil(() => env.feed.state().status !== 'live');
    expect(env.clock.time).toBe(at); // no poll interval waited
    expect(env.feed.state().error?.code).toBe('unreachable');
    await env.feed.stop();
  });

  it('a failed probe tells the feed why at once, without lengthening its back-off', async () => {
    const env = setup({ watch: true });
    await env.clock.runUntil(() => env.feed.state().status === 'live');
    env.service.down = unreachable;
    await env.clock.advance(20_000);
    expect(env.feed.state().error?.code).toBe('unreachable');
    env.service.down = () => KioskFailure.of('unauthorized', 'The service did not accept the credential.', { status: 401 });
    await env.clock.advance(probeIntervalFor(500));
    expect(env.feed.state().error?.code).toBe('unauthorized');
    await env.watch.stop();
    await env.feed.stop();
  });
});
