/**
 * Guard station UI, end to end in real Chromium: the kiosk core and preview server in this Node
 * process, the simulator beside them (in process, so injecting costs no HTTP), the built renderer
 * in Debian's Chromium. Needs `npx electron-vite build` first.
 *
 * 1. Latency, at a 500 ms poll: an event injected on the simulator → its row in the DOM. A
 *    MutationObserver in the page stamps Date.now() when the row appears; Node stamps Date.now()
 *    just before injecting (one machine, one clock). Baseline: the same event reaching the page's
 *    `window.kiosk.onFeedEvents` (core + transport, before the renderer does anything).
 * 2. Stream: 1,000 events/s for 10 s (60 s with BENCH_LONG=1). Afterwards the feed list is
 *    scrolled end to end and every rendered row's record id collected: lost and duplicated are
 *    counted against the injected ids the buffer must hold. Frame time is the requestAnimationFrame
 *    delta during the stream (baseline: idle, before it). JS heap after a forced GC (CDP) at 50 %
 *    and 100 % of the run, with the buffer already full at 50 %.
 * Medians and percentiles only; nothing here asserts a time.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type CDPSession, type Page } from '@playwright/test';
import { startSimulator } from '../../electron/simulator';
import { requireBuiltRenderer, startBenchPreview } from './bench-support';
import type { BenchRow } from './types';

const CHROMIUM = process.env.KIOSK_CHROMIUM ?? '/usr/bin/chromium';
const RATE = 1_000;
const POLL_MS = 500;
const LATENCY_SAMPLES = 40;

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
export const percentile = (values: readonly number[], p: number): number => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;
};
export const round = (n: number, digits = 1): number => Math.round(n * 10 ** digits) / 10 ** digits;

// Page-side code is sent as source text: the bench is type-checked without the DOM library, and
// source text keeps the bundler's helpers (e.g. __name) out of the page.
const PROBES = `(() => {
  const state = { seen: {}, pushed: {}, frames: [], recording: false, skip: false };
  window.__guardBench = state;
  const marker = /^lat-\\d+$/;
  window.kiosk.onFeedEvents(({ events }) => {
    const now = Date.now();
    for (const e of events) if (marker.test(e.custom_Text) && !(e.custom_Text in state.pushed)) state.pushed[e.custom_Text] = now;
  });
  const list = document.querySelector('[data-testid="feed-rows"]');
  if (!list) throw new Error('the feed list is not on the page');
  new MutationObserver(() => {
    const now = Date.now();
    // New rows land at the top: the first rendered rows are enough to look at.
    const rows = list.querySelectorAll('li .text');
    for (let i = 0; i < Math.min(rows.length, 12); i++) {
      const text = rows[i].textContent || '';
      if (marker.test(text) && !(text in state.seen)) state.seen[text] = now;
    }
  }).observe(list, { childList: true, subtree: true, characterData: true });
  let last = performance.now();
  const frame = (t) => {
    // The first frame after (re)starting spans whatever ran meanwhile (a forced GC): not counted.
    if (state.recording && !state.skip) state.frames.push(t - last);
    state.skip = false;
    last = t;
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})()`;

export async function installProbes(page: Page): Promise<void> {
  await page.evaluate(PROBES);
}

/** Returns the frames recorded so far and starts (or stops) recording anew. */
export async function recordFrames(page: Page, on: boolean): Promise<number[]> {
  return page.evaluate(`(() => {
    const state = window.__guardBench;
    const frames = state.frames;
    state.frames = [];
    state.recording = ${on ? 'true' : 'false'};
    state.skip = true;
    return frames;
  })()`);
}

