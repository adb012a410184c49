// Contract of POST /api/SystemEvents/search and /searchbycodes: every filter on its own, the
// response shape (list wrapper, highest first, 10,000 at most), required fields of searchbycodes
// and validation (DECISIONS.md §4). Marker events are injected in January 2020, far from history.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICES, findDevice } from '../../electron/simulator/catalogue';
import type { RunningSimulator } from '../../electron/simulator/index';
import type { ApiErrorBody, InjectableEvent, SystemEventList, SystemEventRecord } from '../../electron/simulator/records';
import { call, startSmallSimulator } from './support';

let sim: RunningSimulator;
const marks: Record<'A' | 'B' | 'C' | 'D' | 'E', SystemEventRecord> = {} as never;

const MARKERS: Record<keyof typeof marks, Partial<InjectableEvent>> = {
  // Access granted at reader 301 (tenant 0, reader).
  A: { eventTypeId: 101, deviceId: 301, created: '2020-01-01T10:00:00Z', custom_Text: 'MARK-A Granted' },
  // Door forced at door 208 (tenant 2, door): an alarm.
  B: { eventTypeId: 301, deviceId: 208, created: '2020-01-02T10:00:00Z', custom_Text: 'MARK-B FORCED OPEN' },
  // Panel 102 offline (tenant 1, panel): an alarm.
  C: { eventTypeId: 402, deviceId: 102, created: '2020-01-03T10:00:00Z', custom_Text: 'MARK-C OFFLINE' },
  // Anti-passback violation at reader 311 (tenant 3): subcode 23 in subcode category 2.
  D: { eventTypeId: 202, subcodeId: 23, deviceId: 311, created: '2020-01-04T10:00:00Z', custom_Text: 'MARK-D Denied: anti-passback' },
  // A device outside the catalogue with its own name, reader type, tenant 2.
  E: { eventTypeId: 103, deviceId: 999, deviceType: 4, tenant: 2, device_Name: "Zoë's Special Gate", created: '2020-01-05T10:00:00Z', custom_Text: 'MARK-E' },
};

const JANUARY_2020 = { from: '2020-01-01T00:00:00Z', to: '2020-01-31T23:59:59Z' };

beforeAll(async () => {
  sim = await startSmallSimulator({ historyEvents: 400 });
  for (const [key, partial] of Object.entries(MARKERS)) marks[key as keyof typeof marks] = sim.injectEvent(partial);
});
afterAll(() => sim.close());

async function search(body: unknown, path = '/api/SystemEvents/search'): Promise<SystemEventRecord[]> {
  const answer = await call<SystemEventList>(sim.url, 'POST', path, body);
  expect(answer.status).toBe(200);
  expect(Object.keys(answer.body)).toEqual(['maxID', 'events']);
  expect(answer.body.maxID).toBe(sim.maxEventId());
  const ids = answer.body.events.map((event) => event.record_ID);
  expect(ids).toEqual([...ids].sort((a, b) => b - a));
  return answer.body.events;
}

function markersIn(events: readonly SystemEventRecord[]): string[] {
  return Object.entries(marks)
    .filter(([, mark]) => events.some((event) => event.record_ID === mark.record_ID))
    .map(([key]) => key)
    .sort();
}

function deviceByName(name: string): (typeof DEVICES)[number] | undefined {
  return DEVICES.find((device) => device.name === name);
}

