// The cardholder writes (create, update, photo) against a tiny stub server, for answers the
// simulator never gives (201 with only a Location, empty update and photo answers, a read-back
// that fails): the read-back, once per write, is this module's (the endpoints return what the
// service answered). Moved here from service-client.stub.test.ts with their assertions.
import { afterEach, describe, expect, it } from 'vitest';
import { CardholderWrites } from '../../../../electron/core/cardholders/enrolment/cardholder-writes';
import type { EnrolmentLogEntry } from '../../../../electron/contract/ipc';
import type { CardHolder } from '../../../../electron/core/service/access-service';
import { createServiceClient } from '../../../../electron/core/service/service-client';
import { ServiceFailure } from '../../../../electron/core/service/service-errors';
import { ANSWERS_WITHOUT_RECORD, cardHolder, configWith, jpegBytes, memoryLog, recordingSleep, startStub, type StubHandler } from '../../service/support';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function stubbed(handler: StubHandler, flags: string[] = []) {
  const stub = await startStub(handler);
  const { sleep } = recordingSleep();
  const service = createServiceClient({ config: configWith(...flags), baseUrl: stub.url, secret: null, log: memoryLog().log, sleep, random: () => 0.5 });
  cleanups.push(() => stub.close(), () => service.close());
  const upserted: CardHolder[] = [];
  const audited: Array<Omit<EnrolmentLogEntry, 'at' | 'operator'>> = [];
  const writes = new CardholderWrites({
    service,
    directory: { upsert: async (records) => void upserted.push(...records) },
    audit: { add: async (entry) => void audited.push(entry) },
    log: memoryLog().log,
  });
  return { writes, requests: stub.requests, upserted, audited };
}

const newHolder = { first_Name: 'Ada', last_Name: 'Lovelace', employee_ID: '1', email: '', sex: 'f' as const, city: '' };
const opened = { expectedUpdated: cardHolder(7).updated as string, fromProvisional: false };

describe('create: read back only when the answer does not carry the record', () => {
  it('201 with an empty body and a Location → reads the new record', async () => {
    const { writes, requests, upserted } = await stubbed((r) =>
      r.method === 'POST' ? { status: 201, headers: { location: '/api/CardHolders/44' } } : r.url === '/api/CardHolders/44' ? { body: cardHolder(44) } : undefined,
    );
    expect((await writes.create(newHolder)).id).toBe(44);
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /api/CardHolders/create', 'GET /api/CardHolders/44']);
    expect(upserted.map((r) => r.id)).toEqual([44]);
  });

  it.each([
    ['the record', cardHolder(12)],
    ['the record in a list', [cardHolder(12)]],
    ['the record in a wrapper', { data: cardHolder(12) }],
  ])('answering %s → no read-back', async (_name, body) => {
    const { writes, requests, audited } = await stubbed(() => ({ status: 201, body }));
    expect((await writes.create(newHolder)).id).toBe(12);
    expect(requests.map((r) => r.method)).toEqual(['POST']);
    expect(audited).toEqual([{ kind: 'created', cardholderId: 12, name: 'Dupont, Marie', outcome: { code: 'created' } }]);
  });
});

describe('update and photo: read back once, whatever the answer', () => {
  const readBack = (id: number, extra: Record<string, unknown> = {}): StubHandler => (r) =>
    r.method === 'GET' && r.url === `/api/CardHolders/${id}` ? { body: cardHolder(id, { phone: '555', ...extra }) } : undefined;
  const beforeUpdate: StubHandler = (r) => (r.method === 'GET' && r.url === '/api/CardHolders/7' ? { body: cardHolder(7) } : undefined);

  it.each([...ANSWERS_WITHOUT_RECORD, ['200 with the whole record', { status: 200, body: cardHolder(7, { phone: '555' }) }]])('update answering %s → re-read by id', async (_name, answer) => {
    let read = 0;
    const { writes, requests } = await stubbed((r) => (r.method === 'POST' ? answer : read++ === 0 ? beforeUpdate(r) : readBack(7)(r)));
    const outcome = await writes.update(7, { phone: '555' }, opened);
    expect(outcome.outcome === 'saved' ? outcome.record : null).toMatchObject({ id: 7, phone: '555' });
    expect(JSON.parse(requests[1]!.body.toString())).toEqual({ id: 7, phone: '555' });
    // The read that decides what to send, the write, and one read-back.
    expect(requests.map((r) => r.method)).toEqual(['GET', 'POST', 'GET']);
  });

  it('an empty photo answer → re-read; the read-back failure says the write was accepted', async () => {
    const { writes, requests } = await stubbed((r) => (r.method === 'POST' ? { status: 200 } : readBack(8, { photo_Exists: true })(r)));
    expect((await writes.photo(8, { bytes: jpegBytes(), contentType: 'image/jpeg' }, { overriddenHints: [], replay: null })).id).toBe(8);
    expect(requests.map((r) => r.method)).toEqual(['POST', 'GET']);

    const { writes: broken } = await stubbed((r) => (r.method === 'POST' ? { status: 204 } : { status: 500 }), ['--retries=0']);
    const thrown = await broken.photo(8, { bytes: jpegBytes(), contentType: 'image/jpeg' }, { overriddenHints: [], replay: null }).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(ServiceFailure);
    expect((thrown as ServiceFailure).writeAccepted).toBe(true);
    expect((thrown as ServiceFailure).error).toMatchObject({ code: 'server_error' });
    expect((thrown as ServiceFailure).error.message).toMatch(/saved, but the kiosk could not read the record back/);
  });

  it('a photo answered with the whole record is still read back once (the spec leaves its answer open)', async () => {
    const { writes, requests } = await stubbed((r) => (r.method === 'POST' ? { body: cardHolder(8, { photo_Exists: true }) } : readBack(8, { photo_Exists: true })(r)));
    expect((await writes.photo(8, { bytes: jpegBytes(), contentType: 'image/jpeg' }, { overriddenHints: [], replay: null })).photo_Exists).toBe(true);
    expect(requests.map((r) => r.method)).toEqual(['POST', 'GET']);
  });
});
