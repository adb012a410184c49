/**
 * 100,000 alarms waiting (the issue: "frame times and memory with 100,000 waiting alarms"), end to
 * end in real Chromium (Debian's), 1920×1080, the live feed screen with the alarm list beside the
 * feed: the kiosk core and preview server in this Node process, the simulator in a child process
 * with its test controls (its memory is not main's), the built renderer (`npx electron-vite build`
 * first).
 *
 * How the 100,000 get there: straight into main's store, `kiosk.core.events.alarms.observe(…)` in
 * batches of 1,000 — the call the feed makes for every event it reads, here with events the
 * feed's own rules classify (feed.classify): forced doors, tampers, doors held open, devices
 * offline, denials, created over the last minutes. This takes seconds, where reading 100,000
 * through the service would take minutes and flood the feed's buffer as well.
 *
 * The same measures twice in one run: first with ~0 alarms waiting (baseline), then with the
 * 100,000 added:
 * - main: `summary()` and `page()` (first page of the alarm list, a page in its middle, its last
 *   page, and the first page of "Unacknowledged only"), median and p95 of repeated calls, and
 *   `observe()` per alarm while filling;
 * - the page while the feed runs (the simulator's generator at 200 events/s, 10 % alarms, 10 s;
 *   the feed's buffer filled to its bound beforehand with plain events): frame time median, p95,
 *   max, and the long tasks;
 * - the page while the guard pages through the alarm list (Next 8 times, then Previous 8 times,
 *   the feed stopped): frame times, and each click → the next page's first row on screen;
 * - memory after the feed: the page's JS heap after a forced GC (CDP), and this process's RSS
 *   and JS heap after a forced GC (main: core, gateway, preview server, SQLite).
 * The baseline ends with the alarms its own feed run raised (a few hundred): noted in the table.
 * Medians and percentiles only; nothing here asserts a time.
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CDPSession, Page } from '@playwright/test';
import type { FeedEvent } from '../../electron/contract/ipc';
import type { RunningKioskPreview } from '../../electron/preview/preview';
import { SimulatorControls } from '../../electron/simulator/control-client';
import { launchChromium, median, percentile, requireBuiltRenderer, round, sleep, startBenchPreview, startSimulatorProcess, until } from './bench-support';
import { figures, openLiveGuardPage, mainMemoryMb, pageHeapMb, recordMainThread, rendererPids, type MainThreadFigures } from './page-main-thread';
import type { BenchRow } from './types';

const WAITING = Math.max(1_000, Number(process.env.BENCH_WAITING ?? 100_000));
const BATCH = 1_000;
const BUFFER = 20_000;
const RATE = 200;
const ALARM_SHARE = 0.1;
const FEED_SECONDS = Math.max(5, Number(process.env.BENCH_SECONDS ?? 10));
const CLICKS = 8;
/** Record ids far above the simulator's: the alarms added straight into the store are events of their own. */
const FIRST_RECORD_ID = 50_000_000;

/** What is added: as the rules classify it (feed.classify), shares out of 100. */
const KINDS = [
  { share: 5, category: 'Door', text: 'Door forced open' },
  { share: 10, category: 'Reader', text: 'Reader tamper' },
  { share: 15, category: 'Door', text: 'Door held open' },
  { share: 20, category: 'Device', text: 'Device offline' },
  { share: 50, category: 'Access', text: 'Access denied: unknown card' },
] as const;

const TEXT = (id: string): string => `document.querySelector('[data-testid="${id}"]')?.textContent ?? ''`;
const numberIn = (text: string): number => Number(text.replace(/[^\d]/g, ''));

interface MainTimings {
  summary: number[];
  firstPage: number[];
  middlePage: number[];
  lastPage: number[];
  waitingList: number[];
}

/** Times main's reads as the screen makes them (the store of this process, no IPC). */
function timeMainReads(preview: RunningKioskPreview): MainTimings {
  const alarms = preview.core.events.alarms;
  const time = (times: number, read: () => unknown): number[] => {
    const out: number[] = [];
    for (let i = 0; i < times; i++) {
      const t0 = performance.now();
      read();
      out.push(performance.now() - t0);
    }
    return out;
  };
  const total = alarms.summary().waitingTotal;
  const last = Math.max(0, Math.floor((total - 1) / 25) * 25);
  const middle = Math.floor(total / 2 / 25) * 25;
  return {
    summary: time(200, () => alarms.summary()),
    firstPage: time(200, () => alarms.page('shift', 'priority', 0, 25)),
    middlePage: time(40, () => alarms.page('shift', 'priority', middle, 25)),
    lastPage: time(40, () => alarms.page('shift', 'priority', last, 25)),
    waitingList: time(100, () => alarms.page('all', 'newest', 0, 50)),
  };
}

