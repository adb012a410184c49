// The events capability against the simulator over real HTTP, through the real service client:
// the live feed under the simulator's faults (error statuses, dropped connections, broken JSON),
// a database restore, and both searches. Delivered ids are counted exactly; no assertion is timed
// (every wait is a condition with a generous timeout).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../electron/simulator';
import { SimulatorControls } from '../../electron/simulator/control-client';
import { createServiceClient, type ServiceClient } from '../../electron/core/service/service-client';
import { loadConfig } from '../../electron/core/config/load-config';
import { EventFeed } from '../../electron/core/feed/feed-engine';
import { EventHistory } from '../../electron/core/history/event-history';
import { createAlarmClassifier, DEFAULT_ALARM_RULES } from '../../electron/core/alarms/alarm-rules';
import { createLogger, memorySink } from '../../electron/core/log/logger';
import { EventSearchRequest, EventCodeSearchRequest } from '../../electron/contract/ipc';
import { idsBetween, PushRecorder } from './support/event-fakes';

const HISTORY = 300;

let sim: RunningSimulator;
let controls: SimulatorControls;
const clients: ServiceClient[] = [];
const feeds: EventFeed[] = [];

beforeAll(async () => {
  sim = await startSimulator({ port: 0, fresh: true, cardholders: 20, eventRate: 0, historyEvents: HISTORY, testControls: true });
  controls = new SimulatorControls(sim.url);
});
afterAll(async () => {
  await sim.close();
});
afterEach(async () => {
  for (const feed of feeds.splice(0)) await feed.stop();
  for (const client of clients.splice(0)) client.close();
  await controls.clearFaults();
  await controls.reset();
});

function client(baseUrl = sim.url): ServiceClient {
  const config = loadConfig({ systemFile: null, userFile: null, env: {}, argv: ['--retries=0', '--timeout-ms=5000'], platform: 'linux' });
  const service = createServiceClient({ config, baseUrl, secret: null, log: createLogger(memorySink().sink) });
  clients.push(service);
  return service;
}

function feedOn(service: ServiceClient, config: { initialEvents?: number; chunkSize?: number } = {}) {
  const push = new PushRecorder();
  const logged = memorySink();
  const feed = new EventFeed({
    service,
    push,
    log: createLogger(logged.sink),
    config: { pollIntervalMs: 20, initialEvents: 50, chunkSize: 100, bufferSize: 5_000, maxBackoffMs: 100, offlineAfterFailures: 3, ...config },
  });
  feeds.push(feed);
  const caughtUp = (): boolean => feed.state().status === 'live' && feed.state().lastDeliveredId === sim.maxEventId();
  return { feed, push, logs: logged.lines, caughtUp };
}

