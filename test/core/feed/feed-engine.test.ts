// EventFeed against the in-memory event service: first connect, live tail, outages, ids going back.
import { describe, expect, it } from 'vitest';
import { EventFeed, type FeedConfig } from '../../../electron/core/feed/feed-engine';
import { ALARM_TEXT_SHOWN } from '../../../electron/core/alarms/alarm-text';
import { createLogger, memorySink } from '../../../electron/core/log/logger';
import { KioskFailure } from '../../../electron/core/ipc/failure';
import { FakeEventService, idsBetween, ManualClock, PushRecorder, type RangeSemantics } from '../support/event-fakes';

function setup(options: { semantics?: RangeSemantics; config?: Partial<FeedConfig>; events?: number } = {}) {
  const service = new FakeEventService(options.semantics);
  if (options.events) service.append(options.events);
  const clock = new ManualClock();
  const push = new PushRecorder();
  const logged = memorySink();
  const feed = new EventFeed({
    service,
    push,
    log: createLogger(logged.sink),
    timers: clock,
    now: clock.now,
    random: () => 0.5,
    config: { pollIntervalMs: 500, initialEvents: 10, chunkSize: 20, bufferSize: 1_000, maxBackoffMs: 10_000, ...options.config },
  });
  const caughtUp = (): boolean => feed.state().lastDeliveredId === service.maxId && feed.state().status === 'live';
  return { service, clock, push, feed, logs: logged.lines, caughtUp };
}

const statuses = (push: PushRecorder): string[] =>
  push.of('feedState').map((s) => s.status).filter((s, i, all) => i === 0 || all[i - 1] !== s);

describe('EventFeed: first connect', () => {
  it('loads the most recent events, then goes live', async () => {
    const { feed, clock, push, caughtUp } = setup({ events: 1_000 });
    feed.start();
    await clock.runUntil(caughtUp);
    expect(push.deliveredIds()).toEqual(idsBetween(991, 1_000));
    expect(feed.snapshot().events.map((e) => e.record_ID)).toEqual(idsBetween(991, 1_000));
    expect(statuses(push)).toEqual(['connecting', 'live']);
    expect(feed.state().lastSuccessAt).toBe(new Date(clock.time).toISOString());
    await feed.stop();
  });

  it('looks further back when the recent ids are sparse', async () => {
    const { feed, clock, push, service, caughtUp } = setup();
    service.append(6);
    service.skip(25);
    service.append(3);
    feed.start();
    await clock.runUntil(caughtUp);
    expect(push.deliveredIds()).toEqual([1, 2, 3, 4, 5, 6, 32, 33, 34]);
    await feed.stop();
  });

  it('starts live on an empty service and delivers the first events', async () => {
    const { feed, clock, push, service } = setup();
    feed.start();
    await clock.runUntil(() => feed.state().status === 'live');
    expect(push.deliveredIds()).toEqual([]);
    service.append(3);
    await clock.runUntil(() => feed.state().lastDeliveredId === 3);
    expect(push.deliveredIds()).toEqual([1, 2, 3]);
    await feed.stop();
  });

  it('classifies each event with the alarm rules', async () => {
    const { feed, clock, push, service, caughtUp } = setup({ events: 5 });
    feed.start();
    await clock.runUntil(caughtUp);
    const forced = service.appendWithText('Door FORCED open');
    await clock.runUntil(caughtUp);
    const events = push.of('feedEvents').flatMap((b) => b.events);
    expect(events.find((e) => e.record_ID === forced)?.alarm).toEqual({ priority: 'critical', rule: 'door-forced' });
    expect(events.find((e) => e.record_ID === 1)?.alarm).toBeNull();
    await feed.stop();
  });

  it('pushes and keeps a 7 MB event text bounded, still classified by the whole text (issue 32)', async () => {
    const { feed, clock, push, service, caughtUp } = setup({ events: 5 });
    feed.start();
    await clock.runUntil(caughtUp);
    const huge = service.appendWithText(`${'.'.repeat(3000)} Door FORCED open ${'.'.repeat(7 * 1024 * 1024)}`);
    await clock.runUntil(caughtUp);
    const pushed = push.of('feedEvents').flatMap((b) => b.events).find((e) => e.record_ID === huge)!;
    expect(pushed.alarm).toMatchObject({ priority: 'critical' });
    expect(pushed.custom_Text.length).toBeLessThan(ALARM_TEXT_SHOWN + 64);
    expect(pushed.custom_Text).toMatch(/characters more\)$/);
    expect(feed.snapshot().events.find((e) => e.record_ID === huge)!.custom_Text).toBe(pushed.custom_Text);
    await feed.stop();
  });
});

