/**
 * The outbox: enrolments (create, update, photo) that could not reach the service wait here,
 * durable on disk (outbox-journal.ts), and are sent again as soon as the service answers — in
 * queue order, one at a time, each cardholder's items in their order (outbox-state.ts), with
 * exponential back-off and jitter while it does not. Exactly once: a try that may have reached
 * the service (cut off, timed out, the kiosk stopped while sending) is "in doubt", and before a
 * create in doubt is sent again the outbox looks for the cardholder on the service (same employee
 * ID, or same name and e-mail); an update in doubt is sent only for the fields that still differ.
 * A refusal of the service (400, 404, 409, 413, 415, 422) is not retried: the item waits for the
 * officer (fix and resend, or discard). A refused credential (401/403) pauses the whole queue.
 *
 * Cardholders created while offline get a provisional negative id and are in the lookup (marked
 * pending) until the service confirms them; what waits for them then goes to their real id.
 * Items are sent through cardholder-writes.ts, as the enrolment sends them. Every action goes to
 * the enrolment log. Plain TypeScript: the service, the directory and the clock are passed in.
 */
import { randomUUID } from 'node:crypto';
import type { CardholderFields, CardholderRecord, EnrolmentSubject, KioskError, OutboxState } from '../../../contract/ipc';
import { KioskFailure, toKioskError } from '../../ipc/failure';
import type { PushBus } from '../../ipc/push-bus';
import type { Logger } from '../../log/logger';
import type { CardHolder } from '../../service/access-service';
import { labelOf, provisionalRecord } from '../enrolment/cardholder-fields';
import { backoffDelay } from '../../connection/retry-policy';
import { CardholderWrites, isOutage, mayHaveArrived, type CardholderWritesOptions } from '../enrolment/cardholder-writes';
import type { EnrolmentLog } from '../enrolment/enrolment-log';
import { OutboxJournal } from './outbox-journal';
import { afterRestart, applyEvent, emptyModel, inQueueOrder, nextRetryAt, nextToSend, resolveId, viewOf, type OutboxEvent, type OutboxItem, type OutboxModel, type QueuedPhoto } from './outbox-state';

/** What the outbox needs of the directory: the lookup shows provisional records and follows confirmed ones. */
export interface OutboxDirectory {
  setProvisional(record: CardHolder): Promise<void>;
  removeProvisional(id: number): Promise<void>;
  upsert(records: CardHolder[]): Promise<void>;
  /** A cardholder on the service that a create in doubt may have made, or null (looks at the service). */
  findCreated(fields: CardholderFields, since: string): Promise<CardHolder | null>;
}

export interface OutboxOptions {
  file: string;
  key: Buffer | null;
  service: CardholderWritesOptions['service'];
  directory: OutboxDirectory;
  audit: Pick<EnrolmentLog, 'add'>;
  push: PushBus;
  log: Logger;
  now?: () => Date;
  random?: () => number;
  /** First retry delay and the longest one. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  setTimer?: (run: () => void, ms: number) => { cancel(): void };
}

export type QueueInput =
  | { kind: 'create'; fields: CardholderFields; inDoubt: boolean; error: KioskError | null }
  | { kind: 'update'; cardholderId: number; label: string; changes: Partial<CardholderFields>; inDoubt: boolean; error: KioskError | null }
  | { kind: 'photo'; cardholderId: number; label: string; photo: Uint8Array; contentType: 'image/jpeg' | 'image/png'; overriddenHints: string[]; error: KioskError | null };

const SCOPE = 'outbox';
const PAUSE_CODES = new Set(['unauthorized', 'forbidden', 'config']);

const defaultTimer = (run: () => void, ms: number): { cancel(): void } => {
  const timer = setTimeout(run, ms);
  timer.unref?.();
  return { cancel: () => clearTimeout(timer) };
};

export class Outbox {
  private readonly journal: OutboxJournal<OutboxEvent>;
  private readonly writes: CardholderWrites;
  private readonly model: OutboxModel = emptyModel();
  private readonly now: () => Date;
  private readonly random: () => number;
  private readonly setTimer: NonNullable<OutboxOptions['setTimer']>;
  private damage: OutboxState['damage'] = null;
  private offline = false;
  private running: Promise<void> | null = null;
  private runAgain = false;
  private timer: { cancel(): void } | null = null;
  private stopped = false;
  /** Provisional ids the service has confirmed since start (latest first; the record view follows them). */
  private confirmed: OutboxState['confirmed'] = [];

  constructor(private readonly options: OutboxOptions) {
    this.journal = new OutboxJournal(options.file, options.key);
    this.writes = new CardholderWrites({ service: options.service, directory: options.directory, audit: options.audit, log: options.log });
    this.now = options.now ?? (() => new Date());
    this.random = options.random ?? Math.random;
    this.setTimer = options.setTimer ?? defaultTimer;
  }

