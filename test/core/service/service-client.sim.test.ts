// The service client against the simulator over real HTTP: every endpoint, every typed error the
// simulator's fault controls can produce, each authentication scheme, and which calls are retried.
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator, type SimulatorAuth } from '../../../electron/simulator';
import { SimulatorControls } from '../../../electron/simulator/control-client';
import { createServiceClient, type ServiceClient } from '../../../electron/core/service/service-client';
import { Secret } from '../../../electron/core/credentials/secret';
import { configWith, failureOf, jpegBytes, memoryLog, recordingSleep } from './support';

let sim: RunningSimulator;
let controls: SimulatorControls;
const clients: ServiceClient[] = [];

beforeAll(async () => {
  sim = await startSimulator({ port: 0, cardholders: 25, eventRate: 0, historyEvents: 300, testControls: true, maxPhotoBytes: 4096 });
  controls = new SimulatorControls(sim.url);
});
afterAll(async () => {
  await sim.close();
});
afterEach(async () => {
  await controls.clearFaults();
  for (const client of clients.splice(0)) client.close();
});

function client(flags: string[] = [], options: { url?: string; secret?: string | null } = {}) {
  const { sleep, delays } = recordingSleep();
  const { log, lines } = memoryLog();
  const secret = options.secret === undefined || options.secret === null ? null : new Secret(options.secret);
  const service = createServiceClient({ config: configWith(...flags), baseUrl: options.url ?? sim.url, secret, log, sleep });
  clients.push(service);
  return { service, delays, lines };
}

describe('every endpoint against the simulator', () => {
  it('lists cardholders and reads one by id', async () => {
    const { service } = client();
    const all = await service.listCardHolders();
    expect(all).toHaveLength(25);
    const first = all[0]!;
    expect(first).toMatchObject({ id: expect.any(Number), first_Name: expect.any(String), tenant: expect.arrayContaining([0]) });
    expect(await service.getCardHolder(first.id)).toEqual(first);
  });

  it('creates a cardholder (201 with the record) and updates only the fields sent', async () => {
    const { service } = client();
    const created = await service.createCardHolder({ first_Name: 'Ada', last_Name: 'Lovelace', employee_ID: '4242', email: 'ada@example.org', sex: 'f', city: 'London' });
    expect(created).toMatchObject({ first_Name: 'Ada', last_Name: 'Lovelace', sex: 'F', city: 'London', photo_Exists: false });
    const updated = await service.updateCardHolder({ id: created.id, phone: '555-0100', zip: 'NW1' });
    expect(updated).toMatchObject({ id: created.id, phone: '555-0100', zip: 'NW1', city: 'London', email: 'ada@example.org' });
    expect(await service.getCardHolder(created.id)).toMatchObject({ phone: '555-0100', zip: 'NW1' });
  });

  it('uploads a photo as multipart/form-data by default and as a raw body when configured', async () => {
    const [a, b] = await client().service.listCardHolders();
    const photo = jpegBytes(200);
    const multipart = await client().service.uploadPhoto(a!.id, { bytes: photo, contentType: 'image/jpeg' });
    expect(multipart).toMatchObject({ id: a!.id, photo_Exists: true });
    const stored = await controls.photo(a!.id);
    expect(stored).toMatchObject({ receivedAs: 'multipart', contentType: 'image/jpeg', bytes: 200, sha256: createHash('sha256').update(photo).digest('hex') });

    const raw = await client(['--photo-upload=raw']).service.uploadPhoto(b!.id, { bytes: photo, contentType: 'image/jpeg' });
    expect(raw?.photo_Exists).toBe(true);
    expect(await controls.photo(b!.id)).toMatchObject({ receivedAs: 'raw', bytes: 200 });
  });

  it('reads the highest event id, a range of events and one event', async () => {
    const { service } = client();
    const maxId = await service.getMaxEventId();
    expect(maxId).toBe(sim.maxEventId());
    const list = await service.listEvents(maxId - 9, maxId);
    expect(list.events.length).toBeGreaterThan(0);
    expect(list.events.every((e) => e.record_ID >= maxId - 9 && e.record_ID <= maxId)).toBe(true);
    expect(list.maxID === null || typeof list.maxID === 'number').toBe(true);
    const one = list.events[0]!;
    expect(await service.getEvent(one.record_ID)).toEqual(one);
  });

  it('searches by filter and by codes', async () => {
    const { service } = client();
    const injected = sim.injectEvent({ custom_Text: 'Door forced open zebra', device_Name: 'Dock door' });
    const from = new Date(Date.now() - 3600_000).toISOString();
    const to = new Date(Date.now() + 3600_000).toISOString();
    const found = await service.searchEvents({ from, to, tenants: [0], searchstring: 'zebra' });
    expect(found.map((e) => e.record_ID)).toContain(injected.record_ID);
    const byCodes = await service.searchEventsByCodes({ from, to, tenants: [0] });
    expect(Array.isArray(byCodes)).toBe(true);
    expect(byCodes.every((e) => typeof e.record_ID === 'number')).toBe(true);
  });
});

