/**
 * mirrorFromMain / mirrorState: subscribe first, then read; a push that arrives while the
 * snapshot request is in flight is neither lost nor overwritten by the older snapshot; one
 * subscription however often it starts; a failed read is tried again; stop ignores a late answer.
 * Self-contained: a hand-made push channel and snapshot, no kiosk mock.
 */
import { describe, expect, it } from 'vitest';
import { mirrorFromMain, mirrorState } from '../../../renderer/src/api/main-mirror';
import type { KioskError, Result } from '../../../renderer/src/api/kiosk';

interface Counter {
  revision: number;
}

function channel<T>() {
  const listeners = new Set<(value: T) => void>();
  return {
    subscribe: (listener: (value: T) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    push: (value: T) => listeners.forEach((l) => l(value)),
    get count() {
      return listeners.size;
    },
  };
}

/** A snapshot request answered by hand. */
function pendingReads<T>() {
  const waiting: ((result: Result<T>) => void)[] = [];
  return {
    read: () => new Promise<Result<T>>((resolve) => waiting.push(resolve)),
    answer: (index: number, result: Result<T>) => waiting[index]?.(result),
    get asked() {
      return waiting.length;
    },
  };
}

const ok = <T>(value: T): Result<T> => ({ ok: true, value });
const failed: KioskError = { code: 'unreachable', message: 'Main did not answer.' };

describe('mirrorState', () => {
  it('subscribes before it reads, and applies the snapshot when nothing was pushed meanwhile', async () => {
    const order: string[] = [];
    const pushes = channel<Counter>();
    let state: Counter | null = null;
    const mirror = mirrorState<Counter>(
      (listener) => (order.push('subscribe'), pushes.subscribe(listener)),
      async () => (order.push('read'), ok({ revision: 1 })),
      (next) => (state = next),
    );
    await mirror.start();
    expect(order).toEqual(['subscribe', 'read']);
    expect(state).toEqual({ revision: 1 });
    pushes.push({ revision: 2 });
    expect(state).toEqual({ revision: 2 });
  });

  it('keeps a push that arrives while the snapshot is in flight: the older snapshot does not overwrite it', async () => {
    const pushes = channel<Counter>();
    const reads = pendingReads<Counter>();
    const applied: number[] = [];
    let state: Counter | null = null;
    const mirror = mirrorState<Counter>(pushes.subscribe, reads.read, (next) => {
      state = next;
      applied.push(next.revision);
    });
    const started = mirror.start();
    expect(reads.asked).toBe(1);
    pushes.push({ revision: 8 }); // main changed after it was asked for the snapshot
    reads.answer(0, ok({ revision: 7 })); // the snapshot, older than the push
    await started;
    expect(state).toEqual({ revision: 8 });
    expect(applied).toEqual([8]);
  });

  it('subscribes once however often it starts, and tries a failed read again without a second subscription', async () => {
    const pushes = channel<Counter>();
    const errors: string[] = [];
    let answers: Result<Counter>[] = [{ ok: false, error: failed }, ok({ revision: 3 })];
    let state: Counter | null = null;
    const mirror = mirrorState<Counter>(
      pushes.subscribe,
      async () => answers.shift() ?? ok({ revision: -1 }),
      (next) => (state = next),
      (error) => errors.push(error.message),
    );
    await Promise.all([mirror.start(), mirror.start()]);
    expect(errors).toEqual(['Main did not answer.']);
    expect(state).toBeNull();
    await mirror.start();
    expect(state).toEqual({ revision: 3 });
    expect(pushes.count).toBe(1);
    answers = [];
    await mirror.start(); // read once already: shared
    expect(state).toEqual({ revision: 3 });
  });

  it('after stop: no push is applied and a late snapshot answer is ignored', async () => {
    const pushes = channel<Counter>();
    const reads = pendingReads<Counter>();
    let state: Counter | null = null;
    const mirror = mirrorState<Counter>(pushes.subscribe, reads.read, (next) => (state = next));
    const started = mirror.start();
    mirror.stop();
    expect(pushes.count).toBe(0);
    reads.answer(0, ok({ revision: 5 }));
    await started;
    expect(state).toBeNull();
  });
});

describe('mirrorFromMain', () => {
  it('tells the store a push came meanwhile, and lets a newer read win over an older one answered later', async () => {
    const pushes = channel<string>();
    const reads = pendingReads<Counter>();
    const seen: string[] = [];
    const mirror = mirrorFromMain<Counter, string>({
      subscribe: pushes.subscribe,
      read: reads.read,
      onPush: (pushed) => seen.push(`push ${pushed}`),
      onSnapshot: (snapshot, pushedMeanwhile) => seen.push(`snapshot ${snapshot.revision}${pushedMeanwhile ? ' (a push came meanwhile)' : ''}`),
    });
    mirror.subscribe();
    const first = mirror.read();
    pushes.push('a');
    const second = mirror.read();
    reads.answer(1, ok({ revision: 2 }));
    reads.answer(0, ok({ revision: 1 }));
    expect(await second).toBe(true);
    expect(await first).toBe(false);
    expect(seen).toEqual(['push a', 'snapshot 2']);
    const third = mirror.read();
    reads.answer(2, ok({ revision: 3 }));
    await third;
    expect(seen.at(-1)).toBe('snapshot 3');
    const fourth = mirror.read();
    pushes.push('b');
    reads.answer(3, ok({ revision: 4 }));
    await fourth;
    expect(seen.slice(-2)).toEqual(['push b', 'snapshot 4 (a push came meanwhile)']);
  });
});
