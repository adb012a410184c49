/**
 * The enrolment form as plain data: its fields (text as typed), the checks made before anything
 * is sent, each with a sentence an officer understands and the field it belongs to, the fields
 * sent to main, the update diff (only what changed), and which form field a service's refusal
 * names. Pure functions. The fields' rules (lengths, which are required, the employee ID's and
 * e-mail's patterns, the values of sex, how many tenants) are the contract's one definition
 * (electron/contract/cardholder-fields.ts), which main's guard (CardholderFields) is built from;
 * only the words and the checks main does not make (a phone's characters, control characters,
 * the site's employee ID pattern) are the form's own. A test still checks that both agree.
 */
import type { CardholderFields, CardholderRecord } from '../../../electron/contract/ipc';
import { CARDHOLDER_SEXES, CARDHOLDER_TEXT_FIELDS, EMAIL_ADDRESS, EMPLOYEE_ID_CHARACTERS, hasHiddenCharacters, MAX_DATABASE_ID, MAX_TENANTS, OPTIONAL_TEXT_FIELDS, REQUIRED_TEXT_FIELDS, TEXT_FIELD_NAMES } from '../../../electron/contract/cardholder-fields';
import { t } from '../i18n/i18n';
import { formatNumber } from '../i18n/format';

export interface EnrolmentForm {
  first_Name: string;
  middle_Name: string;
  last_Name: string;
  employee_ID: string;
  email: string;
  /** m, f, u or x; '' when not given (not sent). */
  sex: string;
  phone: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  zip: string;
  /** Tenant numbers ticked. */
  tenant: number[];
  /** Tenant numbers typed for tenants the site list does not name ("7, 12"). */
  otherTenants: string;
  /** A cardholder type number, as chosen or typed; '' leaves it to the service (not sent). */
  card_Holder_Type_ID: string;
}

export type FormField = keyof EnrolmentForm;

export interface FieldProblem {
  field: FormField;
  message: string;
}

/** Each field's label, in the language shown (getters: reactive where they are read). */
export const FIELD_LABELS: Readonly<Record<FormField, string>> = {
  get first_Name() {
    return t('enrolment.field.first_Name');
  },
  get middle_Name() {
    return t('enrolment.field.middle_Name');
  },
  get last_Name() {
    return t('enrolment.field.last_Name');
  },
  get employee_ID() {
    return t('enrolment.field.employee_ID');
  },
  get email() {
    return t('enrolment.field.email');
  },
  get sex() {
    return t('enrolment.field.sex');
  },
  get phone() {
    return t('enrolment.field.phone');
  },
  get address1() {
    return t('enrolment.field.address1');
  },
  get address2() {
    return t('enrolment.field.address2');
  },
  get city() {
    return t('enrolment.field.city');
  },
  get state() {
    return t('enrolment.field.state');
  },
  get zip() {
    return t('enrolment.field.zip');
  },
  get tenant() {
    return t('enrolment.field.tenant');
  },
  get otherTenants() {
    return t('enrolment.field.otherTenants');
  },
  get card_Holder_Type_ID() {
    return t('enrolment.field.card_Holder_Type_ID');
  },
};

/** The same inside a sentence ("Enter the first name.", "Change of phone"): lower case in English. */
export const FIELD_IN_SENTENCE: Readonly<Record<FormField, string>> = {
  get first_Name() {
    return t('enrolment.fieldInSentence.first_Name');
  },
  get middle_Name() {
    return t('enrolment.fieldInSentence.middle_Name');
  },
  get last_Name() {
    return t('enrolment.fieldInSentence.last_Name');
  },
  get employee_ID() {
    return t('enrolment.fieldInSentence.employee_ID');
  },
  get email() {
    return t('enrolment.fieldInSentence.email');
  },
  get sex() {
    return t('enrolment.fieldInSentence.sex');
  },
  get phone() {
    return t('enrolment.fieldInSentence.phone');
  },
  get address1() {
    return t('enrolment.fieldInSentence.address1');
  },
  get address2() {
    return t('enrolment.fieldInSentence.address2');
  },
  get city() {
    return t('enrolment.fieldInSentence.city');
  },
  get state() {
    return t('enrolment.fieldInSentence.state');
  },
  get zip() {
    return t('enrolment.fieldInSentence.zip');
  },
  get tenant() {
    return t('enrolment.fieldInSentence.tenant');
  },
  get otherTenants() {
    return t('enrolment.fieldInSentence.otherTenants');
  },
  get card_Holder_Type_ID() {
    return t('enrolment.fieldInSentence.card_Holder_Type_ID');
  },
};

/** Longest text per field (the service's limits as the simulator applies them: the contract's definition). */
export const MAX_LENGTH: Partial<Record<FormField, number>> = Object.fromEntries(TEXT_FIELD_NAMES.map((field) => [field, CARDHOLDER_TEXT_FIELDS[field].max]));

