/**
 * The page's main thread as the guard sees it, for the guard-station benchmarks: frame times
 * (requestAnimationFrame deltas), long tasks (PerformanceObserver 'longtask': every task of the
 * page's main thread over 50 ms, with its duration), the thread's total task time (CDP
 * Performance.getMetrics, TaskDuration), the JS heap after a forced GC (CDP), and a CPU profile of
 * the page (CDP Profiler) summed by function, and — on Linux — the time the renderer's main thread
 * was on a core and waited in the run queue for one (/proc/PID/task/PID/schedstat): on a loaded
 * machine a long task is partly the thread waiting for a core, not work of the page. Also the
 * preview's own process (main): RSS and heap after a forced GC. Measures; asserts nothing.
 */
import { readFileSync } from 'node:fs';
import type { Browser, CDPSession, Page } from '@playwright/test';
import { collector, percentile } from './bench-support';

// Page-side code is sent as source text: the bench is type-checked without the DOM library, the
// page's CSP forbids eval (so no waitForFunction), and source text keeps bundler helpers out.
const PROBE = `(() => {
  if (window.__mainThread) return;
  const state = { frames: [], tasks: [], recording: false, skip: false };
  window.__mainThread = state;
  let last = performance.now();
  const frame = (t) => {
    // The first frame after (re)starting spans whatever ran meanwhile (a forced GC): not counted.
    if (state.recording && !state.skip) state.frames.push(t - last);
    state.skip = false;
    last = t;
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  const take = (entries) => {
    if (!state.recording) return;
    for (const entry of entries) state.tasks.push({ start: entry.startTime, duration: entry.duration });
  };
  state.observer = new PerformanceObserver((list) => take(list.getEntries()));
  state.observer.observe({ type: 'longtask' });
  state.flush = () => take(state.observer.takeRecords());
})()`;

/** Installs the frame and long-task probe in the page (once per document). */
export async function installMainThreadProbe(page: Page, cdp: CDPSession): Promise<void> {
  await cdp.send('Performance.enable');
  await page.evaluate(PROBE);
}

interface Metrics {
  taskMs: number;
  scriptMs: number;
  layoutMs: number;
  styleMs: number;
}

async function metrics(cdp: CDPSession): Promise<Metrics> {
  const { metrics: list } = (await cdp.send('Performance.getMetrics')) as { metrics: Array<{ name: string; value: number }> };
  const of = (name: string): number => (list.find((m) => m.name === name)?.value ?? Number.NaN) * 1000;
  return { taskMs: of('TaskDuration'), scriptMs: of('ScriptDuration'), layoutMs: of('LayoutDuration'), styleMs: of('RecalcStyleDuration') };
}

/** The renderer processes' ids (CDP SystemInfo), for their main threads' schedstat; [] where unknown. */
/**
 * Opens the kiosk's guard screen in a new 1920×1080 page of `browser` and waits for it to be live
 * with a row, the mouse out of the list (auto-scroll stays live) and the probe installed.
 */
export async function openLiveGuardPage(browser: Browser, url: string, injectFirst: () => Promise<unknown>): Promise<{ page: Page; cdp: CDPSession }> {
  const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
  const cdp = await page.context().newCDPSession(page);
  await injectFirst();
  await page.goto(url);
  await page.getByTestId('feed-row').first().waitFor();
  await page.locator('[data-testid="feed-connection"][data-status="live"]').first().waitFor();
  await page.mouse.move(5, 5); // never over the list: auto-scroll stays live
  await installMainThreadProbe(page, cdp);
  return { page, cdp };
}

export async function rendererPids(browser: Browser): Promise<number[]> {
  try {
    const session = await browser.newBrowserCDPSession();
    const { processInfo } = (await session.send('SystemInfo.getProcessInfo')) as { processInfo: Array<{ type: string; id: number }> };
    await session.detach();
    return processInfo.filter((p) => p.type === 'renderer').map((p) => p.id);
  } catch {
    return [];
  }
}

/** A process's main thread: ns on a core and waiting for one (Linux), or null. */
function mainThreadSched(pid: number): { cpu: number; wait: number } | null {
  try {
    const [cpu, wait] = readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ').map(Number);
    return cpu !== undefined && wait !== undefined ? { cpu, wait } : null;
  } catch {
    return null;
  }
}

