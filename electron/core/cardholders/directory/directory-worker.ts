/**
 * The directory worker thread's entry: runs one DirectoryEngine (one generation of the directory)
 * at a time and answers the main process's requests — an engine method by name with its
 * arguments (engine-calls.ts lists them, engine-handle.ts holds the protocol); a
 * retired generation is dropped and the thread waits, warm, for the next. Parsing, checking and
 * indexing a large list happen here, off the main thread.
 */
import { parentPort } from 'node:worker_threads';
import { DirectoryEngine } from './directory-engine';
import { callEngine } from './engine-calls';
import { READ_ACK_BYTES, type EngineMessage, type EngineRequest, type WorkerControl } from './engine-handle';

const port = parentPort;
if (!port) throw new Error('directory-worker.ts runs as a worker thread only');
const post = (message: EngineMessage): void => port.postMessage(message);
let engine: DirectoryEngine | null = null;
let generation = 0;
/** Bytes of the list read by the engine, and when the main thread was last told. */
let read = 0;
let told = 0;

function open(control: Extract<WorkerControl, { call: 'open' }>): void {
  const { options } = control;
  generation = control.generation;
  read = 0;
  told = 0;
  const opened = generation;
  engine = new DirectoryEngine({
    ...options,
    key: options.key ? Buffer.from(options.key) : null,
    onProgress: (...progress) => post({ generation: opened, progress }),
  });
}

port.on('message', (request: EngineRequest | WorkerControl) => {
  if (request.call === 'open') return open(request);
  if (request.call === 'retire') {
    engine = null;
    return;
  }
  if (request.call === 'receive') {
    engine?.receive(request.bytes);
    read += request.bytes.byteLength;
    if (read - told >= READ_ACK_BYTES) {
      told = read;
      post({ generation, read });
    }
    return;
  }
  const current = engine;
  if (!current) {
    post({ id: request.id, ok: false, message: 'the directory thread holds no generation' });
    return;
  }
  const answer = new Promise<unknown>((resolve) => resolve(callEngine(current, request.call, request.args)));
  answer.then(
    (value) => post({ id: request.id, ok: true, value }),
    (thrown: unknown) => post({ id: request.id, ok: false, message: thrown instanceof Error ? thrown.message : String(thrown) }),
  );
});