/** The form's own checks, which main does not make: a phone number's characters, control characters. */
const PHONE = /^\+?[0-9 ()./-]*$/;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
/** The fields main refuses direction overrides and invisible characters in (CardholderFields): said here first, in the language shown. */
const HIDDEN_REFUSED: ReadonlySet<FormField> = new Set<FormField>(['first_Name', 'middle_Name', 'last_Name', 'email']);

export function emptyForm(defaults: { tenant?: number[]; cardholderType?: number | null } = {}): EnrolmentForm {
  return {
    first_Name: '',
    middle_Name: '',
    last_Name: '',
    employee_ID: '',
    email: '',
    sex: '',
    phone: '',
    address1: '',
    address2: '',
    city: '',
    state: '',
    zip: '',
    tenant: [...(defaults.tenant ?? [])],
    otherTenants: '',
    card_Holder_Type_ID: defaults.cardholderType == null ? '' : String(defaults.cardholderType),
  };
}

/** The form for editing a record; tenants the site list does not name go to "other". */
export function formFromRecord(record: CardholderRecord, knownTenants: readonly number[]): EnrolmentForm {
  return formFromFields(fieldsOf(record), knownTenants);
}

/**
 * The form for fields as they were sent (a queued create may hold no tenant, type or sex: the
 * officer chose none); tenants the site list does not name go to "other".
 */
export function formFromFields(fields: CardholderFields, knownTenants: readonly number[]): EnrolmentForm {
  const known = new Set(knownTenants);
  return {
    ...fields,
    middle_Name: fields.middle_Name ?? '',
    employee_ID: fields.employee_ID ?? '',
    email: fields.email ?? '',
    sex: fields.sex ?? '',
    phone: fields.phone ?? '',
    address1: fields.address1 ?? '',
    address2: fields.address2 ?? '',
    city: fields.city ?? '',
    state: fields.state ?? '',
    zip: fields.zip ?? '',
    tenant: (fields.tenant ?? []).filter((t) => known.has(t)),
    otherTenants: (fields.tenant ?? []).filter((t) => !known.has(t)).join(', '),
    card_Holder_Type_ID: fields.card_Holder_Type_ID === undefined ? '' : String(fields.card_Holder_Type_ID),
  };
}

/** The numbers typed in "other tenants", or null when something there is not a tenant number. */
function otherTenantNumbers(text: string): number[] | null {
  const parts = text.split(/[\s,;]+/).filter((p) => p !== '');
  const numbers: number[] = [];
  for (const part of parts) {
    if (!/^\d{1,10}$/.test(part) || Number(part) > MAX_DATABASE_ID) return null;
    numbers.push(Number(part));
  }
  return numbers;
}

/** What a site adds to the form's checks (configuration: frontDesk.employeeIdPattern). */
export interface SiteRules {
  employeeIdPattern?: string | null;
}

/** Whether a site's employee ID pattern accepts `id` (an unusable pattern accepts everything: main checked it at start). */
function matchesPattern(id: string, pattern: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(id);
  } catch {
    return true;
  }
}

/**
 * Every problem of the form, in the order of the fields; none means it can be sent. Only the
 * names are required: the service has not been shown to require anything else.
 */
export function checkForm(form: EnrolmentForm, site: SiteRules = {}): FieldProblem[] {
  const problems: FieldProblem[] = [];
  // The message is read where it is shown (a getter): a language switch re-renders it.
  const add = (field: FormField, message: () => string): void =>
    void problems.push({
      field,
      get message() {
        return message();
      },
    });
  const text = (field: FormField): string => String(form[field]);
  for (const field of REQUIRED_TEXT_FIELDS) {
    if (text(field).trim() === '') add(field, () => t('enrolment.problem.required', { field: FIELD_IN_SENTENCE[field] }));
  }
  for (const [field, max] of Object.entries(MAX_LENGTH) as Array<[FormField, number]>) {
    const value = text(field);
    if (value.length > max) add(field, () => t('enrolment.problem.tooLong', { field: FIELD_LABELS[field], max: formatNumber(max), now: formatNumber(value.length) }));
    else if (CONTROL.test(value)) add(field, () => t('enrolment.problem.control', { field: FIELD_LABELS[field] }));
    else if (HIDDEN_REFUSED.has(field) && hasHiddenCharacters(value)) add(field, () => t('enrolment.problem.hidden', { field: FIELD_LABELS[field] }));
  }
  const employeeId = form.employee_ID.trim();
  if (employeeId !== '' && !EMPLOYEE_ID_CHARACTERS.test(employeeId)) add('employee_ID', () => t('enrolment.problem.employeeIdCharacters'));
  else if (employeeId !== '' && site.employeeIdPattern && !matchesPattern(employeeId, site.employeeIdPattern)) add('employee_ID', () => t('enrolment.problem.employeeIdPattern'));
  if (form.email.trim() !== '' && !EMAIL_ADDRESS.test(form.email.trim())) add('email', () => t('enrolment.problem.email'));
  if (form.phone.trim() !== '' && !PHONE.test(form.phone.trim())) add('phone', () => t('enrolment.problem.phone'));
  if (form.sex !== '' && !(CARDHOLDER_SEXES as readonly string[]).includes(form.sex)) add('sex', () => t('enrolment.problem.sex'));
  const others = otherTenantNumbers(form.otherTenants);
  if (others === null) add('otherTenants', () => t('enrolment.problem.otherTenants'));
  const tenants = new Set([...form.tenant, ...(others ?? [])]);
  if (tenants.size > MAX_TENANTS) add('tenant', () => t('enrolment.problem.tooManyTenants', { max: formatNumber(MAX_TENANTS) }));
  const type = form.card_Holder_Type_ID.trim();
  if (type !== '' && (!/^\d{1,10}$/.test(type) || Number(type) > MAX_DATABASE_ID)) add('card_Holder_Type_ID', () => t('enrolment.problem.type'));
  return problems.sort((a, b) => FIELD_ORDER.indexOf(a.field) - FIELD_ORDER.indexOf(b.field));
}