  /** Reads the saved queue, puts provisional cardholders back in the lookup, and starts sending. */
  async start(): Promise<void> {
    const loaded = await this.journal.load();
    for (const event of loaded.records) applyEvent(this.model, event);
    afterRestart(this.model);
    if (loaded.damage) {
      this.damage = loaded.damage;
      this.options.log.error(SCOPE, `the saved outbox could not be read whole (${loaded.damage.reason}); kept at ${loaded.damage.keptAt}`);
    }
    await this.compact();
    for (const item of this.model.items.values()) {
      if (item.kind === 'create' && item.create) await this.options.directory.setProvisional(provisionalRecord(item.create, item.cardholderId, item.queuedAt));
    }
    const count = this.model.items.size;
    if (count > 0) this.options.log.info(SCOPE, `${count} enrolment${count === 1 ? '' : 's'} waiting to be sent`);
    this.publish();
    this.kick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.timer?.cancel();
    this.timer = null;
    await this.running?.catch(() => undefined);
    await this.journal.close();
  }

  /** True when new writes should wait in the queue at once (the service did not answer the last try). */
  get isOffline(): boolean {
    return this.offline && this.model.items.size > 0;
  }

  /** The id to use for a cardholder: a provisional id the service has confirmed becomes the real one. */
  resolveId(id: number): number {
    return resolveId(this.model, id);
  }

  /**
   * Every id one cardholder had on this workstation since start: `id` itself, and for a create the
   * service confirmed, its provisional id and the service's id (either given). A cardholder created
   * offline keeps its badge photo and its print count once the service numbers it.
   */
  sameCardholder(id: number): number[] {
    const ids = new Set([id]);
    for (const c of this.confirmed) if (c.id === id || c.provisionalId === id) ids.add(c.id).add(c.provisionalId);
    return [...ids];
  }

  /** True when something for this cardholder waits (a write to them must queue behind it). */
  hasPendingFor(cardholderId: number): boolean {
    for (const item of this.model.items.values()) if (item.cardholderId === cardholderId) return true;
    return false;
  }

  /** The items waiting for one cardholder, in order. */
  itemsFor(cardholderId: number): OutboxState['items'] {
    return inQueueOrder(this.model).filter((item) => item.cardholderId === cardholderId).map(viewOf);
  }

  get pendingCount(): number {
    let n = 0;
    for (const item of this.model.items.values()) if (item.state !== 'failed') n++;
    return n;
  }

  state(): OutboxState {
    const items = inQueueOrder(this.model).map(viewOf);
    return {
      pending: items.filter((i) => i.state !== 'failed').length,
      failed: items.filter((i) => i.state === 'failed').length,
      paused: this.model.paused,
      offline: this.offline,
      items,
      damage: this.damage,
      confirmed: this.confirmed,
    };
  }

  /** Saves a write for later (flushed to disk before it returns) and starts trying it. */
  async enqueue(input: QueueInput): Promise<{ item: OutboxItem; record: CardholderRecord | null }> {
    const seq = this.model.nextSeq;
    const at = this.now().toISOString();
    const base = { id: randomUUID(), seq, queuedAt: at, state: 'pending' as const, attempts: 0, nextAttemptAt: null, lastError: input.error, create: null, changes: null, photo: null };
    let item: OutboxItem;
    let record: CardholderRecord | null = null;
    if (input.kind === 'create') {
      const id = -seq;
      item = { ...base, kind: 'create', cardholderId: id, label: labelOf(input.fields), inDoubt: input.inDoubt, create: input.fields };
      record = provisionalRecord(input.fields, id, at);
    } else if (input.kind === 'update') {
      item = { ...base, kind: 'update', cardholderId: this.resolveId(input.cardholderId), label: input.label, inDoubt: input.inDoubt, changes: input.changes };
    } else {
      const photo: QueuedPhoto = { base64: Buffer.from(input.photo.buffer, input.photo.byteOffset, input.photo.byteLength).toString('base64'), contentType: input.contentType, overriddenHints: input.overriddenHints };
      item = { ...base, kind: 'photo', cardholderId: this.resolveId(input.cardholderId), label: input.label, inDoubt: false, photo };
    }
    await this.record({ type: 'queued', item });
    if (record) await this.options.directory.setProvisional(record);
    await this.options.audit.add({ kind: 'queued', cardholderId: item.cardholderId, name: item.label, outcome: { code: 'queued', subject: subjectOf(item) } });
    this.offline = this.offline || input.error !== null;
    this.publish();
    this.kick(this.offline ? this.delayFor(1) : 0);
    return { item: this.model.items.get(item.id) ?? item, record };
  }

