/**
 * What the front-desk benchmarks share: percentiles, a simulator in a child process (so that its
 * serving never runs on the event loop being measured, and its memory is not the kiosk's), an
 * event-loop stall recorder, forced garbage collection, Debian's Chromium for Playwright, and
 * polling a page expression, and the kiosk itself (`startBenchPreview`). Measures nothing itself
 * and asserts nothing.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { monitorEventLoopDelay, performance as nodePerformance, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { chromium, type Browser, type Page } from '@playwright/test';
import { startPreview, type RunningKioskPreview } from '../../electron/preview/preview';
import { createLogger, silentSink } from '../../electron/core/log/logger';

export const ROOT = resolve(__dirname, '../..');
/** The built renderer: `npx electron-vite build`'s, or another build to compare (KIOSK_BENCH_RENDERER_DIR). */
export const RENDERER_DIR = process.env.KIOSK_BENCH_RENDERER_DIR ? resolve(process.env.KIOSK_BENCH_RENDERER_DIR) : join(ROOT, 'out/renderer');
const CHROMIUM = process.env.KIOSK_CHROMIUM ?? '/usr/bin/chromium';

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** The p-th percentile (0–100), nearest rank, of the finite values. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;
}

export const median = (values: readonly number[]): number => percentile(values, 50);

/**
 * fetch, once more when the first attempt fails at the transport (a keep-alive socket the server
 * closed while idle: the simulator closes them after 5 s); `attempt` runs the whole exchange.
 */
export async function retryingTransport<T>(attempt: () => Promise<T>): Promise<T> {
  try {
    return await attempt();
  } catch (thrown) {
    if (!(thrown instanceof TypeError) || thrown.message !== 'fetch failed') throw thrown;
    return attempt();
  }
}
export const round = (n: number, digits = 1): number => Math.round(n * 10 ** digits) / 10 ** digits;
export const mib = (bytes: number): number => round(bytes / 2 ** 20, 1);

export function requireBuiltRenderer(): string {
  if (!existsSync(join(RENDERER_DIR, 'index.html'))) throw new Error('No built renderer: run `npx electron-vite build` first.');
  return RENDERER_DIR;
}