/** What the page's main thread did during one window of time. */
export interface MainThreadWindow {
  wallMs: number;
  frames: number[];
  longTasks: Array<{ start: number; duration: number }>;
  /** Time the thread ran tasks (CDP TaskDuration), and of it JavaScript, layout, style recalculation. */
  taskMs: number;
  scriptMs: number;
  layoutMs: number;
  styleMs: number;
  /** The renderer's main thread on a core, and runnable but waiting for one (NaN where unknown). */
  cpuMs: number;
  waitMs: number;
}

export interface MainThreadRecording {
  stop(): Promise<MainThreadWindow>;
}

/**
 * Starts recording frames and long tasks (what was recorded before is dropped). `pids`: the
 * renderer processes (rendererPids); the one whose main thread ran most is taken as the page's.
 */
export async function recordMainThread(page: Page, cdp: CDPSession, pids: readonly number[] = []): Promise<MainThreadRecording> {
  await page.evaluate(`(() => { const s = window.__mainThread; s.frames = []; s.tasks = []; s.recording = true; s.skip = true; })()`);
  const before = await metrics(cdp);
  const schedBefore = pids.map(mainThreadSched);
  const started = performance.now();
  return {
    async stop() {
      const wallMs = performance.now() - started;
      const schedAfter = pids.map(mainThreadSched);
      const after = await metrics(cdp);
      let cpuMs = Number.NaN;
      let waitMs = Number.NaN;
      schedAfter.forEach((end, i) => {
        const start = schedBefore[i];
        if (!end || !start) return;
        const cpu = (end.cpu - start.cpu) / 1e6;
        if (!(cpu <= cpuMs)) {
          cpuMs = cpu;
          waitMs = (end.wait - start.wait) / 1e6;
        }
      });
      const { frames, tasks } = await page.evaluate<{ frames: number[]; tasks: Array<{ start: number; duration: number }> }>(
        `(() => { const s = window.__mainThread; s.flush(); s.recording = false; const out = { frames: s.frames, tasks: s.tasks }; s.frames = []; s.tasks = []; return out; })()`,
      );
      return {
        wallMs,
        frames,
        longTasks: tasks,
        taskMs: after.taskMs - before.taskMs,
        scriptMs: after.scriptMs - before.scriptMs,
        layoutMs: after.layoutMs - before.layoutMs,
        styleMs: after.styleMs - before.styleMs,
        cpuMs,
        waitMs,
      };
    },
  };
}

/** The figures of a window: long-task share, longest, count over 100 ms; busy share; frame percentiles. */
export interface MainThreadFigures {
  /** Time in long tasks / wall time, %. */
  longShare: number;
  longest: number;
  longCount: number;
  over100: number;
  /** Time in any task / wall time, %. */
  busyShare: number;
  scriptShare: number;
  layoutShare: number;
  styleShare: number;
  /** The renderer's main thread on a core / wall time, %, and waiting for a core (NaN where unknown). */
  cpuShare: number;
  waitShare: number;
  frameP50: number;
  frameP95: number;
  frameMax: number;
  framesOver50: number;
  frameCount: number;
}

export function figures(w: MainThreadWindow): MainThreadFigures {
  const longMs = w.longTasks.reduce((sum, t) => sum + t.duration, 0);
  const share = (ms: number): number => (100 * ms) / w.wallMs;
  return {
    longShare: share(longMs),
    longest: Math.max(0, ...w.longTasks.map((t) => t.duration)),
    longCount: w.longTasks.length,
    over100: w.longTasks.filter((t) => t.duration > 100).length,
    busyShare: share(w.taskMs),
    scriptShare: share(w.scriptMs),
    layoutShare: share(w.layoutMs),
    styleShare: share(w.styleMs),
    cpuShare: share(w.cpuMs),
    waitShare: share(w.waitMs),
    frameP50: percentile(w.frames, 50),
    frameP95: percentile(w.frames, 95),
    frameMax: w.frames.length === 0 ? Number.NaN : Math.max(...w.frames),
    framesOver50: w.frames.filter((f) => f > 50).length,
    frameCount: w.frames.length,
  };
}

/** The page's JS heap after a forced garbage collection, MB. */
export async function pageHeapMb(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  const usage = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  return usage.usedSize / 2 ** 20;
}

/** This process (the preview: core, gateway, server, its SQLite) after a forced GC: RSS and JS heap, MB. */
export function mainMemoryMb(): { rss: number; heap: number } {
  const gc = collector();
  gc();
  gc();
  const usage = process.memoryUsage();
  return { rss: usage.rss / 2 ** 20, heap: usage.heapUsed / 2 ** 20 };
}

