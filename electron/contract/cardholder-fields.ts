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

/**
 * Characters that change how a text is drawn without being seen: the bidirectional controls (an
 * override prints "evil" as "live" on a badge) and the invisible ones (zero-width space, word
 * joiner, byte-order mark, soft hyphen…) that make two equal names differ. Names and e-mail
 * addresses refuse them; records from the service that hold them are shown without them.
 */
const BIDI_CONTROLS = '\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069';
const INVISIBLES = '\u00ad\u115f\u1160\u180e\u200b\u2060-\u2064\u3164\ufeff\uffa0';
const HIDDEN = new RegExp(`[${BIDI_CONTROLS}${INVISIBLES}]`, 'u');
const HIDDEN_ALL = new RegExp(`[${BIDI_CONTROLS}${INVISIBLES}]`, 'gu');
/**
 * The zero-width (non-)joiners are part of the spelling of Persian, Indic and emoji text: allowed
 * between two letters of such scripts, refused next to a Latin, Greek or Cyrillic letter or alone
 * (where they only split a word the eye reads whole).
 */
const JOINER = /[\u200c\u200d]/gu;
const JOINED_SCRIPT = /[\p{L}\p{M}\p{Extended_Pictographic}]/u;
const PLAIN_SCRIPT = /[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}]/u;

/** The text holds a bidirectional control or an invisible character a name or an e-mail address must not hold. */
export function hasHiddenCharacters(text: string): boolean {
  if (HIDDEN.test(text)) return true;
  for (const match of text.matchAll(JOINER)) {
    const at = match.index;
    const before = text.slice(Math.max(0, at - 2), at);
    const after = text.slice(at + 1, at + 3);
    const beforeChar = [...before].pop() ?? '';
    const afterChar = [...after][0] ?? '';
    const fits = (ch: string): boolean => JOINED_SCRIPT.test(ch) && !PLAIN_SCRIPT.test(ch);
    if (!fits(beforeChar) || !fits(afterChar)) return true;
  }
  return false;
}

/**
 * A text as it may be shown or printed: without bidirectional controls and invisible characters,
 * so a record the service holds cannot reorder what the screen or a badge shows. Both sides use it.
 */
export function withoutHiddenCharacters(text: string): string {
  return HIDDEN.test(text) ? text.replace(HIDDEN_ALL, '') : text;
}

/** The values of `sex` the service takes, lower case as the spec says for create. */
export const CARDHOLDER_SEXES = ['m', 'f', 'u', 'x'] as const;

/** At most this many tenants for one cardholder. */
export const MAX_TENANTS = 64;

/** The largest number the service's database gives an id (a tenant, a cardholder type). */
export const MAX_DATABASE_ID = 2_147_483_647;
