/**
 * The outbox through the cardholder capability's handlers against the simulator over HTTP: a
 * burst of mixed enrolments with the service stopped in the middle ends with exactly the expected
 * records on the service, once each; an answer lost after the service applied a create or an
 * update does not write twice; a refusal waits in "needs attention" until fixed and resent (or
 * discarded); a refused credential pauses the queue; a damaged journal is kept aside and the rest
 * is sent; a change saved on a provisional record after its create went reaches the real record.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningSimulator } from '../../../../electron/simulator';
import { SimulatorControls } from '../../../../electron/simulator/control-client';
import type { ServiceClient } from '../../../../electron/core/service/service-client';
import { OUTBOX_FILE, type CardholdersCapability } from '../../../../electron/core/cardholders-capability';
import { OutboxJournal } from '../../../../electron/core/cardholders/outbox/outbox-journal';
import type { OutboxEvent } from '../../../../electron/core/cardholders/outbox/outbox-state';
import type { CardholderFields, CardholderRecord, EnrolmentLogEntry } from '../../../../electron/contract/ipc';
import { memoryLog } from '../../service/support';
import { SEEDED, capabilityOn, idPhoto, newPerson, serviceClient, simRecords, startSim } from './support/sim-rig';

let root: string;
let simDir: string;
let kioskDir: string;
let sim: RunningSimulator;
let controls: SimulatorControls;
let client: ServiceClient;
let capability: CardholdersCapability;
let key: Buffer;
let lines: string[];

async function startKiosk(service: ServiceClient = client): Promise<CardholdersCapability> {
  const memory = memoryLog();
  lines = memory.lines;
  const started = capabilityOn({ service, dataDir: kioskDir, key, log: memory.log });
  await started.start();
  await started.sync.settle();
  return started;
}

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'kiosk-outbox-sim-'));
  simDir = join(root, 'simulator');
  kioskDir = join(root, 'kiosk');
  key = randomBytes(32);
  sim = await startSim(simDir, 0, true);
  controls = new SimulatorControls(sim.url);
  client = serviceClient(sim.url, memoryLog().log);
  capability = await startKiosk();
});
afterEach(async () => {
  await capability.stop();
  client.close();
  await sim.close();
  await rm(root, { recursive: true, force: true });
});

/** The service stops (connections refused) … and starts again on the same port with what it stored. */
const stopService = (): Promise<void> => sim.close();
async function startService(): Promise<void> {
  sim = await startSim(simDir, sim.port);
  controls = new SimulatorControls(sim.url);
}

/** Waits until nothing waits in the outbox (refused items count as waiting here). */
async function drained(of: CardholdersCapability = capability): Promise<void> {
  of.outbox.wake();
  await expect.poll(() => of.outbox.state().items.length, { timeout: 30_000, interval: 25 }).toBe(0);
}

async function idOf(employeeId: string): Promise<number> {
  const page = await capability.handlers.searchCardholders({ query: employeeId, offset: 0, limit: 50 });
  const found = page.items.filter((item) => item.employee_ID === employeeId);
  expect(found, `one cardholder with employee ID ${employeeId} in the lookup`).toHaveLength(1);
  return found[0]?.id ?? 0;
}

function countKinds(entries: EnrolmentLogEntry[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const entry of entries) counts[entry.kind] = (counts[entry.kind] ?? 0) + 1;
  return counts;
}

const EMPLOYEE = (n: number): string => `7700${String(n).padStart(4, '0')}`;

