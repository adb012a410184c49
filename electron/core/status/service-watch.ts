/**
 * ServiceWatch: hears the service come back. While the live feed is not live it asks the service
 * for its highest event id (GET /api/SystemEvents/maxid, the lightest call there is, never
 * retried by the client) once per `intervalMs` — one request at a time: a probe that has not
 * answered by the next tick is abandoned (its request aborted) and a fresh one sent, so a probe
 * stuck on a service that drips its answer never delays hearing it answer normally again, and a
 * host that does not answer gets one request per interval — and tells the connection
 * (connection/service-connection.ts) the moment an answer comes, which wakes its subscribers (the
 * feed polls now instead of waiting out its back-off, up to feed.maxBackoffMs; the outbox sends).
 * A failed probe tells the connection why (or, while live, the feed polls now), so the one
 * connection state the screen shows is current. It also answers "Check now" (getServiceStatus): a
 * probe at once, which the ticks leave alone while the feed is live (somebody waits for its
 * answer). While the feed is live it sends nothing: the feed's own polls are the probe.
 * It owns no connection state of its own: it reads the connection's and reports to it.
 */
import { keyedError, type ServiceStatus } from '../../contract/ipc';
import { realTimers, type ServiceConnection, type Timers } from '../connection/service-connection';
import { toKioskError } from '../ipc/failure';
import type { AccessService } from '../service/access-service';

export interface ServiceWatchOptions {
  service: Pick<AccessService, 'getMaxEventId'>;
  connection: Pick<ServiceConnection, 'watching' | 'state' | 'heard' | 'unreachable'>;
  mode: ServiceStatus['mode'];
  serviceLabel: string;
  /** Pause between two probes while the feed is not live. */
  intervalMs: number;
  timers?: Timers;
  now?: () => Date;
}

/** The probe interval for a poll interval: never faster than the live poll, at least once a second. */
export function probeIntervalFor(pollIntervalMs: number): number {
  return Math.max(1_000, pollIntervalMs);
}

export class ServiceWatch {
  private readonly timers: Timers;
  private readonly now: () => Date;
  private timer: unknown = null;
  private running = false;
  private inFlight: Promise<ServiceStatus> | null = null;
  /** Aborts the probe under way; the tick it began in, and whether a tick (not "Check now") sent it. */
  private inFlightAbort: { controller: AbortController; tick: number; byTick: boolean } | null = null;
  private ticks = 0;
  private probes = 0;

  constructor(private readonly options: ServiceWatchOptions) {
    this.timers = options.timers ?? realTimers;
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

  /** Stops probing: a probe under way is abandoned (its request aborted) and waited for. */
  async stop(): Promise<void> {
    this.running = false;
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
    this.inFlightAbort?.controller.abort();
    await this.inFlight?.catch(() => undefined);
  }

  /** "Check now": asks the service at once (sharing a probe under way) and tells the connection what it heard. */
  checkNow(): Promise<ServiceStatus> {
    return this.probe();
  }

  private arm(): void {
    if (!this.running) return;
    this.timer = this.timers.setTimeout(() => {
      this.timer = null;
      this.tick();
    }, this.options.intervalMs);
  }

  private tick(): void {
    const { connection } = this.options;
    this.ticks++;
    this.arm();
    const wanted = connection.watching && connection.state().status !== 'live';
    const stuck = this.inFlightAbort;
    if (stuck) {
      // A "Check now" somebody waits for (the Administration's "Test the connection") is never
      // abandoned because the feed is live: it ends with the service's answer or the request timeout.
      if (!wanted && !stuck.byTick) return;
      // Under way for a whole interval (sent by the last tick, or older), or no longer wanted:
      // abandon it rather than wait behind it.
      if (wanted && !stuck.byTick && stuck.tick === this.ticks - 1) return;
      stuck.controller.abort();
      this.inFlight = null;
      this.inFlightAbort = null;
    }
    if (wanted) void this.probe(true).catch(() => undefined);
  }

  private probe(byTick = false): Promise<ServiceStatus> {
    if (this.inFlight) {
      // A "Check now" that joins a tick's probe waits for its answer: it is a check now too.
      if (!byTick && this.inFlightAbort) this.inFlightAbort.byTick = false;
      return this.inFlight;
    }
    const controller = new AbortController();
    this.inFlightAbort = { controller, tick: this.ticks, byTick };
    const probe: Promise<ServiceStatus> = this.ask(controller.signal).finally(() => {
      if (this.inFlight === probe) {
        this.inFlight = null;
        this.inFlightAbort = null;
      }
    });
    this.inFlight = probe;
    return probe;
  }

  private async ask(signal: AbortSignal): Promise<ServiceStatus> {
    const { service, connection, mode, serviceLabel } = this.options;
    this.probes++;
    try {
      const maxEventId = await service.getMaxEventId({ retries: 0, signal });
      connection.heard();
      return { mode, serviceLabel, reachable: true, maxEventId, checkedAt: this.now().toISOString(), error: null };
    } catch (thrown) {
      if (signal.aborted) {
        // Abandoned for a fresh probe (or stopped): the feed's own failures say why it is not live.
        const error = { code: 'timeout' as const, ...keyedError('checkTimedOut'), detail: 'probe abandoned for a fresh one' };
        return { mode, serviceLabel, reachable: false, maxEventId: null, checkedAt: this.now().toISOString(), error };
      }
      // Not live: the state says why at once. Live (a "Check now" just failed): the feed polls now
      // and finds out for itself, so the state never says live about a service that failed.
      connection.unreachable(thrown);
      return { mode, serviceLabel, reachable: false, maxEventId: null, checkedAt: this.now().toISOString(), error: toKioskError(thrown) };
    }
  }
}
