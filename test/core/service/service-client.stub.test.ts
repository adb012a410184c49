// The service client against a tiny stub server, for answers the simulator never gives: where the
// spec is silent (search wrappers, 201/204, empty update and photo answers, no maxID) and answers
// that break the spec (wrong field types, HTML, redirects).
import { afterEach, describe, expect, it } from 'vitest';
import { createServiceClient } from '../../../electron/core/service/service-client';
import { ServiceHttp } from '../../../electron/core/service/service-http';
import { ANSWERS_WITHOUT_RECORD, cardHolder, configWith, failureOf, jpegBytes, memoryLog, recordingSleep, startStub, systemEvent, type StubHandler } from './support';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function stubbed(handler: StubHandler, flags: string[] = []) {
  const stub = await startStub(handler);
  const { sleep, delays } = recordingSleep();
  const service = createServiceClient({ config: configWith(...flags), baseUrl: stub.url, secret: null, log: memoryLog().log, sleep, random: () => 0.5 });
  cleanups.push(() => stub.close(), () => service.close());
  return { service, requests: stub.requests, delays };
}

const range = { from: '2026-01-01T00:00:00Z', to: '2026-01-02T00:00:00Z' };

describe('search answers in any reasonable shape', () => {
  const events = [systemEvent(3), systemEvent(2)];
  it.each([
    ['a bare array', events],
    ['{events}', { events, maxID: 3 }],
    ['{items}', { items: events, total: 2 }],
    ['{results}', { results: events }],
    ['{data}', { data: events }],
    ['{data: {events}}', { data: { events } }],
    ['{Events} (other capitalisation)', { Events: events }],
    ['an object with one list', { hits: events, took: 4 }],
  ])('%s', async (_name, body) => {
    const { service } = await stubbed(() => ({ body }));
    expect((await service.searchEvents(range)).map((e) => e.record_ID)).toEqual([3, 2]);
    expect((await service.searchEventsByCodes({ ...range, tenants: [0] })).map((e) => e.record_ID)).toEqual([3, 2]);
  });

  it('an answer with no list → malformed_answer', async () => {
    const { service } = await stubbed(() => ({ body: { count: 2 } }));
    const error = await failureOf(service.searchEvents(range));
    expect(error).toMatchObject({ code: 'malformed_answer', endpoint: 'POST /api/SystemEvents/search' });
    expect(error.detail).toMatch(/no list of events/);
  });

  it('a bad element inside a wrapper is counted and set apart; the other events are kept (an id as text is read)', async () => {
    const { service } = await stubbed(() => ({ body: { items: [systemEvent(1), 'garbage', systemEvent(2, { record_ID: '2' })] } }));
    const answer = await service.searchEvents(range);
    expect(answer.map((e) => e.record_ID)).toEqual([1, 2]);
    expect(answer.unreadable).toMatchObject([{ reason: 'not-an-object', raw: '"garbage"' }]);
  });

  it('sends only the fields given, with the spec names', async () => {
    const { service, requests } = await stubbed(() => ({ body: [] }));
    await service.searchEvents({ ...range, DeviceIds: [4], DeviceType: 2, isAlarm: undefined });
    expect(JSON.parse(requests[0]!.body.toString())).toEqual({ ...range, DeviceIds: [4], DeviceType: 2 });
    expect(requests[0]!.headers['content-type']).toMatch(/application\/json/);
  });
});

describe('the event list wrapper', () => {
  it('without maxID → maxID null', async () => {
    const { service, requests } = await stubbed(() => ({ body: { events: [systemEvent(5)] } }));
    expect(await service.listEvents(1, 5)).toEqual({ maxID: null, events: [{ ...systemEvent(5), created: '2026-01-05T08:00:00.000Z' }], unreadable: [] });
    expect(requests[0]!.url).toBe('/api/SystemEvents?FromID=1&MaxID=5');
  });

  it('a maxID of the wrong type is not relied on (its meaning is not specified): null, the events kept', async () => {
    const { service } = await stubbed(() => ({ body: { maxID: 'many', events: [systemEvent(3)] } }));
    expect(await service.listEvents(1, 5)).toMatchObject({ maxID: null, events: [{ record_ID: 3 }] });
  });
});

