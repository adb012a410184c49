/**
 * A lookup typed while the directory re-syncs is answered by the generation there is, not after
 * the new one: the kiosk's cardholders capability (the engine in its worker thread, as the kiosk
 * runs it) against the simulator serving 500,000 cardholders over real HTTP. Someone is renamed
 * on the service and a re-sync starts; a relay between the kiosk and the simulator holds the new
 * list's download open after its first bytes (the sync is then 'downloading', and the new
 * generation has begun: it received those bytes) until the lookup has answered. A lookup that waited for the new generation would never be answered while the
 * download is held: the test would fail (by its time-out) instead of passing. Then the download
 * goes on, the new generation is swapped in, and the new name is found.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSimulator, type RunningSimulator } from '../../../../electron/simulator';
import { createServiceClient, type ServiceClient } from '../../../../electron/core/service/service-client';
import type { CardholdersCapability } from '../../../../electron/core/cardholders-capability';
import { threadEngine, type EngineFactory } from '../../../../electron/core/cardholders/directory/engine-handle';
import { PushBus } from '../../../../electron/core/ipc/push-bus';
import type { CardholderPage, DirectoryState } from '../../../../electron/contract/ipc';
import { enrolmentCapability } from '../support/sim-capability';
import { configWith, memoryLog } from '../../service/support';

const COUNT = 500_000;
/** Loading and re-syncing half a million records on a busy two-core machine takes minutes. */
const TIMEOUT_MS = 15 * 60_000;

/**
 * Forwards every request to the simulator; while `hold()` is armed, the next cardholder list's
 * body stops after its first chunk until `release()`.
 */
class ListRelay {
  private server: Server | null = null;
  private armed = false;
  /** Resolves when a held list has sent its first bytes and waits. */
  private holding: { reached: Promise<void>; reach: () => void; release: Promise<void>; go: () => void } | null = null;

  constructor(private readonly target: URL) {}

