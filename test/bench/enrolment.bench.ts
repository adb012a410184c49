/**
 * Enrolment and the ID photo, end to end in real Chromium with a fake camera showing a real face
 * (test/support/fake-camera.ts, needs ffmpeg), through the real bridge: the kiosk core and the
 * preview server in this Node process, the simulator with 100,000 cardholders in a child process
 * (loopback HTTP), the built renderer in Debian's Chromium. Needs `npx electron-vite build` first.
 *
 * Every click is a real input event from Playwright (a script click issued in the same task as
 * the review's render made canvas.toBlob wait 0.2–0.7 s for an idle period: not what an officer
 * does). The page stamps each click's event time and, with a MutationObserver, when the photo
 * step, the enabled "Take photo", the review and the "photo saved" line appear; "painted" is a
 * requestAnimationFrame after that, then a message. Node polls with page.evaluate (no
 * requestAnimationFrame loop in the page) and clicks at once (BENCH_REVIEW_MS=700: waits that
 * long on the review before "Use this photo").
 * 1. Enrolment of a new person: Playwright fills the form, clicks "Create", "Take photo" as soon
 *    as it is enabled and "Use this photo" as soon as the review shows. From the click on
 *    "Create" to the photo confirmed (the "photo saved" line painted), wall time; and the same
 *    without the script's reaction times (enabled → take click, review → use click). The first
 *    enrolment of the page also loads the face detector: reported apart; medians over the others.
 * 2. Capture to upload confirmed, 600×800 JPEG: on an existing record's photo step, with the
 *    detector loaded: from the click on "Take photo" (its event time) to the review, plus from the
 *    click on "Use this photo" to the "photo saved" line painted (the officer's look at the review
 *    left out); face detection, crop and encoding included. Repeated on the same record (Done,
 *    "Take a new photo"). Detection alone from the renderer's User Timing measures
 *    (photo:detect). Baseline: the same bytes (as the simulator stored them, read through its
 *    test controls) sent again with window.kiosk.uploadCardholderPhoto from the page: the upload
 *    alone, bridge + core + service. The note names the longest task between the "photo saved"
 *    line and its frame (Long Tasks API).
 * Medians and percentiles; nothing here asserts a time. About 2 minutes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { RunningKioskPreview } from '../../electron/preview/preview';
import { CARD_HOLDER_TYPES, TENANTS } from '../../electron/simulator/catalogue';
import { SimulatorControls } from '../../electron/simulator/control-client';
import { fakeCameraWithFace } from '../support/fake-camera';
import { launchChromium, median, percentile, requireBuiltRenderer, round, sleep, startBenchPreview, startSimulatorProcess, until } from './bench-support';
import type { BenchRow } from './types';

const SIZE = 100_000;
const ENROLMENTS = 6; // the first loads the detector
const CAPTURES = 22;
const CAPTURE_WARMUP = 2;
const GOAL_P95_MS = 300;

// Page-side code as source text (the page's CSP forbids eval; source text keeps bundler helpers out).
const PROBES = `(() => {
  const state = { runs: [], current: null, longTasks: [] };
  window.__photoBench = state;
  new PerformanceObserver((list) => { for (const e of list.getEntries()) state.longTasks.push([e.startTime, e.duration]); }).observe({ type: 'longtask' });
  const stampAfterPaint = (run, key, then) => requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => { run[key] = performance.now(); then(); };
    channel.port2.postMessage(0);
  });
  document.addEventListener('click', (event) => {
    const c = state.current;
    const target = event.target instanceof Element ? event.target.closest('[data-testid]') : null;
    if (!c || !target) return;
    const id = target.getAttribute('data-testid');
    if (id === 'enrolment-submit' && c.tCreate === undefined) c.tCreate = event.timeStamp;
    if (id === 'take-photo' && c.tTake === undefined) c.tTake = event.timeStamp;
    if (id === 'use-photo' && c.tUse === undefined) c.tUse = event.timeStamp;
  }, true);
  const look = () => {
    const c = state.current;
    if (!c) return;
    const capture = document.querySelector('[data-testid="photo-capture"]');
    const stage = capture ? capture.getAttribute('data-stage') : null;
    if (c.tCreate !== undefined && c.tStep === undefined && document.querySelector('[data-testid="photo-step"]')) c.tStep = performance.now();
    const take = document.querySelector('[data-testid="take-photo"]');
    if (c.tCameraReady === undefined && stage === 'camera' && take && !take.disabled) c.tCameraReady = performance.now();
    if (c.tTake !== undefined && c.tReview === undefined && stage === 'review') c.tReview = performance.now();
    if (c.tUse !== undefined && c.tSaved === undefined && document.querySelector('[data-testid="photo-uploaded"]')) {
      c.tSaved = performance.now();
      stampAfterPaint(c, 'tPaint', () => { state.runs.push(c); state.current = null; });
    }
  };
  new MutationObserver(look).observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-stage', 'disabled', 'data-detector'] });
})()`;

interface Run {
  tCreate?: number;
  tStep?: number;
  tCameraReady: number;
  tTake: number;
  tReview: number;
  tUse: number;
  tSaved: number;
  tPaint: number;
}

const unique = (): string => String(Date.now()).slice(-6) + String(Math.floor(Math.random() * 90 + 10));

async function settled(preview: RunningKioskPreview): Promise<void> {
  const deadline = Date.now() + 180_000;
  for (;;) {
    const state = preview.core.cardholders.sync.state();
    if (state.status === 'ready' && state.syncing === null) return;
    if (Date.now() > deadline) throw new Error(`the directory did not load: ${JSON.stringify(state)}`);
    await sleep(100);
  }
}

/** Arms the page for one run; returns the number of runs finished so far. */
async function arm(page: Page): Promise<number> {
  return page.evaluate<number>(`(() => { window.__photoBench.current = {}; return window.__photoBench.runs.length; })()`);
}

