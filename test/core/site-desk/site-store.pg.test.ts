// The site store against a real PostgreSQL (test/support/postgres-server.ts), nothing mocked: the
// schema is made from empty, an action id is applied once, two desks claiming in the same instant
// get exactly one winner, leases, take-overs, acknowledgements (first one counted, both kept), a
// sign-out's claims, the log read from a position, the doorbell on another connection, the server
// stopped and started again, and a schema newer than this kiosk knows.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSiteStore, SiteStoreError } from '../../../electron/core/site-desk/site-store';
import type { SiteActionInput, SiteStore, SiteStoreProblem } from '../../../electron/core/site-desk/site-store-port';
import { SITE_STORE_VERSION } from '../../../electron/core/site-desk/site-store-schema';
import type { DeskActionKind } from '../../../electron/contract/desk';
import { createLogger, memorySink } from '../../../electron/core/log/logger';
import { startPostgres, type PostgresServer } from '../../support/postgres-server';

let server: PostgresServer;
beforeAll(async () => {
  const started = Date.now();
  server = await startPostgres();
  console.log(`PostgreSQL ${server.version} started in ${Date.now() - started} ms on port ${server.port}`);
});
afterAll(async () => {
  await server?.destroy();
});

const opened: SiteStore[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((store) => store.close()));
});

function storeOn(db: string): SiteStore {
  const store = createSiteStore({ url: server.url(db), password: null, log: createLogger(memorySink().sink), connectTimeoutMs: 5_000 });
  opened.push(store);
  return store;
}

/** A fresh database with the schema made by a first connect, and a store on it. */
async function freshStore(): Promise<{ db: string; store: SiteStore }> {
  const db = await server.createDatabase();
  const store = storeOn(db);
  await store.connect();
  return { db, store };
}

function action(kind: DeskActionKind, alarmKey: string | null, desk: string, operator: string | null, body: Record<string, unknown> = {}): SiteActionInput {
  return { actionId: randomUUID(), kind, alarmKey, desk, operator, at: new Date().toISOString(), body };
}

async function rejection(promise: Promise<unknown>): Promise<SiteStoreError> {
  try {
    await promise;
  } catch (thrown) {
    expect(thrown).toBeInstanceOf(SiteStoreError);
    return thrown as SiteStoreError;
  }
  throw new Error('expected a SiteStoreError');
}

const ISO_MS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describe('the schema', () => {
  it('is made from empty once, with the store identity every later connection reads', async () => {
    const db = await server.createDatabase();
    const first = storeOn(db);
    const info = await first.connect();
    expect(info).toEqual({ siteId: expect.stringMatching(/^[0-9a-f-]{36}$/), schemaVersion: SITE_STORE_VERSION, migrated: true });
    const again = await storeOn(db).connect();
    expect(again).toEqual({ ...info, migrated: false });
    const tables = await server.sql("SELECT table_name FROM information_schema.tables WHERE table_schema = 'kiosk_desk' ORDER BY 1", db);
    expect(tables.map((t) => t.table_name)).toEqual(['actions', 'alarms', 'desks', 'directory_head', 'directory_records', 'directory_revisions', 'meta', 'operators']);
  });

  it('is migrated once when several desks start at the same time', async () => {
    for (let round = 0; round < 4; round += 1) {
      const db = await server.createDatabase();
      const infos = await Promise.all([storeOn(db), storeOn(db), storeOn(db)].map((store) => store.connect()));
      expect(infos.filter((info) => info.migrated)).toHaveLength(1);
      expect(new Set(infos.map((info) => info.siteId)).size).toBe(1);
    }
  });

  it('refuses a store whose schema is newer than this kiosk knows, and does not touch it', async () => {
    const { db } = await freshStore();
    await server.sql(`UPDATE kiosk_desk.meta SET schema_version = ${SITE_STORE_VERSION + 1}`, db);
    const store = storeOn(db);
    const error = await rejection(store.connect());
    expect(error.problem.kind).toBe('refused');
    expect(error.problem.code).toBe('schemaNewer');
    expect(error.message).toContain(`schema version ${SITE_STORE_VERSION + 1}`);
    expect(error.message).toContain(`127.0.0.1:${server.port}`);
    expect(await server.sql('SELECT schema_version FROM kiosk_desk.meta', db)).toEqual([{ schema_version: SITE_STORE_VERSION + 1 }]);
    await expect(store.record(action('note', 'a', 'desk-1', 'Ada', { note: 'x' }))).rejects.toMatchObject({ problem: { kind: 'unreachable' } });
  });
});

