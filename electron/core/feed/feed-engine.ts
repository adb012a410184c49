/**
 * EventFeed: the live stream of system events for the guard station. It polls the highest event id,
 * reads what is new through the range reader (exactly once, in record_ID order, whatever the
 * range semantics of the service), classifies each event with the alarm rules, keeps the most
 * recent ones in a ring for renderer reloads and pushes `feedEvents`, `feedState` and `feedNotice`.
 *
 * What it has read is kept (feed-keeper.ts: in the kiosk's database, feed-record.ts): at start it
 * resumes from the last event it read for this service, and every event the service produced
 * while the kiosk was stopped is read after the fact by the catch-up (catch-up.ts) while the feed
 * is live meanwhile — with progress on screen and, at its end, what the gap held. An element of
 * an answer that is not an event, or an event too large to read even alone, is set aside (kept,
 * counted, said) and the feed goes on: one bad event never stops it.
 *
 * It owns: the poll loop (never two polls at once, exponential back-off with jitter on failure,
 * cut short by `wake()` when the connection asks for a recheck (the reachability probe heard the
 * service again, or "Check now" failed while live), which abandons a
 * poll stuck on a slow answer instead of waiting behind it), the stall watchdog (no successful
 * poll for longer than service.timeoutMs: the feed stops claiming to be live at once), the
 * delivered-id frontier and the detection of a server whose ids went back (restore from a
 * backup, a new database), after which it starts a new numbering (the epoch, carried on every push
 * and snapshot: the renderer follows it and never works a resync out itself), reads the events of
 * the new numbering again (an alarm is known by its id and content, so nothing is raised twice),
 * reloads the recent events and tells the guard when the numbering restarted. Its requests are not
 * retried by the service client (`retries: 0`): the loop is the retry, so a service that does not
 * answer is reported after one timeout. The connection state itself — the kiosk's one account of
 * whether the service answers, which the status bar shows — is connection/service-connection.ts's:
 * the feed reports its polls there and subscribes to its rechecks.
 * It must not: talk HTTP itself (only through AccessService), import Electron, or wait on real
 * time in a way tests cannot replace (timers, clock and randomness are injectable).
 */
import type { FeedEvent, FeedNotice, FeedProgress, FeedSnapshot, FeedState } from '../../contract/ipc';
import { screenText } from '../../contract/screen-text';
import type { AccessService, SystemEvent } from '../service/access-service';
import { shownEvent } from '../alarms/alarm-text';
import type { PushBus } from '../ipc/push-bus';
import type { Logger } from '../log/logger';
import { KioskFailure, toKioskError } from '../ipc/failure';
import { createAlarmClassifier, DEFAULT_ALARM_RULES, type AlarmClassifier } from '../alarms/alarm-rules';
import { EventRing } from './event-ring';
import { readRange, type RangeSource } from './range-reader';
import { realTimers, ServiceConnection, type Timers } from '../connection/service-connection';
import { backoffDelay } from '../connection/retry-policy';
import { MemoryFeedKeeper, type FeedGap, type FeedKeeper, type FeedPosition, type ReadVia } from './feed-keeper';
import { CatchUp } from './catch-up';
import type { UnreadableEvent } from '../service/event-reading';

export interface FeedConfig {
  /** Pause between two polls of the highest id while the service answers. */
  pollIntervalMs: number;
  /** How many of the most recent events to load on first connect and after a resync. */
  initialEvents: number;
  /** Widest id span asked for in one GET /api/SystemEvents. */
  chunkSize: number;
  /** How many events main keeps for a renderer reload. */
  bufferSize: number;
  /** Longest pause between two attempts while the service fails. */
  maxBackoffMs: number;
  /** Consecutive failures after which the feed reports offline. */
  offlineAfterFailures: number;
  /** Length of an outage after which the feed reports offline, whatever the failure count. */
  offlineAfterMs: number;
  /** Least time between two feedState pushes when only lastSuccessAt / lastDeliveredId changed. */
  stateThrottleMs: number;
  /** No successful poll for longer than this while live: the feed reports slow (service.timeoutMs). */
  stalledAfterMs: number;
  /** Most events read after the fact for one gap (while the kiosk was stopped); older ones are said, not read. */
  catchUpMaxEvents: number;
}

