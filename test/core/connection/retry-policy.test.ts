/**
 * The one retry policy (electron/core/connection/retry-policy.ts): exponential, equal jitter,
 * capped, Retry-After first. The three formulas it replaced (the service client's read retries,
 * the feed's back-off, the outbox's) are written out here once more, as they were, and the
 * policy gives the same delay for every step and draw.
 */
import { describe, expect, it } from 'vitest';
import { backoffDelay } from '../../../electron/core/connection/retry-policy';

const draws = [0, 0.25, 0.5, 0.999];
const at = (r: number) => () => r;

describe('backoffDelay', () => {
  it('doubles from the base per step, between half and all of the ceiling, up to the cap', () => {
    const policy = { baseMs: 1000, maxMs: 60_000 };
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((step) => backoffDelay(policy, step, at(0)))).toEqual([500, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((step) => backoffDelay(policy, step, at(0.999_999)))).toEqual([1000, 2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000]);
  });

  it('a Retry-After wins, under the same cap', () => {
    expect(backoffDelay({ baseMs: 300, maxMs: 30_000 }, 0, at(0.5), 5_000)).toBe(5_000);
    expect(backoffDelay({ baseMs: 300, maxMs: 30_000 }, 0, at(0.5), 120_000)).toBe(30_000);
  });

  it('a huge step stays at the cap (no Infinity), a negative one counts as the first', () => {
    expect(backoffDelay({ baseMs: 500, maxMs: 30_000 }, 10_000, at(0.999_999))).toBe(30_000);
    expect(backoffDelay({ baseMs: 500, maxMs: 30_000 }, -1, at(0))).toBe(250);
  });

  it('gives what the service client gave for its read retries (attempt n ≥ 2, capped at 30 s)', () => {
    const before = (base: number, attempt: number, random: number, retryAfterMs?: number): number => {
      if (retryAfterMs !== undefined) return Math.min(retryAfterMs, 30_000);
      const ceiling = Math.min(base * 2 ** (attempt - 2), 30_000);
      return Math.round(ceiling / 2 + (ceiling / 2) * random);
    };
    for (const base of [0, 1, 300, 5_000, 60_000])
      for (const attempt of [2, 3, 4, 8, 20])
        for (const r of draws) {
          expect(backoffDelay({ baseMs: base, maxMs: 30_000 }, attempt - 2, at(r))).toBe(before(base, attempt, r));
          expect(backoffDelay({ baseMs: base, maxMs: 30_000 }, attempt - 2, at(r), 1_234)).toBe(before(base, attempt, r, 1_234));
        }
  });

  it('gives what the live feed gave after a failed poll (from the poll interval, up to feed.maxBackoffMs)', () => {
    const before = (pollIntervalMs: number, maxBackoffMs: number, failures: number, random: number): number => {
      const base = Math.max(1, pollIntervalMs);
      const ceiling = Math.max(base, maxBackoffMs);
      const exponential = Math.min(ceiling, base * 2 ** Math.min(failures, 30));
      return Math.max(1, Math.round(exponential / 2 + random * (exponential / 2)));
    };
    for (const [poll, max] of [[0, 500], [1, 500], [1000, 30_000], [60_000, 30_000], [250, 3_600_000]] as const)
      for (const failures of [1, 2, 3, 10, 31, 400])
        for (const r of draws) {
          const base = Math.max(1, poll);
          expect(backoffDelay({ baseMs: base, maxMs: Math.max(base, max) }, failures, at(r))).toBe(before(poll, max, failures, r));
        }
  });

  it('gives what the outbox gave after a failed send (1 s doubling up to 60 s by default)', () => {
    const before = (base: number, max: number, attempts: number, random: number): number => {
      const ceiling = Math.min(max, base * 2 ** Math.max(0, attempts - 1));
      return Math.round(ceiling / 2 + (ceiling / 2) * random);
    };
    for (const [base, max] of [[1_000, 60_000], [10, 40], [0, 0]] as const)
      for (const attempts of [0, 1, 2, 3, 7, 50])
        for (const r of draws) expect(backoffDelay({ baseMs: base, maxMs: max }, attempts - 1, at(r))).toBe(before(base, max, attempts, r));
  });
});
