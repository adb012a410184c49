/**
 * Cardholder writes — create, update, photo — sent to the service once, by this module only, for
 * the enrolment (sent at once) and for the outbox (sent later, "replayed"). Each write: send,
 * read the record back (exactly once, and only when needed: a create whose answer carries the
 * record is not read back; update and photo, whose answers the spec leaves open, are), put it in
 * the directory, write the enrolment log. An update first reads the record to decide what to send
 * (the officer's base moved on: a conflict; a replay: only the fields that still differ); a photo
 * must show `photo_Exists` afterwards. Whether to send now or queue is the enrolment's decision.
 *
 * Failures are thrown as they came, with one mark: a failure before anything was sent (the read
 * of an update) says it never reached the service (`mayHaveArrived` false), and a read-back that
 * failed after an accepted write says the write was accepted (`writeAccepted`).
 */
import { keyedAround, type CardholderFields, type KioskError } from '../../../contract/ipc';
import { KioskFailure, toKioskError } from '../../ipc/failure';
import type { Logger } from '../../log/logger';
import type { AccessService, CardHolder, CardHolderChanges, NewCardHolder, PhotoUpload, UploadOptions } from '../../service/access-service';
import { ServiceFailure } from '../../service/service-errors';
import { forService, labelOf, stillDiffering } from './cardholder-fields';
import type { EnrolmentLog } from './enrolment-log';

export interface CardholderWritesOptions {
  service: Pick<AccessService, 'getCardHolder' | 'createCardHolder' | 'updateCardHolder' | 'uploadPhoto'>;
  directory: { upsert(records: CardHolder[]): Promise<void>; removeProvisional?(id: number): Promise<void> };
  audit: Pick<EnrolmentLog, 'add'>;
  log: Logger;
}

/** A write sent later by the outbox: how the item names the cardholder (and, for a create, its provisional id). */
export interface Replay {
  label: string;
  provisionalId?: number;
}

export type UpdateOutcome =
  | { outcome: 'conflict'; current: CardHolder }
  | { outcome: 'saved'; record: CardHolder; sent: string[]; warning: KioskError | null };

const SCOPE = 'enrolment';
const OUTAGE_CODES = new Set(['unreachable', 'timeout', 'server_error', 'cancelled']);

/** A failure that means "the service could not be reached" (so the write waits in the outbox). */
export function isOutage(error: KioskError): boolean {
  return OUTAGE_CODES.has(error.code);
}

/** Whether a failed write may have reached the service (then it is "in doubt" in the outbox). */
export const mayHaveArrived = (thrown: unknown): boolean => !(thrown instanceof ServiceFailure) || thrown.mayHaveArrived;

const sameInstant = (a: string, b: string): boolean => {
  const ta = Date.parse(a);
  const tb = Date.parse(b);
  return Number.isNaN(ta) || Number.isNaN(tb) ? a === b : ta === tb;
};

export class CardholderWrites {
  constructor(private readonly options: CardholderWritesOptions) {}

  /** Creates the cardholder; the record the service made. */
  async create(fields: CardholderFields, replay: Replay | null = null): Promise<CardHolder> {
    const { service, directory, audit, log } = this.options;
    const answer = await service.createCardHolder(forService(fields) as NewCardHolder);
    const record = 'onlyLocation' in answer && answer.onlyLocation === true ? await this.readBack(answer.id) : (answer as CardHolder);
    if (replay?.provisionalId !== undefined) await directory.removeProvisional?.(replay.provisionalId);
    await directory.upsert([record]);
    if (replay) {
      await audit.add({ kind: 'replayed', cardholderId: record.id, name: replay.label, outcome: { code: 'createdAfterWaiting', recordId: record.id } });
    } else {
      log.info(SCOPE, `created cardholder ${record.id}`);
      await audit.add({ kind: 'created', cardholderId: record.id, name: labelOf(record), outcome: { code: 'created' } });
    }
    return record;
  }

