/**
 * Stand-ins for what the outbox is given, for its tests without a network: a service holding
 * cardholders in memory that can be down, fail one call in a scripted way (before or after
 * applying the write, as when an answer is lost) or hang; a directory recording what the lookup
 * would show; a clock whose timers fire only when the test says so; an audit log in memory.
 */
import { randomBytes } from 'node:crypto';
import type { CardholderFields, EnrolmentLogEntry, KioskError } from '../../../../../electron/contract/ipc';
import type { OutboxDirectory } from '../../../../../electron/core/cardholders/outbox/outbox';
import type { CardHolder, CardHolderChanges, NewCardHolder, PhotoUpload } from '../../../../../electron/core/service/access-service';
import { ServiceFailure } from '../../../../../electron/core/service/service-errors';
import { person } from '../../../../support/cardholders';

export const T0 = Date.parse('2026-03-01T10:00:00.000Z');

export type Operation = 'create' | 'update' | 'photo' | 'get';

/** The service could not be reached; `mayHaveArrived` as the client decides it (refused connection: false). */
export const unreachable = (mayHaveArrived = false): ServiceFailure =>
  new ServiceFailure({ code: 'unreachable', message: 'The access-control service is not answering (the connection was refused); it may be stopped.' }, { retryable: true, mayHaveArrived });
export const timedOut = (): ServiceFailure => new ServiceFailure({ code: 'timeout', message: 'The access-control service did not answer in time.' }, { retryable: true, mayHaveArrived: true });
export const refused = (status: number, said: string, field?: string): ServiceFailure =>
  new ServiceFailure({ code: 'rejected', message: `The access-control service refused the data: ${said}`, status, ...(field ? { field } : {}) });
export const unauthorized = (): ServiceFailure => new ServiceFailure({ code: 'unauthorized', message: "The access-control service did not accept this kiosk's credential. Ask the administrator to set it again.", status: 401 });

export const OUTAGE: KioskError = unreachable().error;

export function newFields(patch: Partial<CardholderFields> = {}): CardholderFields {
  return {
    first_Name: 'Marie',
    last_Name: 'Dupont',
    middle_Name: '',
    employee_ID: 'E-1',
    email: 'marie.dupont@contoso.example',
    sex: 'f',
    phone: '+33 1 40 00 00 01',
    address1: '1 rue de Rivoli',
    address2: '',
    city: 'Paris',
    state: '',
    zip: '75001',
    tenant: [0, 2],
    card_Holder_Type_ID: 3,
    ...patch,
  };
}

interface Scripted {
  /** The failure, or 'hang': the call never answers (until the test ends). */
  error: Error | 'hang';
  /** Apply the write first, then fail (the answer was lost). */
  applied: boolean;
}

export class FakeService {
  readonly records = new Map<number, CardHolder>();
  readonly photos = new Map<number, Buffer>();
  /** Every call, in order: "create E-1", "get 7", "update 7 city,phone", "photo 7". */
  readonly calls: string[] = [];
  /** While true, every call fails as a refused connection (nothing reaches the service). */
  down = false;
  private nextId = 1000;
  private readonly script = new Map<Operation, Scripted[]>();

  constructor(...existing: CardHolder[]) {
    for (const record of existing) this.records.set(record.id, record);
  }

  /** The next call of `operation` fails with `error` (after applying the write when `applied`). */
  failNext(operation: Operation, error: Error, options: { applied?: boolean } = {}): void {
    const list = this.script.get(operation) ?? [];
    list.push({ error, applied: options.applied ?? false });
    this.script.set(operation, list);
  }

  /** The next call of `operation` never answers (after applying the write when `applied`): the kiosk stopped meanwhile. */
  hangNext(operation: Operation, options: { applied?: boolean } = {}): void {
    this.failNext(operation, new Error('unused'), options);
    const list = this.script.get(operation) ?? [];
    const last = list.at(-1);
    if (last) last.error = 'hang';
  }

  byEmployeeId(employeeId: string): CardHolder[] {
    return [...this.records.values()].filter((r) => r.employee_ID === employeeId);
  }

  readonly createCardHolder = async (record: NewCardHolder): Promise<CardHolder> => {
    this.calls.push(`create ${record.employee_ID}`);
    const scripted = await this.before('create');
    const created = person({ ...(record as Partial<CardHolder> & { first_Name: string; last_Name: string }), id: this.nextId++, sex: record.sex.toUpperCase(), created: new Date(T0).toISOString(), updated: new Date(T0).toISOString() });
    this.records.set(created.id, created);
    if (scripted) return this.after(scripted);
    return { ...created };
  };

