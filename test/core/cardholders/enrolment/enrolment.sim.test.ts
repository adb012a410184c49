/**
 * Enrolment in main against the simulator over real HTTP: duplicates from the directory, create
 * (sex sent in lower case, the record found by the lookup at once), update (only the changed
 * fields reach the service, nothing when nothing changed, a conflict when the record moved on the
 * server), the photo (checked before sending, progress as a task, photo_Exists after) and the
 * service's refusals with the field they name.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jpeg from 'jpeg-js';
import { startSimulator, type RunningSimulator } from '../../../../electron/simulator';
import { SimulatorControls } from '../../../../electron/simulator/control-client';
import { createServiceClient, type ServiceClient } from '../../../../electron/core/service/service-client';
import type { CardholdersCapability } from '../../../../electron/core/cardholders-capability';
import { PushBus } from '../../../../electron/core/ipc/push-bus';
import type { CardholderFields, PushEvents, TaskProgress } from '../../../../electron/contract/ipc';
import { enrolmentCapability } from '../support/sim-capability';
import { configWith, failureOf, memoryLog } from '../../service/support';

let dataDir: string;
let sim: RunningSimulator;
let controls: SimulatorControls;
let capability: CardholdersCapability;
let client: ServiceClient;
let tasks: TaskProgress[];
let lines: string[];
const requests: Array<{ path: string; body: string }> = [];

const fields = (patch: Partial<CardholderFields> = {}): CardholderFields => ({
  first_Name: 'Saoirse',
  last_Name: 'Ní Bhriain',
  middle_Name: '',
  employee_ID: '700001',
  email: 'saoirse.nibhriain@contoso.example',
  sex: 'f',
  phone: '+353 1 555 0101',
  address1: '1 Grafton Street',
  address2: '',
  city: 'Dublin',
  state: '',
  zip: 'D02',
  tenant: [0, 2],
  card_Holder_Type_ID: 3,
  ...patch,
});

function photo(width = 600, height = 800): Uint8Array {
  const data = Buffer.alloc(width * height * 4);
  for (let i = 0; i < data.length; i += 4) data.set([(i / 4) % 255, 120, 200, 255], i);
  return new Uint8Array(jpeg.encode({ data, width, height }, 85).data);
}

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'kiosk-enrolment-'));
  sim = await startSimulator({ fresh: true, cardholders: 50, eventRate: 0, historyEvents: 10, testControls: true, logRequests: false });
  controls = new SimulatorControls(sim.url);
  const push = new PushBus();
  tasks = [];
  push.subscribe(<P extends keyof PushEvents>(name: P, payload: PushEvents[P]) => {
    if (name === 'taskProgress') tasks.push(payload as TaskProgress);
  });
  const memory = memoryLog();
  lines = memory.lines;
  client = createServiceClient({ config: configWith('--retries=0'), baseUrl: sim.url, secret: null, log: memory.log });
  // Record what reaches the service (body of each write).
  const spied: ServiceClient = {
    ...client,
    createCardHolder: async (record, options) => {
      requests.push({ path: 'create', body: JSON.stringify(record) });
      return client.createCardHolder(record, options);
    },
    updateCardHolder: async (changes, options) => {
      requests.push({ path: 'update', body: JSON.stringify(changes) });
      return client.updateCardHolder(changes, options);
    },
  };
  capability = enrolmentCapability(spied, push, memory.log, dataDir);
  await capability.start();
  await capability.sync.settle();
  requests.length = 0;
});
afterEach(async () => {
  await capability.stop();
  client.close();
  await sim.close();
  await rm(dataDir, { recursive: true, force: true });
});

const onService = async (id: number): Promise<Record<string, unknown>> => (await (await fetch(`${sim.url}/api/CardHolders/${id}`)).json()) as Record<string, unknown>;

describe('enrolment', () => {
  it('creates with only the seed\'s six fields, sending nothing else, and counts the person in the directory at once', async () => {
    const before = capability.sync.state().records;
    const six = { first_Name: 'Ada', last_Name: 'Lovelace', employee_ID: 'E-1234', email: 'ada@fabrikam.example', sex: 'f' as const, city: 'London' };
    const { record } = await capability.handlers.createCardholder(six);
    expect(JSON.parse(requests[0]?.body ?? '{}')).toEqual(six);
    expect(record).toMatchObject({ employee_ID: 'E-1234', city: 'London' });
    expect(capability.sync.state()).toMatchObject({ records: before + 1, enrolledHere: 1 });
  });

  it('offers the tenants and cardholder types the directory\'s records carry, with their counts, and preselects none of them', async () => {
    const choices = await capability.handlers.getEnrolmentChoices(undefined);
    expect(choices.records).toBe(50);
    expect(choices.tenants.map((t) => t.id)).toContain(0);
    expect(choices.tenants.every((t) => !t.named && t.name === `Tenant ${t.id}` && t.count > 0)).toBe(true);
    expect(choices.cardholderTypes.reduce((sum, t) => sum + t.count, 0)).toBe(50);
    // Nothing configured: nothing preselected (the type decides what a card opens).
    expect(choices.defaults).toEqual({ tenants: [], cardholderType: null });
  });

  it('warns about likely duplicates from the directory: same employee ID, same name, same e-mail', async () => {
    const someone = (await capability.handlers.searchCardholders({ query: '', offset: 0, limit: 1 })).items[0];
    if (!someone) throw new Error('empty directory');
    const found = await capability.handlers.findDuplicateCardholders({ first_Name: someone.first_Name.toUpperCase(), last_Name: someone.last_Name, employee_ID: '', email: '' });
    expect(found.map((d) => d.reasons)).toContainEqual(['name']);
    const byId = await capability.handlers.findDuplicateCardholders({ first_Name: 'X', last_Name: 'Y', employee_ID: someone.employee_ID });
    expect(byId).toEqual([{ cardholder: expect.objectContaining({ id: someone.id }), reasons: ['employeeId'] }]);
    expect(await capability.handlers.findDuplicateCardholders({ first_Name: someone.first_Name, last_Name: someone.last_Name, excludeId: someone.id })).not.toContainEqual(expect.objectContaining({ cardholder: expect.objectContaining({ id: someone.id }) }));
    expect(await capability.handlers.findDuplicateCardholders({ first_Name: '', last_Name: '' })).toEqual([]);
  });

  it('creates a cardholder with sex in lower case, and the lookup finds it at once', async () => {
    const { record } = await capability.handlers.createCardholder(fields());
    expect(JSON.parse(requests[0]?.body ?? '{}')).toMatchObject({ sex: 'f', first_Name: 'Saoirse', tenant: [0, 2] });
    expect(record).toMatchObject({ first_Name: 'Saoirse', last_Name: 'Ní Bhriain', sex: 'F', employee_ID: '700001', card_Holder_Type_ID: 3 });
    expect(await onService(record.id)).toMatchObject({ city: 'Dublin', email: 'saoirse.nibhriain@contoso.example' });
    const page = await capability.handlers.searchCardholders({ query: 'saoirse ni bhriain', offset: 0, limit: 5 });
    expect(page.items.map((i) => i.id)).toEqual([record.id]);
    const dup = await capability.handlers.findDuplicateCardholders({ first_Name: 'saoirse', last_Name: 'NI BHRIAIN' });
    expect(dup.map((d) => d.cardholder.id)).toEqual([record.id]);
  });

  it('updates only the fields that changed, and sends nothing when nothing did', async () => {
    const { record: created } = await capability.handlers.createCardholder(fields());
    const before = await onService(created.id);
    requests.length = 0;
    const outcome = await capability.handlers.updateCardholder({ id: created.id, changes: { phone: '+353 1 555 0202', zip: 'D04' }, expectedUpdated: created.updated });
    expect(outcome).toMatchObject({ outcome: 'saved', sent: ['phone', 'zip'], warning: null, record: { phone: '+353 1 555 0202', zip: 'D04' } });
    expect(JSON.parse(requests[0]?.body ?? '{}')).toEqual({ id: created.id, phone: '+353 1 555 0202', zip: 'D04' });
    const after = await onService(created.id);
    const changedKeys = Object.keys(after).filter((k) => JSON.stringify(after[k]) !== JSON.stringify(before[k]));
    expect(changedKeys.sort()).toEqual(['phone', 'updated', 'zip']);
    // The operator log names the fields as the form does.
    expect((await capability.handlers.listEnrolmentLog(undefined)).map((e) => e.outcome)).toContainEqual({ code: 'changed', fields: ['phone', 'zip'] });
    requests.length = 0;
    expect(await capability.handlers.updateCardholder({ id: created.id, changes: {}, expectedUpdated: created.updated })).toEqual({ outcome: 'unchanged', record: null });
    expect(requests).toEqual([]);
  });

  it('does not overwrite a record that changed on the server since it was opened, and hands back the server version', async () => {
    const { record: created } = await capability.handlers.createCardholder(fields());
    await fetch(`${sim.url}/api/CardHolders/update`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id: created.id, phone: '+353 1 999 0000' }) });
    requests.length = 0;
    const outcome = await capability.handlers.updateCardholder({ id: created.id, changes: { phone: '+353 1 555 0303' }, expectedUpdated: created.updated });
    expect(outcome).toMatchObject({ outcome: 'conflict', current: { phone: '+353 1 999 0000' } });
    expect(requests).toEqual([]);
    expect((await onService(created.id)).phone).toBe('+353 1 999 0000');
  });

  it('passes on the service refusal with the field it names', async () => {
    await controls.setFaults({ pathPrefix: '/api/CardHolders/create', error: { status: 400, count: 1 } });
    const error = await failureOf(Promise.resolve(capability.handlers.createCardholder(fields())));
    expect(error.code).toBe('rejected');
  });

  it('uploads a checked photo with progress, and the record then says a photo is on file', async () => {
    const { record: created } = await capability.handlers.createCardholder(fields());
    const bytes = photo();
    const { record, queued } = await capability.handlers.uploadCardholderPhoto({ id: created.id, taskId: 'photo-1', photo: bytes, contentType: 'image/jpeg', overriddenHints: ['no-face'] });
    expect(queued).toBeNull();
    expect(record.photo_Exists).toBe(true);
    const stored = await controls.photoContent(created.id);
    expect(Buffer.from(stored ?? []).equals(Buffer.from(bytes))).toBe(true);
    expect(tasks.filter((t) => t.taskId === 'photo-1').at(-1)).toMatchObject({ finished: true, task: 'photoUpload' });
    expect(lines.join('\n')).toContain(`photo of cardholder ${created.id} used despite the hints: no-face`);
    expect((await capability.handlers.searchCardholders({ query: 'saoirse', offset: 0, limit: 5 })).items[0]?.photo_Exists).toBe(true);
  });

  it('refuses a photo that is not a JPEG of the configured size before anything is sent', async () => {
    const { record: created } = await capability.handlers.createCardholder(fields());
    const wrongSize = await failureOf(Promise.resolve(capability.handlers.uploadCardholderPhoto({ id: created.id, photo: photo(640, 480), contentType: 'image/jpeg', overriddenHints: [] })));
    expect(wrongSize).toMatchObject({ code: 'invalid_request', field: 'photo', key: 'errors.photoWrongSize', message: 'The photo is 640×480 pixels; this kiosk uploads 600×800. Take it again.' });
    const notJpeg = await failureOf(Promise.resolve(capability.handlers.uploadCardholderPhoto({ id: created.id, photo: new Uint8Array([1, 2, 3, 4]), contentType: 'image/jpeg', overriddenHints: [] })));
    expect(notJpeg.message).toBe('The photo is not a JPEG image; take it again.');
    expect(await controls.photo(created.id)).toBeNull();
  });

  it('refuses a change or a photo for a provisional id that nothing waits for, at once: nothing queued, nothing sent', async () => {
    requests.length = 0;
    const update = await failureOf(Promise.resolve(capability.handlers.updateCardholder({ id: -424242, changes: { phone: '+353 1 555 0199' }, expectedUpdated: '2026-11-21T10:00:00Z' })));
    expect(update).toMatchObject({ code: 'not_found', key: 'errors.provisionalGone', message: expect.stringMatching(/^This person is no longer waiting to be sent from this workstation/) });
    const upload = await failureOf(Promise.resolve(capability.handlers.uploadCardholderPhoto({ id: -424242, photo: photo(), contentType: 'image/jpeg', overriddenHints: [] })));
    expect(upload).toMatchObject({ code: 'not_found', key: 'errors.provisionalGone' });
    expect(capability.outbox.state()).toMatchObject({ pending: 0, failed: 0, items: [] });
    expect(requests).toEqual([]);
  });

  it('saves a create on this workstation when the service cannot be reached, and sends it once it answers', async () => {
    await controls.setFaults({ pathPrefix: '/api/', drop: {} });
    const written = await capability.handlers.createCardholder(fields({ employee_ID: '700009' }));
    expect(written.queued).toMatchObject({ kind: 'create', state: 'pending' });
    expect(written.record.id).toBeLessThan(0);
    // The provisional record is in the lookup, marked pending.
    const page = await capability.handlers.searchCardholders({ query: '700009', offset: 0, limit: 5 });
    expect(page.items).toEqual([expect.objectContaining({ id: written.record.id, pending: true })]);
    await controls.clearFaults();
    capability.outbox.wake();
    await expect.poll(() => capability.outbox.state().pending, { timeout: 10_000 }).toBe(0);
    const list = (await (await fetch(`${sim.url}/api/CardHolders`)).json()) as Array<{ employee_ID: string; id: number }>;
    expect(list.filter((r) => r.employee_ID === '700009')).toHaveLength(1);
  });
});
