/**
 * The directory worker thread's entry: runs one DirectoryEngine (one generation of the directory)
 * and answers the main process's requests (engine-handle.ts holds the protocol). Parsing,
 * checking and indexing a large list happen here, off the main thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { getHeapStatistics } from 'node:v8';
import { DirectoryEngine } from './directory-engine';
import type { EngineMessage, EngineRequest, EngineWorkerData } from './engine-handle';

const port = parentPort;
if (!port) throw new Error('directory-worker.ts runs as a worker thread only');
const { options } = workerData as EngineWorkerData;
const post = (message: EngineMessage): void => port.postMessage(message);
const engine = new DirectoryEngine({
  ...options,
  key: options.key ? Buffer.from(options.key) : null,
  onProgress: (...progress) => post({ progress }),
});

async function answer(request: Extract<EngineRequest, { id: number }>): Promise<unknown> {
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
      return { records: engine.size, heapUsedBytes: getHeapStatistics().used_heap_size };
    case 'search':
      return engine.search(request.query, request.offset, request.limit);
    case 'get':
      return engine.get(request.recordId);
    case 'tenants':
      return engine.tenantIds();
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

port.on('message', (request: EngineRequest) => {
  if (request.call === 'receive') {
    engine.receive(request.bytes);
    return;
  }
  answer(request).then(
    (value) => post({ id: request.id, ok: true, value }),
    (thrown: unknown) => post({ id: request.id, ok: false, message: thrown instanceof Error ? thrown.message : String(thrown) }),
  );
});
