/**
 * The site store on PostgreSQL (`pg`): implements SiteStore (site-store-port.ts) over one client
 * for calls and one that LISTENs for the doorbell. It owns the connection's life (connect, lost,
 * connect again), the TLS rule (required and verified off this computer), the schema's version
 * check and migration at connect (migrations in site-store-schema.ts, under an advisory lock), and
 * the wording of every failure as a SiteStoreError (unreachable or refused, in English, never the
 * password). The store's decisions (who owns an alarm, what a replay returns) are the SQL
 * functions'; this module only calls them and maps rows to the port's types.
 */
import pg from 'pg';
import type { ConnectionOptions } from 'node:tls';
import { screenText } from '../../contract/ipc';
import type { SiteActionInput, SiteActionRecord, SiteClaim, SiteDeskBeat, SiteStore, SiteStoreInfo, SiteStoreProblem } from './site-store-port';
import { MIGRATION_LOCK_KEY, SITE_STORE_CHANNEL, SITE_STORE_GRANTS_SQL, SITE_STORE_MIGRATIONS, SITE_STORE_VERSION } from './site-store-schema';

/** What the store logs through (the kiosk's Logger fits). */
export interface SiteStoreLog {
  info(scope: string, message: string): void;
  warn(scope: string, message: string): void;
  redact?(secret: string): void;
}

export interface SiteStoreOptions {
  /** siteStore.url: postgres://user@host:port/database (a password in it is used when `password` is null, never shown). */
  url: string;
  /** The role's password from the credential vault; null: none (a trusted local server) or the URL's. */
  password: string | null;
  log: SiteStoreLog;
  /** How long connecting may take (default 10 s). */
  connectTimeoutMs?: number;
  /** Extra certificate authority (PEM) the store's certificate is verified against. */
  tls?: { ca?: string };
  /** How long one call may wait for its answer before the connection is taken for lost (default 20 s). */
  queryTimeoutMs?: number;
}

/** A failure of the store: `problem` says whether to retry (unreachable) or an administrator must act (refused). */
export class SiteStoreError extends Error {
  readonly problem: SiteStoreProblem;
  /** For the log only (never the password): the driver's own words. */
  readonly detail: string | null;

  constructor(problem: SiteStoreProblem, detail: string | null = null) {
    super(problem.message);
    this.name = 'SiteStoreError';
    this.problem = problem;
    this.detail = detail;
  }
}

/** The command an administrator runs to migrate the store (in the schemaOlder message). */
export function migrateCommand(target: StoreTarget): string {
  return `admin migrate-site-store postgres://ADMINISTRATOR@${hostForUrl(target.host)}:${target.port}/${target.database}`;
}

/** What the URL says, parsed once (the password apart). */
export interface StoreTarget {
  host: string;
  port: number;
  database: string;
  user: string;
  urlPassword: string | null;
  /** host:port, for messages and the screen. */
  label: string;
  loopback: boolean;
}

const hostForUrl = (host: string): string => (host.includes(':') ? `[${host}]` : host);

/** Reads siteStore.url; throws a SiteStoreError (refused) that never repeats the URL (it may carry a password). */
export function parseStoreUrl(url: string): StoreTarget {
  const bad = (why: string) =>
    new SiteStoreError({ kind: 'refused', code: 'other', message: `The shared alarm desk's store address (siteStore.url) cannot be used: ${why}. It is written postgres://user@host:port/database.` });
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw bad('it is not an address');
  }
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:') throw bad('it does not start with postgres://');
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  if (host === '') throw bad('it names no host');
  const port = parsed.port === '' ? 5432 : Number(parsed.port);
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
  if (database === '' || database.includes('/')) throw bad('it names no database');
  const user = decodeURIComponent(parsed.username);
  if (user === '') throw bad('it names no user (postgres://USER@host/database)');
  const urlPassword = parsed.password === '' ? null : decodeURIComponent(parsed.password);
  const loopback = host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
  return { host, port, database, user, urlPassword, label: `${hostForUrl(host)}:${port}`, loopback };
}

