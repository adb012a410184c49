/**
 * Cardholder fields as the enrolment, its writes and the outbox handle them: how a cardholder is
 * named in the log, the record a create queued offline stands for, the record as it will be once
 * queued changes are sent, the fields as the service takes them and the fields a record does not
 * have yet. Pure functions; no service, no disk.
 */
import type { CardholderFields, CardholderRecord } from '../../../contract/ipc';
import type { CardHolder } from '../../service/access-service';

/** "Dupont, Marie" — how the outbox and the log name a cardholder. */
export function labelOf(person: { first_Name: string; last_Name: string }): string {
  return person.last_Name.trim() ? `${person.last_Name.trim()}, ${person.first_Name.trim()}` : person.first_Name.trim();
}

/** The record a create queued offline stands for, under its provisional id, until the service confirms it. */
export function provisionalRecord(fields: CardholderFields, id: number, at: string): CardholderRecord {
  return {
    id,
    displayName: `${fields.last_Name} ${fields.first_Name}`,
    first_Name: fields.first_Name,
    last_Name: fields.last_Name,
    middle_Name: fields.middle_Name ?? '',
    card_Holder_Letter_ID: 0,
    employee_ID: fields.employee_ID ?? '',
    displayEmployeeId: fields.employee_ID ?? '',
    email: fields.email ?? '',
    sex: (fields.sex ?? '').toUpperCase(),
    phone: fields.phone ?? '',
    address1: fields.address1 ?? '',
    address2: fields.address2 ?? '',
    city: fields.city ?? '',
    state: fields.state ?? '',
    zip: fields.zip ?? '',
    birthday: null,
    created: at,
    updated: at,
    // Not sent: the service decides (shown as not known yet until it answers).
    tenant: [...(fields.tenant ?? [])],
    photo_Exists: false,
    card_Holder_Type_ID: fields.card_Holder_Type_ID ?? 0,
    card_Holder_ID: null,
    name: `${fields.last_Name}, ${fields.first_Name}`,
  };
}

/** The record as it will be once the queued changes (in order) are sent: what the record view shows. */
export function withQueuedChanges(record: CardholderRecord, queued: ReadonlyArray<{ kind: string; fields: Partial<CardholderFields> | null }>): CardholderRecord {
  let shown = record;
  for (const item of queued) {
    if (item.kind !== 'update' || !item.fields) continue;
    shown = { ...shown, ...item.fields, sex: (item.fields.sex ?? shown.sex).toUpperCase() };
  }
  return shown;
}

/** The fields as the service takes them (sex in lower case, as the spec says for create). */
export function forService<T extends Partial<CardholderFields>>(fields: T): T {
  return fields.sex === undefined ? fields : { ...fields, sex: fields.sex.toLowerCase() };
}

/** The fields of `desired` whose value the record does not have yet. */
export function stillDiffering(record: CardHolder, desired: Partial<CardholderFields>): Partial<CardholderFields> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(desired)) {
    const current = record[key];
    let same: boolean;
    if (Array.isArray(value) && Array.isArray(current)) same = [...value].sort().join(',') === [...current].sort().join(',');
    else if (key === 'sex') same = String(current).toLowerCase() === String(value).toLowerCase();
    else same = current === value;
    if (!same) out[key] = value;
  }
  return out as Partial<CardholderFields>;
}