export const DEFAULT_FEED_CONFIG: Readonly<FeedConfig> = {
  pollIntervalMs: 500,
  initialEvents: 200,
  chunkSize: 500,
  bufferSize: 20_000,
  maxBackoffMs: 30_000,
  offlineAfterFailures: 5,
  offlineAfterMs: 30_000,
  stateThrottleMs: 1_000,
  stalledAfterMs: 10_000,
  catchUpMaxEvents: 1_000_000,
};

/** Notices kept for a renderer reload. */
const NOTICES_KEPT = 5;

/** When the recent events are sparse (id gaps), how far back the first load looks, in multiples of initialEvents. */
const LOOKBACK_FACTOR = 10;

export type FeedTimers = Timers;

export type FeedService = Pick<AccessService, 'getMaxEventId' | 'listEvents'> & Partial<Pick<AccessService, 'getEvent'>>;
export type PushEmitter = Pick<PushBus, 'emit'>;

export interface EventFeedOptions {
  service: FeedService;
  push: PushEmitter;
  log: Logger;
  classifier?: AlarmClassifier;
  config?: Partial<FeedConfig>;
  timers?: FeedTimers;
  /** The kiosk's connection state (default: one of its own, for the feed alone). */
  connection?: ServiceConnection;
  /** Milliseconds since the epoch. */
  now?: () => number;
  /** In [0, 1), for back-off jitter. */
  random?: () => number;
  /** Told about every poll once it has ended (diagnostics, benchmarks). */
  observe?: (poll: PollObservation) => void;
  /** What the feed keeps between runs (default: nothing beyond this run). */
  keeper?: FeedKeeper;
  /** Told about every run of events recorded, marked with their alarms' numbers and states (the alarm sound). */
  onRecorded?: (events: readonly FeedEvent[], via: ReadVia) => void;
  /** Told when a catch-up over a gap has ended (the alarm sound for what it found). */
  onCaughtUp?: (gap: FeedGap, alarms: number) => void;
}

export interface PollObservation {
  ok: boolean;
  /** Wall time of the poll, from performance.now(). */
  durationMs: number;
  /** Service requests the poll made. */
  requests: number;
  /** Events it delivered. */
  delivered: number;
}

export interface FeedStats {
  polls: number;
  requests: number;
  delivered: number;
  failures: number;
  resyncs: number;
}


/** "22:41:05" in UTC for the log; the screen words the ISO time itself. */
const isoOf = (ms: number): string => new Date(ms).toISOString();

const SCOPE = 'feed';

/** The last event delivered (id and fingerprint: contract/event-fingerprint.ts), to notice when the server reuses its id for another event. */
interface DeliveredMark {
  id: number;
  fingerprint: string;
}

/** Raised inside a poll when an id already delivered now names a different event. */
class IdsReused extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

export class EventFeed {
  readonly config: Readonly<FeedConfig>;
  private readonly service: FeedService;
  private readonly push: PushEmitter;
  private readonly log: Logger;
  private readonly classifier: AlarmClassifier;
  private readonly timers: FeedTimers;
  private readonly now: () => number;
  private readonly random: () => number;
  private readonly observe: ((poll: PollObservation) => void) | undefined;
  private readonly buffer: EventRing<FeedEvent>;
  /** The range endpoint, shrinking the chunk when the service refuses a range as too long. */
  private readonly ranges: RangeSource;
  /** Starts at config.chunkSize; halved each time the service refuses a range (its limit is not in the spec). */
  private chunkSize: number;
  private readonly keeper: FeedKeeper;
  private readonly catchUp: CatchUp;
  private readonly onRecorded: ((events: readonly FeedEvent[], via: ReadVia) => void) | undefined;
  /** Where the feed stood when this service was last read (this run's first poll picks up from there). */
  private resumeFrom: FeedPosition | null;
  private lastSuccessAt: number | null = null;
  private readonly notices: FeedNotice[] = [];
  /** The last event delivered whose range, asked again, is over the size limit: not probed again (it would cost a megabyte-large answer every poll). */
  private noProbeFor: number | null = null;