  /** The service answers again (the feed or the status saw it): send now. */
  wake(): void {
    if (this.model.items.size === 0 || this.model.paused) return;
    for (const item of this.model.items.values()) if (item.state === 'pending') item.nextAttemptAt = null;
    this.kick();
  }

  /** The officer asks to try now (also after a pause for a refused credential). */
  async retry(): Promise<OutboxState> {
    if (this.model.paused) await this.record({ type: 'resumed', at: this.now().toISOString() });
    this.wake();
    this.publish();
    return this.state();
  }

  /** Drops a refused (or waiting) item; what waits for a cardholder created by it goes too. */
  async discard(id: string): Promise<OutboxState> {
    const item = this.model.items.get(id);
    if (!item) throw KioskFailure.of('not_found', 'This item is no longer waiting to be sent.', { detail: `outbox item ${id}` });
    if (item.state === 'sending') throw KioskFailure.of('rejected', 'This item is being sent right now; try again in a moment.', { detail: `outbox item ${id} sending` });
    const dependents = item.kind === 'create' ? inQueueOrder(this.model).filter((other) => other.id !== id && other.cardholderId === item.cardholderId) : [];
    for (const gone of [item, ...dependents]) {
      await this.record({ type: 'discarded', id: gone.id, at: this.now().toISOString() });
      await this.options.audit.add({ kind: 'discarded', cardholderId: gone.cardholderId, name: gone.label, outcome: { code: 'discarded', subject: subjectOf(gone) } });
    }
    if (item.kind === 'create') await this.options.directory.removeProvisional(item.cardholderId);
    this.options.log.info(SCOPE, `discarded ${1 + dependents.length} item(s) for cardholder ${item.cardholderId}`);
    await this.compactIfEmpty();
    this.publish();
    return this.state();
  }

  /** A refused item, fixed by the officer, back in the queue. */
  async resend(id: string, fix: { create?: CardholderFields; changes?: Partial<CardholderFields> }): Promise<OutboxState> {
    const item = this.model.items.get(id);
    if (!item) throw KioskFailure.of('not_found', 'This item is no longer waiting to be sent.', { detail: `outbox item ${id}` });
    if (item.state !== 'failed') throw KioskFailure.of('rejected', 'Only an item the service refused can be changed and sent again.', { detail: `outbox item ${id} is ${item.state}` });
    await this.record({ type: 'fixed', id, at: this.now().toISOString(), create: item.kind === 'create' ? (fix.create ?? item.create) : null, changes: item.kind === 'update' ? (fix.changes ?? item.changes) : null });
    if (item.kind === 'create' && item.create) await this.options.directory.setProvisional(provisionalRecord(item.create, item.cardholderId, item.queuedAt));
    this.publish();
    this.kick();
    return this.state();
  }

  // ───────────────────────── sending ─────────────────────────

  private kick(delayMs = 0): void {
    if (this.stopped) return;
    this.timer?.cancel();
    this.timer = null;
    if (delayMs > 0) {
      this.timer = this.setTimer(() => this.kick(), delayMs);
      return;
    }
    if (this.running) {
      this.runAgain = true;
      return;
    }
    this.running = this.run().finally(() => {
      this.running = null;
      if (this.runAgain) {
        this.runAgain = false;
        this.kick();
      } else {
        this.scheduleRetry();
      }
    });
  }

  private scheduleRetry(): void {
    if (this.stopped || this.model.paused) return;
    const due = nextRetryAt(this.model);
    if (due === null) return;
    this.timer?.cancel();
    this.timer = this.setTimer(() => this.kick(), Math.max(0, due - this.now().getTime()));
  }

  private async run(): Promise<void> {
    for (;;) {
      if (this.stopped) return;
      const item = nextToSend(this.model, this.now().getTime());
      if (!item) return;
      const goOn = await this.attempt(item);
      this.publish();
      if (!goOn) return;
    }
  }

