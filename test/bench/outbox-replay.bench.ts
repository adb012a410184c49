/**
 * Outbox replay benchmark: N mixed enrolments (creates of new cardholders, updates and ID photos
 * of existing ones) saved on the workstation while the service is stopped, then drained by the
 * outbox once the service is back (items/s, from "service back" to an empty queue), against the
 * same operations sent directly through the service client (baseline, same run, same simulator).
 * The outbox does more per item than the direct call (journal writes with fsync, a read of the
 * record before an update to send only what still differs, a read after a photo, directory
 * upserts), which is what the ratio shows. Medians of several rounds; asserts nothing.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jpeg from 'jpeg-js';
import type { CardholderFields, CardholderRecord } from '../../electron/contract/ipc';
import { createCardholdersCapability } from '../../electron/core/cardholders-capability';
import { localEngine } from '../../electron/core/cardholders/directory/engine-handle';
import { forService } from '../../electron/core/cardholders/enrolment/cardholder-fields';
import { loadConfig } from '../../electron/core/config/load-config';
import { PushBus } from '../../electron/core/ipc/push-bus';
import { createLogger, silentSink } from '../../electron/core/log/logger';
import type { CardHolderChanges, NewCardHolder } from '../../electron/core/service/access-service';
import { createServiceClient } from '../../electron/core/service/service-client';
import { startSimulator, type RunningSimulator } from '../../electron/simulator';
import { median } from './bench-support';
import type { BenchRow } from './types';
import { KioskDatabase } from '../../electron/core/storage/kiosk-database';

const ITEMS = 60;
const ROUNDS = 5;

type Op =
  | { kind: 'create'; fields: CardholderFields }
  | { kind: 'update'; id: number; changes: Partial<CardholderFields> }
  | { kind: 'photo'; id: number; photo: Uint8Array };

const PHOTO = { contentType: 'image/jpeg' as const, width: 600, height: 800, maxBytes: 2 * 1024 * 1024 };

const startSim = (dataDir: string, port = 0, fresh = false): Promise<RunningSimulator> =>
  startSimulator({ port, dataDir, fresh, cardholders: 50, eventRate: 0, historyEvents: 10, testControls: true, logRequests: false });

/** A JPEG of the configured size, different for each seed. */
function idPhoto(seed: number): Uint8Array {
  const data = Buffer.alloc(PHOTO.width * PHOTO.height * 4);
  for (let i = 0; i < data.length; i += 4) {
    data[i] = ((i / 4) * (seed + 1)) % 251;
    data[i + 1] = (seed * 37 + Math.floor(i / 4 / PHOTO.width)) % 256;
    data[i + 2] = (seed * 91) % 256;
    data[i + 3] = 255;
  }
  return new Uint8Array(jpeg.encode({ data, width: PHOTO.width, height: PHOTO.height }, 60).data);
}

function newPerson(n: number, employeeId: string): CardholderFields {
  return {
    first_Name: 'Grete', last_Name: `Lindqvist ${n}`, middle_Name: '', employee_ID: employeeId, email: `grete.${n}@contoso.example`, sex: 'f',
    phone: `+353 1 555 ${n}`, address1: `${n} Harbour Road`, address2: '', city: 'Dublin', state: '', zip: 'D01', tenant: [0], card_Holder_Type_ID: 1,
  };
}

async function simRecords(url: string): Promise<CardholderRecord[]> {
  const response = await fetch(`${url}/api/CardHolders`);
  return (await response.json()) as CardholderRecord[];
}

/** One round's operations: 2 creates, 2 updates, 1 photo in every 5, on seeded cardholders; employee IDs unique to the round and the path. */
function operations(round: number, path: number, seededIds: number[], photos: Uint8Array[]): Op[] {
  const ops: Op[] = [];
  for (let i = 0; i < ITEMS; i++) {
    const id = seededIds[(i * 7 + round) % seededIds.length] ?? 1;
    const n = round * 1000 + path * 500 + i;
    if (i % 5 < 2) ops.push({ kind: 'create', fields: newPerson(n, `66${String(n).padStart(6, '0')}`) });
    else if (i % 5 < 4) ops.push({ kind: 'update', id, changes: { phone: `+1 555 ${n}`, city: `City ${n}` } });
    else ops.push({ kind: 'photo', id, photo: photos[i % photos.length] ?? new Uint8Array() });
  }
  return ops;
}

