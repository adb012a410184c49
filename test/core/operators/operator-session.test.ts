// Operators: the provisioned list (hashed like the admin PIN), signing in, the per-name lock-out,
// the shift kept across a restart, and main stamping the operator's name on what is recorded.
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger, memorySink } from '../../../electron/core/log/logger';
import { OPERATORS_FILE, readOperatorList, removeOperator, setOperatorPin } from '../../../electron/core/operators/operator-list';
import { OperatorSession, SESSION_FILE } from '../../../electron/core/operators/operator-session';
import { createOperatorsCapability } from '../../../electron/core/operators/operators-capability';
import { verifyPin } from '../../../electron/core/admin-lock/pin-hash';
import { NAME_ATTEMPTS, NAME_LOCK_BASE_MS } from '../../../electron/core/operators/operator-lockout';
import { createEventHandlers } from '../../../electron/core/events-capability';
import { AlarmStore } from '../../../electron/core/alarms/alarm-store';
import { serviceRecordId } from '../../../electron/core/connection/service-identity';
import { KioskDatabase } from '../../../electron/core/storage/kiosk-database';
import { EnrolmentLog } from '../../../electron/core/cardholders/enrolment/enrolment-log';
import type { FeedEvent } from '../../../electron/contract/ipc';
import { createShiftRecord } from '../../../electron/core/operators/shift-record';

/** Cheap scrypt for tests (the real cost is the admin PIN's). */
const FAST = { N: 2 ** 10, r: 8, p: 1, keyLength: 32, saltLength: 16 };

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'kiosk-operators-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function session(options: { now?: () => number; allowUnnamed?: boolean } = {}) {
  const logged = memorySink();
  const s = new OperatorSession({ listDir: dir, dataDir: dir, signIn: 'required', allowUnnamed: options.allowUnnamed ?? true, log: createLogger(logged.sink), ...(options.now ? { now: options.now } : {}) });
  return { s, lines: logged.lines };
}

describe('the operator list', () => {
  it('keeps a salted scrypt hash in an owner-only file, never the PIN', async () => {
    expect(await setOperatorPin(dir, '  Ada Guard ', '482915', FAST)).toBe('added');
    expect(await setOperatorPin(dir, 'ada guard', '591734', FAST)).toBe('replaced');
    const text = await readFile(path.join(dir, OPERATORS_FILE), 'utf8');
    expect(text).not.toContain('591734');
    expect((await stat(path.join(dir, OPERATORS_FILE))).mode & 0o777).toBe(0o600);
    const { operators } = await readOperatorList(dir);
    expect(operators.map((o) => o.name)).toEqual(['Ada Guard']);
    expect(await verifyPin('591734', operators[0]!.pin)).toBe(true);
    expect(await verifyPin('482915', operators[0]!.pin)).toBe(false);
    expect(await removeOperator(dir, 'ADA GUARD')).toBe(true);
    expect((await readOperatorList(dir)).operators).toEqual([]);
  });

  it('refuses PINs that break the admin PIN rules and the reserved name', async () => {
    await expect(setOperatorPin(dir, 'Ada', '123456', FAST)).rejects.toMatchObject({ error: { message: expect.stringContaining('straight run') } });
    await expect(setOperatorPin(dir, 'unnamed', '482915', FAST)).rejects.toMatchObject({ error: { message: expect.stringContaining('kept for signing in without a name') } });
  });
});

