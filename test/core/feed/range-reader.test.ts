// The range reader: every event of a range exactly once, whatever the service's range semantics.
import { describe, expect, it } from 'vitest';
import { newEventsIn, readRange } from '../../../electron/core/feed/range-reader';
import type { SystemEvent } from '../../../electron/contract/ipc';
import { FakeEventService, type RangeSemantics } from '../support/event-fakes';

const boundCombos: Array<Pick<RangeSemantics, 'fromInclusive' | 'maxInclusive'>> = [
  { fromInclusive: true, maxInclusive: true },
  { fromInclusive: true, maxInclusive: false },
  { fromInclusive: false, maxInclusive: true },
  { fromInclusive: false, maxInclusive: false },
];
const orders: RangeSemantics['order'][] = ['asc', 'desc', 'shuffled'];
const pages: Array<Pick<RangeSemantics, 'pageLimit' | 'keep'>> = [
  {},
  { pageLimit: 7, keep: 'lowest' },
  { pageLimit: 7, keep: 'highest' },
  { pageLimit: 1, keep: 'highest' },
  { pageLimit: 2, keep: 'lowest' },
];

const matrix: RangeSemantics[] = boundCombos.flatMap((bounds) =>
  orders.flatMap((order) => pages.flatMap((page) => [false, true].map((duplicates) => ({ ...bounds, order, ...page, duplicates })))),
);

const describeSemantics = (s: RangeSemantics): string =>
  `from ${s.fromInclusive ? 'incl' : 'excl'}, max ${s.maxInclusive ? 'incl' : 'excl'}, ${s.order}` +
  `${s.pageLimit ? `, page ${s.pageLimit} keeps ${s.keep}` : ''}${s.duplicates ? ', duplicates' : ''}`;

/** A log with gaps of several sizes, including a gap wider than a chunk and one at the very start. */
function seeded(semantics: RangeSemantics): FakeEventService {
  const service = new FakeEventService(semantics);
  service.skip(3); // ids 1..3 never exist
  service.append(40);
  service.skip(1);
  service.append(5);
  service.skip(65); // wider than the chunk
  service.append(30);
  service.skip(2);
  service.append(1);
  return service;
}

async function readAll(service: FakeEventService, lo: number, hi: number, chunkSize: number, probeFromId?: number) {
  const batches: SystemEvent[][] = [];
  const stats = await readRange(service, lo, hi, { chunkSize, probeFromId, deliver: (events) => batches.push(events) });
  return { ids: batches.flat().map((e) => e.record_ID), batches, stats };
}

