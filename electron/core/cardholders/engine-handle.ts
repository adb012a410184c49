/**
 * EngineHandle: how the main process talks to one generation of the directory (a DirectoryEngine)
 * — in a worker thread (`threadEngine`, what the kiosk uses, so parsing and indexing 500,000
 * records never stall main's event loop), or in the calling thread (`localEngine`, for tests).
 * Both have the same asynchronous shape. This module owns the message protocol with the thread;
 * directory-worker.ts is the other end.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { CardHolder } from '../service/access-service';
import type { DuplicateMatch, SearchPage } from './cardholder-index';
import { DirectoryEngine, type BuildOutcome, type DirectoryBasis, type EngineOptions, type EngineProgress, type LoadOutcome } from './directory-engine';

export interface DownloadFacts {
  syncedAt: string;
  etag: string | null;
  lastModified: string | null;
}

export interface EngineStats {
  records: number;
  /** The engine's JavaScript heap (its thread's, for a thread). */
  heapUsedBytes: number;
}

export interface EngineHandle {
  receive(bytes: Uint8Array): void;
  build(download: DownloadFacts, previous: DirectoryBasis | null, acceptShrink: boolean): Promise<BuildOutcome>;
  save(): Promise<void>;
  load(): Promise<LoadOutcome>;
  search(query: string, offset: number, limit: number): Promise<SearchPage>;
  get(id: number): Promise<CardHolder | null>;
  duplicates(person: Parameters<DirectoryEngine['duplicates']>[0], excludeId?: number): Promise<DuplicateMatch[]>;
  /** Every tenant number on a cardholder, ascending. */
  tenants(): Promise<number[]>;
  upsert(records: CardHolder[], onlyIfNewer: boolean): Promise<number>;
  remove(ids: number[]): Promise<void>;
  changedIds(): Promise<number[]>;
  basis(): Promise<DirectoryBasis | null>;
  clear(): Promise<void>;
  stats(): Promise<EngineStats>;
  /** Ends the thread (pending calls fail); the engine's files stay. */
  close(): Promise<void>;
}

export type EngineFactory = (options: Omit<EngineOptions, 'onProgress'>, onProgress: EngineProgress) => EngineHandle;

/** Requests to the thread, by method; `receive` is the only one without an answer. */
export type EngineRequest =
  | { call: 'receive'; bytes: Uint8Array }
  | { id: number; call: 'build'; download: DownloadFacts; previous: DirectoryBasis | null; acceptShrink: boolean }
  | { id: number; call: 'save' | 'load' | 'basis' | 'clear' | 'stats' | 'tenants' | 'changedIds' }
  | { id: number; call: 'remove'; ids: number[] }
  | { id: number; call: 'search'; query: string; offset: number; limit: number }
  | { id: number; call: 'get'; recordId: number }
  | { id: number; call: 'duplicates'; person: Parameters<DirectoryEngine['duplicates']>[0]; excludeId?: number }
  | { id: number; call: 'upsert'; records: CardHolder[]; onlyIfNewer: boolean };

type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;

export type EngineMessage =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; message: string }
  | { progress: Parameters<EngineProgress> };

export interface EngineWorkerData {
  options: Omit<EngineOptions, 'onProgress' | 'key'> & { key: Uint8Array | null };
}

/** The engine in this thread: for tests and tools. */
export const localEngine: EngineFactory = (options, onProgress) => {
  const engine = new DirectoryEngine({ ...options, onProgress });
  return {
    receive: (bytes) => engine.receive(bytes),
    build: async (download, previous, acceptShrink) => engine.build(download, previous, acceptShrink),
    save: () => engine.save(),
    load: () => engine.load(),
    search: async (query, offset, limit) => engine.search(query, offset, limit),
    get: async (id) => engine.get(id),
    duplicates: async (person, excludeId) => engine.duplicates(person, excludeId),
    tenants: async () => engine.tenantIds(),
    upsert: (records, onlyIfNewer) => engine.upsert(records, onlyIfNewer),
    remove: (ids) => engine.remove(ids),
    changedIds: async () => engine.changedIds(),
    basis: async () => engine.currentBasis(),
    clear: () => engine.clear(),
    stats: async () => ({ records: engine.size, heapUsedBytes: process.memoryUsage().heapUsed }),
    close: async () => undefined,
  };
};

