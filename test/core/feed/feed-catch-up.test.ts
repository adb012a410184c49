// EventFeed across a restart (a keeper with the last position), with poison elements, over-large
// events and a numbering that restarted while the kiosk was stopped.
import { describe, expect, it } from 'vitest';
import type { FeedEvent } from '../../../electron/contract/ipc';
import { createAlarmClassifier, DEFAULT_ALARM_RULES } from '../../../electron/core/alarms/alarm-rules';
import { EventFeed, type FeedConfig } from '../../../electron/core/feed/feed-engine';
import { MemoryFeedKeeper, type FeedPosition } from '../../../electron/core/feed/feed-keeper';
import { fingerprint } from '../../../electron/contract/event-fingerprint';
import { createLogger, memorySink } from '../../../electron/core/log/logger';
import { FakeEventService, idsBetween, ManualClock, PushRecorder } from '../support/event-fakes';

function setup(options: { config?: Partial<FeedConfig>; keeper?: MemoryFeedKeeper; service?: FakeEventService } = {}) {
  const service = options.service ?? new FakeEventService();
  const clock = new ManualClock();
  const push = new PushRecorder();
  const logged = memorySink();
  const keeper = options.keeper ?? new MemoryFeedKeeper(null, clock.now);
  const recorded: Array<{ via: string; events: readonly FeedEvent[] }> = [];
  const caughtUpGaps: number[] = [];
  const feed = new EventFeed({
    service,
    push,
    log: createLogger(logged.sink),
    timers: clock,
    now: clock.now,
    random: () => 0.5,
    keeper,
    classifier: createAlarmClassifier(DEFAULT_ALARM_RULES),
    onRecorded: (events, via) => recorded.push({ via, events }),
    onCaughtUp: (_gap, alarms) => caughtUpGaps.push(alarms),
    config: { pollIntervalMs: 500, initialEvents: 10, chunkSize: 50, bufferSize: 1_000, maxBackoffMs: 10_000, ...options.config },
  });
  const caughtUp = (): boolean => feed.state().lastDeliveredId === service.maxId && feed.state().status === 'live';
  const alarmIdsRecorded = (via: string): number[] => recorded.filter((r) => r.via === via).flatMap((r) => r.events.filter((e) => e.alarm).map((e) => e.record_ID));
  return { service, clock, push, feed, keeper, logs: logged.lines, caughtUp, recorded, alarmIdsRecorded, caughtUpGaps };
}

/** Every range read takes `ms` of the clock's time, as over a network (so the live poll and the catch-up interleave). */
function slowRanges(service: FakeEventService, clock: ManualClock, ms: number): void {
  const list = service.listEvents.bind(service);
  service.listEvents = async (fromId, maxId, options) => {
    await new Promise<void>((resolve, reject) => {
      const timer = clock.setTimeout(resolve, ms);
      options?.signal?.addEventListener('abort', () => {
        clock.clearTimeout(timer);
        reject(options.signal?.reason ?? new Error('aborted'));
      });
    });
    return list(fromId, maxId, options);
  };
}

/** A first run that read up to the service's top, then stopped: its keeper holds where it stood. */
async function firstRun(service: FakeEventService): Promise<{ keeper: MemoryFeedKeeper; position: FeedPosition }> {
  const first = setup({ service });
  first.feed.start();
  await first.clock.runUntil(first.caughtUp);
  await first.feed.stop();
  return { keeper: first.keeper, position: first.keeper.position()! };
}

