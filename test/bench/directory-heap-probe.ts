/**
 * Run by directory-sync.bench.ts in a fresh Node process (`node --import tsx --expose-gc
 * directory-heap-probe.ts <simulator url>`), standing for the kiosk's main process: memory before
 * the directory is loaded, one full sync through the real capability (service client, directory
 * engine in its worker thread), memory after. The worker's heap is read twice: as the engine's
 * stats() reports it (no collection first) and after a full collection forced through the
 * inspector (NodeWorker domain). Prints one JSON line on stdout; asserts nothing.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { Session } from 'node:inspector';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCardholdersCapability } from '../../electron/core/cardholders-capability';
import { loadConfig } from '../../electron/core/config/load-config';
import { PushBus } from '../../electron/core/ipc/push-bus';
import { createLogger, silentSink } from '../../electron/core/log/logger';
import { createServiceClient } from '../../electron/core/service/service-client';
import { KioskDatabase } from '../../electron/core/storage/kiosk-database';
import { stallRecorder } from './bench-support';

interface Memory {
  heapUsed: number;
  heapTotal?: number;
  external: number;
  arrayBuffers: number;
  rss: number;
}

const gc = (globalThis as { gc?: () => void }).gc;
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

function mainMemory(): Memory {
  gc?.();
  gc?.();
  const { heapUsed, external, arrayBuffers, rss } = process.memoryUsage();
  return { heapUsed, external, arrayBuffers, rss };
}

type WorkerMemory = { title: string; heapUsed: number; external: number; arrayBuffers: number; beforeGc: { heapUsed: number; heapTotal: number; external: number; arrayBuffers: number } };

/** Each directory worker's memory as it stands, then after a forced full collection, through the inspector. */
async function workerMemory(): Promise<WorkerMemory[]> {
  const session = new Session();
  session.connect();
  const post = <T>(method: string, params: object = {}): Promise<T> =>
    new Promise((resolve, reject) => session.post(method, params, (error, result) => (error ? reject(error) : resolve(result as T))));
  const workers: Array<{ sessionId: string; title: string }> = [];
  session.on('NodeWorker.attachedToWorker', (message: { params: { sessionId: string; workerInfo: { title: string } } }) => {
    workers.push({ sessionId: message.params.sessionId, title: message.params.workerInfo.title });
  });
  let nextId = 0;
  const waiting = new Map<number, (value: { result?: unknown }) => void>();
  session.on('NodeWorker.receivedMessageFromWorker', (message: { params: { message: string } }) => {
    const answer = JSON.parse(message.params.message) as { id?: number; result?: unknown };
    if (answer.id !== undefined) waiting.get(answer.id)?.(answer);
  });
  const send = (sessionId: string, method: string, params: object = {}): Promise<{ result?: unknown }> =>
    new Promise((resolve) => {
      const id = ++nextId;
      waiting.set(id, resolve);
      void post('NodeWorker.sendMessageToWorker', { sessionId, message: JSON.stringify({ id, method, params }) });
    });
  await post('NodeWorker.enable', { waitForDebuggerOnStart: false });
  await sleep(300);
  const usage = async (sessionId: string): Promise<{ heapUsed: number; heapTotal: number; external: number; arrayBuffers: number }> => {
    const answer = (await send(sessionId, 'Runtime.evaluate', { expression: 'JSON.stringify(process.memoryUsage())', returnByValue: true })) as {
      result?: { result?: { value?: string } };
    };
    const read = JSON.parse(answer.result?.result?.value ?? '{}') as Partial<Memory>;
    return { heapUsed: read.heapUsed ?? NaN, heapTotal: read.heapTotal ?? NaN, external: read.external ?? NaN, arrayBuffers: read.arrayBuffers ?? NaN };
  };
  const out: WorkerMemory[] = [];
  for (const worker of workers) {
    const beforeGc = await usage(worker.sessionId);
    await send(worker.sessionId, 'HeapProfiler.collectGarbage');
    await send(worker.sessionId, 'HeapProfiler.collectGarbage');
    out.push({ title: worker.title, ...(await usage(worker.sessionId)), beforeGc });
  }
  await post('NodeWorker.disable');
  session.disconnect();
  return out;
}

/** Resident memory by kind of mapping (/proc/self/smaps; Linux only): malloc's main heap, anonymous maps by size, files. */
function smaps(): Record<string, number> {
  const out: Record<string, number> = {};
  let text = '';
  try {
    text = readFileSync('/proc/self/smaps', 'utf8');
  } catch {
    return out;
  }
  let kind = '';
  for (const line of text.split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      const size = (parseInt(head[2] as string, 16) - parseInt(head[1] as string, 16)) / 1048576;
      const name = head[3] ?? '';
      kind = name === '' ? (size >= 64 ? 'anon>=64M' : size >= 1 ? 'anon1-64M' : 'anon<1M') : name.startsWith('/') ? 'file' : name;
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss) out[kind] = (out[kind] ?? 0) + Number(rss[1]) * 1024;
  }
  return out;
}

