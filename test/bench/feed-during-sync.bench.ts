/**
 * The live feed while the cardholder directory syncs, end to end in real Chromium: the kiosk core
 * and preview server in this Node process, the simulator (100,000 and 500,000 cardholders, test
 * controls on) in a child process, the built renderer in Debian's Chromium. Needs
 * `npx electron-vite build` first.
 *
 * Latency, at a 500 ms poll, as guard-ui.bench.ts measures it: an event injected on the simulator
 * (POST /_sim/events; Node stamps Date.now() just before) → its row in the feed's DOM (a
 * MutationObserver in the page stamps Date.now(); one machine, one clock). Measured while full
 * directory syncs run back to back through the core (one record changed on the service before
 * each, so the whole list is downloaded, checked, indexed and saved; only events injected while
 * a sync runs count), and, in alternating blocks, with no sync (baseline). The note gives the part
 * up to window.kiosk.onFeedEvents (core + transport, before the renderer). Medians and
 * percentiles only; nothing here asserts a time. About 4 minutes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { RunningKioskPreview } from '../../electron/preview/preview';
import { launchChromium, percentile, requireBuiltRenderer, retryingTransport, round, sleep, startBenchPreview, startSimulatorProcess, until } from './bench-support';
import type { BenchRow } from './types';

const POLL_MS = 500;
const SIZES = [
  { size: 100_000, samples: 45 },
  { size: 500_000, samples: 30 },
].filter(({ size }) => !process.env.BENCH_SIZES || process.env.BENCH_SIZES.split(',').includes(String(size)));
const BLOCKS = 3;

// Page-side code as source text (the page's CSP forbids eval; source text keeps bundler helpers out).
const PROBES = `(() => {
  const state = { seen: {}, pushed: {} };
  window.__feedBench = state;
  const marker = /^lat-\\d+-\\d+$/;
  window.kiosk.onFeedEvents(({ events }) => {
    const now = Date.now();
    for (const e of events) if (marker.test(e.custom_Text) && !(e.custom_Text in state.pushed)) state.pushed[e.custom_Text] = now;
  });
  const list = document.querySelector('[data-testid="feed-rows"]');
  if (!list) throw new Error('the feed list is not on the page');
  new MutationObserver(() => {
    const now = Date.now();
    const rows = list.querySelectorAll('li .text');
    for (let i = 0; i < Math.min(rows.length, 12); i++) {
      const text = rows[i].textContent || '';
      if (marker.test(text) && !(text in state.seen)) state.seen[text] = now;
    }
  }).observe(list, { childList: true, subtree: true, characterData: true });
})()`;

interface Sample {
  latency: number;
  transport: number;
}

async function sample(page: Page, simUrl: string, text: string): Promise<Sample> {
  await sleep(Math.random() * POLL_MS); // every phase of the poll cycle
  const injectedAt = Date.now();
  const answer = await retryingTransport(() =>
    fetch(`${simUrl}/_sim/events`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ custom_Text: text }) }),
  );
  if (!answer.ok) throw new Error(`the simulator refused the event: ${answer.status}`);
  await until(page, `${JSON.stringify(text)} in window.__feedBench.seen`, 30_000, 5);
  const probe = await page.evaluate<{ seen: number; pushed: number }>(
    `(() => { const s = window.__feedBench; const t = ${JSON.stringify(text)}; return { seen: s.seen[t] ?? NaN, pushed: s.pushed[t] ?? NaN }; })()`,
  );
  return { latency: probe.seen - injectedAt, transport: probe.pushed - injectedAt };
}

async function settled(preview: RunningKioskPreview): Promise<void> {
  const deadline = Date.now() + 180_000;
  for (;;) {
    const state = preview.core.cardholders.sync.state();
    if (state.status === 'ready' && state.syncing === null) return;
    if (Date.now() > deadline) throw new Error(`the directory did not load: ${JSON.stringify(state)}`);
    await sleep(100);
  }
}

export async function run(): Promise<BenchRow[]> {
  requireBuiltRenderer();
  const rows: BenchRow[] = [];
  const browser = await launchChromium();
  let counter = 0;
  try {
    for (const { size, samples } of SIZES) {
      const label = `${size / 1000}k`;
      process.stderr.write(`bench: feed during sync, ${size} cardholders: starting…\n`);
      const sim = await startSimulatorProcess(size, ['--test-controls']);
      const dataDir = mkdtempSync(join(tmpdir(), 'kiosk-feed-sync-bench-'));
      let preview: RunningKioskPreview | null = null;
      try {
        preview = await startBenchPreview({ serviceUrl: sim.url, dataDir, argv: [`--poll-interval-ms=${POLL_MS}`, '--auto-scroll-resume-ms=3600000', '--home-view=live-feed', '--directory-sync-minutes=0'] });
        const kiosk = preview;
        await settled(kiosk); // the sync at start-up
        const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
        const pageErrors: string[] = [];
        page.on('pageerror', (error) => pageErrors.push(error.message));
        page.on('console', (message) => {
          // Known and harmless: the CSP's frame-ancestors in a <meta>, and no favicon.
          if (message.type() === 'error' && !/frame-ancestors|status of 404/.test(message.text())) pageErrors.push(message.text());
        });
        await page.goto(kiosk.url);
        await page.locator('[data-testid="feed-connection"][data-status="live"]').first().waitFor({ timeout: 30_000 });
        await fetch(`${sim.url}/_sim/events`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ custom_Text: 'warm-up' }) });
        await page.getByTestId('feed-row').first().waitFor({ timeout: 30_000 });
        await page.mouse.move(5, 5); // never over the list: auto-scroll stays live
        await page.evaluate(PROBES);
        // Warm-up: the first events through the whole path.
        for (let i = 0; i < 3; i++) await sample(page, sim.url, `lat-0-${++counter}`);

        const quiet: Sample[] = [];
        const busy: Sample[] = [];
        let syncs = 0;
        const perBlock = Math.ceil(samples / BLOCKS);
        for (let block = 0; block < BLOCKS; block++) {
          while (quiet.length < Math.min(samples, perBlock * (block + 1))) quiet.push(await sample(page, sim.url, `lat-1-${++counter}`));
          // Syncs back to back; a sample counts only when a sync ran from its injection to its row.
          let running = false;
          let stop = false;
          let generation = 0;
          const loop = (async () => {
            while (!stop) {
              await sim.touch(1 + (syncs % 50), `Feed bench ${counter}-${syncs}`);
              running = true;
              generation++;
              await kiosk.core.cardholders.sync.sync();
              running = false;
              syncs++;
            }
          })();
          try {
            while (busy.length < Math.min(samples, perBlock * (block + 1))) {
              await sleep(20);
              if (!running) continue;
              const during = generation;
              const s = await sample(page, sim.url, `lat-2-${++counter}`);
              if (running && generation === during) busy.push(s);
            }
          } finally {
            stop = true;
            await loop;
          }
          process.stderr.write(`bench:   ${label} block ${block + 1}: ${quiet.length} quiet, ${busy.length} during ${syncs} syncs\n`);
          if (pageErrors.length > 0) process.stderr.write(`bench:   page errors: ${pageErrors.splice(0).slice(0, 5).join(' | ')}\n`);
        }
        const p = (list: readonly Sample[], key: keyof Sample, q: number): number => round(percentile(list.map((s) => s[key]), q));
        const unpushed = (list: readonly Sample[]): number => list.filter((s) => !Number.isFinite(s.transport)).length;
        rows.push({
          name: `${label}: event → row in DOM during a directory sync, p50`,
          value: p(busy, 'latency', 50),
          unit: 'ms',
          baseline: p(quiet, 'latency', 50),
          note: `${busy.length} events during ${syncs} full syncs vs ${quiet.length} with none (alternating blocks); poll ${POLL_MS} ms; up to onFeedEvents: ${p(busy, 'transport', 50)} vs ${p(quiet, 'transport', 50)} ms${unpushed(busy) + unpushed(quiet) > 0 ? ` (${unpushed(busy)} + ${unpushed(quiet)} rows whose push the page did not see)` : ''}`,
        });
        rows.push({
          name: `${label}: event → row in DOM during a directory sync, p95`,
          value: p(busy, 'latency', 95),
          unit: 'ms',
          baseline: p(quiet, 'latency', 95),
          note: `max ${p(busy, 'latency', 100)} vs ${p(quiet, 'latency', 100)} ms; up to onFeedEvents p95: ${p(busy, 'transport', 95)} vs ${p(quiet, 'transport', 95)} ms`,
        });
        await page.close();
      } finally {
        await preview?.close();
        await sim.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
    return rows;
  } finally {
    await browser.close();
  }
}