const semanticsMatrix: RangeSemantics[] = [true, false].flatMap((fromInclusive) =>
  [true, false].flatMap((maxInclusive) =>
    (['asc', 'desc', 'shuffled'] as const).flatMap((order) =>
      [{}, { pageLimit: 4, keep: 'lowest' as const }, { pageLimit: 4, keep: 'highest' as const }].map((page) => ({
        fromInclusive,
        maxInclusive,
        order,
        duplicates: order === 'shuffled',
        ...page,
      })),
    ),
  ),
);

describe('EventFeed: live tail under every range semantics', () => {
  it.each(semanticsMatrix.map((s) => [JSON.stringify(s), s] as const))('delivers each new id exactly once, in order (%s)', async (_, semantics) => {
    const { feed, clock, push, service, caughtUp } = setup({ semantics, events: 50 });
    feed.start();
    await clock.runUntil(caughtUp);
    let seed = 3;
    const random = (n: number): number => (seed = (seed * 48271) % 2_147_483_647) % n;
    for (let round = 0; round < 25; round++) {
      if (random(4) === 0) service.skip(1 + random(60)); // ids that never exist, some wider than a chunk
      service.append(random(45));
      await clock.advance(random(3) * 500);
    }
    await clock.runUntil(caughtUp);
    const expected = [...idsBetween(41, 50), ...service.allIds().filter((id) => id > 50)];
    expect(push.deliveredIds()).toEqual(expected);
    expect(feed.snapshot().events.map((e) => e.record_ID)).toEqual(expected);
    await feed.stop();
  });

  it('reads a large backlog in bounded chunks', async () => {
    const { feed, clock, push, service, caughtUp } = setup({ events: 10, config: { chunkSize: 100 } });
    feed.start();
    await clock.runUntil(caughtUp);
    service.append(1_000);
    await clock.runUntil(caughtUp);
    const spans = service.calls.filter((c) => c.op === 'list').map((c) => c.args[1]! - c.args[0]!);
    expect(Math.max(...spans)).toBeLessThanOrEqual(102);
    expect(push.deliveredIds()).toEqual(idsBetween(1, 1_010));
    for (const batch of push.of('feedEvents')) expect(batch.events.length).toBeLessThanOrEqual(100);
    await feed.stop();
  });

  it('keeps only the last bufferSize events for a renderer reload, and finds them by id', async () => {
    const { feed, clock, service, caughtUp } = setup({ events: 10, config: { bufferSize: 50 } });
    feed.start();
    await clock.runUntil(caughtUp);
    service.append(200);
    await clock.runUntil(caughtUp);
    const snapshot = feed.snapshot();
    expect(snapshot.events.map((e) => e.record_ID)).toEqual(idsBetween(161, 210));
    expect(snapshot.state.lastDeliveredId).toBe(210);
    expect(feed.findEvent(170)?.record_ID).toBe(170);
    expect(feed.findEvent(100)).toBeUndefined();
    await feed.stop();
  });
});

