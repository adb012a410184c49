/**
 * The cardholder capability of the core against the simulator over real HTTP, as the outbox's
 * simulator tests, the crash test's child and the replay benchmark use it: the simulator in a data
 * folder of the test's (so it can be stopped — a real outage — and started again on the same port
 * with what it stored), the service client, the capability with short back-off, ID photos of the
 * configured size, and what the simulator holds afterwards.
 */
import jpeg from 'jpeg-js';
import { startSimulator, type RunningSimulator } from '../../../../../electron/simulator';
import { createServiceClient, type ServiceClient } from '../../../../../electron/core/service/service-client';
import { createCardholdersCapability, type CardholdersCapability, type CardholdersCapabilityOptions } from '../../../../../electron/core/cardholders-capability';
import { localEngine } from '../../../../../electron/core/cardholders/directory/engine-handle';
import { PushBus } from '../../../../../electron/core/ipc/push-bus';
import { KioskDatabase } from '../../../../../electron/core/storage/kiosk-database';
import type { CardholderFields, CardholderRecord } from '../../../../../electron/contract/ipc';
import type { Logger } from '../../../../../electron/core/log/logger';
import { configWith } from '../../../service/support';

export const PHOTO_RULES = { contentType: 'image/jpeg' as const, width: 600, height: 800, maxBytes: 2 * 1024 * 1024 };
export const SEEDED = 50;

/** Starts the simulator on `port` (0: any) keeping its state in `dataDir`; `fresh` seeds it again. */
export function startSim(dataDir: string, port = 0, fresh = false): Promise<RunningSimulator> {
  return startSimulator({ port, dataDir, fresh, cardholders: SEEDED, eventRate: 0, historyEvents: 10, testControls: true, logRequests: false });
}

export function serviceClient(url: string, log: Logger, timeoutMs = 5_000): ServiceClient {
  return createServiceClient({ config: configWith('--retries=0', `--timeout-ms=${timeoutMs}`), baseUrl: url, secret: null, log });
}

export function capabilityOn(options: { service: CardholdersCapabilityOptions['service']; dataDir: string; key: Buffer | null; log: Logger; push?: PushBus; retry?: { baseMs: number; maxMs: number } }): CardholdersCapability {
  return createCardholdersCapability({
    service: options.service,
    push: options.push ?? new PushBus(),
    log: options.log,
    dataDir: options.dataDir,
    // The kiosk's database in the same data folder, as kiosk-core opens it (the enrolment log is kept there).
    database: KioskDatabase.open(options.dataDir, { info: () => undefined, error: () => undefined }).database,
    dataKey: options.key,
    serviceLabel: 'simulator',
    syncIntervalMs: 0,
    photo: PHOTO_RULES,
    engines: localEngine,
    outboxRetry: options.retry ?? { baseMs: 40, maxMs: 400 },
  });
}

/** A JPEG of the configured size; `seed` makes it different from the others. */
export function idPhoto(seed: number): Uint8Array {
  const { width, height } = PHOTO_RULES;
  const data = Buffer.alloc(width * height * 4);
  for (let i = 0; i < data.length; i += 4) {
    const p = i / 4;
    data[i] = (p * (seed + 1)) % 251;
    data[i + 1] = (seed * 37 + Math.floor(p / width)) % 256;
    data[i + 2] = (seed * 91) % 256;
    data[i + 3] = 255;
  }
  return new Uint8Array(jpeg.encode({ data, width, height }, 60).data);
}

/** A new cardholder's fields; `employeeId` is unique to it. */
export function newPerson(n: number, employeeId: string): CardholderFields {
  const first = ['Aoife', 'Bogdan', 'Chiara', 'Dmitri', 'Élodie', 'Farid', 'Grete', 'Hiroshi', 'Inès', 'Jonas'][n % 10] ?? 'Ana';
  const last = ['Ó Súilleabháin', 'Kowalczyk', 'Bianchi', 'Ivanov', 'Lefèvre', 'Haddad', 'Lindqvist', 'Tanaka', 'Moreau', 'Berg'][Math.floor(n / 10) % 10] ?? 'Silva';
  return {
    first_Name: first,
    last_Name: `${last} ${n}`,
    middle_Name: '',
    employee_ID: employeeId,
    email: `${first.toLowerCase().replace(/[^a-z]/g, '')}.${n}@contoso.example`,
    sex: (['f', 'm', 'x', 'u'] as const)[n % 4] ?? 'u',
    phone: `+353 1 555 ${String(n).padStart(4, '0')}`,
    address1: `${n} Harbour Road`,
    address2: '',
    city: 'Dublin',
    state: '',
    zip: `D0${n % 10}`,
    tenant: n % 3 === 0 ? [0, 2] : [0],
    card_Holder_Type_ID: 1 + (n % 3),
  };
}

/** Every cardholder the simulator holds (read straight from it, not through the kiosk). */
export async function simRecords(url: string): Promise<CardholderRecord[]> {
  const response = await fetch(`${url}/api/CardHolders`);
  if (!response.ok) throw new Error(`the simulator listed cardholders with status ${response.status}`);
  return (await response.json()) as CardholderRecord[];
}
