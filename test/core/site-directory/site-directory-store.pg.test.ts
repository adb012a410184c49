/**
 * The site's copy of the directory in a REAL PostgreSQL (started by the test): a change set is one
 * revision, visible whole or not at all, numbered in commit order; a desk reads the changes after
 * its revision and the whole copy at one revision; a desk's write made after a download began is
 * neither overwritten by the download's older version nor removed; the kiosks' role may only call
 * the functions; one kiosk at a time holds the lead, and it goes with its connection.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../../electron/core/log/logger';
import type { CardHolder } from '../../../electron/core/service/access-service';
import { migrateSiteStore } from '../../../electron/core/site-desk/site-store';
import { SITE_STORE_ROLE_SQL } from '../../../electron/core/site-desk/site-store-schema';
import { markOf } from '../../../electron/core/site-directory/site-directory-marks';
import type { SiteDirectoryEntry, SiteDirectoryStore } from '../../../electron/core/site-directory/site-directory-port';
import { createSiteDirectoryStore } from '../../../electron/core/site-directory/site-directory-store';
import { queryAs, startPostgres, type PostgresServer } from '../../support/postgres-server';

const PASSWORD = 'Directory-Role-Password-4410';
let server: PostgresServer;
let db: string;
const opened: SiteDirectoryStore[] = [];

beforeAll(async () => {
  server = await startPostgres();
  await server.sql(SITE_STORE_ROLE_SQL.split('\n')[0]!);
  await server.sql(`ALTER ROLE kiosk_desk_user PASSWORD '${PASSWORD}'`);
}, 120_000);
afterAll(async () => {
  await server?.destroy();
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((store) => store.close()));
});

async function freshDatabase(): Promise<string> {
  const name = await server.createDatabase();
  await migrateSiteStore(server.url(name), null);
  await server.sql(SITE_STORE_ROLE_SQL.split('\n').slice(1).join('\n'), name);
  return name;
}

function kioskStore(database: string): SiteDirectoryStore {
  const store = createSiteDirectoryStore({ url: server.url(database, 'kiosk_desk_user'), password: PASSWORD, log: createLogger(() => undefined), connectTimeoutMs: 5_000 });
  opened.push(store);
  return store;
}

function holder(id: number, patch: Partial<CardHolder> = {}): CardHolder {
  return {
    id,
    first_Name: `First${id}`,
    last_Name: `Last${id}`,
    employee_ID: `E${id}`,
    email: `p${id}@example.org`,
    updated: '2026-11-01T10:00:00.000Z',
    created: '2026-01-01T10:00:00.000Z',
    photo_Exists: false,
    ...patch,
  } as unknown as CardHolder;
}
const entry = (record: CardHolder): SiteDirectoryEntry => ({ record, mark: markOf(record) });
const T = '2026-11-28T12:00:00.000Z';

beforeAll(async () => {
  db = await freshDatabase();
});

describe("the site's directory copy", () => {
  it('publishes a change set as one revision, in order, and reads the changes after a revision', async () => {
    const store = kioskStore(db);
    await store.connect();
    const first = await store.publish({ desk: 'd1', basis: 0, checkedAt: T, put: [1, 2, 3].map((id) => entry(holder(id))), remove: [] });
    expect(first).toMatchObject({ revision: 1, added: 3, changed: 0, removed: 0, records: 3 });
    const second = await store.publish({ desk: 'd1', basis: 1, checkedAt: T, put: [entry(holder(2, { last_Name: 'Changed', updated: '2026-11-02T10:00:00.000Z' })), entry(holder(4))], remove: [3] });
    expect(second).toMatchObject({ revision: 2, added: 1, changed: 1, removed: 1, records: 3 });
    const since1 = await store.changesSince(1);
    expect(since1.revision).toBe(2);
    expect(since1.changes.map((c) => [c.id, c.revision, c.removed])).toEqual([
      [2, 2, false],
      [3, 2, true],
      [4, 2, false],
    ]);
    const status = await store.status(0);
    expect(status).toMatchObject({ revision: 2, records: 3, checkedAt: T, checkedBy: 'd1' });
    // Nothing changed: only the check is noted, no new revision.
    const later = '2026-11-28T12:15:00.000Z';
    expect(await store.publish({ desk: 'd2', basis: 2, checkedAt: later, put: [], remove: [] })).toMatchObject({ revision: null });
    expect(await store.status(2)).toMatchObject({ revision: 2, checkedAt: later, checkedBy: 'd2', changedSince: 0 });
    const marks = await store.marks();
    expect([...marks.keys()]).toEqual([1, 2, 4]);
    expect(marks.get(2)).toBe(markOf(holder(2, { last_Name: 'Changed', updated: '2026-11-02T10:00:00.000Z' })));
  });

  it('a revision being written is invisible until it commits, and revisions are numbered in commit order', async () => {
    const name = await freshDatabase();
    const writer = kioskStore(name);
    const reader = kioskStore(name);
    await Promise.all([writer.connect(), reader.connect()]);
    await writer.publish({ desk: 'd1', basis: 0, checkedAt: T, put: [entry(holder(1))], remove: [] });
    // A big change set, and a desk's write trying to slip in meanwhile.
    const big = Array.from({ length: 6_000 }, (_, i) => entry(holder(100 + i)));
    const publishing = writer.publish({ desk: 'd1', basis: 1, checkedAt: T, put: big, remove: [] });
    const deskWrite = reader.write('d5', entry(holder(50)));
    for (let i = 0; i < 20; i++) {
      const { changes } = await reader.changesSince(1);
      const byRevision = new Map<number, number>();
      for (const change of changes) byRevision.set(change.revision, (byRevision.get(change.revision) ?? 0) + 1);
      expect([...byRevision.values()].every((count) => count === 1 || count === 6_000)).toBe(true);
    }
    const published = await publishing;
    const written = await deskWrite;
    expect(new Set([published.revision, written])).toEqual(new Set([2, 3]));
    const { changes, revision } = await reader.changesSince(1);
    expect(revision).toBe(3);
    expect(changes).toHaveLength(6_001);
    // In commit order: every change of the earlier revision before the later's.
    const revisions = changes.map((c) => c.revision);
    expect([...revisions].sort((a, b) => a - b)).toEqual(revisions);
  });

  it('reads the whole copy at one revision, even while another revision commits', async () => {
    const name = await freshDatabase();
    const store = kioskStore(name);
    const other = kioskStore(name);
    await Promise.all([store.connect(), other.connect()]);
    await store.publish({ desk: 'd1', basis: 0, checkedAt: T, put: Array.from({ length: 12_000 }, (_, i) => entry(holder(i + 1))), remove: [] });
    let pages = 0;
    const ids: number[] = [];
    const copy = await store.readCopy(async (records) => {
      pages++;
      if (pages === 1) await other.publish({ desk: 'd2', basis: 1, checkedAt: T, put: [entry(holder(20_000))], remove: [1, 11_999] }).catch(() => undefined);
      for (const text of records) ids.push(...(JSON.parse(`[${text}]`) as CardHolder[]).map((record) => record.id));
    });
    expect(copy).toMatchObject({ revision: 1, records: 12_000 });
    expect(ids).toHaveLength(12_000);
    expect(ids.includes(20_000)).toBe(false);
    expect(pages).toBeGreaterThan(1);
  });

  it("keeps a desk's write made after the download began: not overwritten by an older version, not removed", async () => {
    const name = await freshDatabase();
    const leader = kioskStore(name);
    const desk = kioskStore(name);
    await Promise.all([leader.connect(), desk.connect()]);
    await leader.publish({ desk: 'leader', basis: 0, checkedAt: T, put: [1, 2, 3].map((id) => entry(holder(id))), remove: [] });
    const basis = (await leader.status(0)).revision;
    // The download begins at `basis`; meanwhile desks change 1 and enrol 9 (newer than the download's copy).
    expect(await desk.write('desk-5', entry(holder(1, { last_Name: 'Renamed', updated: '2026-11-28T12:05:00.000Z' })))).toBe(basis + 1);
    expect(await desk.write('desk-5', entry(holder(9, { updated: '2026-11-28T12:06:00.000Z' })))).toBe(basis + 2);
    // The same record again: nothing to write.
    expect(await desk.write('desk-5', entry(holder(9, { updated: '2026-11-28T12:06:00.000Z' })))).toBeNull();
    // The download (begun before those writes) holds 1's older version and neither 9 nor 3.
    const published = await leader.publish({ desk: 'leader', basis, checkedAt: T, put: [entry(holder(1, { last_Name: 'Old', updated: '2026-11-20T00:00:00.000Z' }))], remove: [3, 9] });
    expect(published).toMatchObject({ changed: 0, removed: 1, kept: 2 });
    const marks = await leader.marks();
    expect([...marks.keys()]).toEqual([1, 2, 9]);
    expect(marks.get(1)).toBe(markOf(holder(1, { last_Name: 'Renamed', updated: '2026-11-28T12:05:00.000Z' })));
    // A later download (basis after the writes) may change and remove them.
    const basis2 = (await leader.status(0)).revision;
    expect(await leader.publish({ desk: 'leader', basis: basis2, checkedAt: T, put: [entry(holder(1, { last_Name: 'Final', updated: '2026-11-28T13:00:00.000Z' }))], remove: [9] })).toMatchObject({ changed: 1, removed: 1 });
  });

  it('one kiosk at a time leads; the lead goes with its connection', async () => {
    const name = await freshDatabase();
    const a = kioskStore(name);
    const b = kioskStore(name);
    await Promise.all([a.connect(), b.connect()]);
    expect(await a.tryLead()).toBe(true);
    expect(await b.tryLead()).toBe(false);
    await a.close();
    expect(await b.tryLead()).toBe(true);
  });
});

describe("the kiosks' role", () => {
  it("may call the directory's functions and nothing else", async () => {
    const attempts = {
      select: 'SELECT * FROM kiosk_desk.directory_records',
      update: "UPDATE kiosk_desk.directory_records SET mark = 'x'",
      delete: 'DELETE FROM kiosk_desk.directory_records',
      head: 'UPDATE kiosk_desk.directory_head SET revision = 99',
      revisions: 'SELECT * FROM kiosk_desk.directory_revisions',
      internal: 'SELECT kiosk_desk.directory_open_revision(1)',
      put: "SELECT kiosk_desk.directory_put(99, 0, '[]'::jsonb)",
      status: 'SELECT * FROM kiosk_desk.directory_status(0)',
    };
    const results: Record<string, string> = {};
    for (const [label, query] of Object.entries(attempts)) results[label] = await queryAs(server, db, 'kiosk_desk_user', PASSWORD, query);
    // put is callable, and refuses a revision not being written in this transaction (22023).
    expect(results).toEqual({ select: '42501', update: '42501', delete: '42501', head: '42501', revisions: '42501', internal: '42501', put: '22023', status: 'allowed' });
  });
});