describe('POST /api/SystemEvents/search', () => {
  it('with an empty body returns every event, highest record_ID first', async () => {
    const events = await search({});
    expect(events).toHaveLength(sim.maxEventId());
    expect(markersIn(events)).toEqual(['A', 'B', 'C', 'D', 'E']);
  });

  it('filters by from/to, both inclusive', async () => {
    expect(markersIn(await search({ from: '2020-01-02T10:00:00Z', to: '2020-01-03T10:00:00Z' }))).toEqual(['B', 'C']);
    const window = await search({ from: '2020-01-02T10:00:00.001Z', to: '2020-01-04T10:00:00Z' });
    expect(window.map((event) => event.record_ID)).toEqual([marks.D.record_ID, marks.C.record_ID]);
  });

  it('reads from/to with an offset, without one (UTC), or as a date', async () => {
    expect(markersIn(await search({ from: '2020-01-02T11:00:00+01:00', to: '2020-01-02T11:00:00+0100' }))).toEqual(['B']);
    expect(markersIn(await search({ from: '2020-01-02T10:00:00', to: '2020-01-02T10:00:00.000' }))).toEqual(['B']);
    expect(markersIn(await search({ from: '2020-01-02', to: '2020-01-02T23:59:59Z' }))).toEqual(['B']);
  });

  it('filters by tenants', async () => {
    const events = await search({ tenants: [2] });
    expect(markersIn(events)).toEqual(['B', 'E']);
    for (const event of events) {
      const device = deviceByName(event.device_Name);
      if (device !== undefined) expect(device.tenant).toBe(2);
    }
  });

  it('filters by searchstring, case- and accent-insensitively, over custom_Text, device_Name and event_Category_Name', async () => {
    expect(markersIn(await search({ searchstring: 'mark-b' }))).toEqual(['B']);
    expect(markersIn(await search({ searchstring: "zoË's special" }))).toEqual(['E']);
    expect(markersIn(await search({ searchstring: "ZOE'S SPECIAL" }))).toEqual(['E']); // accents aside, as a typical service
    const byCategory = await search({ searchstring: 'door alarm' });
    expect(byCategory.length).toBeGreaterThan(0);
    expect(byCategory.every((event) => event.event_Category_Name === 'Door Alarm')).toBe(true);
    expect(markersIn(byCategory)).toEqual(['B']);
    const byText = await search({ searchstring: 'offline' });
    expect(byText.every((event) => event.custom_Text.toLowerCase().includes('offline'))).toBe(true);
    expect(markersIn(byText)).toEqual(['C']);
    expect(await search({ searchstring: 'no event says this' })).toEqual([]);
  });

  it('filters by DeviceIds', async () => {
    const events = await search({ DeviceIds: [208, 999] });
    expect(markersIn(events)).toEqual(['B', 'E']);
    for (const event of events) expect([findDevice(208)?.name, "Zoë's Special Gate"]).toContain(event.device_Name);
  });

  it('filters by DeviceType', async () => {
    const events = await search({ DeviceType: 2 });
    expect(markersIn(events)).toEqual(['C']);
    for (const event of events) expect(deviceByName(event.device_Name)?.deviceType).toBe(2);
  });

  it('filters by isAlarm', async () => {
    const alarms = await search({ isAlarm: true });
    expect(markersIn(alarms)).toEqual(['B', 'C']);
    for (const event of alarms) expect(event.custom_Text).toMatch(/FORCED OPEN|HELD OPEN|OFFLINE|TAMPER/);
    const calm = await search({ isAlarm: false });
    expect(markersIn(calm)).toEqual(['A', 'D', 'E']);
    expect(alarms.length + calm.length).toBe(sim.maxEventId());
  });

  it('combines filters (AND) and treats null and empty arrays as "not given"', async () => {
    expect(markersIn(await search({ ...JANUARY_2020, tenants: [2], isAlarm: true }))).toEqual(['B']);
    const withNulls = await search({ ...JANUARY_2020, tenants: [], DeviceIds: null, DeviceType: null, isAlarm: null, searchstring: '' });
    expect(markersIn(withNulls)).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(withNulls).toHaveLength(5);
  });

  it.each([
    [{ from: 'yesterday' }, 'from'],
    [{ to: 12 }, 'to'],
    [{ from: '2020-01-02T00:00:00Z', to: '2020-01-01T00:00:00Z' }, 'to'],
    [{ tenants: 1 }, 'tenants'],
    [{ tenants: ['1'] }, 'tenants'],
    [{ searchstring: 5 }, 'searchstring'],
    [{ DeviceIds: [1.5] }, 'DeviceIds'],
    [{ DeviceType: '2' }, 'DeviceType'],
    [{ isAlarm: 'true' }, 'isAlarm'],
    [{ deviceIds: [1] }, 'deviceIds'],
  ])('is 400 for %j naming %s', async (body, field) => {
    const answer = await call<ApiErrorBody>(sim.url, 'POST', '/api/SystemEvents/search', body);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: 'bad_request', field });
  });

  it('explains the other spelling of a device filter', async () => {
    const answer = await call<ApiErrorBody>(sim.url, 'POST', '/api/SystemEvents/search', { deviceType: 2 });
    expect(answer.body.message).toContain('DeviceType');
  });
});

