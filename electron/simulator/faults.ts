// Fault injection for tests: added latency, error statuses, malformed JSON answers, dropped
// connections, and bodies delivered badly (cut off, trickled, stalled, dripped), by rate or for the next N
// matching requests. Decides per request what goes wrong; the server (and body-delivery.ts)
// carries it out. Never applies to /_sim/ paths.

import { bodyAsBuffer, type SimResponse } from './http-exchange';
import type { FaultRule, FaultSpec } from './records';
import type { SeededRandom } from './seeded-random';

/** What the server must do to one request. */
export interface FaultPlan {
  latencyMs: number;
  /** Destroy the socket: before handling, after handling, or not at all. */
  drop: 'before' | 'after' | undefined;
  /** Answer with this status without handling the request. */
  errorStatus: number | undefined;
  malformed: boolean;
}

/** The drip fault's rate: a byte a second, so no idle timeout ever fires. */
export const DRIP_BYTES_PER_SECOND = 1;

const NO_FAULT: FaultPlan = { latencyMs: 0, drop: undefined, errorStatus: undefined, malformed: false };

/** How the body of one answer is sent (decided once the answer is known). */
export interface DeliveryPlan {
  /** Trickle the body at about this rate. */
  bytesPerSecond: number | undefined;
  /** Stop after this many body bytes: close the connection (truncate) or keep it silent (stall). */
  cut: { afterBytes: number; then: 'close' | 'stall' } | undefined;
}

interface ActiveRule {
  rate: number;
  remaining: number | undefined;
}

function activeRule(rule: FaultRule): ActiveRule {
  return { rate: rule.rate ?? 1, remaining: rule.count };
}

export class FaultInjector {
  private spec: FaultSpec = {};
  private error: (ActiveRule & { status: number }) | undefined;
  private malformed: ActiveRule | undefined;
  private drop: (ActiveRule & { afterProcessing: boolean }) | undefined;
  private truncate: (ActiveRule & { afterBytes: number }) | undefined;
  private throttle: (ActiveRule & { bytesPerSecond: number }) | undefined;
  private stall: (ActiveRule & { afterBytes: number }) | undefined;
  private drip: ActiveRule | undefined;
  /** Called whenever the fault set is replaced or cleared (the server ends stalled answers then). */
  onReplaced: () => void = () => undefined;

  constructor(private readonly rng: SeededRandom) {}

  /** Replaces the whole fault set. */
  set(spec: FaultSpec): void {
    this.spec = spec;
    this.error = spec.error === undefined ? undefined : { ...activeRule(spec.error), status: spec.error.status };
    this.malformed = spec.malformedJson === undefined ? undefined : activeRule(spec.malformedJson);
    this.drop = spec.drop === undefined ? undefined : { ...activeRule(spec.drop), afterProcessing: spec.drop.afterProcessing ?? false };
    this.truncate = spec.truncate === undefined ? undefined : { ...activeRule(spec.truncate), afterBytes: spec.truncate.afterBytes };
    this.throttle = spec.throttle === undefined ? undefined : { ...activeRule(spec.throttle), bytesPerSecond: spec.throttle.bytesPerSecond };
    this.stall = spec.stall === undefined ? undefined : { ...activeRule(spec.stall), afterBytes: spec.stall.afterBytes };
    this.drip = spec.drip === undefined ? undefined : activeRule(spec.drip);
    this.onReplaced();
  }

  clear(): void {
    this.set({});
  }

  /** The fault set with the counts still left. */
  current(): FaultSpec {
    const left = (rule: ActiveRule | undefined): FaultRule | undefined =>
      rule === undefined ? undefined : { rate: rule.rate, ...(rule.remaining === undefined ? {} : { count: rule.remaining }) };
    const result: FaultSpec = {};
    if (this.spec.pathPrefix !== undefined) result.pathPrefix = this.spec.pathPrefix;
    if (this.spec.latencyMs !== undefined) result.latencyMs = this.spec.latencyMs;
    if (this.error !== undefined) result.error = { ...left(this.error), status: this.error.status };
    const malformed = left(this.malformed);
    if (malformed !== undefined) result.malformedJson = malformed;
    if (this.drop !== undefined) result.drop = { ...left(this.drop), afterProcessing: this.drop.afterProcessing };
    if (this.truncate !== undefined) result.truncate = { ...left(this.truncate), afterBytes: this.truncate.afterBytes };
    if (this.throttle !== undefined) result.throttle = { ...left(this.throttle), bytesPerSecond: this.throttle.bytesPerSecond };
    if (this.stall !== undefined) result.stall = { ...left(this.stall), afterBytes: this.stall.afterBytes };
    const drip = left(this.drip);
    if (drip !== undefined) result.drip = drip;
    return result;
  }

  /** Rolls the dice for one request (drop first, then error, then malformed). */
  plan(path: string): FaultPlan {
    if (!path.startsWith(this.spec.pathPrefix ?? '/')) return NO_FAULT;
    const plan: FaultPlan = { ...NO_FAULT, latencyMs: this.spec.latencyMs ?? 0 };
    if (this.fires(this.drop)) {
      plan.drop = this.drop?.afterProcessing === true ? 'after' : 'before';
    } else if (this.fires(this.error)) {
      plan.errorStatus = this.error?.status;
    } else if (this.fires(this.malformed)) {
      plan.malformed = true;
    }
    return plan;
  }

  /**
   * Rolls the dice for the body of one answer that is about to be sent with `bodyBytes` bytes
   * (0 for HEAD, 204 and 304): truncate, else stall, when the body is longer than their
   * afterBytes; drip (one byte a second), else throttle, in addition, when there is a body at
   * all. Undefined: send it normally.
   */
  planDelivery(path: string, bodyBytes: number): DeliveryPlan | undefined {
    if (!path.startsWith(this.spec.pathPrefix ?? '/') || bodyBytes === 0) return undefined;
    let cut: DeliveryPlan['cut'];
    if (this.truncate !== undefined && bodyBytes > this.truncate.afterBytes && this.fires(this.truncate)) {
      cut = { afterBytes: this.truncate.afterBytes, then: 'close' };
    } else if (this.stall !== undefined && bodyBytes > this.stall.afterBytes && this.fires(this.stall)) {
      cut = { afterBytes: this.stall.afterBytes, then: 'stall' };
    }
    const bytesPerSecond = this.fires(this.drip) ? DRIP_BYTES_PER_SECOND : this.throttle !== undefined && this.fires(this.throttle) ? this.throttle.bytesPerSecond : undefined;
    return cut === undefined && bytesPerSecond === undefined ? undefined : { cut, bytesPerSecond };
  }

  private fires(rule: ActiveRule | undefined): boolean {
    if (rule === undefined || rule.remaining === 0) return false;
    if (rule.rate < 1 && this.rng.next() >= rule.rate) return false;
    if (rule.remaining !== undefined) rule.remaining--;
    return true;
  }
}

/**
 * A body that cannot be parsed as JSON: the first half of the real body followed by "#"
 * (a prefix of a JSON object or array is never complete, and "#" is never valid after it).
 */
export function malformResponse(response: SimResponse): SimResponse {
  const body = bodyAsBuffer(response.body);
  const broken = Buffer.concat([body.subarray(0, Math.floor(body.length / 2)), Buffer.from('#')]);
  return {
    // 204 and 304 cannot carry a body: they become 200 so the broken body can be sent.
    status: response.status === 204 || response.status === 304 ? 200 : response.status,
    headers: { ...response.headers, 'content-type': 'application/json; charset=utf-8' },
    body: broken,
  };
}
