// Contract of the event read endpoints over real HTTP: FromID/MaxID ranges (inclusive, highest
// first, 10,000 at most), maxID in the wrapper vs maxId from /maxid, one event, the exact event
// fields, retention without id reuse, and the live generator (DECISIONS.md §4).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../electron/simulator/index';
import type { ApiErrorBody, MaxIdResult, SystemEventList, SystemEventRecord } from '../../electron/simulator/records';
import { ISO_UTC_Z, call, sleep, startSmallSimulator } from './support';

const EVENT_FIELDS = ['record_ID', 'created', 'event_Category_Name', 'device_Name', 'custom_Text', 'origin_Name', 'additional_Info', 'cardnumber', 'facility_Code'];

let sim: RunningSimulator;

beforeAll(async () => {
  sim = await startSmallSimulator({ historyEvents: 300 });
});
afterAll(() => sim.close());

describe('GET /api/SystemEvents/maxid', () => {
  it('returns {maxId} (lower-case d) with the highest id', async () => {
    const answer = await call<MaxIdResult>(sim.url, 'GET', '/api/SystemEvents/maxid');
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body)).toEqual(['maxId']);
    expect(answer.body.maxId).toBe(sim.maxEventId());
    expect(answer.body.maxId).toBeGreaterThanOrEqual(300);
  });
});

describe('GET /api/SystemEvents (FromID, MaxID)', () => {
  it('returns {maxID, events} for FromID..MaxID inclusive, highest record_ID first', async () => {
    const answer = await call<SystemEventList>(sim.url, 'GET', '/api/SystemEvents?FromID=10&MaxID=20');
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body)).toEqual(['maxID', 'events']);
    expect(answer.body.events.map((event) => event.record_ID)).toEqual([20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10]);
  });

  it('puts the service-wide highest id in maxID, not the highest of the page', async () => {
    const { body } = await call<SystemEventList>(sim.url, 'GET', '/api/SystemEvents?FromID=1&MaxID=5');
    expect(body.maxID).toBe(sim.maxEventId());
    expect(body.maxID).toBeGreaterThan(5);
  });

  it('returns events with exactly the SystemEvent fields, nulls and Z timestamps', async () => {
    const { body } = await call<SystemEventList>(sim.url, 'GET', '/api/SystemEvents?FromID=1&MaxID=300');
    expect(body.events).toHaveLength(300);
    for (const event of body.events) {
      expect(Object.keys(event)).toEqual(EVENT_FIELDS);
      expect(event.created).toMatch(ISO_UTC_Z);
      expect(event.origin_Name).toBeNull();
      expect(event.additional_Info).toBeNull();
      expect(event.cardnumber).toBeNull();
      expect(event.facility_Code).toBeNull();
      expect(typeof event.event_Category_Name).toBe('string');
      expect(typeof event.device_Name).toBe('string');
      expect(typeof event.custom_Text).toBe('string');
    }
  });

  it('defaults MaxID to FromID + 9999 and accepts any letter case in parameter names', async () => {
    const { body } = await call<SystemEventList>(sim.url, 'GET', '/api/SystemEvents?fromid=295');
    expect(body.events.map((event) => event.record_ID).slice(-1)).toEqual([295]);
    expect(body.events[0]?.record_ID).toBe(sim.maxEventId());
    const mixed = await call<SystemEventList>(sim.url, 'GET', '/api/SystemEvents?fromId=3&maxId=4');
    expect(mixed.body.events.map((event) => event.record_ID)).toEqual([4, 3]);
  });

  it('returns an empty list beyond the highest id', async () => {
    const start = sim.maxEventId() + 100;
    const { status, body } = await call<SystemEventList>(sim.url, 'GET', `/api/SystemEvents?FromID=${start}&MaxID=${start + 10}`);
    expect(status).toBe(200);
    expect(body.events).toEqual([]);
  });

  it('allows exactly 10,000 ids and refuses 10,001 with 400 on MaxID', async () => {
    expect((await call(sim.url, 'GET', '/api/SystemEvents?FromID=1&MaxID=10000')).status).toBe(200);
    const answer = await call<ApiErrorBody>(sim.url, 'GET', '/api/SystemEvents?FromID=1&MaxID=10001');
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: 'bad_request', field: 'MaxID' });
  });

  it.each([
    ['', 'FromID'],
    ['?MaxID=5', 'FromID'],
    ['?FromID=abc', 'FromID'],
    ['?FromID=-1', 'FromID'],
    ['?FromID=1.5', 'FromID'],
    ['?FromID=1&MaxID=x', 'MaxID'],
    ['?FromID=10&MaxID=5', 'MaxID'],
  ])('is 400 for %s naming %s', async (query, field) => {
    const answer = await call<ApiErrorBody>(sim.url, 'GET', `/api/SystemEvents${query}`);
    expect(answer.status).toBe(400);
    expect(answer.body.field).toBe(field);
  });
});

