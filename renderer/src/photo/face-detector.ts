/**
 * The face detector: face-api's tiny face detector on tfjs's WebAssembly backend, entirely from
 * bytes bundled into this module's lazy chunk. Only PhotoCapture imports it, with a dynamic
 * import when the photo screen opens, so tfjs never weighs on the kiosk's start-up bundle.
 *
 * Nothing is fetched, ever: the renderer is loaded from file:// in Electron (where fetch() of a
 * file fails) and its CSP allows no connections. So the model weights and the .wasm binary are
 * imported `?inline` (base64 in the chunk), decoded here, the weights handed to face-api with
 * loadFromWeightMap, and the .wasm served to tfjs by a platform fetch that answers from memory
 * and refuses every other address. Running WebAssembly needs 'wasm-unsafe-eval' in the CSP.
 *
 * Backend: wasm (SIMD, single thread) detects a face in ~15–30 ms where cpu and webgl (which is
 * SwiftShader without a GPU, with seconds of shader compilation) take 250–700 ms; without SIMD
 * support, or under a CSP without 'wasm-unsafe-eval', the detector falls back to cpu: 10–20 times
 * slower, but working.
 */
import * as faceapi from '@vladmandic/face-api';
import manifest from '@vladmandic/face-api/model/tiny_face_detector_model-weights_manifest.json';
import modelDataUrl from '@vladmandic/face-api/model/tiny_face_detector_model.bin?inline';
import wasmSimdDataUrl from '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-simd.wasm?inline';
import type { Rect } from './crop-geometry';

export interface DetectedFace extends Rect {
  /** Detector confidence, 0…1. */
  score: number;
}

export interface FaceDetector {
  /** The tfjs backend in use: 'wasm', or 'cpu' where WebAssembly SIMD is missing. */
  readonly backend: string;
  /** Faces in `source`, in its pixel coordinates, largest first. */
  detect(source: HTMLCanvasElement, options?: FaceDetectorOptions): Promise<DetectedFace[]>;
  /**
   * Overwrites what tfjs keeps of the last photo (its fromPixels canvas, the freed tensor memory
   * of the WebAssembly heap, which nobody zeroes) by running the same passes on a blank frame.
   */
  forget(): Promise<void>;
}

export interface FaceDetectorOptions {
  /** Square size the detector works at (multiple of 32). */
  inputSize?: number;
  /** Further passes, in order, while nothing is found. */
  retryInputSizes?: readonly number[];
  /** Minimum detector confidence. */
  scoreThreshold?: number;
  /** Longest side of the copy the detector sees; larger frames are scaled down first. */
  maxSide?: number;
}

/**
 * Input sizes, measured on head-and-shoulders frames (face 15–80 % of the frame height) in
 * headless Chromium: 224 finds faces from 15 % to 70 % in ~25 ms on wasm; a face filling the
 * frame (80 %) is found only at ≤ 160 and a small one best at 320, while 416 already misses a
 * face at 47 %. So: 224 first, then 160 (very close), then 320 (far) when nothing is found.
 */
export const DETECTOR_DEFAULTS: Required<FaceDetectorOptions> = { inputSize: 224, retryInputSizes: [160, 320], scoreThreshold: 0.45, maxSide: 416 };

/** The parts of tfjs used here that face-api's type declarations leave out. */
interface TfRuntime {
  setBackend(name: string): Promise<boolean>;
  ready(): Promise<void>;
  getBackend(): string;
  setWasmPaths(paths: Record<string, string>, usePlatformFetch: boolean): void;
  env(): TfEnvironment;
}
interface TfEnvironment {
  set(flag: string, value: boolean): void;
  getAsync(flag: string): Promise<boolean>;
  platform: object;
  setPlatform(name: string, platform: object): void;
}

const WASM_NAMES = ['tfjs-backend-wasm.wasm', 'tfjs-backend-wasm-simd.wasm', 'tfjs-backend-wasm-threaded-simd.wasm'] as const;
const BUNDLED_WASM = 'bundled:tfjs-backend-wasm-simd.wasm';
const BACKEND_TIMEOUT_MS = 10_000;

