/**
 * How the enrolment form words its choices of cardholder type and tenant (named by the site, or
 * seen in the directory with how many cardholders use each), and which values about to be sent
 * nobody in the directory uses yet (the officer confirms those first). Pure functions.
 */
import type { CardholderFields, EnrolmentChoice, EnrolmentChoices } from '../../../electron/contract/ipc';

/** "Visitor — 12 cardholders", "Tenant 2 — seen on 40 cardholders", "Temporary staff — nobody yet". */
export function choiceLabel(choice: EnrolmentChoice): string {
  const people = `${choice.count.toLocaleString()} cardholder${choice.count === 1 ? '' : 's'}`;
  if (choice.count === 0) return `${choice.name} — nobody yet`;
  return choice.named ? `${choice.name} — ${people}` : `${choice.name} — seen on ${people}`;
}

export interface UnusedValue {
  field: 'tenant' | 'card_Holder_Type_ID';
  id: number;
  /** "tenant 99", "cardholder type Temporary staff (4)" */
  text: string;
}

/** The type and tenants in `fields` that no cardholder of the directory carries. */
export function unusedValues(fields: Partial<CardholderFields>, choices: EnrolmentChoices): UnusedValue[] {
  const used = (list: readonly EnrolmentChoice[], id: number): EnrolmentChoice | undefined => list.find((c) => c.id === id);
  const out: UnusedValue[] = [];
  const type = fields.card_Holder_Type_ID;
  if (type !== undefined) {
    const choice = used(choices.cardholderTypes, type);
    if (!choice || choice.count === 0) out.push({ field: 'card_Holder_Type_ID', id: type, text: choice?.named ? `cardholder type ${choice.name} (${type})` : `cardholder type ${type}` });
  }
  for (const tenant of fields.tenant ?? []) {
    const choice = used(choices.tenants, tenant);
    if (!choice || choice.count === 0) out.push({ field: 'tenant', id: tenant, text: choice?.named ? `tenant ${choice.name} (${tenant})` : `tenant ${tenant}` });
  }
  return out;
}

/** The site's name of a number in the choices, or null. */
export function choiceName(list: readonly EnrolmentChoice[] | undefined, id: number): string | null {
  return list?.find((c) => c.id === id)?.name ?? null;
}