describe('typed errors from the simulator', () => {
  it('404 → not_found naming the record', async () => {
    const error = await failureOf(client().service.getCardHolder(987654));
    expect(error).toMatchObject({ code: 'not_found', status: 404, endpoint: 'GET /api/CardHolders/{id}' });
    expect(error.message).toContain('cardholder 987654');
    expect(error.detail).toContain('GET /api/CardHolders/987654');
  });

  it('400 → rejected with the server message and the field', async () => {
    const error = await failureOf(client().service.createCardHolder({ first_Name: 'A', last_Name: 'B', employee_ID: '1', email: '', sex: 'Q', city: '' }));
    expect(error).toMatchObject({ code: 'rejected', status: 400, field: 'sex' });
    expect(error.message).toMatch(/refused the data: .*sex|one letter/);
  });

  it('413 → too_large and 415 → rejected for photos', async () => {
    const [holder] = await client().service.listCardHolders();
    const big = await failureOf(client(['--photo-max-bytes=65536']).service.uploadPhoto(holder!.id, { bytes: jpegBytes(10_000), contentType: 'image/jpeg' }));
    expect(big).toMatchObject({ code: 'too_large', status: 413 });
    const png = await failureOf(client(['--photo-upload=raw']).service.uploadPhoto(holder!.id, { bytes: jpegBytes(100), contentType: 'image/png' }));
    expect(png).toMatchObject({ code: 'rejected', status: 415 });
  });

  it.each([
    [500, 'server_error'],
    [503, 'server_error'],
    [403, 'forbidden'],
    [404, 'not_found'],
    [409, 'rejected'],
    [422, 'rejected'],
  ] as const)('fault status %i → %s', async (status, code) => {
    await controls.setFaults({ error: { status }, pathPrefix: '/api/SystemEvents/maxid' });
    const error = await failureOf(client(['--retries=0']).service.getMaxEventId());
    expect(error).toMatchObject({ code, status, endpoint: 'GET /api/SystemEvents/maxid' });
    expect(error.message).not.toMatch(/axios|ECONN|stack|at .*\.ts/i);
  });

  it('latency over the timeout → timeout', async () => {
    await controls.setFaults({ latencyMs: 1500, pathPrefix: '/api/SystemEvents/maxid' });
    const error = await failureOf(client(['--timeout-ms=200', '--retries=0']).service.getMaxEventId());
    expect(error.code).toBe('timeout');
    expect(error.message).toMatch(/taking too long/);
  });

  it('malformed JSON → malformed_answer naming the endpoint', async () => {
    await controls.setFaults({ malformedJson: { count: 1 }, pathPrefix: '/api/CardHolders' });
    const error = await failureOf(client().service.listCardHolders());
    expect(error).toMatchObject({ code: 'malformed_answer', endpoint: 'GET /api/CardHolders', status: 200 });
    expect(error.detail).toMatch(/not valid JSON/);
  });

  it('a dropped connection → unreachable', async () => {
    await controls.setFaults({ drop: { count: 1 }, pathPrefix: '/api/SystemEvents/maxid' });
    const error = await failureOf(client(['--retries=0']).service.getMaxEventId());
    expect(error.code).toBe('unreachable');
    expect(error.message).toMatch(/cut off/);
  });

  it('a closed port → unreachable', async () => {
    const server = http.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const error = await failureOf(client(['--retries=0'], { url: `http://127.0.0.1:${port}` }).service.getMaxEventId());
    expect(error.code).toBe('unreachable');
    expect(error.detail).toContain('ECONNREFUSED');
  });

  it('an unknown host name → unreachable', async () => {
    const error = await failureOf(client(['--retries=0'], { url: 'https://no-such-host.invalid' }).service.getMaxEventId());
    expect(error.code).toBe('unreachable');
    expect(error.message).toMatch(/cannot be found|cannot be reached/);
  });
});