describe('readRange', () => {
  it.each(matrix.map((s) => [describeSemantics(s), s] as const))('delivers every id once, in order (%s)', async (_, semantics) => {
    const service = seeded(semantics);
    const { ids } = await readAll(service, 0, service.maxId, 20);
    expect(ids).toEqual(service.allIds());
  });

  it.each(matrix.map((s) => [describeSemantics(s), s] as const))('reads a middle range exactly (%s)', async (_, semantics) => {
    const service = seeded(semantics);
    const lo = 10;
    const hi = 120;
    const { ids } = await readAll(service, lo, hi, 16);
    expect(ids).toEqual(service.allIds().filter((id) => id > lo && id <= hi));
  });

  it('never asks for a span wider than the chunk (plus the overlap of one id at each end)', async () => {
    const service = seeded({ fromInclusive: true, maxInclusive: true, order: 'asc' });
    await readAll(service, 0, service.maxId, 25);
    const spans = service.calls.filter((c) => c.op === 'list').map((c) => c.args[1]! - c.args[0]!);
    expect(Math.max(...spans)).toBeLessThanOrEqual(26);
  });

  it('passes a range that holds no events with one request instead of stalling', async () => {
    const service = new FakeEventService({ fromInclusive: false, maxInclusive: false, order: 'asc' });
    service.append(1);
    service.skip(10_000);
    service.append(1);
    const { ids, stats } = await readAll(service, 0, service.maxId, 500);
    expect(ids).toEqual([1, 10_002]);
    // 21 chunks of 500 ids, most of them empty: roughly one request each, not one per missing id.
    expect(stats.requests).toBeLessThan(30);
  });

  it('reads the hole below an answer that kept only the top of the range (page limit, newest first)', async () => {
    const service = new FakeEventService({ fromInclusive: true, maxInclusive: true, order: 'desc', pageLimit: 3, keep: 'highest' });
    service.append(20);
    const { ids, batches } = await readAll(service, 0, 20, 100);
    expect(ids).toEqual(service.allIds());
    // Delivered in order even though the service answered the newest page first.
    for (let i = 1; i < batches.length; i++) expect(batches[i]![0]!.record_ID).toBeGreaterThan(batches[i - 1]!.at(-1)!.record_ID);
  });

  it('is correct even when the service answers a single event per request', async () => {
    for (const keep of ['lowest', 'highest'] as const) {
      const service = new FakeEventService({ fromInclusive: false, maxInclusive: true, order: 'desc', pageLimit: 1, keep });
      service.append(5);
      service.skip(4);
      service.append(5);
      const { ids } = await readAll(service, 0, service.maxId, 50);
      expect(ids).toEqual(service.allIds());
    }
  });

  it('asks the first request from the probe id when one is given', async () => {
    const service = new FakeEventService();
    service.append(30);
    const seen: number[][] = [];
    await readRange(service, 20, 30, { chunkSize: 100, probeFromId: 19, inspect: (events) => seen.push(events.map((e) => e.record_ID)), deliver: () => undefined });
    expect(service.calls[0]).toEqual({ op: 'list', args: [19, 31] });
    expect(seen[0]).toContain(20);
  });

  it('stops between requests once aborted', async () => {
    const service = new FakeEventService();
    service.append(100);
    const controller = new AbortController();
    const delivered: number[] = [];
    const reading = readRange(service, 0, 100, {
      chunkSize: 10,
      signal: controller.signal,
      deliver: (events) => {
        delivered.push(...events.map((e) => e.record_ID));
        if (delivered.length >= 20) controller.abort();
      },
    });
    await expect(reading).rejects.toThrow();
    expect(delivered).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });
});

describe('readRange on random logs', () => {
  it('delivers exactly the ids in (lo, hi] for 1000 random logs, ranges, chunk sizes and semantics', async () => {
    let seed = 7;
    const random = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let trial = 0; trial < 1000; trial++) {
      const semantics: RangeSemantics = {
        fromInclusive: random(2) === 0,
        maxInclusive: random(2) === 0,
        order: orders[random(3)]!,
        duplicates: random(2) === 0,
        ...(random(2) === 0 ? { pageLimit: 1 + random(10), keep: random(2) === 0 ? ('lowest' as const) : ('highest' as const) } : {}),
      };
      const service = new FakeEventService(semantics);
      for (let run = 0; run < 1 + random(12); run++) {
        service.skip(random(3) === 0 ? random(80) : 0);
        service.append(1 + random(25));
      }
      const lo = random(service.maxId);
      const hi = lo + random(service.maxId - lo + 1);
      const probe = random(2) === 0 ? Math.max(0, lo - random(4)) : undefined;
      const { ids } = await readAll(service, lo, hi, 1 + random(40), probe);
      expect(ids, `trial ${trial}: ${describeSemantics(semantics)}, (${lo}, ${hi}]`).toEqual(service.allIds().filter((id) => id > lo && id <= hi));
    }
  });
});

describe('newEventsIn', () => {
  it('keeps ids in (above, top], once each, ascending', () => {
    const ev = (id: number) => ({ record_ID: id }) as SystemEvent;
    const picked = newEventsIn([ev(5), ev(3), ev(9), ev(4), ev(5), ev(2), ev(10)], 3, 9);
    expect(picked.map((e) => e.record_ID)).toEqual([4, 5, 9]);
  });
});