// ───────────────────────── CPU profile of the page ─────────────────────────

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
export interface CpuProfile {
  nodes: ProfileNode[];
  samples?: number[];
  timeDeltas?: number[];
  startTime: number;
  endTime: number;
}

export async function startCpuProfile(cdp: CDPSession, intervalUs = 200): Promise<void> {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: intervalUs });
  await cdp.send('Profiler.start');
}

export async function stopCpuProfile(cdp: CDPSession): Promise<CpuProfile> {
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
  await cdp.send('Profiler.disable');
  return profile;
}

export interface ProfileLine {
  /** functionName file:line:column */
  where: string;
  /** ms of the profile spent in this function itself (self) and in it or what it called (total). */
  selfMs: number;
  totalMs: number;
}

/**
 * Self and total time by function (a function counted once per sample in its total, however
 * deeply it recurses), the heaviest first by `by`. Idle, program and GC are left out of the list
 * and returned apart.
 */
export function summariseProfile(profile: CpuProfile, by: 'self' | 'total' = 'self', top = 25): { lines: ProfileLine[]; profiledMs: number; idleMs: number; gcMs: number; programMs: number } {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const label = (n: ProfileNode): string => {
    const f = n.callFrame;
    const file = f.url.split('/').pop() ?? '';
    return `${f.functionName || '(anonymous)'} ${file}:${f.lineNumber + 1}:${f.columnNumber + 1}`;
  };
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  let idleMs = 0;
  let gcMs = 0;
  let programMs = 0;
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    // timeDeltas[i] is the time before sample i; the sample's own duration is the next delta.
    const ms = (deltas[i + 1] ?? deltas[i] ?? 0) / 1000;
    const node = byId.get(samples[i] as number);
    if (!node) continue;
    const name = node.callFrame.functionName;
    if (name === '(idle)') idleMs += ms;
    else if (name === '(garbage collector)') gcMs += ms;
    else if (name === '(program)') programMs += ms;
    if (name === '(idle)' || name === '(garbage collector)' || name === '(program)' || name === '(root)') continue;
    const own = label(node);
    self.set(own, (self.get(own) ?? 0) + ms);
    const seen = new Set<string>();
    for (let at: ProfileNode | undefined = node; at && at.callFrame.functionName !== '(root)'; at = byId.get(parent.get(at.id) ?? -1)) {
      const key = label(at);
      if (seen.has(key)) continue;
      seen.add(key);
      total.set(key, (total.get(key) ?? 0) + ms);
    }
  }
  const lines = [...total.keys()].map((where) => ({ where, selfMs: self.get(where) ?? 0, totalMs: total.get(where) ?? 0 }));
  lines.sort((a, b) => (by === 'self' ? b.selfMs - a.selfMs : b.totalMs - a.totalMs));
  return { lines: lines.slice(0, top), profiledMs: (profile.endTime - profile.startTime) / 1000, idleMs, gcMs, programMs };
}

// ───────────────────────── call counts ─────────────────────────

/** Starts counting calls of every function of the page (CDP precise coverage, call counts). */
export async function startCallCounts(cdp: CDPSession): Promise<void> {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.startPreciseCoverage', { callCount: true, detailed: false, allowTriggeredUpdates: false });
  // Resets the counts: only what is called from now on counts.
  await cdp.send('Profiler.takePreciseCoverage');
}

/** The functions called most since startCallCounts (named ones only), with their calls. */
export async function takeCallCounts(cdp: CDPSession, top = 40): Promise<Array<{ name: string; file: string; calls: number }>> {
  const { result } = (await cdp.send('Profiler.takePreciseCoverage')) as { result: Array<{ url: string; functions: Array<{ functionName: string; ranges: Array<{ count: number }> }> }> };
  await cdp.send('Profiler.stopPreciseCoverage');
  await cdp.send('Profiler.disable');
  const out: Array<{ name: string; file: string; calls: number }> = [];
  for (const script of result) {
    for (const fn of script.functions) {
      const calls = fn.ranges[0]?.count ?? 0;
      if (fn.functionName && calls > 0) out.push({ name: fn.functionName, file: script.url.split('/').pop() ?? '', calls });
    }
  }
  return out.sort((a, b) => b.calls - a.calls).slice(0, top);
}
