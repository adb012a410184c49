/**
 * How the enrolment form words its choices of cardholder type and tenant (named by the site, or
 * seen in the directory with how many cardholders use each), and which values about to be sent
 * nobody in the directory uses yet (the officer confirms those first). A choice the site never
 * named is worded here, in the language shown ("Typ 1", "Mieter 0"), never with main's English
 * stand-in name. Pure functions (the words: i18n's `t`, called where the text is shown).
 */
import type { CardholderFields, EnrolmentChoice, EnrolmentChoices } from '../../../electron/contract/ipc';
import { t } from '../i18n/i18n';
import { formatNumber } from '../i18n/format';

export type ChoiceKind = 'type' | 'tenant';

/** The site's name of a choice, or — unnamed — "Type 3" / "Tenant 2" in the language shown. */
export function choiceNameOf(kind: ChoiceKind, choice: Pick<EnrolmentChoice, 'id' | 'name' | 'named'>): string {
  if (choice.named) return choice.name;
  return kind === 'type' ? t('cardholders.typeN', { n: choice.id }) : t('cardholders.tenantN', { n: choice.id });
}

/** "Visitor — 12 cardholders", "Tenant 2 — seen on 40 cardholders", "Temporary staff — nobody yet". */
export function choiceLabel(kind: ChoiceKind, choice: EnrolmentChoice): string {
  const name = choiceNameOf(kind, choice);
  if (choice.count === 0) return t('enrolment.choice.nobody', { name });
  const count = formatNumber(choice.count);
  return choice.named ? t('enrolment.choice.named', { name, count }, choice.count) : t('enrolment.choice.seen', { name, count }, choice.count);
}

export interface UnusedValue {
  field: 'tenant' | 'card_Holder_Type_ID';
  id: number;
  /** The site's name of it, or null where the site names none. */
  name: string | null;
}

/** "tenant 99", "cardholder type Temporary staff (4)", in the language shown. */
export function unusedText(value: UnusedValue): string {
  if (value.field === 'card_Holder_Type_ID') return value.name === null ? t('enrolment.unused.typeN', { id: value.id }) : t('enrolment.unused.typeNamed', { name: value.name, id: value.id });
  return value.name === null ? t('enrolment.unused.tenantN', { id: value.id }) : t('enrolment.unused.tenantNamed', { name: value.name, id: value.id });
}

/** The type and tenants in `fields` that no cardholder of the directory carries. */
export function unusedValues(fields: Partial<CardholderFields>, choices: EnrolmentChoices): UnusedValue[] {
  const used = (list: readonly EnrolmentChoice[], id: number): EnrolmentChoice | undefined => list.find((c) => c.id === id);
  const out: UnusedValue[] = [];
  const type = fields.card_Holder_Type_ID;
  if (type !== undefined) {
    const choice = used(choices.cardholderTypes, type);
    if (!choice || choice.count === 0) out.push({ field: 'card_Holder_Type_ID', id: type, name: choice?.named ? choice.name : null });
  }
  for (const tenant of fields.tenant ?? []) {
    const choice = used(choices.tenants, tenant);
    if (!choice || choice.count === 0) out.push({ field: 'tenant', id: tenant, name: choice?.named ? choice.name : null });
  }
  return out;
}