describe('EventFeed after a restart', () => {
  it('reads every event produced while it was stopped, finds the FORCED OPEN 650 events back, and says what the gap held', async () => {
    const service = new FakeEventService();
    service.append(100);
    const { keeper, position } = await firstRun(service);
    expect(position.frontier).toBe(100);
    const forced = service.appendWithText('FORCED OPEN');
    service.append(650);
    const second = setup({ service, keeper: new MemoryFeedKeeper(position, () => Date.parse('2026-01-01T09:00:00Z')) });
    second.feed.start();
    await second.clock.runUntil(() => second.caughtUp() && second.push.of('feedNotice').some((n) => n.kind === 'caughtUp'));
    // The screen got the recent events only; the alarm 650 events back was recorded by the catch-up.
    expect(second.push.deliveredIds()).toEqual(idsBetween(742, 751));
    expect(second.alarmIdsRecorded('catch-up')).toContain(forced);
    const notice = second.push.of('feedNotice').find((n) => n.kind === 'caughtUp')!;
    expect(notice).toMatchObject({ key: 'feed.fromMain.caughtUp', params: { events: 651, alarms: 1, critical: 1 } });
    expect(second.caughtUpGaps).toEqual([1]);
    // Progress was reported while it read, and nothing is under way any more.
    const progress = second.push.of('feedProgress');
    expect(progress.some((p) => p.catchUp !== null && p.catchUp.total === 651)).toBe(true);
    expect(second.feed.progress().catchUp).toBeNull();
    expect(keeper.gapsToRead()).toEqual([]);
    await second.feed.stop();
  });

  it('goes live at once while it catches up: a new event at the top is delivered before the gap is read', async () => {
    const service = new FakeEventService();
    service.append(20);
    const { position } = await firstRun(service);
    service.append(5_000);
    const second = setup({ service, keeper: new MemoryFeedKeeper(position), config: { chunkSize: 10 } });
    slowRanges(service, second.clock, 20);
    second.feed.start();
    await second.clock.runUntil(() => second.feed.state().status === 'live');
    const newest = service.appendWithText('DURESS');
    await second.clock.runUntil(() => second.push.deliveredIds().includes(newest));
    expect(second.feed.progress().catchUp).not.toBeNull(); // still reading the 5,000
    await second.clock.runUntil(() => second.feed.progress().catchUp === null && second.push.of('feedNotice').some((n) => n.kind === 'caughtUp'));
    await second.feed.stop();
  });

  it('reads only the newest part of a gap beyond its bound and says loudly which ids were not read', async () => {
    const service = new FakeEventService();
    service.append(10);
    const { position } = await firstRun(service);
    service.append(3_000);
    const second = setup({ service, keeper: new MemoryFeedKeeper(position), config: { catchUpMaxEvents: 1_000 } });
    second.feed.start();
    await second.clock.runUntil(() => second.push.of('feedNotice').some((n) => n.kind === 'caughtUp'));
    const notRead = second.push.of('feedNotice').find((n) => n.kind === 'notRead')!;
    expect(notRead).toMatchObject({ key: 'feed.fromMain.notRead', params: { from: 11, to: 2_010, count: 2_000, bound: 1_000 } });
    expect(second.push.of('feedNotice').find((n) => n.kind === 'caughtUp')?.params).toMatchObject({ events: 1_000 });
    expect(second.logs.some((l) => l.startsWith('error') && l.includes('ids 11–2010 (2000 events) are not read'))).toBe(true);
    await second.feed.stop();
  });

  it('notices that the numbering restarted while it was stopped, and reads the new numbering instead of resuming', async () => {
    const service = new FakeEventService();
    service.append(100);
    const { position } = await firstRun(service);
    service.restore(40);
    const reused = service.appendWithText('DURESS'); // id 41 now names a new event
    service.append(9);
    const second = setup({ service, keeper: new MemoryFeedKeeper(position) });
    second.feed.start();
    await second.clock.runUntil(() => second.caughtUp() && second.push.of('feedNotice').some((n) => n.kind === 'caughtUp'));
    expect(second.push.of('feedNotice')[0]).toMatchObject({ kind: 'resync', key: 'feed.fromMain.renumbered' });
    expect(second.feed.snapshot().epoch).toBe(position.numbering + 1);
    expect(second.alarmIdsRecorded('start').concat(second.alarmIdsRecorded('catch-up'))).toContain(reused);
    expect(second.push.of('feedNotice').find((n) => n.kind === 'caughtUp')).toMatchObject({ key: 'feed.fromMain.readAgain' });
    await second.feed.stop();
  });

  it('resumes a gap half read when the kiosk stops during the catch-up', async () => {
    const service = new FakeEventService();
    service.append(10);
    const { position } = await firstRun(service);
    service.append(2_000);
    const keeper = new MemoryFeedKeeper(position);
    const second = setup({ service, keeper, config: { chunkSize: 100 } });
    const instant = service.listEvents;
    slowRanges(service, second.clock, 20);
    second.feed.start();
    await second.clock.runUntil(() => (keeper.gapsToRead()[0]?.nextId ?? 0) > 500);
    await second.feed.stop();
    const halfway = keeper.gapsToRead()[0]!;
    expect(halfway.nextId).toBeLessThan(halfway.toId);
    service.listEvents = instant;
    const third = setup({ service, keeper, config: { chunkSize: 100 } });
    const callsBefore = service.calls.length;
    third.feed.start();
    await third.clock.runUntil(() => keeper.gapsToRead().length === 0);
    // The third run asked only for the rest of the first gap (and nothing below where it stopped).
    const catchUpCalls = service.calls.slice(callsBefore).filter((c) => c.op === 'list' && c.args[1]! <= halfway.toId + 1);
    expect(catchUpCalls.length).toBeGreaterThan(0);
    expect(catchUpCalls.every((c) => c.args[1]! > halfway.nextId)).toBe(true);
    await third.feed.stop();
  });
});