/** The driver's configuration: TLS required and verified unless the store is on this computer. */
export function clientConfig(target: StoreTarget, password: string | null, options: { connectTimeoutMs: number; queryTimeoutMs: number; ca?: string }): pg.ClientConfig {
  const ssl: ConnectionOptions | false = target.loopback ? false : { rejectUnauthorized: true, servername: /^[\d.:]+$/.test(target.host) ? undefined : target.host, ...(options.ca ? { ca: options.ca } : {}) };
  return {
    host: target.host,
    port: target.port,
    database: target.database,
    user: target.user,
    password: password ?? target.urlPassword ?? undefined,
    ssl,
    connectionTimeoutMillis: options.connectTimeoutMs,
    query_timeout: options.queryTimeoutMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    application_name: 'access-kiosk desk',
  };
}

const TLS_CODES = /^(ERR_TLS_|ERR_SSL_|CERT_|DEPTH_ZERO_|SELF_SIGNED_|UNABLE_TO_(GET|VERIFY)|HOSTNAME_MISMATCH|ERR_TLS)/;
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE', 'ECONNABORTED', 'EADDRNOTAVAIL']);

function codeOf(thrown: unknown): string {
  const code = (thrown as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
}

function messageOf(thrown: unknown): string {
  return thrown instanceof Error ? thrown.message : String(thrown);
}

/** A reply of the server itself (it has a SQLSTATE), as opposed to a failure of the connection. */
const isServerError = (thrown: unknown): boolean => thrown instanceof pg.DatabaseError || /^[0-9A-Z]{5}$/.test(codeOf(thrown));

/** A server reply that means the connection is gone or unusable (shutdown, connection exceptions, too many clients). */
const isConnectionSqlState = (code: string): boolean => code.startsWith('08') || /^57P0[1-4]$/.test(code) || code === '53300' || code === '57014';

/** Words a failure, never with the password (the driver's messages never hold it; scrubbed anyway). */
export function storeProblemOf(thrown: unknown, target: StoreTarget, secrets: readonly string[] = []): SiteStoreError {
  if (thrown instanceof SiteStoreError) return thrown;
  const code = codeOf(thrown);
  let raw = messageOf(thrown);
  for (const secret of secrets) if (secret.length > 0) raw = raw.split(secret).join('[redacted]');
  const store = target.label;
  if (code === '28P01' || code === '28000' || /password|SASL|SCRAM|authentication/i.test(raw)) {
    const reason = code === '28P01' ? 'wrong password or user name' : code === '28000' ? 'this user may not log in from here' : 'a password is needed and none was given';
    return new SiteStoreError({ kind: 'refused', code: 'auth', message: screenText('desk.fromMain.auth', { store, reason }).message }, raw);
  }
  if (TLS_CODES.test(code) || /certificate|SSL|TLS/i.test(raw)) {
    const reason = /does not support SSL/i.test(raw) ? 'the server does not offer TLS, which is required off this computer' : raw;
    return new SiteStoreError({ kind: 'refused', code: 'tls', message: screenText('desk.fromMain.tls', { store, reason }).message }, raw);
  }
  if (isServerError(thrown) && !isConnectionSqlState(code)) {
    const reason = code === '3D000' ? `the database ${target.database} does not exist` : code === '42501' ? `the role ${target.user} may not do this: ${raw}` : raw;
    return new SiteStoreError({ kind: 'refused', code: 'other', message: screenText('desk.fromMain.other', { store, reason }).message }, `${code} ${raw}`);
  }
  const reason =
    code === 'ECONNREFUSED'
      ? 'connection refused'
      : code === 'ENOTFOUND' || code === 'EAI_AGAIN'
        ? 'host name not found'
        : /timeout|timed out/i.test(raw) || code === 'ETIMEDOUT'
          ? 'no answer in time'
          : UNREACHABLE_CODES.has(code)
            ? code
            : isConnectionSqlState(code)
              ? 'the server closed the connection'
              : 'the connection was lost';
  return new SiteStoreError({ kind: 'unreachable', code: 'unreachable', message: `The shared alarm desk's store (${store}) cannot be reached: ${reason}.` }, `${code} ${raw}`.trim());
}

const iso = (value: unknown): string => (value instanceof Date ? value : new Date(String(value))).toISOString();
const isoOrNull = (value: unknown): string | null => (value === null || value === undefined ? null : iso(value));

type Row = Record<string, unknown>;
const text = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));