describe('EventFeed: outages', () => {
  it('backs off, goes reconnecting then offline, recovers by itself and misses nothing', async () => {
    const { feed, clock, push, service, caughtUp } = setup({ events: 100, config: { offlineAfterFailures: 4 } });
    feed.start();
    await clock.runUntil(caughtUp);
    const delaysBefore = clock.requestedDelays.length;
    service.failNext(7);
    service.append(25);
    await clock.runUntil(() => feed.state().status === 'offline');
    expect(feed.state().error?.code).toBe('unreachable');
    service.append(25);
    await clock.runUntil(caughtUp);
    expect(push.deliveredIds()).toEqual(idsBetween(91, 150));
    expect(statuses(push)).toEqual(['connecting', 'live', 'reconnecting', 'offline', 'live']);
    // Exponential back-off: the waits after failures grow and never exceed the configured maximum.
    const backoffs = clock.requestedDelays.slice(delaysBefore).filter((ms) => ms !== 500 && ms !== feed.config.stalledAfterMs);
    expect(backoffs).toEqual([750, 1_500, 3_000, 6_000, 7_500, 7_500, 7_500]);
    await feed.stop();
  });

  it('goes offline after the configured time even with few failures', async () => {
    const { feed, clock, service, caughtUp } = setup({ events: 5, config: { offlineAfterFailures: 1_000, offlineAfterMs: 5_000, maxBackoffMs: 1_000 } });
    feed.start();
    await clock.runUntil(caughtUp);
    service.failNext(100);
    const outageStart = clock.time;
    await clock.runUntil(() => feed.state().status === 'offline');
    expect(clock.time - outageStart).toBeGreaterThanOrEqual(5_000);
    expect(feed.state().since).toBe(new Date(clock.time).toISOString());
    await feed.stop();
  });

  it('stays connecting (then offline) when the service never answered', async () => {
    const { feed, clock, push, service, caughtUp } = setup({ events: 30, config: { offlineAfterFailures: 3 } });
    service.failNext(5);
    feed.start();
    await clock.runUntil(() => feed.state().status === 'offline');
    await clock.runUntil(caughtUp);
    expect(statuses(push)).toEqual(['connecting', 'offline', 'live']);
    expect(push.deliveredIds()).toEqual(idsBetween(21, 30));
    await feed.stop();
  });

  it('resumes after the last delivered id when a request fails in the middle of a catch-up', async () => {
    const { feed, clock, push, service, caughtUp } = setup({ events: 100, config: { chunkSize: 25 } });
    feed.start();
    await clock.runUntil(caughtUp);
    service.append(300);
    service.failListAfter(4);
    await clock.runUntil(() => feed.state().status === 'reconnecting');
    const partial = feed.state().lastDeliveredId ?? 0;
    expect(partial).toBeGreaterThan(100);
    expect(partial).toBeLessThan(400);
    await clock.runUntil(caughtUp);
    expect(push.deliveredIds()).toEqual(idsBetween(91, 400));
    await feed.stop();
  });
});