  async start(): Promise<string> {
    this.server = createServer((req, res) => this.forward(req, res));
    await new Promise<void>((done) => this.server?.listen(0, '127.0.0.1', done));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The next list download is held after its first chunk; the promise settles once it is. */
  hold(): Promise<void> {
    let reach = (): void => undefined;
    let go = (): void => undefined;
    const reached = new Promise<void>((done) => (reach = done));
    const release = new Promise<void>((done) => (go = done));
    this.holding = { reached, reach, release, go };
    this.armed = true;
    return reached;
  }

  release(): void {
    this.holding?.go();
  }

  async close(): Promise<void> {
    this.release();
    this.server?.closeAllConnections();
    await new Promise<void>((done) => (this.server ? this.server.close(() => done()) : done()));
  }

  private forward(req: IncomingMessage, res: ServerResponse): void {
    const isList = req.method === 'GET' && /^\/api\/CardHolders(?:\?|$)/.test(req.url ?? '');
    const holding = isList && this.armed ? this.holding : null;
    if (holding) this.armed = false;
    const upstream = httpRequest(
      { host: this.target.hostname, port: this.target.port, method: req.method, path: req.url, headers: { ...req.headers, host: this.target.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        if (!holding) {
          answer.pipe(res);
          return;
        }
        answer.once('data', (first: Buffer) => {
          answer.pause();
          res.write(first);
          holding.reach();
          void holding.release.then(() => {
            answer.pipe(res);
            answer.resume();
          });
        });
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  }
}

let simDir: string;
let dataDir: string;
let sim: RunningSimulator;
let relay: ListRelay;
let client: ServiceClient;
let capability: CardholdersCapability;
/** Called when a generation receives its first bytes of a list (the build of it has begun). */
let onFirstBytes: (() => void) | null = null;

/** The kiosk's engine in its worker thread; the test hears when a new generation gets its first bytes. */
const engines: EngineFactory = (options, onProgress) => {
  const engine = threadEngine(options, onProgress);
  let received = false;
  return {
    ...engine,
    receive(bytes) {
      if (!received) {
        received = true;
        onFirstBytes?.();
      }
      engine.receive(bytes);
    },
  };
};

beforeAll(async () => {
  simDir = await mkdtemp(join(tmpdir(), 'kiosk-resync-sim-'));
  dataDir = await mkdtemp(join(tmpdir(), 'kiosk-resync-'));
  sim = await startSimulator({ dataDir: simDir, fresh: true, cardholders: COUNT, eventRate: 0, historyEvents: 0 });
  relay = new ListRelay(new URL(sim.url));
  const { log } = memoryLog();
  // A download held open must not time out while the lookup is asked (no byte for two minutes would).
  client = createServiceClient({ config: configWith('--retries=0', '--timeout-ms=120000'), baseUrl: await relay.start(), secret: null, log });
  capability = enrolmentCapability(client, new PushBus(), log, dataDir, engines);
}, TIMEOUT_MS);

afterAll(async () => {
  await capability?.stop();
  client?.close();
  await relay?.close();
  await sim?.close();
  await rm(dataDir, { recursive: true, force: true });
  await rm(simDir, { recursive: true, force: true });
}, TIMEOUT_MS);

/** What the lookup answers for a text typed at the front desk. */
async function lookup(query: string): Promise<CardholderPage> {
  return await capability.handlers.searchCardholders({ query, offset: 0, limit: 40 });
}

async function rename(id: number, lastName: string): Promise<void> {
  const answer = await fetch(`${sim.url}/api/CardHolders/update`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id, last_Name: lastName }) });
  expect(answer.ok).toBe(true);
}

async function phaseReached(phases: ReadonlyArray<NonNullable<DirectoryState['syncing']>['phase']>): Promise<DirectoryState> {
  return vi.waitFor(
    () => {
      const state = capability.sync.state();
      if (!state.syncing || !phases.includes(state.syncing.phase)) throw new Error(`the sync is not in ${phases.join(' or ')} (now: ${state.syncing?.phase ?? 'no sync'})`);
      return state;
    },
    { timeout: TIMEOUT_MS, interval: 20 },
  );
}

describe('a lookup during a directory re-sync, at 500,000 cardholders', () => {
  it(
    'is answered by the old generation while the new one downloads, and finds the new name once it is swapped in',
    async () => {
      const first = await capability.handlers.syncDirectory({});
      expect(first).toMatchObject({ outcome: 'updated', total: COUNT });
      const person = (await lookup('a')).items[0];
      if (!person) throw new Error('the directory found nobody for "a"');
      const oldName = `${person.first_Name} ${person.last_Name}`;
      const before = await lookup(oldName);
      expect(before.items.map((item) => item.id)).toContain(person.id);
      const newName = 'Quorndonnelly';
      expect((await lookup(newName)).total).toBe(0);

      await rename(person.id, newName);
      const held = relay.hold();
      const building = new Promise<void>((resolve) => (onFirstBytes = resolve));
      const sync = Promise.resolve(capability.handlers.syncDirectory({}));
      sync.catch(() => undefined); // a failure is asserted below, not left unhandled
      // The new list's first bytes are in the new generation, the rest held back by the relay.
      await held;
      await building;
      expect((await phaseReached(['downloading'])).records).toBe(COUNT);

      // Typed while the new list is held in the middle of its download: the old generation answers.
      const during = await lookup(oldName);
      const notYet = await lookup(newName);
      expect(capability.sync.state().syncing?.phase).toBe('downloading');
      expect(during.total).toBe(before.total);
      expect(during.items.map((item) => item.id)).toContain(person.id);
      expect(during.items.map((item) => item.id)).toEqual(before.items.map((item) => item.id));
      expect(notYet.total).toBe(0);

      relay.release();
      await expect(sync).resolves.toMatchObject({ outcome: 'updated', total: COUNT, changed: 1 });
      const after = await lookup(newName);
      expect(after.total).toBe(1);
      expect(after.items[0]).toMatchObject({ id: person.id, last_Name: newName });
      expect((await lookup(oldName)).items.map((item) => item.id)).not.toContain(person.id);
    },
    TIMEOUT_MS,
  );
});
