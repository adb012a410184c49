/**
 * Unacknowledged alarms under a flood, end to end in real Chromium (issue 19): the guard station's
 * memory and frame times while 1,000 unacknowledged alarms are kept apart from the feed's ring
 * (in main's database, alarms/alarm-store.ts) during a 1,000 events/s run, against a baseline in
 * the same run: the same stream with no alarm waiting. Afterwards every one of the 1,000 must still
 * be counted: in main (the AlarmStore's summary), on screen (the feed's head and the alarm
 * column's count) and in the alarm list's pages ("1–25 of 1,000").
 * The core and the preview server in this Node process, the simulator beside them (in process),
 * the built renderer in Debian's Chromium. Needs `npx electron-vite build` first.
 * Medians and percentiles only; nothing here asserts a time.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type CDPSession, type Page } from '@playwright/test';
import { startSimulator, type RunningSimulator } from '../../electron/simulator';
import { requireBuiltRenderer, startBenchPreview } from './bench-support';
import type { BenchRow } from './types';
import { heapMb, installProbes, percentile, recordFrames, round, sleep, until } from './guard-ui.bench';

const CHROMIUM = process.env.KIOSK_CHROMIUM ?? '/usr/bin/chromium';
const RATE = 1_000;
const ALARMS = 1_000;

interface Phase {
  frames: number[];
  heapMb: number;
  mainHeapMb: number;
}

/** Streams plain events at RATE for `seconds`; frame deltas during it, heaps (after GC) at its end. */
async function stream(page: Page, cdp: CDPSession, sim: RunningSimulator, seconds: number, label: string): Promise<Phase> {
  await recordFrames(page, true);
  const started = performance.now();
  let injected = 0;
  let lastId = 0;
  while (performance.now() - started < seconds * 1_000) {
    const due = Math.floor(((performance.now() - started) * RATE) / 1_000);
    for (; injected < due; injected++) lastId = sim.injectEvent({ custom_Text: `${label}-${injected}`, device_Name: 'Bench reader' }).record_ID;
    await sleep(10);
  }
  await until(page, `document.querySelector('[data-testid="feed-row"][data-record-id="${lastId}"]') !== null`, 60_000);
  const frames = await recordFrames(page, false);
  global.gc?.();
  return { frames, heapMb: await heapMb(cdp), mainHeapMb: process.memoryUsage().heapUsed / (1024 * 1024) };
}

export async function run(): Promise<BenchRow[]> {
  requireBuiltRenderer();
  const seconds = process.env.BENCH_LONG === '1' ? 60 : 10;
  const bufferSize = 4_000;
  const sim = await startSimulator({ port: 0, fresh: true, cardholders: 20, eventRate: 0, historyEvents: 0 });
  const dataDir = mkdtempSync(join(tmpdir(), 'guard-alarms-bench-'));
  const preview = await startBenchPreview({ serviceUrl: sim.url, dataDir, argv: ['--poll-interval-ms=500', `--buffer-size=${bufferSize}`, '--auto-scroll-resume-ms=3600000', '--home-view=live-feed'] });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const cdp = await page.context().newCDPSession(page);
    sim.injectEvent({ custom_Text: 'bench start' });
    await page.goto(preview.url);
    await page.getByTestId('feed-row').first().waitFor();
    await page.locator('[data-testid="feed-connection"][data-status="live"]').first().waitFor();
    await page.mouse.move(5, 5);
    await installProbes(page);

    // Baseline: the stream with no alarm waiting.
    const baseline = await stream(page, cdp, sim, seconds, 'plain');

    // 1,000 alarms nobody acknowledges: a few critical, the rest low denials.
    for (let i = 0; i < ALARMS; i++) {
      sim.injectEvent(i % 20 === 0 ? { eventTypeId: 301, device_Name: `Bench door ${i}`, custom_Text: 'FORCED OPEN' } : { eventTypeId: 201, device_Name: `Bench reader ${i}`, custom_Text: 'Denied: unknown card' });
    }
    await until(page, `(document.querySelector('[data-testid="unacknowledged-count"]')?.textContent ?? '').includes('${ALARMS.toLocaleString('en')} unacknowledged')`, 60_000);
    const withAlarms = await stream(page, cdp, sim, seconds, 'flood');
    // Main pushes its summary at most every 250 ms and the list reads its page at most every 400 ms: let both settle.
    await sleep(1_000);
    const onScreen = await page.evaluate<{ head: string; column: string; place: string }>(`(() => {
      const text = (id) => document.querySelector('[data-testid="' + id + '"]')?.textContent ?? '';
      return { head: text('unacknowledged-count'), column: text('open-alarms-count'), place: document.querySelector('[data-testid="open-alarms-pager"] [data-testid="pager-place"]')?.textContent ?? '' };
    })()`);
    const summary = preview.core.events.alarms.summary();
    const keptInMain = summary.unacknowledged;
    const number = (text: string): number => Number(text.replace(/[^\d]/g, ''));
    // "1–25 of 1,000": the group's total is the last number.
    const listed = number(/([\d,.\s]+)\s*$/.exec(onScreen.place)?.[1] ?? '');

    const note = `${RATE} events/s for ${seconds} s, ring ${bufferSize}; baseline = the same stream with no alarm waiting`;
    return [
      { name: 'alarms still counted on screen after the run', value: number(onScreen.head), unit: 'alarms', note: `the feed's head ("${onScreen.head.trim()}"); of ${ALARMS} left unacknowledged; must be ${ALARMS}` },
      { name: 'alarms in the alarm column after the run', value: number(onScreen.column), unit: 'alarms', note: `its count; must be ${ALARMS}` },
      { name: 'alarms in the alarm list\'s pages after the run', value: listed, unit: 'alarms', note: `"${onScreen.place.trim()}"; must be ${ALARMS}` },
      { name: 'alarms still kept in main after the run', value: keptInMain, unit: 'alarms', note: `AlarmStore.summary(): ${summary.waitingTotal} waiting, ${summary.setAside} set aside; the ring (${bufferSize}) overflowed ${Math.floor((RATE * seconds * 2) / bufferSize)} times meanwhile` },
      { name: 'frame time p50, 1,000 alarms waiting', value: round(percentile(withAlarms.frames, 50), 2), unit: 'ms', baseline: round(percentile(baseline.frames, 50), 2), note },
      { name: 'frame time p95, 1,000 alarms waiting', value: round(percentile(withAlarms.frames, 95), 2), unit: 'ms', baseline: round(percentile(baseline.frames, 95), 2) },
      {
        name: 'frame time max, 1,000 alarms waiting',
        value: round(Math.max(...withAlarms.frames), 1),
        unit: 'ms',
        baseline: round(Math.max(...baseline.frames), 1),
        note: `${withAlarms.frames.filter((f) => f > 50).length} of ${withAlarms.frames.length} frames over 50 ms (baseline ${baseline.frames.filter((f) => f > 50).length} of ${baseline.frames.length})`,
      },
      { name: 'page JS heap after the run', value: round(withAlarms.heapMb), unit: 'MB', baseline: round(baseline.heapMb), note: 'after GC (CDP)' },
      { name: 'main (core) JS heap after the run', value: round(withAlarms.mainHeapMb), unit: 'MB', baseline: round(baseline.mainHeapMb), note: 'this process: core, preview server and the simulator, whose event log grows with every event; GC only with --expose-gc' },
    ];
  } finally {
    await browser.close();
    await preview.close();
    await sim.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
