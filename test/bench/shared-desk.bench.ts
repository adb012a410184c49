/**
 * The shared alarm desk under a site's load: one REAL PostgreSQL (test/support/postgres-server.ts)
 * and 20 simulated desks in this process, each a DeskSync (site-desk/desk-sync.ts) with its own
 * in-memory kiosk database, its own AlarmStore holding the same alarms and its own store
 * connection (createSiteStore: one client for calls, one LISTENing). Three figures, each against a
 * baseline measured in the same run on the same server:
 *
 * 1. An action on one desk shown on the 19 others (a claim in `state().claims`, an acknowledgement
 *    in the alarm store), timestamped where the desk applies it (the DeskAlarms it is given is
 *    wrapped: `acknowledgeFromSite` for an acknowledgement, the `alarmIdsOf` the sync asks right
 *    after noting a claim; every claim is then checked in `state().claims`). Baseline: a bare
 *    LISTEN/NOTIFY round trip between two connections.
 * 2. Actions per second the store takes while all 20 desks send theirs at once (first send to all
 *    counted in kiosk_desk.actions). Baseline: as many plain INSERTs from 20 connections at once;
 *    beside it, the store's record() alone from 20 connections into a database no desk reads.
 * 3. A desk away 10 minutes catching up: from start() of a new DeskSync on its database until its
 *    position reaches the store's newest seq and its alarms show the acknowledgements. Baseline:
 *    the same rows read with the store's readSince alone.
 *
 * 2 noisy cores (the server, 20 desks and this measuring all share them): medians and p95. All 20
 * desks' JavaScript runs on this one thread, which a real site spreads over 20 computers: what
 * every desk does per action (read the log, apply it) queues here behind the other desks.
 * The harness's server allows 60 connections; this raises it to 150 (ALTER SYSTEM, restart).
 * Nothing here asserts a time.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import type { FeedEvent } from '../../electron/contract/ipc';
import { AlarmStore } from '../../electron/core/alarms/alarm-store';
import { serviceRecordId } from '../../electron/core/connection/service-identity';
import { createLogger, type LogLevel } from '../../electron/core/log/logger';
import { KioskDatabase } from '../../electron/core/storage/kiosk-database';
import { DeskSync, type DeskAlarms } from '../../electron/core/site-desk/desk-sync';
import { createSiteStore } from '../../electron/core/site-desk/site-store';
import type { SiteStore } from '../../electron/core/site-desk/site-store-port';
import { startPostgres, type PostgresServer } from '../support/postgres-server';
import { median, percentile, round, sleep } from './bench-support';
import type { BenchRow } from './types';

const DESKS = 20;
const HEARTBEAT_MS = 1_000;
/** Figure 1: actions, half claims and half acknowledgements, from random desks, one at a time. */
const PROPAGATION_ACTIONS = 200;
const NOTIFY_ROUND_TRIPS = 200;
/** Figure 2: actions each desk sends at once (claims, notes, acknowledgements on distinct alarms), per round. */
const BURST_PER_DESK = 50;
const BURST_ROUNDS = 3;
/** Figure 3: a desk away AWAY_SECONDS while the 19 others each act every ACTION_EVERY_S seconds. */
const AWAY_SECONDS = 600;
const ACTION_EVERY_S = 5;
const AWAY_ACTIONS_PER_DESK = AWAY_SECONDS / ACTION_EVERY_S; // 120: 40 alarms × (claim, note, acknowledge)
const CATCH_UP_ROUNDS = 3;
const BASELINE_READS = 3;
/** The sync's own batch (desk-sync.ts READ_BATCH). */
const READ_BATCH = 1_000;
const WAIT_MS = 120_000;

/** Record ids of the alarms each figure uses (every desk holds all of them). */
const PROPAGATION_BASE = 1;
const BURST_BASE = 10_000;
const AWAY_BASE = 50_000;
const AWAY_ALARMS_PER_DESK = AWAY_ACTIONS_PER_DESK / 3;

const CREATED_BASE = Date.now() - 3_600_000;

function alarmEvent(id: number): FeedEvent {
  return {
    record_ID: id,
    created: new Date(CREATED_BASE + id * 10).toISOString(),
    event_Category_Name: 'Door Alarm',
    device_Name: `Door ${id % 97}`,
    custom_Text: 'FORCED OPEN',
    origin_Name: null,
    additional_Info: null,
    cardnumber: null,
    facility_Code: null,
    alarm: { priority: id % 2 === 0 ? 'critical' : 'high', rule: 'bench' },
  };
}