/** Adds `count` alarms to main's store in batches, as the feed would record them; ms per batch. */
async function fillStore(preview: RunningKioskPreview, count: number): Promise<number[]> {
  const events = preview.core.events;
  const numbering = events.keeper.position()?.numbering ?? 0;
  const now = Date.now();
  const kinds = KINDS.flatMap((kind) => Array.from({ length: kind.share }, () => kind));
  const batches: number[] = [];
  for (let from = 0; from < count; from += BATCH) {
    const batch: FeedEvent[] = [];
    for (let i = from; i < Math.min(count, from + BATCH); i++) {
      const kind = kinds[(i * 37) % kinds.length]!;
      batch.push(
        events.feed.classify({
          record_ID: FIRST_RECORD_ID + i,
          // Spread over the last 5 minutes, oldest first: all of this shift, none escalated yet.
          created: new Date(now - 300_000 + Math.floor((i * 300_000) / count)).toISOString(),
          event_Category_Name: kind.category,
          device_Name: `${kind.category} ${(i % 400) + 1}`,
          custom_Text: kind.text,
          origin_Name: null,
          additional_Info: null,
          cardnumber: null,
          facility_Code: null,
        }),
      );
    }
    const t0 = performance.now();
    events.alarms.observe(batch, 'live', numbering);
    batches.push(performance.now() - t0);
    // Let the pushes and the page's requests through between batches, as the feed's polls would.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return batches;
}

const CLICK = (direction: 'next' | 'previous'): string => `(async () => {
  const pager = document.querySelector('[data-testid="open-alarms-pager"]');
  const button = pager && pager.querySelector('[data-testid="pager-${direction}"]');
  if (!button || button.disabled) return null;
  const first = () => pager.querySelector('[data-testid="open-alarm"]')?.getAttribute('data-alarm-id') ?? '';
  const before = first();
  const t0 = performance.now();
  button.click();
  await new Promise((resolve, reject) => {
    const check = () => { if (first() !== before) { observer.disconnect(); clearTimeout(timer); resolve(); } };
    const observer = new MutationObserver(check);
    observer.observe(pager, { subtree: true, childList: true, attributes: true, characterData: true });
    const timer = setTimeout(() => { observer.disconnect(); reject(new Error('the next page did not come')); }, 15000);
    check();
  });
  // Until the frame that shows it.
  await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  return performance.now() - t0;
})()`;

interface Phase {
  feed: MainThreadFigures;
  paging: MainThreadFigures;
  clicks: number[];
  pageHeap: number;
  main: { rss: number; heap: number };
  reads: MainTimings;
  waiting: number;
  shown: number;
  load: number;
}

async function measurePhase(page: Page, cdp: CDPSession, pids: readonly number[], controls: SimulatorControls, preview: RunningKioskPreview): Promise<Phase> {
  const reads = timeMainReads(preview);
  // The feed at 200 events/s.
  let recording = await recordMainThread(page, cdp, pids);
  await controls.setGenerator({ eventsPerSecond: RATE, alarmShare: ALARM_SHARE });
  await sleep(FEED_SECONDS * 1_000);
  const feed = figures(await recording.stop());
  await controls.setGenerator({ eventsPerSecond: 0, alarmShare: ALARM_SHARE });
  await sleep(2_000);
  const pageHeap = await pageHeapMb(cdp);
  const main = mainMemoryMb();
  // The guard pages through the alarm list, the feed stopped.
  await sleep(500);
  recording = await recordMainThread(page, cdp, pids);
  const clicks: number[] = [];
  for (const direction of ['next', 'previous'] as const) {
    for (let i = 0; i < CLICKS; i++) {
      const ms = await page.evaluate<number | null>(CLICK(direction));
      if (ms === null) break;
      clicks.push(ms);
      await sleep(250);
    }
  }
  const paging = figures(await recording.stop());
  const waiting = preview.core.events.alarms.summary().unacknowledged;
  const shown = numberIn(await page.evaluate<string>(TEXT('unacknowledged-count')));
  return { feed, paging, clicks, pageHeap, main, reads, waiting, shown, load: loadavg()[0] ?? Number.NaN };
}

export async function run(): Promise<BenchRow[]> {
  requireBuiltRenderer();
  const simDir = mkdtempSync(join(tmpdir(), 'waiting-alarms-sim-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'waiting-alarms-bench-'));
  const sim = await startSimulatorProcess(20, ['--test-controls', '--fresh', '--data-dir', simDir, '--history-events', '0', '--event-rate', '0']);
  const controls = new SimulatorControls(sim.url);
  // alarms.maxOpen above what is added: none is set aside, every one is listed.
  const preview = await startBenchPreview({ serviceUrl: sim.url, dataDir, argv: ['--home-view=live-feed', '--auto-scroll-resume-ms=3600000', `--max-open-alarms=${Math.max(1_000_000, WAITING * 2)}`] });
  const browser = await launchChromium();
  try {
    const { page, cdp } = await openLiveGuardPage(browser, preview.url, () => controls.injectEvent({ custom_Text: 'bench start' }));
    const pids = await rendererPids(browser);

    // The feed's buffer at its bound with plain events (none an alarm by the rules), as after a while.
    await controls.setGenerator({ eventsPerSecond: 0, alarmShare: ALARM_SHARE });
    await controls.injectBulkEvents({ count: BUFFER, kind: 'ordinary', event_Category_Name: 'Access', custom_Text: 'Access granted', device_Name: 'Bench reader' });
    await until(page, `(() => { const m = /([\\d,.\\s]+) events? in memory/.exec(${TEXT('feed-counts')}); return m !== null && Number(m[1].replace(/[^\\d]/g, '')) >= ${BUFFER}; })()`, 180_000, 200);
    await sleep(1_000);

    const baseline = await measurePhase(page, cdp, pids, controls, preview);

    const before = preview.core.events.alarms.summary().unacknowledged;
    const batches = await fillStore(preview, WAITING);
    const after = preview.core.events.alarms.summary().unacknowledged;
    await until(page, `Number((${TEXT('unacknowledged-count')}).replace(/[^\\d]/g, '')) >= ${after}`, 60_000, 100);
    await sleep(1_000);
    const full = await measurePhase(page, cdp, pids, controls, preview);
    const dbMb = readdirSync(dataDir)
      .filter((name) => name.startsWith('kiosk.db'))
      .reduce((sum, name) => sum + statSync(join(dataDir, name)).size / 2 ** 20, 0);

    const k = WAITING.toLocaleString('en');
    const p = (values: number[], q: number, digits = 2): number => round(percentile(values, q), digits);
    const load = `load average ${round(baseline.load, 1)} / ${round(full.load, 1)} on ${availableParallelism()} cores`;
    return [
      { name: 'alarms waiting (main)', value: full.waiting, unit: 'alarms', baseline: baseline.waiting, note: `${after - before} added by observe(); the rest raised by the feed's own runs` },
      { name: 'alarms waiting (on screen)', value: full.shown, unit: 'alarms', baseline: baseline.shown, note: 'the feed head\'s count after the run; must equal main\'s' },
      // main
      { name: 'main: observe() per alarm', value: round((median(batches) * 1_000) / BATCH, 1), unit: 'µs', note: `median batch of ${BATCH}: ${round(median(batches), 1)} ms (p95 ${round(percentile(batches, 95), 1)} ms); all ${k}: ${round(batches.reduce((a, b) => a + b, 0) / 1_000, 1)} s` },
      { name: 'main: summary() p50', value: p(full.reads.summary, 50, 3), unit: 'ms', baseline: p(baseline.reads.summary, 50, 3), note: `at ${k}; baseline ~0 waiting` },
      { name: 'main: summary() p95', value: p(full.reads.summary, 95, 3), unit: 'ms', baseline: p(baseline.reads.summary, 95, 3) },
      { name: 'main: page() first page p50', value: p(full.reads.firstPage, 50, 3), unit: 'ms', baseline: p(baseline.reads.firstPage, 50, 3), note: "the alarm list: group 'shift', by priority, 25" },
      { name: 'main: page() first page p95', value: p(full.reads.firstPage, 95, 3), unit: 'ms', baseline: p(baseline.reads.firstPage, 95, 3) },
      { name: 'main: page() middle page p50', value: p(full.reads.middlePage, 50, 3), unit: 'ms', baseline: p(baseline.reads.middlePage, 50, 3), note: `offset ${Math.floor(full.waiting / 2 / 25) * 25} (LIMIT/OFFSET)` },
      { name: 'main: page() middle page p95', value: p(full.reads.middlePage, 95, 3), unit: 'ms', baseline: p(baseline.reads.middlePage, 95, 3) },
      { name: 'main: page() last page p50', value: p(full.reads.lastPage, 50, 3), unit: 'ms', baseline: p(baseline.reads.lastPage, 50, 3) },
      { name: 'main: page() last page p95', value: p(full.reads.lastPage, 95, 3), unit: 'ms', baseline: p(baseline.reads.lastPage, 95, 3) },
      { name: "main: page() 'Unacknowledged only' p50", value: p(full.reads.waitingList, 50, 3), unit: 'ms', baseline: p(baseline.reads.waitingList, 50, 3), note: "group 'all', newest first, 50" },
      { name: "main: page() 'Unacknowledged only' p95", value: p(full.reads.waitingList, 95, 3), unit: 'ms', baseline: p(baseline.reads.waitingList, 95, 3) },
      // the page while the feed runs
      { name: 'feed running: frame time p50', value: round(full.feed.frameP50, 2), unit: 'ms', baseline: round(baseline.feed.frameP50, 2), note: `${RATE} events/s, ${ALARM_SHARE * 100} % alarms, ${FEED_SECONDS} s, buffer ${BUFFER.toLocaleString('en')} full; baseline ~0 waiting` },
      { name: 'feed running: frame time p95', value: round(full.feed.frameP95, 2), unit: 'ms', baseline: round(baseline.feed.frameP95, 2) },
      { name: 'feed running: frame time max', value: round(full.feed.frameMax, 1), unit: 'ms', baseline: round(baseline.feed.frameMax, 1), note: `frames over 50 ms: ${full.feed.framesOver50}/${full.feed.frameCount} (baseline ${baseline.feed.framesOver50}/${baseline.feed.frameCount})` },
      {
        name: 'feed running: long tasks, share',
        value: round(full.feed.longShare, 1),
        unit: '%',
        baseline: round(baseline.feed.longShare, 1),
        note: `longest ${round(full.feed.longest)} ms (baseline ${round(baseline.feed.longest)}), over 100 ms: ${full.feed.over100} (${baseline.feed.over100}); main thread on a core ${round(full.feed.cpuShare, 1)} % (${round(baseline.feed.cpuShare, 1)} %), waiting for one ${round(full.feed.waitShare, 1)} % (${round(baseline.feed.waitShare, 1)} %); ${load}`,
      },
      // the page while the guard pages
      { name: 'paging: Next/Previous → page shown p50', value: p(full.clicks, 50, 1), unit: 'ms', baseline: p(baseline.clicks, 50, 1), note: `${full.clicks.length} clicks (baseline ${baseline.clicks.length}); click → the new page's first row, next frame` },
      { name: 'paging: Next/Previous → page shown max', value: round(Math.max(...full.clicks), 1), unit: 'ms', baseline: round(Math.max(...baseline.clicks), 1) },
      { name: 'paging: frame time p50', value: round(full.paging.frameP50, 2), unit: 'ms', baseline: round(baseline.paging.frameP50, 2), note: 'the feed stopped' },
      { name: 'paging: frame time p95', value: round(full.paging.frameP95, 2), unit: 'ms', baseline: round(baseline.paging.frameP95, 2) },
      { name: 'paging: frame time max', value: round(full.paging.frameMax, 1), unit: 'ms', baseline: round(baseline.paging.frameMax, 1), note: `long tasks: ${full.paging.longCount}, longest ${round(full.paging.longest)} ms (baseline ${baseline.paging.longCount}, ${round(baseline.paging.longest)} ms)` },
      // memory
      { name: 'page JS heap', value: round(full.pageHeap), unit: 'MB', baseline: round(baseline.pageHeap), note: 'after a forced GC (CDP), after the feed ran' },
      { name: 'main RSS', value: round(full.main.rss), unit: 'MB', baseline: round(baseline.main.rss), note: 'this process: core, gateway, preview server, SQLite (the simulator is a child process); after a forced GC' },
      { name: 'main JS heap', value: round(full.main.heap), unit: 'MB', baseline: round(baseline.main.heap), note: 'after a forced GC' },
      { name: 'kiosk.db on disk', value: round(dbMb), unit: 'MB', note: `kiosk.db with its journal files, ${k} alarms (sealed texts)` },
    ];
  } finally {
    await controls.setGenerator({ eventsPerSecond: 0 }).catch(() => undefined);
    await browser.close();
    await preview.close();
    await sim.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(simDir, { recursive: true, force: true });
  }
}
