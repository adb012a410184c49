/**
 * Measures the photo capture in Debian's headless Chromium (run: npx tsx test/e2e/harness/measure-photo.ts).
 * Not a test: prints figures for the report and the bench.
 * 1. Face detection alone, per tfjs backend (wasm, cpu, webgl = SwiftShader with --disable-gpu)
 *    and input size, on one fake-camera frame (face-api's IIFE bundle, same model as the app).
 * 2. Which input sizes still find the face when the person stands further away (wasm).
 * 3. The real component in the harness: detector load, capture → review (photo:analyse, which
 *    includes photo:detect), "use" → bytes (photo:encode), over repeated captures.
 * ONLY=component or ONLY=close runs part 3 alone, or detection on faces that fill the frame.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import config from '../../../playwright.config';
import { fakeCameraWithFace } from '../../support/fake-camera';
import { startPhotoHarness } from './photo-harness';

const ROOT = resolve(__dirname, '../../..');
const FACE_API = join(ROOT, 'node_modules/@vladmandic/face-api');
const WASM_DIR = join(ROOT, 'node_modules/@tensorflow/tfjs-backend-wasm/dist');
const RUNS = Number(process.env.RUNS ?? 20);
const args = config.use?.launchOptions?.args ?? [];

const pct = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;
const summary = (values: number[]): string => {
  const s = [...values].sort((a, b) => a - b);
  return `median ${pct(s, 0.5).toFixed(1)} ms, p95 ${pct(s, 0.95).toFixed(1)} ms (n=${s.length})`;
};

/** A PNG of the sample photo cut so the target face is `share` of the frame height (640×480). */
function frame(share: number): string {
  const face = { cx: 1572, cy: 351, h: 274 }; // sample1.jpg, the woman on the right
  const h = Math.min(1280, Math.round(face.h / share));
  const w = Math.round((h * 4) / 3);
  const x = Math.max(0, Math.min(1920 - w, Math.round(face.cx - w / 2)));
  const y = Math.max(0, Math.min(1280 - h, Math.round(face.cy - h * 0.45)));
  const png = execFileSync('ffmpeg', ['-v', 'error', '-i', join(FACE_API, 'demo/sample1.jpg'), '-vf', `crop=${w}:${h}:${x}:${y},scale=640:480`, '-f', 'image2pipe', '-vcodec', 'png', '-']);
  return png.toString('base64');
}

async function detectorPage(page: Page): Promise<void> {
  await page.route('http://measure.test/**', async (route) => {
    const name = new URL(route.request().url()).pathname.slice(1);
    if (name === '') return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>measure</title>' });
    if (name.endsWith('.wasm')) return route.fulfill({ contentType: 'application/wasm', body: readFileSync(join(WASM_DIR, name)) });
    return route.fulfill({ status: 404 });
  });
  await page.goto('http://measure.test/');
  await page.addScriptTag({ content: readFileSync(join(FACE_API, 'dist/face-api.js'), 'utf8') });
}

async function detectionTimes(backend: string, sizes: number[], images: Record<string, string>): Promise<unknown> {
  const browser = await chromium.launch({ executablePath: config.use?.launchOptions?.executablePath, args });
  try {
    const page = await browser.newPage();
    await detectorPage(page);
    const manifest = JSON.parse(readFileSync(join(FACE_API, 'model/tiny_face_detector_model-weights_manifest.json'), 'utf8')) as Array<{ weights: unknown[] }>;
    const weights = readFileSync(join(FACE_API, 'model/tiny_face_detector_model.bin')).toString('base64');
    return await page.evaluate(
      async ({ backend, sizes, images, specs, weights, runs }) => {
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the page's face-api global, untyped here
        const fa = (globalThis as any).faceapi;
        if (backend === 'wasm') fa.tf.setWasmPaths('http://measure.test/');
        fa.tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
        const t0 = performance.now();
        await fa.tf.setBackend(backend);
        await fa.tf.ready();
        const init = performance.now() - t0;
        fa.nets.tinyFaceDetector.loadFromWeightMap(fa.tf.io.decodeWeights(Uint8Array.from(atob(weights), (c) => c.charCodeAt(0)).buffer, specs));
        const out: Record<string, unknown> = { backend: fa.tf.getBackend(), initMs: Math.round(init) };
        for (const [name, b64] of Object.entries(images)) {
          const img = new Image();
          img.src = `data:image/png;base64,${b64}`;
          await img.decode();
          const canvas = document.createElement('canvas');
          canvas.width = img.width;
          canvas.height = img.height;
          canvas.getContext('2d')?.drawImage(img, 0, 0);
          for (const size of sizes) {
            const options = new fa.TinyFaceDetectorOptions({ inputSize: size, scoreThreshold: 0.45 });
            const f0 = performance.now();
            await fa.detectAllFaces(canvas, options);
            const first = performance.now() - f0;
            const times: number[] = [];
            let found: Array<{ box: { x: number; y: number; width: number; height: number } }> = [];
            for (let i = 0; i < runs; i += 1) {
              const s = performance.now();
              found = await fa.detectAllFaces(canvas, options);
              times.push(performance.now() - s);
            }
            out[`${name}@${size}`] = { firstMs: Math.round(first), times, boxes: found.map((d) => [d.box.x, d.box.y, d.box.width, d.box.height].map(Math.round)) };
          }
        }
        return out;
      },
      { backend, sizes, images, specs: manifest[0]?.weights ?? [], weights, runs: RUNS },
    );
  } finally {
    await browser.close();
  }
}

