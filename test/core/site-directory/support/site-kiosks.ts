/**
 * Kiosks of one site for the site directory's tests: each a cardholders capability with its own
 * data directory and its own connections to the one REAL PostgreSQL, all against one simulator
 * over real HTTP, counting the simulator's GET /api/CardHolders from its request log.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createCardholdersCapability, type CardholdersCapability } from '../../../../electron/core/cardholders-capability';
import { localEngine } from '../../../../electron/core/cardholders/directory/engine-handle';
import { PushBus } from '../../../../electron/core/ipc/push-bus';
import { createLogger } from '../../../../electron/core/log/logger';
import { createServiceClient, type ServiceClient } from '../../../../electron/core/service/service-client';
import { createSiteDirectoryStore } from '../../../../electron/core/site-directory/site-directory-store';
import { KioskDatabase } from '../../../../electron/core/storage/kiosk-database';
import { startSimulator, type RunningSimulator } from '../../../../electron/simulator';
import { startPostgres, type PostgresServer } from '../../../support/postgres-server';
import { configWith } from '../../service/support';

export interface SiteKiosk {
  name: string;
  dataDir: string;
  capability: CardholdersCapability;
  lines: string[];
  stop(): Promise<void>;
}

/** Counts GET /api/CardHolders (the whole list, not one cardholder) in the simulator's request log. */
export function listDownloads(): { log: (line: string) => void; count(): number } {
  let count = 0;
  return {
    log: (line) => {
      if (/^GET \/api\/CardHolders(\?\S*)? /.test(line)) count++;
    },
    count: () => count,
  };
}

export function serviceClient(url: string): ServiceClient {
  return createServiceClient({ config: configWith('--retries=0'), baseUrl: url, secret: null, log: createLogger(() => undefined) });
}

export interface SiteKioskOptions {
  name: string;
  simulatorUrl: string;
  storeUrl: string;
  intervalMs: number;
  fallbackMs?: number;
  pollMs?: number;
  dataDir?: string;
}

export async function startSiteKiosk(options: SiteKioskOptions): Promise<SiteKiosk> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), `kiosk-site-${options.name}-`));
  const lines: string[] = [];
  const log = createLogger((level, scope, message) => lines.push(`${level} [${scope}] ${message}`));
  const database = KioskDatabase.open(dataDir, { info: () => undefined, error: () => undefined }).database;
  const capability = createCardholdersCapability({
    service: serviceClient(options.simulatorUrl),
    push: new PushBus(),
    log,
    dataDir,
    database,
    dataKey: null,
    serviceLabel: 'sim',
    syncIntervalMs: options.intervalMs,
    photo: { contentType: 'image/jpeg', width: 600, height: 800, maxBytes: 2 * 1024 * 1024 },
    engines: localEngine,
    siteDirectory: {
      store: createSiteDirectoryStore({ url: options.storeUrl, password: null, log, connectTimeoutMs: 3_000 }),
      desk: options.name,
      fallbackMs: options.fallbackMs ?? 30 * 60_000,
      pollMs: options.pollMs ?? 150,
    },
  });
  await capability.start();
  return {
    name: options.name,
    dataDir,
    capability,
    lines,
    async stop() {
      await capability.stop();
      database.close();
    },
  };
}

export function removeDirs(kiosks: readonly SiteKiosk[]): void {
  for (const kiosk of kiosks) rmSync(kiosk.dataDir, { recursive: true, force: true });
}

/** One PostgreSQL and one simulator (its GET /api/CardHolders counted) for a test file; its kiosks are stopped after each test. */
export interface SiteRig {
  readonly server: PostgresServer;
  readonly sim: RunningSimulator;
  readonly downloads: ReturnType<typeof listDownloads>;
  readonly kiosks: SiteKiosk[];
}

export function useSiteRig(cardholders: number): SiteRig {
  const rig = { kiosks: [] as SiteKiosk[] } as { server: PostgresServer; sim: RunningSimulator; downloads: ReturnType<typeof listDownloads>; kiosks: SiteKiosk[] };
  beforeAll(async () => {
    rig.server = await startPostgres();
    rig.downloads = listDownloads();
    rig.sim = await startSimulator({ fresh: true, cardholders, eventRate: 0, historyEvents: 10, testControls: true, logRequests: true, log: rig.downloads.log });
  }, 120_000);
  afterAll(async () => {
    await rig.sim?.close();
    await rig.server?.destroy();
  });
  afterEach(async () => {
    await Promise.all(rig.kiosks.map((kiosk) => kiosk.stop()));
    removeDirs(rig.kiosks.splice(0));
  });
  return rig;
}
