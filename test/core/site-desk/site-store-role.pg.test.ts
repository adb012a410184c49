// The site store's roles and passwords against a real PostgreSQL: the kiosks' role made with
// SITE_STORE_ROLE_SQL may call the desk's functions and nothing else (it cannot rewrite history),
// cannot migrate (schemaOlder, with the command to run), a wrong or missing password is refused
// (auth) with no password in any message or log line, and the administrator's commands
// (migrate-site-store, set-site-store-password) migrate and keep the password in a vault of its own.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSiteStore, migrateSiteStore, SiteStoreError } from '../../../electron/core/site-desk/site-store';
import type { SiteStore } from '../../../electron/core/site-desk/site-store-port';
import { SITE_STORE_ROLE_SQL, SITE_STORE_VERSION } from '../../../electron/core/site-desk/site-store-schema';
import { createLogger, memorySink } from '../../../electron/core/log/logger';
import { runAdminCommand } from '../../../electron/core/credentials/admin-command';
import { chooseSiteStoreVault, chooseVault, SITE_STORE_PLAIN_FILE } from '../../../electron/core/credentials/choose-vault';
import { loadConfig } from '../../../electron/core/config/load-config';
import { queryAs, startPostgres, type PostgresServer } from '../../support/postgres-server';

const PASSWORD = 'Desk-Role-Password-7731';
const ADMIN_PASSWORD = 'Site-Admin-Password-5512';

let server: PostgresServer;
/** A database migrated by its owner, with the kiosks' role made by SITE_STORE_ROLE_SQL. */
let db: string;
beforeAll(async () => {
  server = await startPostgres();
  await server.sql(SITE_STORE_ROLE_SQL.split('\n')[0]!); // the role exists before the schema: the migration grants it
  await server.sql(`ALTER ROLE kiosk_desk_user PASSWORD '${PASSWORD}'`);
  await server.sql(`CREATE ROLE site_admin LOGIN PASSWORD '${ADMIN_PASSWORD}'`);
  db = await server.createDatabase();
  await migrateSiteStore(server.url(db), null);
  await server.sql(SITE_STORE_ROLE_SQL.split('\n').slice(1).join('\n'), db);
});
afterAll(async () => {
  await server?.destroy();
});

const opened: SiteStore[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((store) => store.close()));
});

function kioskStore(database: string, password: string | null, lines: string[] = []): SiteStore {
  const log = createLogger((level, scope, message) => lines.push(`${level} [${scope}] ${message}`));
  const store = createSiteStore({ url: server.url(database, 'kiosk_desk_user'), password, log, connectTimeoutMs: 5_000 });
  opened.push(store);
  return store;
}

const asRole = (database: string, query: string): Promise<string> => queryAs(server, database, 'kiosk_desk_user', PASSWORD, query);

async function rejection(promise: Promise<unknown>): Promise<SiteStoreError> {
  try {
    await promise;
  } catch (thrown) {
    expect(thrown).toBeInstanceOf(SiteStoreError);
    return thrown as SiteStoreError;
  }
  throw new Error('expected a SiteStoreError');
}

describe("the kiosks' role", () => {
  it('calls every function of the desk, without migrating', async () => {
    const store = kioskStore(db, PASSWORD);
    const info = await store.connect();
    expect(info).toMatchObject({ schemaVersion: SITE_STORE_VERSION, migrated: false });
    const claim = await store.record({ actionId: randomUUID(), kind: 'claim', alarmKey: 'a', desk: 'desk-1', operator: 'Ada', at: new Date().toISOString(), body: {} });
    expect(claim.outcome).toBe('done');
    expect(await store.readSince(0, 10)).toHaveLength(1);
    expect(await store.claims()).toHaveLength(1);
    expect(await store.heartbeat('desk-1', 'Ada', null)).toHaveLength(1);
  });

  it('cannot read, write, delete or rewrite the tables directly', async () => {
    const attempts = {
      insert: "INSERT INTO kiosk_desk.actions (action_id, kind, desk, at, outcome) VALUES (gen_random_uuid(), 'note', 'x', now(), 'done')",
      update: "UPDATE kiosk_desk.actions SET outcome = 'done'",
      delete: 'DELETE FROM kiosk_desk.actions',
      truncate: 'TRUNCATE kiosk_desk.actions',
      select: 'SELECT * FROM kiosk_desk.actions',
      alarms: 'UPDATE kiosk_desk.alarms SET acknowledged_by = NULL',
      desks: 'DELETE FROM kiosk_desk.desks',
      meta: 'UPDATE kiosk_desk.meta SET schema_version = 99',
      drop: 'DROP TABLE kiosk_desk.actions',
      replace: 'CREATE OR REPLACE FUNCTION kiosk_desk.live_claims() RETURNS SETOF int LANGUAGE sql AS $$ SELECT 1 $$',
    };
    const results: Record<string, string> = {};
    for (const [name, query] of Object.entries(attempts)) results[name] = await asRole(db, query);
    expect(results).toEqual({
      insert: '42501',
      update: '42501',
      delete: '42501',
      truncate: '42501',
      select: '42501',
      alarms: '42501',
      desks: '42501',
      meta: '42501',
      drop: '42501',
      replace: '42501',
    });
    expect(await asRole(db, 'SELECT * FROM kiosk_desk.schema_info()')).toBe('allowed');
  });

  it('is refused a store that has no schema yet, with the command an administrator runs', async () => {
    const empty = await server.createDatabase();
    const error = await rejection(kioskStore(empty, PASSWORD).connect());
    expect(error.problem).toMatchObject({ kind: 'refused', code: 'schemaOlder' });
    expect(error.message).toContain(`admin migrate-site-store postgres://ADMINISTRATOR@127.0.0.1:${server.port}/${empty}`);
  });

  it('a wrong or missing password is refused (auth), and the password is in no message nor log line', async () => {
    const wrong = 'Not-The-Password-9981';
    const lines: string[] = [];
    const store = kioskStore(db, wrong, lines);
    expect(store.label).toBe(`127.0.0.1:${server.port}`);
    const error = await rejection(store.connect());
    expect(error.problem).toMatchObject({ kind: 'refused', code: 'auth' });
    expect(error.message).toContain('set-site-store-password');
    for (const text of [error.message, error.problem.message, error.detail ?? '', String(error.stack), JSON.stringify(error), ...lines]) {
      expect(text).not.toContain(wrong);
      expect(text).not.toContain(PASSWORD);
    }
    expect(lines.length).toBeGreaterThan(0);
    const none = await rejection(kioskStore(db, null).connect());
    expect(none.problem).toMatchObject({ kind: 'refused', code: 'auth' });
  });

  it('TLS is required off the loopback addresses: a server without it is refused (tls), nothing is sent in the clear', async () => {
    // ::ffff:127.0.0.1 reaches the test server but is not one of the loopback names the rule trusts.
    const lines: string[] = [];
    const log = createLogger((level, scope, message) => lines.push(`${level} [${scope}] ${message}`));
    const store = createSiteStore({ url: `postgres://kiosk_desk_user@[::ffff:127.0.0.1]:${server.port}/${db}`, password: PASSWORD, log, connectTimeoutMs: 5_000 });
    opened.push(store);
    const error = await rejection(store.connect());
    expect(error.problem).toMatchObject({ kind: 'refused', code: 'tls' });
    expect(error.message).not.toContain(PASSWORD);
    // localhost is this computer: plain is fine there.
    const local = createSiteStore({ url: `postgres://kiosk_desk_user@localhost:${server.port}/${db}`, password: PASSWORD, log: createLogger(memorySink().sink) });
    opened.push(local);
    expect((await local.connect()).schemaVersion).toBe(SITE_STORE_VERSION);
  });
});