/** "Take photo" as soon as it is enabled, "Use this photo" as soon as the review shows; waits for the photo-saved line painted. */
async function takeAndUse(page: Page, before: number, reviewMs = Number(process.env.BENCH_REVIEW_MS ?? 0)): Promise<Run> {
  await until(page, `(() => { const b = document.querySelector('[data-testid="take-photo"]'); return b !== null && !b.disabled; })()`, 30_000, 3);
  await page.getByTestId('take-photo').click();
  await until(page, `document.querySelector('[data-testid="photo-capture"][data-stage="review"]') !== null`, 30_000, 3);
  if (reviewMs > 0) await sleep(reviewMs);
  await page.getByTestId('use-photo').click();
  await until(page, `window.__photoBench.runs.length > ${before}`, 60_000, 5);
  return page.evaluate<Run>('window.__photoBench.runs[window.__photoBench.runs.length - 1]');
}

/** The durations of a User Timing measure so far. */
async function measures(page: Page, name: string): Promise<number[]> {
  return page.evaluate<number[]>(`performance.getEntriesByName(${JSON.stringify(name)}, 'measure').map((m) => m.duration)`);
}

async function enrolOne(page: Page): Promise<Run> {
  const id = unique();
  await page.getByTestId('new-cardholder').click();
  await page.getByTestId('enrol-first_Name').fill('Siobhán');
  await page.getByTestId('enrol-last_Name').fill(`Ó Murchú-${id}`);
  await page.getByTestId('enrol-sex-f').check();
  await page.getByTestId('enrol-employee_ID').fill(`9${id}`);
  await page.getByTestId('enrol-card_Holder_Type_ID').selectOption('3');
  await page.getByTestId('enrol-tenant-2').check();
  await page.getByTestId('enrol-email').fill(`siobhan.${id}@contoso.example`);
  await page.getByTestId('enrol-city').fill('Cork');
  await sleep(400); // the duplicate check after typing has answered, as it would while the officer looks
  const before = await arm(page);
  await page.getByTestId('enrolment-submit').click();
  const run = await takeAndUse(page, before);
  await page.getByTestId('photo-done').click();
  await page.getByTestId('cardholder-record').waitFor();
  return run;
}

