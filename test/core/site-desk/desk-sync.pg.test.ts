/**
 * The shared alarm desk between desks, end to end below the screen: two (or more) desks, each with
 * its own kiosk database and alarm store holding the same alarms, through one REAL PostgreSQL
 * server started by the test (nothing mocked at the store's boundary). What one desk does reaches
 * the other through the store's doorbell and log; the store stopped, actions wait in each desk's
 * database and are applied once, in order, when it returns, and the guard reads what the store
 * decided meanwhile.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AlarmPriority, FeedEvent } from '../../../electron/contract/ipc';
import { AlarmStore } from '../../../electron/core/alarms/alarm-store';
import { serviceRecordId } from '../../../electron/core/connection/service-identity';
import { createLogger, memorySink } from '../../../electron/core/log/logger';
import { KioskDatabase } from '../../../electron/core/storage/kiosk-database';
import { DeskSync } from '../../../electron/core/site-desk/desk-sync';
import { createSiteStore } from '../../../electron/core/site-desk/site-store';
import { startPostgres, type PostgresServer } from '../../support/postgres-server';

const T0 = Date.parse('2026-11-28T22:00:00Z');

function alarmEvent(id: number, priority: AlarmPriority = 'critical'): FeedEvent {
  return {
    record_ID: id,
    created: new Date(T0 + id * 1000).toISOString(),
    event_Category_Name: 'Door Alarm',
    device_Name: `Door ${id}`,
    custom_Text: priority === 'critical' ? 'FORCED OPEN' : `${priority} thing`,
    origin_Name: null,
    additional_Info: null,
    cardnumber: null,
    facility_Code: null,
    alarm: { priority, rule: `rule-${priority}` },
  };
}

interface Desk {
  name: string;
  alarms: AlarmStore;
  sync: DeskSync;
  database: KioskDatabase;
  signIn(name: string): void;
  /** The local number of the alarm for the event with this id. */
  idOf(recordId: number): number;
  close(): Promise<void>;
}

let server: PostgresServer;
const open: Desk[] = [];
const dirs: string[] = [];

beforeAll(async () => {
  server = await startPostgres();
}, 120_000);
afterAll(async () => {
  await server?.destroy();
});
afterEach(async () => {
  for (const desk of open.splice(0)) await desk.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  await server.sql('DROP SCHEMA IF EXISTS kiosk_desk CASCADE');
});

function startDesk(name: string, options: { dir?: string; events?: FeedEvent[]; key?: Buffer } = {}): Desk {
  const sink = memorySink();
  const log = createLogger(sink.sink);
  const opened = options.dir ? KioskDatabase.open(options.dir, { info: () => undefined, error: () => undefined }).database : KioskDatabase.memory();
  const database = opened;
  const key = options.key ?? randomBytes(32);
  const serviceId = serviceRecordId(database, 'demo', T0);
  let operator: { name: string; since: string } | null = { name: `Guard ${name}`, since: new Date().toISOString() };
  // eslint-disable-next-line prefer-const -- the alarm store's hooks call the sync made after it
  let sync: DeskSync;
  const alarms = new AlarmStore({
    database,
    serviceId,
    key,
    bound: 1000,
    shiftHours: 12,
    escalateAfterMinutes: 0,
    log,
    operator: () => operator?.name ?? null,
    desk: name,
    settledElsewhere: (siteKey) => sync.settledElsewhere(siteKey),
    onAcknowledged: (acknowledged) => sync.acknowledged(acknowledged),
  });
  sync = new DeskSync({
    store: createSiteStore({ url: server.url(), password: null, log, connectTimeoutMs: 2_000, queryTimeoutMs: 5_000 }),
    database,
    key,
    desk: name,
    leaseSeconds: 300,
    alarms: () => alarms,
    operator: () => operator,
    log,
    heartbeatMs: 300,
    retryMs: 200,
  });
  if (options.events) alarms.observe(options.events, 'live', 0);
  sync.start();
  const desk: Desk = {
    name,
    alarms,
    sync,
    database,
    signIn(who) {
      operator = { name: who, since: new Date().toISOString() };
      sync.signedIn(who);
    },
    idOf(recordId) {
      const found = [...alarms.describe(Array.from({ length: 200 }, (_, i) => i + 1)).values()].find((alarm) => alarm.event.record_ID === recordId);
      if (!found) throw new Error(`desk ${name} holds no alarm for event ${recordId}`);
      return found.id;
    },
    async close() {
      await sync.stop();
      database.close();
    },
  };
  open.push(desk);
  return desk;
}

const up = (desk: Desk) => vi.waitFor(() => expect(desk.sync.state().status).toBe('up'), { timeout: 15_000, interval: 50 });
const stateOf = (desk: Desk, recordId: number) => desk.alarms.describe([desk.idOf(recordId)]).get(desk.idOf(recordId))!.state;
const countActions = async (kind: string): Promise<number> => Number((await server.sql(`SELECT COUNT(*) AS n FROM kiosk_desk.actions WHERE kind = '${kind}'`))[0]!['n']);

