/**
 * Simulator benchmark: GET /api/CardHolders with 100,000 records and GET /api/SystemEvents over a
 * 10,000-id range, each against the time JSON.stringify takes for the same data in this process
 * (baseline); plus seeding and loading 500,000 cardholders. Medians of several runs; asserts nothing.
 */
import { Agent, request } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSimulator } from '../../electron/simulator/index';
import type { BenchRow } from './types';

const RUNS = 7;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

const round = (ms: number): number => Math.round(ms * 100) / 100;

/** Fetches a URL over a keep-alive connection and returns the whole body, unparsed. */
function fetchBody(agent: Agent, url: string, method = 'GET', body?: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const headers = body === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) };
    const req = request(url, { agent, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => (res.statusCode === 200 ? resolve(Buffer.concat(chunks)) : reject(new Error(`${url}: status ${res.statusCode}`))));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function timeRuns(action: () => Promise<unknown> | unknown, before?: () => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    if (before !== undefined) await before();
    const started = performance.now();
    await action();
    times.push(performance.now() - started);
  }
  return times;
}

export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });

  // 100,000 cardholders and a 10,000-event range.
  let started = performance.now();
  const sim = await startSimulator({ cardholders: 100_000, historyEvents: 10_000, eventRate: 0 });
  rows.push({ name: 'start: seed 100,000 cardholders + 10,000 events, write the store', value: round(performance.now() - started), unit: 'ms' });
  try {
    const listUrl = `${sim.url}/api/CardHolders`;
    const firstBody = await fetchBody(agent, listUrl);
    const cardholders = JSON.parse(firstBody.toString('utf8')) as unknown[];
    if (cardholders.length !== 100_000) throw new Error(`expected 100,000 cardholders, got ${cardholders.length}`);
    const stringify = median(await timeRuns(() => JSON.stringify(cardholders)));
    const warm = median(await timeRuns(() => fetchBody(agent, listUrl)));
    rows.push({
      name: 'GET /api/CardHolders, 100,000 records (served from cache)',
      value: round(warm),
      unit: 'ms',
      baseline: round(stringify),
      note: `baseline: JSON.stringify of the same array; ${(firstBody.length / 1024 / 1024).toFixed(1)} MiB; median of ${RUNS}`,
    });
    let nextId = 1;
    const afterUpdate = median(
      await timeRuns(
        () => fetchBody(agent, listUrl),
        () => fetchBody(agent, `${sim.url}/api/CardHolders/update`, 'POST', JSON.stringify({ id: (nextId += 9973) % 100_000, phone: String(nextId) })),
      ),
    );
    rows.push({
      name: 'GET /api/CardHolders, 100,000 records, right after an update',
      value: round(afterUpdate),
      unit: 'ms',
      baseline: round(stringify),
      note: 'one 1,000-record chunk re-serialized per request',
    });

    const maxId = sim.maxEventId();
    const rangeUrl = `${sim.url}/api/SystemEvents?FromID=${maxId - 9_999}&MaxID=${maxId}`;
    const wrapper = JSON.parse((await fetchBody(agent, rangeUrl)).toString('utf8')) as { events: unknown[] };
    if (wrapper.events.length !== 10_000) throw new Error(`expected 10,000 events, got ${wrapper.events.length}`);
    const eventStringify = median(await timeRuns(() => JSON.stringify(wrapper)));
    const range = median(await timeRuns(() => fetchBody(agent, rangeUrl)));
    rows.push({
      name: 'GET /api/SystemEvents, 10,000-id range',
      value: round(range),
      unit: 'ms',
      baseline: round(eventStringify),
      note: `baseline: JSON.stringify of the same wrapper; median of ${RUNS}`,
    });
    const searchBody = JSON.stringify({ searchstring: 'granted' });
    const search = median(await timeRuns(() => fetchBody(agent, `${sim.url}/api/SystemEvents/search`, 'POST', searchBody)));
    rows.push({ name: 'POST /api/SystemEvents/search, text filter over 10,000 events', value: round(search), unit: 'ms', note: `median of ${RUNS}` });
  } finally {
    agent.destroy();
    await sim.close();
  }

  // 500,000 cardholders: seeding (first start) and loading (restart) must take seconds.
  const dataDir = await mkdtemp(join(tmpdir(), 'simulator-bench-'));
  try {
    started = performance.now();
    const seeded = await startSimulator({ dataDir, cardholders: 500_000, historyEvents: 5_000, eventRate: 0 });
    rows.push({ name: 'start: seed 500,000 cardholders, write the store', value: round(performance.now() - started), unit: 'ms' });
    await seeded.close();
    started = performance.now();
    const loaded = await startSimulator({ dataDir, eventRate: 0 });
    rows.push({ name: 'restart: load 500,000 cardholders from the store', value: round(performance.now() - started), unit: 'ms' });
    const bigAgent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const list = median(await timeRuns(() => fetchBody(bigAgent, `${loaded.url}/api/CardHolders`)));
      rows.push({ name: 'GET /api/CardHolders, 500,000 records (cache primed from the store)', value: round(list), unit: 'ms', note: `median of ${RUNS}` });
    } finally {
      bigAgent.destroy();
      await loaded.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
  return rows;
}
