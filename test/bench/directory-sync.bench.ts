/**
 * Directory sync through the real path, over real HTTP: the cardholders capability (service
 * client, DirectorySync, CardholderDirectory, the DirectoryEngine in its worker thread, the
 * snapshot saved encrypted) against the simulator run in a child process (its serving stays off
 * the event loop being measured, its memory out of this process). Per size (100,000, 500,000):
 * - full sync, from sync() to its resolution (download, parse, check, index, swap, save), in
 *   steady state: a previous generation held and one record changed on the service before each
 *   sync (a new ETag, so the whole list is sent). Baseline in the same run: a bare fetch of
 *   GET /api/CardHolders and JSON.parse of its text, in this thread. Alternated, medians;
 * - the main thread's event-loop delay during the sync (monitorEventLoopDelay at 1 ms, and the
 *   gaps of a 1 ms interval), baseline the same recorder over an idle stretch; the delay during
 *   the bare fetch + parse is in the note (what main would suffer without the thread);
 * - at 500,000, memory in a fresh process (directory-heap-probe.ts): RSS after the load with no
 *   collection forced (goal 600 MiB), its peak during a re-sync while lookups run (goal 1 GB) and
 *   the lookups' latency then against quiet, main's heap after GC, the directory worker's heap (as
 *   stats() reports it, and after a GC forced via the inspector), RSS, against the same process
 *   before loading.
 * Takes about 2–3 minutes on 2 cores (BENCH_SIZES=100000 runs one size). Asserts nothing.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createCardholdersCapability, type CardholdersCapability } from '../../electron/core/cardholders-capability';
import { loadConfig } from '../../electron/core/config/load-config';
import { PushBus } from '../../electron/core/ipc/push-bus';
import { createLogger, silentSink } from '../../electron/core/log/logger';
import { createServiceClient, type ServiceClient } from '../../electron/core/service/service-client';
import { threadEngine, type EngineFactory } from '../../electron/core/cardholders/directory/engine-handle';
import { CardholderIndex } from '../../electron/core/cardholders/lookup/cardholder-index';
import { checkCardholderList } from '../../electron/core/cardholders/checks/record-check';
import { writeSnapshotFile } from '../../electron/core/cardholders/directory/directory-snapshot';
import { collector, median, mib, retryingTransport, ROOT, round, sleep, stallRecorder, startSimulatorProcess, type Stalls } from './bench-support';
import type { BenchRow } from './types';
import { KioskDatabase } from '../../electron/core/storage/kiosk-database';

const SIZES = [
  { size: 100_000, repetitions: 5 },
  { size: 500_000, repetitions: 3 },
].filter(({ size }) => !process.env.BENCH_SIZES || process.env.BENCH_SIZES.split(',').includes(String(size)));
const STALL_GOAL_MS = 50;
/** Full sync ÷ bare fetch + JSON.parse in one thread (issue 33). */
const SYNC_RATIO_GOAL = 1.2;
const gc = collector();

/** When the phases of the sync under way ended (performance.now()), stamped by thin wrappers. */
interface Marks {
  headers?: number;
  downloaded?: number;
  buildStart?: number;
  buildEnd?: number;
  saveStart?: number;
  saveEnd?: number;
}

