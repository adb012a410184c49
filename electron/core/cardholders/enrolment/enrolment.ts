/**
 * Enrolment at the front desk, on main's side: the duplicate check against the directory, and for
 * create, update and the ID photo the decision to send now or queue. Sending (with its read-back,
 * the directory and the enrolment log) is cardholder-writes.ts's, the same module the outbox
 * replays through.
 *
 * Update sends only what changed, with the id in the body, and nothing when nothing changed; it
 * refuses to overwrite when the record changed on the server since the officer opened it (its
 * `updated` moved), handing back the server's version instead. The photo is checked here (type,
 * size, pixel size) before it is sent or queued, and its upload reports progress as a task.
 * Nothing of a photo is kept in main once it is sent.
 *
 * When the service cannot be reached (or a write for the same cardholder already waits), the
 * write goes to the outbox and the officer is told it is saved on this workstation.
 */
import type { CardholderFields, CardholderRecord, CardholderUpdateOutcome, DuplicateCandidate, EnrolmentWrite, KioskError } from '../../../contract/ipc';
import { KioskFailure, toKioskError } from '../../ipc/failure';
import type { PushBus } from '../../ipc/push-bus';
import type { Logger } from '../../log/logger';
import type { CardholderDirectory } from '../directory/cardholder-directory';
import { labelOf, withQueuedChanges } from './cardholder-fields';
import { isOutage, mayHaveArrived, type CardholderWrites } from './cardholder-writes';
import type { Outbox } from '../outbox/outbox';
import { viewOf } from '../outbox/outbox-state';
import { checkPhoto, type PhotoRules } from '../checks/photo-check';
import { summaryOf } from '../lookup/summary';

export interface EnrolmentOptions {
  writes: CardholderWrites;
  directory: Pick<CardholderDirectory, 'duplicates' | 'get' | 'setProvisional'>;
  outbox: Pick<Outbox, 'enqueue' | 'isOffline' | 'hasPendingFor' | 'resolveId' | 'itemsFor'>;
  push: PushBus;
  log: Logger;
  photo: PhotoRules;
}

const SCOPE = 'enrolment';

export class Enrolment {
  constructor(private readonly options: EnrolmentOptions) {}

  async duplicates(person: { first_Name: string; last_Name: string; employee_ID?: string; email?: string; excludeId?: number }): Promise<DuplicateCandidate[]> {
    if (person.first_Name.trim() === '' && person.last_Name.trim() === '' && !person.employee_ID?.trim() && !person.email?.trim()) return [];
    const { excludeId, ...fields } = person;
    const found = await this.options.directory.duplicates(fields, excludeId);
    return found.map((match) => ({ cardholder: summaryOf(match.record), reasons: match.reasons }));
  }

  async create(fields: CardholderFields): Promise<EnrolmentWrite> {
    if (this.options.outbox.isOffline) return this.queueCreate(fields, false, null);
    try {
      return { record: await this.options.writes.create(fields), queued: null };
    } catch (thrown) {
      const error = toKioskError(thrown);
      if (!isOutage(error)) throw thrown;
      return this.queueCreate(fields, mayHaveArrived(thrown), error);
    }
  }

  async update(request: { id: number; changes: Partial<CardholderFields>; expectedUpdated: string }): Promise<CardholderUpdateOutcome> {
    const { changes, expectedUpdated } = request;
    const { outbox } = this.options;
    // A cardholder created offline and confirmed since the form was opened: its real id (the
    // officer's base was the offline version, so its `updated` says nothing about the service's).
    const fromProvisional = request.id < 0;
    const id = outbox.resolveId(request.id);
    this.refuseUnknownProvisional(id);
    if (Object.keys(changes).length === 0) return { outcome: 'unchanged', record: null };
    // Behind what already waits for this cardholder (or while the service is away), the change waits too.
    if (id < 0 || outbox.hasPendingFor(id) || outbox.isOffline) return this.queueUpdate(id, changes, false, null);
    try {
      return await this.options.writes.update(id, changes, { expectedUpdated, fromProvisional });
    } catch (thrown) {
      const error = toKioskError(thrown);
      if (!isOutage(error)) throw thrown;
      return this.queueUpdate(id, changes, mayHaveArrived(thrown), error);
    }
  }

  /**
   * A provisional (negative) id names a person created here and still waiting in the outbox: one
   * that nothing waits for any more (sent and not confirmed here, discarded, or never made) is
   * refused at once, never queued behind nothing (it would be kept, sent and answered `internal`).
   */
  private refuseUnknownProvisional(id: number): void {
    if (id < 0 && !this.options.outbox.hasPendingFor(id)) {
      throw KioskFailure.keyed('not_found', 'provisionalGone', {}, { detail: `cardholder ${id}: no enrolment waits in the outbox for this provisional id` });
    }
  }

