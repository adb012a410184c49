/**
 * The site's copy of the cardholder directory on PostgreSQL (`pg`): implements SiteDirectoryStore
 * (site-directory-port.ts) over two connections of its own — one for calls (one at a time: a
 * revision or a consistent read is one transaction on it), one session that listens for new
 * revisions and holds the lead lock of the kiosk downloading for the site (it goes when that
 * kiosk dies or its connection drops). The address, TLS rule, schema migration and wording of
 * failures are the site store's (site-desk/site-store.ts); the rules of a revision are the SQL
 * functions' (site-store-schema.ts, version 2). Nothing here decides when to sync.
 */
import pg from 'pg';
import type { CardHolder } from '../service/access-service';
import { clientConfig, parseStoreUrl, prepareSchema, SiteStoreError, storeProblemOf, type SiteStoreLog } from '../site-desk/site-store';
import { DIRECTORY_LEAD_LOCK_KEY, SITE_DIRECTORY_CHANNEL } from '../site-desk/site-store-schema';
import type { SiteStoreProblem } from '../site-desk/site-store-port';
import type { SiteDirectoryChange, SiteDirectoryEntry, SiteDirectoryPublished, SiteDirectoryStatus, SiteDirectoryStore } from './site-directory-port';
import { updatedOf } from './site-directory-marks';

export interface SiteDirectoryStoreOptions {
  url: string;
  password: string | null;
  log: SiteStoreLog;
  connectTimeoutMs?: number;
  queryTimeoutMs?: number;
  tls?: { ca?: string };
}

/** Rows per call: records written or read in one statement. */
const PUT_PAGE = 2_000;
const DROP_PAGE = 10_000;
const READ_PAGE = 10_000;
const MARKS_PAGE = 100_000;

type Row = Record<string, unknown>;