describe('POST /api/SystemEvents/searchbycodes', () => {
  const byCodes = (body: unknown): Promise<SystemEventRecord[]> => search(body, '/api/SystemEvents/searchbycodes');
  const required = { ...JANUARY_2020, tenants: [0, 1, 2, 3] };

  it.each(['from', 'to', 'tenants'])('is 400 without %s', async (field) => {
    const body: Record<string, unknown> = { ...required };
    delete body[field];
    const answer = await call<ApiErrorBody>(sim.url, 'POST', '/api/SystemEvents/searchbycodes', body);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: 'bad_request', field });
    expect(answer.body.message).toContain('required');
  });

  it('is 400 for an empty body, naming a required field', async () => {
    const answer = await call<ApiErrorBody>(sim.url, 'POST', '/api/SystemEvents/searchbycodes', {});
    expect(answer.status).toBe(400);
    expect(['from', 'to', 'tenants']).toContain(answer.body.field);
  });

  it('with only the required fields filters by time and tenants', async () => {
    expect(markersIn(await byCodes(required))).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(markersIn(await byCodes({ ...JANUARY_2020, tenants: [1] }))).toEqual(['C']);
    expect(markersIn(await byCodes({ ...JANUARY_2020, tenants: [] }))).toEqual(['A', 'B', 'C', 'D', 'E']);
  });

  it('filters by eventCategoryIDs (required fields plus this one only)', async () => {
    const events = await byCodes({ ...required, eventCategoryIDs: [3] });
    expect(markersIn(events)).toEqual(['B']);
    expect(events.every((event) => event.event_Category_Name === 'Door Alarm')).toBe(true);
    expect(markersIn(await byCodes({ ...required, eventCategoryIDs: [1, 4] }))).toEqual(['A', 'C', 'E']);
  });

  it('filters by eventTypeIDs', async () => {
    expect(markersIn(await byCodes({ ...required, eventTypeIDs: [402] }))).toEqual(['C']);
    expect(markersIn(await byCodes({ ...required, eventTypeIDs: [101, 202] }))).toEqual(['A', 'D']);
  });

  it('filters by subcodeCategoryIDs', async () => {
    expect(markersIn(await byCodes({ ...required, subcodeCategoryIDs: [2] }))).toEqual(['D']);
    expect(markersIn(await byCodes({ ...required, subcodeCategoryIDs: [3, 4] }))).toEqual(['B', 'C']);
  });

  it('filters by subcodeIDs', async () => {
    expect(markersIn(await byCodes({ ...required, subcodeIDs: [23] }))).toEqual(['D']);
    expect(markersIn(await byCodes({ ...required, subcodeIDs: [11, 31] }))).toEqual(['A', 'B']);
  });

  it('filters by deviceType', async () => {
    expect(markersIn(await byCodes({ ...required, deviceType: 3 }))).toEqual(['B']);
    expect(markersIn(await byCodes({ ...required, deviceType: 4 }))).toEqual(['A', 'D', 'E']);
  });

  it('filters by deviceIds', async () => {
    expect(markersIn(await byCodes({ ...required, deviceIds: [311, 102] }))).toEqual(['C', 'D']);
  });

  it('filters by isAlarm', async () => {
    expect(markersIn(await byCodes({ ...required, isAlarm: true }))).toEqual(['B', 'C']);
    expect(markersIn(await byCodes({ ...required, isAlarm: false }))).toEqual(['A', 'D', 'E']);
  });

  it('searches the seeded history by codes too', async () => {
    const now = new Date();
    const weekAgo = new Date(now.getTime() - 8 * 24 * 3600 * 1000);
    const granted = await byCodes({ from: weekAgo.toISOString(), to: now.toISOString(), tenants: [], eventCategoryIDs: [1] });
    expect(granted.length).toBeGreaterThan(50);
    expect(granted.every((event) => event.event_Category_Name === 'Access Granted')).toBe(true);
  });

  it.each([
    [{ ...JANUARY_2020, tenants: [0], DeviceIds: [1] }, 'DeviceIds'],
    [{ ...JANUARY_2020, tenants: [0], eventCategoryIDs: 3 }, 'eventCategoryIDs'],
    [{ ...JANUARY_2020, tenants: [0], subcodeIDs: ['23'] }, 'subcodeIDs'],
    [{ ...JANUARY_2020, tenants: [0], deviceType: true }, 'deviceType'],
    [{ ...JANUARY_2020, tenants: 'all' }, 'tenants'],
    [{ from: 'soon', to: JANUARY_2020.to, tenants: [] }, 'from'],
  ])('is 400 for %j naming %s', async (body, field) => {
    const answer = await call<ApiErrorBody>(sim.url, 'POST', '/api/SystemEvents/searchbycodes', body);
    expect(answer.status).toBe(400);
    expect(answer.body.field).toBe(field);
  });
});

describe('search limits', () => {
  it('returns at most the 10,000 highest matching record_IDs', async () => {
    const busy = await startSmallSimulator({ historyEvents: 0 });
    try {
      for (let index = 0; index < 10_050; index++) busy.injectEvent({ custom_Text: `bulk ${index}` });
      const answer = await call<SystemEventList>(busy.url, 'POST', '/api/SystemEvents/search', { searchstring: 'bulk' });
      expect(answer.body.events).toHaveLength(10_000);
      expect(answer.body.events[0]?.record_ID).toBe(10_050);
      expect(answer.body.events[9_999]?.record_ID).toBe(51);
      const tooMany = await call<ApiErrorBody>(busy.url, 'POST', '/api/SystemEvents/search', { DeviceIds: Array.from({ length: 1001 }, (_, i) => i) });
      expect(tooMany.status).toBe(400);
    } finally {
      await busy.close();
    }
  });
});
