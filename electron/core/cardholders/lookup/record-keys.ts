/**
 * Key extraction: what makes one cardholder findable — its name words (first, last, and any other
 * text of the composed names), secondary words (middle name, the words of the e-mail's local
 * part), employee IDs (as stored and as displayed), the folded e-mail address and the phone's
 * digits. Every record, built with the sync or added after it, goes through `emitKeys`.
 */
import type { CardHolder } from '../../service/access-service';
import { compactKey, emailLocalPart, foldText, phoneDigits, wordTokens } from './search-text';

/** Where the facts of one record go (a word may come twice; the sink keeps it once). */
export interface KeySink {
  primary(word: string): void;
  secondary(word: string): void;
  employee(id: string): void;
  email(folded: string): void;
  phone(digits: string): void;
}

/** Words of a name field, folded and split, cached per distinct text (names repeat). */
export type WordCache = Map<string, string[]>;

/** Sends what makes `record` findable to `sink`. */
export function emitKeys(record: CardHolder, sink: KeySink, cache: WordCache): void {
  const { first_Name: first, last_Name: last } = record;
  for (const word of cachedWords(first, cache, true)) sink.primary(word);
  for (const word of cachedWords(last, cache, true)) sink.primary(word);
  // name and displayName are composed from the two; only other text in them adds words.
  if (!composedOf(record.name, last, ', ', first)) for (const word of cachedWords(record.name, cache, true)) sink.primary(word);
  if (!composedOf(record.displayName, last, ' ', first)) for (const word of cachedWords(record.displayName, cache, true)) sink.primary(word);
  for (const word of cachedWords(record.middle_Name, cache, true)) sink.secondary(word);
  const email = record.email === '' ? '' : foldText(record.email.trim());
  if (email !== '') {
    sink.email(email);
    localWords(emailLocalPart(email), sink);
  }
  const employee = compactKey(record.employee_ID);
  if (employee !== '') sink.employee(employee);
  if (record.displayEmployeeId !== record.employee_ID) {
    const display = compactKey(record.displayEmployeeId);
    if (display !== '' && display !== employee) sink.employee(display);
  }
  if (record.phone !== '') sink.phone(phoneDigits(record.phone));
}

function cachedWords(text: string, cache: WordCache, joined: boolean): string[] {
  if (text === '') return [];
  const key = joined ? text : `\u0000${text}`;
  let words = cache.get(key);
  if (words === undefined) {
    words = [];
    wordTokens(text, words, joined);
    if (cache.size < 200_000) cache.set(key, words);
  }
  return words;
}

/** `value` is `a` + `separator` + `b` (checked without building the string). */
function composedOf(value: string, a: string, separator: string, b: string): boolean {
  return value.length === a.length + separator.length + b.length && value.startsWith(a) && value.startsWith(separator, a.length) && value.endsWith(b);
}

/** Words of a folded e-mail local part ("marie.dupont2" → marie, dupont2), as secondary words. */
export function localWords(local: string, sink: Pick<KeySink, 'secondary'>): void {
  let start = -1;
  for (let i = 0; i <= local.length; i++) {
    const c = i < local.length ? local.charCodeAt(i) : 0;
    const wordChar = (c >= 97 && c <= 122) || (c >= 48 && c <= 57);
    if (wordChar) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      sink.secondary(local.slice(start, i));
      start = -1;
    }
  }
}