describe('two desks on one site store', () => {
  it('an acknowledgement on A acknowledges the same alarm on B, in its operator log with who and where; B counts it as made elsewhere', async () => {
    const events = [alarmEvent(1), alarmEvent(2, 'high')];
    const a = startDesk('desk-a', { events });
    const b = startDesk('desk-b', { events });
    await up(a);
    await up(b);
    // Different local numbers on each desk are fine: the site knows the alarm by its content.
    a.alarms.acknowledge([a.idOf(1)], 'Patrol sent, door closed');
    await vi.waitFor(() => expect(stateOf(b, 1)).toBe('acknowledged'), { timeout: 10_000, interval: 50 });
    expect(stateOf(b, 2)).toBe('waiting');
    const entry = b.alarms.acknowledgementPage(0, 10).items[0]!;
    expect(entry).toMatchObject({ operator: 'Guard desk-a', desk: 'desk-a', note: 'Patrol sent, door closed', alarmId: b.idOf(1) });
    expect(b.alarms.summary().unacknowledged).toBe(1);
    // B's own handover counts B's acknowledgements: none.
    expect(b.alarms.shiftFigures(T0 - 86_400_000, Date.now() + 86_400_000).reduce((n, f) => n + f.acknowledgedInShift, 0)).toBe(0);
    expect(a.alarms.shiftFigures(T0 - 86_400_000, Date.now() + 86_400_000).reduce((n, f) => n + f.acknowledgedInShift, 0)).toBe(1);
    // Both desks' copies of the site log hold the one acknowledgement, once.
    expect(b.sync.activity(b.idOf(1)).map((x) => [x.kind, x.desk, x.outcome])).toEqual([['acknowledge', 'desk-a', 'done']]);
    expect(await countActions('acknowledge')).toBe(1);
  });

  it('an alarm that reaches B after A acknowledged it arrives acknowledged', async () => {
    const a = startDesk('desk-a', { events: [alarmEvent(7)] });
    const b = startDesk('desk-b');
    await up(a);
    await up(b);
    a.alarms.acknowledge([a.idOf(7)], '');
    await vi.waitFor(() => expect(b.sync.activity).toBeDefined());
    await vi.waitFor(async () => expect(await countActions('acknowledge')).toBe(1), { timeout: 10_000, interval: 50 });
    await vi.waitFor(() => expect(b.database.get<{ n: number }>("SELECT COUNT(*) AS n FROM desk_action WHERE kind = 'acknowledge'")!.n).toBe(1), { timeout: 10_000, interval: 50 });
    const [marked] = b.alarms.observe([alarmEvent(7)], 'live', 0);
    expect(marked!.alarm!.state).toBe('acknowledged');
    expect(b.alarms.summary().unacknowledged).toBe(0);
    expect(b.alarms.acknowledgementPage(0, 10).items[0]).toMatchObject({ desk: 'desk-a', operator: 'Guard desk-a' });
  });

  it('a claim on A is shown on B with who and where; B claiming it is refused with the holder; A releasing frees it', async () => {
    const events = [alarmEvent(3)];
    const a = startDesk('desk-a', { events });
    const b = startDesk('desk-b', { events });
    await up(a);
    await up(b);
    const claimed = await a.sync.claim(a.idOf(3));
    expect(claimed.outcome).toBe('done');
    expect(claimed.claim).toMatchObject({ operator: 'Guard desk-a', desk: 'desk-a', mine: true });
    await vi.waitFor(() => expect(b.sync.state().claims).toEqual([expect.objectContaining({ alarmId: b.idOf(3), operator: 'Guard desk-a', desk: 'desk-a', mine: false })]), { timeout: 10_000, interval: 50 });
    const refused = await b.sync.claim(b.idOf(3));
    expect(refused).toMatchObject({ outcome: 'claimHeld', by: { operator: 'Guard desk-a', desk: 'desk-a' } });
    const taken = await b.sync.takeOver(b.idOf(3), 'Ada went to the east gate');
    expect(taken.outcome).toBe('done');
    await vi.waitFor(() => expect(a.sync.state().notices.map((n) => n.text.key)).toContain('desk.fromMain.takenOver'), { timeout: 10_000, interval: 50 });
    expect(a.sync.state().claims[0]).toMatchObject({ desk: 'desk-b', mine: false });
    expect((await b.sync.release(b.idOf(3))).outcome).toBe('done');
    await vi.waitFor(() => expect(a.sync.state().claims).toEqual([]), { timeout: 10_000, interval: 50 });
  });

  it('both guards claim the same alarm in the same instant: exactly one wins, every round', async () => {
    const events = Array.from({ length: 10 }, (_, i) => alarmEvent(20 + i));
    const a = startDesk('desk-a', { events });
    const b = startDesk('desk-b', { events });
    await up(a);
    await up(b);
    for (let i = 0; i < 10; i++) {
      const [x, y] = await Promise.all([a.sync.claim(a.idOf(20 + i)), b.sync.claim(b.idOf(20 + i))]);
      expect([x.outcome, y.outcome].sort()).toEqual(['claimHeld', 'done']);
    }
  });

  it('store stopped: both acknowledge the same alarm and B claims another; restarted: each action applied once, each guard reads what happened', async () => {
    const events = [alarmEvent(40), alarmEvent(41)];
    const a = startDesk('desk-a', { events });
    const b = startDesk('desk-b', { events });
    await up(a);
    await up(b);
    await server.stop();
    a.alarms.acknowledge([a.idOf(40)], 'A: false alarm');
    await vi.waitFor(() => expect(a.sync.state().status).toBe('down'), { timeout: 15_000, interval: 50 });
    b.alarms.acknowledge([b.idOf(40)], 'B: checked the door');
    const claim = await b.sync.claim(b.idOf(41));
    expect(claim.outcome).toBe('waiting');
    await vi.waitFor(() => expect(b.sync.state().status).toBe('down'), { timeout: 15_000, interval: 50 });
    expect(a.sync.state().waiting).toBe(1);
    expect(b.sync.state().waiting).toBe(2);
    expect(a.sync.state().problemText?.key).toBe('desk.fromMain.unreachable');
    await server.start();
    await up(a);
    await up(b);
    await vi.waitFor(() => expect([a.sync.state().waiting, b.sync.state().waiting]).toEqual([0, 0]), { timeout: 15_000, interval: 50 });
    // Once each in the store, whatever the retries.
    expect(await countActions('acknowledge')).toBe(2);
    expect(await countActions('claim')).toBe(1);
    // The second acknowledgement is kept, not counted twice: one desk reads "already acknowledged by …".
    const notices = [...a.sync.state().notices, ...b.sync.state().notices].map((n) => n.text.key);
    expect(notices.filter((k) => k === 'desk.fromMain.alreadyAcknowledged')).toHaveLength(1);
    await vi.waitFor(() => expect(a.sync.state().claims).toEqual([expect.objectContaining({ alarmId: a.idOf(41), desk: 'desk-b' })]), { timeout: 10_000, interval: 50 });
    const activity = a.sync.activity(a.idOf(40));
    expect(activity.map((x) => x.outcome).sort()).toEqual(['alreadyAcknowledged', 'done']);
  });

  it('a desk stopped while actions wait sends them once after it starts again', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'desk-restart-'));
    dirs.push(dir);
    const key = randomBytes(32);
    const events = [alarmEvent(60), alarmEvent(61)];
    const first = startDesk('desk-a', { dir, events, key });
    await up(first);
    await server.stop();
    first.alarms.acknowledge([first.idOf(60)], 'before the restart');
    await first.sync.claim(first.idOf(61));
    await vi.waitFor(() => expect(first.sync.state().waiting).toBe(2), { timeout: 15_000, interval: 50 });
    await first.close();
    open.splice(open.indexOf(first), 1);
    await server.start();
    const second = startDesk('desk-a', { dir, key });
    await up(second);
    await vi.waitFor(() => expect(second.sync.state().waiting).toBe(0), { timeout: 15_000, interval: 50 });
    expect(await countActions('acknowledge')).toBe(1);
    expect(await countActions('claim')).toBe(1);
    const other = startDesk('desk-b', { events });
    await up(other);
    await vi.waitFor(() => expect(stateOf(other, 60)).toBe('acknowledged'), { timeout: 10_000, interval: 50 });
  });

  it('an acknowledgement of an alarm another guard claimed tells who had it', async () => {
    const events = [alarmEvent(80)];
    const a = startDesk('desk-a', { events });
    const b = startDesk('desk-b', { events });
    await up(a);
    await up(b);
    await a.sync.claim(a.idOf(80));
    b.alarms.acknowledge([b.idOf(80)], 'closed it myself');
    await vi.waitFor(() => expect(b.sync.state().notices.map((n) => n.text.key)).toContain('desk.fromMain.closedClaimed'), { timeout: 10_000, interval: 50 });
    expect(b.sync.state().notices[0]!.text.params).toMatchObject({ operator: 'Guard desk-a', desk: 'desk-a' });
    await vi.waitFor(() => expect(a.sync.state().claims).toEqual([]), { timeout: 10_000, interval: 50 });
  });

  it('who is on duty: each desk sees the other signed in, by heartbeat', async () => {
    const a = startDesk('desk-a');
    const b = startDesk('desk-b');
    await up(a);
    await up(b);
    b.signIn('Ben');
    await vi.waitFor(
      () => expect(a.sync.state().onDuty.map((d) => [d.desk, d.operator, d.here])).toEqual([['desk-a', 'Guard desk-a', true], ['desk-b', 'Ben', false]]),
      { timeout: 10_000, interval: 50 },
    );
  });
});