function capabilityFor(url: string, dataDir: string): { capability: CardholdersCapability; client: ServiceClient; marks: Marks } {
  const config = loadConfig({ systemFile: null, userFile: null, env: {}, argv: [`--service-url=${url}`, '--auth-scheme=none'], platform: process.platform });
  const log = createLogger(silentSink);
  const client = createServiceClient({ config, baseUrl: url, secret: null, log });
  const marks: Marks = {};
  // Pass-through wrappers that only stamp the time: where the sync spends it.
  const service: ServiceClient = {
    ...client,
    async downloadCardHolders(request) {
      const download = await client.downloadCardHolders(request);
      marks.headers = performance.now();
      if (!download.modified) return download;
      const source = download.body;
      const body = (async function* stamped() {
        for await (const chunk of source) yield chunk;
        marks.downloaded = performance.now();
      })();
      return { ...download, body };
    },
  };
  const engines: EngineFactory = (options, onProgress) => {
    const engine = threadEngine(options, onProgress);
    return {
      ...engine,
      async build(download, previous, acceptShrink) {
        marks.buildStart = performance.now();
        const outcome = await engine.build(download, previous, acceptShrink);
        marks.buildEnd = performance.now();
        return outcome;
      },
      async save() {
        marks.saveStart = performance.now();
        await engine.save();
        marks.saveEnd = performance.now();
      },
    };
  };
  const capability = createCardholdersCapability({
    service,
    push: new PushBus(),
    log,
    dataDir,
    database: KioskDatabase.memory(),
    // As the packaged kiosk with a keyring: the snapshot is saved encrypted (AES-256).
    dataKey: randomBytes(32),
    serviceLabel: client.serviceLabel,
    syncIntervalMs: 0,
    photo: { contentType: 'image/jpeg', width: 600, height: 800, maxBytes: 2 * 1024 * 1024 },
    engines,
  });
  return { capability, client, marks };
}

interface Timed {
  ms: number;
  /** Sync only: until its snapshot was saved (saved in the background after sync() resolves). */
  savedMs?: number;
  stalls: Stalls;
  /** Sync only: ms spent per phase. */
  phases?: { download: number; build: number; swap: number; save: number; rest: number };
  /** Sync only: the phase each stall over 20 ms ended in. */
  stallPhases?: string[];
}

async function timedSync(capability: CardholdersCapability, marks: Marks, expected: number): Promise<Timed> {
  for (const key of Object.keys(marks)) delete marks[key as keyof Marks];
  const recorder = stallRecorder();
  const t0 = performance.now();
  const report = await capability.sync.sync();
  const t1 = performance.now();
  await capability.directory.saved();
  const tSaved = performance.now();
  const stalls = await recorder.stop();
  if (report.outcome !== 'updated') throw new Error(`the sync did not update the directory: ${report.outcome}`);
  if (report.total < expected) throw new Error(`the sync holds ${report.total} cardholders, expected ${expected}`);
  const { downloaded = NaN, buildStart = NaN, buildEnd = NaN, saveStart = NaN, saveEnd = NaN } = marks;
  const phases = { download: downloaded - t0, build: buildEnd - buildStart, swap: saveStart - buildEnd, save: saveEnd - saveStart, rest: tSaved - t0 - (downloaded - t0) - (buildEnd - buildStart) - (saveStart - buildEnd) - (saveEnd - saveStart) };
  const phaseAt = (at: number): string =>
    at <= downloaded ? 'download' : at <= buildStart ? 'download→build' : at <= buildEnd ? 'build' : at <= saveStart ? 'swap' : at <= saveEnd ? 'save' : 'after save';
  const stallPhases = [...stalls.long]
    .sort((a, b) => b.gap - a.gap)
    .map((l) => `${Math.round(l.gap)} ms (on a core ${Math.round(l.busy)}, waiting ${Math.round(l.waited)}, GC ${Math.round(l.gc)}) in ${phaseAt(l.end - l.gap / 2)}`);
  return { ms: t1 - t0, savedMs: tSaved - t0, stalls, phases, stallPhases };
}

async function bareFetchAndParse(url: string, expected: number): Promise<Timed> {
  const recorder = stallRecorder();
  let t0 = 0;
  const list = await retryingTransport(async () => {
    t0 = performance.now();
    const response = await fetch(`${url}/api/CardHolders`);
    return JSON.parse(await response.text()) as unknown[];
  });
  const ms = performance.now() - t0;
  const stalls = await recorder.stop();
  if (list.length < expected) throw new Error(`the bare fetch got ${list.length} records`);
  return { ms, stalls };
}

/**
 * Where the worker's build time goes, measured here in one thread on the same bytes with the
 * engine's own functions: bytes → text → JSON.parse, the record check, the index build.
 */
