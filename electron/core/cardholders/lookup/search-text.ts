/**
 * How the directory reads text for search: folding (case, accents and the letters that do not
 * decompose, so "Øyvind Müller" and "oyvind muller" meet), word tokens with the joined form of
 * names written with apostrophes or hyphens ("O'Brien" → o, brien, obrien), the digits of a phone
 * number, and the keys of employee IDs and e-mail addresses. Pure functions, no state but a cache
 * of folded names (names repeat: 500,000 people share a few thousand of them).
 */
import { looksLikeEmployeeId, withoutHiddenCharacters } from '../../../contract/cardholder-fields';
import { lookAlikeSkeleton } from '../checks/text-skeleton';

const SPECIAL_FOLDS: Readonly<Record<string, string>> = {
  ø: 'o', æ: 'ae', œ: 'oe', ß: 'ss', ł: 'l', đ: 'd', þ: 'th', ð: 'd', ı: 'i', ŀ: 'l', ħ: 'h', ŧ: 't', ĸ: 'k',
};
const SPECIAL = /[øæœßłđþðıŀħŧĸ]/g;
const COMBINING_MARKS = /[\u0300-\u036f]/g;
/** Zero-width (non-)joiners: part of some scripts' spelling, nothing a comparison should see. */
const JOINERS = /[\u200c\u200d]/g;
const PLAIN = /^[a-z0-9 .@_+-]*$/;
/** Apostrophes and their look-alikes inside names ("O’Brien", "D'Angelo"). */
const APOSTROPHES = /['’‘`´ʼ]/g;

/**
 * What one field contributes to the index, at most: the first WORD_CHARS characters of a word (a
 * typed word is cut the same way, so it still meets it) and WORDS_PER_FIELD words. So a record
 * costs the index a bounded amount whatever its fields hold (a word of a megabyte would otherwise
 * give a megabyte of one-deletion variants of a megabyte each).
 */
export const WORD_CHARS = 64;
export const WORDS_PER_FIELD = 32;

/**
 * Lower case, accents removed, ø/æ/ß… spelt out, compatibility forms read as their letters
 * ("ｅｖｉｌ" → evil), bidirectional controls and invisible characters (zero-width space, joiners,
 * soft hyphen…) gone, and Cyrillic or Greek look-alikes mixed into a Latin word read as Latin
 * (text-skeleton.ts): two names that look the same fold the same, in the lookup and in the
 * duplicate check. Keeps every other character as it is.
 */
export function foldText(text: string): string {
  const lower = text.toLowerCase();
  if (PLAIN.test(lower)) return lower;
  const visible = withoutHiddenCharacters(lower).replace(JOINERS, '');
  return lookAlikeSkeleton(visible.replace(SPECIAL, (ch) => SPECIAL_FOLDS[ch] ?? ch).normalize('NFKD').replace(COMBINING_MARKS, ''));
}

/** Letters and digits only, folded: the comparable key of an employee ID ("E-10 042" → "e10042"). */
export function compactKey(text: string): string {
  const folded = foldText(text);
  return /^[a-z0-9]*$/.test(folded) ? folded : folded.replace(/[^a-z0-9]/g, '');
}

/** The digits of a phone number ("+33 4 72-12 34" → "33472 1234" without spaces). */
export function phoneDigits(text: string): string {
  return text.replace(/\D/g, '');
}

/**
 * The word tokens of a name or of an e-mail's local part, folded: every run of letters and digits,
 * plus the joined form of a word that punctuation splits ("García-López" → garcia, lopez,
 * garcialopez; "O'Brien" → o, brien, obrien). Pushed into `out` (deduplicated by the caller).
 * `joined: false` leaves the joined form out (e-mail local parts: "marie.dupont" is two words).
 */
export function wordTokens(text: string, out: string[], joined = true): void {
  if (text === '') return;
  const folded = foldText(text);
  for (const word of folded.split(/\s+/)) {
    if (word === '') continue;
    const parts = word.split(/[^a-z0-9]+/).filter((part) => part !== '');
    for (const part of parts) out.push(part);
    if (joined && parts.length > 1) out.push(parts.join(''));
  }
}

/** wordTokens within the index's bounds: at most WORDS_PER_FIELD words, each cut to WORD_CHARS characters. */
export function indexedWords(text: string, out: string[], joined = true): void {
  const from = out.length;
  wordTokens(text, out, joined);
  if (out.length - from > WORDS_PER_FIELD) out.length = from + WORDS_PER_FIELD;
  for (let i = from; i < out.length; i++) if ((out[i] as string).length > WORD_CHARS) out[i] = (out[i] as string).slice(0, WORD_CHARS);
}

/** The local part of an e-mail address ("marie.dupont" of "Marie.Dupont@x.example"). */
export function emailLocalPart(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 0 ? email : email.slice(0, at);
}

/** One typed word of a query, as the index matches it. */
export interface QueryToken {
  /** Folded, letters and digits only (a word with apostrophes or hyphens is joined: "o'brien" → "obrien"). */
  text: string;
  /** Only digits: also matched against employee IDs and phone numbers. */
  numeric: boolean;
  /** A whole query that looks like an employee ID, without its punctuation ("E-1234" → "e1234"): matched against employee IDs only. */
  employeeId?: true;
  /** "Type 3", "Tenant 2": a cardholder type or a tenant by the number the screens show where the catalogue names none. */
  valueId?: { kind: 'type' | 'tenant'; id: number };
}

export interface ParsedQuery {
  tokens: QueryToken[];
  /** A word with "@": matched as the start of an e-mail address (folded). */
  emails: string[];
  /**
   * For an ID typed with spaces ("E 1234"), which could also be a short name and a number: the
   * words, searched when no employee ID starts with the typed one.
   */
  otherwise?: QueryToken[];
}

/**
 * Splits what the officer typed into tokens. Words are separated by spaces and by punctuation
 * ("garcia-lopez", "marie.dupont" are two words each); apostrophes join ("o'brien" → obrien, as the
 * index also holds the joined form). A word with "@" is an e-mail address. A query made only of
 * digits and phone punctuation ("+33 4 72 12") is one numeric token, so a phone number can be typed
 * as it is written. A query that looks like an employee ID ("E-1234", "ch.77"; cardholder-fields.ts
 * decides) is one ID token without its punctuation, as the index keeps IDs (compactKey), so it is
 * not read as a first name "E" and a number.
 */
export function parseQuery(query: string): ParsedQuery {
  const trimmed = query.trim().slice(0, 200);
  if (trimmed === '') return { tokens: [], emails: [] };
  if (/^[+(]?\d[\d\s().\-/]*$/.test(trimmed)) {
    return { tokens: [{ text: phoneDigits(trimmed), numeric: true }], emails: [] };
  }
  if (looksLikeEmployeeId(trimmed)) {
    const id: QueryToken = { text: compactKey(trimmed), numeric: false, employeeId: true };
    return /\s/.test(trimmed) ? { tokens: [id], emails: [], otherwise: queryWords(trimmed).tokens } : { tokens: [id], emails: [] };
  }
  return queryWords(trimmed);
}

/** The words of a query (see parseQuery); "type 3" and "tenant 2" are one token each. */
function queryWords(trimmed: string): ParsedQuery {
  const tokens: QueryToken[] = [];
  const emails: string[] = [];
  const rest = foldText(trimmed).replace(/\b(type|tenant)\s+(\d{1,10})\b/g, (whole: string, kind: 'type' | 'tenant', digits: string) => {
    tokens.push({ text: whole.replace(/\s+/g, ' '), numeric: false, valueId: { kind, id: Number(digits) } });
    return ' ';
  });
  for (const word of rest.split(/\s+/)) {
    if (word === '') continue;
    if (word.includes('@')) {
      emails.push(word);
      continue;
    }
    for (const text of word.replace(APOSTROPHES, '').split(/[^a-z0-9]+/)) {
      if (text !== '') tokens.push({ text: text.length > WORD_CHARS ? text.slice(0, WORD_CHARS) : text, numeric: /^\d+$/.test(text) });
    }
  }
  return { tokens, emails };
}

/**
 * Optimal string alignment distance capped at 1: true when `a` and `b` differ by at most one
 * insertion, deletion, substitution or swap of two neighbouring letters.
 */
export function withinOneEdit(a: string, b: string): boolean {
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > 1) return false;
  let i = 0;
  while (i < la && i < lb && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  if (i === la || i === lb) return Math.abs(la - lb) <= 1;
  if (la === lb) {
    // substitution, or a swap of i and i+1
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a.charCodeAt(i) === b.charCodeAt(i + 1) && a.charCodeAt(i + 1) === b.charCodeAt(i) && a.slice(i + 2) === b.slice(i + 2);
  }
  return la > lb ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** Memoised folding for values that repeat (names, cities). Bounded so unique values cannot grow it without end. */
export class FoldCache {
  private readonly cache = new Map<string, string>();
  constructor(private readonly limit = 200_000) {}

  fold(text: string): string {
    let value = this.cache.get(text);
    if (value === undefined) {
      value = foldText(text);
      if (this.cache.size < this.limit) this.cache.set(text, value);
    }
    return value;
  }
}