  async uploadPhoto(request: { id: number; taskId?: string; photo: Uint8Array; contentType: 'image/jpeg' | 'image/png'; overriddenHints: string[] }): Promise<EnrolmentWrite> {
    const { taskId, photo, contentType, overriddenHints } = request;
    const { outbox, push, log } = this.options;
    const id = outbox.resolveId(request.id);
    this.refuseUnknownProvisional(id);
    const verdict = checkPhoto(photo, contentType, this.options.photo);
    if (!verdict.ok) throw new KioskFailure({ code: 'invalid_request', key: verdict.key, params: verdict.params, message: verdict.message, detail: `photo for cardholder ${id}: ${verdict.detail}`, field: 'photo' });
    if (overriddenHints.length > 0) log.info(SCOPE, `photo of cardholder ${id} used despite the hints: ${overriddenHints.join(', ')}`);
    if (id < 0 || outbox.hasPendingFor(id) || outbox.isOffline) return this.queuePhoto(id, photo, contentType, overriddenHints, null);
    const progress = (done: number, total: number | null, finished: boolean): void => {
      if (taskId) push.emit('taskProgress', { taskId, label: 'Uploading the photo', task: 'photoUpload', done, total, finished });
    };
    progress(0, photo.byteLength, false);
    let sent = false;
    const upload = { onProgress: (done: number, total: number | null) => progress(done, total, false) };
    const onSent = (): void => {
      if (!sent) progress(photo.byteLength, photo.byteLength, true);
      sent = true;
    };
    try {
      const record = await this.options.writes.photo(id, { bytes: photo, contentType }, { overriddenHints, replay: null, upload, onSent });
      return { record, queued: null };
    } catch (thrown) {
      const afterUpload = sent;
      onSent();
      const error = toKioskError(thrown);
      // Only an upload that did not get through waits; a failure after it (the read-back) is the officer's to see.
      if (!isOutage(error) || afterUpload) throw thrown;
      return this.queuePhoto(id, photo, contentType, overriddenHints, error);
    }
  }

  // ───────────────────────── into the outbox ─────────────────────────

  private async queueCreate(fields: CardholderFields, inDoubt: boolean, error: KioskError | null): Promise<EnrolmentWrite> {
    const { item, record } = await this.options.outbox.enqueue({ kind: 'create', fields, inDoubt, error });
    this.options.log.info(SCOPE, `create queued on this workstation (${error?.code ?? 'service away'})`);
    return { record: record as CardholderRecord, queued: viewOf(item) };
  }

  private async queueUpdate(id: number, changes: Partial<CardholderFields>, inDoubt: boolean, error: KioskError | null): Promise<CardholderUpdateOutcome> {
    const held = await this.options.directory.get(id);
    const label = held ? labelOf(held) : `#${id}`;
    const { item } = await this.options.outbox.enqueue({ kind: 'update', cardholderId: id, label, changes, inDoubt, error });
    this.options.log.info(SCOPE, `update of cardholder ${id} queued on this workstation`);
    if (!held) throw KioskFailure.keyed('internal', 'changeQueuedNotShown', {}, { detail: `cardholder ${id} not in the directory` });
    const shown = withQueuedChanges(held, this.options.outbox.itemsFor(id));
    // A cardholder created here: the lookup finds them under what they will be.
    if (id < 0) await this.options.directory.setProvisional(withQueuedChanges(held, [viewOf(item)]));
    return { outcome: 'queued', record: shown, item: viewOf(item) };
  }

  private async queuePhoto(id: number, photo: Uint8Array, contentType: 'image/jpeg' | 'image/png', overriddenHints: string[], error: KioskError | null): Promise<EnrolmentWrite> {
    const held = await this.options.directory.get(id);
    const label = held ? labelOf(held) : `#${id}`;
    const { item } = await this.options.outbox.enqueue({ kind: 'photo', cardholderId: id, label, photo, contentType, overriddenHints, error });
    this.options.log.info(SCOPE, `photo of cardholder ${id} queued on this workstation (${photo.byteLength} bytes)`);
    if (!held) throw KioskFailure.keyed('internal', 'photoQueuedNotShown', {}, { detail: `cardholder ${id} not in the directory` });
    return { record: held, queued: viewOf(item) };
  }
}