describe('OperatorSession', () => {
  it('signs in with a name and PIN, keeps the shift across a restart, and only End shift ends it', async () => {
    await setOperatorPin(dir, 'Ada Guard', '482915', FAST);
    const { s } = session();
    expect((await s.state()).current).toBeNull();
    const state = await s.signIn('ada guard', '482915');
    expect(state.current).toMatchObject({ name: 'Ada Guard', unnamed: false });
    expect(s.name()).toBe('Ada Guard');
    await expect(s.signIn('Ada Guard', '482915')).rejects.toMatchObject({ error: { message: expect.stringContaining('End that shift first') } });
    const restarted = session().s;
    await restarted.load();
    expect(restarted.name()).toBe('Ada Guard');
    expect((await restarted.end())?.name).toBe('Ada Guard');
    expect(restarted.name()).toBeNull();
    const again = session().s;
    await again.load();
    expect(again.name()).toBeNull();
  });

  it('locks a name after five wrong PINs, kept across a restart, and logs no PIN', async () => {
    await setOperatorPin(dir, 'Ada Guard', '482915', FAST);
    let t = Date.parse('2026-11-25T01:00:00Z');
    const { s, lines } = session({ now: () => t });
    for (let i = 1; i < NAME_ATTEMPTS; i++) await expect(s.signIn('Ada Guard', '000111')).rejects.toMatchObject({ error: { code: 'forbidden', message: expect.stringContaining('Wrong PIN') } });
    await expect(s.signIn('Ada Guard', '000111')).rejects.toMatchObject({ error: { message: expect.stringContaining('the name is locked for 30 seconds') } });
    // Locked: even the right PIN is not checked, and a restart does not lift it.
    const restarted = session({ now: () => t }).s;
    await expect(restarted.signIn('Ada Guard', '482915')).rejects.toMatchObject({ error: { message: expect.stringContaining('Too many wrong PINs for Ada Guard') } });
    t += NAME_LOCK_BASE_MS + 1;
    expect((await restarted.signIn('Ada Guard', '482915')).current?.name).toBe('Ada Guard');
    expect(lines.join('\n')).not.toMatch(/000111|482915/);
  });

  it('offers unnamed only where the site allows it', async () => {
    expect((await session().s.signIn(null, '')).current).toMatchObject({ name: 'unnamed', unnamed: true });
    await session().s.end();
    await expect(session({ allowUnnamed: false }).s.signIn(null, '')).rejects.toMatchObject({ error: { code: 'forbidden' } });
  });

  it('says what to run when no operator is provisioned, and refuses a name not on the list', async () => {
    const { s } = session();
    expect((await s.state()).problem).toContain('admin add-operator');
    await expect(s.signIn('Mallory', '482915')).rejects.toMatchObject({ error: { code: 'not_found' } });
  });

  it('never logs in clear a name that is not on the list (it may be a PIN typed in the wrong field)', async () => {
    const { s, lines } = session();
    await setOperatorPin(dir, 'Ada Guard', '482915', FAST);
    await expect(s.signIn('739164', '482915')).rejects.toMatchObject({ error: { code: 'not_found' } });
    await expect(s.signIn('Mallory Typed', '482915')).rejects.toMatchObject({ error: { code: 'not_found' } });
    const log = lines.join('\n');
    expect(log).toMatch(/sign-in refused: "\[personal\]" is not on the operator list/);
    expect(log).not.toContain('739164');
    expect(log).not.toContain('Mallory');
    // A name on the list stays readable.
    await s.signIn('Ada Guard', '482915');
    expect(lines.join('\n')).toContain('sign-in accepted for Ada Guard');
  });
});