export const FIELD_ORDER: FormField[] = ['first_Name', 'middle_Name', 'last_Name', 'sex', 'employee_ID', 'card_Holder_Type_ID', 'tenant', 'otherTenants', 'email', 'phone', 'address1', 'address2', 'city', 'state', 'zip'];

/** The tenant numbers the form holds (ticked and typed), sorted. */
export function tenantsOf(form: EnrolmentForm): number[] {
  return [...new Set([...form.tenant, ...(otherTenantNumbers(form.otherTenants) ?? [])])].sort((a, b) => a - b);
}

/**
 * The fields as main takes them (trimmed; tenants sorted and merged); call after checkForm found
 * nothing. A field left empty is not sent, so a create carries only what the officer filled (an
 * edit compares with the record, where an emptied text is a change and is sent).
 */
export function toFields(form: EnrolmentForm, purpose: 'create' | 'edit' = 'create'): CardholderFields {
  const tenants = tenantsOf(form);
  const fields: CardholderFields = { first_Name: form.first_Name.trim(), last_Name: form.last_Name.trim() };
  for (const key of OPTIONAL_TEXT_FIELDS) {
    const value = form[key].trim();
    if (value !== '' || purpose === 'edit') fields[key] = value;
  }
  if (form.sex !== '') fields.sex = form.sex as NonNullable<CardholderFields['sex']>;
  if (tenants.length > 0) fields.tenant = tenants;
  if (form.card_Holder_Type_ID.trim() !== '') fields.card_Holder_Type_ID = Number(form.card_Holder_Type_ID.trim());
  return fields;
}

/** The fields of a record, as the form would send them unchanged. */
export function fieldsOf(record: CardholderRecord): CardholderFields {
  return {
    first_Name: record.first_Name,
    middle_Name: record.middle_Name,
    last_Name: record.last_Name,
    employee_ID: record.employee_ID,
    email: record.email,
    ...(record.sex.trim() === '' ? {} : { sex: record.sex.trim().toLowerCase() as NonNullable<CardholderFields['sex']> }),
    phone: record.phone,
    address1: record.address1,
    address2: record.address2,
    city: record.city,
    state: record.state,
    zip: record.zip,
    tenant: [...record.tenant].sort((a, b) => a - b),
    card_Holder_Type_ID: record.card_Holder_Type_ID,
  };
}

/** Only the fields whose value differs (tenants as a set); an empty object when nothing changed. */
export function changedFields(before: CardholderFields, after: CardholderFields): Partial<CardholderFields> {
  const changes: Partial<CardholderFields> = {};
  for (const key of Object.keys(after) as Array<keyof CardholderFields>) {
    const a = before[key];
    const b = after[key];
    const same = Array.isArray(a) && Array.isArray(b) ? a.length === b.length && [...a].sort().every((v, i) => v === [...b].sort()[i]) : a === b;
    if (!same) (changes as Record<string, unknown>)[key] = b;
  }
  return changes;
}

/**
 * The form field a service's refusal names ("last_Name", "LastName", "$.tenant[1]", "Email"),
 * or null when it names none of them.
 */
export function formFieldOf(serverField: string | undefined): FormField | null {
  if (!serverField) return null;
  const key = serverField.replace(/^\$\.?/, '').replace(/\[.*$/, '').replace(/[^a-z0-9]/gi, '').toLowerCase();
  const aliases: Record<string, FormField> = { tenants: 'tenant', cardholdertype: 'card_Holder_Type_ID', type: 'card_Holder_Type_ID', employeeid: 'employee_ID', displayemployeeid: 'employee_ID' };
  if (aliases[key]) return aliases[key] ?? null;
  return FIELD_ORDER.find((field) => field.replace(/[^a-z0-9]/gi, '').toLowerCase() === key) ?? null;
}
