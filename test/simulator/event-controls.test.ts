// The event test controls through SimulatorControls and raw HTTP (DECISIONS.md §7, "Events for
// end-to-end tests"): malformed events as every endpoint serves them and across a restart, bulk
// events, the counts of what was produced, and the live generator's rate and alarm share.

import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SimulatorControls } from '../../electron/simulator/control-client';
import type { RunningSimulator } from '../../electron/simulator/index';
import type { ApiErrorBody, EventStats, MalformedEventKind, MaxIdResult, SystemEventRecord } from '../../electron/simulator/records';
import { call, makeTempDir, sleep, startSmallSimulator } from './support';

let sim: RunningSimulator;
let controls: SimulatorControls;

beforeAll(async () => {
  sim = await startSmallSimulator({ historyEvents: 50 });
  controls = new SimulatorControls(sim.url);
});
afterAll(() => sim.close());
beforeEach(() => controls.reset());

async function text(path: string, init?: RequestInit): Promise<{ status: number; text: string }> {
  const response = await fetch(`${sim.url}${path}`, init);
  return { status: response.status, text: await response.text() };
}

/** The spec's record as the simulator writes it, for an event with these values. */
function record(id: number, created: string, category: string, device: string, customText: string): Record<string, unknown> {
  return {
    record_ID: id, created, event_Category_Name: category, device_Name: device, custom_Text: customText,
    origin_Name: null, additional_Info: null, cardnumber: null, facility_Code: null,
  };
}

const CREATED = '2026-11-28T22:10:05.123Z';