/** Polls a page expression until it is true (waitForFunction would need eval, which the page's CSP forbids). */
export async function until(page: Page, expression: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await page.evaluate<boolean>(expression))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${expression}`);
    await sleep(15);
  }
}

export async function heapMb(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  const usage = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  return usage.usedSize / (1024 * 1024);
}

/** Scrolls the whole (frozen) list and returns record id → the row indexes it was rendered at. */
async function collectRenderedIds(page: Page): Promise<Map<number, Set<number>>> {
  const seen = new Map<number, Set<number>>();
  const { scrollHeight, clientHeight } = await page.evaluate<{ scrollHeight: number; clientHeight: number }>(
    `(() => { const el = document.querySelector('[data-testid="feed-scroller"]'); return { scrollHeight: el.scrollHeight, clientHeight: el.clientHeight }; })()`,
  );
  const step = Math.max(100, clientHeight - 52);
  for (let top = 0; top <= scrollHeight; top += step) {
    const rows = await page.evaluate<[number, number][]>(`(async () => {
      const el = document.querySelector('[data-testid="feed-scroller"]');
      el.scrollTop = ${top};
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      return [...el.querySelectorAll('li[data-record-id]')].map((li) => [Number(li.getAttribute('data-record-id')), Number(li.getAttribute('data-index'))]);
    })()`);
    for (const [id, index] of rows) {
      const at = seen.get(id) ?? new Set<number>();
      at.add(index);
      seen.set(id, at);
    }
  }
  return seen;
}

export async function run(): Promise<BenchRow[]> {
  requireBuiltRenderer();
  const longRun = process.env.BENCH_LONG === '1';
  const seconds = longRun ? 60 : 10;
  // The buffer must be full by half-time for the heap comparison: 20,000 (the default) over 60 s,
  // 4,000 over the 10 s run.
  const bufferSize = longRun ? 20_000 : 4_000;

  const sim = await startSimulator({ port: 0, fresh: true, cardholders: 20, eventRate: 0, historyEvents: 1_000 });
  const dataDir = mkdtempSync(join(tmpdir(), 'guard-bench-'));
  // A guard station opens on the live feed (the kiosk's default home is the front desk).
  const preview = await startBenchPreview({ serviceUrl: sim.url, dataDir, argv: [`--poll-interval-ms=${POLL_MS}`, `--buffer-size=${bufferSize}`, '--auto-scroll-resume-ms=3600000', '--home-view=live-feed'] });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update'],
  });
  const rows: BenchRow[] = [];
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const cdp = await page.context().newCDPSession(page);
    await page.goto(preview.url);
    await page.getByTestId('feed-row').first().waitFor();
    await page.locator('[data-testid="feed-connection"][data-status="live"]').first().waitFor();
    await page.mouse.move(5, 5); // never over the list: auto-scroll stays live
    await installProbes(page);

    // ── 1. latency ──
    const latencies: number[] = [];
    const transport: number[] = [];
    for (let i = 0; i < LATENCY_SAMPLES; i++) {
      await sleep(Math.random() * POLL_MS); // sample every phase of the poll cycle
      const text = `lat-${i}`;
      const injectedAt = Date.now();
      sim.injectEvent({ custom_Text: text });
      await until(page, `${JSON.stringify(text)} in window.__guardBench.seen`, 10_000);
      const probe = await page.evaluate<{ seen: number; pushed: number }>(
        `(() => { const s = window.__guardBench; const t = ${JSON.stringify(text)}; return { seen: s.seen[t] ?? NaN, pushed: s.pushed[t] ?? NaN }; })()`,
      );
      latencies.push(probe.seen - injectedAt);
      transport.push(probe.pushed - injectedAt);
    }
    const note = `${LATENCY_SAMPLES} events, poll ${POLL_MS} ms; baseline = same event reaching window.kiosk.onFeedEvents`;
    rows.push({ name: 'event → row in DOM, p50', value: round(percentile(latencies, 50)), unit: 'ms', baseline: round(percentile(transport, 50)), note });
    rows.push({ name: 'event → row in DOM, p95', value: round(percentile(latencies, 95)), unit: 'ms', baseline: round(percentile(transport, 95)), note: 'goal ≤ 550 ms' });

    // ── 2. stream ──
    await recordFrames(page, true);
    await sleep(2_000);
    const idleFrames = await recordFrames(page, true);
    const injectedIds: number[] = [];
    const heap: { half: number; end: number; before: number } = { before: await heapMb(cdp), half: Number.NaN, end: Number.NaN };
    const started = performance.now();
    let injected = 0;
    let halfDone = false;
    const frames: number[] = [];
    while (performance.now() - started < seconds * 1_000) {
      const due = Math.floor(((performance.now() - started) * RATE) / 1_000);
      for (; injected < due; injected++) injectedIds.push(sim.injectEvent({ custom_Text: `stream-${injected}` }).record_ID);
      if (!halfDone && performance.now() - started >= (seconds * 1_000) / 2) {
        halfDone = true;
        frames.push(...(await recordFrames(page, false)));
        heap.half = await heapMb(cdp);
        await recordFrames(page, true);
      }
      await sleep(10);
    }
    const lastId = injectedIds[injectedIds.length - 1] ?? 0;
    // Wait until the newest event is on screen, then stop recording frames.
    await until(page, `document.querySelector('[data-testid="feed-row"][data-record-id="${lastId}"]') !== null`, 30_000);
    frames.push(...(await recordFrames(page, false)));
    heap.end = await heapMb(cdp);

    // ── lost / duplicated: every id the buffer must hold is rendered exactly once ──
    await page.getByTestId('feed-scroller').hover(); // freeze the list while it is read
    await page.setViewportSize({ width: 1280, height: 4_000 });
    const rendered = await collectRenderedIds(page);
    const expected = injectedIds.slice(-bufferSize);
    const lost = expected.filter((id) => !rendered.has(id)).length;
    const duplicated = [...rendered.values()].filter((at) => at.size > 1).length;
    const extraRows = rendered.size - new Set([...rendered.keys()]).size;

    rows.push({ name: 'stream: events injected', value: injectedIds.length, unit: 'events', note: `${RATE}/s for ${seconds} s` });
    rows.push({ name: 'stream: lost (of the newest in the buffer)', value: lost, unit: 'events', note: `checked ${expected.length} ids by scrolling the list; must be 0` });
    rows.push({ name: 'stream: shown twice', value: duplicated + extraRows, unit: 'events', note: 'must be 0' });
    rows.push({ name: 'frame time p50', value: round(percentile(frames, 50), 2), unit: 'ms', baseline: round(percentile(idleFrames, 50), 2) });
    rows.push({ name: 'frame time p95', value: round(percentile(frames, 95), 2), unit: 'ms', baseline: round(percentile(idleFrames, 95), 2), note: 'rAF deltas during the stream; baseline idle' });
    const long = frames.filter((f) => f > 50).length;
    rows.push({ name: 'frame time max', value: round(Math.max(...frames), 1), unit: 'ms', baseline: round(Math.max(...idleFrames), 1), note: `${long} of ${frames.length} frames over 50 ms` });
    rows.push({ name: 'JS heap at 50 % of the run', value: round(heap.half), unit: 'MB', baseline: round(heap.before), note: `after GC; buffer ${bufferSize} full; baseline before the stream` });
    rows.push({ name: 'JS heap at 100 % of the run', value: round(heap.end), unit: 'MB', baseline: round(heap.half), note: 'after GC; baseline = at 50 % (flat ≈ 1.00×)' });
    return rows;
  } finally {
    await browser.close();
    await preview.close();
    await sim.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
