/**
 * The directory worker thread's entry: runs one DirectoryEngine (one generation of the directory)
 * at a time and answers the main process's requests (engine-handle.ts holds the protocol); a
 * retired generation is dropped and the thread waits, warm, for the next. Parsing, checking and
 * indexing a large list happen here, off the main thread.
 */
import { parentPort, threadId } from 'node:worker_threads';
import { getHeapStatistics } from 'node:v8';
import { DirectoryEngine } from './directory-engine';
import type { EngineMessage, EngineRequest, WorkerControl } from './engine-handle';

const port = parentPort;
if (!port) throw new Error('directory-worker.ts runs as a worker thread only');
const post = (message: EngineMessage): void => port.postMessage(message);
let engine: DirectoryEngine | null = null;

function open(control: Extract<WorkerControl, { call: 'open' }>): void {
  const { options, generation } = control;
  engine = new DirectoryEngine({
    ...options,
    key: options.key ? Buffer.from(options.key) : null,
    onProgress: (...progress) => post({ generation, progress }),
  });
}

async function answer(engine: DirectoryEngine, request: Extract<EngineRequest, { id: number }>): Promise<unknown> {
  switch (request.call) {
    case 'build':
      return engine.build(request.download, request.previous, request.acceptShrink);
    case 'save':
      return engine.save();
    case 'load':
      return engine.load();
    case 'basis':
      return engine.currentBasis();
    case 'clear':
      return engine.clear();
    case 'stats':
      return { records: engine.size, heapUsedBytes: getHeapStatistics().used_heap_size, threadId };
    case 'search':
      return engine.search(request.query, request.offset, request.limit, request.names);
    case 'get':
      return engine.get(request.recordId);
    case 'tenants':
      return engine.tenantIds();
    case 'valueCounts':
      return engine.valueCounts();
    case 'duplicates':
      return engine.duplicates(request.person, request.excludeId);
    case 'upsert':
      return engine.upsert(request.records, request.onlyIfNewer);
    case 'remove':
      return engine.remove(request.ids);
    case 'changedIds':
      return engine.changedIds();
  }
}

port.on('message', (request: EngineRequest | WorkerControl) => {
  if (request.call === 'open') return open(request);
  if (request.call === 'retire') {
    engine = null;
    return;
  }
  if (request.call === 'receive') {
    engine?.receive(request.bytes);
    return;
  }
  const current = engine;
  if (!current) {
    post({ id: request.id, ok: false, message: 'the directory thread holds no generation' });
    return;
  }
  answer(current, request).then(
    (value) => post({ id: request.id, ok: true, value }),
    (thrown: unknown) => post({ id: request.id, ok: false, message: thrown instanceof Error ? thrown.message : String(thrown) }),
  );
});