/** Full garbage collection of this isolate (exposing gc if the process was not started with it). */
export function collector(): () => void {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (typeof exposed === 'function') return exposed;
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

// ───────────────────────── the simulator in a child process ─────────────────────────

export interface SimulatorProcess {
  url: string;
  /** Changes one field of one record (a new ETag: the next sync downloads the whole list). */
  touch(id: number, marker: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * The simulator's command line (electron/simulator/cli.ts) in its own Node process, no generated
 * events. Its data stays in node_modules/.cache between runs (seeding 500,000 takes a while).
 */
export async function startSimulatorProcess(cardholders: number, extraArgs: readonly string[] = []): Promise<SimulatorProcess> {
  const dataDir = join(ROOT, 'node_modules/.cache', `kiosk-bench-simulator-${cardholders}`);
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'electron/simulator/cli.ts'), '--port', '0', '--cardholders', String(cardholders), '--event-rate', '0', '--history-events', '0', '--data-dir', dataDir, ...extraArgs],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  // Never outlives the bench, whatever ends it.
  const orphan = (): void => {
    child.kill('SIGKILL');
  };
  process.once('exit', orphan);
  child.once('exit', () => process.off('exit', orphan));
  const url = await new Promise<string>((resolveUrl, reject) => {
    let out = '';
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`the simulator did not start within 120 s: ${stderr}`));
    }, 120_000);
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const found = /Simulator listening on (\S+)/.exec(out);
      if (found?.[1]) {
        clearTimeout(timer);
        resolveUrl(found[1]);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the simulator exited (${code}): ${stderr}`));
    });
  });
  return {
    url,
    async touch(id, marker) {
      const response = await retryingTransport(() =>
        fetch(`${url}/api/CardHolders/update`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id, city: marker }) }),
      );
      if (!response.ok) throw new Error(`the simulator refused the update: ${response.status} ${await response.text()}`);
    },
    close: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}

// ───────────────────────── event-loop stalls ─────────────────────────

export interface Stalls {
  /** Largest delay of a 1 ms timer (monitorEventLoopDelay), ms. */
  max: number;
  p99: number;
  /** Largest gap between two ticks of a setInterval(…, 1), ms (cross-check; includes the 1 ms). */
  maxGap: number;
  /** Gaps over 50 ms. */
  over50: number;
  /**
   * Gaps over 20 ms: when each ended (performance.now()), how long it was, how much of it this
   * thread was on a core (busy: running JavaScript, GC, I/O callbacks) and waiting in the run
   * queue for one (waited), from Linux's /proc/thread-self/schedstat (elsewhere: busy from the
   * event-loop utilisation, waited NaN), and the GC pauses within it. A gap with little busy time
   * was the thread waiting for a core (2 cores, a busy worker), not work of its own.
   */
  long: Array<{ end: number; gap: number; busy: number; waited: number; gc: number }>;
  /** Longest garbage-collection pause on this thread, ms, and its kind (major, minor, …). */
  maxGc: { ms: number; kind: string };
  /** Longest time on a core within one gap over 20 ms (this thread's own work), ms; 0 when none. */
  maxBusy: number;
}

/** This thread's time on a core and waiting for one, ns (Linux), or null. */
function schedstat(): { cpu: number; wait: number } | null {
  try {
    const [cpu, wait] = readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ').map(Number);
    return cpu !== undefined && wait !== undefined ? { cpu, wait } : null;
  } catch {
    return null;
  }
}

/**
 * Records the main thread's event-loop delay until stop() is called; stop() waits one more tick
 * so that a stall just before it (a synchronous JSON.parse) is counted.
 */
export function stallRecorder(): { stop(): Promise<Stalls> } {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  const gaps: number[] = [];
  const long: Array<{ end: number; gap: number; busy: number; waited: number; gc: number }> = [];
  const pauses: PerformanceEntry[] = [];
  const observer = new PerformanceObserver((list) => pauses.push(...list.getEntries()));
  observer.observe({ entryTypes: ['gc'] });
  let last = performance.now();
  let lastElu = nodePerformance.eventLoopUtilization();
  let lastSched = schedstat();
  const timer = setInterval(() => {
    const now = performance.now();
    const elu = nodePerformance.eventLoopUtilization();
    const sched = schedstat();
    const gap = now - last;
    gaps.push(gap);
    if (gap > 20) {
      const busy = sched && lastSched ? (sched.cpu - lastSched.cpu) / 1e6 : nodePerformance.eventLoopUtilization(elu, lastElu).active;
      const waited = sched && lastSched ? (sched.wait - lastSched.wait) / 1e6 : Number.NaN;
      long.push({ end: now, gap, busy, waited, gc: 0 });
    }
    last = now;
    lastElu = elu;
    lastSched = sched;
  }, 1);
  return {
    async stop() {
      await sleep(3);
      clearInterval(timer);
      histogram.disable();
      pauses.push(...observer.takeRecords());
      observer.disconnect();
      for (const l of long) {
        for (const p of pauses) if (p.startTime < l.end && p.startTime + p.duration > l.end - l.gap) l.gc += Math.min(l.end, p.startTime + p.duration) - Math.max(l.end - l.gap, p.startTime);
      }
      const longest = pauses.reduce<PerformanceEntry | null>((a, p) => (a === null || p.duration > a.duration ? p : a), null);
      const kinds: Record<number, string> = { 1: 'major', 2: 'minor', 4: 'incremental', 8: 'weak callbacks' };
      const kind = (longest as { detail?: { kind?: number } } | null)?.detail?.kind;
      return {
        maxGc: { ms: longest?.duration ?? 0, kind: kind === undefined ? '' : (kinds[kind] ?? String(kind)) },
        max: histogram.max / 1e6,
        p99: histogram.percentile(99) / 1e6,
        maxGap: Math.max(...gaps),
        over50: gaps.filter((g) => g > 50).length,
        long,
        maxBusy: Math.max(0, ...long.map((l) => l.busy)),
      };
    },
  };
}

// ───────────────────────── Chromium ─────────────────────────

export function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', ...extraArgs],
  });
}

/** Polls a page expression until it is true (waitForFunction would need eval, which the page's CSP forbids). */
export async function until(page: Page, expression: string, timeoutMs: number, everyMs = 10): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await page.evaluate<boolean>(expression))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${expression}`);
    await sleep(everyMs);
  }
}

// ───────────────────────── the kiosk under measurement ─────────────────────────

export interface BenchPreviewOptions {
  /** The service (a simulator) the kiosk talks to, without authentication. */
  serviceUrl: string;
  dataDir: string;
  /** More configuration flags, after the shared ones (a later flag wins). */
  argv?: readonly string[];
  /** Start with an unnamed shift under way (default), or show the sign-in screen (false). */
  startShift?: boolean;
}

/**
 * The browser harness (electron/preview) as every bench runs it: the built renderer, a silent
 * log, no configuration files nor environment, the given service without authentication, the
 * alarm sound off, and an unnamed shift under way.
 */
export function startBenchPreview(options: BenchPreviewOptions): Promise<RunningKioskPreview> {
  return startPreview({
    ...(options.startShift === false ? {} : { startShift: 'unnamed' as const }),
    port: 0,
    dataDir: options.dataDir,
    rendererDir: requireBuiltRenderer(),
    log: createLogger(silentSink),
    config: {
      systemFile: null,
      userFile: null,
      env: {},
      argv: [`--service-url=${options.serviceUrl}`, '--auth-scheme=none', '--alarm-sound=false', ...(options.argv ?? [])],
    },
  });
}