export async function run(): Promise<BenchRow[]> {
  requireBuiltRenderer();
  const video = fakeCameraWithFace();
  process.stderr.write(`bench: enrolment, ${SIZE} cardholders: starting…\n`);
  const sim = await startSimulatorProcess(SIZE, ['--test-controls']);
  const dataDir = mkdtempSync(join(tmpdir(), 'kiosk-enrolment-bench-'));
  const browser = await launchChromium(['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${video.path}`]);
  let preview: RunningKioskPreview | null = null;
  try {
    preview = await startBenchPreview({ serviceUrl: sim.url, dataDir, argv: ['--home-view=front-desk', '--directory-sync-minutes=0', '--idle-reset-seconds=0', `--site-tenants=${JSON.stringify(TENANTS)}`, `--site-cardholder-types=${JSON.stringify(CARD_HOLDER_TYPES)}`] });
    const kiosk = preview;
    await settled(kiosk);
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(kiosk.url);
    await page.getByTestId('directory-count').filter({ hasText: 'cardholders in the directory' }).waitFor({ timeout: 30_000 });
    await page.evaluate(PROBES);

    // ── 1. enrolment of a new person ──
    const enrolments: Run[] = [];
    for (let i = 0; i < ENROLMENTS; i++) enrolments.push(await enrolOne(page));
    const detectorLoad = (await measures(page, 'photo:detector-load'))[0] ?? NaN;
    const total = (r: Run): number => r.tPaint - (r.tCreate ?? NaN);
    const machine = (r: Run): number => total(r) - (r.tTake - r.tCameraReady) - (r.tUse - r.tReview);
    const [cold, ...warm] = enrolments;
    const part = (f: (r: Run) => number): number => round(median(warm.map(f)));
    const rows: BenchRow[] = [
      {
        name: 'enrolment: create → photo confirmed, median',
        value: round(median(warm.map(total))),
        unit: 'ms',
        note: `${warm.length} enrolments after the first (all: ${warm.map((r) => Math.round(total(r))).join(', ')}); wall time, the script's clicks included; create → photo step ${part((r) => (r.tStep ?? NaN) - (r.tCreate ?? NaN))}, → camera ready ${part((r) => r.tCameraReady - (r.tStep ?? NaN))}, take → review ${part((r) => r.tReview - r.tTake)}, use → saved painted ${part((r) => r.tPaint - r.tUse)} ms (medians)`,
      },
      {
        name: 'enrolment: create → photo confirmed, without the clicking',
        value: round(median(warm.map(machine))),
        unit: 'ms',
        note: `the same, less the script's reaction (camera ready → take click ${part((r) => r.tTake - r.tCameraReady)} ms, review → use click ${part((r) => r.tUse - r.tReview)} ms)`,
      },
      {
        name: 'enrolment: create → photo confirmed, first of the page',
        value: round(cold ? total(cold) : NaN),
        unit: 'ms',
        note: `wall time; includes loading the face detector (photo:detector-load ${round(detectorLoad)} ms)`,
      },
    ];

    // ── 2. capture to upload confirmed, on one record ──
    const recordId = Number(await page.getByTestId('cardholder-record').getByTestId('field-id').textContent());
    const captures: Run[] = [];
    const photos: string[] = [];
    const controls = new SimulatorControls(sim.url);
    for (let i = 0; i < CAPTURE_WARMUP + CAPTURES; i++) {
      await page.getByTestId('record-photo').click();
      await until(page, `(() => { const b = document.querySelector('[data-testid="take-photo"]'); const c = document.querySelector('[data-testid="photo-capture"]'); return b !== null && !b.disabled && c.getAttribute('data-detector') === 'wasm'; })()`, 20_000);
      await sleep(1_500); // the officer frames the person
      const before = await arm(page);
      const run = await takeAndUse(page, before);
      if (i >= CAPTURE_WARMUP) captures.push(run);
      // Keep the bytes just sent (as the service stored them), for the baseline.
      if (i >= CAPTURE_WARMUP) {
        const stored = await controls.photoContent(recordId);
        if (!stored) throw new Error(`no photo stored for ${recordId}`);
        photos.push(Buffer.from(stored).toString('base64'));
      }
      await page.getByTestId('photo-done').click();
      await page.getByTestId('cardholder-record').waitFor();
    }
    const detect = (await measures(page, 'photo:detect')).slice(-CAPTURES);
    const analyse = (await measures(page, 'photo:analyse')).slice(-CAPTURES);
    const encode = (await measures(page, 'photo:encode')).slice(-CAPTURES);
    const captureMs = captures.map((r) => r.tReview - r.tTake + (r.tPaint - r.tUse));
    const wallMs = captures.map((r) => r.tPaint - r.tTake);
    const upload = await page.evaluate<{ times: number[]; sizes: number[] }>(`(async () => {
      const all = ${JSON.stringify(photos)}.map((b64) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)));
      const times = [];
      for (const photo of all) {
        await new Promise((r) => setTimeout(r, 200));
        const t0 = performance.now();
        const result = await window.kiosk.uploadCardholderPhoto({ id: ${recordId}, photo, contentType: 'image/jpeg', overriddenHints: [] });
        times.push(performance.now() - t0);
        if (!result.ok) throw new Error(result.error.message);
      }
      return { times, sizes: all.map((b) => b.byteLength) };
    })()`);
    const p95 = percentile(captureMs, 95);
    const uploadPart = captures.map((r) => r.tPaint - r.tUse);
    const afterEncode = captures.map((r, i) => r.tSaved - r.tUse - (encode[i] ?? NaN));
    const paintPart = captures.map((r) => r.tPaint - r.tSaved);
    const longTasks = await page.evaluate<Array<[number, number]>>('window.__photoBench.longTasks');
    // The longest task from the "photo saved" line to its frame (what holds the confirmation back).
    const blocking = captures.map((r) => Math.max(0, ...longTasks.filter(([start, duration]) => start < r.tPaint && start + duration > r.tSaved).map(([, duration]) => duration)));
    process.stderr.write(`bench:   upload alone (ms): ${upload.times.map((t) => Math.round(t)).join(', ')}\n`);
    process.stderr.write(`bench:   use → saved minus encode (ms): ${afterEncode.map((t) => Math.round(t)).join(', ')}; saved → painted: ${paintPart.map((t) => Math.round(t)).join(', ')}\n`);
    process.stderr.write(`bench:   encode (ms): ${encode.map((t) => Math.round(t)).join(', ')}\n`);
    rows.push(
      {
        name: 'photo: capture → upload confirmed, p50',
        value: round(percentile(captureMs, 50)),
        unit: 'ms',
        baseline: round(percentile(upload.times, 50)),
        note: `${CAPTURES} captures of a 600×800 JPEG (median ${Math.round(median(upload.sizes) / 1024)} KiB), take → review + use → saved painted; wall time with the script's click p50/p95 ${round(percentile(wallMs, 50))}/${round(percentile(wallMs, 95))} ms; baseline = the same bytes through window.kiosk.uploadCardholderPhoto alone`,
      },
      {
        name: 'photo: capture → upload confirmed, p95',
        value: round(p95),
        unit: 'ms',
        baseline: round(percentile(upload.times, 95)),
        note: `goal ≤ ${GOAL_P95_MS} ms: ${p95 <= GOAL_P95_MS ? 'met' : 'NOT met'}; take → review (grab, detect, crop, metrics) p50 ${round(median(captures.map((r) => r.tReview - r.tTake)))} ms (photo:analyse ${round(median(analyse))}); use → saved painted p50 ${round(median(uploadPart))} ms = photo:encode ${round(median(encode))} + upload and render ${round(median(afterEncode))} + to the frame ${round(median(paintPart))} (medians of parts; the longest task in that last part: median ${round(median(blocking))} ms)`,
      },
      {
        name: 'photo: face detection alone, p50',
        value: round(percentile(detect, 50)),
        unit: 'ms',
        note: `photo:detect (tiny face detector, wasm backend) over ${detect.length} captures; p95 ${round(percentile(detect, 95))} ms`,
      },
    );
    return rows;
  } finally {
    await browser.close();
    await preview?.close();
    await sim.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
