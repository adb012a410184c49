/**
 * Enrolment at the front desk, on main's side: the duplicate check against the directory, create,
 * update and the ID photo upload, each through the service client and each leaving the directory
 * up to date at once (the created or changed record is found by the lookup right away).
 *
 * Update sends only what changed, with the id in the body, and nothing when nothing changed; it
 * first reads the record again and refuses to overwrite when it changed on the server since the
 * officer opened it (its `updated` moved), handing back the server's version instead; afterwards
 * it reads the record once more so the form shows what the server saved. The photo is checked
 * here (type, size, pixel size) before it is sent, its upload reports progress as a task, and the
 * record is read again afterwards. Nothing of a photo is kept in main once it is sent.
 *
 * When the service cannot be reached (or a write for the same cardholder already waits), the
 * write goes to the outbox and the officer is told it is saved on this workstation; every action
 * goes to the enrolment log.
 */
import { fieldWords } from './field-words';
import type { CardholderFields, CardholderRecord, CardholderUpdateOutcome, DuplicateCandidate, EnrolmentWrite, KioskError } from '../../contract/ipc';
import { KioskFailure, toKioskError } from '../ipc/failure';
import type { PushBus } from '../ipc/push-bus';
import type { Logger } from '../log/logger';
import type { AccessService, CardHolder, CardHolderChanges, NewCardHolder } from '../service/access-service';
import { ServiceFailure } from '../service/service-errors';
import type { CardholderDirectory } from './cardholder-directory';
import type { EnrolmentLog } from './enrolment-log';
import { forService, isOutage, labelOf, withQueuedChanges, type Outbox } from './outbox/outbox';
import { viewOf } from './outbox/outbox-state';
import { checkPhoto, type PhotoRules } from './photo-check';
import { summaryOf } from './summary';

export interface EnrolmentOptions {
  service: Pick<AccessService, 'getCardHolder' | 'createCardHolder' | 'updateCardHolder' | 'uploadPhoto'>;
  directory: Pick<CardholderDirectory, 'duplicates' | 'upsert' | 'get' | 'setProvisional'>;
  outbox: Pick<Outbox, 'enqueue' | 'isOffline' | 'hasPendingFor' | 'resolveId' | 'itemsFor'>;
  audit: Pick<EnrolmentLog, 'add'>;
  push: PushBus;
  log: Logger;
  photo: PhotoRules;
}

const SCOPE = 'enrolment';

const sameInstant = (a: string, b: string): boolean => {
  const ta = Date.parse(a);
  const tb = Date.parse(b);
  return Number.isNaN(ta) || Number.isNaN(tb) ? a === b : ta === tb;
};

/** Whether a failed write may have reached the service (then it is "in doubt" in the outbox). */
const mayHaveArrived = (thrown: unknown): boolean => !(thrown instanceof ServiceFailure) || thrown.mayHaveArrived;

export class Enrolment {
  constructor(private readonly options: EnrolmentOptions) {}

  async duplicates(person: { first_Name: string; last_Name: string; employee_ID?: string; email?: string; excludeId?: number }): Promise<DuplicateCandidate[]> {
    if (person.first_Name.trim() === '' && person.last_Name.trim() === '' && !person.employee_ID?.trim() && !person.email?.trim()) return [];
    const { excludeId, ...fields } = person;
    const found = await this.options.directory.duplicates(fields, excludeId);
    return found.map((match) => ({ cardholder: summaryOf(match.record), reasons: match.reasons }));
  }

  async create(fields: CardholderFields): Promise<EnrolmentWrite> {
    const { service, directory, outbox, audit, log } = this.options;
    if (outbox.isOffline) return this.queueCreate(fields, false, null);
    let record: CardHolder;
    try {
      record = await service.createCardHolder(forService(fields) as NewCardHolder);
    } catch (thrown) {
      const error = toKioskError(thrown);
      if (!isOutage(error)) throw thrown;
      return this.queueCreate(fields, mayHaveArrived(thrown), error);
    }
    await directory.upsert([record]);
    log.info(SCOPE, `created cardholder ${record.id}`);
    await audit.add({ kind: 'created', cardholderId: record.id, name: labelOf(record), outcome: 'Created on the service.' });
    return { record, queued: null };
  }

  async update(request: { id: number; changes: Partial<CardholderFields>; expectedUpdated: string }): Promise<CardholderUpdateOutcome> {
    const { changes, expectedUpdated } = request;
    const { service, directory, outbox, audit, log } = this.options;
    // A cardholder created offline and confirmed since the form was opened: its real id (the
    // officer's base was the offline version, so its `updated` says nothing about the service's).
    const fromProvisional = request.id < 0;
    const id = outbox.resolveId(request.id);
    const sent = Object.keys(changes);
    if (sent.length === 0) return { outcome: 'unchanged', record: null };
    // Behind what already waits for this cardholder (or while the service is away), the change waits too.
    if (id < 0 || outbox.hasPendingFor(id) || outbox.isOffline) return this.queueUpdate(id, changes, false, null);
    let current: CardHolder;
    try {
      current = await service.getCardHolder(id);
    } catch (thrown) {
      const error = toKioskError(thrown);
      if (!isOutage(error)) throw thrown;
      return this.queueUpdate(id, changes, false, error);
    }
    if (!fromProvisional && !sameInstant(current.updated, expectedUpdated)) {
      await directory.upsert([current]);
      log.info(SCOPE, `update of cardholder ${id} not sent: it changed on the service since it was opened`);
      return { outcome: 'conflict', current };
    }
    let answered: CardHolder;
    try {
      answered = await service.updateCardHolder({ id, ...forService(changes) } as CardHolderChanges);
    } catch (thrown) {
      const error = toKioskError(thrown);
      if (!isOutage(error)) throw thrown;
      return this.queueUpdate(id, changes, mayHaveArrived(thrown), error);
    }
    let record: CardHolder = answered;
    let warning: KioskError | null = null;
    try {
      record = await service.getCardHolder(id);
    } catch (thrown) {
      warning = { ...toKioskError(thrown), message: `The change was saved, but the record could not be read back; what is shown is the service's answer to the change. ${toKioskError(thrown).message}` };
    }
    await directory.upsert([record]);
    log.info(SCOPE, `updated cardholder ${id}: ${sent.join(', ')}`);
    await audit.add({ kind: 'updated', cardholderId: id, name: labelOf(record), outcome: `Changed on the service: ${fieldWords(sent)}.` });
    return { outcome: 'saved', record, sent, warning };
  }

