// The /_sim/ test controls through SimulatorControls and raw HTTP: event injection, faults
// (latency, error status with count, malformed JSON, dropped connections before and after
// processing, path prefix), database restore, reset, and 404 when disabled (DECISIONS.md §7).

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SimulatorControlError, SimulatorControls } from '../../electron/simulator/control-client';
import type { RunningSimulator } from '../../electron/simulator/index';
import type { ApiErrorBody, CardHolderRecord, MaxIdResult, SystemEventList, SystemEventRecord } from '../../electron/simulator/records';
import { ISO_UTC_Z, TINY_JPEG, call, rawRequest, startSmallSimulator } from './support';

let sim: RunningSimulator;
let controls: SimulatorControls;

beforeAll(async () => {
  sim = await startSmallSimulator({ historyEvents: 50 });
  controls = new SimulatorControls(sim.url);
});
afterAll(() => sim.close());
beforeEach(() => controls.reset());

describe('POST /_sim/events', () => {
  it('injects an event with defaults and answers 201 with its record_ID', async () => {
    const answer = await call<SystemEventRecord>(sim.url, 'POST', '/_sim/events', {});
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      record_ID: 51,
      created: expect.stringMatching(ISO_UTC_Z),
      event_Category_Name: 'Access Granted',
      device_Name: 'Main Entrance Reader In',
      custom_Text: 'Granted',
      origin_Name: null,
      additional_Info: null,
      cardnumber: null,
      facility_Code: null,
    });
    expect((await call<SystemEventRecord>(sim.url, 'GET', '/api/SystemEvents/51')).body).toEqual(answer.body);
  });

  it('accepts an empty body without a content type, and every optional field', async () => {
    const empty = await rawRequest(`${sim.url}/_sim/events`, 'POST');
    expect(empty.status).toBe(201);
    const event = await controls.injectEvent({
      created: '2021-05-06T07:08:09.010Z',
      eventTypeId: 302,
      deviceId: 206,
      custom_Text: 'HELD OPEN',
      event_Category_Name: 'Custom Category',
      device_Name: 'Custom Door',
      isAlarm: true,
      tenant: 1,
      deviceType: 3,
      eventCategoryId: 3,
      subcodeId: 32,
      subcodeCategoryId: 3,
    });
    expect(event).toMatchObject({ record_ID: 52, created: '2021-05-06T07:08:09.010Z', custom_Text: 'HELD OPEN', event_Category_Name: 'Custom Category', device_Name: 'Custom Door' });
  });

  it('derives names from the catalogue', async () => {
    const event = await controls.injectEvent({ eventTypeId: 402, deviceId: 103 });
    expect(event).toMatchObject({ event_Category_Name: 'Device Status', device_Name: 'Panel C – Level 3', custom_Text: 'OFFLINE' });
  });

  it('is 400 for a bad field', async () => {
    await expect(controls.injectEvent({ created: 'not a time' })).rejects.toMatchObject({ status: 400, body: { field: 'created' } });
    await expect(controls.injectEvent({ record_ID: 5 } as never)).rejects.toBeInstanceOf(SimulatorControlError);
  });

  it('works in process too', () => {
    const event = sim.injectEvent({ custom_Text: 'in process' });
    expect(event.record_ID).toBe(sim.maxEventId());
    expect(event.custom_Text).toBe('in process');
  });
});

