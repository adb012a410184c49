/**
 * A real PostgreSQL server for the site store's tests (*.pg.test.ts): one initdb per test file in
 * a temporary folder, listening on 127.0.0.1 on a free port (its unix socket inside that folder),
 * fsync off. Authentication: `postgres` (the superuser) is trusted; every other role logs in with
 * a password (scram-sha-256), so the restricted role and a wrong password can be tried. stop()
 * keeps the data (the store is down), start() brings it back on the same port. Run as root (CI),
 * the server's programs run as the `postgres` user (initdb refuses root). Uses Debian's newest
 * /usr/lib/postgresql/<version>/bin, or POSTGRES_BIN. Never leaves a server running: destroy() in
 * afterAll, and an exit hook stops it if the test process ends without.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, appendFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export interface PostgresServer {
  /** postgres://user@127.0.0.1:port/db (no password: add one for password roles). */
  url(db?: string, user?: string): string;
  readonly port: number;
  /** The server's major version (e.g. 15). */
  readonly version: number;
  /** Stops the server, keeping its data (fast shutdown: clients are disconnected). */
  stop(): Promise<void>;
  /** Starts it again on the same port. */
  start(): Promise<void>;
  restart(): Promise<void>;
  /** Stops it and deletes its folder. */
  destroy(): Promise<void>;
  /** One query as the superuser (database `postgres` unless given). */
  sql(query: string, db?: string): Promise<Array<Record<string, unknown>>>;
  /** A new empty database (named uniquely); returns its name. */
  createDatabase(prefix?: string): Promise<string>;
}

/** One query as `user` with `password` on `database`: 'allowed', or the SQLSTATE it was refused with (42501: no privilege). */
export async function queryAs(server: Pick<PostgresServer, 'port'>, database: string, user: string, password: string, query: string): Promise<string> {
  const client = new pg.Client({ host: '127.0.0.1', port: server.port, database, user, password });
  await client.connect();
  try {
    await client.query(query);
    return 'allowed';
  } catch (thrown) {
    return (thrown as { code?: string }).code ?? 'failed';
  } finally {
    await client.end();
  }
}

/** The newest installed PostgreSQL's bin folder, or null. */
export function findPostgresBin(): string | null {
  const fromEnv = process.env.POSTGRES_BIN;
  if (fromEnv && existsSync(join(fromEnv, 'initdb'))) return fromEnv;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((name) => /^\d+(\.\d+)?$/.test(name) && existsSync(join(root, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : null;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/** Runs one of the server's programs, as `postgres` when we are root. */
function run(bin: string, program: string, args: string[]): string {
  const file = join(bin, program);
  const [command, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
  try {
    return execFileSync(command, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 });
  } catch (thrown) {
    const error = thrown as { stderr?: string; stdout?: string; message: string };
    throw new Error(`${program} ${args[0] ?? ''} failed: ${error.stderr || error.stdout || error.message}`);
  }
}

let counter = 0;

export async function startPostgres(): Promise<PostgresServer> {
  const bin = findPostgresBin();
  if (!bin) {
    throw new Error('No PostgreSQL server is installed (no /usr/lib/postgresql/<version>/bin/initdb): install Debian\'s "postgresql" package (.ci/run does), or set POSTGRES_BIN.');
  }
  const version = Number(/\/(\d+)(\.\d+)?\/bin$/.exec(bin)?.[1] ?? 0);
  const dir = mkdtempSync(join(tmpdir(), 'kiosk-pg-'));
  const data = join(dir, 'data');
  const log = join(dir, 'server.log');
  if (isRoot) {
    const { uid, gid } = postgresUser();
    chownSync(dir, uid, gid);
  }
  run(bin, 'initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--no-locale', '--no-instructions']);
  const port = await freePort();
  appendFileSync(
    join(data, 'postgresql.conf'),
    [
      "listen_addresses = '127.0.0.1'",
      `port = ${port}`,
      `unix_socket_directories = '${dir}'`,
      'fsync = off',
      'synchronous_commit = off',
      'full_page_writes = off',
      'shared_buffers = 16MB',
      'max_connections = 60',
      "password_encryption = 'scram-sha-256'",
      "log_min_messages = 'warning'",
      '',
    ].join('\n'),
  );
  writeFileSync(
    join(data, 'pg_hba.conf'),
    ['local all all trust', 'host all postgres 127.0.0.1/32 trust', 'host all all 127.0.0.1/32 scram-sha-256', ''].join('\n'),
  );
  let running = false;
  const stopNow = () => {
    if (!running) return;
    const file = join(bin, 'pg_ctl');
    const args = ['-D', data, '-m', 'immediate', '-w', 'stop'];
    spawnSync(isRoot ? 'runuser' : file, isRoot ? ['-u', 'postgres', '--', file, ...args] : args, { stdio: 'ignore' });
    running = false;
  };
  process.once('exit', stopNow);

  const server: PostgresServer = {
    port,
    version,
    url: (db = 'postgres', user = 'postgres') => `postgres://${encodeURIComponent(user)}@127.0.0.1:${port}/${encodeURIComponent(db)}`,
    async start() {
      run(bin, 'pg_ctl', ['-D', data, '-l', log, '-w', '-t', '60', 'start']);
      running = true;
    },
    async stop() {
      run(bin, 'pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop']);
      running = false;
    },
    async restart() {
      await server.stop();
      await server.start();
    },
    async destroy() {
      stopNow();
      process.removeListener('exit', stopNow);
      rmSync(dir, { recursive: true, force: true });
    },
    async sql(query, db = 'postgres') {
      const client = new pg.Client({ connectionString: server.url(db) });
      await client.connect();
      try {
        const result = await client.query(query);
        const results = Array.isArray(result) ? (result as pg.QueryResult[]) : [result];
        return results[results.length - 1]?.rows ?? [];
      } finally {
        await client.end();
      }
    },
    async createDatabase(prefix = 'desk') {
      counter += 1;
      const name = `${prefix}_${process.pid}_${counter}`;
      await server.sql(`CREATE DATABASE ${name}`);
      return name;
    },
  };
  try {
    await server.start();
  } catch (thrown) {
    rmSync(dir, { recursive: true, force: true });
    throw thrown;
  }
  return server;
}

function postgresUser(): { uid: number; gid: number } {
  const line = execFileSync('getent', ['passwd', 'postgres'], { encoding: 'utf8' }).trim();
  const [, , uid, gid] = line.split(':');
  if (!uid || !gid) throw new Error('The "postgres" user is missing: installing Debian\'s postgresql package creates it.');
  return { uid: Number(uid), gid: Number(gid) };
}