function report(result: unknown): void {
  for (const [key, value] of Object.entries(result as Record<string, unknown>)) {
    if (typeof value === 'object' && value && 'times' in value) {
      const v = value as { times: number[]; firstMs: number; boxes: number[][] };
      console.log(`  ${key.padEnd(14)} ${summary(v.times)}, first ${v.firstMs} ms, faces ${JSON.stringify(v.boxes)}`);
    } else console.log(`  ${key}: ${JSON.stringify(value)}`);
  }
}

async function componentTimes(): Promise<void> {
  const video = fakeCameraWithFace();
  const harness = await startPhotoHarness();
  const browser = await chromium.launch({ executablePath: config.use?.launchOptions?.executablePath, args: [...args, `--use-file-for-fake-video-capture=${video.path}`] });
  try {
    const page = await browser.newPage();
    await page.goto(harness.url);
    // Steady state: the officer frames the person while the detector loads (a photo taken in the
    // first second would wait for it; photo:detector-load says how long).
    await page.locator('[data-detector="wasm"]').waitFor({ timeout: 60_000 });
    for (let i = 0; i < RUNS; i += 1) {
      await page.getByTestId('take-photo').click({ timeout: 60_000 });
      await page.getByTestId('use-photo').click({ timeout: 60_000 });
      await page.getByTestId('photo-used').waitFor();
      await page.getByTestId('retake').click();
    }
    const measures = await page.evaluate(() => performance.getEntriesByType('measure').map((m) => [m.name, m.duration] as const));
    for (const name of ['photo:detector-load', 'photo:detect', 'photo:analyse', 'photo:encode']) {
      console.log(`  ${name.padEnd(20)} ${summary(measures.filter(([n]) => n === name).map(([, d]) => d))}`);
    }
    const sum = measures.filter(([n]) => n === 'photo:analyse').map(([, d], i) => d + (measures.filter(([n]) => n === 'photo:encode')[i]?.[1] ?? 0));
    console.log(`  analyse + encode     ${summary(sum)}`);
  } finally {
    await browser.close();
    await harness.close();
  }
}

async function main(): Promise<void> {
  if (process.env.ONLY === 'component') {
    await componentTimes();
    return;
  }
  if (process.env.ONLY === 'close') {
    report(await detectionTimes('wasm', [128, 160, 224, 320], { 'face 60%': frame(0.6), 'face 70%': frame(0.7), 'face 80%': frame(0.8) }));
    return;
  }
  const headShoulders = { 'face 47%': frame(0.47) };
  for (const backend of (process.env.BACKENDS ?? 'wasm,cpu,webgl').split(',')) {
    console.log(`detection alone, backend ${backend}, 640×480 frame:`);
    report(await detectionTimes(backend, [128, 160, 224, 320, 416], headShoulders));
  }
  console.log('wasm: does the face stay found when the person stands further away?');
  report(await detectionTimes('wasm', [160, 224, 320, 416], { 'face 35%': frame(0.35), 'face 25%': frame(0.25), 'face 15%': frame(0.15) }));
  console.log('the component (wasm, input 224, then 160 and 320 while nothing is found):');
  await componentTimes();
}

void main();