describe('retries', () => {
  it('retries a read on 5xx with growing delays and succeeds', async () => {
    await controls.setFaults({ error: { status: 503, count: 2 }, pathPrefix: '/api/SystemEvents/maxid' });
    const { service, delays, lines } = client(['--retries=3', '--retry-base-delay-ms=100']);
    expect(await service.getMaxEventId()).toBe(sim.maxEventId());
    expect(delays).toHaveLength(2);
    expect(delays[0]).toBeGreaterThanOrEqual(50);
    expect(delays[0]).toBeLessThanOrEqual(100);
    expect(delays[1]).toBeGreaterThanOrEqual(100);
    expect(delays[1]).toBeLessThanOrEqual(200);
    expect(lines.filter((l) => l.includes('attempt'))).toHaveLength(2);
    expect((await controls.faults()).error?.count).toBe(0);
  });

  it('gives up after 1 + retries attempts', async () => {
    await controls.setFaults({ error: { status: 500, count: 10 }, pathPrefix: '/api/CardHolders' });
    const { service, delays } = client(['--retries=2']);
    expect((await failureOf(service.listCardHolders())).code).toBe('server_error');
    expect(delays).toHaveLength(2);
    expect((await controls.faults()).error?.count).toBe(7);
  });

  it('retries the searches (read-only POSTs) and reads after a dropped connection', async () => {
    await controls.setFaults({ drop: { count: 1 }, pathPrefix: '/api/SystemEvents/search' });
    const { service, delays } = client(['--retries=1']);
    const from = new Date(Date.now() - 86_400_000).toISOString();
    await service.searchEvents({ from, to: new Date().toISOString() });
    expect(delays).toHaveLength(1);
  });

  it('does not retry a 4xx', async () => {
    await controls.setFaults({ error: { status: 404, count: 5 }, pathPrefix: '/api/SystemEvents/maxid' });
    const { service, delays } = client(['--retries=3']);
    expect((await failureOf(service.getMaxEventId())).code).toBe('not_found');
    expect(delays).toHaveLength(0);
    expect((await controls.faults()).error?.count).toBe(4);
  });

  it('never retries create, update or photo upload', async () => {
    const [holder] = await client().service.listCardHolders();
    const before = (await client().service.listCardHolders()).length;
    for (const [prefix, call] of [
      ['/api/CardHolders/create', (s: ServiceClient) => s.createCardHolder({ first_Name: 'No', last_Name: 'Retry', employee_ID: '1', email: '', sex: 'm', city: '' })],
      ['/api/CardHolders/update', (s: ServiceClient) => s.updateCardHolder({ id: holder!.id, phone: '1' })],
      [`/api/CardHolders/${holder!.id}/photo`, (s: ServiceClient) => s.uploadPhoto(holder!.id, { bytes: jpegBytes(), contentType: 'image/jpeg' })],
    ] as const) {
      await controls.setFaults({ error: { status: 503, count: 5 }, pathPrefix: prefix });
      const { service, delays } = client(['--retries=3']);
      expect((await failureOf(call(service))).code).toBe('server_error');
      expect(delays).toHaveLength(0);
      expect((await controls.faults()).error?.count).toBe(4);
    }
    await controls.setFaults({ drop: { count: 5, afterProcessing: true }, pathPrefix: '/api/CardHolders/create' });
    const { service, delays } = client(['--retries=3']);
    expect((await failureOf(service.createCardHolder({ first_Name: 'Dropped', last_Name: 'Once', employee_ID: '2', email: '', sex: 'f', city: '' }))).code).toBe('unreachable');
    expect(delays).toHaveLength(0);
    await controls.clearFaults();
    // Only the dropped create reached the directory: exactly one new record.
    expect((await client().service.listCardHolders()).length).toBe(before + 1);
  });
});

describe('authentication schemes', () => {
  const schemes: { auth: SimulatorAuth; flags: string[]; secret: string }[] = [
    { auth: { scheme: 'apiKey', header: 'X-Api-Key', value: 'key-0123456789' }, flags: ['--auth-scheme=apiKey', '--auth-header=X-Api-Key'], secret: 'key-0123456789' },
    { auth: { scheme: 'basic', username: 'desk', password: 'pass-0123456789' }, flags: ['--auth-scheme=basic', '--auth-username=desk'], secret: 'pass-0123456789' },
    { auth: { scheme: 'bearer', token: 'token-0123456789' }, flags: ['--auth-scheme=bearer'], secret: 'token-0123456789' },
  ];

  for (const { auth, flags, secret } of schemes) {
    it(`${auth.scheme}: the right secret is accepted, a wrong one → unauthorized, none stored → config`, async () => {
      const secured = await startSimulator({ port: 0, cardholders: 3, eventRate: 0, historyEvents: 5, auth });
      try {
        expect(await client(flags, { url: secured.url, secret }).service.getMaxEventId()).toBe(secured.maxEventId());
        const wrong = await failureOf(client(flags, { url: secured.url, secret: 'not-the-secret' }).service.listCardHolders());
        expect(wrong).toMatchObject({ code: 'unauthorized', status: 401 });
        const { service, delays } = client(flags, { url: secured.url, secret: null });
        expect((await failureOf(service.getMaxEventId())).code).toBe('config');
        expect(delays).toHaveLength(0);
        const unsent = await failureOf(client([], { url: secured.url }).service.getMaxEventId());
        expect(unsent.code).toBe('unauthorized');
      } finally {
        await secured.close();
      }
    });
  }
});