/** A row of kiosk_desk.actions as the port's record. */
export function toActionRecord(row: Row): SiteActionRecord {
  const byDesk = text(row.by_desk);
  const claimDesk = text(row.claim_desk);
  return {
    seq: Number(row.seq),
    actionId: String(row.action_id),
    kind: String(row.kind) as SiteActionRecord['kind'],
    alarmKey: text(row.alarm_key),
    desk: String(row.desk),
    operator: text(row.operator),
    at: iso(row.at),
    body: (row.body ?? {}) as Record<string, unknown>,
    recordedAt: iso(row.recorded_at),
    outcome: String(row.outcome) as SiteActionRecord['outcome'],
    by: byDesk === null ? null : { operator: text(row.by_operator), desk: byDesk, at: isoOrNull(row.by_at) ?? iso(row.recorded_at) },
    claim: claimDesk === null ? null : { operator: text(row.claim_operator), desk: claimDesk, since: iso(row.claim_since), until: iso(row.claim_until) },
  };
}

interface SchemaState {
  exists: boolean;
  canMigrate: boolean;
  version: number;
}

/** The schema's version (0: none) and whether this role may migrate it (owns the schema, or may create one). */
async function schemaState(client: pg.Client): Promise<SchemaState> {
  const probe = await client.query<{ exists: boolean; can_migrate: boolean; has_meta: boolean }>(
    `SELECT n.oid IS NOT NULL AS exists,
            CASE WHEN n.oid IS NULL THEN has_database_privilege(current_database(), 'CREATE') ELSE pg_has_role(n.nspowner, 'USAGE') END AS can_migrate,
            to_regclass('kiosk_desk.meta') IS NOT NULL AS has_meta
       FROM (SELECT 1) AS one LEFT JOIN pg_namespace n ON n.nspname = 'kiosk_desk'`,
  );
  const row = probe.rows[0];
  if (!row) throw new Error('the schema probe returned nothing');
  if (!row.exists || !row.has_meta) return { exists: row.exists, canMigrate: row.can_migrate, version: 0 };
  const info = await client.query<{ schema_version: number }>('SELECT schema_version FROM kiosk_desk.schema_info()');
  return { exists: true, canMigrate: row.can_migrate, version: Number(info.rows[0]?.schema_version ?? 0) };
}

function schemaNewer(target: StoreTarget, found: number): SiteStoreError {
  return new SiteStoreError({ kind: 'refused', code: 'schemaNewer', schema: { found, known: SITE_STORE_VERSION }, message: screenText('desk.fromMain.schemaNewer', { store: target.label, found, known: SITE_STORE_VERSION }).message });
}

/** Applies the migrations this store lacks, in one transaction under the migration lock; returns how many. */
async function migrate(client: pg.Client, target: StoreTarget): Promise<number> {
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    // Read again under the lock: another desk may have migrated while this one waited. From the
    // catalog tables themselves: to_regclass would answer from this session's cache, which an
    // advisory lock does not refresh.
    const hasMeta = await client.query<{ has: boolean }>(
      "SELECT EXISTS (SELECT 1 FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'kiosk_desk' AND c.relname = 'meta') AS has",
    );
    let version = 0;
    if (hasMeta.rows[0]?.has) {
      const current = await client.query<{ schema_version: number }>('SELECT schema_version FROM kiosk_desk.meta');
      version = Number(current.rows[0]?.schema_version ?? 0);
    }
    if (version > SITE_STORE_VERSION) throw schemaNewer(target, version);
    const pending = SITE_STORE_MIGRATIONS.filter((m) => m.version > version);
    for (const migration of pending) {
      await client.query(migration.sql);
      await client.query('UPDATE kiosk_desk.meta SET schema_version = $1', [migration.version]);
    }
    if (pending.length > 0) await client.query(SITE_STORE_GRANTS_SQL);
    await client.query('COMMIT');
    return pending.length;
  } catch (thrown) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw thrown;
  }
}

