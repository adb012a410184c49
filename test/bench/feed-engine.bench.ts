/**
 * Feed engine throughput against the simulator over real HTTP, through the real service client:
 * events are injected at 1,000 per second for a measured period (10 s; 60 s with BENCH_LONG=1)
 * while the feed runs with its default settings. Reports how many were delivered, lost and
 * duplicated (both must be 0), the delivery lag (event created → delivered), and the time of one
 * feed poll under that load and when idle, each against a raw GET /api/SystemEvents/maxid.
 * Simulator, client and feed share one Node process, as in the kiosk's demo mode. Medians.
 */
import { startSimulator } from '../../electron/simulator';
import { createServiceClient } from '../../electron/core/service/service-client';
import { loadConfig } from '../../electron/core/config/load-config';
import { EventFeed, DEFAULT_FEED_CONFIG, type PollObservation } from '../../electron/core/feed/feed-engine';
import { createLogger, silentSink } from '../../electron/core/log/logger';
import type { PushEvents, PushName } from '../../electron/contract/ipc';
import type { BenchRow } from './types';

const RATE = 1_000;

export async function run(): Promise<BenchRow[]> {
  const seconds = process.env.BENCH_LONG === '1' ? 60 : 10;
  const sim = await startSimulator({ port: 0, fresh: true, cardholders: 20, eventRate: 0, historyEvents: 1_000 });
  const config = loadConfig({ systemFile: null, userFile: null, env: {}, argv: [], platform: process.platform });
  const client = createServiceClient({ config, baseUrl: sim.url, secret: null, log: createLogger(silentSink) });
  try {
    // Baseline: the cheapest request a poll makes, alone, spaced like the idle polls below
    // (back-to-back calls would run on hotter caches than any poll does).
    const raw: number[] = [];
    for (let i = 0; i < 170; i++) {
      const start = performance.now();
      await client.getMaxEventId();
      raw.push(performance.now() - start);
      await sleep(20);
    }
    const rawMedian = median(raw.slice(20)); // after warm-up

    // Idle polls: nothing new arrives.
    const idle = await runFeed(client, { pollIntervalMs: 20 }, async () => sleep(3_000));
    const idlePolls = idle.polls.filter((p) => p.ok && p.delivered === 0).slice(5);

    // Under load: 1,000 events per second.
    let injected = 0;
    let firstInjected = 0;
    let measuredMs = 0;
    const loaded = await runFeed(client, {}, async () => {
      firstInjected = sim.maxEventId() + 1;
      const started = performance.now();
      const end = started + seconds * 1_000;
      while (performance.now() < end) {
        const due = Math.floor(((performance.now() - started) * RATE) / 1_000);
        for (; injected < due; injected++) sim.injectEvent();
        await sleep(10);
      }
      measuredMs = performance.now() - started;
    }, () => sim.maxEventId());

    const lastId = sim.maxEventId();
    const inWindow = loaded.delivered.filter((id) => id >= firstInjected);
    const unique = new Set(inWindow);
    const lost = lastId - firstInjected + 1 - unique.size;
    const duplicated = inWindow.length - unique.size;
    const outOfOrder = loaded.delivered.filter((id, i) => i > 0 && id <= loaded.delivered[i - 1]!).length;
    const busyPolls = loaded.polls.filter((p) => p.ok && p.delivered > 0);

    return [
      { name: 'events delivered', value: unique.size, unit: 'events', baseline: injected, note: `${seconds} s at ${RATE}/s (baseline: injected)` },
      { name: 'events lost', value: lost, unit: 'events', note: 'must be 0' },
      { name: 'events duplicated', value: duplicated, unit: 'events', note: 'must be 0' },
      { name: 'events out of order', value: outOfOrder, unit: 'events', note: 'must be 0' },
      { name: 'delivered throughput', value: (unique.size / measuredMs) * 1_000, unit: 'events/s', baseline: (injected / measuredMs) * 1_000, note: 'baseline: injection rate' },
      { name: 'delivery lag, median', value: median(loaded.lags), unit: 'ms', note: `created → pushed; poll interval ${DEFAULT_FEED_CONFIG.pollIntervalMs} ms` },
      { name: 'delivery lag, p95', value: percentile(loaded.lags, 0.95), unit: 'ms' },
      { name: 'poll under load, median', value: median(busyPolls.map((p) => p.durationMs)), unit: 'ms', baseline: rawMedian, note: `${median(busyPolls.map((p) => p.delivered))} events and ${median(busyPolls.map((p) => p.requests))} requests per poll (median); baseline: raw maxid` },
      { name: 'idle poll, median', value: median(idlePolls.map((p) => p.durationMs)), unit: 'ms', baseline: rawMedian, note: `${idlePolls.length} polls; baseline: raw maxid` },
      { name: 'feed state pushes', value: loaded.statePushes / (measuredMs / 1_000), unit: 'per s', note: 'throttled to ≤ 1/s while only the last-poll time changes' },
    ];
  } finally {
    client.close();
    await sim.close();
  }
}

/** Runs a feed with default settings (plus overrides) while `during` runs, then until it has caught up. */
async function runFeed(
  client: ConstructorParameters<typeof EventFeed>[0]['service'],
  overrides: Partial<typeof DEFAULT_FEED_CONFIG>,
  during: () => Promise<void>,
  top?: () => number,
): Promise<{ polls: PollObservation[]; delivered: number[]; lags: number[]; statePushes: number }> {
  const polls: PollObservation[] = [];
  const delivered: number[] = [];
  const lags: number[] = [];
  let statePushes = 0;
  let measuring = false;
  const push = {
    emit<P extends PushName>(name: P, payload: PushEvents[P]): void {
      if (name === 'feedState' && measuring) statePushes++;
      if (name !== 'feedEvents') return;
      const now = Date.now();
      for (const event of (payload as PushEvents['feedEvents']).events) {
        delivered.push(event.record_ID);
        if (measuring) lags.push(now - Date.parse(event.created));
      }
    },
  };
  const feed = new EventFeed({ service: client, push, log: createLogger(silentSink), config: overrides, observe: (p) => polls.push(p) });
  feed.start();
  await until(() => feed.state().status === 'live', 10_000);
  measuring = true;
  await during();
  if (top) await until(() => feed.state().lastDeliveredId === top(), 30_000);
  measuring = false;
  await feed.stop();
  return { polls, delivered, lags, statePushes };
}

async function until(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('the feed did not catch up in time');
    await sleep(5);
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function median(values: readonly number[]): number {
  return percentile(values, 0.5);
}

function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}