describe('the shift kept across a restart (audit 32, Low)', () => {
  const KEY = randomBytes(32);
  const signed = (options: { key?: Buffer | null; allowUnnamed?: boolean } = {}) => {
    const logged = memorySink();
    const s = new OperatorSession({ listDir: dir, dataDir: dir, signIn: 'required', allowUnnamed: options.allowUnnamed ?? true, log: createLogger(logged.sink), key: options.key === undefined ? KEY : options.key });
    return { s, lines: logged.lines };
  };
  const capability = () => {
    const logged = memorySink();
    const operators = createOperatorsCapability({
      listDir: dir,
      dataDir: dir,
      database: KioskDatabase.memory(),
      dataKey: KEY,
      exportsDir: path.join(dir, 'exports'),
      signIn: 'required',
      allowUnnamed: true,
      log: createLogger(logged.sink),
      record: createShiftRecord({ alarms: () => null, feed: () => null, outages: () => null, runs: () => null, database: () => null }),
    });
    return { operators, lines: logged.lines };
  };

  it('is signed with the data key, and goes on after a restart', async () => {
    await setOperatorPin(dir, 'Ada Guard', '482915', FAST);
    await signed().s.signIn('Ada Guard', '482915');
    const file = JSON.parse(await readFile(path.join(dir, SESSION_FILE), 'utf8'));
    expect(file).toMatchObject({ format: 'access-kiosk-operator-session', version: 2, signature: expect.any(String) });
    const again = signed().s;
    await again.load();
    expect(again.name()).toBe('Ada Guard');
  });

  it('a shift file whose signature does not match is refused, with a log line: nobody is signed in', async () => {
    await setOperatorPin(dir, 'Ada Guard', '482915', FAST);
    await setOperatorPin(dir, 'Bo Officer', '591734', FAST);
    await signed().s.signIn('Ada Guard', '482915');
    const file = JSON.parse(await readFile(path.join(dir, SESSION_FILE), 'utf8'));
    // Someone with access to the data folder puts another operator on shift.
    await writeFile(path.join(dir, SESSION_FILE), JSON.stringify({ ...file, body: file.body.replace('Ada Guard', 'Bo Officer') }), { mode: 0o600 });
    const forged = signed();
    await forged.s.load();
    expect(forged.s.name()).toBeNull();
    expect(forged.lines.join('\n')).toMatch(/shift file .* is refused: its signature does not match/);
    // A file signed under another key, and an unsigned file in the earlier layout, are refused too.
    await signed({ key: randomBytes(32) }).s.signIn('Ada Guard', '482915');
    const otherKey = signed();
    await otherKey.s.load();
    expect(otherKey.s.name()).toBeNull();
    await writeFile(path.join(dir, SESSION_FILE), JSON.stringify({ name: 'Bo Officer', unnamed: false, since: '2026-11-25T01:00:00.000Z' }), { mode: 0o600 });
    const unsigned = signed();
    await unsigned.s.load();
    expect(unsigned.s.name()).toBeNull();
    expect(unsigned.lines.join('\n')).toMatch(/is refused: it is not signed/);
  });

  it('a shift whose operator was removed, or whose PIN was changed, ends at start and the operator log keeps it', async () => {
    await setOperatorPin(dir, 'Ada Guard', '482915', FAST);
    await setOperatorPin(dir, 'Bo Officer', '591734', FAST);
    await signed().s.signIn('Ada Guard', '482915');
    await removeOperator(dir, 'Ada Guard');
    const first = capability();
    await first.operators.start();
    expect(first.operators.name()).toBeNull();
    expect(first.lines.join('\n')).toMatch(/shift ended at start: Ada Guard \(since .*\) is no longer on the operator list/);
    expect(await first.operators.handlers.listHandoverReports(undefined)).toEqual([expect.objectContaining({ operator: 'Ada Guard', pdfPath: null, csvPath: null })]);

    await signed().s.signIn('Bo Officer', '591734');
    await setOperatorPin(dir, 'Bo Officer', '264819', FAST);
    const second = capability();
    await second.operators.start();
    expect(second.operators.name()).toBeNull();
    expect(second.lines.join('\n')).toMatch(/shift ended at start: Bo Officer .*PIN was changed/);
    // The same PIN given again is a new hash (a new salt): the shift of someone whose PIN was reset ends too, and they sign in again.
    expect((await second.operators.handlers.signInOperator({ name: 'Bo Officer', pin: '264819' })).current?.name).toBe('Bo Officer');
  });
});

describe('main stamps the operator on what is recorded', () => {
  const alarm: FeedEvent = {
    record_ID: 41,
    created: '2026-11-25T00:59:00.000Z',
    event_Category_Name: 'Door Alarm',
    device_Name: 'Server room',
    custom_Text: 'FORCED OPEN',
    origin_Name: null,
    additional_Info: null,
    cardnumber: null,
    facility_Code: null,
    alarm: { priority: 'critical', rule: 'forced' },
  };

  /** The kiosk's alarms in a database of its own (in memory), the operator stamped from `operator`. */
  function alarmStore(operator: () => string | null, now: () => number = () => Date.parse('2026-11-25T01:00:00Z')) {
    const database = KioskDatabase.memory();
    const store = new AlarmStore({ database, serviceId: serviceRecordId(database, 'demo', now()), key: null, bound: 1000, shiftHours: 12, escalateAfterMinutes: 0, log: createLogger(memorySink().sink), operator, now });
    return { database, store };
  }

  it('an acknowledgement carries the signed-in name, the event time and priority, whatever the renderer sends', async () => {
    let who: string | null = 'Ada Guard';
    const { database, store } = alarmStore(() => who);
    const [recorded] = store.observe([alarm, { ...alarm, record_ID: 42, created: '2026-11-25T00:59:30.000Z' }], 'live', 0);
    const alarmId = recorded!.alarm!.id!;
    const handlers = createEventHandlers({
      feed: { snapshot: () => ({ state: {} as never, events: [alarm] }), classify: (e) => ({ ...e, alarm: null }) },
      service: { getEvent: async () => { throw new Error('not asked'); } },
      history: {} as never,
      alarms: store,
    });
    // A renderer that adds an operator of its own is refused by the contract; the handler never reads one.
    const request = { alarmIds: [alarmId], note: 'checked', operator: 'Mallory' } as unknown as { alarmIds: number[]; note: string };
    const result = await handlers.acknowledgeAlarms(request);
    expect(result).toMatchObject({ acknowledged: 1, alreadyAcknowledged: 0, unknown: 0 });
    expect(result.entries[0]).toMatchObject({ alarmId, operator: 'Ada Guard', eventCreated: alarm.created, priority: 'critical', note: 'checked' });
    // Acknowledged once: again is "already", and nothing is written for it.
    expect(await handlers.acknowledgeAlarms({ alarmIds: [alarmId], note: '' })).toMatchObject({ acknowledged: 0, alreadyAcknowledged: 1 });
    who = 'unnamed';
    const second = store.acknowledge([alarmId + 1], '');
    expect(second.entries[0]?.operator).toBe('unnamed');
    // The operator log holds both, with their operators, as the handover report reads them.
    const record = createShiftRecord({ alarms: () => store, feed: () => null, outages: () => null, runs: () => null, database: () => null });
    expect(record.acknowledgements(Date.parse('2026-11-25T00:00:00Z'), Date.parse('2026-11-25T02:00:00Z')).map((a) => a.operator)).toEqual(['Ada Guard', 'unnamed']);
    expect(record.unacknowledged()).toMatchObject({ total: 0 });
    database.close();
  });

  it('an enrolment log entry carries the signed-in name, not one the caller passes', async () => {
    const log = new EnrolmentLog({ database: KioskDatabase.memory(), dataDir: dir, log: createLogger(memorySink().sink), operator: () => 'Ada Guard' });
    await log.add({ kind: 'created', cardholderId: 5, name: 'Dupont, Marie', outcome: 'Created.', operator: 'Mallory' } as never);
    expect((await log.list())[0]?.operator).toBe('Ada Guard');
  });
});