  /**
   * Updates the cardholder. The enrolment passes the `updated` the officer's form started from (a
   * conflict when the service's moved on, unless the form started from an offline record); a
   * replay sends only the fields the service does not have yet (nothing when it has them all).
   */
  async update(id: number, changes: Partial<CardholderFields>, base: { expectedUpdated: string; fromProvisional: boolean } | { replay: Replay }): Promise<UpdateOutcome> {
    const { service, directory, audit, log } = this.options;
    let current: CardHolder;
    try {
      current = await service.getCardHolder(id);
    } catch (thrown) {
      throw neverSent(thrown);
    }
    const replay = 'replay' in base ? base.replay : null;
    if (!('replay' in base) && !base.fromProvisional && !sameInstant(current.updated, base.expectedUpdated)) {
      await directory.upsert([current]);
      log.info(SCOPE, `update of cardholder ${id} not sent: it changed on the service since it was opened`);
      return { outcome: 'conflict', current };
    }
    const send = replay ? stillDiffering(current, changes) : changes;
    const sent = Object.keys(send);
    if (sent.length === 0) {
      // Only a replay gets here: the service already has these values.
      await directory.upsert([current]);
      await audit.add({ kind: 'replayed', cardholderId: id, name: replay?.label ?? labelOf(current), outcome: { code: 'alreadyHad' } });
      return { outcome: 'saved', record: current, sent, warning: null };
    }
    const answered = await service.updateCardHolder({ id, ...forService(send) } as CardHolderChanges);
    // Read back so the form shows what the service saved; live, the service's own answer stands in when that read fails.
    let record: CardHolder;
    let warning: KioskError | null = null;
    try {
      record = await service.getCardHolder(id);
    } catch (thrown) {
      if (replay || !answered) throw acceptedButUnread(thrown);
      const error = toKioskError(thrown);
      warning = keyedAround('changeSavedUnread', error);
      record = answered;
    }
    await directory.upsert([record]);
    if (replay) {
      await audit.add({ kind: 'replayed', cardholderId: id, name: replay.label, outcome: { code: 'changedAfterWaiting', fields: sent } });
    } else {
      log.info(SCOPE, `updated cardholder ${id}: ${sent.join(', ')}`);
      await audit.add({ kind: 'updated', cardholderId: id, name: labelOf(record), outcome: { code: 'changed', fields: sent } });
    }
    return { outcome: 'saved', record, sent, warning };
  }

  /** Uploads the photo (checked by the caller); the record, which must now show a photo on file. */
  async photo(id: number, photo: PhotoUpload, how: { overriddenHints: string[]; replay: Replay | null; upload?: UploadOptions; onSent?: () => void }): Promise<CardHolder> {
    const { service, directory, audit, log } = this.options;
    await service.uploadPhoto(id, photo, how.upload);
    how.onSent?.();
    // The service has no way to read a photo back; the record says whether it is stored.
    const record = await this.readBack(id);
    await directory.upsert([record]);
    if (!how.replay) log.info(SCOPE, `uploaded the photo of cardholder ${id} (${photo.bytes.byteLength} bytes)`);
    if (!record.photo_Exists) {
      throw KioskFailure.keyed('malformed_answer', how.replay ? 'photoNotOnFileLater' : 'photoNotOnFile', {}, {
        detail: `cardholder ${id}: photo_Exists false after upload`,
      });
    }
    await audit.add(
      how.replay
        ? { kind: 'replayed', cardholderId: id, name: how.replay.label, outcome: { code: 'photoAfterWaiting' } }
        : { kind: 'photo', cardholderId: id, name: labelOf(record), outcome: { code: 'photoUploaded', hints: how.overriddenHints } },
    );
    return record;
  }

  /** The record as the service has it after a write it accepted (the one read-back of the write). */
  private async readBack(id: number): Promise<CardHolder> {
    try {
      return await this.options.service.getCardHolder(id);
    } catch (thrown) {
      throw acceptedButUnread(thrown);
    }
  }
}

/** A read-back that failed after the service accepted the write: sending it again may apply it twice. */
function acceptedButUnread(thrown: unknown): unknown {
  if (!(thrown instanceof ServiceFailure)) return thrown;
  return new ServiceFailure(keyedAround('savedUnread', thrown.error), { writeAccepted: true });
}

/** A failure of what comes before a write is sent: the write never reached the service. */
function neverSent(thrown: unknown): unknown {
  if (!(thrown instanceof ServiceFailure)) return thrown;
  return new ServiceFailure(thrown.error, { retryable: thrown.retryable, ...(thrown.retryAfterMs !== undefined ? { retryAfterMs: thrown.retryAfterMs } : {}), mayHaveArrived: false });
}