describe("the administrator's commands", () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  function run(args: string[], stdin: string) {
    dir = mkdtempSync(path.join(tmpdir(), 'kiosk-site-admin-'));
    const chunks: string[] = [];
    const stdout = new Writable({ write: (chunk, _encoding, done) => (chunks.push(String(chunk)), done()) });
    const config = loadConfig({ systemFile: null, userFile: null, env: {}, argv: [], platform: 'linux' });
    const input = Readable.from([stdin]) as Readable & { isTTY?: boolean };
    return {
      output: () => chunks.join(''),
      code: runAdminCommand({ args, stdin: input, stdout, vault: chooseVault(null, { dir }), siteStoreVault: chooseSiteStoreVault(null, { dir }), config }),
    };
  }

  it('migrate-site-store migrates with an administrator password from standard input, then prints the role SQL', async () => {
    const target = await server.createDatabase();
    await server.sql(`ALTER DATABASE ${target} OWNER TO site_admin`);
    const first = run(['migrate-site-store', server.url(target, 'site_admin')], `${ADMIN_PASSWORD}\n`);
    expect(await first.code).toBe(0);
    expect(first.output()).toContain(`migrated from schema version 0 to ${SITE_STORE_VERSION}`);
    expect(first.output()).toContain('CREATE ROLE kiosk_desk_user LOGIN');
    expect(first.output()).not.toContain(ADMIN_PASSWORD);
    const again = run(['migrate-site-store', server.url(target, 'site_admin')], `${ADMIN_PASSWORD}\n`);
    expect(await again.code).toBe(0);
    expect(again.output()).toContain('nothing to do');
    const owner = await server.sql("SELECT nspowner::regrole::text AS owner FROM pg_namespace WHERE nspname = 'kiosk_desk'", target);
    expect(owner).toEqual([{ owner: 'site_admin' }]);
    // A wrong password: refused, never echoed.
    const wrong = run(['migrate-site-store', server.url(target, 'site_admin')], 'Wrong-Admin-Password\n');
    expect(await wrong.code).toBe(1);
    expect(wrong.output()).toContain('refused');
    expect(wrong.output()).not.toContain('Wrong-Admin-Password');
    // A password in the address is refused before anything is sent.
    const inline = run(['migrate-site-store', `postgres://site_admin:${ADMIN_PASSWORD}@127.0.0.1:${server.port}/${target}`], '');
    expect(await inline.code).toBe(2);
    expect(inline.output()).not.toContain(ADMIN_PASSWORD);
  });

  it('set-site-store-password keeps the password in its own vault file, never as an argument', async () => {
    const saved = run(['set-site-store-password'], `${PASSWORD}\n`);
    expect(await saved.code).toBe(0);
    expect(saved.output()).toContain(SITE_STORE_PLAIN_FILE);
    expect(saved.output()).not.toContain(PASSWORD);
    expect(readFileSync(path.join(dir, SITE_STORE_PLAIN_FILE), 'utf8')).toContain(PASSWORD);
    const secret = await chooseSiteStoreVault(null, { dir }).read();
    expect(secret?.reveal()).toBe(PASSWORD);
    expect(await chooseVault(null, { dir }).read()).toBeNull();
    rmSync(dir, { recursive: true, force: true });
    const asArgument = run(['set-site-store-password', PASSWORD], '');
    expect(await asArgument.code).toBe(2);
    expect(asArgument.output()).toContain('Refused');
    expect(asArgument.output()).not.toContain(PASSWORD);
  });
});
