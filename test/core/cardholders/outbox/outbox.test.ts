/**
 * The Outbox against a service in memory, with a clock and timers the test moves: each queued
 * write reaches the service once, in order, with exactly the calls expected; the back-off grows
 * and is jittered within its bounds; a create or an update that may have arrived is looked for
 * before it is sent again; a refusal waits for the officer (fix and resend, or discard with what
 * depends on it) while the rest goes on; a refused credential pauses everything until the officer
 * retries; and a new Outbox on the same journal carries on where the last one stopped.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Outbox, type OutboxOptions } from '../../../../electron/core/cardholders/outbox/outbox';
import { PushBus } from '../../../../electron/core/ipc/push-bus';
import type { OutboxState, PushEvents } from '../../../../electron/contract/ipc';
import { person } from '../../../support/cardholders';
import { failureOf, memoryLog } from '../../service/support';
import { FakeClock, FakeDirectory, FakeService, MemoryAudit, OUTAGE, newFields, photoBytes, refused, timedOut, unauthorized, unreachable } from './support/fakes';

let dir: string;
let file: string;
const running: Outbox[] = [];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kiosk-outbox-'));
  file = join(dir, 'outbox.journal');
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((o) => o.stop().catch(() => undefined)));
  await rm(dir, { recursive: true, force: true });
});

interface Rig {
  outbox: Outbox;
  service: FakeService;
  directory: FakeDirectory;
  clock: FakeClock;
  audit: MemoryAudit;
  published: OutboxState[];
  lines: string[];
}

async function rig(service: FakeService, options: { random?: () => number; clock?: FakeClock; directory?: FakeDirectory; base?: number; max?: number; file?: string } = {}): Promise<Rig> {
  const clock = options.clock ?? new FakeClock();
  const directory = options.directory ?? new FakeDirectory(service);
  const audit = new MemoryAudit();
  const push = new PushBus();
  const published: OutboxState[] = [];
  push.subscribe(<P extends keyof PushEvents>(name: P, payload: PushEvents[P]) => {
    if (name === 'outboxState') published.push(payload as OutboxState);
  });
  const memory = memoryLog();
  const settings: OutboxOptions = {
    file: options.file ?? file,
    key: null,
    service,
    directory,
    audit,
    push,
    log: memory.log,
    now: clock.now,
    random: options.random ?? (() => 0.5),
    retryBaseMs: options.base ?? 1_000,
    retryMaxMs: options.max ?? 8_000,
    setTimer: clock.setTimer,
  };
  const outbox = new Outbox(settings);
  running.push(outbox);
  await outbox.start();
  return { outbox, service, directory, clock, audit, published, lines: memory.lines };
}

/** Waits until the outbox has no send run going (its journal writes are real I/O). */
async function idle(outbox: Outbox): Promise<void> {
  const internals = outbox as unknown as { running: Promise<void> | null };
  for (let i = 0; i < 1000; i++) {
    await new Promise((resolve) => setImmediate(resolve));
    if (!internals.running) return;
    await internals.running.catch(() => undefined);
  }
  throw new Error('the outbox kept running');
}

/** Fires the next timer and waits for the run it starts. */
async function fire(r: Rig): Promise<void> {
  expect(r.clock.fireNext(), 'a timer was waiting').toBe(true);
  await idle(r.outbox);
}

const existing = person({ id: 7, first_Name: 'Jan', last_Name: 'Novák', employee_ID: 'E-7', phone: '+420 1', city: 'Brno' });

/** Queues, while the service is down: a create, an update and a photo of that new cardholder, and an update of an existing one. */
async function queueMixed(r: Rig, photo = photoBytes()): Promise<{ provisionalId: number }> {
  const { record } = await r.outbox.enqueue({ kind: 'create', fields: newFields(), inDoubt: false, error: OUTAGE });
  const provisionalId = record?.id ?? 0;
  await r.outbox.enqueue({ kind: 'update', cardholderId: provisionalId, label: 'Dupont, Marie', changes: { phone: '+33 1 40 00 00 02' }, inDoubt: false, error: null });
  await r.outbox.enqueue({ kind: 'photo', cardholderId: provisionalId, label: 'Dupont, Marie', photo, contentType: 'image/jpeg', overriddenHints: [], error: null });
  await r.outbox.enqueue({ kind: 'update', cardholderId: 7, label: 'Novák, Jan', changes: { city: 'Ostrava', sex: 'm' }, inDoubt: false, error: OUTAGE });
  return { provisionalId };
}

