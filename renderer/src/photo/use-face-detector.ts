/**
 * The face detector of the photo screen: its chunk starts loading when the screen opens (a lazy
 * import, model bundled in, no network); a failed load is retried by the next photo, which gets
 * the "not available" hint meanwhile. `state` is 'loading', the tfjs backend in use ('wasm', or
 * 'cpu' as a fallback) or 'unavailable' (shown as data-detector). `forgetSoon()` has it overwrite
 * what tfjs kept of the last photo once the screen has painted. The load time goes to the User
 * Timing API (photo:detector-load) for the bench.
 */
import { ref, type Ref } from 'vue';
import type { FaceDetector } from './face-detector';

export type LoadFaceDetector = () => Promise<FaceDetector>;

const loadBundled: LoadFaceDetector = () => import('./face-detector').then((m) => m.loadFaceDetector());

export interface FaceDetectorHandle {
  state: Readonly<Ref<string>>;
  /** The detector, or null when it could not be loaded. */
  load(): Promise<FaceDetector | null>;
  /** After the next paint and when the browser is idle: the detector (if loaded) overwrites what it kept. */
  forgetSoon(): void;
}

export function useFaceDetector(loadDetector: LoadFaceDetector = loadBundled): FaceDetectorHandle {
  let loading: Promise<FaceDetector | null> | null = null;
  const state = ref('loading');
  function load(): Promise<FaceDetector | null> {
    const t0 = performance.now();
    loading ??= loadDetector()
      .then((detector) => {
        performance.measure('photo:detector-load', { start: t0, end: performance.now() });
        state.value = detector.backend;
        return detector;
      })
      .catch(() => {
        loading = null; // the next photo tries again; this one gets the "not available" hint
        state.value = 'unavailable';
        return null;
      });
    return loading;
  }
  function forgetSoon(): void {
    // The overwrite takes three detection passes (~100 ms): after the next paint, so what the
    // officer does next (the upload's confirmation) shows first.
    const detector = loading;
    afterPaint(() => void detector?.then((d) => d?.forget()).catch(() => undefined));
  }
  return { state, load, forgetSoon };
}

/** Runs `task` once the browser has painted the current frame and has time to spare (at most ~1 s later). */
export function afterPaint(task: () => void): void {
  const whenIdle = (): void => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => task(), { timeout: 1_000 });
    else setTimeout(task, 50);
  };
  if (typeof requestAnimationFrame !== 'function') whenIdle();
  else requestAnimationFrame(() => setTimeout(whenIdle, 0));
}
