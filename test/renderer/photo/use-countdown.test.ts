/** The photo countdown: one number a second, then the photo; cancelled, nothing is taken. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { effectScope } from 'vue';
import { useCountdown } from '../../../renderer/src/photo/use-countdown';

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
afterEach(() => vi.useRealTimers());

function countdown() {
  const said: string[] = [];
  const onDone = vi.fn();
  const handle = effectScope().run(() => useCountdown({ onTick: (n, first) => void said.push(first ? `Photo in ${n}` : String(n)), onDone }))!;
  return { handle, said, onDone };
}

describe('useCountdown', () => {
  it('says each number, one a second, then takes the photo', () => {
    const { handle, said, onDone } = countdown();
    handle.start(3);
    expect(handle.remaining.value).toBe(3);
    vi.advanceTimersByTime(2_000);
    expect(said).toEqual(['Photo in 3', '2', '1']);
    expect(onDone).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(handle.cancel()).toBe(false); // nothing left running
  });

  it('cancelled, it takes no photo', () => {
    const { handle, onDone } = countdown();
    handle.start(3);
    vi.advanceTimersByTime(1_000);
    expect(handle.cancel()).toBe(true);
    vi.advanceTimersByTime(5_000);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('started again, it runs once from the top', () => {
    const { handle, said, onDone } = countdown();
    handle.start(3);
    vi.advanceTimersByTime(1_500);
    handle.start(3);
    vi.advanceTimersByTime(3_000);
    expect(said).toEqual(['Photo in 3', '2', 'Photo in 3', '2', '1']);
    expect(onDone).toHaveBeenCalledTimes(1);
  });
});