  async uploadPhoto(request: { id: number; taskId?: string; photo: Uint8Array; contentType: 'image/jpeg' | 'image/png'; overriddenHints: string[] }): Promise<EnrolmentWrite> {
    const { taskId, photo, contentType, overriddenHints } = request;
    const { service, directory, outbox, audit, push, log } = this.options;
    const id = outbox.resolveId(request.id);
    const verdict = checkPhoto(photo, contentType, this.options.photo);
    if (!verdict.ok) throw KioskFailure.of('invalid_request', verdict.message, { detail: `photo for cardholder ${id}: ${verdict.detail}`, field: 'photo' });
    if (overriddenHints.length > 0) log.info(SCOPE, `photo of cardholder ${id} used despite the hints: ${overriddenHints.join(', ')}`);
    if (id < 0 || outbox.hasPendingFor(id) || outbox.isOffline) return this.queuePhoto(id, photo, contentType, overriddenHints, null);
    const progress = (done: number, total: number | null, finished: boolean): void => {
      if (taskId) push.emit('taskProgress', { taskId, label: 'Uploading the photo', done, total, finished });
    };
    progress(0, photo.byteLength, false);
    try {
      await service.uploadPhoto(id, { bytes: photo, contentType }, { onProgress: (sent, total) => progress(sent, total, false) });
    } catch (thrown) {
      const error = toKioskError(thrown);
      if (!isOutage(error)) throw thrown;
      return this.queuePhoto(id, photo, contentType, overriddenHints, error);
    } finally {
      progress(photo.byteLength, photo.byteLength, true);
    }
    // The service has no way to read a photo back; the record says whether it is stored.
    const record = await service.getCardHolder(id);
    await directory.upsert([record]);
    log.info(SCOPE, `uploaded the photo of cardholder ${id} (${photo.byteLength} bytes)`);
    if (!record.photo_Exists) {
      throw KioskFailure.of('malformed_answer', 'The service accepted the photo, but the record does not show a photo on file. Try again, or tell the administrator.', {
        detail: `cardholder ${id}: photo_Exists false after upload`,
      });
    }
    await audit.add({ kind: 'photo', cardholderId: id, name: labelOf(record), outcome: overriddenHints.length > 0 ? `Photo uploaded; used despite: ${overriddenHints.join(', ')}.` : 'Photo uploaded.' });
    return { record, queued: null };
  }

  // ───────────────────────── into the outbox ─────────────────────────

  private async queueCreate(fields: CardholderFields, inDoubt: boolean, error: KioskError | null): Promise<EnrolmentWrite> {
    const { item, record } = await this.options.outbox.enqueue({ kind: 'create', fields, inDoubt, error });
    this.options.log.info(SCOPE, `create queued on this workstation (${error?.code ?? 'service away'})`);
    return { record: record as CardholderRecord, queued: viewOf(item) };
  }

  private async queueUpdate(id: number, changes: Partial<CardholderFields>, inDoubt: boolean, error: KioskError | null): Promise<CardholderUpdateOutcome> {
    const held = await this.options.directory.get(id);
    const label = held ? labelOf(held) : `cardholder ${id}`;
    const { item } = await this.options.outbox.enqueue({ kind: 'update', cardholderId: id, label, changes, inDoubt, error });
    this.options.log.info(SCOPE, `update of cardholder ${id} queued on this workstation`);
    if (!held) throw KioskFailure.of('internal', 'The change was saved on this workstation, but the record is not in the directory to show it.', { detail: `cardholder ${id} not in the directory` });
    const shown = withQueuedChanges(held, this.options.outbox.itemsFor(id));
    // A cardholder created here: the lookup finds them under what they will be.
    if (id < 0) await this.options.directory.setProvisional(withQueuedChanges(held, [viewOf(item)]));
    return { outcome: 'queued', record: shown, item: viewOf(item) };
  }

  private async queuePhoto(id: number, photo: Uint8Array, contentType: 'image/jpeg' | 'image/png', overriddenHints: string[], error: KioskError | null): Promise<EnrolmentWrite> {
    const held = await this.options.directory.get(id);
    const label = held ? labelOf(held) : `cardholder ${id}`;
    const { item } = await this.options.outbox.enqueue({ kind: 'photo', cardholderId: id, label, photo, contentType, overriddenHints, error });
    this.options.log.info(SCOPE, `photo of cardholder ${id} queued on this workstation (${photo.byteLength} bytes)`);
    if (!held) throw KioskFailure.of('internal', 'The photo was saved on this workstation, but the record is not in the directory to show it.', { detail: `cardholder ${id} not in the directory` });
    return { record: held, queued: viewOf(item) };
  }
}
