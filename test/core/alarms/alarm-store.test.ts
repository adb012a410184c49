import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AlarmPriority, FeedEvent, OpenAlarmsChange } from '../../../electron/contract/ipc';
import { AlarmStore, type AcknowledgedHere } from '../../../electron/core/alarms/alarm-store';
import { ALARM_TEXT_SHOWN, boundText } from '../../../electron/core/alarms/alarm-text';
import { siteAlarmKey } from '../../../electron/core/site-desk/site-alarm-key';
import { importLegacyAlarmFiles } from '../../../electron/core/alarms/legacy-alarm-files';
import { serviceRecordId } from '../../../electron/core/connection/service-identity';
import { createLogger, memorySink } from '../../../electron/core/log/logger';
import { DATABASE_FILE, KioskDatabase } from '../../../electron/core/storage/kiosk-database';
import { appendLegacyLines } from '../../support/legacy-json-lines';

const T0 = Date.parse('2026-11-28T22:00:00Z');
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function alarmEvent(id: number, priority: AlarmPriority | null, overrides: Partial<FeedEvent> = {}): FeedEvent {
  return {
    record_ID: id,
    created: new Date(T0 + id * 1000).toISOString(),
    event_Category_Name: 'Door Alarm',
    device_Name: `Door ${id % 7}`,
    custom_Text: priority === 'critical' ? 'FORCED OPEN' : priority === 'low' ? 'Denied: unknown card' : priority ? `${priority} thing` : 'Granted',
    origin_Name: null,
    additional_Info: null,
    cardnumber: null,
    facility_Code: null,
    alarm: priority ? { priority, rule: `rule-${priority}` } : null,
    ...overrides,
  };
}

function setup(options: { bound?: number; key?: Buffer | null; now?: () => number; escalateAfterMinutes?: number; shiftHours?: number; dir?: string; onAcknowledged?: (acknowledged: readonly AcknowledgedHere[]) => void } = {}) {
  const log = memorySink();
  const database = options.dir ? KioskDatabase.open(options.dir, { info: () => undefined, error: () => undefined }).database : KioskDatabase.memory();
  const serviceId = serviceRecordId(database, 'demo', T0);
  const changes: OpenAlarmsChange[] = [];
  let operator: string | null = 'Ana Lima';
  const timers = { pending: [] as Array<() => void>, setTimeout(cb: () => void) { this.pending.push(cb); return cb; }, clearTimeout(h: unknown) { this.pending = this.pending.filter((p) => p !== h); } };
  const store = new AlarmStore({
    database,
    serviceId,
    key: options.key === undefined ? randomBytes(32) : options.key,
    bound: options.bound ?? 1000,
    shiftHours: options.shiftHours ?? 12,
    escalateAfterMinutes: options.escalateAfterMinutes ?? 0,
    log: createLogger(log.sink),
    operator: () => operator,
    onChange: (change) => changes.push(change),
    now: options.now ?? (() => T0 + 3_600_000),
    timers,
    ...(options.onAcknowledged ? { onAcknowledged: options.onAcknowledged } : {}),
  });
  const flush = (): void => {
    const run = timers.pending.splice(0);
    for (const cb of run) cb();
  };
  return { database, serviceId, store, changes, flush, log, setOperator: (name: string | null) => (operator = name) };
}