async function waitFor(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Every counted fault has been applied. */
async function faultsSpent(): Promise<boolean> {
  const faults = await controls.faults();
  return [faults.error, faults.drop, faults.malformedJson].every((rule) => rule === undefined || rule.count === 0);
}

function inject(count: number): void {
  for (let i = 0; i < count; i++) sim.injectEvent();
}

const statusesOf = (push: PushRecorder): string[] =>
  push.of('feedState').map((s) => s.status).filter((s, i, all) => i === 0 || all[i - 1] !== s);

describe('feed against the simulator', () => {
  it('loads the recent events, then delivers every injected event exactly once, in order', async () => {
    const { feed, push, caughtUp } = feedOn(client());
    feed.start();
    await waitFor(caughtUp, 'the first load');
    expect(push.deliveredIds()).toEqual(idsBetween(HISTORY - 49, HISTORY));
    for (let round = 0; round < 10; round++) {
      inject(37 * round);
      await new Promise((resolve) => setTimeout(resolve, 15));
    }
    await waitFor(caughtUp, 'all injected events');
    expect(push.deliveredIds()).toEqual(idsBetween(HISTORY - 49, sim.maxEventId()));
    expect(feed.snapshot().events.map((e) => e.record_ID)).toEqual(idsBetween(HISTORY - 49, sim.maxEventId()));
  });

  it('classifies the simulator alarms with the default rules', async () => {
    const { feed, push, caughtUp } = feedOn(client());
    feed.start();
    await waitFor(caughtUp, 'the first load');
    const forced = sim.injectEvent({ eventTypeId: 301 } as never);
    await waitFor(caughtUp, 'the alarm');
    const delivered = push.of('feedEvents').flatMap((b) => b.events).find((e) => e.record_ID === forced.record_ID);
    expect(delivered?.custom_Text).toBe('FORCED OPEN');
    expect(delivered?.alarm).toEqual({ priority: 'critical', rule: 'door-forced' });
  });

  it.each([
    ['error statuses', { error: { status: 503, count: 5 } }],
    ['dropped connections', { drop: { count: 4 } }],
    ['answers lost after processing', { drop: { count: 4, afterProcessing: true } }],
    ['malformed JSON', { malformedJson: { count: 4 } }],
    ['intermittent errors', { error: { status: 500, rate: 0.3, count: 12 } }],
  ] as const)('rides out %s and misses nothing', async (_, fault) => {
    const { feed, push, caughtUp } = feedOn(client());
    feed.start();
    await waitFor(caughtUp, 'the first load');
    await controls.setFaults({ pathPrefix: '/api/SystemEvents', ...fault });
    const failuresBefore = feed.stats().failures;
    for (let round = 0; round < 8; round++) {
      inject(25);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await waitFor(faultsSpent, 'every fault applied');
    // A poll that starts after the last fault cannot fail; wait until one has ended, then catch-up.
    const polls = feed.stats().polls;
    await waitFor(() => feed.stats().polls >= polls + 2 && caughtUp(), 'recovery');
    expect(feed.stats().failures).toBeGreaterThan(failuresBefore);
    expect(push.deliveredIds()).toEqual(idsBetween(HISTORY - 49, HISTORY + 200));
    expect(statusesOf(push)).toContain('reconnecting');
    expect(statusesOf(push).at(-1)).toBe('live');
  });

  it('reports offline during a long outage and recovers by itself', async () => {
    const { feed, push, caughtUp } = feedOn(client());
    feed.start();
    await waitFor(caughtUp, 'the first load');
    await controls.setFaults({ pathPrefix: '/api/SystemEvents', error: { status: 503 } });
    inject(40);
    await waitFor(() => feed.state().status === 'offline', 'offline');
    expect(feed.state().error).toMatchObject({ code: 'server_error', status: 503 });
    await controls.clearFaults();
    await waitFor(caughtUp, 'recovery');
    expect(push.deliveredIds()).toEqual(idsBetween(HISTORY - 49, HISTORY + 40));
    expect(statusesOf(push)).toEqual(['connecting', 'live', 'reconnecting', 'offline', 'live']);
  });

  it('tells the guard and resynchronises after a database restore', async () => {
    const service = client();
    const { feed, push, caughtUp } = feedOn(service);
    feed.start();
    await waitFor(caughtUp, 'the first load');
    inject(100); // up to 400
    await waitFor(caughtUp, 'the injected events');
    const before = await service.getEvent(355);
    await controls.restore(350);
    inject(10); // 351..360: reused ids, other events
    // The resync is said once; what the read-again found may be said after it (when that read ends depends on the machine).
    const resyncs = () => push.of('feedNotice').filter((notice) => notice.kind === 'resync');
    await waitFor(() => resyncs().length >= 1 && caughtUp(), 'the resync');
    expect(resyncs()).toHaveLength(1);
    expect(resyncs()[0]).toMatchObject({ kind: 'resync', key: 'feed.fromMain.renumbered' });
    // The recent 50 up to the new top: 301..350 when a poll fell between the restore and the
    // injection (351..360 then arrive as new events), else 311..360. Each id once either way.
    const since = push.deliveredSinceLastResync();
    expect([301, 311]).toContain(since[0]);
    expect(since).toEqual(idsBetween(since[0]!, 360));
    expect(feed.snapshot().events.map((e) => e.record_ID)).toEqual(since);
    // Main holds the event the server now has under a reused id, not the one from before the restore.
    const { alarm: _alarm, ...held } = feed.findEvent(355)!;
    expect(held).toEqual(await service.getEvent(355));
    expect(held).not.toEqual(before);
    inject(5);
    await waitFor(caughtUp, 'events after the resync');
    expect(push.deliveredSinceLastResync()).toEqual(idsBetween(since[0]!, 365));
  });

  it('notices a restore even when the new events already went past the old top', async () => {
    const { feed, push, caughtUp } = feedOn(client());
    feed.start();
    await waitFor(caughtUp, 'the first load');
    await feed.stop();
    await controls.restore(280);
    inject(60); // 281..340: 281..300 reuse ids the guard has seen
    feed.start();
    await waitFor(() => push.of('feedNotice').some((notice) => notice.kind === 'resync') && caughtUp(), 'the resync');
    expect(push.of('feedNotice').filter((notice) => notice.kind === 'resync')).toHaveLength(1);
    expect(push.deliveredSinceLastResync()).toEqual(idsBetween(291, 340));
    expect(push.deliveredIds().slice(0, 50)).toEqual(idsBetween(HISTORY - 49, HISTORY));
  });

  it('stops at once, aborting a slow request', async () => {
    const { feed, caughtUp } = feedOn(client());
    feed.start();
    await waitFor(caughtUp, 'the first load');
    await controls.setFaults({ pathPrefix: '/api/SystemEvents', latencyMs: 60_000 });
    const polls = feed.stats().polls;
    await waitFor(() => feed.stats().polls > polls, 'a poll begun after the slowness (it now waits on the server)');
    await feed.stop(); // resolves without waiting a minute (vitest's 20 s test timeout would fail it)
    expect(feed.running).toBe(false);
  });
});

describe('history search against the simulator', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'kiosk-sim-export-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  function history(service: ServiceClient, push = new PushRecorder()) {
    const classifier = createAlarmClassifier(DEFAULT_ALARM_RULES);
    return new EventHistory({
      service,
      classify: (event) => ({ ...event, alarm: classifier.classify(event) }),
      push,
      log: createLogger(memorySink().sink),
      defaultTenants: [0],
      pickSaveFile: async (name) => path.join(dir, name),
    });
  }

  const lastHour = () => ({ from: new Date(Date.now() - 3_600_000).toISOString(), to: new Date(Date.now() + 60_000).toISOString() });

  it('searches with every filter under the names the service expects', async () => {
    const forced = sim.injectEvent({ eventTypeId: 301, deviceId: 201 } as never);
    sim.injectEvent({ eventTypeId: 101 } as never);
    const found = await history(client()).search(
      EventSearchRequest.parse({ ...lastHour(), tenants: [0], deviceIds: [201], deviceType: 3, isAlarm: true, searchstring: 'forced' }),
    );
    expect(found.events.map((e) => e.record_ID)).toEqual([forced.record_ID]);
    expect(found.events[0]?.alarm?.priority).toBe('critical');
  });

  it('searches by codes with the required fields and the chosen category, then exports the result', async () => {
    const alarm = sim.injectEvent({ eventTypeId: 302, deviceId: 202 } as never);
    sim.injectEvent({ eventTypeId: 101 } as never);
    const events = history(client());
    const found = await events.searchByCodes(EventCodeSearchRequest.parse({ ...lastHour(), tenants: [], eventCategoryIDs: [3] }));
    expect(found.events.map((e) => e.record_ID)).toEqual([alarm.record_ID]);
    expect(found.events[0]).toMatchObject({ event_Category_Name: 'Door Alarm', custom_Text: 'HELD OPEN', alarm: { priority: 'high' } });
    const exported = await events.exportCsv({ resultId: found.resultId });
    expect(exported).toMatchObject({ saved: true, rows: 1 });
    const csv = await readFile(exported.path!, 'utf8');
    expect(csv.startsWith('\uFEFFrecord_ID,created,')).toBe(true);
    // The time as the service sent it, then local (with its offset) and UTC.
    expect(csv).toMatch(new RegExp(`${alarm.record_ID},${alarm.created.replace(/[.]/g, '\\.')},\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d [+-]\\d\\d:\\d\\d,\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d UTC,Door Alarm,`));
  });

  it('sends only the fields the guard chose (bodies recorded by a stub service)', async () => {
    const bodies: Array<{ url: string; body: unknown }> = [];
    const stub = http.createServer((req, res) => {
      let text = '';
      req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      req.on('end', () => {
        bodies.push({ url: req.url ?? '', body: JSON.parse(text) as unknown });
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ maxID: 0, events: [] }));
      });
    });
    await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
    try {
      const events = history(client(`http://127.0.0.1:${(stub.address() as AddressInfo).port}`));
      await events.search(EventSearchRequest.parse({ from: '2026-03-01T00:00:00+01:00', to: '2026-03-02T00:00:00Z', isAlarm: false }));
      await events.searchByCodes(EventCodeSearchRequest.parse({ from: '2026-03-01T00:00:00Z', to: '2026-03-02T00:00:00Z', tenants: [2], eventCategoryIDs: [3] }));
      expect(bodies).toEqual([
        { url: '/api/SystemEvents/search', body: { from: '2026-02-28T23:00:00.000Z', to: '2026-03-02T00:00:00.000Z', tenants: [0], isAlarm: false } },
        { url: '/api/SystemEvents/searchbycodes', body: { from: '2026-03-01T00:00:00.000Z', to: '2026-03-02T00:00:00.000Z', tenants: [2], eventCategoryIDs: [3] } },
      ]);
    } finally {
      stub.closeAllConnections();
      await new Promise<void>((resolve) => stub.close(() => resolve()));
    }
  });
});
