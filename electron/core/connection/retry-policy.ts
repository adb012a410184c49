/**
 * The kiosk's one retry policy: how long to wait before trying the service again. Exponential
 * back-off with "equal jitter" (half the delay fixed, half random, so many kiosks coming back at
 * once spread out) and a cap; a Retry-After the server sent wins, under the same cap. The service
 * client's read retries (service/service-http.ts), the live feed's polls after a failure
 * (feed/feed-engine.ts) and the outbox's sends (cardholders/outbox/outbox.ts) all ask it, each
 * with its own base, cap and count of failures. Pure: no timers, the randomness is passed in.
 */

export interface BackoffPolicy {
  /** The first delay's ceiling (step 0). */
  baseMs: number;
  /** No delay is longer than this, whatever the step or the server asks. */
  maxMs: number;
}

/**
 * The delay before the next attempt after `step` earlier back-offs (0: the first): a value between
 * half and all of min(maxMs, baseMs·2^step), or the server's `retryAfterMs` (capped) when it sent one.
 * `random` returns a number in [0, 1).
 */
export function backoffDelay(policy: BackoffPolicy, step: number, random: () => number, retryAfterMs?: number): number {
  if (retryAfterMs !== undefined) return Math.min(retryAfterMs, policy.maxMs);
  // 2^30 times any base is past every cap: the exponent stops there (no Infinity, no overflow).
  const ceiling = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.min(Math.max(0, step), 30));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}
