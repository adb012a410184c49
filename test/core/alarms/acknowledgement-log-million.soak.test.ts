// The operator log after years (issue 29): 1,000,000 acknowledgements in the kiosk's database, as
// the alarm store writes them on a workstation without a data key (JSON in clear: filled by SQLite
// in seconds; the benchmark fills them sealed). Starting on it reads no more rows and keeps no
// more memory than starting on a log of 1,000 (start-up stays flat: nothing is read whole), and
// the operator log pages through all of them, newest first, without a gap or a repeat. Times are
// measured by the benchmark (test/bench/acknowledgement-log.bench.ts), never asserted here.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AlarmStore } from '../../../electron/core/alarms/alarm-store';
import { serviceRecordId } from '../../../electron/core/connection/service-identity';
import { createLogger } from '../../../electron/core/log/logger';
import { KioskDatabase } from '../../../electron/core/storage/kiosk-database';
import { fillAcknowledgements } from '../../support/acknowledgement-fill';

const MILLION = 1_000_000;
const SMALL = 1_000;
const NOW = Date.parse('2026-11-28T12:00:00Z');
const STEP = 60_000;
const quiet = { info: () => undefined, error: () => undefined };
const key = null;
const dirs: Record<'small' | 'large', string> = { small: '', large: '' };

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

function fill(count: number): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'kiosk-million-'));
  const { database } = KioskDatabase.open(dir, quiet, () => NOW);
  fillAcknowledgements({ database, serviceId: serviceRecordId(database, 'demo', NOW), key, count, from: NOW - count * STEP, stepMs: STEP });
  database.close();
  return dir;
}

/** Starts as the kiosk does (database, then the alarm store, then the operator log's first page); counts the rows it read. */
function start(dir: string): { database: KioskDatabase; store: AlarmStore; rowsRead: number } {
  let rowsRead = 0;
  const all = vi.spyOn(KioskDatabase.prototype, 'all').mockImplementation(function (this: KioskDatabase, ...args) {
    const rows = original.all.apply(this, args);
    rowsRead += rows.length;
    return rows;
  });
  const get = vi.spyOn(KioskDatabase.prototype, 'get').mockImplementation(function (this: KioskDatabase, ...args) {
    const row = original.get.apply(this, args);
    if (row !== undefined) rowsRead++;
    return row;
  });
  try {
    const { database } = KioskDatabase.open(dir, quiet, () => NOW);
    const store = new AlarmStore({ database, serviceId: serviceRecordId(database, 'demo', NOW), key, bound: 100_000, shiftHours: 12, escalateAfterMinutes: 0, log: createLogger(() => undefined), onChange: () => undefined, now: () => NOW });
    store.acknowledgementPage(0, 50);
    return { database, store, rowsRead };
  } finally {
    all.mockRestore();
    get.mockRestore();
  }
}
const original = { all: KioskDatabase.prototype.all, get: KioskDatabase.prototype.get };

/** JS heap kept by a started kiosk store (after a full collection), in bytes. */
function retainedHeap(dir: string): { bytes: number; rowsRead: number } {
  gc();
  const before = process.memoryUsage().heapUsed;
  const started = start(dir);
  gc();
  const bytes = process.memoryUsage().heapUsed - before;
  started.database.close();
  return { bytes, rowsRead: started.rowsRead };
}

beforeAll(() => {
  dirs.small = fill(SMALL);
  dirs.large = fill(MILLION);
}, 600_000);
afterAll(() => {
  for (const dir of Object.values(dirs)) if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('an operator log of 1,000,000 acknowledgements', () => {
  it('start-up reads as many rows and keeps as much memory as with 1,000 entries', () => {
    const small = retainedHeap(dirs.small);
    const large = retainedHeap(dirs.large);
    // The same statements read the same rows: counts, the first page of 50, the alarm numbers.
    expect(large.rowsRead).toBe(small.rowsRead);
    expect(large.rowsRead).toBeLessThan(100);
    // A log read whole would keep hundreds of MiB; what is kept does not grow with the log.
    expect(Math.abs(large.bytes - small.bytes)).toBeLessThan(8 * 2 ** 20);
  });

  it('the operator log pages through every entry, newest first, from the first page to the last', () => {
    const { database, store } = start(dirs.large);
    try {
      const first = store.acknowledgementPage(0, 50);
      expect(first.total).toBe(MILLION);
      expect(first.items.map((a) => a.note)).toEqual(Array.from({ length: 50 }, (_, i) => `note ${MILLION - i}`));
      const middle = store.acknowledgementPage(MILLION / 2, 50);
      expect(middle.items[0]!.note).toBe(`note ${MILLION / 2}`);
      const last = store.acknowledgementPage(MILLION - 50, 50);
      expect(last.items.map((a) => a.note).at(-1)).toBe('note 1');
      expect(store.acknowledgementPage(MILLION, 50).items).toEqual([]);
      // Twenty pages in a row from the middle: each picks up where the previous one stopped.
      let expected = MILLION / 2;
      for (let offset = MILLION / 2; offset < MILLION / 2 + 20 * 50; offset += 50) {
        for (const entry of store.acknowledgementPage(offset, 50).items) expect(entry.note).toBe(`note ${expected--}`);
      }
      expect(expected).toBe(MILLION / 2 - 1_000);
      expect(last.items.at(-1)!.acknowledgedAt).toBe(new Date(NOW - MILLION * STEP + STEP).toISOString());
    } finally {
      database.close();
    }
  });
});