describe('POST /_sim/events/malformed', () => {
  it('makes each kind off the spec as asked, at the next id, and GET /api/SystemEvents/{id} serves it exactly', async () => {
    const expected: [MalformedEventKind, (id: number) => string][] = [
      ['null-text', (id) => JSON.stringify({ ...record(id, CREATED, 'Access Granted', 'Main Entrance Reader In', ''), custom_Text: null })],
      ['no-zone', (id) => JSON.stringify(record(id, `2026-11-28T22:10:05.123${String(id % 1000).padStart(3, '0')}`, 'Access Granted', 'Main Entrance Reader In', 'Granted'))],
      ['string-id', (id) => JSON.stringify({ ...record(id, CREATED, 'Access Granted', 'Main Entrance Reader In', 'Granted'), record_ID: String(id) })],
      ['no-id', (id) => JSON.stringify(record(id, CREATED, 'Access Granted', 'Main Entrance Reader In', 'Granted')).replace(`"record_ID":${id},`, '')],
      ['not-an-object', () => '"garbage"'],
    ];
    let id = sim.maxEventId();
    for (const [kind, json] of expected) {
      id++;
      const answer = await call<unknown>(sim.url, 'POST', '/_sim/events/malformed', { kind, created: CREATED });
      expect(answer.status).toBe(201);
      expect(answer.body).toEqual({ id, kind, bytes: Buffer.byteLength(json(id)) });
      expect((await call<MaxIdResult>(sim.url, 'GET', '/api/SystemEvents/maxid')).body.maxId).toBe(id);
      const served = await text(`/api/SystemEvents/${id}`);
      expect(served).toEqual({ status: 200, text: json(id) });
    }
    const noZone = JSON.parse((await text(`/api/SystemEvents/${id - 3}`)).text) as SystemEventRecord;
    expect(noZone.created).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/);
  });

  it('serves it in its place among the others in the id range and both searches (filters on its internal attributes)', async () => {
    const before = await controls.injectEvent({ custom_Text: 'before the poison' });
    const poison = await controls.injectMalformedEvent({ kind: 'null-text', eventTypeId: 301, deviceId: 207, custom_Text: 'Poison marker' });
    const after = await controls.injectEvent({ custom_Text: 'after the poison' });
    const poisonJson = (await text(`/api/SystemEvents/${poison.id}`)).text;
    expect(JSON.parse(poisonJson)).toMatchObject({ record_ID: poison.id, custom_Text: null, device_Name: 'Level 2 Server Room', event_Category_Name: 'Door Alarm' });

    const range = await text(`/api/SystemEvents?FromID=${before.record_ID}&MaxID=${after.record_ID}`);
    expect(range.text).toBe(`{"maxID":${after.record_ID},"events":[${JSON.stringify(after)},${poisonJson},${JSON.stringify(before)}]}`);

    const search = await text('/api/SystemEvents/search', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ searchstring: 'poison MARKER', DeviceIds: [207], isAlarm: true }) });
    expect(search.text).toBe(`{"maxID":${after.record_ID},"events":[${poisonJson}]}`);
    const byCodes = await text('/api/SystemEvents/searchbycodes', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ from: '2000-01-01', to: '2100-01-01', tenants: [1], eventTypeIDs: [301], subcodeIDs: [31] }),
    });
    expect(byCodes.text).toBe(`{"maxID":${after.record_ID},"events":[${poisonJson}]}`);
  });

  it('serves a not-an-object event as a string element of the list', async () => {
    const poison = await controls.injectMalformedEvent({ kind: 'not-an-object' });
    const neighbour = await controls.injectEvent();
    const { body } = await call<{ maxID: number; events: unknown[] }>(sim.url, 'GET', `/api/SystemEvents?FromID=${poison.id - 1}&MaxID=${neighbour.record_ID}`);
    expect(body.events).toHaveLength(3);
    expect(body.events[0]).toEqual(neighbour);
    expect(body.events[1]).toBe('garbage');
    expect(body.events[2]).toMatchObject({ record_ID: poison.id - 1 });
  });

  it('pads an oversize event to exactly the bytes asked for, 9 MiB by default', async () => {
    const small = await controls.injectMalformedEvent({ kind: 'oversize', bytes: 5000, custom_Text: 'Padded' });
    expect(small).toEqual({ id: sim.maxEventId(), kind: 'oversize', bytes: 5000 });
    const smallJson = (await text(`/api/SystemEvents/${small.id}`)).text;
    expect(Buffer.byteLength(smallJson)).toBe(5000);
    expect((JSON.parse(smallJson) as SystemEventRecord).custom_Text).toMatch(/^Padded x+$/);

    const big = await controls.injectMalformedEvent({ kind: 'oversize' });
    expect(big.bytes).toBe(9 * 1024 * 1024);
    const response = await fetch(`${sim.url}/api/SystemEvents/${big.id}`);
    expect(response.headers.get('content-length')).toBe(String(9 * 1024 * 1024));
    const bigRecord = (await response.json()) as SystemEventRecord;
    expect(bigRecord).toMatchObject({ record_ID: big.id, event_Category_Name: 'Access Granted' });
    expect(bigRecord.custom_Text.startsWith('Granted x')).toBe(true);
    const range = await fetch(`${sim.url}/api/SystemEvents?FromID=${small.id}&MaxID=${big.id}`);
    expect(Number(range.headers.get('content-length'))).toBeGreaterThan(9 * 1024 * 1024 + 5000);
    await range.body?.cancel();
  });

  it('is 400 naming the field for a bad kind, a bad length, or bytes with another kind, and then appends nothing', async () => {
    const maxId = sim.maxEventId();
    const cases: [unknown, string, RegExp][] = [
      [{}, 'kind', /kind: is required/],
      [{ kind: 'half-eaten' }, 'kind', /"null-text"/],
      [{ kind: 'oversize', bytes: 10 }, 'bytes', /at least \d+/],
      [{ kind: 'oversize', bytes: 64 * 1024 * 1024 + 1 }, 'bytes', /64 MiB/],
      [{ kind: 'oversize', bytes: 1.5 }, 'bytes', /whole number/],
      [{ kind: 'null-text', bytes: 5000 }, 'bytes', /only applies to kind "oversize"/],
      [{ kind: 'no-id', record_ID: 3 }, 'record_ID', /Unknown field/],
      [{ kind: 'no-id', created: 'yesterday' }, 'created', /ISO 8601/],
    ];
    for (const [body, field, message] of cases) {
      const answer = await call<ApiErrorBody>(sim.url, 'POST', '/_sim/events/malformed', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.field).toBe(field);
      expect(answer.body.message).toMatch(message);
    }
    expect(sim.maxEventId()).toBe(maxId);
    expect((await call(sim.url, 'GET', `/api/SystemEvents/${maxId + 1}`)).status).toBe(404);
  });
});