export async function run(): Promise<BenchRow[]> {
  const root = await mkdtemp(join(tmpdir(), 'kiosk-outbox-bench-'));
  const simDir = join(root, 'simulator');
  let sim: RunningSimulator | null = await startSim(simDir, 0, true);
  const port = sim.port;
  const log = createLogger(silentSink);
  const config = loadConfig({ systemFile: null, userFile: null, env: {}, argv: ['--retries=0', '--timeout-ms=5000'], platform: 'linux' });
  const client = createServiceClient({ config, baseUrl: sim.url, secret: null, log });
  const photos = [idPhoto(1), idPhoto(2), idPhoto(3)];
  const direct: number[] = [];
  const replay: number[] = [];
  try {
    const seededIds = (await simRecords(sim.url)).slice(0, 20).map((r) => r.id);
    for (let round = 0; round < ROUNDS; round++) {
      // Direct: the same kinds of operation through the client, one after the other.
      const straight = operations(round, 0, seededIds, photos);
      let started = performance.now();
      for (const op of straight) {
        if (op.kind === 'create') await client.createCardHolder(forService(op.fields) as NewCardHolder);
        else if (op.kind === 'update') await client.updateCardHolder({ id: op.id, ...forService(op.changes) } as CardHolderChanges);
        else await client.uploadPhoto(op.id, { bytes: op.photo, contentType: 'image/jpeg' });
      }
      direct.push((ITEMS * 1000) / (performance.now() - started));

      // Outbox: a kiosk with the directory synced, the service stops, the operations are saved
      // on the workstation, the service comes back and the outbox sends them.
      const kioskDir = join(root, `kiosk-${round}`);
      const capability = createCardholdersCapability({
        service: client, push: new PushBus(), log, dataDir: kioskDir, database: KioskDatabase.open(kioskDir, { info: () => undefined, error: () => undefined }).database, dataKey: randomBytes(32), serviceLabel: 'simulator', syncIntervalMs: 0, photo: PHOTO, engines: localEngine,
        // Nothing is retried on its own while the service is stopped: the replay starts when it is back.
        outboxRetry: { baseMs: 60_000, maxMs: 60_000 },
      });
      await capability.start();
      await capability.sync.settle();
      await sim.close();
      sim = null;
      const { handlers } = capability;
      for (const op of operations(round, 1, seededIds, photos)) {
        if (op.kind === 'create') {
          const written = await handlers.createCardholder(op.fields);
          if (!written.queued) throw new Error('a create was sent while the service was stopped');
        } else if (op.kind === 'update') {
          const view = await handlers.getCardholder({ id: op.id });
          const outcome = await handlers.updateCardholder({ id: op.id, changes: op.changes, expectedUpdated: view.record.updated });
          if (outcome.outcome !== 'queued') throw new Error(`an update ended '${outcome.outcome}' while the service was stopped`);
        } else {
          await handlers.uploadCardholderPhoto({ id: op.id, photo: op.photo, contentType: 'image/jpeg', overriddenHints: [] });
        }
      }
      if (capability.outbox.state().pending !== ITEMS) throw new Error(`${capability.outbox.state().pending} items queued, ${ITEMS} expected`);
      sim = await startSim(simDir, port);
      started = performance.now();
      capability.outbox.wake();
      while (capability.outbox.state().items.length > 0) {
        if (capability.outbox.state().failed > 0) throw new Error(`the service refused a replayed item: ${JSON.stringify(capability.outbox.state().items.find((i) => i.state === 'failed'))}`);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      replay.push((ITEMS * 1000) / (performance.now() - started));
      await capability.stop();
    }
  } finally {
    client.close();
    await sim?.close();
    await rm(root, { recursive: true, force: true });
  }
  const round1 = (n: number): number => Math.round(n * 10) / 10;
  return [
    {
      name: `replay of ${ITEMS} queued operations (2/5 creates, 2/5 updates, 1/5 photos) after the service is back`,
      value: round1(median(replay)),
      baseline: round1(median(direct)),
      unit: 'items/s',
      note: `median of ${ROUNDS} rounds; baseline: the same operations sent directly through the client`,
    },
  ];
}
