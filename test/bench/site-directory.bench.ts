/**
 * The site's copy of the directory (issue 34) through the real path: cardholders capabilities
 * (service client over real HTTP, DirectorySync, the engine in its worker thread, the coordinator
 * site-directory-sync.ts) against the simulator in a child process and one REAL PostgreSQL
 * (test/support/postgres-server.ts). For BENCH_SITE_SIZE cardholders (default 500,000) and a
 * change of BENCH_SITE_CHANGE of them (default 0.5 %), in the same run:
 * - service requests and bytes per site interval: measured for the leading desk (a counting
 *   wrapper around its downloads); with 20 desks the site copy still asks once (the five-desk test
 *   counts it on the simulator), each desk on its own asks once per desk (its own download, the
 *   same bytes): the 20-desk rows are that arithmetic on the measured download, said in the note;
 * - the time to publish the change set (compare the new generation with the copy, write one
 *   revision), from the leader's log line; baseline: the first publication of the whole list;
 * - a following desk's catch-up: from the revision's commit to its lookup holding it, and the
 *   bytes of the changes it read (their JSON); baseline: the service's full download;
 * - a new desk's load: from start() to a lookup holding every record, from the store (the copy
 *   whole) against from the service (a kiosk without a site store), alternated.
 * 2 noisy cores shared by the simulator, PostgreSQL and the desks: medians of BENCH_SITE_ROUNDS
 * (default 3). Nothing here asserts a time.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createCardholdersCapability, type CardholdersCapability } from '../../electron/core/cardholders-capability';
import { threadEngine } from '../../electron/core/cardholders/directory/engine-handle';
import { loadConfig } from '../../electron/core/config/load-config';
import { PushBus } from '../../electron/core/ipc/push-bus';
import { createLogger } from '../../electron/core/log/logger';
import { createServiceClient, type ServiceClient } from '../../electron/core/service/service-client';
import { createSiteDirectoryStore } from '../../electron/core/site-directory/site-directory-store';
import { KioskDatabase } from '../../electron/core/storage/kiosk-database';
import { startPostgres, type PostgresServer } from '../support/postgres-server';
import { median, mib, round, sleep, startSimulatorProcess, type SimulatorProcess } from './bench-support';
import type { BenchRow } from './types';

const SIZE = Number(process.env.BENCH_SITE_SIZE ?? 500_000);
const CHANGE = Number(process.env.BENCH_SITE_CHANGE ?? 0.005);
const ROUNDS = Number(process.env.BENCH_SITE_ROUNDS ?? 3);
const DESKS = 20;
const HOUR = 60 * 60_000;
const say = (line: string): void => void process.stderr.write(`site-directory: ${line}\n`);

interface Desk {
  capability: CardholdersCapability;
  lines: string[];
  counted: { requests: number; bytes: number };
  stop(): Promise<void>;
}

/** A kiosk whose downloads from the service are counted (requests, body bytes); with a store URL, one of the site's desks. */
async function startDesk(name: string, simulatorUrl: string, storeUrl: string | null): Promise<Desk> {
  const dataDir = mkdtempSync(join(tmpdir(), `kiosk-bench-site-${name}-`));
  const lines: string[] = [];
  const log = createLogger((level, scope, message) => {
    if (scope === 'site-directory' || level !== 'info') lines.push(`${level} [${scope}] ${message}`);
  });
  const config = loadConfig({ systemFile: null, userFile: null, env: {}, argv: [`--service-url=${simulatorUrl}`, '--auth-scheme=none'], platform: process.platform });
  const client = createServiceClient({ config, baseUrl: simulatorUrl, secret: null, log });
  const counted = { requests: 0, bytes: 0 };
  const service: ServiceClient = {
    ...client,
    async downloadCardHolders(request) {
      counted.requests++;
      const download = await client.downloadCardHolders(request);
      if (!download.modified) return download;
      const source = download.body;
      return {
        ...download,
        body: (async function* countedBody() {
          for await (const chunk of source) {
            counted.bytes += chunk.byteLength;
            yield chunk;
          }
        })(),
      };
    },
  };
  const database = KioskDatabase.open(dataDir, { info: () => undefined, error: () => undefined }).database;
  const capability = createCardholdersCapability({
    service,
    push: new PushBus(),
    log,
    dataDir,
    database,
    dataKey: null,
    serviceLabel: 'bench',
    syncIntervalMs: HOUR,
    photo: { contentType: 'image/jpeg', width: 600, height: 800, maxBytes: 2 * 1024 * 1024 },
    engines: threadEngine,
    ...(storeUrl
      ? { siteDirectory: { store: createSiteDirectoryStore({ url: storeUrl, password: null, log, queryTimeoutMs: 600_000 }), desk: name, fallbackMs: HOUR, pollMs: 200 } }
      : {}),
  });
  await capability.start();
  return {
    capability,
    lines,
    counted,
    async stop() {
      await capability.stop();
      database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function until(test: () => boolean | Promise<boolean>, what: string, timeoutMs = 30 * 60_000): Promise<void> {
  const start = Date.now();
  while (!(await test())) {
    if (Date.now() - start > timeoutMs) throw new Error(`gave up waiting for ${what}`);
    await sleep(5);
  }
}

/** The leader's last "published revision N … in X ms" line: [revision, ms]. */
function lastPublished(desk: Desk): [number, number] | null {
  for (let i = desk.lines.length - 1; i >= 0; i--) {
    const found = /published revision (\d+) of the site copy in (\d+) ms/.exec(desk.lines[i] ?? '');
    if (found) return [Number(found[1]), Number(found[2])];
  }
  return null;
}

export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  let server: PostgresServer | null = null;
  let sim: SimulatorProcess | null = null;
  const desks: Desk[] = [];
  try {
    [server, sim] = await Promise.all([startPostgres(), startSimulatorProcess(SIZE)]);
    const storeUrl = server.url(await server.createDatabase());
    const simulatorUrl = sim.url;

    // The leader: its first download fills the copy (the whole list as one revision).
    const leader = await startDesk('leader', simulatorUrl, storeUrl);
    desks.push(leader);
    await until(() => lastPublished(leader) !== null, 'the first publication');
    const [, firstPublishMs] = lastPublished(leader)!;
    const fullBytes = leader.counted.bytes;
    say(`first publication of ${SIZE} records: ${firstPublishMs} ms; the service's list is ${mib(fullBytes)} MiB`);

    // A new desk, from the store and from the service, alternated.
    const fromStore: number[] = [];
    const fromService: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      for (const source of ['store', 'service'] as const) {
        const started = performance.now();
        const desk = await startDesk(`new-${source}-${r}`, simulatorUrl, source === 'store' ? storeUrl : null);
        await until(() => desk.capability.sync.state().records >= SIZE * 0.99, `a new desk from the ${source}`);
        (source === 'store' ? fromStore : fromService).push(performance.now() - started);
        if (source === 'store') {
          await until(() => desk.lines.some((line) => line.includes('loaded the site copy')), 'the new desk’s revision saved');
          say(desk.lines.filter((line) => line.includes('loaded the site copy')).join(' | '));
        }
        await desk.stop();
      }
      say(`new desk round ${r + 1}: store ${round(fromStore[r]!, 0)} ms, service ${round(fromService[r]!, 0)} ms`);
    }

    // A following desk, then rounds of a change on the service published by the leader.
    const follower = await startDesk('follower', simulatorUrl, storeUrl);
    desks.push(follower);
    await until(() => follower.capability.sync.state().origin?.revision === lastPublished(leader)![0], 'the follower to hold the copy');
    const changed = Math.max(1, Math.round(SIZE * CHANGE));
    const publishMs: number[] = [];
    const catchUpMs: number[] = [];
    const catchUpBytes: number[] = [];
    const serviceBytes: number[] = [];
    const serviceRequests: number[] = [];
    const reader = createSiteDirectoryStore({ url: storeUrl, password: null, log: createLogger(() => undefined), queryTimeoutMs: 600_000 });
    await reader.connect();
    /** When each revision's doorbell rang (its commit, as a desk hears it). */
    const rang = new Map<number, number>();
    reader.onRevision((revision) => {
      if (!rang.has(revision)) rang.set(revision, performance.now());
    });
    for (let r = 0; r < ROUNDS; r++) {
      const marker = `bench-${Date.now()}-${r}`;
      for (let i = 0; i < changed; i++) await sim.touch(1 + Math.floor(((i + 0.5) * SIZE) / changed), marker);
      const before = { ...leader.counted };
      const revisionBefore = follower.capability.sync.state().origin?.revision ?? 0;
      let caughtUp = 0;
      const following = until(() => (follower.capability.sync.state().origin?.revision ?? 0) > revisionBefore, 'the follower to catch up').then(() => (caughtUp = performance.now()));
      await leader.capability.sync.sync();
      const [revision, ms] = lastPublished(leader)!;
      publishMs.push(ms);
      serviceRequests.push(leader.counted.requests - before.requests);
      serviceBytes.push(leader.counted.bytes - before.bytes);
      await following;
      await until(() => (follower.capability.sync.state().origin?.revision ?? 0) >= revision && rang.has(revision), 'the follower to reach the leader’s revision');
      catchUpMs.push(caughtUp - rang.get(revision)!);
      const { changes } = await reader.changesSince(revisionBefore);
      catchUpBytes.push(Buffer.byteLength(JSON.stringify(changes)));
      say(`change round ${r + 1}: ${changed} records, publish ${ms} ms, catch-up ${round(catchUpMs[r]!, 0)} ms, ${mib(catchUpBytes[r]!)} MiB of changes`);
    }
    await reader.close();

    const interval = median(serviceBytes);
    rows.push({ name: 'service requests per site interval, 1 desk', value: median(serviceRequests), unit: 'requests', note: 'the leading desk’s GET /api/CardHolders, counted' });
    rows.push({ name: 'service bytes per site interval, 1 desk', value: mib(interval), unit: 'MiB', note: `measured; ${SIZE} cardholders, ${changed} changed` });
    rows.push({
      name: `service requests per site interval, ${DESKS} desks`,
      value: median(serviceRequests),
      baseline: DESKS * median(serviceRequests),
      unit: 'requests',
      note: `site copy: one desk downloads (counted on the simulator by five-desks.pg.test.ts); baseline: ${DESKS} desks each downloading (arithmetic)`,
    });
    rows.push({ name: `service bytes per site interval, ${DESKS} desks`, value: mib(interval), baseline: mib(DESKS * interval), unit: 'MiB', note: 'as above: one download vs one per desk' });
    rows.push({
      name: `publish the change set (${changed} of ${SIZE})`,
      value: round(median(publishMs), 0),
      baseline: firstPublishMs,
      unit: 'ms',
      note: `compare ids+marks with the copy (marks made anew only for records whose engine fingerprint changed) and write one revision; median of ${ROUNDS}; baseline: the first publication of all ${SIZE}`,
    });
    rows.push({ name: 'a following desk catches up', value: round(median(catchUpMs), 0), unit: 'ms', note: 'from the revision’s doorbell (its commit, heard by another connection) to the follower’s lookup holding it (its revision saved after the records)' });
    rows.push({ name: 'bytes a following desk reads to catch up', value: mib(median(catchUpBytes)), baseline: mib(fullBytes), unit: 'MiB', note: 'JSON of the changes read; baseline: the service’s full list' });
    rows.push({ name: 'a new desk loads the directory from the store', value: round(median(fromStore), 0), baseline: round(median(fromService), 0), unit: 'ms', note: `start() to a lookup of all ${SIZE}; baseline: the same from the service (a kiosk without a site store); alternated, median of ${ROUNDS}` });
    return rows;
  } finally {
    await Promise.all(desks.map((desk) => desk.stop().catch(() => undefined)));
    await sim?.close();
    await server?.destroy();
  }
}