describe('recording actions', () => {
  it('applies an action id once: a replay returns the first record unchanged', async () => {
    const { db, store } = await freshStore();
    const other = storeOn(db);
    await other.connect();
    const claim = action('claim', 'alarm-1', 'desk-1', 'Ada');
    const first = await store.record(claim);
    expect(first).toMatchObject({ seq: 1, actionId: claim.actionId, kind: 'claim', outcome: 'done', by: null, alarmKey: 'alarm-1', desk: 'desk-1', operator: 'Ada' });
    expect(first.at).toBe(claim.at);
    expect(first.recordedAt).toMatch(ISO_MS);
    expect(first.claim).toMatchObject({ desk: 'desk-1', operator: 'Ada' });
    // Ben claims meanwhile (held); Ada's desk replays its claim after a lost answer.
    expect((await store.record(action('claim', 'alarm-1', 'desk-2', 'Ben'))).outcome).toBe('claimHeld');
    const replay = await store.record({ ...claim, at: new Date(Date.now() + 5_000).toISOString(), body: { leaseSeconds: 9 } });
    expect(replay).toEqual(first);
    // The same action sent by two connections at once is still one record.
    const note = action('note', 'alarm-1', 'desk-1', 'Ada', { note: 'on my way' });
    const [x, y] = await Promise.all([store.record(note), other.record(note)]);
    expect(x).toEqual(y);
    const log = await store.readSince(0, 100);
    expect(log.map((r) => r.kind)).toEqual(['claim', 'claim', 'note']);
  });

  it('two desks claiming the same alarm in the same instant: exactly one wins, every time', async () => {
    const { db } = await freshStore();
    const [one, two] = [storeOn(db), storeOn(db)];
    await Promise.all([one.connect(), two.connect()]);
    const rounds = 40;
    const started = Date.now();
    for (let round = 0; round < rounds; round += 1) {
      const key = `race-${round}`;
      const [a, b] = await Promise.all([one.record(action('claim', key, 'desk-1', 'Ada')), two.record(action('claim', key, 'desk-2', 'Ben'))]);
      const outcomes = [a.outcome, b.outcome].sort();
      expect(outcomes).toEqual(['claimHeld', 'done']);
      const [winner, loser] = a.outcome === 'done' ? [a, b] : [b, a];
      expect(loser.by).toEqual({ desk: winner.desk, operator: winner.operator, at: winner.claim?.since });
      expect(loser.claim).toEqual(winner.claim);
    }
    console.log(`${rounds} rounds of simultaneous claims in ${Date.now() - started} ms`);
    const claims = await one.claims();
    expect(claims).toHaveLength(rounds);
  });

  it('a claim is renewed by its holder and held against another desk', async () => {
    const { store } = await freshStore();
    const first = await store.record(action('claim', 'a', 'desk-1', 'Ada', { leaseSeconds: 60 }));
    const renewed = await store.record(action('claim', 'a', 'desk-1', 'Ada', { leaseSeconds: 600 }));
    expect(renewed.outcome).toBe('done');
    expect(renewed.claim?.since).toBe(first.claim?.since);
    expect(Date.parse(renewed.claim!.until)).toBeGreaterThan(Date.parse(first.claim!.until));
    // The same desk with another operator is someone else.
    const held = await store.record(action('claim', 'a', 'desk-1', 'Ben'));
    expect(held).toMatchObject({ outcome: 'claimHeld', by: { desk: 'desk-1', operator: 'Ada', at: first.claim?.since } });
    const claims = await store.claims();
    expect(claims).toEqual([{ alarmKey: 'a', desk: 'desk-1', operator: 'Ada', since: first.claim!.since, until: renewed.claim!.until }]);
  });

  it('a claim whose lease ran out may be claimed by another desk', async () => {
    const { store } = await freshStore();
    await store.record(action('claim', 'a', 'desk-1', 'Ada', { leaseSeconds: 1 }));
    const started = Date.now();
    while ((await store.claims()).length > 0) await new Promise((resolve) => setTimeout(resolve, 100));
    console.log(`the one-second lease ran out after ${Date.now() - started} ms`);
    const taken = await store.record(action('claim', 'a', 'desk-2', 'Ben'));
    expect(taken).toMatchObject({ outcome: 'done', by: null, claim: { desk: 'desk-2', operator: 'Ben' } });
  });

  it('a take-over needs a reason and records whom it took the alarm from', async () => {
    const { store } = await freshStore();
    const held = await store.record(action('claim', 'a', 'desk-1', 'Ada'));
    const refused = await rejection(store.record(action('takeOver', 'a', 'desk-2', 'Ben', { note: '   ' })));
    expect(refused.problem.kind).toBe('refused');
    expect(refused.message).toContain('take-over needs a reason');
    const taken = await store.record(action('takeOver', 'a', 'desk-2', 'Ben', { note: 'Ada is at the gate' }));
    expect(taken).toMatchObject({ outcome: 'done', by: { desk: 'desk-1', operator: 'Ada', at: held.claim?.since }, claim: { desk: 'desk-2', operator: 'Ben' }, body: { note: 'Ada is at the gate' } });
    expect((await store.claims()).map((c) => [c.alarmKey, c.desk, c.operator])).toEqual([['a', 'desk-2', 'Ben']]);
    const unheld = await store.record(action('takeOver', 'b', 'desk-2', 'Ben', { note: 'nobody had it' }));
    expect(unheld).toMatchObject({ outcome: 'done', by: null });
    // Ada's claim is no longer hers to release.
    expect((await store.record(action('release', 'a', 'desk-1', 'Ada'))).outcome).toBe('notOwner');
    expect((await store.record(action('release', 'a', 'desk-2', 'Ben'))).outcome).toBe('done');
    expect(await store.claims()).toEqual([expect.objectContaining({ alarmKey: 'b' })]);
  });

  it('an alarm is acknowledged once: the second is kept in the log as alreadyAcknowledged, with the first acknowledger', async () => {
    const { store } = await freshStore();
    const first = action('acknowledge', 'a', 'desk-1', 'Ada', { note: 'false alarm' });
    const done = await store.record(first);
    expect(done).toMatchObject({ outcome: 'done', by: null, claim: null });
    const second = await store.record(action('acknowledge', 'a', 'desk-2', 'Ben', { note: 'checked' }));
    expect(second).toMatchObject({ outcome: 'alreadyAcknowledged', by: { desk: 'desk-1', operator: 'Ada', at: first.at } });
    const claimAfter = await store.record(action('claim', 'a', 'desk-2', 'Ben'));
    expect(claimAfter).toMatchObject({ outcome: 'alreadyAcknowledged', by: { desk: 'desk-1', operator: 'Ada' } });
    const log = await store.readSince(0, 10);
    expect(log.map((r) => [r.kind, r.desk, r.outcome])).toEqual([
      ['acknowledge', 'desk-1', 'done'],
      ['acknowledge', 'desk-2', 'alreadyAcknowledged'],
      ['claim', 'desk-2', 'alreadyAcknowledged'],
    ]);
  });

  it('an acknowledgement of an alarm another desk had claimed says whose claim it closed', async () => {
    const { store } = await freshStore();
    const held = await store.record(action('claim', 'a', 'desk-2', 'Ben'));
    const ack = await store.record(action('acknowledge', 'a', 'desk-1', 'Ada'));
    expect(ack).toMatchObject({ outcome: 'done', by: { desk: 'desk-2', operator: 'Ben', at: held.claim?.since }, claim: null });
    expect(await store.claims()).toEqual([]);
    // Acknowledging one's own claim names nobody.
    await store.record(action('claim', 'b', 'desk-1', 'Ada'));
    expect((await store.record(action('acknowledge', 'b', 'desk-1', 'Ada'))).by).toBeNull();
  });

  it('a sign-in sets the desk; a sign-out clears its operator and releases every claim the desk held', async () => {
    const { store } = await freshStore();
    const signIn = action('signIn', null, 'desk-1', 'Ada');
    expect((await store.record(signIn)).outcome).toBe('done');
    await store.record(action('claim', 'a', 'desk-1', 'Ada'));
    await store.record(action('claim', 'b', 'desk-1', 'Ada'));
    await store.record(action('claim', 'c', 'desk-2', 'Ben'));
    let beats = await store.heartbeat('desk-2', 'Ben', '2030-01-01T08:00:00.000Z');
    expect(beats).toEqual([
      { desk: 'desk-1', operator: 'Ada', since: signIn.at, heartbeatAt: expect.stringMatching(ISO_MS) },
      { desk: 'desk-2', operator: 'Ben', since: '2030-01-01T08:00:00.000Z', heartbeatAt: expect.stringMatching(ISO_MS) },
    ]);
    const signOut = await store.record(action('signOut', null, 'desk-1', 'Ada'));
    expect(signOut.outcome).toBe('done');
    expect((await store.claims()).map((c) => c.alarmKey)).toEqual(['c']);
    // A heartbeat without a time keeps the operator's sign-in time.
    beats = await store.heartbeat('desk-2', 'Ben', null);
    expect(beats.find((b) => b.desk === 'desk-1')?.operator).toBeNull();
    expect(beats.find((b) => b.desk === 'desk-2')?.since).toBe('2030-01-01T08:00:00.000Z');
    // Handovers and notes are simply recorded.
    const handover = await store.record(action('handover', null, 'desk-1', 'Ada', { handover: { words: 'quiet night' } }));
    const confirm = await store.record(action('handoverConfirm', null, 'desk-2', 'Ben', { handoverId: handover.actionId }));
    expect([handover.outcome, confirm.outcome]).toEqual(['done', 'done']);
    expect(handover.body).toEqual({ handover: { words: 'quiet night' } });
  });

  it('the log is read in order from a position, in pages', async () => {
    const { store } = await freshStore();
    const sent: string[] = [];
    for (let i = 0; i < 12; i += 1) {
      const a = action('note', `alarm-${i % 3}`, 'desk-1', 'Ada', { note: `note ${i}` });
      sent.push(a.actionId);
      await store.record(a);
    }
    const read: string[] = [];
    let position = 0;
    for (;;) {
      const page = await store.readSince(position, 5);
      if (page.length === 0) break;
      expect(page.length).toBeLessThanOrEqual(5);
      for (const record of page) {
        expect(record.seq).toBeGreaterThan(position);
        position = record.seq;
        read.push(record.actionId);
      }
    }
    expect(read).toEqual(sent);
    expect(await store.readSince(position, 5)).toEqual([]);
    expect((await store.readSince(10, 100)).map((r) => r.seq)).toEqual([11, 12]);
  });

  it('rings the doorbell of another connection with the new seq', async () => {
    const { db, store } = await freshStore();
    const other = storeOn(db);
    await other.connect();
    const rung: number[] = [];
    const heard = new Promise<number>((resolve) => other.onDoorbell((seq) => (rung.push(seq), resolve(seq))));
    const recorded = await store.record(action('claim', 'a', 'desk-1', 'Ada'));
    expect(await heard).toBe(recorded.seq);
  });
});

