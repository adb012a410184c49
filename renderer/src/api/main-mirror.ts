/**
 * mirrorFromMain: the one way a store mirrors state that main owns and pushes (the directory,
 * the outbox, the feed): subscribe to the push first, then read the snapshot, so nothing pushed
 * in between is lost — and a push that arrives while the snapshot request is in flight is newer
 * than that snapshot, so the snapshot is then not allowed to overwrite it (`pushedMeanwhile`).
 * Owns the subscription, the one shared start (tried again after a failed read, without
 * subscribing twice) and the ordering of overlapping reads (an older answer never lands after a
 * newer one). Holds no state of its own: the store applies what it is given.
 */
import type { KioskError, Result } from './kiosk';

export interface MirrorOptions<S, P> {
  /** Subscribes to main's push; returns the unsubscribe (a `kiosk.on…` function). */
  subscribe: (listener: (pushed: P) => void) => () => void;
  /** Reads the snapshot (a `kiosk.get…` call). */
  read: () => Promise<Result<S>>;
  /** A push arrived. */
  onPush: (pushed: P) => void;
  /** The snapshot arrived; `pushedMeanwhile`: a push arrived after it was asked for (the push is newer). */
  onSnapshot: (snapshot: S, pushedMeanwhile: boolean) => void;
  /** The snapshot could not be read. */
  onError?: (error: KioskError) => void;
}

export interface MainMirror {
  /** Subscribes (once; later calls do nothing). */
  subscribe(): void;
  /** Reads the snapshot now; true when it was read (and applied, unless a newer read overtook it). */
  read(): Promise<boolean>;
  /** Subscribes, then reads once; later calls share that read, a failed one is tried again. */
  start(): Promise<void>;
  /** Unsubscribes; a read still under way is then ignored. */
  stop(): void;
}

/** The usual case: the pushed value and the snapshot are the same state, the newer one wins. */
export function mirrorState<S>(
  subscribe: MirrorOptions<S, S>['subscribe'],
  read: MirrorOptions<S, S>['read'],
  apply: (state: S) => void,
  onError?: (error: KioskError) => void,
): MainMirror {
  return mirrorFromMain<S, S>({
    subscribe,
    read,
    onPush: apply,
    onSnapshot: (snapshot, pushedMeanwhile) => {
      if (!pushedMeanwhile) apply(snapshot);
    },
    onError,
  });
}

export function mirrorFromMain<S, P>(options: MirrorOptions<S, P>): MainMirror {
  let unsubscribe: (() => void) | null = null;
  let pushes = 0;
  let reads = 0;
  let starting: Promise<void> | null = null;

  function subscribe(): void {
    if (unsubscribe) return;
    unsubscribe = options.subscribe((pushed) => {
      pushes += 1;
      options.onPush(pushed);
    });
  }

  async function read(): Promise<boolean> {
    const ticket = ++reads;
    const pushesBefore = pushes;
    const result = await options.read();
    if (ticket !== reads || !unsubscribe) return false; // overtaken by a newer read, or stopped
    if (!result.ok) {
      options.onError?.(result.error);
      return false;
    }
    options.onSnapshot(result.value, pushes !== pushesBefore);
    return true;
  }

  function start(): Promise<void> {
    subscribe();
    starting ??= read().then((ok) => {
      if (!ok) starting = null;
    });
    return starting;
  }

  function stop(): void {
    unsubscribe?.();
    unsubscribe = null;
    starting = null;
    reads += 1;
  }

  return { subscribe, read, start, stop };
}