describe('GET /api/SystemEvents/{id}', () => {
  it('returns one event', async () => {
    const answer = await call<SystemEventRecord>(sim.url, 'GET', '/api/SystemEvents/42');
    expect(answer.status).toBe(200);
    expect(answer.body.record_ID).toBe(42);
    expect(Object.keys(answer.body)).toEqual(EVENT_FIELDS);
  });

  it('is 404 for an id not handed out, 400 for a bad id', async () => {
    expect((await call(sim.url, 'GET', `/api/SystemEvents/${sim.maxEventId() + 1}`)).status).toBe(404);
    expect((await call<ApiErrorBody>(sim.url, 'GET', '/api/SystemEvents/x1')).body.field).toBe('id');
  });

  it('is 405 for POST on a read path', async () => {
    const answer = await call(sim.url, 'POST', '/api/SystemEvents/maxid', {});
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('GET');
  });
});

describe('seeded history', () => {
  it('spreads over the past week, oldest first, opening with "Service started"', async () => {
    const { body } = await call<SystemEventList>(sim.url, 'GET', '/api/SystemEvents?FromID=1&MaxID=300');
    const ascending = [...body.events].reverse();
    expect(ascending[0]).toMatchObject({ record_ID: 1, event_Category_Name: 'System', custom_Text: 'Service started' });
    const times = ascending.map((event) => Date.parse(event.created));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const weekAgo = Date.now() - 7 * 24 * 3600 * 1000;
    expect(times[0]).toBeGreaterThanOrEqual(weekAgo - 60_000);
    expect(times[times.length - 1]).toBeLessThanOrEqual(Date.now());
    const categories = new Set(body.events.map((event) => event.event_Category_Name));
    expect([...categories]).toEqual(expect.arrayContaining(['Access Granted', 'Access Denied', 'Door Alarm', 'Device Status']));
  });
});

describe('retention', () => {
  it('keeps the newest maxEvents events and never reuses ids', async () => {
    const small = await startSmallSimulator({ historyEvents: 10, maxEvents: 25 });
    try {
      for (let index = 0; index < 3000; index++) small.injectEvent({ custom_Text: `n${index}` });
      const maxId = small.maxEventId();
      expect(maxId).toBe(3010);
      const { body } = await call<SystemEventList>(small.url, 'GET', `/api/SystemEvents?FromID=1&MaxID=${maxId}`);
      expect(body.events.map((event) => event.record_ID)).toEqual(Array.from({ length: 25 }, (_, index) => maxId - index));
      expect((await call(small.url, 'GET', `/api/SystemEvents/${maxId - 25}`)).status).toBe(404);
      expect(small.injectEvent().record_ID).toBe(maxId + 1);
    } finally {
      await small.close();
    }
  });
});

describe('event generator', () => {
  it('produces events by itself when a rate is set (its speed is measured by the bench)', async () => {
    const live = await startSimulator({ cardholders: 10, historyEvents: 0, eventRate: 20 });
    try {
      expect(live.maxEventId()).toBe(0);
      let maxId = 0;
      for (let waited = 0; maxId < 5 && waited < 15_000; waited += 100) {
        await sleep(100);
        maxId = (await call<MaxIdResult>(live.url, 'GET', '/api/SystemEvents/maxid')).body.maxId;
      }
      expect(maxId).toBeGreaterThanOrEqual(5);
      const { body } = await call<SystemEventList>(live.url, 'GET', `/api/SystemEvents?FromID=1&MaxID=${maxId}`);
      expect(body.events.map((event) => event.record_ID)).toEqual(Array.from({ length: maxId }, (_, i) => maxId - i));
    } finally {
      await live.close();
    }
  });

  it('produces nothing with rate 0', async () => {
    const quiet = await startSmallSimulator({ historyEvents: 0, eventRate: 0 });
    try {
      await sleep(300);
      expect(quiet.maxEventId()).toBe(0);
      const { body } = await call<SystemEventList>(quiet.url, 'GET', '/api/SystemEvents?FromID=0&MaxID=100');
      expect(body).toEqual({ maxID: 0, events: [] });
    } finally {
      await quiet.close();
    }
  });
});