describe('wrong field types → malformed_answer naming the field', () => {
  it.each([
    ['tenant', cardHolder(1, { tenant: '0' })],
    ['photo_Exists', cardHolder(1, { photo_Exists: 'yes' })],
    ['id', cardHolder(1, { id: 1.5 })],
    ['created', cardHolder(1, { created: '2026-01-05T08:00:00' })],
    ['email', cardHolder(1, { email: null })],
    ['last_Name', (({ last_Name: _dropped, ...rest }) => rest)(cardHolder(1))],
  ])('cardholder %s', async (field, body) => {
    const { service } = await stubbed(() => ({ body }));
    const error = await failureOf(service.getCardHolder(1));
    expect(error).toMatchObject({ code: 'malformed_answer', field, endpoint: 'GET /api/CardHolders/{id}', status: 200 });
    expect(error.message).toContain(field);
  });

  it('in a list, with the index', async () => {
    const { service } = await stubbed(() => ({ body: [cardHolder(1), cardHolder(2), cardHolder(3, { card_Holder_Type_ID: 'guest' })] }));
    expect(await failureOf(service.listCardHolders())).toMatchObject({ code: 'malformed_answer', field: '[2].card_Holder_Type_ID' });
  });

  it('maxId spelled maxID → malformed_answer naming maxId', async () => {
    const { service } = await stubbed(() => ({ body: { maxID: 7 } }));
    expect(await failureOf(service.getMaxEventId())).toMatchObject({ code: 'malformed_answer', field: 'maxId' });
  });

  it('an event read leniently where its meaning is clear (a number as text), refused where it has no id', async () => {
    const { service } = await stubbed(() => ({ body: systemEvent(9, { custom_Text: 42 }) }));
    expect(await service.getEvent(9)).toMatchObject({ record_ID: 9, custom_Text: '42' });
    const { service: noId } = await stubbed(() => ({ body: { ...systemEvent(9), record_ID: null } }));
    expect(await failureOf(noId.getEvent(9))).toMatchObject({ code: 'malformed_answer' });
  });
});

describe('lenient where the spec is silent or shows only null', () => {
  it('keeps unknown fields and accepts any value where the type is not shown', async () => {
    const body = cardHolder(1, { birthday: '1990-04-01', card_Holder_ID: { ref: 'A1' }, badgeColour: 'blue' });
    const { service } = await stubbed(() => ({ body }));
    const record = await service.getCardHolder(1);
    expect(record).toMatchObject({ birthday: '1990-04-01', card_Holder_ID: { ref: 'A1' }, badgeColour: 'blue' });
    const event = systemEvent(2, { cardnumber: 12345, facility_Code: '07', additional_Info: { door: 'A' }, site: 'HQ' });
    const { service: events } = await stubbed(() => ({ body: event }));
    expect(await events.getEvent(2)).toEqual({ ...event, created: '2026-01-05T08:00:00.000Z' });
  });

  it('reads a missing never-shown field as null', async () => {
    const { birthday: _b, ...body } = cardHolder(1);
    const { service } = await stubbed(() => ({ body }));
    expect((await service.getCardHolder(1)).birthday).toBeNull();
  });
});

describe('create: 200, 201, or 201 with only a Location', () => {
  const newHolder = { first_Name: 'Ada', last_Name: 'Lovelace', employee_ID: '1', email: '', sex: 'f', city: '' };

  it.each([200, 201])('%i with the record', async (status) => {
    const { service, requests } = await stubbed(() => ({ status, body: cardHolder(12) }));
    expect((await service.createCardHolder(newHolder)).id).toBe(12);
    expect(JSON.parse(requests[0]!.body.toString())).toEqual(newHolder);
  });

  it('201 with an empty body and a Location → the id it names, nothing read back (cardholder-writes.ts reads it)', async () => {
    const { service, requests } = await stubbed((r) => (r.method === 'POST' ? { status: 201, headers: { location: '/api/CardHolders/44' } } : undefined));
    expect(await service.createCardHolder(newHolder)).toEqual({ id: 44, onlyLocation: true });
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /api/CardHolders/create']);
  });

  it.each([
    ['in a list', [cardHolder(12)]],
    ['in a wrapper', { data: cardHolder(12) }],
  ])('the record %s', async (_name, body) => {
    const { service } = await stubbed(() => ({ status: 201, body }));
    expect((await service.createCardHolder(newHolder)).id).toBe(12);
  });

  it('204 without a Location → malformed_answer (nothing to read back)', async () => {
    const { service } = await stubbed(() => ({ status: 204 }));
    expect(await failureOf(service.createCardHolder(newHolder))).toMatchObject({ code: 'malformed_answer', endpoint: 'POST /api/CardHolders/create' });
  });
});