/** Brings the schema to this kiosk's version when the role may, else checks it; returns the store's identity. */
export async function prepareSchema(client: pg.Client, target: StoreTarget): Promise<SiteStoreInfo> {
  const state = await schemaState(client);
  if (state.version > SITE_STORE_VERSION) throw schemaNewer(target, state.version);
  let migrated = false;
  if (state.version < SITE_STORE_VERSION) {
    if (!state.canMigrate) {
      throw new SiteStoreError({
        kind: 'refused',
        code: 'schemaOlder',
        schema: { found: state.version, known: SITE_STORE_VERSION, command: migrateCommand(target) },
        message: screenText('desk.fromMain.schemaOlder', { store: target.label, found: state.version, known: SITE_STORE_VERSION, command: migrateCommand(target) }).message,
      });
    }
    migrated = (await migrate(client, target)) > 0;
  }
  const info = await client.query<{ schema_version: number; site_id: string }>('SELECT schema_version, site_id FROM kiosk_desk.schema_info()');
  const row = info.rows[0];
  if (!row) throw new SiteStoreError({ kind: 'refused', code: 'other', message: screenText('desk.fromMain.other', { store: target.label, reason: 'its schema has no identity row' }).message });
  if (Number(row.schema_version) > SITE_STORE_VERSION) throw schemaNewer(target, Number(row.schema_version));
  return { siteId: String(row.site_id), schemaVersion: Number(row.schema_version), migrated };
}

/**
 * The SiteStore on PostgreSQL. Nothing connects until connect(); after a lost connection (onDown)
 * the same object connects again with connect().
 */
