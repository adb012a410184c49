/**
 * ServiceConnection: the kiosk's one account of whether the service answers — the connection
 * state the status bar and the feed screen show — its pushes to the renderer (`feedState`), and
 * the kiosk's own subscriptions to it: `onChange` (every state published: the shift journal's
 * outages, the site catalogue check), `onReachable` (the service is heard answering: a live state
 * published, or the reachability probe heard it — what waits in the outbox goes then) and
 * `onRecheck` (the live feed should poll now: the probe heard the service, or a "Check now"
 * failed while live). The feed engine (feed/feed-engine.ts) reports its polls here and subscribes
 * to `onRecheck`; the probe (status/service-watch.ts) reads the state and reports what it heard;
 * the outbox subscribes to `onReachable`. The push bus only carries the state out to the renderer.
 *
 * It owns the status and its transitions: connecting → live; live → slow (no successful poll for
 * longer than service.timeoutMs, or a poll that ended by the overall deadline), reconnecting
 * (another failure) and offline (after enough failures or time); any → live on the next success.
 * It owns the outage's start — when the first poll that did not succeed began — which stays put
 * however the outage goes on (slow, reconnecting, offline, the probe's reports), the time of the
 * last event received, and the throttling of pushes that only move the last poll time.
 * It must not poll, wait or schedule: the feed engine and the probe tell it what happened.
 */
import { keyedError, type FeedState, type FeedStatus, type KioskError } from '../../contract/ipc';
import type { PushBus } from '../ipc/push-bus';
import type { Logger } from '../log/logger';
import { toKioskError } from '../ipc/failure';

/** The timers of the feed's loop and of the probe (injectable, so tests never wait on real time). */
export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Node's timers. */
export const realTimers: Timers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** What the feed knows that the state reports. */
export interface ConnectionFacts {
  lastDeliveredId: number | null;
  maxEventId: number | null;
}

export interface ServiceConnectionConfig {
  /** Consecutive failures after which the feed reports offline. */
  offlineAfterFailures: number;
  /** Length of an outage after which the feed reports offline, whatever the failure count. */
  offlineAfterMs: number;
  /** Least time between two feedState pushes when only lastSuccessAt / lastDeliveredId changed. */
  stateThrottleMs: number;
  /** No successful poll for longer than this (service.timeoutMs): the feed is not live any more. */
  stalledAfterMs: number;
}

export interface ServiceConnectionOptions {
  config: ServiceConnectionConfig;
  push: Pick<PushBus, 'emit'>;
  log: Logger;
  now: () => number;
}

const SCOPE = 'feed';

type Listener<T> = (value: T) => void;

export class ServiceConnection {
  private status: FeedStatus = 'connecting';
  private since: number;
  private lastSuccessAt: number | null = null;
  private lastEventAt: number | null = null;
  private error: KioskError | null = null;
  private failureCount = 0;
  private outageSince: number | null = null;
  /** When the first request that has not succeeded since the last success began (a poll under way counts). */
  private pendingSince: number | null = null;
  private lastStatePushAt = Number.NEGATIVE_INFINITY;
  private watched = false;
  private facts: () => ConnectionFacts = () => ({ lastDeliveredId: null, maxEventId: null });
  private readonly changeListeners = new Set<Listener<FeedState>>();
  private readonly reachableListeners = new Set<Listener<void>>();
  private readonly recheckListeners = new Set<Listener<void>>();

  constructor(private readonly options: ServiceConnectionOptions) {
    this.since = options.now();
  }

  /** The live feed says what it knows that the state reports (the last delivered id, the service's highest). */
  describeWith(facts: () => ConnectionFacts): void {
    this.facts = facts;
  }

  /** The live feed runs: the state is followed (between started() and stopped()). */
  get watching(): boolean {
    return this.watched;
  }

  /** Every state published (as the renderer receives it). Returns the unsubscribe. */
  onChange(listener: Listener<FeedState>): () => void {
    return subscribe(this.changeListeners, listener);
  }

  /** The service is heard answering: a live state published, or the probe heard it. Returns the unsubscribe. */
  onReachable(listener: Listener<void>): () => void {
    return subscribe(this.reachableListeners, listener);
  }

  /** The live feed should poll now rather than wait out its back-off. Returns the unsubscribe. */
  onRecheck(listener: Listener<void>): () => void {
    return subscribe(this.recheckListeners, listener);
  }

  /** The reachability probe (or "Check now") heard the service answer. */
  heard(): void {
    notify(this.recheckListeners, undefined);
    notify(this.reachableListeners, undefined);
  }

  /**
   * The reachability probe failed. Not live: the state says why at once (the feed's own next
   * attempt may be a back-off away; its back-off is not lengthened). Live (a "Check now" just
   * failed): the feed polls now and finds out for itself, so the state never says live about a
   * service that failed. Ignored while the feed is stopped.
   */
  unreachable(thrown: unknown): void {
    if (!this.watched) return;
    if (this.status === 'live') notify(this.recheckListeners, undefined);
    else this.outage(toKioskError(thrown));
  }

  get current(): FeedStatus {
    return this.status;
  }