async function buildBreakdown(url: string, runs: number): Promise<{ text: number; parse: number; check: number; index: number; writePlain: number; writeEncrypted: number }> {
  const bytes = await retryingTransport(async () => Buffer.from(await (await fetch(`${url}/api/CardHolders`)).arrayBuffer()));
  const text: number[] = [];
  const parse: number[] = [];
  const check: number[] = [];
  const index: number[] = [];
  const writePlain: number[] = [];
  const writeEncrypted: number[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'kiosk-save-bench-'));
  const key = randomBytes(32);
  const meta = { syncedAt: new Date().toISOString(), etag: null, lastModified: null, service: 'bench', records: 0 };
  for (let i = 0; i < runs; i++) {
    gc();
    const tText = performance.now();
    const body = Buffer.concat([bytes]).toString('utf8');
    const t0 = performance.now();
    const value = JSON.parse(body) as unknown;
    const t1 = performance.now();
    text.push(t0 - tText);
    const checked = checkCardholderList(value);
    const t2 = performance.now();
    if (!checked) throw new Error('no list');
    CardholderIndex.build(checked.records);
    const t3 = performance.now();
    parse.push(t1 - t0);
    check.push(t2 - t1);
    index.push(t3 - t2);
    const t4 = performance.now();
    await writeSnapshotFile(join(dir, 'plain'), meta, [bytes], null);
    const t5 = performance.now();
    await writeSnapshotFile(join(dir, 'encrypted'), meta, [bytes], key);
    writePlain.push(t5 - t4);
    writeEncrypted.push(performance.now() - t5);
  }
  rmSync(dir, { recursive: true, force: true });
  return { text: median(text), parse: median(parse), check: median(check), index: median(index), writePlain: median(writePlain), writeEncrypted: median(writeEncrypted) };
}

async function idleStalls(ms: number): Promise<Stalls> {
  const recorder = stallRecorder();
  await sleep(ms);
  return await recorder.stop();
}

interface ProbeResult {
  records: number;
  before: { heapUsed: number; rss: number; arrayBuffers: number; external: number };
  after: { heapUsed: number; rss: number; arrayBuffers: number; external: number };
  engineHeapUsed: number;
  workers: Array<{ title: string; heapUsed: number; external: number; arrayBuffers: number; beforeGc: { heapUsed: number; external: number; arrayBuffers: number } }>;
  finalRss: number;
  rssNoGc: number;
  peakRss: number;
  quiet: { p50: number; p95: number; count: number };
  during: { p50: number; p95: number; count: number };
}

async function heapProbe(url: string): Promise<ProbeResult> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--expose-gc', join(ROOT, 'test/bench/directory-heap-probe.ts'), url], {
    cwd: ROOT,
    maxBuffer: 1024 * 1024,
    timeout: 300_000,
  });
  return JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as ProbeResult;
}