  /** The kiosk's one account of whether the service answers; the feed reports its polls there. */
  readonly connection: ServiceConnection;
  private unsubscribeRecheck: (() => void) | null = null;
  /** Every id up to here is delivered or known not to exist; null until the first load. */
  private frontier: number | null = null;
  /** The last event delivered, to notice when the server reuses its id for another event. */
  private lastDelivered: DeliveredMark | null = null;
  /** The id space: +1 at each resync; on every push and snapshot so the renderer follows it. */
  private epoch = 0;
  /** The highest id the service reported last. */
  private serviceMaxId: number | null = null;
  /** When the poll under way began. */
  private pollStartedAt: number | null = null;
  /** Fires when no poll has succeeded for stalledAfterMs. */
  private watchdog: unknown = null;
  private readonly counters: FeedStats = { polls: 0, requests: 0, delivered: 0, failures: 0, resyncs: 0 };

  private controller: AbortController | null = null;
  private timer: unknown = null;
  private cycle: Promise<void> | null = null;
  /** Aborts the poll under way only (stop() aborts through `controller`). */
  private cycleAbort: AbortController | null = null;
  /** The poll under way was aborted by wake(): its failure is not an outage, and the next poll starts at once. */
  private superseded = false;

  constructor(options: EventFeedOptions) {
    this.config = { ...DEFAULT_FEED_CONFIG, ...definedOnly(options.config ?? {}) };
    this.service = options.service;
    this.push = options.push;
    this.log = options.log;
    this.classifier = options.classifier ?? createAlarmClassifier(DEFAULT_ALARM_RULES);
    this.timers = options.timers ?? realTimers;
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
    this.observe = options.observe;
    this.onRecorded = options.onRecorded;
    this.keeper = options.keeper ?? new MemoryFeedKeeper(null, this.now);
    this.resumeFrom = this.keeper.position();
    this.epoch = this.resumeFrom?.numbering ?? 0;
    this.buffer = new EventRing<FeedEvent>(this.config.bufferSize);
    this.chunkSize = this.config.chunkSize;
    this.ranges = {
      listEvents: async (fromId, maxId, callOptions) => {
        this.counters.requests++;
        try {
          return await this.service.listEvents(fromId, maxId, { ...callOptions, retries: 0 });
        } catch (thrown) {
          if (thrown instanceof KioskFailure && thrown.error.code === 'rejected') this.shrinkChunk(maxId - fromId);
          throw thrown;
        }
      },
    };
    const getEvent = this.service.getEvent?.bind(this.service);
    this.catchUp = new CatchUp({
      keeper: this.keeper,
      ranges: this.ranges,
      ...(getEvent ? { readOne: (id: number, signal?: AbortSignal) => getEvent(id, { ...(signal ? { signal } : {}), retries: 0 }) } : {}),
      classify: (event) => this.classify(event),
      numbering: () => this.epoch,
      chunkSize: () => this.chunkSize,
      timers: this.timers,
      now: this.now,
      log: this.log,
      onRecorded: (events) => this.onRecorded?.(events, 'catch-up'),
      onProgress: () => this.pushProgress(),
      onFinished: (gap, alarms) => {
        this.finishedGap(gap, alarms);
        options.onCaughtUp?.(gap, alarms.total);
      },
      onSetAside: (count) => this.noteSetAside(count),
    });
    this.connection = options.connection ?? new ServiceConnection({ config: this.config, push: this.push, log: this.log, now: this.now });
    this.connection.describeWith(() => ({ lastDeliveredId: this.lastDelivered?.id ?? null, maxEventId: this.serviceMaxId }));
  }

