/**
 * The directory capability against the simulator over real HTTP: sync and conditional sync,
 * record refresh, the snapshot across a restart with the service gone, and every fault the issue
 * names (malformed and truncated answers, wrong types and duplicate ids, an empty list, a 401, a
 * stalled and a cut-off download), each keeping the last good directory with a clear message.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSimulator, type RunningSimulator } from '../../../../electron/simulator';
import { SimulatorControls } from '../../../../electron/simulator/control-client';
import { createServiceClient, type ServiceClient } from '../../../../electron/core/service/service-client';
import type { CardholdersCapability } from '../../../../electron/core/cardholders-capability';
import { enrolmentCapability } from '../support/sim-capability';
import { localEngine, threadEngine, type EngineFactory } from '../../../../electron/core/cardholders/directory/engine-handle';
import { PushBus } from '../../../../electron/core/ipc/push-bus';
import type { DirectoryState, PushEvents, TaskProgress } from '../../../../electron/contract/ipc';
import { configWith, failureOf, memoryLog } from '../../service/support';

const COUNT = 200;
let dataDir: string;
let simDir: string;
let sim: RunningSimulator;
let controls: SimulatorControls;
const opened: Array<{ capability: CardholdersCapability; client: ServiceClient }> = [];

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'kiosk-directory-sync-'));
  simDir = await mkdtemp(join(tmpdir(), 'kiosk-directory-sim-'));
  sim = await startSimulator({ dataDir: simDir, fresh: true, cardholders: COUNT, eventRate: 0, historyEvents: 10, testControls: true });
  controls = new SimulatorControls(sim.url);
});
afterEach(async () => {
  for (const { capability, client } of opened.splice(0)) {
    await capability.stop();
    client.close();
  }
  await sim.close();
  await rm(dataDir, { recursive: true, force: true });
  await rm(simDir, { recursive: true, force: true });
});

function open(options: { url?: string; engines?: EngineFactory; flags?: string[] } = {}) {
  const push = new PushBus();
  const states: DirectoryState[] = [];
  const tasks: TaskProgress[] = [];
  push.subscribe(<P extends keyof PushEvents>(name: P, payload: PushEvents[P]) => {
    if (name === 'directoryState') states.push(payload as DirectoryState);
    if (name === 'taskProgress') tasks.push(payload as TaskProgress);
  });
  const { log, lines } = memoryLog();
  const client = createServiceClient({ config: configWith('--retries=0', ...(options.flags ?? [])), baseUrl: options.url ?? sim.url, secret: null, log });
  const capability = enrolmentCapability(client, push, log, dataDir, options.engines);
  opened.push({ capability, client });
  return { capability, states, tasks, lines, handlers: capability.handlers };
}

async function started(options: Parameters<typeof open>[0] = {}) {
  const kiosk = open(options);
  await kiosk.capability.start();
  await kiosk.capability.sync.settle();
  return kiosk;
}

describe('directory sync against the simulator', () => {
  it('downloads the whole directory at start, saves it, and reports what it did', async () => {
    const { handlers, states } = await started({ engines: threadEngine });
    const state = await handlers.getDirectoryState(undefined);
    expect(state).toMatchObject({ status: 'ready', records: COUNT, lastFailure: null, lastSync: { outcome: 'updated', total: COUNT, added: COUNT, changed: 0, removed: 0, rejected: 0 } });
    expect(state.syncedAt).not.toBeNull();
    expect(states.some((s) => s.syncing?.phase === 'downloading')).toBe(true);
    expect((await stat(join(dataDir, 'directory.snapshot'))).mode & 0o777).toBe(0o600);
    const page = await handlers.searchCardholders({ query: '', offset: 0, limit: 10 });
    expect(page.total).toBe(COUNT);
    expect(page.items).toHaveLength(10);
    expect(Object.keys(page.items[0] ?? {})).not.toContain('address1');
  });

  it('asks with the validators next time and keeps the directory when the service says nothing changed', async () => {
    const { handlers } = await started();
    const again = await handlers.syncDirectory({});
    expect(again).toMatchObject({ outcome: 'unchanged', total: COUNT });
  });

  it('counts what changed on the service since, and follows the progress of a sync asked for by task', async () => {
    const { handlers, tasks } = await started();
    await fetch(`${sim.url}/api/CardHolders/create`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ first_Name: 'Saoirse', last_Name: 'Ní Bhriain' }) });
    await fetch(`${sim.url}/api/CardHolders/update`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id: 3, phone: '+353 1 555 0199' }) });
    const report = await handlers.syncDirectory({ taskId: 'sync-1' });
    expect(report).toMatchObject({ outcome: 'updated', total: COUNT + 1, added: 1, changed: 1, removed: 0 });
    const mine = tasks.filter((t) => t.taskId === 'sync-1');
    expect(mine.at(-1)).toMatchObject({ finished: true });
    expect(mine.some((t) => !t.finished)).toBe(true);
    expect((await handlers.searchCardholders({ query: 'saoirse ni bhriain', offset: 0, limit: 5 })).items.map((i) => i.last_Name)).toEqual(['Ní Bhriain']);
  });

  it.each([
    ['in its worker thread', threadEngine],
    ['in this thread', localEngine],
  ] as const)('shows the engine\'s phases (checking, indexing) while it syncs and saves the snapshot after, %s', async (_where, engines) => {
    const { handlers, states, tasks } = await started({ engines });
    await fetch(`${sim.url}/api/CardHolders/update`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id: 4, phone: '+47 22 55 01 99' }) });
    states.length = 0;
    tasks.length = 0;
    await handlers.syncDirectory({ taskId: 'phases' });
    const phases = states.map((s) => s.syncing?.phase).filter((phase, i, all) => phase !== undefined && phase !== all[i - 1]);
    expect(phases).toEqual(['downloading', 'checking', 'indexing']);
    const labels = [...new Set(tasks.filter((t) => t.taskId === 'phases' && !t.finished).map((t) => t.label))];
    expect(labels).toEqual(['Downloading the cardholder directory', 'Checking the cardholder records', 'Preparing the lookup']);
    // The screen's words come from the code of each phase, not from the English label.
    expect([...new Set(tasks.filter((t) => t.taskId === 'phases' && !t.finished).map((t) => t.task))]).toEqual(['downloading', 'checking', 'indexing']);
    expect(tasks.filter((t) => t.taskId === 'phases').at(-1)).toMatchObject({ finished: true, task: 'directory' });
    expect(states.at(-1)?.syncing).toBeNull();
  });

  it('answers with the new list before its snapshot is saved, and says so when it cannot be saved', async () => {
    const { handlers, capability, lines } = await started();
    // A folder where the snapshot goes: the atomic rename of the new file fails.
    await rm(join(dataDir, 'directory.snapshot'));
    await mkdir(join(dataDir, 'directory.snapshot'));
    await fetch(`${sim.url}/api/CardHolders/create`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ first_Name: 'Ingrid', last_Name: 'Sæther' }) });
    expect(await handlers.syncDirectory({})).toMatchObject({ outcome: 'updated', total: COUNT + 1 });
    await capability.sync.settle();
    const state = await handlers.getDirectoryState(undefined);
    expect(state).toMatchObject({ status: 'ready', records: COUNT + 1, lastFailure: null });
    expect(state.snapshotProblem).toMatch(/could not be saved on this workstation/);
    expect(state.snapshotIssue).toEqual({ code: 'notSaved' });
    expect(lines.some((line) => /could not be saved/.test(line))).toBe(true);
    expect((await handlers.searchCardholders({ query: 'saether', offset: 0, limit: 5 })).total).toBe(1);
  });

  it('works with a service that sends no validators', async () => {
    await sim.close();
    sim = await startSimulator({ dataDir: simDir, cardholders: COUNT, eventRate: 0, historyEvents: 10, testControls: true, validators: false });
    const { handlers } = await started();
    expect(await handlers.syncDirectory({})).toMatchObject({ outcome: 'updated', total: COUNT, added: 0, changed: 0, removed: 0 });
  });

  describe('keeps the last good directory and says why', () => {
    async function failedSync(setUp: () => Promise<void>, flags: string[] = []) {
      const kiosk = await started({ flags });
      await setUp();
      const error = await failureOf(Promise.resolve(kiosk.handlers.syncDirectory({})));
      const state = await kiosk.handlers.getDirectoryState(undefined);
      expect(state.records).toBe(COUNT);
      expect(state.lastFailure?.error.message).toBe(error.message);
      expect(error.message).toMatch(/^The cardholder directory could not be updated\. /);
      expect(error.message).toMatch(/The lookup still uses the 200 cardholders received before\.$/);
      expect((await kiosk.handlers.searchCardholders({ query: '', offset: 0, limit: 1 })).total).toBe(COUNT);
      return error;
    }

    it('a truncated answer (not valid JSON)', async () => {
      const error = await failedSync(() => controls.answerRawList('[{"id":1,"displayName":"Dup'.padEnd(100, ' ')).then(() => undefined));
      expect(error).toMatchObject({ code: 'malformed_answer' });
      expect(error.message).toMatch(/not valid JSON/);
    });

    it('an answer that holds no list', async () => {
      const error = await failedSync(() => controls.answerRawList('{"status":"maintenance"}').then(() => undefined));
      expect(error.message).toMatch(/holds no list of cardholders/);
    });

    it('an HTML page instead of JSON', async () => {
      const error = await failedSync(() => controls.answerRawList('<html><body>Proxy error</body></html>', { contentType: 'text/html' }).then(() => undefined));
      expect(error.code).toBe('malformed_answer');
    });

    it('a 401', async () => {
      const error = await failedSync(() => controls.setFaults({ pathPrefix: '/api/CardHolders', error: { status: 401 } }));
      expect(error).toMatchObject({ code: 'unauthorized' });
      expect(error.message).toMatch(/credential/);
    });

    /** A change on the service, so that the next sync downloads the list again instead of a 304. */
    const changeOnService = (): Promise<unknown> =>
      fetch(`${sim.url}/api/CardHolders/update`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id: 1, zip: '69001' }) });

    it('a connection dropped in the middle of the download', async () => {
      const error = await failedSync(async () => {
        await changeOnService();
        await controls.truncateBodies({ afterBytes: 20_000, pathPrefix: '/api/CardHolders' });
      });
      expect(error).toMatchObject({ code: 'unreachable' });
      expect(error.message).toMatch(/cut off in the middle of the answer/);
    });

    it('a download that stalls (no byte for the configured timeout)', async () => {
      const error = await failedSync(async () => {
        await changeOnService();
        await controls.stallBodies({ afterBytes: 20_000, pathPrefix: '/api/CardHolders' });
      }, ['--timeout-ms=400']);
      expect(error).toMatchObject({ code: 'timeout' });
      expect(error.message).toMatch(/stopped sending/);
    });

    it('a service that cannot be reached', async () => {
      const error = await failedSync(() => sim.close());
      expect(error).toMatchObject({ code: 'unreachable' });
    });
  });

  it('sets aside records with wrong types, missing fields and duplicate ids, and names them', async () => {
    const { handlers } = await started();
    await controls.answerMutatedList([
      { index: 4, set: { tenant: 'zero' } },
      { index: 7, remove: ['last_Name'] },
      { index: 9, duplicateOf: 2 },
    ]);
    const report = await handlers.syncDirectory({});
    expect(report).toMatchObject({ outcome: 'updated', rejected: 3, total: COUNT - 3 });
    if (report.outcome !== 'updated' && report.outcome !== 'unchanged') throw new Error('expected a report');
    expect(report.problems.map((p) => [p.position, p.field])).toEqual([
      [5, 'tenant'],
      [8, 'last_Name'],
      [10, 'id'],
    ]);
    expect(report.problems[2]).toMatchObject({ problem: 'duplicateId', firstPosition: 3 });
    expect(report.problems[0]).toMatchObject({ problem: 'invalid' });
    expect(report.problems[0]).not.toHaveProperty('message');
  });

  it('sets aside a record whose field is far too long, and names its position and field on screen and in the log', async () => {
    const { handlers, lines } = await started();
    await controls.answerMutatedList([{ index: 6, set: { last_Name: 'W'.repeat(5_000) } }]);
    const report = await handlers.syncDirectory({});
    expect(report).toMatchObject({ outcome: 'updated', rejected: 1, total: COUNT - 1 });
    if (report.outcome !== 'updated') throw new Error('expected a report');
    expect(report.problems).toEqual([{ position: 7, id: expect.any(Number), field: 'last_Name', problem: 'tooLong', length: 5_000, limit: 1_000 }]);
    expect(lines.join('\n')).toContain('record at position 7: field last_Name is 5,000 characters, over the limit 1,000');
  });

  it('holds back an empty list until the officer confirms it', async () => {
    const { handlers } = await started();
    await controls.answerEmptyList();
    const held = await handlers.syncDirectory({});
    expect(held).toMatchObject({ outcome: 'held', previous: COUNT, received: 0, usable: 0 });
    expect((await handlers.getDirectoryState(undefined)).held).toMatchObject({ previous: COUNT });
    expect((await handlers.searchCardholders({ query: '', offset: 0, limit: 1 })).total).toBe(COUNT);
    const taken = await handlers.syncDirectory({ acceptShrink: true });
    expect(taken).toMatchObject({ outcome: 'updated', total: 0, removed: COUNT });
    expect(await handlers.getDirectoryState(undefined)).toMatchObject({ records: 0, held: null });
  });

  it('after a restart, looks up from the saved directory at once while the service is down', async () => {
    const first = await started();
    expect((await first.handlers.getDirectoryState(undefined)).records).toBe(COUNT);
    const someone = (await first.handlers.searchCardholders({ query: '', offset: 17, limit: 1 })).items[0];
    const { capability, client } = opened.splice(0, 1)[0] ?? { capability: first.capability, client: null };
    await capability.stop();
    client?.close();
    await sim.close();

    const again = open();
    await again.capability.start();
    const state = await again.handlers.getDirectoryState(undefined);
    expect(state).toMatchObject({ status: 'ready', records: COUNT });
    const found = await again.handlers.searchCardholders({ query: `${someone?.first_Name} ${someone?.last_Name}`, offset: 0, limit: 50 });
    expect(found.items.map((i) => i.id)).toContain(someone?.id);
    await again.capability.sync.settle();
    const after = await again.handlers.getDirectoryState(undefined);
    expect(after.lastFailure?.error.code).toBe('unreachable');
    expect(after.records).toBe(COUNT);
    const view = await again.handlers.getCardholder({ id: someone?.id ?? 0 });
    expect(view).toMatchObject({ refreshed: false, record: { id: someone?.id }, warning: { code: 'unreachable' } });
  });

  it('refreshes a record from the service when it is opened, and the lookup follows', async () => {
    const { handlers } = await started();
    await fetch(`${sim.url}/api/CardHolders/update`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id: 5, last_Name: 'Þórsdóttir', city: 'Reykjavík' }) });
    const view = await handlers.getCardholder({ id: 5 });
    expect(view).toMatchObject({ refreshed: true, warning: null, record: { id: 5, last_Name: 'Þórsdóttir', city: 'Reykjavík' } });
    expect((await handlers.searchCardholders({ query: 'thorsdottir', offset: 0, limit: 50 })).items.map((i) => i.id)).toContain(5);
    const gone = await failureOf(Promise.resolve(handlers.getCardholder({ id: 999_999 })));
    expect(gone).toMatchObject({ code: 'not_found' });
  });

  it('removes the saved directory and forgets it (Administration)', async () => {
    const { handlers } = await started();
    const state = await handlers.removeDirectorySnapshot(undefined);
    expect(state).toMatchObject({ status: 'empty', records: 0 });
    await expect(stat(join(dataDir, 'directory.snapshot'))).rejects.toThrow();
    expect((await handlers.searchCardholders({ query: '', offset: 0, limit: 1 })).total).toBe(0);
  });
});