describe('outbox against the simulator', () => {
  it('a burst of 120 mixed enrolments with the service stopped in the middle ends with exactly the expected records, once each', async () => {
    const seeded = (await simRecords(sim.url)).slice(0, 12);
    const photos = [idPhoto(1), idPhoto(2), idPhoto(3)];
    /** What each cardholder must hold on the service at the end, by employee ID. */
    const expected = new Map<string, { fields: Partial<CardholderFields>; photo: number | null; isNew: boolean }>();
    for (const record of seeded) expected.set(record.employee_ID, { fields: {}, photo: null, isNew: false });
    const created: string[] = [];
    const outcomes: Record<string, number> = {};
    const count = (what: string): void => void (outcomes[what] = (outcomes[what] ?? 0) + 1);
    let random = 12345;
    const next = (n: number): number => {
      random = (random * 1103515245 + 12345) % 2147483648;
      return random % n;
    };
    const target = (): string => {
      const pool = next(3) === 0 ? seeded.map((r) => r.employee_ID) : created.length > 0 ? created : seeded.map((r) => r.employee_ID);
      return pool[next(pool.length)] ?? '';
    };

    const OPS = 120;
    for (let i = 0; i < OPS; i++) {
      if (i === 40) await stopService();
      if (i === 85) {
        await startService();
        // The feed saw the service again.
        capability.outbox.wake();
      }
      const kind = i < 6 ? 'create' : (['create', 'update', 'update', 'photo', 'create'] as const)[i % 5];
      if (kind === 'create') {
        const employeeId = EMPLOYEE(created.length + 1);
        const fields = newPerson(created.length + 1, employeeId);
        const written = await capability.handlers.createCardholder(fields);
        count(`create ${written.queued ? 'queued' : 'sent'}`);
        expect(written.record).toMatchObject({ employee_ID: employeeId, first_Name: fields.first_Name });
        created.push(employeeId);
        expected.set(employeeId, { fields: { ...fields }, photo: null, isNew: true });
      } else if (kind === 'update') {
        const employeeId = target();
        const id = await idOf(employeeId);
        const view = await capability.handlers.getCardholder({ id });
        const changes: Partial<CardholderFields> = i % 2 === 0 ? { phone: `+1 555 01${String(i).padStart(3, '0')}` } : { city: `Cork ${i}`, zip: `T${i}`, sex: (['m', 'f', 'x'] as const)[i % 3] ?? 'm' };
        const outcome = await capability.handlers.updateCardholder({ id, changes, expectedUpdated: view.record.updated });
        expect(['saved', 'queued'], `update ${i} of ${employeeId}`).toContain(outcome.outcome);
        count(`update ${outcome.outcome}`);
        const entry = expected.get(employeeId);
        if (entry) Object.assign(entry.fields, changes);
      } else {
        const employeeId = target();
        const id = await idOf(employeeId);
        const which = next(photos.length);
        const written = await capability.handlers.uploadCardholderPhoto({ id, photo: photos[which] ?? new Uint8Array(), contentType: 'image/jpeg', overriddenHints: [] });
        count(`photo ${written.queued ? 'queued' : 'sent'}`);
        const entry = expected.get(employeeId);
        if (entry) entry.photo = which;
      }
    }
    // The officer saw the pending count while the service was away.
    expect(outcomes['create queued'] ?? 0).toBeGreaterThan(10);
    expect(outcomes['update queued'] ?? 0).toBeGreaterThan(10);
    expect(outcomes['photo queued'] ?? 0).toBeGreaterThan(5);
    expect(outcomes['create sent'] ?? 0).toBeGreaterThan(10);

    await drained();
    const state = capability.outbox.state();
    expect(state).toMatchObject({ pending: 0, failed: 0, damage: null, paused: null });

    // The simulator holds exactly the expected records, each once, with the right fields and photos.
    const onService = await simRecords(sim.url);
    expect(onService).toHaveLength(SEEDED + created.length);
    const byEmployee = new Map<string, CardholderRecord[]>();
    for (const record of onService) byEmployee.set(record.employee_ID, [...(byEmployee.get(record.employee_ID) ?? []), record]);
    let checked = 0;
    for (const [employeeId, want] of expected) {
      const records = byEmployee.get(employeeId) ?? [];
      expect(records, `records with employee ID ${employeeId}`).toHaveLength(1);
      const record = records[0] as CardholderRecord;
      const { sex, tenant, ...plain } = want.fields;
      expect(record, employeeId).toMatchObject(plain);
      if (sex !== undefined) expect(record.sex, employeeId).toBe(sex.toUpperCase());
      if (tenant !== undefined) expect(record.tenant, employeeId).toEqual([...tenant].sort((a, b) => a - b));
      if (want.photo !== null) {
        expect(record.photo_Exists, employeeId).toBe(true);
        expect(Buffer.from((await controls.photoContent(record.id)) ?? []).equals(Buffer.from(photos[want.photo] ?? [])), `photo of ${employeeId}`).toBe(true);
      } else if (want.isNew) {
        expect(record.photo_Exists, employeeId).toBe(false);
      }
      // The lookup shows the record the service holds, no longer pending.
      expect(await idOf(employeeId)).toBe(record.id);
      checked++;
    }
    expect(checked).toBe(expected.size);

    // The enrolment log tells each action once: sent at once, or queued and then replayed.
    const kinds = countKinds(await capability.handlers.listEnrolmentLog(undefined));
    const queued = (outcomes['create queued'] ?? 0) + (outcomes['update queued'] ?? 0) + (outcomes['photo queued'] ?? 0);
    expect(kinds).toEqual({
      created: outcomes['create sent'] ?? 0,
      updated: outcomes['update saved'] ?? 0,
      photo: outcomes['photo sent'] ?? 0,
      queued,
      replayed: queued,
    });
    console.log(`outbox burst: ${OPS} enrolments (${JSON.stringify(outcomes)}), ${checked} cardholders checked on the simulator`);
  }, 120_000);

  it('an answer lost after the service applied a create does not make a second cardholder; the queued work is linked', async () => {
    await controls.setFaults({ pathPrefix: '/api/CardHolders/create', drop: { afterProcessing: true, count: 1 } });
    const written = await capability.handlers.createCardholder(newPerson(1, '77009901'));
    expect(written.queued).toMatchObject({ kind: 'create', state: 'pending' });
    // A photo for the new cardholder waits for it and goes to the id the service gave.
    await capability.handlers.uploadCardholderPhoto({ id: written.record.id, photo: idPhoto(7), contentType: 'image/jpeg', overriddenHints: [] });
    await drained();
    const records = (await simRecords(sim.url)).filter((r) => r.employee_ID === '77009901');
    expect(records).toHaveLength(1);
    expect(records[0]?.photo_Exists).toBe(true);
    const log = await capability.handlers.listEnrolmentLog(undefined);
    expect(log.filter((e) => e.kind === 'linked')).toEqual([expect.objectContaining({ cardholderId: records[0]?.id, name: `${newPerson(1, '').last_Name}, ${newPerson(1, '').first_Name}` })]);
    expect(log.filter((e) => e.kind === 'replayed').map((e) => e.outcome)).toEqual([{ code: 'photoAfterWaiting' }]);
    expect(await idOf('77009901')).toBe(records[0]?.id);
  });

  it('an answer lost after the service applied an update is not sent again', async () => {
    const [someone] = await simRecords(sim.url);
    if (!someone) throw new Error('empty simulator');
    await controls.setFaults({ pathPrefix: '/api/CardHolders/update', drop: { afterProcessing: true, count: 1 } });
    const outcome = await capability.handlers.updateCardholder({ id: someone.id, changes: { city: 'Galway' }, expectedUpdated: someone.updated });
    expect(outcome.outcome).toBe('queued');
    await drained();
    expect((await simRecords(sim.url)).find((r) => r.id === someone.id)?.city).toBe('Galway');
    expect((await capability.handlers.listEnrolmentLog(undefined))[0]).toMatchObject({ kind: 'replayed', outcome: { code: 'alreadyHad' } });
  });

  it('a directory update already under way when a create’s answer was lost does not decide that the service lacks it', async () => {
    await capability.stop();
    // The list is read before the create reaches the service, and handed over only later.
    let hold: Promise<void> | null = null;
    let release: () => void = () => undefined;
    const slowList: ServiceClient = {
      ...client,
      downloadCardHolders: async (...args) => {
        const list = await client.downloadCardHolders(...args);
        if (hold) await hold;
        return list;
      },
    };
    capability = await startKiosk(slowList);
    hold = new Promise<void>((resolve) => (release = resolve));
    const syncing = capability.handlers.syncDirectory({});
    await expect.poll(() => capability.sync.state().syncing !== null).toBe(true);
    await controls.setFaults({ pathPrefix: '/api/CardHolders/create', drop: { afterProcessing: true, count: 1 } });
    const written = await capability.handlers.createCardholder(newPerson(2, '77009902'));
    expect(written.queued).not.toBeNull();
    // The outbox tries again while the old list is still on its way.
    await expect.poll(() => capability.outbox.state().items[0]?.attempts ?? 0).toBeGreaterThan(0);
    hold = null;
    release();
    await syncing;
    await drained();
    expect((await simRecords(sim.url)).filter((r) => r.employee_ID === '77009902')).toHaveLength(1);
    expect((await capability.handlers.listEnrolmentLog(undefined)).map((e) => e.kind)).toContain('linked');
  });

  it('a refused item waits in "needs attention" with the service’s message, and is sent once fixed; another is discarded', async () => {
    await stopService();
    const tooLong = newPerson(3, '77009903');
    tooLong.first_Name = 'N'.repeat(101);
    const refusedByFault = newPerson(4, '77009904');
    const discarded = { ...newPerson(5, '77009905'), email: `${'x'.repeat(250)}@contoso.example` };
    const b = await capability.handlers.createCardholder(refusedByFault);
    const a = await capability.handlers.createCardholder(tooLong);
    await capability.handlers.uploadCardholderPhoto({ id: a.record.id, photo: idPhoto(4), contentType: 'image/jpeg', overriddenHints: [] });
    const c = await capability.handlers.createCardholder(discarded);
    await startService();
    await controls.setFaults({ pathPrefix: '/api/CardHolders/create', error: { status: 422, count: 1 } });
    capability.outbox.wake();
    // An injected 422 and two real refusals (a name, an e-mail address too long): all wait for the officer.
    await expect.poll(() => capability.outbox.state().failed, { timeout: 10_000 }).toBe(3);
    const state = capability.outbox.state();
    const itemOf = (id: number) => state.items.find((i) => i.cardholderId === id && i.kind === 'create');
    expect(itemOf(a.record.id)).toMatchObject({ state: 'failed', lastError: { code: 'rejected', status: 400, field: 'first_Name' } });
    expect(itemOf(a.record.id)?.lastError?.message).toMatch(/^The access-control service refused the data: .*first_Name/);
    expect(itemOf(b.record.id)).toMatchObject({ state: 'failed', lastError: { code: 'rejected', status: 422, message: 'The access-control service refused the data: Injected fault: status 422.' } });
    expect(itemOf(c.record.id)).toMatchObject({ state: 'failed', lastError: { code: 'rejected', status: 400, field: 'email' } });
    expect(state.items.find((i) => i.cardholderId === a.record.id && i.kind === 'photo')?.state).toBe('pending');
    // The lookup still shows them, marked pending.
    const pending = await capability.handlers.searchCardholders({ query: '77009905', offset: 0, limit: 5 });
    expect(pending.items).toEqual([expect.objectContaining({ id: c.record.id, pending: true })]);

    await capability.handlers.resendOutboxItem({ itemId: itemOf(a.record.id)?.id ?? '', create: { ...tooLong, first_Name: 'Niamh' } });
    await capability.handlers.resendOutboxItem({ itemId: itemOf(b.record.id)?.id ?? '' });
    await capability.handlers.discardOutboxItem({ itemId: itemOf(c.record.id)?.id ?? '' });
    await drained();
    const onService = await simRecords(sim.url);
    expect(onService.filter((r) => r.employee_ID === '77009903')).toEqual([expect.objectContaining({ first_Name: 'Niamh', photo_Exists: true })]);
    expect(onService.filter((r) => r.employee_ID === '77009904')).toHaveLength(1);
    expect(onService.filter((r) => r.employee_ID === '77009905')).toEqual([]);
    expect((await capability.handlers.searchCardholders({ query: '77009905', offset: 0, limit: 5 })).items).toEqual([]);
    const kinds = countKinds(await capability.handlers.listEnrolmentLog(undefined));
    expect(kinds).toMatchObject({ queued: 4, refused: 3, discarded: 1, replayed: 3 });
  });

  it('a refused credential pauses the whole queue and tells the officer to call an administrator; a retry resumes it', async () => {
    const [first, second] = await simRecords(sim.url);
    if (!first || !second) throw new Error('empty simulator');
    await stopService();
    await capability.handlers.updateCardholder({ id: first.id, changes: { city: 'Sligo' }, expectedUpdated: first.updated });
    await capability.handlers.updateCardholder({ id: second.id, changes: { city: 'Ennis' }, expectedUpdated: second.updated });
    await startService();
    await controls.setFaults({ error: { status: 401 } });
    capability.outbox.wake();
    await expect.poll(() => capability.outbox.state().paused, { timeout: 10_000 }).not.toBeNull();
    const state = await capability.handlers.getOutbox(undefined);
    expect(state.paused?.error).toMatchObject({ code: 'unauthorized', status: 401 });
    expect(state.paused?.error.message).toContain('Ask the administrator');
    expect(state.pending).toBe(2);
    await controls.clearFaults();
    // Nothing is sent while paused, even when the service answers again.
    capability.outbox.wake();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await simRecords(sim.url)).find((r) => r.id === first.id)?.city).toBe(first.city);
    const resumed = await capability.handlers.retryOutbox(undefined);
    expect(resumed.paused).toBeNull();
    await drained();
    const onService = await simRecords(sim.url);
    expect(onService.find((r) => r.id === first.id)?.city).toBe('Sligo');
    expect(onService.find((r) => r.id === second.id)?.city).toBe('Ennis');
  });

  it('a damaged journal at start is reported and kept aside byte for byte; what could be read is sent', async () => {
    await stopService();
    for (let n = 1; n <= 5; n++) await capability.handlers.createCardholder(newPerson(10 + n, `7700992${n}`));
    await capability.stop();
    // Damage the record that queued the third create.
    const file = join(kioskDir, OUTBOX_FILE);
    const loaded = await new OutboxJournal<OutboxEvent>(file, key).load();
    const index = loaded.records.findIndex((e) => e.type === 'queued' && e.item.create?.employee_ID === '77009923');
    expect(index).toBeGreaterThan(0);
    const bytes = await readFile(file);
    let at = 7;
    for (let i = 0; i < index; i++) at += 8 + bytes.readUInt32BE(at);
    bytes[at + 8 + 20] = (bytes[at + 8 + 20] ?? 0) ^ 0xff;
    await writeFile(file, bytes, { mode: 0o600 });

    await startService();
    capability = await startKiosk();
    const state = capability.outbox.state();
    expect(state.damage).toMatchObject({ unreadable: 1, reason: '1 record in it could not be read' });
    expect((await readFile(state.damage?.keptAt ?? '')).equals(bytes)).toBe(true);
    expect(lines.join('\n')).toContain('the saved outbox could not be read whole');
    await drained();
    const onService = (await simRecords(sim.url)).map((r) => r.employee_ID);
    expect(['77009921', '77009922', '77009924', '77009925'].every((id) => onService.filter((e) => e === id).length === 1)).toBe(true);
    expect(onService).not.toContain('77009923');
    // The kept file stays for the administrator; the queue goes on in a fresh journal.
    expect((await readdir(kioskDir)).filter((f) => f.startsWith(`${OUTBOX_FILE}.damaged-`))).toHaveLength(1);
    expect(capability.outbox.state().damage).not.toBeNull();
  });

  it('a change saved on a provisional record after its create went reaches the record the service made', async () => {
    await stopService();
    const { record: provisional } = await capability.handlers.createCardholder(newPerson(6, '77009906'));
    expect(provisional.id).toBeLessThan(0);
    await startService();
    await drained();
    const realId = await idOf('77009906');
    // The form still holds the provisional record: the change goes straight to the real one (its base was the offline version, no conflict check).
    const outcome = await capability.handlers.updateCardholder({ id: provisional.id, changes: { city: 'Kilkenny' }, expectedUpdated: provisional.updated });
    expect(outcome).toMatchObject({ outcome: 'saved', record: { id: realId, city: 'Kilkenny' } });
    const photo = await capability.handlers.uploadCardholderPhoto({ id: provisional.id, photo: idPhoto(9), contentType: 'image/jpeg', overriddenHints: [] });
    expect(photo.record.id).toBe(realId);
    await drained();
    expect(capability.outbox.state().failed).toBe(0);
    expect((await simRecords(sim.url)).filter((r) => r.employee_ID === '77009906')).toEqual([expect.objectContaining({ id: realId, city: 'Kilkenny', photo_Exists: true })]);
  });
});
