/**
 * Who a badge is for, as main holds them: read by id from the directory (a provisional record for
 * a person waiting in the outbox to be created; a confirmed one followed to the id the service
 * gave), with the changes still waiting in the outbox applied — what the officer has open. The
 * badge capability lays the card out and counts earlier prints from this; the renderer only names
 * the id, never the names, employee ID, type or tenants (issue 32, Medium 2).
 */
import type { BadgeCardholder, CardholderRecord } from '../../contract/ipc';
import { withQueuedChanges } from '../cardholders/enrolment/cardholder-fields';

/** The cardholder of a badge by id, or null when main does not know them. */
export type BadgePersonReader = (id: number) => Promise<BadgeCardholder | null>;

/** Where the person is read: the directory and the outbox (the cardholders capability). */
export interface BadgePersonSource {
  /** A provisional id the service has confirmed since: its real id (the id itself otherwise). */
  resolveId(id: number): number;
  get(id: number): Promise<CardholderRecord | null>;
  /** What waits in the outbox for this cardholder (queued updates are shown on the badge). */
  queued(id: number): Parameters<typeof withQueuedChanges>[1];
}

const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

/** The fields a badge shows, from a record as the directory keeps it. */
export function badgeCardholderOf(record: CardholderRecord): BadgeCardholder {
  return {
    id: record.id,
    first_Name: text(record.first_Name),
    middle_Name: text(record.middle_Name),
    last_Name: text(record.last_Name),
    displayName: text(record.displayName),
    employee_ID: text(record.employee_ID),
    card_Holder_Type_ID: record.card_Holder_Type_ID,
    tenant: Array.isArray(record.tenant) ? record.tenant.filter((t): t is number => Number.isInteger(t)) : [],
  };
}

export function badgePersonReader(source: BadgePersonSource): BadgePersonReader {
  return async (requested) => {
    const id = source.resolveId(requested);
    const held = await source.get(id);
    if (!held) return null;
    return badgeCardholderOf(withQueuedChanges(held, source.queued(id)));
  };
}
