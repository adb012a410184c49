/**
 * FeedConnection: the kiosk's one account of whether the service answers the live feed — the
 * connection state the status bar and the feed screen show — and its pushes (`feedState`).
 *
 * It owns the status and its transitions: connecting → live; live → slow (no successful poll for
 * longer than service.timeoutMs, or a poll that ended by the overall deadline), reconnecting
 * (another failure) and offline (after enough failures or time); any → live on the next success.
 * It owns the outage's start — when the first poll that did not succeed began — which stays put
 * however the outage goes on (slow, reconnecting, offline, the probe's reports), the time of the
 * last event received, and the throttling of pushes that only move the last poll time.
 * It must not poll, wait or schedule: the feed engine (feed-engine.ts) tells it what happened.
 */
import type { FeedState, FeedStatus, KioskError } from '../../contract/ipc';
import type { PushBus } from '../ipc/push-bus';
import type { Logger } from '../log/logger';

export interface FeedConnectionConfig {
  /** Consecutive failures after which the feed reports offline. */
  offlineAfterFailures: number;
  /** Length of an outage after which the feed reports offline, whatever the failure count. */
  offlineAfterMs: number;
  /** Least time between two feedState pushes when only lastSuccessAt / lastDeliveredId changed. */
  stateThrottleMs: number;
  /** No successful poll for longer than this (service.timeoutMs): the feed is not live any more. */
  stalledAfterMs: number;
}

export interface FeedConnectionOptions {
  config: FeedConnectionConfig;
  push: Pick<PushBus, 'emit'>;
  log: Logger;
  now: () => number;
  /** What the engine knows that the state reports. */
  facts: () => { lastDeliveredId: number | null; maxEventId: number | null };
}

const SCOPE = 'feed';

export class FeedConnection {
  private status: FeedStatus = 'connecting';
  private since: number;
  private lastSuccessAt: number | null = null;
  private lastEventAt: number | null = null;
  private error: KioskError | null = null;
  private failureCount = 0;
  private outageSince: number | null = null;
  private lastStatePushAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly options: FeedConnectionOptions) {
    this.since = options.now();
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
      ...this.options.facts(),
      error: this.error,
      outageSince: this.status === 'live' ? null : iso(this.outageSince),
      lastEventAt: iso(this.lastEventAt),
    };
  }

  /** The feed (re)starts: connecting, no error. */
  started(): void {
    this.setStatus('connecting');
    this.error = null;
    this.push(true);
  }

  /** A poll (or a step of a catch-up) succeeded: live. */
  succeeded(): void {
    const now = this.options.now();
    this.lastSuccessAt = now;
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
        message: `The access-control service is answering too slowly: the live feed has had no answer for over ${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)} s. New events may not be shown.`,
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
    this.options.push.emit('feedState', this.state());
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