export function createSiteDirectoryStore(options: SiteDirectoryStoreOptions): SiteDirectoryStore {
  const target = parseStoreUrl(options.url);
  const password = options.password ?? target.urlPassword;
  if (password) options.log.redact?.(password);
  const secrets = password ? [password, encodeURIComponent(password)] : [];
  const config = { ...clientConfig(target, password, { connectTimeoutMs: options.connectTimeoutMs ?? 10_000, queryTimeoutMs: options.queryTimeoutMs ?? 60_000, ca: options.tls?.ca }), application_name: 'access-kiosk directory' };
  const revisions = new Set<(revision: number) => void>();
  const downs = new Set<(problem: SiteStoreProblem) => void>();
  const problemOf = (thrown: unknown) => storeProblemOf(thrown, target, secrets);

  let generation = 0;
  let calls: pg.Client | null = null;
  let session: pg.Client | null = null;
  let siteId = '';
  let up = false;
  let leading = false;
  let connecting: Promise<{ siteId: string }> | null = null;
  /** Calls on the calls client, one after another (a transaction is never interleaved). */
  let queue: Promise<unknown> = Promise.resolve();

  const endQuietly = (client: pg.Client | null) => void client?.end().catch(() => undefined);
  const teardown = () => {
    up = false;
    leading = false;
    const [a, b] = [calls, session];
    calls = null;
    session = null;
    endQuietly(a);
    endQuietly(b);
  };
  const notConnected = () => new SiteStoreError({ kind: 'unreachable', code: 'unreachable', message: `The site's directory store (${target.label}) is not connected.` });

  const lost = (gen: number, thrown: unknown) => {
    if (gen !== generation || !up) return;
    const error = problemOf(thrown);
    const problem: SiteStoreProblem = error.problem.kind === 'unreachable' ? error.problem : { kind: 'unreachable', code: 'unreachable', message: `The site's directory store (${target.label}) cannot be reached: the connection was lost.` };
    options.log.warn('site-directory', `connection to ${target.label} lost: ${error.detail ?? error.message}`);
    teardown();
    for (const down of [...downs]) down(problem);
  };

  const newClient = (gen: number): pg.Client => {
    const client = new pg.Client(config);
    client.on('error', (thrown) => lost(gen, thrown));
    client.on('end', () => lost(gen, new Error('the connection was closed')));
    return client;
  };

  async function open(): Promise<{ siteId: string }> {
    teardown();
    generation += 1;
    const gen = generation;
    const callClient = newClient(gen);
    const sessionClient = newClient(gen);
    try {
      await callClient.connect();
      const info = await prepareSchema(callClient, target);
      await sessionClient.connect();
      sessionClient.on('notification', (message) => {
        if (gen !== generation || message.channel !== SITE_DIRECTORY_CHANNEL) return;
        const revision = Number(message.payload);
        if (!Number.isSafeInteger(revision)) return;
        for (const listener of [...revisions]) listener(revision);
      });
      await sessionClient.query(`LISTEN ${SITE_DIRECTORY_CHANNEL}`);
      if (gen !== generation) throw new Error('closed while connecting');
      calls = callClient;
      session = sessionClient;
      siteId = info.siteId;
      up = true;
      return { siteId };
    } catch (thrown) {
      if (gen === generation) generation += 1;
      endQuietly(callClient);
      endQuietly(sessionClient);
      throw problemOf(thrown);
    }
  }

  /** Runs `work` alone on the calls client; a failure of the connection reports the store down. */
  function exclusive<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
    const run = async (): Promise<T> => {
      const client = calls;
      const gen = generation;
      if (!up || !client) throw notConnected();
      try {
        return await work(client);
      } catch (thrown) {
        if (thrown instanceof SiteStoreError) throw thrown;
        const error = problemOf(thrown);
        if (error.problem.kind === 'unreachable') lost(gen, thrown);
        throw error;
      }
    };
    const result = queue.then(run, run);
    queue = result.catch(() => undefined);
    return result;
  }

  /** A transaction on the calls client; rolled back on any failure. */
  const transaction = <T>(begin: string, work: (client: pg.Client) => Promise<T>): Promise<T> =>
    exclusive(async (client) => {
      await client.query(begin);
      try {
        const result = await work(client);
        await client.query('COMMIT');
        return result;
      } catch (thrown) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw thrown;
      }
    });

  const statusOf = (row: Row | undefined): SiteDirectoryStatus => ({
    revision: Number(row?.revision ?? 0),
    checkedAt: row?.checked_at ? new Date(row.checked_at as string).toISOString() : null,
    checkedBy: row?.checked_by === null || row?.checked_by === undefined ? null : String(row.checked_by),
    records: Number(row?.records ?? 0),
    changedSince: Number(row?.changed_since ?? 0),
    siteId,
  });
  const readStatus = async (client: pg.Client, after: number) => statusOf((await client.query('SELECT * FROM kiosk_desk.directory_status($1)', [after])).rows[0]);

  const entryJson = (entry: SiteDirectoryEntry) => ({ id: entry.record.id, record: entry.record, mark: entry.mark, updated: updatedOf(entry.record) });

  return {
    label: target.label,
    get connected() {
      return up;
    },
    get leading() {
      return leading && up;
    },
    connect() {
      connecting ??= open().finally(() => {
        connecting = null;
      });
      return connecting;
    },
    async tryLead() {
      const client = session;
      if (!up || !client) return false;
      if (leading) return true;
      try {
        const rows = (await client.query<{ got: boolean }>('SELECT pg_try_advisory_lock($1) AS got', [DIRECTORY_LEAD_LOCK_KEY])).rows;
        leading = rows[0]?.got === true;
        return leading;
      } catch (thrown) {
        lost(generation, thrown);
        return false;
      }
    },
    async resign() {
      const client = session;
      if (!leading || !client) return;
      leading = false;
      await client.query('SELECT pg_advisory_unlock($1)', [DIRECTORY_LEAD_LOCK_KEY]).catch(() => undefined);
    },
    status: (after) => exclusive((client) => readStatus(client, Math.max(0, Math.floor(after)))),
    marks: () =>
      transaction('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY', async (client) => {
        const marks = new Map<number, string>();
        let after: number | null = null;
        for (;;) {
          const rows: Row[] = (await client.query('SELECT id, mark FROM kiosk_desk.directory_marks($1, $2)', [after, MARKS_PAGE])).rows;
          for (const row of rows) marks.set(Number(row.id), String(row.mark));
          if (rows.length < MARKS_PAGE) return marks;
          after = Number(rows[rows.length - 1]!.id);
        }
      }),
    publish: (change) =>
      transaction('BEGIN', async (client): Promise<SiteDirectoryPublished> => {
        if (change.put.length === 0 && change.remove.length === 0) {
          await client.query('SELECT kiosk_desk.directory_checked($1, $2::timestamptz)', [change.desk, change.checkedAt]);
          const status = await readStatus(client, 0);
          return { revision: null, added: 0, changed: 0, removed: 0, kept: 0, records: status.records };
        }
        const revision = Number((await client.query('SELECT kiosk_desk.directory_begin($1, $2) AS revision', [change.desk, change.basis])).rows[0]?.revision);
        for (let i = 0; i < change.put.length; i += PUT_PAGE) {
          await client.query('SELECT kiosk_desk.directory_put($1, $2, $3::jsonb)', [revision, change.basis, JSON.stringify(change.put.slice(i, i + PUT_PAGE).map(entryJson))]);
        }
        for (let i = 0; i < change.remove.length; i += DROP_PAGE) {
          await client.query('SELECT kiosk_desk.directory_drop($1, $2, $3::bigint[])', [revision, change.basis, change.remove.slice(i, i + DROP_PAGE)]);
        }
        const row = (await client.query('SELECT * FROM kiosk_desk.directory_commit($1, $2::timestamptz)', [revision, change.checkedAt])).rows[0] as Row;
        return { revision, added: Number(row.added), changed: Number(row.changed), removed: Number(row.removed), kept: Number(row.kept), records: Number(row.records) };
      }),
    write: (desk, entry) =>
      exclusive(async (client) => {
        const row = (await client.query('SELECT kiosk_desk.directory_write($1, $2::jsonb) AS revision', [desk, JSON.stringify(entryJson(entry))])).rows[0];
        return row?.revision === null || row?.revision === undefined ? null : Number(row.revision);
      }),
    changesSince: (after) =>
      transaction('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY', async (client) => {
        const head = await readStatus(client, 0);
        const changes: SiteDirectoryChange[] = [];
        let position: [number, number | null] = [Math.max(0, Math.floor(after)), null];
        for (;;) {
          const rows: Row[] = (await client.query('SELECT * FROM kiosk_desk.directory_changes($1, $2, $3, $4)', [position[0], position[1], head.revision, READ_PAGE])).rows;
          for (const row of rows) {
            const id = Number(row.id);
            const revision = Number(row.revision);
            changes.push(row.removed ? { id, revision, removed: true } : { id, revision, removed: false, record: JSON.parse(String(row.record)) as CardHolder, mark: String(row.mark) });
          }
          if (rows.length < READ_PAGE) return { revision: head.revision, changes };
          const last = rows[rows.length - 1]!;
          position = [Number(last.revision), Number(last.id)];
        }
      }),
    readCopy: (page) =>
      transaction('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY', async (client) => {
        const head = await readStatus(client, 0);
        let after: number | null = null;
        let records = 0;
        for (;;) {
          // One value per page (the records' JSON joined by the server): no per-row work here.
          const row = (await client.query("SELECT string_agg(c.record, ',' ORDER BY c.id) AS json, count(*) AS n, max(c.id) AS last FROM kiosk_desk.directory_copy($1, $2) c", [after, READ_PAGE])).rows[0] as Row | undefined;
          const count = Number(row?.n ?? 0);
          if (count > 0) await page([String(row?.json)]);
          records += count;
          if (count < READ_PAGE) return { revision: head.revision, records, checkedAt: head.checkedAt };
          after = Number(row?.last);
        }
      }),
    onRevision(listener) {
      revisions.add(listener);
      return () => revisions.delete(listener);
    },
    onDown(listener) {
      downs.add(listener);
      return () => downs.delete(listener);
    },
    async close() {
      generation += 1;
      const [a, b] = [calls, session];
      calls = null;
      session = null;
      up = false;
      leading = false;
      await Promise.all([a, b].map((client) => client?.end().catch(() => undefined)));
    },
  };
}