describe('update and photo: what the service answered, never read back here (cardholder-writes.ts reads back)', () => {
  it.each([...ANSWERS_WITHOUT_RECORD, ['the record of another cardholder', { status: 200, body: cardHolder(8) }]])('update answering %s → null, one request', async (_name, answer) => {
    const { service, requests } = await stubbed(() => answer);
    expect(await service.updateCardHolder({ id: 7, phone: '555' })).toBeNull();
    expect(JSON.parse(requests[0]!.body.toString())).toEqual({ id: 7, phone: '555' });
    expect(requests.map((r) => r.method)).toEqual(['POST']);
  });

  it.each([
    ['in a list', [cardHolder(7, { phone: '557' })]],
    ['in a wrapper', { result: cardHolder(7, { phone: '557' }) }],
  ])('update answering the record %s → that record', async (_name, body) => {
    const { service, requests } = await stubbed(() => ({ body }));
    expect(await service.updateCardHolder({ id: 7, phone: '557' })).toMatchObject({ id: 7, phone: '557' });
    expect(requests).toHaveLength(1);
  });

  it('update answering the whole record → no re-read', async () => {
    const { service, requests } = await stubbed(() => ({ body: cardHolder(7, { phone: '556' }) }));
    expect((await service.updateCardHolder({ id: 7, phone: '556' }))?.phone).toBe('556');
    expect(requests).toHaveLength(1);
  });

  it('an empty photo answer → null, nothing read back', async () => {
    const { service, requests } = await stubbed(() => ({ status: 200 }));
    expect(await service.uploadPhoto(8, { bytes: jpegBytes(), contentType: 'image/jpeg' })).toBeNull();
    expect(requests).toHaveLength(1);
  });

  it('multipart uses the configured part name and the photo content type', async () => {
    const { service, requests } = await stubbed((r) => (r.method === 'POST' ? { body: cardHolder(3, { photo_Exists: true }) } : undefined), ['--photo-part-name=picture']);
    await service.uploadPhoto(3, { bytes: jpegBytes(32), contentType: 'image/png', fileName: 'face.png' });
    const request = requests[0]!;
    expect(request.url).toBe('/api/CardHolders/3/photo');
    expect(request.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const text = request.body.toString('latin1');
    expect(text).toMatch(/Content-Disposition: form-data; name="picture"; filename="face.png"/i);
    expect(text).toMatch(/Content-Type: image\/png/i);
  });

  it('raw upload sends the bytes with the content type', async () => {
    const { service, requests } = await stubbed(() => ({ body: cardHolder(3) }), ['--photo-upload=raw']);
    const bytes = jpegBytes(50);
    await service.uploadPhoto(3, { bytes, contentType: 'image/jpeg' });
    expect(requests[0]!.headers['content-type']).toBe('image/jpeg');
    expect(new Uint8Array(requests[0]!.body)).toEqual(bytes);
  });

  it('a photo over photo.maxBytes → too_large without sending', async () => {
    const { service, requests } = await stubbed(() => ({ body: cardHolder(3) }), ['--photo-max-bytes=2048']);
    expect(await failureOf(service.uploadPhoto(3, { bytes: jpegBytes(4096), contentType: 'image/jpeg' }))).toMatchObject({ code: 'too_large' });
    expect(requests).toHaveLength(0);
  });
});

describe('answers that are not what the spec says', () => {
  it('HTML → malformed_answer', async () => {
    const { service } = await stubbed(() => ({ headers: { 'content-type': 'text/html' }, body: '<html>Login</html>' }));
    const error = await failureOf(service.getMaxEventId());
    expect(error.code).toBe('malformed_answer');
    expect(error.detail).toMatch(/not valid JSON \(content type text\/html\)/);
  });

  it('a redirection is not followed → malformed_answer', async () => {
    const { service, requests } = await stubbed((r) => (r.url.startsWith('/login') ? { body: { maxId: 1 } } : { status: 302, headers: { location: '/login' } }));
    expect(await failureOf(service.getMaxEventId())).toMatchObject({ code: 'malformed_answer', status: 302 });
    expect(requests).toHaveLength(1);
  });

  it('an empty 200 → malformed_answer', async () => {
    const { service } = await stubbed(() => ({ status: 200 }));
    expect(await failureOf(service.listCardHolders())).toMatchObject({ code: 'malformed_answer' });
  });
});

describe('error bodies and statuses', () => {
  it('ASP.NET validation problems → rejected naming the field', async () => {
    const { service } = await stubbed(() => ({
      status: 422,
      body: { title: 'One or more validation errors occurred.', status: 422, errors: { Email: ['The Email field is not a valid e-mail address.'] } },
    }));
    const error = await failureOf(service.updateCardHolder({ id: 1, email: 'x' }));
    expect(error).toMatchObject({ code: 'rejected', status: 422, field: 'Email' });
    expect(error.message).toContain('The Email field is not a valid e-mail address.');
  });

  it('a plain-text refusal is quoted; HTML is not', async () => {
    const { service } = await stubbed(() => ({ status: 409, body: 'Employee ID already in use' }));
    expect((await failureOf(service.createCardHolder({ first_Name: 'a', last_Name: 'b', employee_ID: '1', email: '', sex: 'm', city: '' }))).message).toMatch(
      /conflicts with its records: Employee ID already in use/,
    );
    const { service: html } = await stubbed(() => ({ status: 400, headers: { 'content-type': 'text/html' }, body: '<h1>Bad Request</h1>' }));
    const error = await failureOf(html.updateCardHolder({ id: 1 }));
    expect(error.code).toBe('rejected');
    expect(error.message).not.toContain('<h1>');
  });

  it('429 is retried, honouring Retry-After', async () => {
    let calls = 0;
    const { service, delays } = await stubbed(() => (++calls === 1 ? { status: 429, headers: { 'retry-after': '2' } } : { body: { maxId: 5 } }));
    expect(await service.getMaxEventId()).toBe(5);
    expect(delays).toEqual([2000]);
  });

  it('400 and 401 are not retried', async () => {
    const { service, delays, requests } = await stubbed(() => ({ status: 401, body: { message: 'no' } }));
    expect((await failureOf(service.getMaxEventId())).code).toBe('unauthorized');
    const { service: bad, delays: badDelays } = await stubbed(() => ({ status: 400 }));
    expect((await failureOf(bad.listEvents(1, 2))).code).toBe('rejected');
    expect([...delays, ...badDelays]).toEqual([]);
    expect(requests).toHaveLength(1);
  });

  it('an aborted call → cancelled, also while waiting to retry', async () => {
    const { service } = await stubbed(() => ({ status: 503 }));
    const controller = new AbortController();
    controller.abort();
    expect((await failureOf(service.getMaxEventId({ signal: controller.signal }))).code).toBe('cancelled');

    const stub = await startStub(() => ({ status: 503 }));
    const waiting = new AbortController();
    const real = createServiceClient({ config: configWith('--retries=3', '--retry-base-delay-ms=10000'), baseUrl: stub.url, secret: null, log: memoryLog().log });
    cleanups.push(() => stub.close(), () => real.close());
    const pending = real.getMaxEventId({ signal: waiting.signal });
    setTimeout(() => waiting.abort(), 100);
    expect((await failureOf(pending)).code).toBe('cancelled');
  });

  it('an id that is not an integer is refused before anything is sent', async () => {
    const { service, requests } = await stubbed(() => ({ body: cardHolder(1) }));
    expect((await failureOf(service.getCardHolder(1.5))).code).toBe('invalid_request');
    expect((await failureOf(service.updateCardHolder({ id: Number.NaN, phone: '1' }))).code).toBe('invalid_request');
    expect((await failureOf(service.uploadPhoto(Infinity, { bytes: jpegBytes(), contentType: 'image/jpeg' }))).code).toBe('invalid_request');
    expect(requests).toHaveLength(0);
  });

  it('a base address with a path keeps it', async () => {
    const stub = await startStub((r) => (r.url === '/access/api/SystemEvents/maxid' ? { body: { maxId: 3 } } : undefined));
    const service = createServiceClient({ config: configWith(), baseUrl: `${stub.url}/access/`, secret: null, log: memoryLog().log });
    cleanups.push(() => stub.close(), () => service.close());
    expect(await service.getMaxEventId()).toBe(3);
    expect(service.serviceLabel).toMatch(/^127\.0\.0\.1:\d+$/);
  });
});

describe('the configured service only', () => {
  it('joins a path that is an absolute URL to the service address: no request leaves for the other host (issue 32)', async () => {
    const service = await startStub(() => ({ body: cardHolder(1) }));
    const elsewhere = await startStub(() => ({ body: cardHolder(1) }));
    const http = new ServiceHttp({ config: configWith('--retries=0'), baseUrl: service.url, secret: null, log: memoryLog().log });
    cleanups.push(() => service.close(), () => elsewhere.close(), () => http.close());
    for (const path of [`${elsewhere.url}/api/CardHolders/1`, `//${new URL(elsewhere.url).host}/api/CardHolders/1`]) {
      await http.run({ endpoint: 'GET /api/CardHolders/{id}', path, read: true, accept: (answer) => answer.status }).catch(() => undefined);
    }
    await http.stream({ endpoint: 'GET /api/CardHolders', path: `${elsewhere.url}/api/CardHolders` }).catch(() => undefined);
    expect(elsewhere.requests).toEqual([]);
    expect(service.requests.length).toBeGreaterThanOrEqual(1);
  });
});