export function createSiteStore(options: SiteStoreOptions): SiteStore {
  const target = parseStoreUrl(options.url);
  const password = options.password ?? target.urlPassword;
  if (password) options.log.redact?.(password);
  const secrets = password ? [password, encodeURIComponent(password)] : [];
  const config = clientConfig(target, password, { connectTimeoutMs: options.connectTimeoutMs ?? 10_000, queryTimeoutMs: options.queryTimeoutMs ?? 20_000, ca: options.tls?.ca });
  const doorbells = new Set<(seq: number) => void>();
  const downs = new Set<(problem: SiteStoreProblem) => void>();
  const problemOf = (thrown: unknown) => storeProblemOf(thrown, target, secrets);

  /** Each connect() starts a generation; events of an older one's clients are ignored. */
  let generation = 0;
  let calls: pg.Client | null = null;
  let listener: pg.Client | null = null;
  let up = false;
  let connecting: Promise<SiteStoreInfo> | null = null;

  const endQuietly = (client: pg.Client | null) => {
    if (!client) return;
    client.end().catch(() => undefined);
  };
  const teardown = () => {
    up = false;
    const [a, b] = [calls, listener];
    calls = null;
    listener = null;
    endQuietly(a);
    endQuietly(b);
  };

  const lost = (gen: number, thrown: unknown) => {
    if (gen !== generation || !up) return;
    const error = problemOf(thrown);
    const problem: SiteStoreProblem = error.problem.kind === 'unreachable' ? error.problem : { kind: 'unreachable', code: 'unreachable', message: `The shared alarm desk's store (${target.label}) cannot be reached: the connection was lost.` };
    options.log.warn('site-store', `connection to ${target.label} lost: ${error.detail ?? error.message}`);
    teardown();
    for (const down of [...downs]) {
      try {
        down(problem);
      } catch (thrown2) {
        options.log.warn('site-store', `an onDown listener failed: ${messageOf(thrown2)}`);
      }
    }
  };

  const newClient = (gen: number): pg.Client => {
    const client = new pg.Client(config);
    // An idle client's failure (the server stopped, the network cut) arrives as an event.
    client.on('error', (thrown) => lost(gen, thrown));
    client.on('end', () => lost(gen, new Error('the connection was closed')));
    return client;
  };

  async function open(): Promise<SiteStoreInfo> {
    teardown();
    generation += 1;
    const gen = generation;
    const callClient = newClient(gen);
    const listenClient = newClient(gen);
    try {
      await callClient.connect();
      const info = await prepareSchema(callClient, target);
      await listenClient.connect();
      listenClient.on('notification', (message) => {
        if (gen !== generation || message.channel !== SITE_STORE_CHANNEL) return;
        const seq = Number(message.payload);
        if (!Number.isSafeInteger(seq)) return;
        for (const ring of [...doorbells]) {
          try {
            ring(seq);
          } catch (thrown) {
            options.log.warn('site-store', `a doorbell listener failed: ${messageOf(thrown)}`);
          }
        }
      });
      await listenClient.query(`LISTEN ${SITE_STORE_CHANNEL}`);
      if (gen !== generation) throw new Error('closed while connecting');
      calls = callClient;
      listener = listenClient;
      up = true;
      options.log.info('site-store', `connected to ${target.label} (schema ${info.schemaVersion}${info.migrated ? ', migrated now' : ''})`);
      return info;
    } catch (thrown) {
      if (gen === generation) generation += 1; // the clients' own end events are not a loss
      endQuietly(callClient);
      endQuietly(listenClient);
      const error = problemOf(thrown);
      options.log.warn('site-store', `cannot use ${target.label}: ${error.detail ?? error.message}`);
      throw error;
    }
  }

  /** One call on the live connection; a connection failure reports the store down and throws unreachable. */
  async function call<R extends pg.QueryResultRow>(sql: string, params: unknown[]): Promise<R[]> {
    const client = calls;
    const gen = generation;
    if (!up || !client) {
      throw new SiteStoreError({ kind: 'unreachable', code: 'unreachable', message: `The shared alarm desk's store (${target.label}) is not connected.` });
    }
    try {
      return (await client.query<R>(sql, params)).rows;
    } catch (thrown) {
      const error = problemOf(thrown);
      if (error.problem.kind === 'unreachable' || !isServerError(thrown)) {
        lost(gen, thrown);
        if (error.problem.kind !== 'unreachable') throw new SiteStoreError({ kind: 'unreachable', code: 'unreachable', message: `The shared alarm desk's store (${target.label}) cannot be reached: the connection was lost.` }, error.detail);
      }
      throw error;
    }
  }

  return {
    label: target.label,
    connect() {
      connecting ??= open().finally(() => {
        connecting = null;
      });
      return connecting;
    },
    async record(action: SiteActionInput) {
      const rows = await call('SELECT * FROM kiosk_desk.record_action($1::uuid, $2, $3, $4, $5, $6::timestamptz, $7::jsonb)', [
        action.actionId,
        action.kind,
        action.alarmKey,
        action.desk,
        action.operator,
        action.at,
        JSON.stringify(action.body ?? {}),
      ]);
      const row = rows[0];
      if (!row) throw new SiteStoreError({ kind: 'refused', code: 'other', message: screenText('desk.fromMain.other', { store: target.label, reason: 'it recorded nothing' }).message });
      return toActionRecord(row);
    },
    async readSince(seq: number, limit: number) {
      const rows = await call('SELECT * FROM kiosk_desk.read_actions($1, $2)', [Math.max(0, Math.floor(seq)), Math.max(1, Math.floor(limit))]);
      return rows.map(toActionRecord);
    },
    async claims(): Promise<SiteClaim[]> {
      const rows = await call('SELECT * FROM kiosk_desk.live_claims()', []);
      return rows.map((row) => ({ alarmKey: String(row.alarm_key), operator: text(row.operator), desk: String(row.desk), since: iso(row.since), until: iso(row.lease_until) }));
    },
    async operators() {
      const rows = await call('SELECT * FROM kiosk_desk.site_operators()', []);
      return rows.map((row) => ({ name: String(row.name), pin: row.pin as unknown }));
    },
    async heartbeat(desk: string, operator: string | null, since: string | null): Promise<SiteDeskBeat[]> {
      const rows = await call('SELECT * FROM kiosk_desk.heartbeat($1, $2, $3::timestamptz)', [desk, operator, since]);
      return rows.map((row) => ({ desk: String(row.desk), operator: text(row.operator), since: iso(row.since), heartbeatAt: iso(row.heartbeat_at) }));
    },
    onDoorbell(listener) {
      doorbells.add(listener);
      return () => doorbells.delete(listener);
    },
    onDown(listener) {
      downs.add(listener);
      return () => downs.delete(listener);
    },
    async close() {
      generation += 1;
      const [a, b] = [calls, listener];
      calls = null;
      listener = null;
      up = false;
      await Promise.all([a, b].map((client) => client?.end().catch(() => undefined)));
    },
  };
}

