/**
 * The rules of the cardholder's fields the front desk enrols and edits (spec names), as plain
 * data: one definition for both sides. Main's guard, the contract's zod schema
 * (cardholders.ts: CardholderFields), is built from it; the renderer's form checks
 * (renderer/src/enrolment/enrolment-rules.ts) read the same limits and patterns and word them in
 * the language shown. Only the names are required: the spec shows no other field as required.
 * Pure, imports nothing: one of the contract's modules the renderer may import as a value
 * (eslint.config.mjs). Part of the IPC contract.
 */

/** A text field: the longest text the service takes (as the simulator applies it), and whether it must be given. */
export interface TextFieldRule {
  max: number;
  required: boolean;
}

/** The text fields, in the enrolment form's order. */
export const CARDHOLDER_TEXT_FIELDS = {
  first_Name: { max: 100, required: true },
  middle_Name: { max: 100, required: false },
  last_Name: { max: 100, required: true },
  employee_ID: { max: 50, required: false },
  email: { max: 254, required: false },
  phone: { max: 50, required: false },
  address1: { max: 200, required: false },
  address2: { max: 200, required: false },
  city: { max: 100, required: false },
  state: { max: 100, required: false },
  zip: { max: 20, required: false },
} as const satisfies Record<string, TextFieldRule>;

export type CardholderTextField = keyof typeof CARDHOLDER_TEXT_FIELDS;

/** The text fields in the form's order. */
export const TEXT_FIELD_NAMES = Object.keys(CARDHOLDER_TEXT_FIELDS) as CardholderTextField[];

/** The text fields that must be given (the names), and those that may be left out. */
export const REQUIRED_TEXT_FIELDS = TEXT_FIELD_NAMES.filter((field) => CARDHOLDER_TEXT_FIELDS[field].required);
export const OPTIONAL_TEXT_FIELDS = TEXT_FIELD_NAMES.filter((field) => !CARDHOLDER_TEXT_FIELDS[field].required);

/** Letters, digits, dash and dot: what sites use for employee IDs ("100042", "E-1234", "CH.77"). */
export const EMPLOYEE_ID_CHARACTERS = /^[\p{L}\p{N}.-]*$/u;

/** An e-mail address: something, an @, something with a dot (the service checks the rest). */
export const EMAIL_ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * What the officer typed in the lookup looks like an employee ID ("E-1234", "e1234", "CH.77",
 * "E 10 042", "100042"): letters, digits and the punctuation IDs are written with (dash, dot,
 * slash, underscore, space), at least one digit, and no run of more than four letters (a name
 * with a number, "Dupont 100042", is a name). The lookup matches such a query as one ID and the
 * enrolment shortcut puts it into Employee ID. One decision for both sides.
 */
export function looksLikeEmployeeId(typed: string): boolean {
  const text = typed.trim();
  if (text === '' || text.length > CARDHOLDER_TEXT_FIELDS.employee_ID.max) return false;
  if (!/^[\p{L}\p{N}][\p{L}\p{N}\s./_-]*$/u.test(text) || !/\p{N}/u.test(text)) return false;
  return !/\p{L}{5}/u.test(text);
}

/** What the officer typed looks like an e-mail address: one word with an @ after something ("marie.dupont@north"). */
export function looksLikeEmail(typed: string): boolean {
  return /^[^\s@]+@[^\s@]*$/.test(typed.trim());
}

/** The values of `sex` the service takes, lower case as the spec says for create. */
export const CARDHOLDER_SEXES = ['m', 'f', 'u', 'x'] as const;

/** At most this many tenants for one cardholder. */
export const MAX_TENANTS = 64;

/** The largest number the service's database gives an id (a tenant, a cardholder type). */
export const MAX_DATABASE_ID = 2_147_483_647;