/**
 * Where the worker's code is: the built file beside the bundled main process; or, in development,
 * tests and the preview harness (running the TypeScript sources), the worker bundled once per
 * process with esbuild — a development dependency, loaded only on this path — into a temporary
 * file, so that each new directory thread starts from plain JavaScript.
 */
let bundledWorker: string | null = null;
function workerEntry(): string {
  const built = join(__dirname, 'directory-worker.js');
  if (existsSync(built)) return built;
  if (bundledWorker && existsSync(bundledWorker)) return bundledWorker;
  const source = join(__dirname, 'directory-worker.ts');
  if (!existsSync(source)) throw new Error(`the directory worker is missing (looked for ${built} and ${source})`);
  const load = createRequire(__filename);
  const esbuild = load('esbuild') as typeof import('esbuild');
  const dir = mkdtempSync(join(tmpdir(), 'kiosk-directory-worker-'));
  const outfile = join(dir, 'directory-worker.js');
  esbuild.buildSync({ entryPoints: [source], bundle: true, platform: 'node', format: 'cjs', target: 'node20', outfile, logLevel: 'silent' });
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  bundledWorker = outfile;
  return outfile;
}

/** The engine in a worker thread of its own. */
export const threadEngine: EngineFactory = (options, onProgress) => {
  const data: EngineWorkerData = { options: { ...options, key: options.key ? new Uint8Array(options.key) : null } };
  const worker = new Worker(workerEntry(), { workerData: data, name: 'cardholder-directory' });
  worker.unref();
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  let ended: Error | null = null;
  const failAll = (error: Error): void => {
    ended ??= error;
    for (const { reject } of pending.values()) reject(ended);
    pending.clear();
  };
  worker.on('message', (message: EngineMessage) => {
    if ('progress' in message) {
      onProgress(...message.progress);
      return;
    }
    const waiting = pending.get(message.id);
    if (!waiting) return;
    pending.delete(message.id);
    if (message.ok) waiting.resolve(message.value);
    else waiting.reject(new Error(message.message));
  });
  worker.on('error', (error) => failAll(new Error(`the directory thread failed: ${error.message}`)));
  worker.on('exit', (code) => failAll(new Error(`the directory thread ended (exit code ${code})`)));
  const call = <T>(request: WithoutId<Extract<EngineRequest, { id: number }>>): Promise<T> => {
    if (ended) return Promise.reject(ended);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...request, id });
    });
  };
  return {
    receive(bytes) {
      if (ended) return;
      // A buffer that owns its whole memory moves to the thread; a slice of a shared pool is copied.
      const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer;
      worker.postMessage({ call: 'receive', bytes } satisfies EngineRequest, whole ? [bytes.buffer as ArrayBuffer] : []);
    },
    build: (download, previous, acceptShrink) => call<BuildOutcome>({ call: 'build', download, previous, acceptShrink }),
    save: () => call<void>({ call: 'save' }),
    load: () => call<LoadOutcome>({ call: 'load' }),
    search: (query, offset, limit) => call<SearchPage>({ call: 'search', query, offset, limit }),
    get: (recordId) => call<CardHolder | null>({ call: 'get', recordId }),
    duplicates: (person, excludeId) => call<DuplicateMatch[]>({ call: 'duplicates', person, ...(excludeId !== undefined ? { excludeId } : {}) }),
    tenants: () => call<number[]>({ call: 'tenants' }),
    upsert: (records, onlyIfNewer) => call<number>({ call: 'upsert', records, onlyIfNewer }),
    remove: (ids) => call<void>({ call: 'remove', ids }),
    changedIds: () => call<number[]>({ call: 'changedIds' }),
    basis: () => call<DirectoryBasis | null>({ call: 'basis' }),
    clear: () => call<void>({ call: 'clear' }),
    stats: () => call<EngineStats>({ call: 'stats' }),
    async close() {
      if (!ended) failAll(new Error('the directory thread was closed'));
      await worker.terminate();
    },
  };
};