function allRecordIds(): number[] {
  const ids: number[] = [];
  for (let i = 0; i < PROPAGATION_ACTIONS; i++) ids.push(PROPAGATION_BASE + i);
  for (let r = 0; r < BURST_ROUNDS; r++) for (let i = 0; i < DESKS * BURST_PER_DESK; i++) ids.push(BURST_BASE + r * 10_000 + i);
  for (let r = 0; r < CATCH_UP_ROUNDS; r++) for (let i = 0; i < (DESKS - 1) * AWAY_ALARMS_PER_DESK; i++) ids.push(AWAY_BASE + r * 10_000 + i);
  return ids;
}

/** A small seeded generator: the same desks act in the same order every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** What the desks log at warn and error, counted (anything odd is said after the figures). */
const logged = new Map<string, number>();
const sink = (level: LogLevel, scope: string, message: string): void => {
  if (level !== 'warn' && level !== 'error') return;
  const line = `${level} ${scope}: ${message.replace(/[0-9a-f-]{36}|\d+/g, '#')}`;
  logged.set(line, (logged.get(line) ?? 0) + 1);
};

/** Where one desk's applying is timestamped (figure 1). */
interface Watch {
  kind: 'claim' | 'acknowledge';
  key: string;
  actor: number;
  seen: Map<number, number>;
  /** When the doorbell of this action reached each other desk (the first one it heard after the action). */
  rang: Map<number, number>;
  whole: () => void;
}

/** What a desk's store did (its calls counted). */
interface Counted {
  calls: number;
  rows: number;
  ms: number;
  connectedAt: number;
  records: number;
  recordMs: number;
  lastRecordMs: number;
}
const counted = (): Counted => ({ calls: 0, rows: 0, ms: 0, connectedAt: 0, records: 0, recordMs: 0, lastRecordMs: 0 });

interface Desk {
  index: number;
  name: string;
  database: KioskDatabase;
  key: Buffer;
  alarms: AlarmStore;
  sync: DeskSync;
  /** The sync's store, wrapped to count its reads. */
  reads: Counted;
  /** Record id → this desk's alarm number. */
  local: Map<number, number>;
}

let watch: Watch | null = null;

function noteApplied(desk: number, kind: Watch['kind'], key: string): void {
  const w = watch;
  if (!w || w.kind !== kind || w.key !== key || desk === w.actor || w.seen.has(desk)) return;
  w.seen.set(desk, performance.now());
  if (w.seen.size === DESKS - 1) w.whole();
}

function noteDoorbell(desk: number): void {
  const w = watch;
  if (!w || desk === w.actor || w.rang.has(desk)) return;
  w.rang.set(desk, performance.now());
}

/** The alarm store as the sync sees it, with the moment each action is applied noted. */
function watchedAlarms(index: number, alarms: AlarmStore): DeskAlarms {
  return {
    // apply() asks this right after noting a record's claim (noteClaim), for every record about an alarm.
    alarmIdsOf: (siteKey) => {
      const ids = alarms.alarmIdsOf(siteKey);
      noteApplied(index, 'claim', siteKey);
      return ids;
    },
    siteKeysOf: (ids) => alarms.siteKeysOf(ids),
    describe: (ids) => alarms.describe(ids),
    acknowledgeFromSite: (siteKey, by) => {
      const done = alarms.acknowledgeFromSite(siteKey, by);
      if (done.length > 0) noteApplied(index, 'acknowledge', siteKey);
      return done;
    },
  };
}

function countedStore(url: string, reads: Counted, ring: () => void): SiteStore {
  const store = createSiteStore({ url, password: null, log: createLogger(sink), connectTimeoutMs: 5_000, queryTimeoutMs: 30_000 });
  return {
    ...store,
    onDoorbell(listener) {
      return store.onDoorbell((seq) => {
        ring();
        listener(seq);
      });
    },
    async connect() {
      const info = await store.connect();
      reads.connectedAt = performance.now();
      return info;
    },
    async readSince(seq, limit) {
      const started = performance.now();
      const rows = await store.readSince(seq, limit);
      reads.calls++;
      reads.rows += rows.length;
      reads.ms += performance.now() - started;
      return rows;
    },
    async record(action) {
      const started = performance.now();
      const recorded = await store.record(action);
      reads.lastRecordMs = performance.now() - started;
      reads.records++;
      reads.recordMs += reads.lastRecordMs;
      return recorded;
    },
  };
}

