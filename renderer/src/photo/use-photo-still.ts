/**
 * The still being reviewed on the photo screen (taken, or an image file chosen) and what was
 * worked out from it: the faces found, the crop (automatic, centred on the main face, then the
 * officer's), the image measures of the crop and the advisory hints. Never in a store; `release()`
 * wipes the canvas. The analysis time goes to the User Timing API: photo:detect (the detector
 * alone), photo:analyse (detection → crop → metrics).
 */
import { computed, ref, shallowRef } from 'vue';
import { useDebounceFn } from '@vueuse/core';
import { autoCrop, type Rect } from './crop-geometry';
import { framingHints, mainFace, qualityHints, type PhotoHint } from './photo-hints';
import type { ImageMetrics } from './image-metrics';
import { measureCrop as measureCanvasCrop, wipeCanvas } from './photo-canvas';
import type { FaceDetector } from './face-detector';

export interface PhotoStillOptions {
  /** Width / height of the photo asked for. */
  aspect: () => number;
  detector: () => Promise<FaceDetector | null>;
  /** Image measures of a crop (photo-canvas.ts; tests give their own). */
  measure?: typeof measureCanvasCrop;
  /** Delay before a changed crop is measured again. */
  remeasureMs?: number;
}

export function usePhotoStill(options: PhotoStillOptions) {
  const measure = options.measure ?? measureCanvasCrop;
  const still = shallowRef<HTMLCanvasElement | null>(null);
  const faces = shallowRef<Rect[] | null>(null);
  const crop = shallowRef<Rect | null>(null);
  const metrics = shallowRef<ImageMetrics | null>(null);
  const checking = ref(false);

  const face = computed(() => (faces.value ? mainFace(faces.value) : null));
  const hints = computed<PhotoHint[]>(() => {
    if (!still.value || !crop.value || checking.value) return [];
    const size = { width: still.value.width, height: still.value.height };
    return [...framingHints(faces.value, crop.value, size), ...(metrics.value ? qualityHints(metrics.value) : [])];
  });

  /** Face detection, the automatic crop and the measures; false when another still replaced this one meanwhile. */
  async function analyse(frame: HTMLCanvasElement): Promise<boolean> {
    const t0 = performance.now();
    still.value = frame;
    checking.value = true;
    const size = { width: frame.width, height: frame.height };
    const detector = await options.detector();
    let found: Rect[] | null = null;
    if (detector) {
      const d0 = performance.now();
      try {
        found = await detector.detect(frame);
      } catch {
        found = null;
      }
      performance.measure('photo:detect', { start: d0, end: performance.now() });
    }
    if (still.value !== frame) return false; // retaken or cleared meanwhile
    faces.value = found;
    crop.value = autoCrop(size, options.aspect(), found ? mainFace(found) : null);
    metrics.value = measure(frame, crop.value, face.value);
    checking.value = false;
    performance.measure('photo:analyse', { start: t0, end: performance.now() });
    return true;
  }

  const remeasure = useDebounceFn(() => {
    if (still.value && crop.value) metrics.value = measure(still.value, crop.value, face.value);
  }, options.remeasureMs ?? 150);

  /** The officer moved or resized the crop: measured again once they pause. */
  function setCrop(next: Rect): void {
    crop.value = next;
    void remeasure();
  }

  function release(): void {
    wipeCanvas(still.value);
    still.value?.remove();
    still.value = null;
    faces.value = null;
    crop.value = null;
    metrics.value = null;
    checking.value = false;
  }

  return { still, faces, face, crop, metrics, hints, analyse, setCrop, release };
}