describe('the operator log pages through everything it holds', () => {
  it('acknowledgementPage() gives the total and any page, newest first', () => {
    let t = Date.parse('2026-11-25T00:00:00Z');
    const database = KioskDatabase.memory();
    const store = new AlarmStore({ database, serviceId: serviceRecordId(database, 'demo', t), key: null, bound: 10_000, shiftHours: 12, escalateAfterMinutes: 0, log: createLogger(memorySink().sink), now: () => (t += 1000) });
    const events: FeedEvent[] = Array.from({ length: 4608 }, (_, i) => ({
      record_ID: i + 1,
      created: new Date(Date.parse('2026-11-24T23:00:00Z') + i * 100).toISOString(),
      event_Category_Name: 'Access',
      device_Name: 'D',
      custom_Text: 'T',
      origin_Name: null,
      additional_Info: null,
      cardnumber: null,
      facility_Code: null,
      alarm: { priority: 'low', rule: 'denied' },
    }));
    const ids = store.observe(events, 'live', 0).map((e) => e.alarm!.id!);
    // One by one, so each entry has its own time (newest first is by time).
    for (const id of ids) store.acknowledge([id], '');
    const first = store.acknowledgementPage(0, 100);
    expect(first.total).toBe(4608);
    expect(first.items[0]?.recordIds).toEqual([4608]);
    const last = store.acknowledgementPage(4600, 100);
    expect(last.items.map((a) => a.recordIds[0])).toEqual([8, 7, 6, 5, 4, 3, 2, 1]);
    expect(store.acknowledgements().length).toBe(4608);
    database.close();
  });
});

describe('nothing is recorded without a name', () => {
  const capability = (signIn: 'required' | 'off') =>
    createOperatorsCapability({
      listDir: dir,
      dataDir: dir,
      database: KioskDatabase.memory(),
      exportsDir: path.join(dir, 'exports'),
      signIn,
      allowUnnamed: true,
      log: createLogger(memorySink().sink),
      record: createShiftRecord({ alarms: () => null, feed: () => null, outages: () => null, runs: () => null, database: () => null }),
    });

  it('with sign-in required, main refuses a recorded action while nobody is on shift, whatever the screen shows', async () => {
    const operators = capability('required');
    await operators.start();
    const acknowledge = operators.requireShift('Acknowledging an alarm', () => 'done');
    expect(() => acknowledge()).toThrow(/sign in at the start of your shift first/);
    await operators.handlers.signInOperator({ unnamed: true });
    expect(acknowledge()).toBe('done');
    await operators.handlers.endShift(undefined);
    expect(() => acknowledge()).toThrow(/sign in/);
  });

  it('with sign-in off, actions run and carry no name', async () => {
    const operators = capability('off');
    await operators.start();
    expect(operators.requireShift('Acknowledging an alarm', () => 'done')()).toBe('done');
    expect(operators.name()).toBeNull();
  });
});