function newSync(desk: Omit<Desk, 'sync'>, url: string): DeskSync {
  const log = createLogger(sink);
  const operator = { name: `Guard ${desk.name}`, since: new Date().toISOString() };
  return new DeskSync({
    store: countedStore(url, desk.reads, () => noteDoorbell(desk.index)),
    database: desk.database,
    key: desk.key,
    desk: desk.name,
    leaseSeconds: 3_600,
    alarms: () => watchedAlarms(desk.index, desk.alarms),
    operator: () => operator,
    log,
    heartbeatMs: HEARTBEAT_MS,
    retryMs: 500,
  });
}

function makeDesk(index: number, url: string, events: readonly FeedEvent[]): Desk {
  const name = `desk-${String(index + 1).padStart(2, '0')}`;
  const database = KioskDatabase.memory();
  const key = randomBytes(32);
  const serviceId = serviceRecordId(database, 'bench', Date.now());
  // The alarm store's hooks reach whichever sync the desk has now (figure 3 replaces it).
  const ref: { desk: Desk | null } = { desk: null };
  const alarms = new AlarmStore({
    database,
    serviceId,
    key,
    bound: 1_000_000,
    shiftHours: 12,
    escalateAfterMinutes: 0,
    log: createLogger(sink),
    operator: () => `Guard ${name}`,
    desk: name,
    settledElsewhere: (siteKey) => ref.desk?.sync.settledElsewhere(siteKey) ?? null,
    onAcknowledged: (acknowledged) => ref.desk?.sync.acknowledged(acknowledged),
  });
  const local = new Map<number, number>();
  for (const event of alarms.observe(events, 'live', 0)) if (event.alarm?.id !== undefined) local.set(event.record_ID, event.alarm.id);
  const parts = { index, name, database, key, alarms, reads: counted(), local };
  const desk: Desk = { ...parts, sync: newSync(parts, url) };
  ref.desk = desk;
  return desk;
}

const localId = (desk: Desk, recordId: number): number => {
  const id = desk.local.get(recordId);
  if (id === undefined) throw new Error(`${desk.name} holds no alarm for event ${recordId}`);
  return id;
};

const positionOf = (desk: Desk): number => Number(desk.database.get<{ seq: number }>('SELECT MAX(seq) AS seq FROM desk_position')?.seq ?? 0);

async function until(what: string, check: () => boolean | Promise<boolean>, everyMs = 2, timeoutMs = WAIT_MS): Promise<number> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    if (await check()) return performance.now();
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await (everyMs <= 0 ? new Promise<void>((r) => setImmediate(r)) : sleep(everyMs));
  }
}

/** One action of a desk: queued at once, in this order (claim and note return their promise; an acknowledgement goes through the alarm store). */
function act(desk: Desk, kind: 'claim' | 'note' | 'acknowledge', recordId: number): Promise<unknown> {
  const id = localId(desk, recordId);
  if (kind === 'claim') return desk.sync.claim(id);
  if (kind === 'note') return desk.sync.note(id, `looked at ${recordId} from ${desk.name}`);
  desk.alarms.acknowledge([id], `closed at ${desk.name}`);
  return Promise.resolve();
}

