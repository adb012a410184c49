// The pieces under the endpoints that the contract tests only reach indirectly: the hand-built
// timestamp formatter, ISO 8601 parsing, chunk boundaries of the directory (1,000 records per
// chunk) across a restart, and the event log's batched retention.

import { describe, expect, it } from 'vitest';
import { formatOffsetTimestamp } from '../../electron/simulator/cardholders';
import { EventLog, parseIsoTimestamp, type EventAttributes } from '../../electron/simulator/events';
import type { CardHolderRecord } from '../../electron/simulator/records';
import { SeededRandom } from '../../electron/simulator/seeded-random';
import { call, makeTempDir, startSmallSimulator } from './support';

describe('formatOffsetTimestamp', () => {
  it('matches Date#toISOString with +00:00 for any instant', () => {
    const rng = new SeededRandom(11);
    const samples = [0, 1, 999, 86_399_999, 86_400_000, Date.UTC(2026, 10, 21, 10), Date.UTC(2000, 1, 29, 23, 59, 59, 999), -1, -86_400_001];
    for (let index = 0; index < 20_000; index++) samples.push(Math.floor(rng.next() * 4e12) - 1e12);
    for (const ms of samples) expect(formatOffsetTimestamp(ms)).toBe(new Date(ms).toISOString().replace('Z', '+00:00'));
  });
});

describe('parseIsoTimestamp', () => {
  it.each([
    ['2026-11-21T10:00:00Z', Date.UTC(2026, 10, 21, 10)],
    ['2026-11-21T10:00:00.5Z', Date.UTC(2026, 10, 21, 10, 0, 0, 500)],
    ['2026-11-21T10:00:00.123456789Z', Date.UTC(2026, 10, 21, 10, 0, 0, 123)],
    ['2026-11-21T11:00:00+01:00', Date.UTC(2026, 10, 21, 10)],
    ['2026-11-21T05:30:00-0430', Date.UTC(2026, 10, 21, 10)],
    ['2026-11-21T10:00:00', Date.UTC(2026, 10, 21, 10)],
    ['2026-11-21T10:00', Date.UTC(2026, 10, 21, 10)],
    ['2026-11-21', Date.UTC(2026, 10, 21)],
    ['2026-11-21T10:00:00.000+00:00', Date.UTC(2026, 10, 21, 10)],
  ])('reads %s', (text, ms) => {
    expect(parseIsoTimestamp(text)).toBe(ms);
  });

  it.each(['', 'yesterday', '21/11/2026', '2026-13-01', '2026-11-21T25:00:00Z', '1700000000', '2026-11-21T10:00:00ZZ'])('refuses %j', (text) => {
    expect(parseIsoTimestamp(text)).toBeUndefined();
  });
});

describe('directory chunks', () => {
  it('keeps ids, order and content across chunk boundaries and a restart', async () => {
    const dir = await makeTempDir();
    try {
      const first = await startSmallSimulator({ dataDir: dir.path, cardholders: 999, historyEvents: 0 });
      const created: CardHolderRecord[] = [];
      for (const name of ['Anaïs', 'Bjørn', 'Ciarán']) {
        created.push((await call<CardHolderRecord>(first.url, 'POST', '/api/CardHolders/create', { first_Name: name, last_Name: 'Boundary' })).body);
      }
      expect(created.map((record) => record.id)).toEqual([1000, 1001, 1002]);
      await call(first.url, 'POST', '/api/CardHolders/update', { id: 1000, city: 'Tromsø' });
      await call(first.url, 'POST', '/api/CardHolders/update', { id: 1, city: 'Kraków' });
      const before = await call<CardHolderRecord[]>(first.url, 'GET', '/api/CardHolders');
      expect(before.body.map((record) => record.id)).toEqual(Array.from({ length: 1002 }, (_, index) => index + 1));
      expect(before.body[999]).toMatchObject({ first_Name: 'Anaïs', city: 'Tromsø' });
      await first.close();

      const second = await startSmallSimulator({ dataDir: dir.path });
      try {
        const after = await call<CardHolderRecord[]>(second.url, 'GET', '/api/CardHolders');
        expect(after.text).toBe(before.text);
        expect((await call<CardHolderRecord>(second.url, 'GET', '/api/CardHolders/1')).body.city).toBe('Kraków');
        expect((await call<CardHolderRecord>(second.url, 'GET', '/api/CardHolders/1002')).body.first_Name).toBe('Ciarán');
        expect((await call(second.url, 'GET', '/api/CardHolders/1003')).status).toBe(404);
        expect((await call<CardHolderRecord>(second.url, 'POST', '/api/CardHolders/create', { first_Name: 'D', last_Name: 'E' })).body.id).toBe(1003);
      } finally {
        await second.close();
      }
    } finally {
      await dir.remove();
    }
  });
});