const QUERIES = ['smith', 'garc', 'müller j', 'lewandowski', 'marie dupont', 'jo', '4417', 'nguyen t'];

/**
 * Lookups one after another, 20 ms apart, as an officer types: for `ms`, or until `until` settles.
 * Answers their latency (median, p95, count) through the directory's worker thread.
 */
async function lookups(capability: ReturnType<typeof createCardholdersCapability>, ms: number, until: Promise<unknown> | null): Promise<{ p50: number; p95: number; count: number }> {
  let done = false;
  void until?.finally(() => {
    done = true;
  });
  const end = performance.now() + ms;
  const times: number[] = [];
  for (let i = 0; !done && performance.now() < end; i++) {
    const t0 = performance.now();
    await capability.directory.search(QUERIES[i % QUERIES.length] as string, 0, 50);
    times.push(performance.now() - t0);
    await sleep(20);
  }
  times.sort((a, b) => a - b);
  const at = (q: number): number => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? NaN;
  return { p50: at(0.5), p95: at(0.95), count: times.length };
}

async function main(): Promise<void> {
  const url = process.argv[2];
  if (!url) throw new Error('usage: directory-heap-probe.ts <simulator url>');
  const config = loadConfig({ systemFile: null, userFile: null, env: {}, argv: [`--service-url=${url}`, '--auth-scheme=none'], platform: process.platform });
  const log = createLogger(silentSink);
  const dataDir = mkdtempSync(join(tmpdir(), 'kiosk-heap-probe-'));
  const client = createServiceClient({ config, baseUrl: url, secret: null, log });
  const capability = createCardholdersCapability({
    service: client,
    push: new PushBus(),
    log,
    dataDir,
    database: KioskDatabase.memory(),
    dataKey: randomBytes(32),
    serviceLabel: client.serviceLabel,
    syncIntervalMs: 0,
    photo: { contentType: 'image/jpeg', width: 600, height: 800, maxBytes: 2 * 1024 * 1024 },
  });
  try {
    await sleep(200);
    const before = mainMemory();
    const stalls = stallRecorder();
    const report = await capability.sync.sync();
    const stall = await stalls.stop();
    if (report.outcome !== 'updated') throw new Error(`the sync did not update the directory: ${report.outcome}`);
    await capability.directory.saved(); // the snapshot is saved in the background after the swap
    await sleep(1_000); // the empty first generation's thread (none here) and sockets settle
    const engineStats = await capability.directory.stats();
    // As the kiosk runs: no collection forced anywhere.
    const noGc = process.memoryUsage();
    const maps = smaps();
    const rssNoGc = noGc.rss;
    // Left idle as a kiosk is between officers: V8 shrinks a heap that stopped growing after a while (its memory reducer).
    await sleep(Number(process.env.PROBE_IDLE_MS ?? 30_000));
    const rssIdle = process.memoryUsage().rss;
    const quiet = await lookups(capability, 3_000, null);
    // A re-sync (one record changed on the service: the whole list again) while lookups run, RSS sampled every 50 ms.
    const touched = await fetch(`${url}/api/CardHolders/update`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id: 7, city: `Probe ${Date.now()}` }) });
    if (!touched.ok) throw new Error(`the simulator refused the update: ${touched.status}`);
    let peakRss = process.memoryUsage().rss;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
    }, 50);
    const resync = capability.sync.sync().then(async (second) => {
      if (second.outcome !== 'updated') throw new Error(`the re-sync did not update the directory: ${second.outcome}`);
      await capability.directory.saved();
    });
    const during = await lookups(capability, Infinity, resync);
    await resync;
    clearInterval(sampler);
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
    const after = mainMemory();
    const workers = await workerMemory();
    const finalRss = process.memoryUsage().rss;
    process.stdout.write(`${JSON.stringify({ records: engineStats.records, before, after, engineHeapUsed: engineStats.heapUsedBytes, workers, noGc, maps, stall: { max: stall.max, maxGc: stall.maxGc, maxBusy: stall.maxBusy, over50: stall.over50, top: [...stall.long].sort((a, b) => b.gap - a.gap).slice(0, 4).map((l) => [Math.round(l.gap), Math.round(l.busy), Math.round(l.waited), Math.round(l.gc)]) }, finalRss, rssNoGc, rssIdle, peakRss, quiet, during })}\n`);
  } finally {
    await capability.stop();
    client.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (thrown: unknown) => {
    process.stderr.write(`${thrown instanceof Error ? (thrown.stack ?? thrown.message) : String(thrown)}\n`);
    process.exit(1);
  },
);