export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  let touched = 0;
  for (const { size, repetitions } of SIZES) {
    const label = `${size / 1000}k`;
    process.stderr.write(`bench: directory sync, ${size} cardholders: starting the simulator…\n`);
    const sim = await startSimulatorProcess(size);
    try {
      const dataDir = mkdtempSync(join(tmpdir(), 'kiosk-sync-bench-'));
      const { capability, client, marks } = capabilityFor(sim.url, dataDir);
      try {
        // Warm-up: the first sync of the process bundles the worker's code (development only) and
        // fills an empty directory; the first bare fetch warms undici.
        const first = await timedSync(capability, marks, size);
        await bareFetchAndParse(sim.url, size);
        gc();
        const idle = await idleStalls(2_000);
        const syncs: Timed[] = [];
        const bare: Timed[] = [];
        for (let i = 0; i < repetitions; i++) {
          await sim.touch(1 + (i % 50), `Bench ${++touched}`);
          gc();
          await sleep(300);
          // Alternate the order so that neither always runs right after the other's garbage.
          if (i % 2 === 0) {
            syncs.push(await timedSync(capability, marks, size));
            gc();
            bare.push(await bareFetchAndParse(sim.url, size));
          } else {
            bare.push(await bareFetchAndParse(sim.url, size));
            gc();
            syncs.push(await timedSync(capability, marks, size));
          }
          const last = syncs[syncs.length - 1] as Timed;
          process.stderr.write(
            `bench:   ${label} sync ${round(last.ms)} ms (${Object.entries(last.phases ?? {}).map(([k, v]) => `${k} ${Math.round(v)}`).join(', ')}), bare ${round(bare[bare.length - 1]?.ms ?? NaN)} ms; longest GC on main ${round(last.stalls.maxGc.ms)} ms ${last.stalls.maxGc.kind}; stalls > 20 ms: ${last.stallPhases?.slice(0, 8).join(', ') || 'none'}\n`,
          );
        }
        const syncMs = median(syncs.map((s) => s.ms));
        const bareMs = median(bare.map((s) => s.ms));
        const worst = (pick: (s: Stalls) => number, list: readonly Timed[]): number => Math.max(...list.map((s) => pick(s.stalls)));
        rows.push({
          name: `${label}: full sync (fetch, check, index, swap; save after)`,
          value: round(syncMs),
          unit: 'ms',
          baseline: round(bareMs),
          note: `median of ${repetitions} (all: ${syncs.map((s) => Math.round(s.ms)).join(', ')}; bare: ${bare.map((s) => Math.round(s.ms)).join(', ')}; median of the paired ratios ${median(syncs.map((s, i) => s.ms / (bare[i]?.ms ?? NaN))).toFixed(2)}×); baseline = bare fetch + JSON.parse in this thread; goal ≤ ${SYNC_RATIO_GOAL}×: ${syncMs / bareMs <= SYNC_RATIO_GOAL ? 'met' : 'NOT met'}`,
        });
        const savedMs = median(syncs.map((s) => s.savedMs ?? NaN));
        rows.push({
          name: `${label}: full sync until the snapshot is saved`,
          value: round(savedMs),
          unit: 'ms',
          baseline: round(bareMs),
          note: `median of ${repetitions} (all: ${syncs.map((s) => Math.round(s.savedMs ?? NaN)).join(', ')}; median of the paired ratios ${median(syncs.map((s, i) => (s.savedMs ?? NaN) / (bare[i]?.ms ?? NaN))).toFixed(2)}×); sync() resolves when the new list answers lookups (row above), the snapshot is saved after it in the background`,
        });
        const parts = await buildBreakdown(sim.url, 3);
        gc();
        const phase = (key: keyof NonNullable<Timed['phases']>): number => round(median(syncs.map((t) => t.phases?.[key] ?? NaN)));
        rows.push({
          name: `${label}: sync, download part`,
          value: phase('download'),
          unit: 'ms',
          baseline: round(bareMs),
          note: `from sync() until the last chunk went to the worker; then build (parse, check, index in the worker) ${phase('build')} ms, swap ${phase('swap')} ms, save (encrypt, write) ${phase('save')} ms, rest ${phase('rest')} ms (medians); the build's parts, in one thread on the same bytes: bytes → text ${round(parts.text)} ms, JSON.parse ${round(parts.parse)} ms, check ${round(parts.check)} ms, index ${round(parts.index)} ms; the snapshot written with fsync: plain ${round(parts.writePlain)} ms, encrypted ${round(parts.writeEncrypted)} ms`,
        });
        if (size === 500_000) {
          rows.push({ name: `${label}: first sync into an empty directory`, value: round(first.ms), unit: 'ms', baseline: round(bareMs), note: 'one run; no previous generation to compare with' });
        }
        const maxStall = worst((s) => s.max, syncs);
        rows.push({
          name: `${label}: main-thread stall during sync, max`,
          value: round(maxStall),
          unit: 'ms',
          baseline: round(idle.max),
          note: `worst of ${repetitions} syncs (each: ${syncs.map((s) => round(s.stalls.max)).join(', ')}); interval-gap max ${round(worst((s) => s.maxGap, syncs))} ms; baseline idle 2 s; goal ≤ ${STALL_GOAL_MS} ms: ${maxStall <= STALL_GOAL_MS ? 'met' : 'NOT met'}`,
        });
        rows.push({
          name: `${label}: main-thread stall during sync, p99`,
          value: round(median(syncs.map((s) => s.stalls.p99)), 2),
          unit: 'ms',
          baseline: round(idle.p99, 2),
          note: `median over syncs of the event-loop delay p99; longest stalls, per sync: ${syncs.map((s) => s.stallPhases?.slice(0, 3).join(', ') || 'none').join(' | ')}; longest GC pause on main ${round(worst((s) => s.maxGc.ms, syncs))} ms; the bare fetch + parse in this thread stalls ${round(worst((s) => s.max, bare))} ms`,
        });
        const busy = worst((s) => s.maxBusy, syncs);
        rows.push({
          name: `${label}: main-thread stall during sync, longest on-core time within one`,
          value: round(busy),
          unit: 'ms',
          baseline: round(idle.maxBusy),
          note: `main's own work within a stall (schedstat: on a core, vs waiting in the run queue), worst of ${repetitions}; goal ≤ ${STALL_GOAL_MS} ms: ${busy <= STALL_GOAL_MS ? 'met' : 'NOT met'}`,
        });
      } finally {
        await capability.stop();
        client.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
      if (size === 500_000) {
        process.stderr.write('bench: directory memory with 500,000 cardholders, in a fresh process…\n');
        await sim.touch(51, `Bench ${++touched}`);
        const probe = await heapProbe(sim.url);
        const worker = probe.workers.find((w) => w.title.includes('cardholder-directory')) ?? probe.workers[0];
        rows.push({
          name: '500k loaded: main heap after GC',
          value: mib(probe.after.heapUsed),
          unit: 'MiB',
          baseline: mib(probe.before.heapUsed),
          note: `fresh process; baseline = same process before loading; array buffers ${mib(probe.before.arrayBuffers)} → ${mib(probe.after.arrayBuffers)} MiB`,
        });
        rows.push({
          name: '500k loaded: directory worker heap',
          value: mib(worker?.heapUsed ?? NaN),
          unit: 'MiB',
          note: `after a GC forced via the inspector; as stats() reports it (no GC): ${mib(probe.engineHeapUsed)} MiB; the worker's array buffers ${mib(worker?.beforeGc.arrayBuffers ?? NaN)} MiB as the sync left them, ${mib(worker?.arrayBuffers ?? NaN)} MiB after the GC`,
        });
        const rssGoal = 600;
        rows.push({
          name: '500k loaded: process RSS, no collection forced',
          value: mib(probe.rssNoGc),
          unit: 'MiB',
          baseline: mib(probe.before.rss),
          note: `as the kiosk runs, 1 s after the sync and save; baseline = same process before loading; goal ≤ ${rssGoal} MiB: ${mib(probe.rssNoGc) <= rssGoal ? 'met' : 'NOT met'}`,
        });
        const peakGoal = 1024;
        rows.push({
          name: '500k re-sync: peak process RSS while lookups run',
          value: mib(probe.peakRss),
          unit: 'MiB',
          baseline: mib(probe.rssNoGc),
          note: `sampled every 50 ms from the re-sync's start until its snapshot is saved (one record changed: the whole list again), a lookup every 20 ms meanwhile; baseline = loaded, before it; goal ≤ 1 GB (${peakGoal} MiB): ${mib(probe.peakRss) <= peakGoal ? 'met' : 'NOT met'}`,
        });
        rows.push({
          name: '500k re-sync: lookup through the worker during it, p50',
          value: round(probe.during.p50, 2),
          unit: 'ms',
          baseline: round(probe.quiet.p50, 2),
          note: `the old generation answers until the swap; p95 ${round(probe.during.p95, 2)} ms during (${probe.during.count} lookups) vs ${round(probe.quiet.p95, 2)} ms quiet (${probe.quiet.count}); baseline = quiet p50, the 3 s before the re-sync`,
        });
        rows.push({
          name: '500k loaded: process RSS',
          value: mib(probe.after.rss),
          unit: 'MiB',
          baseline: mib(probe.before.rss),
          note: `baseline = same process before loading; after a GC forced in the worker: ${mib(probe.finalRss)} MiB; ${probe.records} records; the process also holds tsx's loader thread and esbuild's (development only)`,
        });
      }
    } finally {
      await sim.close();
    }
  }
  return rows;
}