  // ───────────── public API ─────────────

  get running(): boolean {
    return this.controller !== null;
  }

  /** Starts polling (resuming after the last delivered id when it ran before). Idempotent. */
  start(): void {
    if (this.controller) return;
    const controller = new AbortController();
    this.controller = controller;
    this.unsubscribeRecheck = this.connection.onRecheck(() => this.wake());
    this.connection.started();
    this.armWatchdog();
    // Gaps left by an earlier run are read again as soon as the service answers.
    if (this.frontier !== null) this.catchUp.run();
    const previous = this.cycle;
    if (!previous) {
      this.schedule(0);
      return;
    }
    void previous.then(() => {
      if (this.controller === controller) this.schedule(0);
    });
  }

  /** Stops polling, aborts the request in flight and resolves once the current poll has ended. */
  async stop(): Promise<void> {
    const controller = this.controller;
    this.controller = null;
    this.unsubscribeRecheck?.();
    this.unsubscribeRecheck = null;
    if (controller) this.connection.stopped();
    if (this.timer !== null) {
      this.timers.clearTimeout(this.timer);
      this.timer = null;
    }
    this.disarmWatchdog();
    controller?.abort();
    await this.cycle;
    await this.catchUp.stop();
  }

  state(): FeedState {
    return this.connection.state();
  }

  /**
   * The connection asks for a recheck (the reachability probe or "Check now" heard the service, or
   * a "Check now" failed while live): poll now instead of waiting out the back-off. A poll still under way while the feed is not live is abandoned
   * (it may hang until its timeout on a connection made before the service came back).
   */
  wake(): void {
    if (!this.controller) return;
    if (this.cycle) {
      if (this.connection.current !== 'live' && this.cycleAbort && !this.cycleAbort.signal.aborted) {
        this.superseded = true;
        this.cycleAbort.abort();
      }
      return;
    }
    if (this.timer !== null) {
      this.timers.clearTimeout(this.timer);
      this.timer = null;
    }
    this.schedule(0);
  }

  snapshot(): FeedSnapshot {
    return { state: this.state(), events: this.buffer.toArray(), epoch: this.epoch, progress: this.progress(), notices: [...this.notices] };
  }

  /** The catch-up under way and the events set aside. */
  progress(): FeedProgress {
    const setAside = this.keeper.setAsideSummary();
    return {
      catchUp: this.catchUp.current(),
      setAside: {
        count: setAside.count,
        lastId: setAside.last?.recordId ?? null,
        lastReason: setAside.last?.reason ?? null,
        lastAt: setAside.last ? isoOf(setAside.last.at) : null,
      },
    };
  }

  /** An event main still holds, by record_ID. */
  findEvent(id: number): FeedEvent | undefined {
    return this.buffer.find(id);
  }

  classify(event: SystemEvent): FeedEvent {
    return { ...event, alarm: this.classifier.classify(event) };
  }

  stats(): FeedStats {
    return { ...this.counters };
  }

  // ───────────── the loop ─────────────

  private schedule(ms: number): void {
    this.timer = this.timers.setTimeout(() => {
      this.timer = null;
      const cycle: Promise<void> = this.runCycle().finally(() => {
        if (this.cycle === cycle) this.cycle = null;
      });
      this.cycle = cycle;
    }, ms);
  }