describe('malformed events across a restart', () => {
  it('are stored and served the same after a restart, without their padding in the journal', async () => {
    const dir = await makeTempDir();
    try {
      const first = await startSmallSimulator({ dataDir: dir.path, historyEvents: 0 });
      const firstControls = new SimulatorControls(first.url);
      const kinds: MalformedEventKind[] = ['null-text', 'no-zone', 'string-id', 'oversize', 'no-id', 'not-an-object'];
      const served = new Map<number, string>();
      for (const kind of kinds) {
        const { id } = await firstControls.injectMalformedEvent({ kind, isAlarm: true, custom_Text: `stored ${kind}` });
        served.set(id, await (await fetch(`${first.url}/api/SystemEvents/${id}`)).text());
      }
      const stats = await firstControls.eventStats();
      await first.close();
      expect((await stat(join(dir.path, 'events.ndjson'))).size).toBeLessThan(64 * 1024);
      expect(await readFile(join(dir.path, 'events.ndjson'), 'utf8')).toContain('"oversize",9437184]');

      const second = await startSmallSimulator({ dataDir: dir.path });
      try {
        for (const [id, json] of served) expect(await (await fetch(`${second.url}/api/SystemEvents/${id}`)).text()).toBe(json);
        expect(await new SimulatorControls(second.url).eventStats()).toEqual(stats);
        expect(stats).toMatchObject({ total: 6, alarms: 6, malformed: 6 });
        expect(stats.malformedByKind).toEqual(Object.fromEntries(kinds.map((kind) => [kind, 1])));
      } finally {
        await second.close();
      }
    } finally {
      await dir.remove();
    }
  });
});

describe('POST /_sim/events/bulk', () => {
  it('appends ordinary events: plausible, none of them an alarm', async () => {
    const maxId = sim.maxEventId();
    const result = await controls.injectBulkEvents({ count: 5000, kind: 'ordinary' });
    expect(result).toEqual({ firstId: maxId + 1, lastId: maxId + 5000 });
    expect((await call<MaxIdResult>(sim.url, 'GET', '/api/SystemEvents/maxid')).body.maxId).toBe(maxId + 5000);
    const stats = await controls.eventStats({ fromId: result.firstId });
    expect(stats).toMatchObject({ total: 5000, alarms: 0, malformed: 0 });
    const categories = new Set(stats.byText.map((line) => line.category));
    expect([...categories].sort()).toEqual(['Access Denied', 'Access Granted', 'Device Status', 'Door Alarm']);
    const texts = stats.byText.map((line) => line.text ?? '');
    for (const word of ['Granted – ', 'SECURE', 'ONLINE', 'Denied: ', 'Unlocked by operator']) {
      expect(texts.some((text) => text.startsWith(word)), word).toBe(true);
    }
    expect(texts.some((text) => /FORCED OPEN|HELD OPEN|OFFLINE|TAMPER/.test(text))).toBe(false);
  });

  it('appends generated events with the generator\'s alarm share mixed in', async () => {
    await controls.setGenerator({ eventsPerSecond: 0, alarmShare: 0.5 });
    const result = await controls.injectBulkEvents({ count: 4000, kind: 'generated' });
    const stats = await controls.eventStats({ fromId: result.firstId, toId: result.lastId });
    expect(stats.total).toBe(4000);
    expect(stats.alarms).toBeGreaterThan(1800);
    expect(stats.alarms).toBeLessThan(2200);
    const alarmTexts = stats.byText.filter((line) => /^(FORCED OPEN|HELD OPEN|OFFLINE|TAMPER)$/.test(line.text ?? '')).reduce((sum, line) => sum + line.count, 0);
    expect(alarmTexts).toBe(stats.alarms);
  });

  it('lays the fields given over every event, with what follows from a device', async () => {
    const result = await controls.injectBulkEvents({ count: 30, kind: 'generated', created: '2024-02-03T04:05:06.789Z', deviceId: 207, custom_Text: 'bulk marker' });
    const { body } = await call<{ events: SystemEventRecord[] }>(sim.url, 'GET', `/api/SystemEvents?FromID=${result.firstId}&MaxID=${result.lastId}`);
    expect(body.events).toHaveLength(30);
    for (const event of body.events) {
      expect(event).toMatchObject({ created: '2024-02-03T04:05:06.789Z', device_Name: 'Level 2 Server Room', custom_Text: 'bulk marker' });
    }
    const found = await call<{ events: SystemEventRecord[] }>(sim.url, 'POST', '/api/SystemEvents/search', { tenants: [1], DeviceIds: [207], searchstring: 'bulk marker' });
    expect(found.body.events.map((event) => event.record_ID)).toEqual(Array.from({ length: 30 }, (_, index) => result.lastId - index));
  });

  it('appends a million quickly; what retention drops at once is never seen, its ids used up', async () => {
    const maxId = sim.maxEventId();
    const started = Date.now();
    const result = await controls.injectBulkEvents({ count: 1_000_000, kind: 'ordinary', custom_Text: 'million' });
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(result).toEqual({ firstId: maxId + 1, lastId: maxId + 1_000_000 });
    expect((await call<MaxIdResult>(sim.url, 'GET', '/api/SystemEvents/maxid')).body.maxId).toBe(maxId + 1_000_000);
    expect((await call(sim.url, 'GET', `/api/SystemEvents/${result.lastId - 200_000}`)).status).toBe(404);
    expect((await call<SystemEventRecord>(sim.url, 'GET', `/api/SystemEvents/${result.lastId - 199_999}`)).body.custom_Text).toBe('million');
    const stats = await controls.eventStats();
    expect(stats).toMatchObject({ total: 200_000, alarms: 0 });
    expect(stats.byText.every((line) => line.text === 'million')).toBe(true);
    expect(stats.byText.reduce((sum, line) => sum + line.count, 0)).toBe(200_000);
    const next = await controls.injectEvent();
    expect(next.record_ID).toBe(result.lastId + 1);
  }, 60_000);

  it('is 400 naming the field for a bad count or kind', async () => {
    const maxId = sim.maxEventId();
    for (const [body, field] of [
      [{ kind: 'ordinary' }, 'count'],
      [{ count: 0, kind: 'ordinary' }, 'count'],
      [{ count: 1_000_001, kind: 'ordinary' }, 'count'],
      [{ count: 2.5, kind: 'ordinary' }, 'count'],
      [{ count: 10 }, 'kind'],
      [{ count: 10, kind: 'alarms' }, 'kind'],
      [{ count: 10, kind: 'ordinary', tenant: -1 }, 'tenant'],
      [{ count: 10, kind: 'ordinary', colour: 'red' }, 'colour'],
    ] as const) {
      const answer = await call<ApiErrorBody>(sim.url, 'POST', '/_sim/events/bulk', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.field).toBe(field);
    }
    expect(sim.maxEventId()).toBe(maxId);
  });
});

