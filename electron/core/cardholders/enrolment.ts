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
 */
import type { CardholderFields, CardholderRecord, CardholderUpdateOutcome, DuplicateCandidate, KioskError } from '../../contract/ipc';
import { KioskFailure, toKioskError } from '../ipc/failure';
import type { PushBus } from '../ipc/push-bus';
import type { Logger } from '../log/logger';
import type { AccessService, CardHolder, CardHolderChanges, NewCardHolder } from '../service/access-service';
import type { CardholderDirectory } from './cardholder-directory';
import { checkPhoto, type PhotoRules } from './photo-check';
import { summaryOf } from './summary';

export interface EnrolmentOptions {
  service: Pick<AccessService, 'getCardHolder' | 'createCardHolder' | 'updateCardHolder' | 'uploadPhoto'>;
  directory: Pick<CardholderDirectory, 'duplicates' | 'upsert'>;
  push: PushBus;
  log: Logger;
  photo: PhotoRules;
}

const SCOPE = 'enrolment';

/** The fields as the service takes them (sex in lower case, as the spec says for create). */
function forService<T extends Partial<CardholderFields>>(fields: T): T {
  return fields.sex === undefined ? fields : { ...fields, sex: fields.sex.toLowerCase() };
}

const sameInstant = (a: string, b: string): boolean => {
  const ta = Date.parse(a);
  const tb = Date.parse(b);
  return Number.isNaN(ta) || Number.isNaN(tb) ? a === b : ta === tb;
};

export class Enrolment {
  constructor(private readonly options: EnrolmentOptions) {}

  async duplicates(person: { first_Name: string; last_Name: string; employee_ID?: string; email?: string; excludeId?: number }): Promise<DuplicateCandidate[]> {
    if (person.first_Name.trim() === '' && person.last_Name.trim() === '' && !person.employee_ID?.trim() && !person.email?.trim()) return [];
    const { excludeId, ...fields } = person;
    const found = await this.options.directory.duplicates(fields, excludeId);
    return found.map((match) => ({ cardholder: summaryOf(match.record), reasons: match.reasons }));
  }

  async create(fields: CardholderFields): Promise<CardholderRecord> {
    const record = await this.options.service.createCardHolder(forService(fields) as NewCardHolder);
    await this.options.directory.upsert([record]);
    this.options.log.info(SCOPE, `created cardholder ${record.id}`);
    return record;
  }

  async update(request: { id: number; changes: Partial<CardholderFields>; expectedUpdated: string }): Promise<CardholderUpdateOutcome> {
    const { id, changes, expectedUpdated } = request;
    const sent = Object.keys(changes);
    if (sent.length === 0) return { outcome: 'unchanged', record: null };
    const current = await this.options.service.getCardHolder(id);
    if (!sameInstant(current.updated, expectedUpdated)) {
      await this.options.directory.upsert([current]);
      this.options.log.info(SCOPE, `update of cardholder ${id} not sent: it changed on the service since it was opened`);
      return { outcome: 'conflict', current };
    }
    const answered = await this.options.service.updateCardHolder({ id, ...forService(changes) } as CardHolderChanges);
    let record: CardHolder = answered;
    let warning: KioskError | null = null;
    try {
      record = await this.options.service.getCardHolder(id);
    } catch (thrown) {
      warning = { ...toKioskError(thrown), message: `The change was saved, but the record could not be read back; what is shown is the service's answer to the change. ${toKioskError(thrown).message}` };
    }
    await this.options.directory.upsert([record]);
    this.options.log.info(SCOPE, `updated cardholder ${id}: ${sent.join(', ')}`);
    return { outcome: 'saved', record, sent, warning };
  }

  async uploadPhoto(request: { id: number; taskId?: string; photo: Uint8Array; contentType: 'image/jpeg' | 'image/png'; overriddenHints: string[] }): Promise<CardholderRecord> {
    const { id, taskId, photo, contentType, overriddenHints } = request;
    const verdict = checkPhoto(photo, contentType, this.options.photo);
    if (!verdict.ok) throw KioskFailure.of('invalid_request', verdict.message, { detail: `photo for cardholder ${id}: ${verdict.detail}`, field: 'photo' });
    if (overriddenHints.length > 0) this.options.log.info(SCOPE, `photo of cardholder ${id} used despite the hints: ${overriddenHints.join(', ')}`);
    const progress = (done: number, total: number | null, finished: boolean): void => {
      if (taskId) this.options.push.emit('taskProgress', { taskId, label: 'Uploading the photo', done, total, finished });
    };
    progress(0, photo.byteLength, false);
    try {
      await this.options.service.uploadPhoto(id, { bytes: photo, contentType }, { onProgress: (sent, total) => progress(sent, total, false) });
    } finally {
      progress(photo.byteLength, photo.byteLength, true);
    }
    // The service has no way to read a photo back; the record says whether it is stored.
    const record = await this.options.service.getCardHolder(id);
    await this.options.directory.upsert([record]);
    this.options.log.info(SCOPE, `uploaded the photo of cardholder ${id} (${photo.byteLength} bytes)`);
    if (!record.photo_Exists) {
      throw KioskFailure.of('malformed_answer', 'The service accepted the photo, but the record does not show a photo on file. Try again, or tell the administrator.', {
        detail: `cardholder ${id}: photo_Exists false after upload`,
      });
    }
    return record;
  }
}
