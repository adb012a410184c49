/**
 * How many HTTP requests one enrolment write costs, counted at the simulator over real HTTP (its
 * request log): a create whose answer carries the record is not read back; an update is read once
 * to decide (conflict or not), sent, and read back once; a photo is sent and read back once —
 * also when the service's answer to the write cannot be used (then too, one read-back, never the
 * endpoint's and the enrolment's both: that was GET, POST, GET, GET for one update).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jpeg from 'jpeg-js';
import { startSimulator, type RunningSimulator } from '../../../../electron/simulator';
import { SimulatorControls } from '../../../../electron/simulator/control-client';
import { createServiceClient, type ServiceClient } from '../../../../electron/core/service/service-client';
import type { CardholdersCapability } from '../../../../electron/core/cardholders-capability';
import { PushBus } from '../../../../electron/core/ipc/push-bus';
import type { CardholderFields } from '../../../../electron/contract/ipc';
import { enrolmentCapability } from '../support/sim-capability';
import { configWith, memoryLog } from '../../service/support';

let dataDir: string;
let sim: RunningSimulator;
let controls: SimulatorControls;
let capability: CardholdersCapability;
let client: ServiceClient;
const seen: string[] = [];

/** "POST /api/CardHolders/update" for each request the simulator answered since the last call (test controls left out). */
const requests = (): string[] =>
  seen
    .splice(0)
    .map((line) => /^(GET|POST|PUT|DELETE|HEAD) (\S+)/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null && m[2]!.startsWith('/api/'))
    .map((m) => `${m[1]} ${m[2]!.replace(/\/\d+(?=\/|$)/, '/{id}')}`);

const fields: CardholderFields = { first_Name: 'Aoife', last_Name: 'Byrne', employee_ID: 'RB-1', email: 'aoife.byrne@contoso.example', sex: 'f', city: 'Cork' };

function photo(): Uint8Array {
  const data = Buffer.alloc(600 * 800 * 4, 180);
  return new Uint8Array(jpeg.encode({ data, width: 600, height: 800 }, 80).data);
}

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'kiosk-writes-'));
  sim = await startSimulator({ fresh: true, cardholders: 20, eventRate: 0, historyEvents: 10, testControls: true, logRequests: true, log: (line) => seen.push(line) });
  controls = new SimulatorControls(sim.url);
  const memory = memoryLog();
  client = createServiceClient({ config: configWith('--retries=0'), baseUrl: sim.url, secret: null, log: memory.log });
  capability = enrolmentCapability(client, new PushBus(), memory.log, dataDir);
  await capability.start();
  await capability.sync.settle();
  requests();
});
afterEach(async () => {
  await capability.stop();
  client.close();
  await sim.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('requests per write, at the simulator', () => {
  it('create: the write only (the answer carries the record); update: read, write, one read-back; photo: write, one read-back', async () => {
    const { record } = await capability.handlers.createCardholder(fields);
    expect(requests()).toEqual(['POST /api/CardHolders/create']);

    const outcome = await capability.handlers.updateCardholder({ id: record.id, changes: { phone: '+353 21 555 0100' }, expectedUpdated: record.updated });
    expect(outcome).toMatchObject({ outcome: 'saved', record: { phone: '+353 21 555 0100' } });
    expect(requests()).toEqual(['GET /api/CardHolders/{id}', 'POST /api/CardHolders/update', 'GET /api/CardHolders/{id}']);

    const uploaded = await capability.handlers.uploadCardholderPhoto({ id: record.id, photo: photo(), contentType: 'image/jpeg', overriddenHints: [] });
    expect(uploaded.record.photo_Exists).toBe(true);
    expect(requests()).toEqual(['POST /api/CardHolders/{id}/photo', 'GET /api/CardHolders/{id}']);
  });

  it('an answer to the write that cannot be read still costs one read-back, not two', async () => {
    const { record } = await capability.handlers.createCardholder(fields);
    requests();

    await controls.setFaults({ pathPrefix: '/api/CardHolders/update', malformedJson: { count: 1 } });
    const outcome = await capability.handlers.updateCardholder({ id: record.id, changes: { zip: 'T12' }, expectedUpdated: record.updated });
    expect(outcome).toMatchObject({ outcome: 'saved', record: { zip: 'T12' }, warning: null });
    expect(requests()).toEqual(['GET /api/CardHolders/{id}', 'POST /api/CardHolders/update', 'GET /api/CardHolders/{id}']);

    await controls.setFaults({ pathPrefix: `/api/CardHolders/${record.id}/photo`, malformedJson: { count: 1 } });
    const uploaded = await capability.handlers.uploadCardholderPhoto({ id: record.id, photo: photo(), contentType: 'image/jpeg', overriddenHints: [] });
    expect(uploaded.record.photo_Exists).toBe(true);
    expect(requests()).toEqual(['POST /api/CardHolders/{id}/photo', 'GET /api/CardHolders/{id}']);
  });
});
