/**
 * The outbox: enrolments saved on this workstation and waiting for the service. Part of the IPC
 * contract (index: ipc.ts).
 */
import { z } from 'zod';
import type { KioskError } from './errors';
import { CardholderFields } from './cardholders';
import { noPayload, op } from './operation';

export type OutboxKind = 'create' | 'update' | 'photo';

/** One enrolment saved on this workstation and not yet confirmed by the service. */
export interface OutboxItemView {
  id: string;
  kind: OutboxKind;
  /** The cardholder's id on the service, or — created here while offline — its provisional negative id. */
  cardholderId: number;
  /** Who it is about, as the officer saw it ("Dupont, Marie"). */
  label: string;
  queuedAt: string;
  /** pending: waiting or retrying; sending: being sent now; failed: the service refused it (needs attention). */
  state: 'pending' | 'sending' | 'failed';
  attempts: number;
  /** A try whose answer never came: the service may have it already; it is checked before it is sent again. */
  inDoubt?: boolean;
  nextAttemptAt: string | null;
  lastError: KioskError | null;
  /** The fields of a queued create or update (to open a refused one in the form), or the photo's size. */
  fields: Partial<CardholderFields> | null;
  photoBytes: number | null;
}

export interface OutboxState {
  /** Items waiting or being sent (not the refused ones). */
  pending: number;
  /** Items the service refused: they wait for the officer (fix and resend, or discard). */
  failed: number;
  /** The whole queue waits: the service refused the kiosk's credential (401/403). */
  paused: { at: string; error: KioskError } | null;
  /** The service did not answer the last try: new enrolments are queued at once. */
  offline: boolean;
  items: OutboxItemView[];
  /**
   * Part of the saved queue could not be read: the file was kept aside for an administrator.
   * `cause` (worded by the renderer): the file could not be read (`detail`: the system's words),
   * is not an outbox journal, or `unreadable` records in it could not be read; `reason`: the same in
   * English, for the log (and shown as it is when there is no `cause`).
   */
  damage: { keptAt: string; unreadable: number; cause?: 'unreadable' | 'notJournal' | 'records'; detail?: string; reason: string } | null;
  /** Cardholders created offline that the service has since confirmed: provisional id → real id (latest first, since start). */
  confirmed: Array<{ provisionalId: number; id: number; at: string }>;
}

export const outboxOperations = {
  getOutbox: op<OutboxState>()(noPayload, { personal: 'Showing the enrolments waiting to be sent' }),
  /** Tries the queue now (after a pause for a refused credential too). */
  retryOutbox: op<OutboxState>()(noPayload, { personal: 'Showing the enrolments waiting to be sent' }),
  discardOutboxItem: op<OutboxState>()(z.object({ itemId: z.string().min(1).max(100) }).strict(), { shift: 'Discarding a waiting enrolment', personal: 'Showing the enrolments waiting to be sent' }),
  /** A refused item, fixed by the officer, back in the queue. */
  resendOutboxItem: op<OutboxState>()(
    z
      .object({
        itemId: z.string().min(1).max(100),
        create: CardholderFields.optional(),
        changes: CardholderFields.partial().strict().optional(),
      })
      .strict(),
    { shift: 'Sending a fixed enrolment again', personal: 'Showing the enrolments waiting to be sent' },
  ),
} as const;
