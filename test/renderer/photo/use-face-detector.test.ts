/** The face detector of the photo screen: loaded once, tried again after a failed load, told to forget. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useFaceDetector } from '../../../renderer/src/photo/use-face-detector';
import type { FaceDetector } from '../../../renderer/src/photo/face-detector';

const detector = (): FaceDetector & { forget: ReturnType<typeof vi.fn> } => ({ backend: 'wasm', detect: vi.fn(async () => []), forget: vi.fn(async () => undefined) }) as never;

afterEach(() => vi.useRealTimers());

describe('useFaceDetector', () => {
  it('loads the detector once and says its backend', async () => {
    const one = detector();
    const load = vi.fn(async () => one);
    const handle = useFaceDetector(load);
    expect(handle.state.value).toBe('loading');
    const [a, b] = await Promise.all([handle.load(), handle.load()]);
    expect(a).toBe(one);
    expect(b).toBe(one);
    expect(load).toHaveBeenCalledTimes(1);
    expect(handle.state.value).toBe('wasm');
  });

  it('a failed load gives null and "unavailable"; the next photo tries again', async () => {
    const one = detector();
    const load = vi.fn().mockRejectedValueOnce(new Error('no wasm')).mockResolvedValueOnce(one);
    const handle = useFaceDetector(load);
    expect(await handle.load()).toBeNull();
    expect(handle.state.value).toBe('unavailable');
    expect(await handle.load()).toBe(one);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('has the loaded detector overwrite what it kept, after the screen has painted', async () => {
    vi.useFakeTimers();
    const one = detector();
    const handle = useFaceDetector(async () => one);
    await handle.load();
    handle.forgetSoon();
    expect(one.forget).not.toHaveBeenCalled();
    await vi.runAllTimersAsync();
    expect(one.forget).toHaveBeenCalledTimes(1);
  });
});