/**
 * The administrator's publication of the site's operators (admin publish-operators): replaces the
 * store's list with these entries (names and PIN hashes, never a PIN), as the schema's owner.
 * Returns how many the store now holds. Throws a SiteStoreError.
 */
export async function publishSiteOperators(url: string, password: string | null, operators: ReadonlyArray<{ name: string; pin: unknown }>): Promise<number> {
  const target = parseStoreUrl(url);
  const secret = password ?? target.urlPassword;
  const secrets = secret ? [secret, encodeURIComponent(secret)] : [];
  const client = new pg.Client(clientConfig(target, secret, { connectTimeoutMs: 10_000, queryTimeoutMs: 60_000 }));
  client.on('error', () => undefined);
  try {
    await client.connect();
    const state = await schemaState(client);
    if (state.version !== SITE_STORE_VERSION) throw new SiteStoreError({ kind: 'refused', code: 'other', message: screenText('desk.fromMain.other', { store: target.label, reason: `its schema is version ${state.version}, this kiosk's ${SITE_STORE_VERSION}: run migrate-site-store first` }).message });
    await client.query('BEGIN');
    await client.query('DELETE FROM kiosk_desk.operators');
    for (const operator of operators) await client.query('INSERT INTO kiosk_desk.operators (name, pin) VALUES ($1, $2::jsonb)', [operator.name, JSON.stringify(operator.pin)]);
    await client.query('COMMIT');
    return operators.length;
  } catch (thrown) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw storeProblemOf(thrown, target, secrets);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * The administrator's migration (admin migrate-site-store): connects with an administrator's URL
 * and password (never logged), migrates the schema to this kiosk's version, and returns what it
 * found. Throws a SiteStoreError.
 */
export async function migrateSiteStore(url: string, password: string | null, options: { connectTimeoutMs?: number; tls?: { ca?: string } } = {}): Promise<SiteStoreInfo & { from: number }> {
  const target = parseStoreUrl(url);
  const secret = password ?? target.urlPassword;
  const secrets = secret ? [secret, encodeURIComponent(secret)] : [];
  const client = new pg.Client(clientConfig(target, secret, { connectTimeoutMs: options.connectTimeoutMs ?? 10_000, queryTimeoutMs: 60_000, ca: options.tls?.ca }));
  client.on('error', () => undefined);
  try {
    await client.connect();
    const state = await schemaState(client);
    if (state.version > SITE_STORE_VERSION) throw schemaNewer(target, state.version);
    if (state.version < SITE_STORE_VERSION && !state.canMigrate) {
      throw new SiteStoreError({
        kind: 'refused',
        code: 'other',
        message: screenText('desk.fromMain.other', { store: target.label, reason: `the role ${target.user} may not create the schema kiosk_desk in ${target.database} (connect as the database's owner)` }).message,
      });
    }
    const applied = state.version < SITE_STORE_VERSION ? await migrate(client, target) : 0;
    const info = await client.query<{ schema_version: number; site_id: string }>('SELECT schema_version, site_id FROM kiosk_desk.schema_info()');
    const row = info.rows[0];
    return { siteId: String(row?.site_id), schemaVersion: Number(row?.schema_version ?? 0), migrated: applied > 0, from: state.version };
  } catch (thrown) {
    throw storeProblemOf(thrown, target, secrets);
  } finally {
    await client.end().catch(() => undefined);
  }
}