describe('EventFeed: ids going back (restore from a backup)', () => {
  it('notices when the highest id goes down, tells the guard and reloads from the new top', async () => {
    const { feed, clock, push, service, caughtUp } = setup({ events: 100 });
    feed.start();
    await clock.runUntil(caughtUp);
    service.restore(80);
    service.append(5); // ids 81..85 now name new events
    await clock.runUntil(() => push.of('feedNotice').length > 0 && caughtUp());
    const [notice] = push.of('feedNotice');
    expect(notice).toMatchObject({ kind: 'resync', key: 'feed.fromMain.renumbered', params: { time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) } });
    expect(notice?.message).toContain("The service's event numbering restarted at");
    expect(push.deliveredSinceLastResync()).toEqual(idsBetween(76, 85));
    const snapshot = feed.snapshot().events;
    expect(snapshot.map((e) => e.record_ID)).toEqual(idsBetween(76, 85));
    expect(snapshot.at(-1)?.custom_Text).toBe(service.eventText(85));
    // Later events flow again, each once.
    service.append(3);
    await clock.runUntil(caughtUp);
    expect(push.deliveredSinceLastResync()).toEqual(idsBetween(76, 88));
    expect(feed.stats().resyncs).toBe(1);
    await feed.stop();
  });

  it('puts its epoch on every push and the snapshot: 0 until the ids go back, then 1 for the reloaded and later events', async () => {
    const { feed, clock, push, service, caughtUp } = setup({ events: 100 });
    feed.start();
    await clock.runUntil(caughtUp);
    expect(feed.snapshot().epoch).toBe(0);
    expect(push.of('feedEvents').every((batch) => batch.epoch === 0)).toBe(true);
    const before = push.of('feedEvents').length;
    service.restore(80);
    service.append(5);
    await clock.runUntil(() => push.of('feedNotice').length > 0 && caughtUp());
    service.append(3);
    await clock.runUntil(caughtUp);
    const after = push.of('feedEvents').slice(before);
    expect(after.length).toBeGreaterThan(0);
    expect(after.map((batch) => batch.epoch)).toEqual(after.map(() => 1));
    expect(feed.snapshot().epoch).toBe(1);
    await feed.stop();
  });

  it.each([
    ['inclusive FromID', { fromInclusive: true, maxInclusive: true, order: 'asc' }],
    ['exclusive FromID', { fromInclusive: false, maxInclusive: false, order: 'desc' }],
  ] as const)('notices reused ids even when the new top is already above the old one (%s)', async (_, semantics) => {
    const { feed, clock, push, service, caughtUp } = setup({ semantics, events: 100 });
    feed.start();
    await clock.runUntil(caughtUp);
    service.restore(95);
    service.append(20); // 96..115: 96..100 reuse ids the guard has already seen
    await clock.runUntil(() => push.of('feedNotice').length > 0 && caughtUp());
    expect(push.of('feedNotice').filter((n) => n.kind === 'resync')).toHaveLength(1);
    expect(push.deliveredSinceLastResync()).toEqual(idsBetween(106, 115));
    // Never a reused id delivered as if it were the old event.
    const beforeNotice = push.deliveredIds().slice(0, push.deliveredIds().length - 10);
    expect(beforeNotice).toEqual(idsBetween(91, 100));
    await feed.stop();
  });

  it('notices a restore to just before the last event when the one new event brings the highest id back to where it was', async () => {
    const { feed, clock, push, service, caughtUp } = setup({ events: 100 });
    feed.start();
    await clock.runUntil(caughtUp);
    service.restore(99);
    const reused = service.appendWithText('DURESS'); // id 100 again, another event
    expect(reused).toBe(100);
    await clock.runUntil(() => push.of('feedNotice').some((n) => n.kind === 'resync'));
    await clock.runUntil(caughtUp);
    expect(feed.snapshot().events.find((e) => e.record_ID === 100)?.custom_Text).toBe('DURESS');
    await feed.stop();
  });

  it('notices a restore that happened during an outage', async () => {
    const { feed, clock, push, service, caughtUp } = setup({ events: 100 });
    feed.start();
    await clock.runUntil(caughtUp);
    service.failNext(3);
    await clock.runUntil(() => feed.state().status === 'reconnecting');
    service.restore(90);
    service.append(30);
    await clock.runUntil(() => push.of('feedNotice').length > 0 && caughtUp());
    expect(push.deliveredSinceLastResync()).toEqual(idsBetween(111, 120));
    await feed.stop();
  });

  it('ignores one wrong lower maximum while the last delivered event still exists', async () => {
    const { feed, clock, push, service, caughtUp, logs } = setup({ events: 100 });
    feed.start();
    await clock.runUntil(caughtUp);
    service.lieMaxIdOnce = 3;
    await clock.advance(500);
    service.append(5);
    await clock.runUntil(caughtUp);
    expect(push.of('feedNotice')).toHaveLength(0);
    expect(push.deliveredIds()).toEqual(idsBetween(91, 105));
    expect(logs.some((l) => l.includes('ignored a highest id of 3'))).toBe(true);
    await feed.stop();
  });

  it('takes back ids it had passed as gaps when the maximum goes down above the last event', async () => {
    const { feed, clock, push, service, caughtUp } = setup({ events: 100 });
    feed.start();
    await clock.runUntil(caughtUp);
    service.lieMaxIdOnce = 104; // the frontier passes 101..104 as ids that do not exist
    await clock.advance(500);
    await clock.advance(500); // the true maximum (100) is now below the frontier
    service.append(6);
    await clock.runUntil(caughtUp);
    expect(push.of('feedNotice')).toHaveLength(0);
    expect(push.deliveredIds()).toEqual(idsBetween(91, 106));
    await feed.stop();
  });
});

