/**
 * ServiceWatch: hears the service come back. While the live feed is not live it asks the service
 * for its highest event id (GET /api/SystemEvents/maxid, the lightest call there is, never
 * retried by the client) once per `intervalMs` — one request at a time, the next one starting
 * only after the last ended, so a host that does not answer gets one request per timeout — and
 * wakes the feed the moment an answer comes, instead of letting it wait out its back-off (up to
 * feed.maxBackoffMs). A failed probe tells the feed why (or, while the feed is live, makes it poll
 * now), so the one connection state the screen shows is current. It also answers "Check now"
 * (getServiceStatus): a probe at once, which wakes the feed too. While the feed is live it sends
 * nothing: the feed's own polls are the probe.
 * It owns no connection state of its own: the feed's state is the only one.
 */
import type { ServiceStatus } from '../../contract/ipc';
import type { EventFeed, FeedTimers } from '../feed/feed-engine';
import { toKioskError } from '../ipc/failure';
import type { AccessService } from '../service/access-service';

export interface ServiceWatchOptions {
  service: Pick<AccessService, 'getMaxEventId'>;
  feed: Pick<EventFeed, 'running' | 'state' | 'wake' | 'reportUnreachable'>;
  mode: ServiceStatus['mode'];
  serviceLabel: string;
  /** Pause between two probes while the feed is not live. */
  intervalMs: number;
  timers?: FeedTimers;
  now?: () => Date;
}

const defaultTimers: FeedTimers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** The probe interval for a poll interval: never faster than the live poll, at least once a second. */
export function probeIntervalFor(pollIntervalMs: number): number {
  return Math.max(1_000, pollIntervalMs);
}

export class ServiceWatch {
  private readonly timers: FeedTimers;
  private readonly now: () => Date;
  private timer: unknown = null;
  private running = false;
  private inFlight: Promise<ServiceStatus> | null = null;
  private probes = 0;

  constructor(private readonly options: ServiceWatchOptions) {
    this.timers = options.timers ?? defaultTimers;
    this.now = options.now ?? (() => new Date());
  }

  /** Probes sent so far (diagnostics, tests). */
  get probeCount(): number {
    return this.probes;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.arm();
  }

  /** Stops probing and waits for a probe under way. */
  async stop(): Promise<void> {
    this.running = false;
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
    await this.inFlight?.catch(() => undefined);
  }

  /** "Check now": asks the service at once (sharing a probe under way) and wakes the feed when it answers. */
  checkNow(): Promise<ServiceStatus> {
    return this.probe();
  }

  private arm(): void {
    if (!this.running) return;
    this.timer = this.timers.setTimeout(() => {
      this.timer = null;
      void this.tick();
    }, this.options.intervalMs);
  }

  private async tick(): Promise<void> {
    const { feed } = this.options;
    if (feed.running && feed.state().status !== 'live') await this.probe().catch(() => undefined);
    this.arm();
  }

  private probe(): Promise<ServiceStatus> {
    this.inFlight ??= this.ask().finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  private async ask(): Promise<ServiceStatus> {
    const { service, feed, mode, serviceLabel } = this.options;
    this.probes++;
    try {
      const maxEventId = await service.getMaxEventId({ retries: 0 });
      feed.wake();
      return { mode, serviceLabel, reachable: true, maxEventId, checkedAt: this.now().toISOString(), error: null };
    } catch (thrown) {
      // Not live: the state says why at once. Live (a "Check now" just failed): the feed polls now
      // and finds out for itself, so the state never says live about a service that failed.
      if (feed.state().status === 'live') feed.wake();
      else feed.reportUnreachable(thrown);
      return { mode, serviceLabel, reachable: false, maxEventId: null, checkedAt: this.now().toISOString(), error: toKioskError(thrown) };
    }
  }
}