  private async runCycle(): Promise<void> {
    const controller = this.controller;
    if (!controller) return;
    const cycleAbort = new AbortController();
    const onStop = (): void => cycleAbort.abort();
    controller.signal.addEventListener('abort', onStop, { once: true });
    this.cycleAbort = cycleAbort;
    this.superseded = false;
    this.pollStartedAt = this.now();
    this.connection.pollStarted(this.pollStartedAt);
    let delay = this.config.pollIntervalMs;
    const before = this.observe ? { at: performance.now(), requests: this.counters.requests, delivered: this.counters.delivered } : null;
    let ok = true;
    try {
      this.counters.polls++;
      await this.poll(cycleAbort.signal);
      this.noteSuccess();
    } catch (thrown) {
      if (controller.signal.aborted || this.controller !== controller) return;
      ok = false;
      if (this.superseded && cycleAbort.signal.aborted) delay = 0;
      else delay = this.noteFailure(thrown);
    } finally {
      controller.signal.removeEventListener('abort', onStop);
      if (this.cycleAbort === cycleAbort) this.cycleAbort = null;
      this.superseded = false;
      this.pollStartedAt = null;
    }
    if (before) {
      this.observe?.({
        ok,
        durationMs: performance.now() - before.at,
        requests: this.counters.requests - before.requests,
        delivered: this.counters.delivered - before.delivered,
      });
    }
    if (this.controller === controller) this.schedule(delay);
  }

  private async poll(signal: AbortSignal): Promise<void> {
    const top = await this.service.getMaxEventId({ signal, retries: 0 });
    this.counters.requests++;
    this.serviceMaxId = top;
    if (this.frontier === null) {
      await this.resumeOrLoad(top, signal);
      return;
    }
    const last = this.lastDelivered;
    if (top < this.frontier) {
      // The highest id went down. Only a restore makes the last delivered event vanish or change;
      // a service that merely answered a wrong maximum once must not replay the history.
      if (last && !(await this.stillSameEvent(last, signal))) {
        await this.resync(top, signal, `the highest event id went down from ${this.frontier} to ${top} and event #${last.id} is gone`);
        return;
      }
      if (last && top < last.id) {
        this.log.warn(SCOPE, `ignored a highest id of ${top}: event #${last.id} still exists`);
        return;
      }
      // Only ids passed as gaps above the last delivered event disappeared: nothing shown is affected.
      this.frontier = top;
    }
    if (top === this.frontier) {
      // Nothing new by the numbers. A service restored to just before the last event and given one
      // new event since has the same highest id: only the last event's content tells (a small read).
      if (last && top === last.id && !(await this.stillSameEvent(last, signal))) {
        const newTop = await this.service.getMaxEventId({ signal, retries: 0 });
        this.counters.requests++;
        this.serviceMaxId = newTop;
        await this.resync(newTop, signal, `event #${last.id} now names another event`);
      }
      return;
    }
    try {
      await readRange(this.ranges, this.frontier, top, {
        chunkSize: this.chunkSize,
        signal,
        // Ask again for the last delivered event so a reused id shows up at once (see checkNotReused).
        probeFromId: last && last.id !== this.noProbeFor && this.frontier - last.id < this.chunkSize ? last.id - 1 : undefined,
        onProbeTooLarge: () => {
          if (!last) return;
          this.noProbeFor = last.id;
          this.log.warn(SCOPE, `asking again for event #${last.id} brings an answer over the size limit (an event beside it is too large): it is not asked again`);
        },
        inspect: (events) => this.checkNotReused(events),
        deliver: (events) => this.deliver(events, 'live'),
        advance: (frontier) => {
          this.frontier = Math.max(this.frontier ?? frontier, frontier);
          this.noteSuccess();
        },
        setAside: (unreadable) => this.setAside(unreadable),
        ...this.readOneOption(signal),
      });
    } catch (thrown) {
      if (!(thrown instanceof IdsReused)) throw thrown;
      const newTop = await this.service.getMaxEventId({ signal, retries: 0 });
      this.counters.requests++;
      this.serviceMaxId = newTop;
      await this.resync(newTop, signal, thrown.reason);
    }
  }