  /** Sends one item; false when the service is out of reach (the run stops until a retry is due). */
  private async attempt(item: OutboxItem): Promise<boolean> {
    await this.record({ type: 'attempt', id: item.id, at: this.now().toISOString() });
    this.publish();
    try {
      const result = await this.send(item);
      const at = this.now().toISOString();
      await this.record({ type: 'done', id: item.id, at, serverId: result.serverId, linked: result.linked });
      if (item.kind === 'create' && result.serverId !== null) {
        this.confirmed = [{ provisionalId: item.cardholderId, id: result.serverId, at }, ...this.confirmed].slice(0, 50);
      }
      this.offline = false;
      await this.compactIfEmpty();
      return true;
    } catch (thrown) {
      const error = toKioskError(thrown);
      if (isOutage(error)) {
        const delay = this.delayFor(item.attempts);
        await this.record({ type: 'retry', id: item.id, at: this.now().toISOString(), error, inDoubt: item.kind !== 'photo' && mayHaveArrived(thrown), nextAttemptAt: new Date(this.now().getTime() + delay).toISOString() });
        this.offline = true;
        this.options.log.info(SCOPE, `${item.kind} for cardholder ${item.cardholderId} not sent (${error.code}); next try in ${Math.round(delay / 1000)} s`);
        return false;
      }
      if (PAUSE_CODES.has(error.code)) {
        await this.record({ type: 'retry', id: item.id, at: this.now().toISOString(), error, inDoubt: false, nextAttemptAt: this.now().toISOString() });
        await this.record({ type: 'paused', at: this.now().toISOString(), error });
        this.options.log.warn(SCOPE, `paused: the service refused the kiosk (${error.code})`);
        return false;
      }
      // The service refused this item: it waits for the officer; the others go on.
      // An answer the kiosk could not read may follow a create the service applied: look first next time.
      const inDoubt = item.kind === 'create' && (error.code === 'malformed_answer' || error.code === 'internal');
      await this.record({ type: 'refused', id: item.id, at: this.now().toISOString(), error, inDoubt });
      await this.options.audit.add({ kind: 'refused', cardholderId: item.cardholderId, name: item.label, outcome: { code: 'refused', subject: subjectOf(item), error: { message: error.message, ...(error.key ? { key: error.key, params: error.params ?? {} } : {}) } } });
      this.options.log.info(SCOPE, `${item.kind} for cardholder ${item.cardholderId} refused: ${error.code}`);
      return true;
    }
  }

  /** Sends one item through the same writes as the enrolment (a create in doubt is first looked for). */
  private async send(item: OutboxItem): Promise<{ serverId: number | null; linked: boolean }> {
    const replay = { label: item.label };
    switch (item.kind) {
      case 'create': {
        const fields = item.create as CardholderFields;
        if (item.inDoubt) {
          const { directory, audit } = this.options;
          const existing = await directory.findCreated(fields, item.queuedAt);
          if (existing) {
            await directory.removeProvisional(item.cardholderId);
            await directory.upsert([existing]);
            await audit.add({ kind: 'linked', cardholderId: existing.id, name: item.label, outcome: { code: 'linked', recordId: existing.id } });
            return { serverId: existing.id, linked: true };
          }
        }
        const record = await this.writes.create(fields, { ...replay, provisionalId: item.cardholderId });
        return { serverId: record.id, linked: false };
      }
      case 'update':
        await this.writes.update(item.cardholderId, item.changes ?? {}, { replay });
        return { serverId: null, linked: false };
      case 'photo': {
        const photo = item.photo as QueuedPhoto;
        await this.writes.photo(item.cardholderId, { bytes: new Uint8Array(Buffer.from(photo.base64, 'base64')), contentType: photo.contentType }, { overriddenHints: photo.overriddenHints, replay });
        return { serverId: null, linked: false };
      }
    }
  }

  /** The wait after `attempts` failed sends: the kiosk's retry policy (1, 2, 4 … s up to the longest delay, each between half and all of it). */
  private delayFor(attempts: number): number {
    return backoffDelay({ baseMs: this.options.retryBaseMs ?? 1_000, maxMs: this.options.retryMaxMs ?? 60_000 }, attempts - 1, this.random);
  }

  // ───────────────────────── the journal ─────────────────────────

  private async record(event: OutboxEvent): Promise<void> {
    await this.journal.append(event);
    applyEvent(this.model, event);
  }

  /** Rewrites the journal with what is still live (after a restart, or when it grew large). */
  private async compact(): Promise<void> {
    const live: OutboxEvent[] = [{ type: 'counter', nextSeq: this.model.nextSeq }];
    if (this.model.paused) live.push({ type: 'paused', ...this.model.paused });
    for (const item of inQueueOrder(this.model)) live.push({ type: 'queued', item: { ...item } });
    await this.journal.rewrite(live);
  }

  private async compactIfEmpty(): Promise<void> {
    if (this.model.items.size === 0 || this.journal.bytes > 64 * 1024 * 1024) await this.compact();
  }

  private publish(): void {
    this.options.push.emit('outboxState', this.state());
  }
}

/** What an item is, for the enrolment log (field ids; the renderer words them). */
function subjectOf(item: OutboxItem): EnrolmentSubject {
  if (item.kind === 'update') return { kind: 'update', fields: Object.keys(item.changes ?? {}) };
  return { kind: item.kind };
}