describe('EventFeed: one bad event never stops it', () => {
  it.each([
    ['an element that is not an object', 'garbage'],
    ['an event without an id', { created: '2026-01-01T08:00:00Z', custom_Text: 'x' }],
    ['an event whose id is not a number', { record_ID: 'abc', custom_Text: 'x' }],
  ])('sets aside %s, counts it, and shows the FORCED OPEN after it', async (_, poison) => {
    const { service, feed, clock, push, caughtUp, logs } = setup();
    service.append(20);
    feed.start();
    await clock.runUntil(caughtUp);
    const [bad] = service.append(1);
    service.poison.set(bad!, poison);
    const forced = service.appendWithText('FORCED OPEN');
    await clock.runUntil(() => push.deliveredIds().includes(forced));
    expect(feed.state().status).toBe('live');
    expect(feed.progress().setAside.count).toBe(1);
    expect(push.of('feedProgress').at(-1)?.setAside.count).toBe(1);
    expect(logs.some((l) => l.startsWith('error') && l.includes('set aside'))).toBe(true);
    // Asked again (overlapping reads), it is kept once.
    service.append(3);
    await clock.runUntil(caughtUp);
    expect(feed.progress().setAside.count).toBe(1);
    await feed.stop();
  });

  it('reads an answer over the size limit again in halves, reads a neighbour alone, and sets aside the one event too large', async () => {
    const { service, feed, clock, push, caughtUp } = setup({ config: { chunkSize: 64 } });
    service.append(10);
    feed.start();
    await clock.runUntil(caughtUp);
    const ids = service.append(40);
    const huge = ids[17]!;
    service.tooLarge.add(huge);
    const forced = service.appendWithText('FORCED OPEN');
    await clock.runUntil(() => push.deliveredIds().includes(forced));
    expect(push.deliveredIds()).toEqual(idsBetween(1, forced).filter((id) => id !== huge));
    expect(feed.progress().setAside).toMatchObject({ count: 1, lastId: huge, lastReason: 'too-large' });
    expect(feed.state().status).toBe('live');
    // The event just after a huge one is the last delivered: asking it again (the reuse probe) brings
    // the huge one too; the range is then asked alone, once, not split and read event by event.
    service.tooLarge.clear();
    const hugeAgain = service.append(1)[0]!;
    service.tooLarge.add(hugeAgain);
    const after = service.appendWithText('DURESS');
    await clock.runUntil(() => push.deliveredIds().includes(after));
    const callsBefore = service.calls.length;
    const next = service.append(3);
    await clock.runUntil(() => push.deliveredIds().includes(next[2]!));
    const reads = service.calls.slice(callsBefore).filter((c) => c.op === 'list' || c.op === 'event');
    expect(reads.length).toBeLessThanOrEqual(2); // the probe refused, then the new range alone
    expect(feed.progress().setAside.count).toBe(2);
    await feed.stop();
  });

  it('reads the time without a zone as UTC, a null text as empty and an id sent as text as its number', async () => {
    const { service, feed, clock, push, caughtUp } = setup();
    service.append(5);
    feed.start();
    await clock.runUntil(caughtUp);
    const [odd] = service.append(1);
    const event = { record_ID: String(odd), created: '2026-11-28T22:10:05.123456', event_Category_Name: 'Door Alarm', device_Name: null, custom_Text: null, extra: 7 };
    service.poison.set(odd!, event);
    await clock.runUntil(() => push.deliveredIds().includes(odd!));
    const delivered = push.of('feedEvents').flatMap((b) => b.events).find((e) => e.record_ID === odd)!;
    expect(delivered).toMatchObject({ record_ID: odd, created: '2026-11-28T22:10:05.123Z', custom_Text: '', device_Name: '', extra: 7 });
    expect(fingerprint(delivered)).toContain('Door Alarm');
    await feed.stop();
  });
});
