/**
 * Key extraction: what makes one cardholder findable — its name words (first, last, and any other
 * text of the composed names), secondary words (middle name, the words of the e-mail's local
 * part), value words (what the person is rather than who: city, the e-mail's domain, and keys for
 * each tenant and the cardholder type, whose names the site's catalogue gives at search time),
 * employee IDs (as stored and as displayed), the folded e-mail address and the phone's digits.
 * Every record, built with the sync or added after it, goes through `emitKeys`. What one field
 * gives is bounded (search-text.ts: indexedWords; MAX_KEY_CHARS; WORDS_PER_FIELD tenants).
 */
import type { CardHolder } from '../../service/access-service';
import { compactKey, emailLocalPart, foldText, indexedWords, phoneDigits, WORD_CHARS, WORDS_PER_FIELD } from './search-text';

/** Employee IDs, e-mail addresses and phone digits are indexed up to this many characters. */
export const MAX_KEY_CHARS = 256;

/** Where the facts of one record go (a word may come twice; the sink keeps it once). */
export interface KeySink {
  primary(word: string): void;
  secondary(word: string): void;
  /** City and e-mail-domain words, and tenantKey / typeKey. */
  value(word: string): void;
  employee(id: string): void;
  email(folded: string): void;
  phone(digits: string): void;
}

/** Words of a name field, folded and split, cached per distinct text (names repeat). */
export type WordCache = Map<string, string[]>;

/** The value key of a tenant (below every word in sort order: a typed word never reaches it by prefix). */
export const tenantKey = (id: number): string => `\u0001${id}`;
/** The value key of a cardholder type. */
export const typeKey = (id: number): string => `\u0002${id}`;

const bounded = (text: string): string => (text.length > MAX_KEY_CHARS ? text.slice(0, MAX_KEY_CHARS) : text);

/** Sends what makes `record` findable to `sink`. */
export function emitKeys(record: CardHolder, sink: KeySink, cache: WordCache): void {
  const { first_Name: first, last_Name: last } = record;
  for (const word of cachedWords(first, cache, true)) sink.primary(word);
  for (const word of cachedWords(last, cache, true)) sink.primary(word);
  // name and displayName are composed from the two; only other text in them adds words.
  if (!composedOf(record.name, last, ', ', first)) for (const word of cachedWords(record.name, cache, true)) sink.primary(word);
  if (!composedOf(record.displayName, last, ' ', first)) for (const word of cachedWords(record.displayName, cache, true)) sink.primary(word);
  for (const word of cachedWords(record.middle_Name, cache, true)) sink.secondary(word);
  for (const word of cachedWords(record.city, cache, true)) sink.value(word);
  const email = record.email === '' ? '' : bounded(foldText(record.email.trim()));
  if (email !== '') {
    sink.email(email);
    localWords(emailLocalPart(email), sink);
    const at = email.lastIndexOf('@');
    if (at >= 0) for (const word of cachedWords(email.slice(at + 1), cache, false)) sink.value(word);
  }
  const tenants = record.tenant;
  for (let i = 0; i < tenants.length && i < WORDS_PER_FIELD; i++) sink.value(tenantKey(tenants[i] as number));
  sink.value(typeKey(record.card_Holder_Type_ID));
  const employee = compactKey(bounded(record.employee_ID));
  if (employee !== '') sink.employee(employee);
  if (record.displayEmployeeId !== record.employee_ID) {
    const display = compactKey(bounded(record.displayEmployeeId));
    if (display !== '' && display !== employee) sink.employee(display);
  }
  if (record.phone !== '') sink.phone(phoneDigits(bounded(record.phone)));
}

function cachedWords(text: string, cache: WordCache, joined: boolean): string[] {
  if (text === '') return [];
  const key = joined ? text : `\u0000${text}`;
  let words = cache.get(key);
  if (words === undefined) {
    words = [];
    indexedWords(text, words, joined);
    if (cache.size < 200_000) cache.set(key, words);
  }
  return words;
}

/** `value` is `a` + `separator` + `b` (checked without building the string). */
function composedOf(value: string, a: string, separator: string, b: string): boolean {
  return value.length === a.length + separator.length + b.length && value.startsWith(a) && value.startsWith(separator, a.length) && value.endsWith(b);
}

/** Words of a folded e-mail local part ("marie.dupont2" → marie, dupont2), as secondary words (bounded like a field's). */
export function localWords(local: string, sink: Pick<KeySink, 'secondary'>): void {
  let start = -1;
  let words = 0;
  for (let i = 0; i <= local.length && words < WORDS_PER_FIELD; i++) {
    const c = i < local.length ? local.charCodeAt(i) : 0;
    const wordChar = (c >= 97 && c <= 122) || (c >= 48 && c <= 57);
    if (wordChar) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      sink.secondary(local.slice(start, Math.min(i, start + WORD_CHARS)));
      words++;
      start = -1;
    }
  }
}
