/**
 * The operator log after years: 1,000,000 acknowledgements in the kiosk's database (file on disk,
 * sealed with a data key, as the alarm store writes them: test/support/acknowledgement-fill.ts).
 * Baseline: the same measures on a database with 1,000 entries, in the same run.
 * - start: opening the database (check, migrations) and the alarm store over it, median of 5;
 * - memory: this process's JS heap and RSS after a forced GC, retained by the opened store;
 * - the operator log's pages (50 entries): the first, one in the middle, the last; median of 20;
 * - retention: one pass that prunes half the log (batches of 1,000), total and longest batch.
 * Medians only; nothing here asserts a time. The 1,000,000-entry test (test/core/alarms/
 * acknowledgement-log-million.soak.test.ts) asserts what does not depend on time.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AlarmStore } from '../../electron/core/alarms/alarm-store';
import { serviceRecordId } from '../../electron/core/connection/service-identity';
import { createLogger } from '../../electron/core/log/logger';
import { DATABASE_FILE, KioskDatabase } from '../../electron/core/storage/kiosk-database';
import { DEFAULT_RETENTION_DAYS, RetentionSchedule } from '../../electron/core/storage/retention';
import { fillAcknowledgements } from '../support/acknowledgement-fill';
import { collector, median, mib, round } from './bench-support';
import type { BenchRow } from './types';

const ENTRIES = Math.max(10_000, Number(process.env.BENCH_ACKNOWLEDGEMENTS ?? 1_000_000));
const BASELINE = 1_000;
const DAY = 86_400_000;
const NOW = Date.parse('2026-11-28T12:00:00Z');
const quiet = { info: () => undefined, error: () => undefined };
const logger = createLogger(() => undefined);

interface Figures {
  startMs: number;
  heapMb: number;
  rssMb: number;
  firstPageMs: number;
  middlePageMs: number;
  lastPageMs: number;
  fileMb: number;
  fillS: number;
  pruneS: number;
  longestBatchMs: number;
  pruned: number;
}

function open(dir: string, key: Buffer): { database: KioskDatabase; store: AlarmStore } {
  const { database } = KioskDatabase.open(dir, quiet, () => NOW);
  const serviceId = serviceRecordId(database, 'bench', NOW);
  const store = new AlarmStore({ database, serviceId, key, bound: 100_000, shiftHours: 12, escalateAfterMinutes: 0, log: logger, onChange: () => undefined, now: () => NOW });
  return { database, store };
}

const timed = (times: number, work: () => unknown): number => {
  const out: number[] = [];
  for (let i = 0; i < times; i++) {
    const t0 = performance.now();
    work();
    out.push(performance.now() - t0);
  }
  return median(out);
};

async function measure(entries: number): Promise<Figures> {
  const gc = collector();
  const dir = mkdtempSync(join(tmpdir(), 'bench-acks-'));
  const key = randomBytes(32);
  try {
    const first = open(dir, key);
    const serviceId = serviceRecordId(first.database, 'bench', NOW);
    const t0 = performance.now();
    // Two years of entries, the oldest first.
    fillAcknowledgements({ database: first.database, serviceId, key, count: entries, from: NOW - 730 * DAY, stepMs: Math.floor((730 * DAY) / entries) });
    const fillS = (performance.now() - t0) / 1000;
    first.database.close();
    const fileMb = mib(statSync(join(dir, DATABASE_FILE)).size);

    const starts: number[] = [];
    for (let i = 0; i < 5; i++) {
      const s0 = performance.now();
      const { database, store } = open(dir, key);
      store.acknowledgementPage(0, 50);
      starts.push(performance.now() - s0);
      database.close();
    }
    gc();
    const before = process.memoryUsage();
    const { database, store } = open(dir, key);
    store.acknowledgementPage(0, 50);
    gc();
    const after = process.memoryUsage();
    const firstPageMs = timed(20, () => store.acknowledgementPage(0, 50));
    const middlePageMs = timed(20, () => store.acknowledgementPage(Math.floor(entries / 2), 50));
    const lastPageMs = timed(20, () => store.acknowledgementPage(entries - 50, 50));

    // Retention: a year kept, so half of two years goes.
    const days = { ...DEFAULT_RETENTION_DAYS, acknowledgementsDays: 365 };
    const schedule = new RetentionSchedule({ database, days, log: logger, now: () => NOW });
    // Each batch is one turn of the event loop: the longest gap between two turns is the longest batch.
    let longestBatchMs = 0;
    let last = performance.now();
    let watching = true;
    const watch = (): void => {
      if (!watching) return;
      const at = performance.now();
      longestBatchMs = Math.max(longestBatchMs, at - last);
      last = at;
      setImmediate(watch);
    };
    const p0 = performance.now();
    const pass = schedule.run();
    setImmediate(watch);
    const report = await pass;
    watching = false;
    const pruneS = (performance.now() - p0) / 1000;
    database.close();
    return {
      startMs: median(starts),
      heapMb: mib(after.heapUsed - before.heapUsed),
      rssMb: mib(after.rss - before.rss),
      firstPageMs,
      middlePageMs,
      lastPageMs,
      fileMb,
      fillS,
      pruneS,
      longestBatchMs,
      pruned: report['operator-log entries'] ?? 0,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function run(): Promise<BenchRow[]> {
  const base = await measure(BASELINE);
  const big = await measure(ENTRIES);
  const n = ENTRIES.toLocaleString('en');
  return [
    { name: `start (open database + alarm store + first page), ${n} entries`, value: round(big.startMs, 2), unit: 'ms', baseline: round(base.startMs, 2), note: `baseline: ${BASELINE} entries` },
    { name: `JS heap retained by the opened store, ${n} entries`, value: big.heapMb, unit: 'MiB', baseline: base.heapMb },
    { name: `RSS grown by opening the store, ${n} entries`, value: big.rssMb, unit: 'MiB', baseline: base.rssMb },
    { name: 'operator log: first page (50)', value: round(big.firstPageMs, 3), unit: 'ms', baseline: round(base.firstPageMs, 3) },
    { name: 'operator log: middle page (50)', value: round(big.middlePageMs, 3), unit: 'ms', baseline: round(base.middlePageMs, 3) },
    { name: 'operator log: last page (50)', value: round(big.lastPageMs, 3), unit: 'ms', baseline: round(base.lastPageMs, 3) },
    { name: 'database file', value: big.fileMb, unit: 'MiB', baseline: base.fileMb },
    { name: 'filling (sealed, 20,000 per transaction)', value: round(big.fillS, 2), unit: 's', baseline: round(base.fillS, 3) },
    { name: `retention pass (a year of two kept: ${big.pruned.toLocaleString('en')} pruned)`, value: round(big.pruneS, 2), unit: 's', baseline: round(base.pruneS, 3) },
    { name: 'retention: longest batch (event loop held)', value: round(big.longestBatchMs, 2), unit: 'ms', baseline: round(base.longestBatchMs, 2) },
  ];
}