describe('faults', () => {
  it('adds latency to matching requests (loosely measured)', async () => {
    await controls.setFaults({ latencyMs: 200 });
    const started = Date.now();
    expect((await call(sim.url, 'GET', '/api/SystemEvents/maxid')).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);
    await controls.clearFaults();
  });

  it('answers an error status for the next N requests, without handling them', async () => {
    await controls.setFaults({ error: { status: 503, count: 2 } });
    const first = await call<ApiErrorBody>(sim.url, 'POST', '/api/CardHolders/create', { first_Name: 'Not', last_Name: 'Created' });
    expect(first.status).toBe(503);
    expect(first.body).toEqual({ error: 'service_unavailable', message: expect.any(String) });
    expect((await call(sim.url, 'GET', '/api/CardHolders/1')).status).toBe(503);
    expect(await controls.faults()).toEqual({ error: { status: 503, rate: 1, count: 0 } });
    expect((await call(sim.url, 'GET', '/api/CardHolders/1')).status).toBe(200);
    const list = await call<CardHolderRecord[]>(sim.url, 'GET', '/api/CardHolders');
    expect(list.body.some((record) => record.last_Name === 'Created')).toBe(false);
  });

  it('applies rate 1 to every matching request and rate 0 to none', async () => {
    await controls.setFaults({ error: { status: 500, rate: 1 } });
    for (let index = 0; index < 3; index++) expect((await call(sim.url, 'GET', '/api/SystemEvents/maxid')).status).toBe(500);
    await controls.setFaults({ error: { status: 500, rate: 0 } });
    for (let index = 0; index < 3; index++) expect((await call(sim.url, 'GET', '/api/SystemEvents/maxid')).status).toBe(200);
  });

  it('sends malformed JSON that cannot be parsed, after handling the request', async () => {
    await controls.setFaults({ malformedJson: { count: 1 } });
    const response = await fetch(`${sim.url}/api/CardHolders/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ first_Name: 'Half', last_Name: 'Answered' }),
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('content-type')).toContain('application/json');
    const text = await response.text();
    expect(() => JSON.parse(text) as unknown).toThrow();
    const list = await call<CardHolderRecord[]>(sim.url, 'GET', '/api/CardHolders');
    expect(list.body.some((record) => record.last_Name === 'Answered')).toBe(true);
  });

  it('drops the connection without a response (socket error), before processing by default', async () => {
    await controls.setFaults({ drop: { count: 1 } });
    const before = sim.maxEventId();
    await expect(rawRequest(`${sim.url}/api/SystemEvents/maxid`, 'GET')).rejects.toMatchObject({ code: expect.stringMatching(/ECONNRESET|EPIPE/) });
    await expect(fetch(`${sim.url}/api/SystemEvents/maxid`)).resolves.toMatchObject({ status: 200 });
    await controls.setFaults({ drop: { count: 1 } });
    await expect(fetch(`${sim.url}/api/CardHolders/create`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"first_Name":"Never","last_Name":"Made"}' })).rejects.toThrow();
    const list = await call<CardHolderRecord[]>(sim.url, 'GET', '/api/CardHolders');
    expect(list.body.some((record) => record.last_Name === 'Made')).toBe(false);
    expect(sim.maxEventId()).toBe(before);
  });

  it('drops the connection after processing with afterProcessing', async () => {
    await controls.setFaults({ drop: { count: 1, afterProcessing: true } });
    await expect(
      rawRequest(`${sim.url}/api/CardHolders/create`, 'POST', '{"first_Name":"Lost","last_Name":"Answer"}', { 'content-type': 'application/json' }),
    ).rejects.toMatchObject({ code: 'ECONNRESET' });
    const list = await call<CardHolderRecord[]>(sim.url, 'GET', '/api/CardHolders');
    expect(list.body.some((record) => record.last_Name === 'Answer')).toBe(true);
  });

  it('limits faults to a path prefix and never touches /_sim/', async () => {
    await controls.setFaults({ pathPrefix: '/api/SystemEvents', error: { status: 502 } });
    expect((await call(sim.url, 'GET', '/api/SystemEvents/maxid')).status).toBe(502);
    expect((await call(sim.url, 'GET', '/api/CardHolders/1')).status).toBe(200);
    await controls.setFaults({ error: { status: 502 }, drop: { rate: 1 } });
    expect((await controls.injectEvent()).record_ID).toBeGreaterThan(0);
    await controls.clearFaults();
    expect(await controls.faults()).toEqual({});
    expect((await call(sim.url, 'GET', '/api/SystemEvents/maxid')).status).toBe(200);
  });

  it('replaces the fault set on each POST and validates it', async () => {
    await controls.setFaults({ error: { status: 503 } });
    await controls.setFaults({ latencyMs: 1 });
    expect((await call(sim.url, 'GET', '/api/SystemEvents/maxid')).status).toBe(200);
    for (const bad of [{ error: { status: 200 } }, { malformedJson: { rate: 2 } }, { latencyMs: -1 }, { pathPrefix: 'api' }, { drop: { count: 1.5 } }, { chaos: true }]) {
      const answer = await call<ApiErrorBody>(sim.url, 'POST', '/_sim/faults', bad);
      expect(answer.status).toBe(400);
    }
  });
});

describe('POST /_sim/restore', () => {
  it('makes maxid go down and new ids continue from there', async () => {
    const before = sim.maxEventId();
    expect(before).toBeGreaterThanOrEqual(50);
    await controls.restore(before - 20);
    const { body } = await call<MaxIdResult>(sim.url, 'GET', '/api/SystemEvents/maxid');
    expect(body.maxId).toBe(before - 20);
    expect((await call(sim.url, 'GET', `/api/SystemEvents/${before - 19}`)).status).toBe(404);
    const list = await call<SystemEventList>(sim.url, 'GET', `/api/SystemEvents?FromID=${before - 25}&MaxID=${before}`);
    expect(list.body.maxID).toBe(before - 20);
    expect(list.body.events.map((event) => event.record_ID)).toEqual([0, 1, 2, 3, 4, 5].map((step) => before - 20 - step));
    const next = await controls.injectEvent({ custom_Text: 'after restore' });
    expect(next.record_ID).toBe(before - 19);
    expect((await call<SystemEventRecord>(sim.url, 'GET', `/api/SystemEvents/${before - 19}`)).body.custom_Text).toBe('after restore');
  });

  it('is 400 above the current maxid or without an integer maxId', async () => {
    await expect(controls.restore(sim.maxEventId() + 1)).rejects.toMatchObject({ status: 400 });
    expect((await call<ApiErrorBody>(sim.url, 'POST', '/_sim/restore', { maxId: 'x' })).body.field).toBe('maxId');
    await controls.restore(0);
    expect(sim.maxEventId()).toBe(0);
    expect((await controls.injectEvent()).record_ID).toBe(1);
  });
});

describe('POST /_sim/reset', () => {
  it('returns to the seeded state: cardholders, events, photos, faults', async () => {
    const seeded = await call<CardHolderRecord[]>(sim.url, 'GET', '/api/CardHolders');
    await call(sim.url, 'POST', '/api/CardHolders/create', { first_Name: 'Temp', last_Name: 'Person' });
    await call(sim.url, 'POST', '/api/CardHolders/update', { id: 1, phone: 'changed' });
    await fetch(`${sim.url}/api/CardHolders/2/photo`, { method: 'POST', headers: { 'content-type': 'image/jpeg' }, body: TINY_JPEG });
    await controls.injectEvent();
    await controls.setFaults({ latencyMs: 5 });
    const reset = await call(sim.url, 'POST', '/_sim/reset');
    expect(reset.status).toBe(204);
    expect((await call<CardHolderRecord[]>(sim.url, 'GET', '/api/CardHolders')).body).toEqual(seeded.body);
    expect(sim.maxEventId()).toBe(50);
    expect(await controls.photo(2)).toBeNull();
    expect(await controls.faults()).toEqual({});
  });
});

describe('GET /_sim/catalogue', () => {
  it('lists the catalogue', async () => {
    const { body } = await call<Record<string, unknown[]>>(sim.url, 'GET', '/_sim/catalogue');
    expect(Object.keys(body)).toEqual(['tenants', 'deviceTypes', 'devices', 'eventCategories', 'eventTypes', 'subcodeCategories', 'subcodes', 'cardHolderTypes']);
  });
});

describe('test controls disabled', () => {
  it('answers 404 on every /_sim/ path, while the in-process injection still works', async () => {
    const plain = await startSmallSimulator({ testControls: false, historyEvents: 0 });
    try {
      for (const [method, path] of [['POST', '/_sim/events'], ['POST', '/_sim/faults'], ['DELETE', '/_sim/faults'], ['POST', '/_sim/restore'], ['GET', '/_sim/photos/1'], ['POST', '/_sim/reset'], ['GET', '/_sim'], ['POST', '/_sim/cardholders/list-answer']] as const) {
        const answer = await call<ApiErrorBody>(plain.url, method, path, method === 'POST' ? {} : undefined);
        expect(answer.status).toBe(404);
        expect(answer.body.error).toBe('not_found');
      }
      expect(plain.injectEvent().record_ID).toBe(1);
    } finally {
      await plain.close();
    }
  });
});