describe('EventFeed: the loop', () => {
  it('never polls twice at once and aborts the request in flight on stop', async () => {
    const { feed, clock, service, push, caughtUp } = setup({ events: 10 });
    feed.start();
    await clock.runUntil(caughtUp);
    service.hangNext();
    await clock.fireNext(); // the poll hangs
    expect(clock.pending).toBe(1); // nothing else scheduled while it runs but the stall watchdog
    await clock.advance(60_000);
    expect(service.maxInFlight).toBe(1);
    const statesBefore = push.of('feedState').length;
    await feed.stop(); // resolves: the hanging request was aborted
    expect(service.inFlight).toBe(0);
    expect(clock.pending).toBe(0);
    expect(push.of('feedState')).toHaveLength(statesBefore); // a cancelled poll is not an outage
    expect(feed.running).toBe(false);
  });

  it('resumes after a stop without reloading the recent events', async () => {
    const { feed, clock, push, service, caughtUp } = setup({ events: 20 });
    feed.start();
    await clock.runUntil(caughtUp);
    await feed.stop();
    service.append(5);
    feed.start();
    await clock.runUntil(caughtUp);
    expect(push.deliveredIds()).toEqual(idsBetween(11, 25));
    await feed.stop();
  });

  it('pushes state changes at once but the "last poll" time at most once a second', async () => {
    const { feed, clock, push, service, caughtUp } = setup({ events: 5, config: { pollIntervalMs: 100, stateThrottleMs: 1_000 } });
    feed.start();
    await clock.runUntil(caughtUp);
    const before = push.of('feedState').length;
    const start = clock.time;
    for (let i = 0; i < 100; i++) {
      service.append(1);
      await clock.advance(100);
    }
    const states = push.of('feedState').slice(before);
    // 10 s of polls every 100 ms: about 10 pushes, not 100.
    expect(states.length).toBeGreaterThanOrEqual(9);
    expect(states.length).toBeLessThanOrEqual(11);
    const times = states.map((s) => Date.parse(s.lastSuccessAt ?? ''));
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(1_000);
    expect(times.at(-1)! - start).toBeGreaterThanOrEqual(9_000);
    // A failure is pushed at once.
    service.failNext(1);
    const count = push.of('feedState').length;
    await clock.fireNext();
    expect(push.of('feedState').slice(count).map((s) => s.status)).toEqual(['reconnecting']);
    await feed.stop();
  });
});

describe('EventFeed: service limits', () => {
  it('reads smaller ranges when the service refuses a range as too long', async () => {
    const { feed, clock, push, service, caughtUp, logs } = setup({ events: 10, config: { chunkSize: 400 } });
    const list = service.listEvents.bind(service);
    // A service that refuses ranges wider than 120 ids with a 400.
    service.listEvents = async (fromId, maxId, options) => {
      if (maxId - fromId + 1 > 120) throw KioskFailure.of('rejected', 'The range is too long.', { status: 400 });
      return list(fromId, maxId, options);
    };
    feed.start();
    await clock.runUntil(caughtUp);
    service.append(1_000);
    await clock.runUntil(caughtUp);
    expect(push.deliveredIds()).toEqual(idsBetween(1, 1_010));
    expect(logs.filter((l) => l.includes('reading at most')).length).toBeGreaterThanOrEqual(2);
    await feed.stop();
  });
});