describe('when the server goes away', () => {
  it('throws unreachable and reports the store down; connect() later works and nothing was lost', async () => {
    const { db, store } = await freshStore();
    const before = await store.record(action('claim', 'a', 'desk-1', 'Ada'));
    const down = new Promise<SiteStoreProblem>((resolve) => store.onDown(resolve));
    await server.stop();
    try {
      const problem = await down;
      expect(problem.kind).toBe('unreachable');
      const error = await rejection(store.record(action('note', 'a', 'desk-1', 'Ada', { note: 'x' })));
      expect(error.problem).toMatchObject({ kind: 'unreachable', code: 'unreachable' });
      const again = await rejection(store.connect());
      expect(again.problem).toMatchObject({ kind: 'unreachable', code: 'unreachable' });
      expect(again.message).toContain(`127.0.0.1:${server.port}`);
    } finally {
      await server.start();
    }
    const info = await store.connect();
    expect(info.migrated).toBe(false);
    const after = await store.record(action('note', 'a', 'desk-1', 'Ada', { note: 'back' }));
    expect(after.seq).toBeGreaterThan(before.seq);
    expect((await store.readSince(0, 10)).map((r) => r.actionId)).toEqual([before.actionId, after.actionId]);
    // The doorbell works on the new connection too.
    const other = storeOn(db);
    await other.connect();
    const heard = new Promise<number>((resolve) => store.onDoorbell(resolve));
    const third = await other.record(action('note', 'a', 'desk-2', 'Ben', { note: 'hello' }));
    expect(await heard).toBe(third.seq);
  });
});