export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const say = (line: string): void => console.log(`shared-desk: ${line}`);
  let server: PostgresServer | null = null;
  const desks: Desk[] = [];
  const clients: pg.Client[] = [];
  const client = async (): Promise<pg.Client> => {
    const c = new pg.Client({ connectionString: server!.url() });
    c.on('error', () => undefined);
    await c.connect();
    clients.push(c);
    return c;
  };
  try {
    server = await startPostgres();
    // 20 desks × 2 connections, 20 more for the INSERT baseline, the replaced desk's, this bench's: over the harness's 60.
    await server.sql('ALTER SYSTEM SET max_connections = 150');
    await server.restart();
    const url = server.url();

    const setupStarted = performance.now();
    const events = allRecordIds().map(alarmEvent);
    for (let i = 0; i < DESKS; i++) desks.push(makeDesk(i, url, events));
    const observed = performance.now() - setupStarted;
    for (const desk of desks) desk.sync.start();
    await until('every desk up', () => desks.every((d) => d.sync.state().status === 'up'), 20);
    say(`${DESKS} desks up, each holding ${events.length} alarms (observing them on all desks took ${round(observed / 1000, 1)} s)`);
    const monitor = await client();
    const storeCount = async (): Promise<number> => Number((await monitor.query<{ n: string }>('SELECT COUNT(*) AS n FROM kiosk_desk.actions')).rows[0]?.n ?? 0);
    const storeMax = async (): Promise<number> => Number((await monitor.query<{ m: string | null }>('SELECT MAX(seq) AS m FROM kiosk_desk.actions')).rows[0]?.m ?? 0);
    const allApplied = async (among: readonly Desk[]): Promise<void> => {
      const max = await storeMax();
      await until('every desk applying the log', () => among.every((d) => positionOf(d) >= max), 5);
    };

    // ───────────── 1. an action shown on the 19 other desks ─────────────
    const listener = await client();
    const notifier = await client();
    await listener.query('LISTEN bench_round_trip');
    let heard: (() => void) | null = null;
    listener.on('notification', () => heard?.());
    const notify: number[] = [];
    for (let i = 0; i < NOTIFY_ROUND_TRIPS; i++) {
      const got = new Promise<void>((resolve) => (heard = resolve));
      const started = performance.now();
      await notifier.query(`NOTIFY bench_round_trip, '${i}'`);
      await got;
      notify.push(performance.now() - started);
      await sleep(2);
    }
    heard = null;

    const pick = random(20_261_128);
    const shown = { claim: [] as number[], acknowledge: [] as number[] };
    const lastDesk = { claim: [] as number[], acknowledge: [] as number[] };
    const firstDesk = { claim: [] as number[], acknowledge: [] as number[] };
    const recordMs = { claim: [] as number[], acknowledge: [] as number[] };
    const doorbell = { claim: [] as number[], acknowledge: [] as number[] };
    let missing = 0;
    let claimsNotInState = 0;
    for (let i = 0; i < PROPAGATION_ACTIONS; i++) {
      const kind: Watch['kind'] = i % 2 === 0 ? 'claim' : 'acknowledge';
      const actor = desks[Math.floor(pick() * DESKS)]!;
      const recordId = PROPAGATION_BASE + i;
      const key = actor.alarms.siteKeysOf([localId(actor, recordId)]).get(localId(actor, recordId))!;
      let whole: () => void = () => undefined;
      const everywhere = new Promise<void>((resolve) => (whole = resolve));
      const w: Watch = { kind, key, actor: actor.index, seen: new Map(), rang: new Map(), whole: () => whole() };
      watch = w;
      const started = performance.now();
      const acted = act(actor, kind, recordId);
      const timeout = sleep(15_000).then(() => 'timeout' as const);
      const outcome = await Promise.race([everywhere.then(() => 'seen' as const), timeout]);
      await acted;
      watch = null;
      if (outcome === 'timeout') missing += DESKS - 1 - w.seen.size;
      const times = [...w.seen.values()].map((t) => t - started);
      doorbell[kind].push(...[...w.rang.values()].map((t) => t - started));
      shown[kind].push(...times);
      if (w.seen.size === DESKS - 1) lastDesk[kind].push(Math.max(...times));
      if (times.length > 0) firstDesk[kind].push(Math.min(...times));
      await actor.sync.idle();
      recordMs[kind].push(actor.reads.lastRecordMs);
      if (kind === 'claim') {
        for (const desk of desks) {
          if (desk === actor) continue;
          const id = localId(desk, recordId);
          if (!desk.sync.state().claims.some((c) => c.alarmId === id && c.desk === actor.name)) claimsNotInState++;
        }
      } else {
        for (const desk of desks) if (desk.alarms.states([localId(desk, recordId)]).get(localId(desk, recordId)) !== 'acknowledged') missing++;
      }
      await sleep(5 + Math.floor(pick() * 20));
    }
    const notifyMedian = median(notify);
    for (const kind of ['claim', 'acknowledge'] as const) {
      const label = kind === 'claim' ? 'a claim' : 'an acknowledgement';
      const m = median(shown[kind]);
      const p95 = percentile(shown[kind], 95);
      const last = median(lastDesk[kind]);
      const first = median(firstDesk[kind]);
      say(`${label} on one desk shown on another: median ${round(m, 2)} ms, p95 ${round(p95, 2)} ms, first of 19 (median) ${round(first, 2)} ms, all 19 (median) ${round(last, 2)} ms; the acting desk's record() median ${round(median(recordMs[kind]), 2)} ms; the doorbell reached another desk after ${round(median(doorbell[kind]), 2)} ms (median); bare LISTEN/NOTIFY round trip median ${round(notifyMedian, 3)} ms, p95 ${round(percentile(notify, 95), 3)} ms`);
      const note = `${PROPAGATION_ACTIONS / 2} ${kind}s from random desks one at a time, ${shown[kind].length} (action, other desk) samples, timed where the other desk applies it; baseline: bare NOTIFY→listener on 2 connections, median of ${NOTIFY_ROUND_TRIPS}`;
      rows.push({ name: `${label} shown on another desk, median`, value: round(m, 2), baseline: round(notifyMedian, 3), unit: 'ms', note });
      rows.push({ name: `${label} shown on another desk, p95`, value: round(p95, 2), baseline: round(percentile(notify, 95), 3), unit: 'ms', note: 'baseline: NOTIFY round trip p95' });
      rows.push({ name: `${label} shown on the first of the 19 other desks, median`, value: round(first, 2), baseline: round(notifyMedian, 3), unit: 'ms', note: `the quickest of the 19 desks, per action (the least queued behind the others on this one thread); the acting desk's record() took ${round(median(recordMs[kind]), 2)} ms, the doorbell reached the other desks after ${round(median(doorbell[kind]), 2)} ms (medians)` });
      rows.push({ name: `${label} shown on all 19 other desks, median`, value: round(last, 2), baseline: round(notifyMedian, 3), unit: 'ms', note: 'the slowest of the 19 desks, per action' });
    }
    if (missing > 0 || claimsNotInState > 0) say(`figure 1: ${missing} (action, desk) never shown within 15 s, ${claimsNotInState} claims not in state().claims afterwards`);
    await allApplied(desks);

    // ───────────── 2. actions per second the store takes ─────────────
    const bench = await client();
    await bench.query('DROP TABLE IF EXISTS bench_insert; CREATE TABLE bench_insert (v integer)');
    const inserters: pg.Client[] = [];
    for (let i = 0; i < DESKS; i++) inserters.push(await client());
    const total = DESKS * BURST_PER_DESK;
    const deskRates: number[] = [];
    const appliedRates: number[] = [];
    const insertRates: number[] = [];
    const readsPerAction: number[] = [];
    const recordLatency: number[] = [];
    const busy: number[] = [];
    const storeAloneRates: number[] = [];
    // The store alone: record() from 20 store connections into a database no desk reads (its doorbells ring for nobody).
    const aloneDb = await server.createDatabase('alone');
    const alone: SiteStore[] = [];
    for (let i = 0; i < DESKS; i++) {
      const store = createSiteStore({ url: server.url(aloneDb), password: null, log: createLogger(sink) });
      alone.push(store);
      await store.connect();
    }
    for (let r = 0; r < BURST_ROUNDS; r++) {
      // Baseline: the same number of plain INSERTs, 20 connections at once, each one after another.
      let started = performance.now();
      await Promise.all(
        inserters.map(async (c, d) => {
          for (let i = 0; i < BURST_PER_DESK; i++) await c.query('INSERT INTO bench_insert (v) VALUES ($1)', [r * total + d * BURST_PER_DESK + i]);
        }),
      );
      insertRates.push((total * 1000) / (performance.now() - started));
      await sleep(200);

      started = performance.now();
      await Promise.all(
        alone.map(async (store, d) => {
          for (let i = 0; i < BURST_PER_DESK; i++) {
            const kind = (['claim', 'note', 'acknowledge'] as const)[i % 3]!;
            await store.record({
              actionId: randomUUID(),
              kind,
              alarmKey: `bench:${r}:${d}:${i}`,
              desk: `alone-${d}`,
              operator: `Guard ${d}`,
              at: new Date().toISOString(),
              body: kind === 'claim' ? { leaseSeconds: 3_600 } : { note: `closed at alone-${d}` },
            });
          }
        }),
      );
      storeAloneRates.push((total * 1000) / (performance.now() - started));
      await sleep(200);

      const before = await storeCount();
      const readsBefore = desks.reduce((n, d) => n + d.reads.calls, 0);
      const recordsBefore = desks.reduce((n, d) => n + d.reads.records, 0);
      const recordMsBefore = desks.reduce((n, d) => n + d.reads.recordMs, 0);
      const elu = performance.eventLoopUtilization();
      const kinds = ['claim', 'note', 'acknowledge'] as const;
      started = performance.now();
      const sent: Array<Promise<unknown>> = [];
      for (const desk of desks) {
        for (let i = 0; i < BURST_PER_DESK; i++) sent.push(act(desk, kinds[i % 3]!, BURST_BASE + r * 10_000 + desk.index * BURST_PER_DESK + i));
      }
      const recorded = await until('the burst recorded', async () => (await storeCount()) >= before + total, 5);
      deskRates.push((total * 1000) / (recorded - started));
      busy.push(performance.eventLoopUtilization(elu).utilization);
      await Promise.all(sent);
      await allApplied(desks);
      const applied = performance.now();
      appliedRates.push((total * 1000) / (applied - started));
      await Promise.all(desks.map((d) => d.sync.idle()));
      recordLatency.push((desks.reduce((n, d) => n + d.reads.recordMs, 0) - recordMsBefore) / Math.max(1, desks.reduce((n, d) => n + d.reads.records, 0) - recordsBefore));
      readsPerAction.push((desks.reduce((n, d) => n + d.reads.calls, 0) - readsBefore) / total);
      await sleep(500);
    }
    for (const store of alone) await store.close();
    say(
      `${total} actions sent at once by ${DESKS} desks: store took median ${round(median(deskRates), 1)} actions/s (all desks applied them: ${round(median(appliedRates), 1)} actions/s); plain INSERTs from ${DESKS} connections: ${round(median(insertRates), 1)} rows/s; record() alone from ${DESKS} connections, no desk reading: ${round(median(storeAloneRates), 1)} actions/s; readSince calls per action (all desks) ${round(median(readsPerAction), 1)}; a desk's record() took ${round(median(recordLatency), 1)} ms on average; this thread busy ${round(median(busy) * 100, 0)} % of the burst`,
    );
    rows.push({
      name: `actions the store takes, ${DESKS} desks × ${BURST_PER_DESK} at once`,
      value: round(median(deskRates), 1),
      baseline: round(median(insertRates), 1),
      unit: 'actions/s',
      note: `median of ${BURST_ROUNDS} rounds, first send to all ${total} counted in kiosk_desk.actions; 1/3 claims, notes, acknowledgements on distinct alarms; baseline: ${total} plain INSERTs into a one-column table from ${DESKS} connections at once`,
    });
    rows.push({
      name: `the same, until all ${DESKS} desks applied every action`,
      value: round(median(appliedRates), 1),
      baseline: round(median(insertRates), 1),
      unit: 'actions/s',
      note: `median of ${BURST_ROUNDS} rounds; the desks made ${round(median(readsPerAction), 1)} readSince calls per action between them (one per doorbell per desk); a desk's record() averaged ${round(median(recordLatency), 1)} ms; this one thread (all 20 desks) was busy ${round(median(busy) * 100, 0)} % of the burst`,
    });
    rows.push({
      name: `record() alone, ${DESKS} store connections × ${BURST_PER_DESK}, nobody reading`,
      value: round(median(storeAloneRates), 1),
      baseline: round(median(insertRates), 1),
      unit: 'actions/s',
      note: `the store's record_action (append lock, outcome, NOTIFY) without DeskSync: same mix, a database of its own whose doorbells no desk answers; median of ${BURST_ROUNDS} rounds`,
    });

    // ───────────── 3. a desk away 10 minutes catches up ─────────────
    const catchUp: number[] = [];
    const catchUpConnect: number[] = [];
    const catchUpReadMs: number[] = [];
    const baselineRead: number[] = [];
    const produced: number[] = [];
    let awayRows = 0;
    for (let r = 0; r < CATCH_UP_ROUNDS; r++) {
      const away = desks[r]!;
      const others = desks.filter((d) => d !== away);
      await away.sync.stop();
      const from = positionOf(away);
      let n = 0;
      const started = performance.now();
      const sent: Array<Promise<unknown>> = [];
      for (const desk of others) {
        for (let a = 0; a < AWAY_ALARMS_PER_DESK; a++) {
          const recordId = AWAY_BASE + r * 10_000 + n++;
          sent.push(act(desk, 'claim', recordId), act(desk, 'note', recordId), act(desk, 'acknowledge', recordId));
        }
      }
      await Promise.all(sent);
      await allApplied(others);
      produced.push(((DESKS - 1) * AWAY_ACTIONS_PER_DESK * 1000) / (performance.now() - started));
      const max = await storeMax();
      awayRows = max - from;
      const acknowledgedIds = Array.from({ length: n }, (_, i) => localId(away, AWAY_BASE + r * 10_000 + i));

      // Baseline: the same rows through readSince alone, on a connection of its own.
      const reader = createSiteStore({ url, password: null, log: createLogger(sink) });
      await reader.connect();
      const times: number[] = [];
      for (let b = 0; b < BASELINE_READS; b++) {
        const t = performance.now();
        let at = from;
        for (;;) {
          const got = await reader.readSince(at, READ_BATCH);
          if (got.length === 0) break;
          at = got[got.length - 1]!.seq;
          if (got.length < READ_BATCH) break;
        }
        if (at < max) throw new Error(`readSince stopped at ${at} of ${max}`);
        times.push(performance.now() - t);
      }
      await reader.close();
      baselineRead.push(median(times));
      await sleep(300);

      // The desk comes back: a new sync on the same database, a new store connection.
      away.reads = counted();
      away.sync = newSync(away, url);
      const t0 = performance.now();
      away.sync.start();
      await until('the away desk at the store’s newest seq', () => positionOf(away) >= max, 2);
      const t1 = await until('the away desk’s alarms acknowledged', () => [...away.alarms.states(acknowledgedIds).values()].every((s) => s === 'acknowledged'), 2);
      catchUp.push(t1 - t0);
      catchUpConnect.push(away.reads.connectedAt - t0);
      catchUpReadMs.push(away.reads.ms);
      say(
        `round ${r + 1}: ${awayRows} actions caught up in ${round(t1 - t0, 1)} ms (connect ${round(away.reads.connectedAt - t0, 1)} ms, ${away.reads.calls} readSince calls ${round(away.reads.ms, 1)} ms); readSince alone ${round(median(times), 1)} ms; the 19 produced them at ${round(produced[produced.length - 1]!, 1)} actions/s`,
      );
      await sleep(500);
    }
    say(`catch-up after ${AWAY_SECONDS / 60} min away (${awayRows} actions): median ${round(median(catchUp), 1)} ms, readSince alone median ${round(median(baselineRead), 1)} ms`);
    rows.push({
      name: `a desk away ${AWAY_SECONDS / 60} min catches up (${awayRows} actions)`,
      value: round(median(catchUp), 1),
      baseline: round(median(baselineRead), 1),
      unit: 'ms',
      note: `assumed: ${DESKS - 1} desks × 1 action every ${ACTION_EVERY_S} s for ${AWAY_SECONDS} s (each alarm: claim, note, acknowledge), produced as fast as possible; start() to position = store's max seq and all ${(DESKS - 1) * AWAY_ALARMS_PER_DESK} alarms acknowledged; median of ${CATCH_UP_ROUNDS} rounds; baseline: readSince of the same rows in batches of ${READ_BATCH}, no applying`,
    });
    rows.push({
      name: '  of which connecting (start() to connect() answered)',
      value: round(median(catchUpConnect), 1),
      unit: 'ms',
      note: 'connect, schema check, LISTEN',
    });
    rows.push({
      name: '  of which waiting on readSince',
      value: round(median(catchUpReadMs), 1),
      baseline: round(median(baselineRead), 1),
      unit: 'ms',
      note: 'the sync’s own readSince calls; the rest is applying in SQLite, claims, heartbeat',
    });
    rows.push({
      name: `the 19 desks producing ${(DESKS - 1) * AWAY_ACTIONS_PER_DESK} actions at once`,
      value: round(median(produced), 1),
      unit: 'actions/s',
      note: 'all sent at once, until the 19 desks applied them all',
    });
    if (logged.size > 0) for (const [line, count] of logged) say(`logged ${count}×: ${line.slice(0, 200)}`);
    return rows;
  } finally {
    watch = null;
    await Promise.all(desks.map((d) => d.sync.stop().catch(() => undefined)));
    for (const d of desks) d.database.close();
    await Promise.all(clients.map((c) => c.end().catch(() => undefined)));
    await server?.destroy();
  }
}