describe('outbox', () => {
  it('sends each queued write once, in order, with exactly the calls expected, to the id the service gave', async () => {
    const r = await rig(new FakeService({ ...existing, sex: 'F' }));
    r.service.down = true;
    const photo = photoBytes();
    const { provisionalId } = await queueMixed(r, photo);
    expect(provisionalId).toBe(-1);
    expect(r.directory.provisional.get(-1)).toMatchObject({ first_Name: 'Marie', employee_ID: 'E-1' });
    expect(r.outbox.state()).toMatchObject({ pending: 4, failed: 0, offline: true });
    expect(r.outbox.isOffline).toBe(true);
    expect(r.outbox.hasPendingFor(-1) && r.outbox.hasPendingFor(7)).toBe(true);
    // Nothing is tried before the first back-off delay.
    expect(r.service.calls).toEqual([]);
    expect(r.clock.waiting).toHaveLength(1);

    r.service.down = false;
    await fire(r);
    expect(r.service.calls).toEqual(['create E-1', 'get 1000', 'update 1000 phone', 'get 1000', 'photo 1000', 'get 1000', 'get 7', 'update 7 city,sex', 'get 7']);
    expect(r.service.byEmployeeId('E-1')).toEqual([expect.objectContaining({ id: 1000, phone: '+33 1 40 00 00 02', sex: 'F', photo_Exists: true })]);
    expect(r.service.photos.get(1000)?.equals(Buffer.from(photo))).toBe(true);
    expect(r.service.records.get(7)).toMatchObject({ city: 'Ostrava', sex: 'M' });
    expect(r.outbox.state()).toMatchObject({ pending: 0, failed: 0, offline: false, items: [] });
    expect(r.outbox.isOffline).toBe(false);
    expect(r.directory.provisional.size).toBe(0);
    expect(r.directory.upserted.map((c) => c.id)).toEqual([1000, 1000, 1000, 7]);
    expect(r.audit.kinds()).toEqual(['queued', 'queued', 'queued', 'queued', 'replayed', 'replayed', 'replayed', 'replayed']);
    expect(r.audit.entries[4]).toMatchObject({ cardholderId: 1000, name: 'Dupont, Marie', outcome: { code: 'createdAfterWaiting', recordId: 1000 } });
    // The officer saw every step: the count went up with each item, and down to 0.
    expect(r.published.map((s) => s.pending)).toContain(4);
    expect(r.published.at(-1)).toMatchObject({ pending: 0 });
    // Empty, the journal was compacted: a new outbox on it finds nothing to send.
    const next = await rig(new FakeService(), { file });
    expect(next.outbox.state().items).toEqual([]);
  });

  it('backs off exponentially with jitter, between half and all of each delay, up to the longest', async () => {
    const randoms = [0, 1, 0.25, 0.75, 0.5, 0.1, 0.9, 0.3];
    let draws = 0;
    const r = await rig(new FakeService(existing), { random: () => randoms[draws++ % randoms.length] ?? 0 });
    r.service.down = true;
    await r.outbox.enqueue({ kind: 'update', cardholderId: 7, label: 'Novák, Jan', changes: { city: 'Ostrava' }, inDoubt: false, error: OUTAGE });
    for (let n = 0; n < 7; n++) await fire(r);
    // One try per timer, each one call (the read before the update), nothing in between.
    expect(r.service.calls).toEqual(Array(7).fill('get 7'));
    // The delay after the enqueue, then after each failed try (attempts 1, 2, 3 …).
    const ceilings = [1_000, 1_000, 2_000, 4_000, 8_000, 8_000, 8_000, 8_000];
    expect(r.clock.asked).toHaveLength(8);
    r.clock.asked.forEach((ms, i) => {
      const ceiling = ceilings[i] ?? 0;
      expect(ms, `delay ${i}`).toBeGreaterThanOrEqual(ceiling / 2);
      expect(ms, `delay ${i}`).toBeLessThanOrEqual(ceiling);
      expect(ms, `delay ${i}`).toBe(Math.round(ceiling / 2 + (ceiling / 2) * (randoms[i] ?? 0)));
    });
    // The jitter spreads the delays of equal ceiling.
    expect(new Set(r.clock.asked.slice(4)).size).toBe(4);
    const [item] = r.outbox.state().items;
    expect(item).toMatchObject({ state: 'pending', attempts: 7, lastError: { code: 'unreachable' } });
    expect(Date.parse(item?.nextAttemptAt ?? '')).toBe(r.clock.nowMs + (r.clock.asked.at(-1) ?? 0));

    // The service answers again (the feed saw it): sent at once, without waiting for the timer.
    r.service.down = false;
    r.outbox.wake();
    await idle(r.outbox);
    expect(r.service.calls.slice(7)).toEqual(['get 7', 'update 7 city', 'get 7']);
    expect(r.outbox.state().items).toEqual([]);
  });

  it('links a create whose answer was lost to the cardholder the service made, instead of creating a second', async () => {
    const r = await rig(new FakeService());
    await r.outbox.enqueue({ kind: 'create', fields: newFields(), inDoubt: false, error: OUTAGE });
    await r.outbox.enqueue({ kind: 'update', cardholderId: -1, label: 'Dupont, Marie', changes: { city: 'Lyon' }, inDoubt: false, error: null });
    // The first try reaches the service, which creates the record; the answer never comes back.
    r.service.failNext('create', timedOut(), { applied: true });
    await fire(r);
    expect(r.service.calls).toEqual(['create E-1']);
    expect(r.outbox.state().items[0]).toMatchObject({ kind: 'create', state: 'pending', lastError: { code: 'timeout' } });
    await fire(r);
    expect(r.directory.lookedFor).toEqual(['E-1']);
    expect(r.service.calls).toEqual(['create E-1', 'get 1000', 'update 1000 city', 'get 1000']);
    expect(r.service.byEmployeeId('E-1')).toHaveLength(1);
    expect(r.service.records.get(1000)?.city).toBe('Lyon');
    expect(r.audit.entries.find((e) => e.kind === 'linked')).toMatchObject({ cardholderId: 1000, name: 'Dupont, Marie' });
    expect(r.directory.provisional.size).toBe(0);
  });

  it('creates a create in doubt when the service does not have it, and waits when it cannot look', async () => {
    const r = await rig(new FakeService());
    await r.outbox.enqueue({ kind: 'create', fields: newFields(), inDoubt: true, error: timedOut().error });
    // Looking fails (the service is away): nothing is sent blind.
    r.directory.findFails = unreachable(false);
    await fire(r);
    expect(r.service.calls).toEqual([]);
    expect(r.outbox.state().items[0]).toMatchObject({ state: 'pending', attempts: 1 });
    r.directory.findFails = null;
    await fire(r);
    expect(r.directory.lookedFor).toEqual(['E-1', 'E-1']);
    expect(r.service.calls).toEqual(['create E-1']);
    expect(r.audit.kinds()).toEqual(['queued', 'replayed']);
  });

  it('re-applies an update in doubt only for the fields that still differ', async () => {
    const r = await rig(new FakeService(existing));
    await r.outbox.enqueue({ kind: 'update', cardholderId: 7, label: 'Novák, Jan', changes: { phone: '+420 2', city: 'Ostrava' }, inDoubt: false, error: OUTAGE });
    r.service.failNext('update', timedOut(), { applied: true });
    await fire(r);
    expect(r.service.calls).toEqual(['get 7', 'update 7 city,phone']);
    // The service has both values already: nothing is sent again.
    await fire(r);
    expect(r.service.calls).toEqual(['get 7', 'update 7 city,phone', 'get 7']);
    expect(r.audit.entries.at(-1)).toMatchObject({ kind: 'replayed', outcome: { code: 'alreadyHad' } });

    // Someone already set the city: only the phone goes.
    r.service.records.set(7, { ...existing, city: 'Plzeň' });
    await r.outbox.enqueue({ kind: 'update', cardholderId: 7, label: 'Novák, Jan', changes: { phone: '+420 3', city: 'Plzeň', tenant: [2, 0] }, inDoubt: true, error: OUTAGE });
    r.service.calls.length = 0;
    await fire(r);
    expect(r.service.calls).toEqual(['get 7', 'update 7 phone,tenant', 'get 7']);
    expect(r.service.records.get(7)).toMatchObject({ phone: '+420 3', city: 'Plzeň' });
  });

  it('moves a refused item to "needs attention" with the service’s message; the rest goes on; fixed, it is sent', async () => {
    const r = await rig(new FakeService(existing));
    r.service.down = true;
    const { provisionalId } = await queueMixed(r);
    r.service.down = false;
    r.service.failNext('create', refused(422, 'employee_ID: must be unique.', 'employee_ID'));
    await fire(r);
    // The update of the existing cardholder went; the new cardholder's update and photo wait for its create.
    expect(r.service.calls).toEqual(['create E-1', 'get 7', 'update 7 city,sex', 'get 7']);
    const state = r.outbox.state();
    expect(state).toMatchObject({ pending: 2, failed: 1 });
    expect(state.items.map((i) => [i.kind, i.state, i.cardholderId])).toEqual([
      ['create', 'failed', provisionalId],
      ['update', 'pending', provisionalId],
      ['photo', 'pending', provisionalId],
    ]);
    expect(state.items[0]?.lastError).toMatchObject({ code: 'rejected', status: 422, field: 'employee_ID', message: 'The access-control service refused the data: employee_ID: must be unique.' });
    expect(state.items[0]?.fields).toMatchObject({ employee_ID: 'E-1' });
    expect(r.audit.entries.find((e) => e.kind === 'refused')?.outcome).toEqual({
      code: 'refused',
      subject: { kind: 'create' },
      error: { message: 'The access-control service refused the data: employee_ID: must be unique.' },
    });
    // Nothing retries a refusal on its own.
    expect(r.clock.waiting).toEqual([]);
    r.outbox.wake();
    await idle(r.outbox);
    expect(r.service.calls).toHaveLength(4);

    // Only a refused item can be changed and resent.
    const pendingId = state.items[1]?.id ?? '';
    expect(await failureOf(r.outbox.resend(pendingId, { changes: { phone: '1' } }))).toMatchObject({ code: 'rejected' });
    const failedId = state.items[0]?.id ?? '';
    await r.outbox.resend(failedId, { create: newFields({ employee_ID: 'E-1b' }) });
    await idle(r.outbox);
    expect(r.service.calls.slice(4)).toEqual(['create E-1b', 'get 1000', 'update 1000 phone', 'get 1000', 'photo 1000', 'get 1000']);
    expect(r.service.byEmployeeId('E-1b')).toEqual([expect.objectContaining({ id: 1000, photo_Exists: true })]);
    expect(r.outbox.state()).toMatchObject({ pending: 0, failed: 0 });
  });

  it('discards a refused create with what waits for it and takes it out of the lookup; other items stay', async () => {
    const r = await rig(new FakeService(existing));
    r.service.down = true;
    const { provisionalId } = await queueMixed(r);
    r.service.down = false;
    r.service.failNext('create', refused(400, 'first_Name: must not be empty.', 'first_Name'));
    r.service.failNext('get', unreachable(false));
    await fire(r);
    expect(r.outbox.state().items.map((i) => [i.kind, i.state])).toEqual([
      ['create', 'failed'],
      ['update', 'pending'],
      ['photo', 'pending'],
      ['update', 'pending'],
    ]);
    const createId = r.outbox.state().items[0]?.id ?? '';
    const after = await r.outbox.discard(createId);
    expect(after.items.map((i) => [i.kind, i.cardholderId])).toEqual([['update', 7]]);
    expect(r.directory.provisional.has(provisionalId)).toBe(false);
    expect(r.audit.entries.filter((e) => e.kind === 'discarded').map((e) => e.outcome)).toEqual([
      { code: 'discarded', subject: { kind: 'create' } },
      { code: 'discarded', subject: { kind: 'update', fields: ['phone'] } },
      { code: 'discarded', subject: { kind: 'photo' } },
    ]);
    expect(await failureOf(r.outbox.discard(createId))).toMatchObject({ code: 'not_found' });
    await fire(r);
    expect(r.service.byEmployeeId('E-1')).toEqual([]);
    expect(r.service.records.get(7)?.city).toBe('Ostrava');
    expect(r.outbox.state().items).toEqual([]);
    // The discard is for good: a new outbox on the journal does not bring it back.
    const next = await rig(new FakeService(), { file });
    expect(next.outbox.state().items).toEqual([]);
  });

  it('discards a waiting update of an existing cardholder alone', async () => {
    const r = await rig(new FakeService(existing));
    r.service.down = true;
    await r.outbox.enqueue({ kind: 'update', cardholderId: 7, label: 'Novák, Jan', changes: { city: 'Ostrava' }, inDoubt: false, error: OUTAGE });
    await r.outbox.enqueue({ kind: 'update', cardholderId: 7, label: 'Novák, Jan', changes: { phone: '+420 9' }, inDoubt: false, error: null });
    const [first] = r.outbox.state().items;
    const after = await r.outbox.discard(first?.id ?? '');
    expect(after.items.map((i) => i.fields)).toEqual([{ phone: '+420 9' }]);
  });

  it('pauses everything on a refused credential, also across a restart, until the officer retries', async () => {
    const r = await rig(new FakeService(existing));
    r.service.down = true;
    await r.outbox.enqueue({ kind: 'update', cardholderId: 7, label: 'Novák, Jan', changes: { city: 'Ostrava' }, inDoubt: false, error: OUTAGE });
    await r.outbox.enqueue({ kind: 'update', cardholderId: 8, label: 'Other', changes: { city: 'Plzeň' }, inDoubt: false, error: null });
    r.service.down = false;
    r.service.failNext('get', unauthorized());
    await fire(r);
    expect(r.service.calls).toEqual(['get 7']);
    const state = r.outbox.state();
    expect(state.paused).toMatchObject({ error: { code: 'unauthorized', status: 401 } });
    expect(state.items.map((i) => i.state)).toEqual(['pending', 'pending']);
    expect(r.lines.join('\n')).toContain('paused: the service refused the kiosk (unauthorized)');
    // Neither a timer nor the service coming back sends anything while paused.
    expect(r.clock.waiting).toEqual([]);
    r.outbox.wake();
    await idle(r.outbox);
    expect(r.service.calls).toEqual(['get 7']);

    // A restart does not lift the pause by itself.
    await r.outbox.stop();
    const again = await rig(r.service, { file });
    expect(again.outbox.state().paused).toMatchObject({ error: { code: 'unauthorized' } });
    await idle(again.outbox);
    expect(r.service.calls).toEqual(['get 7']);

    // The administrator fixed the credential; the officer retries.
    r.service.records.set(8, person({ id: 8, first_Name: 'O', last_Name: 'Ther', city: 'Brno' }));
    const resumed = await again.outbox.retry();
    expect(resumed.paused).toBeNull();
    await idle(again.outbox);
    expect(r.service.calls.slice(1)).toEqual(['get 7', 'update 7 city', 'get 7', 'get 8', 'update 8 city', 'get 8']);
    expect(again.outbox.state()).toMatchObject({ paused: null, pending: 0 });
  });

  it('a new outbox on the same journal carries on with the saved queue, the provisional records and the photo bytes', async () => {
    const service = new FakeService(existing);
    const first = await rig(service);
    service.down = true;
    const photo = photoBytes(50_000);
    await queueMixed(first, photo);
    const before = first.outbox.state().items.map((i) => i.id);
    await first.outbox.stop();

    service.down = false;
    const second = await rig(service, { file });
    expect(second.outbox.state().items.map((i) => i.id)).toEqual(before);
    expect(second.directory.provisional.get(-1)).toMatchObject({ employee_ID: 'E-1' });
    await idle(second.outbox);
    expect(service.calls).toEqual(['create E-1', 'get 1000', 'update 1000 phone', 'get 1000', 'photo 1000', 'get 1000', 'get 7', 'update 7 city,sex', 'get 7']);
    expect(service.photos.get(1000)?.equals(Buffer.from(photo))).toBe(true);
    expect(second.outbox.state().items).toEqual([]);
    // A queued create's provisional id is never handed out again.
    const { record } = await second.outbox.enqueue({ kind: 'create', fields: newFields({ employee_ID: 'E-2' }), inDoubt: false, error: OUTAGE });
    expect(record?.id).toBe(-5);
  });

  it('after a stop in the middle of a send, looks for the create on the service before sending it again', async () => {
    const service = new FakeService();
    const first = await rig(service);
    await first.outbox.enqueue({ kind: 'create', fields: newFields(), inDoubt: false, error: OUTAGE });
    // The create reaches the service; the kiosk stops before the answer (the call never returns here).
    service.hangNext('create', { applied: true });
    first.clock.fireNext();
    await expect.poll(() => service.byEmployeeId('E-1').length).toBe(1);
    expect(first.outbox.state().items[0]?.state).toBe('sending');

    // The next start reads the journal the first outbox left.
    const second = await rig(service, { file });
    await idle(second.outbox);
    expect(second.directory.lookedFor).toEqual(['E-1']);
    expect(service.byEmployeeId('E-1')).toHaveLength(1);
    expect(second.audit.kinds()).toEqual(['linked']);
    expect(second.outbox.state().items).toEqual([]);
    running.splice(running.indexOf(first.outbox), 1);
  });

  it('sends a change made on a provisional record after its create was confirmed to the record the service made', async () => {
    const r = await rig(new FakeService());
    r.service.down = true;
    const { record } = await r.outbox.enqueue({ kind: 'create', fields: newFields(), inDoubt: false, error: OUTAGE });
    r.service.down = false;
    await fire(r);
    expect(r.service.byEmployeeId('E-1')).toHaveLength(1);
    // The officer's form still shows the provisional record (id -1) and saves a change to it.
    await r.outbox.enqueue({ kind: 'update', cardholderId: record?.id ?? 0, label: 'Dupont, Marie', changes: { city: 'Lyon' }, inDoubt: false, error: null });
    await r.outbox.enqueue({ kind: 'photo', cardholderId: record?.id ?? 0, label: 'Dupont, Marie', photo: photoBytes(), contentType: 'image/jpeg', overriddenHints: [], error: null });
    await idle(r.outbox);
    expect(r.outbox.state()).toMatchObject({ pending: 0, failed: 0 });
    expect(r.service.records.get(1000)).toMatchObject({ city: 'Lyon', photo_Exists: true });
  });
  // Moved from kiosk-core.ts (the badges' sameCardholder): the ids one cardholder had since start.
  it('knows a confirmed create by its provisional id and by the service\'s id; another cardholder by its own', async () => {
    const r = await rig(new FakeService());
    r.service.down = true;
    const { record } = await r.outbox.enqueue({ kind: 'create', fields: newFields(), inDoubt: false, error: OUTAGE });
    expect(record?.id).toBe(-1);
    expect(r.outbox.sameCardholder(-1)).toEqual([-1]);
    r.service.down = false;
    await fire(r);
    expect(r.outbox.sameCardholder(-1)).toEqual([-1, 1000]);
    expect(r.outbox.sameCardholder(1000)).toEqual([1000, -1]);
    expect(r.outbox.sameCardholder(7)).toEqual([7]);
  });
});