  /** Consecutive failed polls (0 while the service answers). */
  get failures(): number {
    return this.failureCount;
  }

  state(): FeedState {
    const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());
    return {
      status: this.status,
      since: new Date(this.since).toISOString(),
      lastSuccessAt: iso(this.lastSuccessAt),
      ...this.facts(),
      error: this.error,
      outageSince: this.status === 'live' ? null : iso(this.outageSince),
      lastEventAt: iso(this.lastEventAt),
    };
  }

  /** The feed (re)starts: connecting, no error. */
  started(): void {
    this.watched = true;
    this.setStatus('connecting');
    this.error = null;
    this.push(true);
  }

  /** The feed stopped: the probe stops reporting. */
  stopped(): void {
    this.watched = false;
    this.pendingSince = null;
  }

  /** A poll began at `at` (until it succeeds, the service has not answered since then at the latest). */
  pollStarted(at: number): void {
    this.pendingSince ??= at;
  }

  /**
   * Since when the service has not answered: the start of the first request that has not
   * succeeded since the last success (whether it failed or is still under way); null while it answers.
   */
  unansweredSince(): number | null {
    const candidates = [this.pendingSince, this.outageSince].filter((t): t is number => t !== null);
    return candidates.length === 0 ? null : Math.min(...candidates);
  }

  /** A poll (or a step of a catch-up) succeeded: live. */
  succeeded(): void {
    const now = this.options.now();
    this.lastSuccessAt = now;
    this.pendingSince = null;
    const recovered = this.status !== 'live' || this.error !== null;
    if (recovered && this.failureCount > 0) this.options.log.info(SCOPE, `service answering again after ${this.failureCount} failed attempt(s)`);
    this.failureCount = 0;
    this.outageSince = null;
    if (recovered) {
      this.setStatus('live');
      this.error = null;
    }
    this.push(recovered);
  }

  /** New events reached the guard. */
  delivered(): void {
    this.lastEventAt = this.options.now();
    this.push(false);
  }

  /** A poll that began at `pollStartedAt` failed. */
  pollFailed(error: KioskError, pollStartedAt: number): void {
    this.failureCount++;
    this.outage(error, pollStartedAt);
  }

  /**
   * No successful poll for longer than stalledAfterMs while the poll begun at `pollStartedAt` is
   * still under way: the feed stops claiming to be live at once, before that poll ends.
   */
  stalled(pollStartedAt: number): void {
    if (this.status !== 'live') return;
    const seconds = this.options.config.stalledAfterMs / 1000;
    this.outage(
      {
        code: 'timeout',
        ...keyedError('stalled', { seconds: Number.isInteger(seconds) ? seconds : Number(seconds.toFixed(1)) }),
        detail: `no successful poll for ${this.options.config.stalledAfterMs} ms; the poll begun ${this.options.now() - pollStartedAt} ms ago is still under way`,
      },
      pollStartedAt,
    );
  }

  /**
   * The service failed (a poll, the stall watchdog, or the reachability probe): slow when it was
   * too slow, reconnecting otherwise, offline after enough failures or time. The outage began
   * at `startedAt` (the first poll that did not succeed) unless it had begun already.
   */
  outage(error: KioskError, startedAt: number = this.options.now()): void {
    const now = this.options.now();
    this.outageSince ??= Math.min(startedAt, now);
    let next: FeedStatus = this.status === 'connecting' ? 'connecting' : error.code === 'timeout' ? 'slow' : 'reconnecting';
    if (this.status === 'offline' || this.failureCount >= this.options.config.offlineAfterFailures || now - this.outageSince >= this.options.config.offlineAfterMs) next = 'offline';
    const changed = next !== this.status || !sameError(error, this.error);
    if (next !== this.status) {
      this.options.log.warn(SCOPE, `feed ${next}: ${error.code}${error.detail ? ` — ${error.detail}` : ''}`);
      this.setStatus(next);
    } else {
      this.options.log.debug(SCOPE, `service failed (${this.failureCount} failed polls): ${error.code}`);
    }
    this.error = error;
    if (changed) this.push(true);
  }

  /** Pushes the state now (force) or when the last push is older than stateThrottleMs. */
  push(force: boolean): void {
    const now = this.options.now();
    if (!force && now - this.lastStatePushAt < this.options.config.stateThrottleMs) return;
    this.lastStatePushAt = now;
    const state = this.state();
    this.options.push.emit('feedState', state);
    notify(this.changeListeners, state);
    if (state.status === 'live') notify(this.reachableListeners, undefined);
  }

  private setStatus(status: FeedStatus): void {
    if (status === this.status) return;
    this.status = status;
    this.since = this.options.now();
  }
}

function sameError(a: KioskError, b: KioskError | null): boolean {
  return b !== null && a.code === b.code && a.message === b.message;
}

function subscribe<T>(listeners: Set<Listener<T>>, listener: Listener<T>): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Calls every listener; one that throws does not stop the others. */
function notify<T>(listeners: Set<Listener<T>>, value: T): void {
  for (const listener of [...listeners]) {
    try {
      listener(value);
    } catch {
      // A listener's failure is its own (it logs it); the connection's state is unaffected.
    }
  }
}
