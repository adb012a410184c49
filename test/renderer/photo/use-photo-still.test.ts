/** The still under review: the crop worked out from the face found, the hints, and what a new still or a release does. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { effectScope } from 'vue';
import { usePhotoStill } from '../../../renderer/src/photo/use-photo-still';
import type { DetectedFace, FaceDetector } from '../../../renderer/src/photo/face-detector';
import type { Rect } from '../../../renderer/src/photo/crop-geometry';
import type { ImageMetrics } from '../../../renderer/src/photo/image-metrics';

afterEach(() => vi.useRealTimers());

const GOOD: ImageMetrics = { meanLuminance: 128, sharpness: 500, clipped: 0 };
const canvas = (width = 1280, height = 960): HTMLCanvasElement => Object.assign(document.createElement('canvas'), { width, height });
const detectorFinding = (faces: Rect[] | Promise<Rect[]>): FaceDetector => ({ backend: 'wasm', detect: vi.fn(() => Promise.resolve(faces)), forget: vi.fn(async () => undefined) }) as never;

function still(detector: FaceDetector | null, measure = vi.fn((_source: HTMLCanvasElement, _crop: Rect, _face: Rect | null): ImageMetrics => GOOD)) {
  const handle = effectScope().run(() => usePhotoStill({ aspect: () => 0.75, detector: async () => detector, measure: measure as never, remeasureMs: 150 }))!;
  return { handle, measure };
}

describe('usePhotoStill', () => {
  it('crops around the face found, at the photo\'s aspect, and gives no hint for a good photo', async () => {
    const face = { x: 560, y: 280, width: 160, height: 200 };
    const { handle, measure } = still(detectorFinding([face]));
    expect(await handle.analyse(canvas())).toBe(true);
    const crop = handle.crop.value!;
    expect(crop.width / crop.height).toBeCloseTo(0.75, 2);
    expect(crop.x).toBeLessThan(face.x);
    expect(crop.x + crop.width).toBeGreaterThan(face.x + face.width);
    expect(handle.face.value).toEqual(face);
    expect(measure).toHaveBeenCalledWith(handle.still.value, crop, face);
    expect(handle.hints.value).toEqual([]);
  });

  it('says so when no face was found, and when the detector could not be loaded', async () => {
    const none = still(detectorFinding([]));
    await none.handle.analyse(canvas());
    expect(none.handle.hints.value.map((h) => h.code)).toEqual(['no-face']);
    const unavailable = still(null);
    await unavailable.handle.analyse(canvas());
    expect(unavailable.handle.hints.value.map((h) => h.code)).toEqual(['detector-unavailable']);
    expect(unavailable.handle.crop.value).not.toBeNull();
  });

  it('gives no hint while the next photo is still being checked', async () => {
    let found!: (faces: DetectedFace[]) => void;
    const detector = detectorFinding([]);
    vi.mocked(detector.detect).mockResolvedValueOnce([]).mockReturnValueOnce(new Promise<DetectedFace[]>((resolve) => (found = resolve)));
    const { handle } = still(detector);
    await handle.analyse(canvas());
    expect(handle.hints.value.map((h) => h.code)).toEqual(['no-face']);
    const pending = handle.analyse(canvas());
    expect(handle.hints.value).toEqual([]);
    found([]);
    expect(await pending).toBe(true);
    expect(handle.hints.value.map((h) => h.code)).toEqual(['no-face']);
  });

  it('a photo released (or replaced) while being checked is dropped, its canvas wiped', async () => {
    let found!: (faces: Rect[]) => void;
    const { handle } = still(detectorFinding(new Promise<Rect[]>((resolve) => (found = resolve))));
    const frame = canvas();
    const pending = handle.analyse(frame);
    handle.release();
    found([{ x: 560, y: 280, width: 160, height: 200 }]);
    expect(await pending).toBe(false);
    expect(handle.still.value).toBeNull();
    expect(handle.crop.value).toBeNull();
    expect(frame.width).toBe(0);
  });

  it('measures the officer\'s crop again once they pause', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { handle, measure } = still(detectorFinding([{ x: 560, y: 280, width: 160, height: 200 }]));
    await handle.analyse(canvas());
    measure.mockClear();
    const next = { x: 100, y: 100, width: 600, height: 800 };
    handle.setCrop(next);
    handle.setCrop(next);
    expect(handle.crop.value).toEqual(next);
    await vi.advanceTimersByTimeAsync(200);
    expect(measure).toHaveBeenCalledTimes(1);
    expect(measure.mock.calls[0]?.[1]).toEqual(next);
  });
});
