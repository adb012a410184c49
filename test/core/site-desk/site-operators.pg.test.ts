/**
 * Operators provisioned once for the site (issue 30): an administrator publishes one workstation's
 * operator list (names and PIN hashes, never a PIN) to the shared alarm desk's store; every desk
 * takes it at its connection and keeps a copy, so a guard of the site signs in at any desk with
 * their own PIN — also while the store is down — and a desk's own list still wins for its names.
 * Against a REAL PostgreSQL started by the test.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLogger, memorySink } from '../../../electron/core/log/logger';
import { KioskDatabase } from '../../../electron/core/storage/kiosk-database';
import { OperatorSession } from '../../../electron/core/operators/operator-session';
import { setOperatorPin, SITE_OPERATORS_FILE } from '../../../electron/core/operators/operator-list';
import { PushBus } from '../../../electron/core/ipc/push-bus';
import { createDeskCapability } from '../../../electron/core/site-desk/desk-capability';
import { createSiteStore } from '../../../electron/core/site-desk/site-store';
import { publishOperatorsCommand } from '../../../electron/core/site-desk/site-store-admin';
import { startPostgres, type PostgresServer } from '../../support/postgres-server';

const FAST_PIN = { N: 2 ** 10, r: 8, p: 1, keyLength: 32, saltLength: 16 };
let server: PostgresServer;
const dirs: string[] = [];
const tmp = (): string => {
  const dir = mkdtempSync(path.join(tmpdir(), 'kiosk-site-operators-'));
  dirs.push(dir);
  return dir;
};

beforeAll(async () => {
  server = await startPostgres();
}, 120_000);
afterAll(async () => {
  await server?.destroy();
});
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function publish(listDir: string, url: string): Promise<{ code: number; output: string }> {
  const chunks: string[] = [];
  const stdout = new Writable({ write: (chunk, _encoding, done) => (chunks.push(String(chunk)), done()) });
  const lines: string[] = [];
  const code = await publishOperatorsCommand([url], listDir, Readable.from(['\n']) as Readable & { isTTY?: boolean }, stdout, (text = '') => void lines.push(text));
  return { code, output: [...chunks, ...lines].join('\n') };
}

describe("the site's operators", () => {
  it('published once, are signed in at a desk that never had them, with their own PIN, also while the store is down', async () => {
    const desk = startDeskCapability();
    await vi.waitFor(() => expect(desk.capability.sync.state().status).toBe('up'), { timeout: 15_000, interval: 50 });
    // The provisioning workstation: its own list, published to the site.
    const provisioning = tmp();
    await setOperatorPin(provisioning, 'Ada Okafor', '482916', FAST_PIN);
    await setOperatorPin(provisioning, 'Ben Moreau', '731045', FAST_PIN);
    const published = await publish(provisioning, server.url());
    expect(published.code).toBe(0);
    expect(published.output).toContain('now holds 2 operators: Ada Okafor, Ben Moreau');
    expect(published.output).not.toMatch(/482916|731045/);
    // The desk takes the list at its next connection (here: after the store came back).
    await server.stop();
    await vi.waitFor(() => expect(desk.capability.sync.state().status).toBe('down'), { timeout: 15_000, interval: 50 });
    await server.start();
    await vi.waitFor(async () => expect((await desk.session.state()).names).toEqual(['Local Guard', 'Ada Okafor', 'Ben Moreau']), { timeout: 15_000, interval: 100 });
    // The store down again: the copy signs Ada in with her PIN; a wrong PIN is refused.
    await server.stop();
    await expect(desk.session.signIn('Ben Moreau', '000000')).rejects.toThrow(/Wrong PIN/);
    const state = await desk.session.signIn('Ada Okafor', '482916');
    expect(state.current?.name).toBe('Ada Okafor');
    await server.start();
    await desk.stop();
  });

  it('a desk\'s own list wins for a name on both; an empty list is not published', async () => {
    const provisioning = tmp();
    expect((await publish(provisioning, server.url())).code).toBe(1);
    await setOperatorPin(provisioning, 'Local Guard', '273849', FAST_PIN);
    // The schema exists from the first test's desk; publishing replaces the site's list.
    expect((await publish(provisioning, server.url())).code).toBe(0);
    const desk = startDeskCapability();
    await vi.waitFor(async () => expect((await desk.session.state()).names).toEqual(['Local Guard']), { timeout: 15_000, interval: 100 });
    // The desk's own PIN for "Local Guard" signs in, the site's does not.
    await expect(desk.session.signIn('Local Guard', '273849')).rejects.toThrow(/Wrong PIN/);
    expect((await desk.session.signIn('Local Guard', '591734')).current?.name).toBe('Local Guard');
    await desk.stop();
  });
});

function startDeskCapability() {
  const listDir = tmp();
  const database = KioskDatabase.memory();
  const log = createLogger(memorySink().sink);
  const session = new OperatorSession({ listDir, dataDir: listDir, signIn: 'required', allowUnnamed: true, log });
  const capability = createDeskCapability({
    config: { url: server.url(), desk: 'desk-op', claimLeaseSeconds: 300 },
    store: createSiteStore({ url: server.url(), password: null, log, connectTimeoutMs: 2_000 }),
    database,
    dataKey: randomBytes(32),
    push: new PushBus(),
    log,
    shift: () => null,
    alarms: () => null,
    operatorListDir: listDir,
    heartbeatMs: 200,
    retryMs: 100,
  });
  const ready = setOperatorPin(listDir, 'Local Guard', '591734', FAST_PIN);
  void ready.then(() => capability.start());
  return {
    capability,
    session,
    file: path.join(listDir, SITE_OPERATORS_FILE),
    async stop() {
      await capability.stop();
      database.close();
    },
  };
}
