// Entry point of the access-control service simulator for in-process use (tests, the kiosk's demo
// mode) and for cli.ts: startSimulator() applies defaults, opens the state and serves it over HTTP(S)
// on loopback. Exports the public types. No Electron here.

import { mkdtemp, mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { SimulatorAuth } from './auth';
import { toSystemEventRecord } from './event-json';
import { siteCatalogue, type SiteCatalogue } from './catalogue';
import type { InjectableEvent, SystemEventRecord } from './records';
import { SimulatorServer } from './server';
import { Simulation, type SimulationSettings } from './simulation';

export type { SimulatorAuth } from './auth';
/** Every record type of the simulator's API and test controls (records.ts holds types only). */
export type * from './records';

export interface SimulatorOptions {
  /** Default '127.0.0.1'; only loopback addresses are accepted. */
  host?: string;
  /** Default 0 = a free port. */
  port?: number;
  /** Default: a fresh temp dir, deleted on close (in-process); the CLI passes ./.data/simulator. */
  dataDir?: string;
  /** Throw away what is stored in dataDir and seed again. */
  fresh?: boolean;
  /** Seeded cardholders on first start, default 500. */
  cardholders?: number;
  /** Events per second, default 1, 0 = none. */
  eventRate?: number;
  /** Default 1. Same seed, same cardholders and event history. */
  seed?: number;
  auth?: SimulatorAuth;
  /** Mount the /_sim/ test controls; default false (then those paths are 404). */
  testControls?: boolean;
  /**
   * ETag, Last-Modified and Cache-Control on GET /api/CardHolders, and 304 answers to
   * If-None-Match / If-Modified-Since; default true. false: none of them, conditions ignored.
   */
  validators?: boolean;
  /** Default 5 MiB. */
  maxPhotoBytes?: number;
  /** JSON bodies, default 1 MiB. */
  maxBodyBytes?: number;
  /** Serve HTTPS when given. */
  tls?: { key: string | Buffer; cert: string | Buffer };
  /** Default: silent. Receives lifecycle lines (seeded, loaded, failures). */
  log?: (line: string) => void;
  /** Also log one line per request; default false. */
  logRequests?: boolean;
  /** Events seeded over the past week on first start; default 5,000. */
  historyEvents?: number;
  /** Events retained (older ones are dropped, ids are never reused); default 200,000. */
  maxEvents?: number;
}

export interface RunningSimulator {
  /** e.g. http://127.0.0.1:43123 (https:// with tls) */
  url: string;
  port: number;
  dataDir: string;
  /** Same as POST /_sim/events; works even without testControls. */
  injectEvent(partial?: Partial<InjectableEvent>): SystemEventRecord;
  maxEventId(): number;
  /** The simulated site's catalogue in the kiosk's terms (its demo names everything with it): what the events it generates carry. */
  site: SiteCatalogue;
  /** Writes pending changes to the data directory now. */
  flush(): Promise<void>;
  /** Stops the generator, closes the server and all sockets, flushes the store. */
  close(): Promise<void>;
}

export const SIMULATOR_DEFAULTS = {
  host: '127.0.0.1',
  cardholders: 500,
  eventRate: 1,
  seed: 1,
  maxPhotoBytes: 5 * 1024 * 1024,
  maxBodyBytes: 1024 * 1024,
  historyEvents: 5000,
  maxEvents: 200_000,
} as const;

const LOOPBACK_HOSTS = new Set(['localhost', '::1', '[::1]']);

function isLoopback(host: string): boolean {
  return LOOPBACK_HOSTS.has(host) || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

function wholeNumber(name: string, value: number, min: number, max: number): number {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`${name} must be a whole number from ${min} to ${max} (got ${value}).`);
  }
  return value;
}

function settingsFrom(options: SimulatorOptions, dataDir: string): SimulationSettings {
  const eventRate = options.eventRate ?? SIMULATOR_DEFAULTS.eventRate;
  if (!Number.isFinite(eventRate) || eventRate < 0 || eventRate > 10_000) {
    throw new RangeError(`eventRate must be from 0 to 10000 events per second (got ${eventRate}).`);
  }
  const auth = options.auth ?? { scheme: 'none' };
  if (auth.scheme === 'apiKey' && (auth.header.trim() === '' || auth.value === '')) throw new RangeError('apiKey auth needs a header name and a value.');
  if (auth.scheme === 'basic' && auth.username === '') throw new RangeError('basic auth needs a user name.');
  if (auth.scheme === 'bearer' && auth.token === '') throw new RangeError('bearer auth needs a token.');
  return {
    dataDir,
    fresh: options.fresh ?? false,
    cardholders: wholeNumber('cardholders', options.cardholders ?? SIMULATOR_DEFAULTS.cardholders, 0, 5_000_000),
    eventRate,
    seed: wholeNumber('seed', options.seed ?? SIMULATOR_DEFAULTS.seed, 0, 2 ** 31 - 1),
    auth,
    testControls: options.testControls ?? false,
    validators: options.validators ?? true,
    maxPhotoBytes: wholeNumber('maxPhotoBytes', options.maxPhotoBytes ?? SIMULATOR_DEFAULTS.maxPhotoBytes, 1, 1024 ** 3),
    maxBodyBytes: wholeNumber('maxBodyBytes', options.maxBodyBytes ?? SIMULATOR_DEFAULTS.maxBodyBytes, 1, 1024 ** 3),
    historyEvents: wholeNumber('historyEvents', options.historyEvents ?? SIMULATOR_DEFAULTS.historyEvents, 0, 10_000_000),
    maxEvents: wholeNumber('maxEvents', options.maxEvents ?? SIMULATOR_DEFAULTS.maxEvents, 1, 10_000_000),
    log: options.log ?? (() => undefined),
    logRequests: options.logRequests ?? false,
  };
}

export async function startSimulator(options: SimulatorOptions = {}): Promise<RunningSimulator> {
  const host = options.host ?? SIMULATOR_DEFAULTS.host;
  if (!isLoopback(host)) throw new RangeError(`The simulator only listens on loopback (127.0.0.1, ::1, localhost), not ${host}.`);
  const port = wholeNumber('port', options.port ?? 0, 0, 65535);
  const validated = settingsFrom(options, '');
  const ownsDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir === undefined ? await mkdtemp(join(tmpdir(), 'access-simulator-')) : resolve(options.dataDir);
  await mkdir(dataDir, { recursive: true });
  const sim = new Simulation({ ...validated, dataDir });
  try {
    await sim.open();
  } catch (error) {
    if (ownsDataDir) await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  const server = new SimulatorServer(sim, options.tls === undefined ? {} : { tls: options.tls });
  let boundPort: number;
  try {
    boundPort = await server.listen(host.replace(/^\[|\]$/g, ''), port);
  } catch (error) {
    await sim.close();
    if (ownsDataDir) await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  const urlHost = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  const url = `${options.tls === undefined ? 'http' : 'https'}://${urlHost}:${boundPort}`;
  let closing: Promise<void> | undefined;
  return {
    url,
    port: boundPort,
    dataDir,
    injectEvent: (partial) => toSystemEventRecord(sim.injectEvent(partial)),
    maxEventId: () => sim.events.maxId,
    site: siteCatalogue(),
    flush: () => sim.flush(),
    close: () => {
      closing ??= (async () => {
        await server.close();
        await sim.close();
        if (ownsDataDir) await rm(dataDir, { recursive: true, force: true });
      })();
      return closing;
    },
  };
}