describe('GET /_sim/events/stats', () => {
  it('counts by category and text as served, alarms by the internal flag, malformed events by kind', async () => {
    const first = await controls.injectEvent({ eventTypeId: 302, deviceId: 206 });
    await controls.injectEvent({ eventTypeId: 302, deviceId: 207 });
    await controls.injectEvent({ eventTypeId: 302, deviceId: 206 });
    await controls.injectEvent();
    await controls.injectEvent({ deviceId: 302 });
    await controls.injectMalformedEvent({ kind: 'null-text', isAlarm: true });
    await controls.injectMalformedEvent({ kind: 'not-an-object' });
    const last = await controls.injectMalformedEvent({ kind: 'oversize', bytes: 3000, custom_Text: 'Huge' });
    const expected: EventStats = {
      total: 8,
      alarms: 4,
      malformed: 3,
      malformedByKind: { 'null-text': 1, 'not-an-object': 1, oversize: 1 },
      byText: [
        { category: 'Door Alarm', text: 'HELD OPEN', count: 3 },
        { category: 'Access Granted', text: 'Granted', count: 2 },
        { category: null, text: null, count: 1 },
        { category: 'Access Granted', text: null, count: 1 },
        { category: 'Access Granted', text: 'Huge', count: 1 },
      ],
    };
    expect(await controls.eventStats({ fromId: first.record_ID })).toEqual(expected);
    expect(await controls.eventStats({ fromId: first.record_ID, toId: last.id })).toEqual(expected);
    expect((await call<EventStats>(sim.url, 'GET', `/_sim/events/stats?FROMID=${first.record_ID}`)).body).toEqual(expected);
  });

  it('takes both ends of the range as included, and every retained event without them', async () => {
    const first = await controls.injectEvent({ custom_Text: 'one' });
    const second = await controls.injectEvent({ custom_Text: 'two' });
    expect(await controls.eventStats({ fromId: second.record_ID, toId: second.record_ID })).toEqual({
      total: 1, alarms: 0, malformed: 0, malformedByKind: {}, byText: [{ category: 'Access Granted', text: 'two', count: 1 }],
    });
    expect((await controls.eventStats({ toId: first.record_ID })).total).toBe(51);
    expect((await controls.eventStats()).total).toBe(52);
    expect((await controls.eventStats({ fromId: second.record_ID + 1 })).total).toBe(0);
  });

  it('is 400 naming the parameter for a bad one or a backwards range', async () => {
    for (const [query, field] of [['fromId=abc', 'fromId'], ['toId=-1', 'toId'], ['fromId=5&toId=4', 'toId']]) {
      const answer = await call<ApiErrorBody>(sim.url, 'GET', `/_sim/events/stats?${query}`);
      expect(answer.status).toBe(400);
      expect(answer.body.field).toBe(field);
    }
  });
});