  /**
   * The first poll of this run. A service read before: was its last event kept (else its
   * numbering restarted while the kiosk was stopped)? The ids it produced since are a gap, read by
   * the catch-up while the feed goes live from `top`. A service never read: nothing to catch up.
   */
  private async resumeOrLoad(top: number, signal: AbortSignal): Promise<void> {
    const resume = this.resumeFrom;
    if (!resume) {
      await this.load(top, signal);
      return;
    }
    if (resume.lastId !== null && resume.lastMark !== null) {
      this.lastDelivered = { id: resume.lastId, fingerprint: resume.lastMark };
      if (!(await this.stillSameEvent(this.lastDelivered, signal))) {
        this.resumeFrom = null;
        this.lastDelivered = null;
        await this.renumbered(top, signal, `event #${resume.lastId}, the last one read before the kiosk stopped, is gone or another event now`);
        return;
      }
    }
    this.resumeFrom = null;
    const from = Math.min(resume.frontier, top);
    if (top > resume.frontier) this.openGap('stopped', resume.frontier, top, resume.lastSuccessAt);
    this.frontier = from;
    await this.load(top, signal, from);
    this.catchUp.run();
  }

  /** Records a range read after the fact; beyond the catch-up bound its oldest part is said, not read. */
  private openGap(cause: 'stopped' | 'renumbered', from: number, to: number, sinceAt: number | null): void {
    const bound = Math.max(1, this.config.catchUpMaxEvents);
    const notRead = to - from > bound;
    const gap = this.keeper.openGap({
      numbering: this.epoch,
      cause,
      fromId: notRead ? to - bound : from,
      toId: to,
      notReadFrom: notRead ? from : null,
      notReadTo: notRead ? to - bound : null,
      sinceAt,
      untilAt: this.now(),
    });
    this.log.info(SCOPE, `${cause === 'stopped' ? 'events produced while the kiosk was stopped' : 'events of the new numbering'}: ids ${gap.fromId + 1}–${gap.toId} to read after the fact`);
    if (notRead) {
      this.log.error(SCOPE, `ids ${from + 1}–${to - bound} (${to - bound - from} events) are not read: more than the catch-up bound of ${bound}`);
      this.notice('notRead', screenText('feed.fromMain.notRead', { from: from + 1, to: to - bound, count: to - bound - from, bound }));
    }
    this.pushProgress();
  }

  /** First connect (or after a resync): the most recent `initialEvents` events up to `top`, above `floor`. */
  private async load(top: number, signal: AbortSignal, floor = 0): Promise<void> {
    const wanted = this.config.initialEvents;
    let collected: SystemEvent[] = [];
    let lo = Math.max(floor, top - wanted);
    const readInto = async (from: number, to: number): Promise<SystemEvent[]> => {
      const into: SystemEvent[] = [];
      await readRange(this.ranges, from, to, {
        chunkSize: this.chunkSize,
        signal,
        deliver: (events) => into.push(...events),
        setAside: (unreadable) => this.setAside(unreadable),
        ...this.readOneOption(signal),
      });
      return into;
    };
    if (wanted > 0 && top > 0) {
      collected = await readInto(lo, top);
      // Sparse ids: look further back, within a bound, until enough events are found.
      while (collected.length < wanted && lo > floor && top - lo < wanted * LOOKBACK_FACTOR) {
        const from = Math.max(floor, lo - wanted);
        collected = (await readInto(from, lo)).concat(collected);
        lo = from;
      }
    }
    this.frontier = Math.max(0, top);
    const recent = collected.slice(-wanted);
    if (recent.length > 0) this.deliver(recent, 'start');
    else this.keeper.advance(this.position());
    this.log.info(SCOPE, `loaded ${recent.length} recent events up to #${top}`);
  }

  private async resync(top: number, signal: AbortSignal, reason: string): Promise<void> {
    this.buffer.clear();
    await this.renumbered(top, signal, reason);
  }