function bytesFromDataUrl(dataUrl: string): Uint8Array<ArrayBuffer> {
  const binary = atob(dataUrl.slice(dataUrl.indexOf(',') + 1));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** tfjs's fetch, answered from memory: the bundled .wasm, and nothing else. */
function installBundledFetch(env: TfEnvironment): void {
  const wasm = bytesFromDataUrl(wasmSimdDataUrl);
  const base = env.platform;
  const platform = Object.create(base) as { fetch: (path: string) => Promise<Response> };
  platform.fetch = async (path: string) => {
    if (path === BUNDLED_WASM) return new Response(wasm, { status: 200, headers: { 'Content-Type': 'application/wasm' } });
    throw new Error(`The face detector loads nothing from ${path}.`);
  };
  env.set('PROD', true); // also silences tfjs's "platform already set" warning
  env.setPlatform('browser', platform);
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timed out')), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

/** False when the page's CSP forbids compiling WebAssembly (no 'wasm-unsafe-eval'). */
function webAssemblyAllowed(): boolean {
  try {
    new WebAssembly.Module(new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]));
    return true;
  } catch {
    return false;
  }
}

async function chooseBackend(tf: TfRuntime): Promise<string> {
  const env = tf.env();
  env.set('WASM_HAS_MULTITHREAD_SUPPORT', false); // threads need cross-origin isolation the kiosk does not have
  if (webAssemblyAllowed() && (await env.getAsync('WASM_HAS_SIMD_SUPPORT'))) {
    installBundledFetch(env);
    tf.setWasmPaths(Object.fromEntries(WASM_NAMES.map((name) => [name, BUNDLED_WASM])), true);
    try {
      if (await withTimeout(tf.setBackend('wasm'), BACKEND_TIMEOUT_MS)) {
        await tf.ready();
        return tf.getBackend();
      }
    } catch {
      // fall through to cpu
    }
  }
  await tf.setBackend('cpu');
  await tf.ready();
  return tf.getBackend();
}

function loadModel(): void {
  const net = faceapi.nets.tinyFaceDetector;
  if (net.isLoaded) return;
  const weights = bytesFromDataUrl(modelDataUrl);
  const specs = (manifest as Array<{ weights: unknown }>)[0]?.weights as Parameters<typeof faceapi.tf.io.decodeWeights>[1];
  net.loadFromWeightMap(faceapi.tf.io.decodeWeights(weights.buffer, specs));
}

function createDetector(backend: string): FaceDetector {
  const scratch = document.createElement('canvas');
  let lastInput = { width: 64, height: 48 };
  async function detectAt(input: HTMLCanvasElement, inputSize: number, scoreThreshold: number): Promise<faceapi.FaceDetection[]> {
    return faceapi.detectAllFaces(input, new faceapi.TinyFaceDetectorOptions({ inputSize, scoreThreshold }));
  }
  return {
    backend,
    async detect(source, overrides = {}) {
      const options = { ...DETECTOR_DEFAULTS, ...overrides };
      const scale = Math.min(1, options.maxSide / Math.max(source.width, source.height));
      let input = source;
      if (scale < 1) {
        scratch.width = Math.round(source.width * scale);
        scratch.height = Math.round(source.height * scale);
        const ctx = scratch.getContext('2d');
        if (!ctx) throw new Error('no 2D canvas');
        ctx.drawImage(source, 0, 0, scratch.width, scratch.height);
        input = scratch;
      }
      let found = await detectAt(input, options.inputSize, options.scoreThreshold);
      for (const size of options.retryInputSizes) {
        if (found.length > 0) break;
        found = await detectAt(input, size, options.scoreThreshold);
      }
      lastInput = { width: input.width, height: input.height };
      const sx = source.width / input.width;
      const sy = source.height / input.height;
      scratch.width = 0; // keep no copy of the photo
      return found
        .map((d) => ({ x: d.box.x * sx, y: d.box.y * sy, width: d.box.width * sx, height: d.box.height * sy, score: d.score }))
        .sort((a, b) => b.width * b.height - a.width * a.height);
    },
    async forget() {
      const blank = document.createElement('canvas');
      blank.width = lastInput.width;
      blank.height = lastInput.height;
      blank.getContext('2d')?.fillRect(0, 0, blank.width, blank.height);
      for (const size of [DETECTOR_DEFAULTS.inputSize, ...DETECTOR_DEFAULTS.retryInputSizes]) await detectAt(blank, size, 0.99);
      blank.width = 0;
    },
  };
}

let loading: Promise<FaceDetector> | null = null;

/** Loads the detector once (backend, model, one warm-up run); later calls share it. */
export function loadFaceDetector(): Promise<FaceDetector> {
  loading ??= (async () => {
    const tf = faceapi.tf as unknown as TfRuntime;
    const backend = await chooseBackend(tf);
    loadModel();
    const detector = createDetector(backend);
    const warm = document.createElement('canvas');
    warm.width = 64;
    warm.height = 48;
    await detector.detect(warm); // a blank frame runs every input size once: the first real photo is not slower
    warm.width = 0;
    return detector;
  })();
  loading.catch(() => {
    loading = null; // a later screen may try again
  });
  return loading;
}