describe('/_sim/generator', () => {
  it('reads and changes the rate and alarm share; a reset brings back the configured ones', async () => {
    expect(await controls.generator()).toEqual({ eventsPerSecond: 0, alarmShare: 0.1 });
    expect(await controls.setGenerator({ eventsPerSecond: 0, alarmShare: 0.25 })).toEqual({ eventsPerSecond: 0, alarmShare: 0.25 });
    expect(await controls.setGenerator({ eventsPerSecond: 0.5 })).toEqual({ eventsPerSecond: 0.5, alarmShare: 0.25 });
    expect(await controls.generator()).toEqual({ eventsPerSecond: 0.5, alarmShare: 0.25 });
    await controls.reset();
    expect(await controls.generator()).toEqual({ eventsPerSecond: 0, alarmShare: 0.1 });
  });

  it('delivers 200 events a second over time, and stops at 0', async () => {
    await controls.setGenerator({ eventsPerSecond: 200 });
    await sleep(200);
    const startId = (await call<MaxIdResult>(sim.url, 'GET', '/api/SystemEvents/maxid')).body.maxId;
    const started = Date.now();
    await sleep(2000);
    const endId = (await call<MaxIdResult>(sim.url, 'GET', '/api/SystemEvents/maxid')).body.maxId;
    const expected = (200 * (Date.now() - started)) / 1000;
    expect(endId - startId).toBeGreaterThan(expected * 0.85);
    expect(endId - startId).toBeLessThan(expected * 1.1);
    await controls.setGenerator({ eventsPerSecond: 0 });
    const stopped = sim.maxEventId();
    await sleep(300);
    expect(sim.maxEventId()).toBe(stopped);
  });

  it('generates alarms only with share 1 and none with share 0', async () => {
    for (const alarmShare of [1, 0]) {
      const fromId = sim.maxEventId() + 1;
      await controls.setGenerator({ eventsPerSecond: 400, alarmShare });
      await sleep(400);
      await controls.setGenerator({ eventsPerSecond: 0 });
      const stats = await controls.eventStats({ fromId });
      expect(stats.total).toBeGreaterThan(50);
      expect(stats.alarms).toBe(alarmShare * stats.total);
    }
  });

  it('is 400 naming the field for a rate or share out of range', async () => {
    for (const [body, field, message] of [
      [{}, 'eventsPerSecond', /is required/],
      [{ eventsPerSecond: 5001 }, 'eventsPerSecond', /at most 5000/],
      [{ eventsPerSecond: -1 }, 'eventsPerSecond', /./],
      [{ eventsPerSecond: 'fast' }, 'eventsPerSecond', /must be a number/],
      [{ eventsPerSecond: 10, alarmShare: 1.5 }, 'alarmShare', /./],
      [{ eventsPerSecond: 10, rate: 3 }, 'rate', /Unknown field/],
    ] as const) {
      const answer = await call<ApiErrorBody>(sim.url, 'POST', '/_sim/generator', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.field).toBe(field);
      expect(answer.body.message).toMatch(message);
    }
    expect(await controls.generator()).toEqual({ eventsPerSecond: 0, alarmShare: 0.1 });
  });

  it('reports the configured rate of a simulator started with one', async () => {
    const live = await startSmallSimulator({ historyEvents: 0, eventRate: 3 });
    try {
      expect(await new SimulatorControls(live.url).generator()).toEqual({ eventsPerSecond: 3, alarmShare: 0.1 });
    } finally {
      await live.close();
    }
  });
});

describe('the new controls with test controls disabled', () => {
  it('are 404 like every /_sim/ path', async () => {
    const plain = await startSmallSimulator({ testControls: false, historyEvents: 0 });
    try {
      for (const [method, path] of [['POST', '/_sim/events/malformed'], ['POST', '/_sim/events/bulk'], ['GET', '/_sim/events/stats'], ['GET', '/_sim/generator'], ['POST', '/_sim/generator']] as const) {
        const answer = await call<ApiErrorBody>(plain.url, method, path, method === 'POST' ? { kind: 'no-id', count: 1, eventsPerSecond: 1 } : undefined);
        expect(answer.status).toBe(404);
        expect(answer.body.error).toBe('not_found');
      }
      expect(plain.maxEventId()).toBe(0);
    } finally {
      await plain.close();
    }
  });
});
