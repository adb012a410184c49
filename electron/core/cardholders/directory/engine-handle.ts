/**
 * EngineHandle: how the main process talks to one generation of the directory (a DirectoryEngine)
 * — in a worker thread (`threadEngine`, what the kiosk uses, so parsing and indexing 500,000
 * records never stall main's event loop), or in the calling thread (`localEngine`, for tests).
 * Both have the same asynchronous shape, derived from the engine's methods (engine-calls.ts names
 * them; a call is its name and arguments). This module owns the message protocol with the thread
 * and keeps one retired thread warm for the next generation; directory-worker.ts is the other end.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { DirectoryEngine, type EngineOptions, type EngineProgress } from './directory-engine';
import { callEngine, ENGINE_CALLS, type EngineCall } from './engine-calls';

export type { EngineStats } from './directory-engine';

export interface DownloadFacts {
  syncedAt: string;
  etag: string | null;
  lastModified: string | null;
}

/** A method called from elsewhere: the same arguments, its answer in a promise. */
type Remote<T> = { [K in keyof T]: T[K] extends (...args: infer A) => infer R ? (...args: A) => Promise<Awaited<R>> : never };
type EngineCalls = Remote<Pick<DirectoryEngine, EngineCall>>;

export type EngineHandle = EngineCalls & {
  /** Bytes of the list as they download (no answer). */
  receive(bytes: Uint8Array): void;
  /**
   * Settles when the bytes received are read far enough for more to be sent (the thread reads them
   * as they come: a download faster than it would otherwise pile up in its queue, in memory).
   */
  flow?(): Promise<void>;
  /** Ends the generation (pending calls fail; its thread may wait, warm, for the next one); the engine's files stay. */
  close(): Promise<void>;
};

export type EngineFactory = (options: Omit<EngineOptions, 'onProgress'>, onProgress: EngineProgress) => EngineHandle;

/** Requests to the thread: an engine call by name with its arguments; `receive` is the only one without an answer. */
export type EngineRequest = { call: 'receive'; bytes: Uint8Array } | { [K in EngineCall]: { id: number; call: K; args: Parameters<DirectoryEngine[K]> } }[EngineCall];

export type EngineMessage =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; message: string }
  | { generation: number; progress: Parameters<EngineProgress> }
  /** The bytes the thread's engine has read of the list so far (sent every READ_ACK_BYTES or so). */
  | { generation: number; read: number };

/** The thread says how far it has read about this often; the bytes sent ahead of it stay under IN_FLIGHT_BYTES. */
export const READ_ACK_BYTES = 1 << 20;
const IN_FLIGHT_BYTES = 8 << 20;

/**
 * Besides the engine's calls: `open` starts a generation in the thread (a new engine; requests
 * after it go to that engine), `retire` drops it (the thread then waits, warm, for the next one).
 */
export type WorkerControl =
  | { call: 'open'; generation: number; options: Omit<EngineOptions, 'onProgress' | 'key'> & { key: Uint8Array | null } }
  | { call: 'retire' };

/** The handle's calls, each made by `send`. */
function engineCalls(send: (name: EngineCall, args: unknown[]) => Promise<unknown>): EngineCalls {
  return Object.fromEntries(ENGINE_CALLS.map((name) => [name, (...args: unknown[]) => send(name, args)])) as unknown as EngineCalls;
}