describe('event log retention', () => {
  const attributes = (createdMs: number): EventAttributes => ({
    createdMs, categoryId: 1, typeId: 101, subcodeCategoryId: 1, subcodeId: 11, deviceId: 301, deviceType: 4, tenant: 0,
    isAlarm: false, categoryName: 'Access Granted', deviceName: 'Main Entrance Reader In', customText: 'Granted',
  });

  it('shows exactly the newest maxRetained events at every step, cutting old ones in batches', () => {
    const log = new EventLog(10);
    for (let index = 1; index <= 2500; index++) {
      log.append(attributes(index));
      const visible = log.all();
      expect(visible.length).toBe(Math.min(index, 10));
      expect(visible[0]?.id).toBe(Math.max(1, index - 9));
      expect(log.size).toBe(Math.min(index, 10));
    }
    expect(log.get(2490)).toBeUndefined();
    expect(log.get(2491)?.id).toBe(2491);
    expect(log.range(1, 3000).map((event) => event.id)).toEqual([2500, 2499, 2498, 2497, 2496, 2495, 2494, 2493, 2492, 2491]);
    expect(log.search({}, 100)).toHaveLength(10);
  });

  it('does not bring back cut events on restore', () => {
    const log = new EventLog(10);
    for (let index = 1; index <= 1500; index++) log.append(attributes(index));
    log.restore(1495);
    expect(log.all().map((event) => event.id)).toEqual([1491, 1492, 1493, 1494, 1495]);
    expect(log.append(attributes(0)).id).toBe(1496);
  });
  it('appends many at consecutive ids, making only what retention keeps, and asks for a rewrite when it drops the rest', () => {
    const log = new EventLog(10);
    let rewrites = 0;
    let appended = 0;
    log.onRewrite = () => rewrites++;
    log.onAppend = () => appended++;
    for (let index = 1; index <= 5; index++) log.append(attributes(index));
    let made = 0;
    expect(log.appendMany(4, () => attributes(100 + made++))).toEqual({ firstId: 6, lastId: 9 });
    expect([made, rewrites, appended]).toEqual([4, 0, 9]);
    expect(log.all().map((event) => event.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    made = 0;
    expect(log.appendMany(25, () => attributes(1000 + made++))).toEqual({ firstId: 10, lastId: 34 });
    expect([made, rewrites, appended]).toEqual([10, 1, 19]);
    expect(log.all().map((event) => [event.id, event.createdMs])).toEqual(Array.from({ length: 10 }, (_, index) => [25 + index, 1000 + index]));
    expect(log.maxId).toBe(34);
    expect(log.append(attributes(0)).id).toBe(35);
  });

  it('leaves the log as it was when an event cannot be made', () => {
    const log = new EventLog(10);
    log.append(attributes(1));
    expect(() => log.append({ ...attributes(2), malformed: { kind: 'oversize', bytes: 5 } })).toThrow(RangeError);
    expect(log.maxId).toBe(1);
    expect(log.append(attributes(3)).id).toBe(2);
  });
});
