// Fault injection for tests: added latency, error statuses, malformed JSON answers and dropped
// connections, by rate or for the next N matching requests. Decides per request what goes wrong;
// the server carries it out. Never applies to /_sim/ paths.

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

const NO_FAULT: FaultPlan = { latencyMs: 0, drop: undefined, errorStatus: undefined, malformed: false };

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

  constructor(private readonly rng: SeededRandom) {}

  /** Replaces the whole fault set. */
  set(spec: FaultSpec): void {
    this.spec = spec;
    this.error = spec.error === undefined ? undefined : { ...activeRule(spec.error), status: spec.error.status };
    this.malformed = spec.malformedJson === undefined ? undefined : activeRule(spec.malformedJson);
    this.drop = spec.drop === undefined ? undefined : { ...activeRule(spec.drop), afterProcessing: spec.drop.afterProcessing ?? false };
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
    status: response.status === 204 ? 200 : response.status,
    headers: { ...response.headers, 'content-type': 'application/json; charset=utf-8' },
    body: broken,
  };
}