/** The engine in this thread: for tests and tools. */
export const localEngine: EngineFactory = (options, onProgress) => {
  const engine = new DirectoryEngine({ ...options, onProgress });
  return {
    ...engineCalls(async (name, args) => callEngine(engine, name, args)),
    receive: (bytes) => engine.receive(bytes),
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

/**
 * A directory thread whose generation was retired, kept for the next one: a thread that already
 * parsed and indexed a list runs the next build with its code compiled (a new thread builds
 * 0.3–0.7 s slower at 100,000 records). At most one waits; it does not keep the process alive.
 */
let spare: { worker: Worker; onExit: () => void; onError: () => void } | null = null;
/** Call ids and generations are unique in the process: a thread's late answers never reach the wrong handle. */
let nextCallId = 1;
let nextGeneration = 1;

function takeWorker(): Worker {
  if (spare) {
    const { worker, onExit, onError } = spare;
    spare = null;
    worker.off('exit', onExit);
    worker.off('error', onError);
    return worker;
  }
  const worker = new Worker(workerEntry(), { name: 'cardholder-directory' });
  worker.unref();
  return worker;
}

/** Keeps a healthy thread as the spare (its generation dropped), or ends it when there is one already. */
async function retireWorker(worker: Worker): Promise<void> {
  if (spare) {
    await worker.terminate();
    return;
  }
  worker.postMessage({ call: 'retire' } satisfies WorkerControl);
  const onExit = (): void => {
    if (spare?.worker === worker) spare = null;
  };
  // A spare that fails is ended and forgotten (an 'error' without a listener would throw in main).
  const onError = (): void => {
    if (spare?.worker === worker) spare = null;
    void worker.terminate();
  };
  worker.once('exit', onExit);
  worker.on('error', onError);
  spare = { worker, onExit, onError };
}

/** The engine in a worker thread: a warm spare thread when there is one, else a new thread. */
export const threadEngine: EngineFactory = (options, onProgress) => {
  const worker = takeWorker();
  const generation = nextGeneration++;
  worker.postMessage({ call: 'open', generation, options: { ...options, key: options.key ? new Uint8Array(options.key) : null } } satisfies WorkerControl);
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let ended: Error | null = null;
  /** The thread failed or exited: it is not kept. */
  let broken = false;
  const failAll = (error: Error): void => {
    ended ??= error;
    flowing?.resolve();
    flowing = null;
    for (const { reject } of pending.values()) reject(ended);
    pending.clear();
  };
  let sent = 0;
  let read = 0;
  let flowing: { resolve: () => void } | null = null;
  const onMessage = (message: EngineMessage): void => {
    if ('read' in message) {
      if (message.generation !== generation) return;
      read = message.read;
      if (flowing && sent - read < IN_FLIGHT_BYTES) {
        flowing.resolve();
        flowing = null;
      }
      return;
    }
    if ('progress' in message) {
      if (message.generation === generation) onProgress(...message.progress);
      return;
    }
    const waiting = pending.get(message.id);
    if (!waiting) return;
    pending.delete(message.id);
    if (message.ok) waiting.resolve(message.value);
    else waiting.reject(new Error(message.message));
  };
  const onError = (error: Error): void => {
    broken = true;
    failAll(new Error(`the directory thread failed: ${error.message}`));
  };
  const onExit = (code: number): void => {
    broken = true;
    failAll(new Error(`the directory thread ended (exit code ${code})`));
  };
  worker.on('message', onMessage);
  worker.on('error', onError);
  worker.on('exit', onExit);
  const send = (name: EngineCall, args: unknown[]): Promise<unknown> => {
    if (ended) return Promise.reject(ended);
    const id = nextCallId++;
    return new Promise<unknown>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, call: name, args });
    });
  };
  let closing: Promise<void> | null = null;
  return {
    ...engineCalls(send),
    receive(bytes) {
      if (ended) return;
      // A buffer that owns its whole memory moves to the thread; a slice of a shared pool is copied.
      const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer;
      sent += bytes.byteLength;
      worker.postMessage({ call: 'receive', bytes } satisfies EngineRequest, whole ? [bytes.buffer as ArrayBuffer] : []);
    },
    flow() {
      if (ended || sent - read < IN_FLIGHT_BYTES) return Promise.resolve();
      return new Promise<void>((resolve) => {
        flowing = { resolve };
      });
    },
    close() {
      closing ??= (async () => {
        failAll(new Error('the directory thread was closed'));
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        if (broken) await worker.terminate();
        else await retireWorker(worker);
      })();
      return closing;
    },
  };
};