  readonly updateCardHolder = async (changes: CardHolderChanges): Promise<CardHolder> => {
    const { id, ...fields } = changes;
    this.calls.push(`update ${id} ${Object.keys(fields).sort().join(',')}`);
    const scripted = await this.before('update');
    const current = this.found(id);
    const sex = typeof fields.sex === 'string' ? fields.sex.toUpperCase() : current.sex;
    const next = { ...current, ...fields, sex, updated: new Date(Date.parse(current.updated) + 1000).toISOString() };
    this.records.set(id, next);
    if (scripted) return this.after(scripted);
    return { ...next };
  };

  readonly uploadPhoto = async (id: number, photo: PhotoUpload): Promise<CardHolder> => {
    this.calls.push(`photo ${id}`);
    const scripted = await this.before('photo');
    const current = this.found(id);
    this.photos.set(id, Buffer.from(photo.bytes));
    this.records.set(id, { ...current, photo_Exists: true });
    if (scripted) return this.after(scripted);
    return { ...current, photo_Exists: true };
  };

  readonly getCardHolder = async (id: number): Promise<CardHolder> => {
    this.calls.push(`get ${id}`);
    const scripted = await this.before('get');
    if (scripted) return this.after(scripted);
    return { ...this.found(id) };
  };

  private found(id: number): CardHolder {
    const record = this.records.get(id);
    if (!record) throw new ServiceFailure({ code: 'not_found', message: 'The cardholder was not found in the access-control service.', status: 404 });
    return record;
  }

  /** Down or scripted: fails (or hangs) now, or hands back what to do after applying the write. */
  private async before(operation: Operation): Promise<Scripted | null> {
    if (this.down) throw unreachable(false);
    const scripted = this.script.get(operation)?.shift();
    if (!scripted) return null;
    if (!scripted.applied) return this.after(scripted);
    return scripted;
  }

  private after(scripted: Scripted): Promise<never> {
    if (scripted.error === 'hang') return new Promise<never>(() => undefined);
    return Promise.reject(scripted.error);
  }
}

/** The lookup as the outbox sees it; `findCreated` looks at the fake service (as a directory sync would). */
export class FakeDirectory implements OutboxDirectory {
  readonly provisional = new Map<number, CardHolder>();
  readonly upserted: CardHolder[] = [];
  readonly lookedFor: string[] = [];
  /** Set to fail findCreated (the service cannot be asked). */
  findFails: Error | null = null;

  constructor(private readonly service: FakeService) {}

  async setProvisional(record: CardHolder): Promise<void> {
    this.provisional.set(record.id, record);
  }

  async removeProvisional(id: number): Promise<void> {
    this.provisional.delete(id);
  }

  async upsert(records: CardHolder[]): Promise<void> {
    this.upserted.push(...records.map((r) => ({ ...r })));
  }

  async findCreated(fields: CardholderFields): Promise<CardHolder | null> {
    this.lookedFor.push(fields.employee_ID ?? '');
    if (this.findFails) throw this.findFails;
    if (this.service.down) throw unreachable(false);
    return this.service.byEmployeeId(fields.employee_ID ?? '').find((r) => r.first_Name === fields.first_Name && r.last_Name === fields.last_Name) ?? null;
  }
}

interface Timer {
  at: number;
  ms: number;
  run: () => void;
  cancelled: boolean;
}

/** A clock that moves only when a timer is fired; every delay asked for is kept. */
export class FakeClock {
  nowMs = T0;
  readonly asked: number[] = [];
  private timers: Timer[] = [];

  readonly now = (): Date => new Date(this.nowMs);

  readonly setTimer = (run: () => void, ms: number): { cancel(): void } => {
    const timer: Timer = { at: this.nowMs + ms, ms, run, cancelled: false };
    this.timers.push(timer);
    this.asked.push(ms);
    return { cancel: () => void (timer.cancelled = true) };
  };

  /** Timers set and not cancelled nor fired. */
  get waiting(): number[] {
    return this.timers.filter((t) => !t.cancelled).map((t) => t.ms);
  }

  /** Moves the clock to the next timer and runs it; false when none waits. */
  fireNext(): boolean {
    const live = this.timers.filter((t) => !t.cancelled).sort((a, b) => a.at - b.at);
    const next = live[0];
    if (!next) return false;
    this.timers = this.timers.filter((t) => t !== next);
    this.nowMs = Math.max(this.nowMs, next.at);
    next.run();
    return true;
  }
}

export class MemoryAudit {
  readonly entries: Array<Omit<EnrolmentLogEntry, 'at'>> = [];
  async add(entry: Omit<EnrolmentLogEntry, 'at'>): Promise<void> {
    this.entries.push(entry);
  }
  kinds(): string[] {
    return this.entries.map((e) => e.kind);
  }
}

/** Bytes that stand for a photo (the outbox does not look inside). */
export function photoBytes(size = 2048): Uint8Array {
  return new Uint8Array(randomBytes(size));
}