describe('the alarm store', () => {
  it('records each alarm once by its identity, marks the events with its number and state, and leaves plain events alone', () => {
    const { store } = setup();
    const first = store.observe([alarmEvent(1, 'critical'), alarmEvent(2, null), alarmEvent(3, 'low')], 'live', 0);
    expect(first[0]!.alarm).toMatchObject({ priority: 'critical', state: 'waiting' });
    expect(first[1]!.alarm).toBeNull();
    const again = store.observe([alarmEvent(1, 'critical')], 'catch-up', 0);
    expect(again[0]!.alarm?.id).toBe(first[0]!.alarm?.id);
    expect(store.summary()).toMatchObject({ waitingTotal: 2, unacknowledged: 2, waiting: { critical: 1, high: 0, medium: 0, low: 1 } });
  });

  it('never carries an acknowledgement to another event that reuses the id (the service numbering restarted)', () => {
    const { store } = setup();
    const [old] = store.observe([alarmEvent(7, 'critical', { custom_Text: 'DURESS', created: '2026-11-28T20:00:00Z' })], 'live', 0);
    store.acknowledge([old!.alarm!.id!], 'checked');
    const [reused] = store.observe([alarmEvent(7, 'critical', { custom_Text: 'DURESS', created: '2026-11-28T22:41:00Z' })], 'live', 1);
    expect(reused!.alarm?.id).not.toBe(old!.alarm?.id);
    expect(reused!.alarm?.state).toBe('waiting');
    expect(store.summary().waitingTotal).toBe(1);
    // The same event read again (a restore that kept it) is the same alarm, still acknowledged.
    const [same] = store.observe([alarmEvent(7, 'critical', { custom_Text: 'DURESS', created: '2026-11-28T20:00:00Z' })], 'catch-up', 1);
    expect(same!.alarm).toMatchObject({ id: old!.alarm!.id, state: 'acknowledged' });
  });

  it('acknowledges with one operator-log entry per alarm, stamped with the operator, and says what was done already', () => {
    const { store, changes, flush } = setup();
    const marked = store.observe([alarmEvent(1, 'critical'), alarmEvent(2, 'high'), alarmEvent(3, 'low')], 'live', 0);
    const ids = marked.map((e) => e.alarm!.id!);
    const result = store.acknowledge([ids[0]!, ids[1]!, 999_999], '  called the duty manager  ');
    expect(result).toMatchObject({ acknowledged: 2, alreadyAcknowledged: 0, unknown: 1 });
    expect(result.entries.map((e) => e.note)).toEqual(['called the duty manager', 'called the duty manager']);
    expect(result.entries.every((e) => e.operator === 'Ana Lima' && e.alarmKey.startsWith('alarm:'))).toBe(true);
    expect(store.acknowledge([ids[0]!], '')).toMatchObject({ acknowledged: 0, alreadyAcknowledged: 1 });
    expect(store.summary()).toMatchObject({ waitingTotal: 1, unacknowledged: 1 });
    expect(store.acknowledgementPage(0, 10)).toMatchObject({ total: 2 });
    flush();
    const last = changes.at(-1)!;
    expect(last.acknowledged.sort()).toEqual([ids[0], ids[1]].sort());
    expect(last.summary.unacknowledged).toBe(1);
  });

  it('keeps and shows a 7 MB alarm text bounded, and still tells two alarms apart by their whole texts (issue 32)', () => {
    const shared: AcknowledgedHere[] = [];
    const { store, database } = setup({ onAcknowledged: (entries) => shared.push(...entries) });
    const head = 'DOOR FORCED '.repeat(200);
    const huge = alarmEvent(1, 'critical', { custom_Text: `${head}${'x'.repeat(7 * 1024 * 1024)}` });
    const twin = alarmEvent(1, 'critical', { custom_Text: `${head}${'y'.repeat(7 * 1024 * 1024)}` });
    const [first] = store.observe([huge], 'live', 0);
    const [other] = store.observe([twin], 'live', 0);
    const [again] = store.observe([huge], 'catch-up', 0);
    // Identity is the whole text: the same event is one alarm, another tail another alarm.
    expect(again!.alarm!.id).toBe(first!.alarm!.id);
    expect(other!.alarm!.id).not.toBe(first!.alarm!.id);
    const shown = store.page('all', 'oldest', 0, 10).items.map((item) => item.event.custom_Text);
    expect(shown).toHaveLength(2);
    for (const text of shown) {
      expect(text.length).toBeLessThan(ALARM_TEXT_SHOWN + 64);
      expect(text.startsWith(head.slice(0, ALARM_TEXT_SHOWN))).toBe(true);
      expect(text).toMatch(/… \(7,340,\d{3} characters more\)$/);
    }
    const result = store.acknowledge([first!.alarm!.id!], 'checked');
    expect(result.entries[0]!.text.length).toBeLessThan(ALARM_TEXT_SHOWN + 64);
    expect(store.acknowledgementPage(0, 10).items[0]!.text).toBe(result.entries[0]!.text);
    // The site-wide key shared with the other desks is the one of the whole text.
    expect(shared.map((entry) => entry.siteKey)).toEqual([siteAlarmKey(huge)]);
    // Nothing of the megabytes is kept in the database.
    const bytes = Number(database.get<{ n: number }>('SELECT SUM(LENGTH(event)) AS n FROM alarm')?.n) + Number(database.get<{ n: number }>('SELECT SUM(LENGTH(body)) AS n FROM acknowledgement')?.n);
    expect(bytes).toBeLessThan(20_000);
  });

  it('bounds a text once: a bounded text is not cut again, a short one is whole, an emoji is not split', () => {
    expect(boundText('Door forced')).toBe('Door forced');
    const once = boundText('a'.repeat(10_000));
    expect(boundText(once)).toBe(once);
    expect(once).toBe(`${'a'.repeat(ALARM_TEXT_SHOWN)}… (8,000 characters more)`);
    const emoji = boundText(`${'a'.repeat(ALARM_TEXT_SHOWN - 1)}🔥${'b'.repeat(500)}`);
    expect(emoji.startsWith(`${'a'.repeat(ALARM_TEXT_SHOWN - 1)}…`)).toBe(true);
  });

  it('sets the lowest priority, oldest aside past the bound, lists them apart and says so until acknowledged', () => {
    const { store } = setup({ bound: 3 });
    const marked = store.observe([alarmEvent(1, 'low'), alarmEvent(2, 'critical'), alarmEvent(3, 'low'), alarmEvent(4, 'high'), alarmEvent(5, 'medium')], 'live', 0);
    const summary = store.summary();
    expect(summary).toMatchObject({ waitingTotal: 3, setAside: 2, unacknowledged: 5 });
    expect(summary.setAsideText?.key).toBe('alarms.fromMain.setAside');
    expect(marked[0]!.alarm?.state).toBe('setAside');
    const aside = store.page('setAside', 'oldest', 0, 10);
    expect(aside.items.map((a) => a.event.record_ID)).toEqual([1, 3]);
    expect(store.page('shift', 'priority', 0, 10).items.map((a) => a.event.record_ID)).toEqual([2, 4, 5]);
    const ids = store.groupIds('setAside', summary.asOf);
    expect(store.acknowledge(ids, 'reviewed').acknowledged).toBe(2);
    expect(store.summary()).toMatchObject({ setAside: 0, setAsideText: null, unacknowledged: 3 });
  });

  it('acknowledges a group as the guard saw it while a flood goes on: older alarms set aside since are not in it', () => {
    // Ids 1–4 low from before this shift, 5–6 low of this shift; a bound of 2 keeps the newest lows.
    const now = T0 + 13 * 3_600_000;
    const { store } = setup({ bound: 2, now: () => now });
    const before = (id: number) => alarmEvent(id, 'low', { created: new Date(now - 14 * 3_600_000 + id * 1000).toISOString() });
    const during = (id: number) => alarmEvent(id, 'low', { created: new Date(now - 60_000 + id * 1000).toISOString() });
    store.observe([before(1), before(2), during(5), during(6)], 'live', 0);
    const shown = store.summary();
    expect(shown).toMatchObject({ setAside: 2, preShift: 0, waitingTotal: 2 });
    // The flood goes on: two newer alarms push the two of this shift (older, lower ids) aside.
    store.observe([during(7), during(8)], 'live', 0);
    expect(store.summary().setAside).toBe(4);
    // "Acknowledge the 2 set aside" acknowledges those 2, not the 4 the group now holds.
    const ids = store.groupIds('setAside', shown.asOf);
    expect(ids).toHaveLength(2);
    expect([...store.describe(ids).values()].map((a) => a.event.record_ID).sort()).toEqual([1, 2]);
    expect(store.acknowledge(ids, 'reviewed').acknowledged).toBe(2);
    expect(store.summary()).toMatchObject({ setAside: 2, unacknowledged: 4 });
  });

  it('keeps an alarm from before this shift in that group as the guard saw it, though it was set aside since', () => {
    const now = T0 + 13 * 3_600_000;
    const { store } = setup({ bound: 3, now: () => now });
    const before = alarmEvent(1, 'low', { created: new Date(now - 14 * 3_600_000).toISOString() });
    store.observe([before, alarmEvent(2, 'high', { created: new Date(now - 1000).toISOString() })], 'live', 0);
    const shown = store.summary();
    expect(shown.preShift).toBe(1);
    store.observe([alarmEvent(3, 'high', { created: new Date(now - 900).toISOString() }), alarmEvent(4, 'high', { created: new Date(now - 800).toISOString() })], 'live', 0);
    expect(store.summary()).toMatchObject({ preShift: 0, setAside: 1 });
    expect(store.groupIds('preShift', shown.asOf)).toHaveLength(1);
    expect(store.groupIds('setAside', shown.asOf)).toHaveLength(0);
  });

  it('acknowledges "all waiting" with the feed’s filters as only the alarms matching them', () => {
    const { store } = setup();
    store.observe([alarmEvent(1, 'high', { device_Name: 'Gate North' }), alarmEvent(2, 'high', { device_Name: 'Lobby' }), alarmEvent(3, 'low', { device_Name: 'Gate South' })], 'live', 0);
    const page = store.page('all', 'newest', 0, 50, { device: 'gate' });
    expect(page.total).toBe(2);
    const ids = store.groupIds('all', page.asOf, { device: 'gate' });
    expect([...store.describe(ids).values()].map((a) => a.event.device_Name).sort()).toEqual(['Gate North', 'Gate South']);
    store.observe([alarmEvent(4, 'high', { device_Name: 'Gate East' })], 'live', 0);
    expect(store.groupIds('all', page.asOf, { device: 'gate' })).toHaveLength(2); // arrived after: not included
  });

  it('keeps its counts equal to what the database holds through arrivals, set-asides, acknowledgements and escalation', () => {
    let now = T0 + 2 * 3_600_000;
    const { store, database, serviceId } = setup({ bound: 150, now: () => now, escalateAfterMinutes: 7, shiftHours: 1 });
    let seed = 7;
    const random = (): number => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const priorities = ['critical', 'high', 'medium', 'low'] as const;
    let nextId = 1;
    for (let round = 0; round < 40; round++) {
      const batch = Array.from({ length: 1 + Math.floor(random() * 20) }, () => {
        const id = nextId++;
        const age = random() < 0.2 ? 2 * 3_600_000 : random() * 40 * 60_000; // some from before the shift
        return alarmEvent(id, priorities[Math.floor(random() * 4)]!, { created: new Date(now - age).toISOString() });
      });
      store.observe(batch, 'live', 0);
      const waiting = store.page('all', 'newest', 0, 500).items.map((a) => a.id);
      store.acknowledge(waiting.filter(() => random() < 0.15), '');
      now += 3 * 60_000;
      store.escalate();
      const counted = (where: string, params: number[] = []): number => database.get<{ n: number }>(`SELECT COUNT(*) AS n FROM alarm WHERE service_id = ? AND ${where}`, [serviceId, ...params])!.n;
      const summary = store.summary();
      const shiftStart = Date.parse(summary.shiftStartedAt);
      expect(summary.setAside).toBe(counted('state = 2'));
      expect(summary.preShift).toBe(counted('state = 0 AND created_at < ?', [shiftStart]));
      priorities.forEach((p, rank) => expect(summary.waiting[p], `${p} at round ${round}`).toBe(counted('state = 0 AND created_at >= ? AND shown_rank = ?', [shiftStart, rank])));
      expect(summary.unacknowledged).toBe(counted('state IN (0, 2)'));
      expect(store.page('all', 'newest', 0, 1).total).toBe(summary.unacknowledged);
    }
  });

  it('keeps 100,000 waiting alarms on disk and serves any page in order without holding them', () => {
    const { store } = setup({ bound: 200_000 });
    const batch: FeedEvent[] = [];
    for (let id = 1; id <= 100_000; id++) batch.push(alarmEvent(id, (['critical', 'high', 'medium', 'low'] as const)[id % 4]!));
    for (let i = 0; i < batch.length; i += 5_000) store.observe(batch.slice(i, i + 5_000), 'live', 0);
    const summary = store.summary();
    expect(summary.waitingTotal).toBe(100_000);
    expect(summary.waiting.critical).toBe(25_000);
    const firstPage = store.page('shift', 'priority', 0, 100);
    expect(firstPage.total).toBe(100_000);
    expect(firstPage.items.every((a) => a.event.alarm?.priority === 'critical')).toBe(true);
    expect(firstPage.items[0]!.event.record_ID).toBe(4); // the oldest critical first
    const deep = store.page('shift', 'priority', 99_900, 100);
    expect(deep.items.every((a) => a.event.alarm?.priority === 'low')).toBe(true);
    expect(deep.items.at(-1)!.event.record_ID).toBe(99_999);
    expect(store.page('shift', 'newest', 0, 1).items[0]!.event.record_ID).toBe(100_000);
  }, 120_000);

  it('pages only the alarms matching the feed\'s filters (text, device, category), opening each sealed text to match it', () => {
    const { store } = setup();
    store.observe(
      [
        alarmEvent(1, 'critical', { device_Name: 'Vault door', custom_Text: 'FORCED OPEN' }),
        alarmEvent(2, 'low', { device_Name: 'Lobby', custom_Text: 'Denied: wrong PIN – García, Olivia', event_Category_Name: 'Access Denied' }),
        alarmEvent(3, 'high', { device_Name: 'Vault door', custom_Text: 'HELD OPEN' }),
      ],
      'live',
      0,
    );
    expect(store.page('all', 'newest', 0, 10, { device: 'vault' }).items.map((a) => a.event.record_ID)).toEqual([3, 1]);
    expect(store.page('all', 'newest', 0, 10, { text: 'garcía' })).toMatchObject({ total: 1, items: [{ event: { record_ID: 2 } }] });
    expect(store.page('all', 'newest', 0, 10, { category: 'Access Denied' }).total).toBe(1);
    const second = store.page('all', 'newest', 1, 1, { device: 'VAULT' });
    expect(second).toMatchObject({ total: 2, offset: 1, items: [{ event: { record_ID: 1 } }] });
    expect(store.page('all', 'newest', 0, 10, { text: '', device: '  ' }).total).toBe(3); // empty filters filter nothing
  });

  it('groups alarms from before this shift apart and acknowledges the group only up to what the guard saw', () => {
    const now = T0 + 13 * 3_600_000;
    const { store } = setup({ now: () => now });
    store.observe([alarmEvent(1, 'high'), alarmEvent(2, 'low', { created: new Date(now - 60_000).toISOString() })], 'start', 0);
    const summary = store.summary();
    expect(summary).toMatchObject({ preShift: 1, waitingTotal: 1 });
    const asOf = summary.asOf;
    store.observe([alarmEvent(3, 'high', { created: '2026-11-28T21:00:00Z' })], 'catch-up', 0);
    expect(store.summary().preShift).toBe(2);
    expect(store.groupIds('preShift', asOf)).toHaveLength(1);
  });

  it('raises the priority shown once per period waited, sounds what crossed a period since the last tick, never at the first', () => {
    let now = T0 + 1_000; // alarms at T0 + id s
    const { store } = setup({ now: () => now, escalateAfterMinutes: 10, shiftHours: 1 });
    store.observe([alarmEvent(1, 'low'), alarmEvent(2, 'critical')], 'live', 0);
    expect(store.escalate()).toBeNull();
    now = T0 + 10 * 60_000 + 5_000; // both waited one full period
    expect(store.escalate()).toBe('critical');
    expect(store.summary().waiting).toMatchObject({ critical: 1, medium: 1, low: 0 });
    expect(store.page('shift', 'priority', 0, 5).items.map((a) => a.event.record_ID)).toEqual([2, 1]);
    expect(store.escalate()).toBeNull(); // nothing crossed since
    now = T0 + 20 * 60_000 + 5_000;
    expect(store.escalate()).toBe('critical');
    expect(store.summary().waiting).toMatchObject({ critical: 1, high: 1 });
  });

  it('gives the shift its figures from the record: raised, acknowledged, waiting, set aside and caught up, by priority', () => {
    const { store } = setup({ bound: 2 });
    const marked = store.observe([alarmEvent(1, 'critical'), alarmEvent(2, 'critical'), alarmEvent(3, 'low')], 'live', 0);
    store.observe([alarmEvent(4, 'high')], 'catch-up', 0);
    store.acknowledge([marked[0]!.alarm!.id!], 'ok');
    const figures = store.shiftFigures(T0, T0 + 3_600_000);
    const by = Object.fromEntries(figures.map((f) => [f.priority, f]));
    expect(by.critical).toMatchObject({ raised: 2, acknowledged: 1, waiting: 1, setAside: 0, acknowledgedInShift: 1 });
    expect(by.high).toMatchObject({ raised: 1, caughtUp: 1 });
    expect(by.low).toMatchObject({ raised: 1, setAside: 1, waiting: 0 });
    expect(store.stillWaiting(10).map((a) => a.event.record_ID)).toEqual([2, 4, 3]);
  });

  it('seals texts and notes in the file: the database never holds them in clear where there is a data key', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kiosk-alarms-'));
    dirs.push(dir);
    const { store, database } = setup({ dir });
    const [alarm] = store.observe([alarmEvent(1, 'critical', { custom_Text: 'Duress by Zoltán Kovács', device_Name: 'Vault door' })], 'live', 0);
    store.acknowledge([alarm!.alarm!.id!], 'Phoned Mrs Eleonora Quist');
    database.close();
    const bytes = Buffer.concat([readFileSync(path.join(dir, DATABASE_FILE)), existsSync(path.join(dir, `${DATABASE_FILE}-wal`)) ? readFileSync(path.join(dir, `${DATABASE_FILE}-wal`)) : Buffer.alloc(0)]).toString('latin1');
    for (const secret of ['Kovács', 'Vault door', 'Eleonora', 'Ana Lima']) expect(bytes).not.toContain(secret);
  });

  it('moves an earlier version\'s operator log and waiting alarms in once, and an alarm it acknowledged is not raised again', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kiosk-legacy-'));
    dirs.push(dir);
    const key = randomBytes(32);
    const acked = alarmEvent(10, 'critical');
    appendLegacyLines(path.join(dir, 'acknowledgements.jsonl'), [{ alarmKey: 'event:10', recordIds: [10], note: 'done', acknowledgedAt: '2026-11-28T21:00:00.000Z', device: acked.device_Name, text: acked.custom_Text, operator: 'Old Guard', eventCreated: acked.created, priority: 'critical' }], key);
    writeFileSync(path.join(dir, 'open-alarms.json'), JSON.stringify({ version: 1, alarms: [alarmEvent(11, 'high')], overflow: null }), { mode: 0o600 });
    const { store, database } = setup({ key });
    const moved = await importLegacyAlarmFiles({ dataDir: dir, key, database, store, numbering: 0, log: createLogger(() => undefined) });
    expect(moved).toMatchObject({ acknowledgements: 1, waiting: 1, problems: [] });
    expect(existsSync(path.join(dir, 'acknowledgements.jsonl'))).toBe(false);
    expect(existsSync(path.join(dir, 'open-alarms.json'))).toBe(false);
    expect(store.acknowledgementPage(0, 5).items[0]).toMatchObject({ note: 'done', operator: 'Old Guard', alarmKey: 'event:10' });
    const [again] = store.observe([acked], 'start', 0);
    expect(again!.alarm?.state).toBe('acknowledged');
    expect(store.summary().waitingTotal).toBe(1);
    expect(await importLegacyAlarmFiles({ dataDir: dir, key, database, store, numbering: 0, log: createLogger(() => undefined) })).toMatchObject({ acknowledgements: 0, waiting: 0 });
  });
});