  /**
   * The service's ids restarted (a restore, a new database): a new numbering. Gaps of the old one
   * can no longer be read (said); the new numbering's events up to `top` are read again by the
   * catch-up (within its bound: an alarm is known by its id and content, so none is raised twice),
   * and the recent ones are loaded for the screen.
   */
  private async renumbered(top: number, signal: AbortSignal, reason: string): Promise<void> {
    const at = this.now();
    this.log.warn(SCOPE, `the service's event numbering restarted (${reason}); reading its events again up to #${top}`);
    this.counters.resyncs++;
    this.lastDelivered = null;
    this.frontier = null;
    this.epoch++;
    for (const gap of this.keeper.abandonGaps(this.epoch, at)) {
      const unread = gap.toId - gap.nextId;
      if (unread <= 0) continue;
      this.log.error(SCOPE, `ids ${gap.nextId + 1}–${gap.toId} of the earlier numbering were not read before it restarted`);
      this.notice('notRead', screenText('feed.fromMain.lostToRenumbering', { count: unread }));
    }
    this.notice('resync', screenText('feed.fromMain.renumbered', { time: isoOf(at) }));
    this.connection.push(true);
    if (top > 0) this.openGap('renumbered', 0, top, null);
    await this.load(top, signal);
    this.catchUp.run();
  }

  /** A notice for the guard, pushed now and kept for a reload. */
  private notice(kind: FeedNotice['kind'], text: { message: string; key: FeedNotice['key']; params: FeedNotice['params'] }): void {
    const notice: FeedNotice = { kind, ...text, at: isoOf(this.now()) };
    this.notices.push(notice);
    if (this.notices.length > NOTICES_KEPT) this.notices.shift();
    this.push.emit('feedNotice', notice);
  }

  /** A gap was read whole: what it held, said once. */
  private finishedGap(gap: FeedGap, alarms: { total: number; critical: number; high: number; medium: number; low: number }): void {
    this.log.info(SCOPE, `read ${gap.readEvents} events after the fact (ids ${gap.fromId + 1}–${gap.toId}): ${alarms.total} alarm(s)`);
    const params = {
      from: gap.sinceAt === null ? '' : isoOf(gap.sinceAt),
      to: isoOf(gap.untilAt),
      events: gap.readEvents,
      alarms: alarms.total,
      critical: alarms.critical,
      high: alarms.high,
      medium: alarms.medium,
      low: alarms.low,
    };
    const key = gap.cause === 'renumbered' ? 'feed.fromMain.readAgain' : gap.sinceAt === null ? 'feed.fromMain.caughtUpNoStart' : 'feed.fromMain.caughtUp';
    this.notice('caughtUp', screenText(key, params));
    this.pushProgress();
  }

  private pushProgress(): void {
    this.push.emit('feedProgress', this.progress());
  }

  private setAside(unreadable: readonly UnreadableEvent[]): void {
    for (const item of unreadable) this.log.error(SCOPE, `set aside ${item.recordId === null ? 'an element without an id' : `event #${item.recordId}`}: ${item.detail}`);
    this.noteSetAside(this.keeper.setAside(unreadable, this.epoch));
  }

  private noteSetAside(added: number): void {
    if (added > 0) this.pushProgress();
  }

  private readOneOption(signal: AbortSignal): { readOne?: (id: number) => Promise<SystemEvent> } {
    const getEvent = this.service.getEvent?.bind(this.service);
    return getEvent ? { readOne: (id) => getEvent(id, { signal, retries: 0 }) } : {};
  }

  private position(): FeedPosition {
    return {
      numbering: this.epoch,
      frontier: this.frontier ?? 0,
      lastId: this.lastDelivered?.id ?? null,
      lastMark: this.lastDelivered?.fingerprint ?? null,
      lastSuccessAt: this.lastSuccessAt,
    };
  }

  /**
   * Re-reads the last delivered event through the same range endpoint the feed reads (so both
   * answers are serialised alike); false when its id now names another event or nothing.
   * The range (id - 1, id + 1) holds the id under every reading of the bounds.
   */
  private async stillSameEvent(last: DeliveredMark, signal: AbortSignal): Promise<boolean> {
    let event: SystemEvent | undefined;
    try {
      const answer = await this.ranges.listEvents(last.id - 1, last.id + 1, { signal });
      event = answer.events.find((candidate) => candidate.record_ID === last.id);
    } catch (thrown) {
      // A neighbour too large to read: the event alone (where the service is asked one by one).
      if (!(thrown instanceof KioskFailure && thrown.error.code === 'too_large') || !this.service.getEvent) throw thrown;
      try {
        event = await this.service.getEvent(last.id, { signal, retries: 0 });
      } catch (alone) {
        if (alone instanceof KioskFailure && alone.error.code === 'not_found') return false;
        if (alone instanceof KioskFailure && alone.error.code === 'too_large') {
          this.log.warn(SCOPE, `event #${last.id} is too large to read again: taken as unchanged`);
          return true;
        }
        throw alone;
      }
    }
    return event !== undefined && this.keeper.mark(event) === last.fingerprint;
  }

  private checkNotReused(events: readonly SystemEvent[]): void {
    const last = this.lastDelivered;
    if (!last) return;
    for (const event of events) {
      if (event.record_ID === last.id && this.keeper.mark(event) !== last.fingerprint) {
        throw new IdsReused(`the server answered a different event under id #${last.id}`);
      }
    }
  }

  /** Events read: recorded with the new position (their alarms kept), then on the screen. */
  private deliver(events: readonly SystemEvent[], via: ReadVia): void {
    if (events.length === 0) return;
    const classified = events.map((event) => this.classify(event));
    const newest = classified[classified.length - 1]!;
    this.lastDelivered = { id: newest.record_ID, fingerprint: this.keeper.mark(newest) };
    this.frontier = Math.max(this.frontier ?? 0, newest.record_ID);
    // Marked and recorded with their whole texts (identity); shown, kept in the ring and pushed bounded (alarms/alarm-text.ts).
    const feedEvents = this.keeper.record(classified, via, this.position()).map(shownEvent);
    this.buffer.push(feedEvents);
    this.counters.delivered += feedEvents.length;
    this.push.emit('feedEvents', { events: feedEvents, epoch: this.epoch });
    this.onRecorded?.(feedEvents, via);
    this.connection.delivered();
  }

  private shrinkChunk(refusedSpan: number): void {
    if (this.chunkSize === 1) return;
    this.chunkSize = Math.floor(this.chunkSize / 2);
    this.log.warn(SCOPE, `the service refused a range of ${refusedSpan} ids; reading at most ${this.chunkSize} ids per request from now on`);
  }

  // ───────────── connection state (connection/service-connection.ts) ─────────────

  private noteSuccess(): void {
    this.lastSuccessAt = this.now();
    if (this.frontier !== null && this.resumeFrom === null) this.keeper.advance(this.position());
    this.connection.succeeded();
    this.armWatchdog();
  }

  /** Records a failed poll and returns how long to wait before the next attempt. */
  private noteFailure(thrown: unknown): number {
    this.counters.failures++;
    this.connection.pollFailed(toKioskError(thrown), this.pollStartedAt ?? this.now());
    return this.backoff();
  }

  /** (Re)starts the stall watchdog: stalledAfterMs from the last success (or the start). */
  private armWatchdog(): void {
    this.disarmWatchdog();
    this.watchdog = this.timers.setTimeout(() => {
      this.watchdog = null;
      // Only a poll stuck under way is a stall; between polls (back-off) the failures speak.
      if (this.controller && this.pollStartedAt !== null) this.connection.stalled(this.pollStartedAt);
    }, this.config.stalledAfterMs);
  }

  private disarmWatchdog(): void {
    if (this.watchdog === null) return;
    this.timers.clearTimeout(this.watchdog);
    this.watchdog = null;
  }

  /** The wait after a failed poll: the kiosk's retry policy from the poll interval (doubled per failure) up to feed.maxBackoffMs. */
  private backoff(): number {
    const base = Math.max(1, this.config.pollIntervalMs);
    return backoffDelay({ baseMs: base, maxMs: Math.max(base, this.config.maxBackoffMs) }, this.connection.failures, this.random);
  }
}

function definedOnly<T extends object>(values: Partial<T>): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;
}
