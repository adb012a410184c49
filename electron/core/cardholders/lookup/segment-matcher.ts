/**
 * The matcher: how a query finds and ranks the records of one IndexSegment — the only one, used
 * for the records of the sync and for those added after it alike, so both are scored the same.
 * Each typed word matches a record exactly, as a prefix, as a substring or with one typo (in a
 * name; a step less in a secondary field); a typed employee ID puts its record first (an ID typed
 * with its punctuation, "E-1234", is one word, never split: matched against IDs and the beginnings of name words).
 * A word may also match what the person is (a value: a word of the city or of the e-mail's
 * domain, a tenant or the cardholder type by the site's names, exactly or, from three letters,
 * as the beginning of a word), which counts less than any match in a name: the people named so
 * come before those who live or work so. A record must match every word; its score is the sum,
 * and records of equal score keep the name order.
 */
import type { CardHolder } from '../../service/access-service';
import { TYPO_MIN, type IndexSegment } from './index-segment';
import { PHONE_MIN } from './phone-grams';
import { tenantKey, typeKey } from './record-keys';
import { prefixRange, type TermTable } from './term-table';
import { WORD_CHARS, withinOneEdit, type QueryToken } from './search-text';
import { WordMatches } from './word-matches';

/**
 * How one typed word matched a record, best first. A word found only in a secondary field (the
 * middle name, the e-mail's local part) counts one step less than the same match in a name; a
 * value (city, e-mail domain, tenant, type) less than any of those.
 */
export const MATCH = { exact: 16, prefix: 12, substring: 8, typo: 4 } as const;
const SECONDARY = 1;
export const VALUE_MATCH = { exact: 2, prefix: 1 } as const;
/** A typed word shorter than this matches a value only as a whole word ("a" of "A Coruña"), not as its beginning. */
export const VALUE_PREFIX_MIN = 3;
/** A typed e-mail fragment this long or longer is also looked for inside the addresses ("nunez@", "@contoso"). */
const EMAIL_FRAGMENT_MIN = 3;
/** Flag on a word's match: it is exactly the record's employee ID (that record goes first). */
const EMPLOYEE_ID_FLAG = 32;
const CLASS_MASK = 31;
const EMPLOYEE_ID_BOOST = 64;
/** Query words beyond this many are ignored (a name plus an ID fits easily). */
export const MAX_QUERY_TOKENS = 8;
const SUBSTRING_MIN = 3;

/** A tenant or cardholder type whose name (in the site's catalogue) a typed word matches: its value key. */
export interface NamedValue {
  key: string;
  exact: boolean;
}

/** Matched positions of a segment, best first (name order within a score), with their scores. */
export interface Ranked {
  ranked: Int32Array;
  scores: Uint8Array;
}

/**
 * The records of `segment` a query matches, best first; `dead` marks positions left out (null:
 * none); `named[i]`: the tenants and types whose names token i matches (namedValues).
 */
export function rankSegment(segment: IndexSegment, tokens: QueryToken[], emails: string[], dead: Uint8Array | null, named: ReadonlyArray<readonly NamedValue[]> = []): Ranked {
  const n = segment.length;
  const words: WordMatches[] = [];
  for (let i = 0; i < tokens.length + emails.length; i++) {
    const w = (segment.matches[i] ??= new WordMatches(n));
    w.reset();
    words.push(w);
  }
  tokens.forEach((token, i) => matchToken(segment, token, named[i] ?? [], words[i] as WordMatches));
  emails.forEach((email, i) => matchEmail(segment, email, words[tokens.length + i] as WordMatches));
  // The word with the fewest matches drives; the others filter.
  let driver = words[0] as WordMatches;
  for (const w of words) if (w.count < driver.count) driver = w;
  /** Sum of the words' classes, plus the boost once when a word is the record's employee ID; 0: a word does not match. */
  const scoreOf = (pos: number): number => {
    let score = 0;
    let boost = 0;
    for (const w of words) {
      const c = w.cls[pos] as number;
      if (c === 0) return 0;
      score += c & CLASS_MASK;
      if (c & EMPLOYEE_ID_FLAG) boost = EMPLOYEE_ID_BOOST;
    }
    return score + boost;
  };
  const hits = new Int32Array(driver.count);
  const hitScores = new Uint8Array(driver.count);
  let hitCount = 0;
  const take = (pos: number): void => {
    if (dead && dead[pos] === 1) return;
    const score = scoreOf(pos);
    if (score === 0) return;
    hits[hitCount] = pos;
    hitScores[hitCount++] = score;
  };
  if (driver.count > n / 24) {
    // Many candidates: a scan in name order needs no sort.
    const cls = driver.cls;
    for (let pos = 0; pos < n; pos++) if (cls[pos] !== 0) take(pos);
  } else {
    const candidates = driver.touched.subarray(0, driver.count).slice().sort();
    for (let i = 0; i < candidates.length; i++) take(candidates[i] as number);
  }
  return byScore(hits, hitScores, hitCount);
}

/** Counting sort by score, highest first; name order kept inside each score. */
function byScore(hits: Int32Array, hitScores: Uint8Array, hitCount: number): Ranked {
  const maxScore = MAX_QUERY_TOKENS * MATCH.exact + EMPLOYEE_ID_BOOST;
  const bucketCounts = new Int32Array(maxScore + 1);
  for (let i = 0; i < hitCount; i++) {
    const s = hitScores[i] as number;
    bucketCounts[s] = (bucketCounts[s] as number) + 1;
  }
  // All of one score (a company or a city typed whole, often half the directory): already in order.
  if (hitCount > 0 && bucketCounts[hitScores[0] as number] === hitCount) return { ranked: hits.subarray(0, hitCount), scores: hitScores.subarray(0, hitCount) };
  const next = new Int32Array(maxScore + 1);
  let at = 0;
  for (let s = maxScore; s >= 0; s--) {
    next[s] = at;
    at += bucketCounts[s] as number;
  }
  const ranked = new Int32Array(hitCount);
  const scores = new Uint8Array(hitCount);
  for (let i = 0; i < hitCount; i++) {
    const s = hitScores[i] as number;
    const slot = next[s] as number;
    ranked[slot] = hits[i] as number;
    scores[slot] = s;
    next[s] = slot + 1;
  }
  return { ranked, scores };
}

/**
 * The tenants and types (by the site's names: `names`) a typed word names: a word of the name is
 * the typed word, or from VALUE_PREFIX_MIN letters on begins with it. "Type 3" / "Tenant 2" name
 * theirs by number.
 */
export function namedValues(token: QueryToken, names: { tenants: readonly NamedWords[]; cardholderTypes: readonly NamedWords[] }): NamedValue[] {
  if (token.valueId) return [{ key: token.valueId.kind === 'type' ? typeKey(token.valueId.id) : tenantKey(token.valueId.id), exact: true }];
  if (token.numeric || token.employeeId) return [];
  const out: NamedValue[] = [];
  const text = token.text;
  for (const [list, key] of [[names.tenants, tenantKey], [names.cardholderTypes, typeKey]] as const) {
    for (const item of list) {
      if (item.words.includes(text)) out.push({ key: key(item.id), exact: true });
      else if (text.length >= VALUE_PREFIX_MIN && item.words.some((word) => word.startsWith(text))) out.push({ key: key(item.id), exact: false });
    }
  }
  return out;
}

/** A tenant or type of the catalogue with the words of its name (folded, as wordTokens gives them). */
export interface NamedWords {
  id: number;
  words: readonly string[];
}

/** Marks in `into` every record a typed word matches, with its best class. */
function matchToken(segment: IndexSegment, token: QueryToken, named: readonly NamedValue[], into: WordMatches): void {
  const text = token.text;
  const { values } = segment;
  for (const value of named) {
    const rank = values.rank(value.key);
    if (rank >= 0) values.mark(rank, into, value.exact ? VALUE_MATCH.exact : VALUE_MATCH.prefix);
  }
  // "Type 3", "Tenant 2": that value only.
  if (token.valueId) return;
  // Employee IDs: exact (flagged: that record goes first), then prefix.
  segment.employee.find(text, (pos, exact) => into.set(pos, exact ? MATCH.exact | EMPLOYEE_ID_FLAG : MATCH.prefix));
  // Name words: exact and prefix.
  for (const [table, minus] of [[segment.primary, 0], [segment.secondary, SECONDARY]] as const) {
    const [lo, hi] = table.range(text);
    for (let rank = lo; rank < hi; rank++) table.mark(rank, into, (table.terms[rank] === text ? MATCH.exact : MATCH.prefix) - minus);
  }
  // A query typed as an employee ID ("E-1234") is one word: no phone, value, substring or typo matches.
  if (token.employeeId) return;
  // Values: a city or e-mail-domain word that is the typed word, or (long enough) begins with it.
  if (text.length >= VALUE_PREFIX_MIN) {
    const [lo, hi] = values.range(text);
    for (let rank = lo; rank < hi; rank++) values.mark(rank, into, values.terms[rank] === text ? VALUE_MATCH.exact : VALUE_MATCH.prefix);
  } else {
    const rank = values.rank(text);
    if (rank >= 0) values.mark(rank, into, VALUE_MATCH.exact);
  }
  if (token.numeric) {
    if (text.length >= PHONE_MIN) segment.phones.find(text, (pos, atStart) => into.set(pos, atStart ? MATCH.prefix : MATCH.substring));
    return;
  }
  // Substring and typo matches scan the distinct name words only (thousands, not every record).
  const { words } = segment;
  if (text.length >= SUBSTRING_MIN) {
    for (let i = 0; i < words.length; i++) {
      const word = words[i] as string;
      if (word.length > text.length && !word.startsWith(text) && word.includes(text)) markWord(segment, i, into, MATCH.substring);
    }
  }
  if (text.length >= TYPO_MIN) {
    for (const index of typoCandidates(segment, text)) markWord(segment, index, into, MATCH.typo);
  } else if (text.length === TYPO_MIN - 1) {
    // A letter missing from a five-letter name ("pael" for Patel): the typo rule is about the name.
    for (const index of segment.deletions.get(text) ?? []) if ((words[index] as string).length === TYPO_MIN) markWord(segment, index, into, MATCH.typo);
  }
}

function markWord(segment: IndexSegment, index: number, into: WordMatches, cls: number): void {
  const p = segment.wordRanks[index * 2] as number;
  const s = segment.wordRanks[index * 2 + 1] as number;
  if (p >= 0) segment.primary.mark(p, into, cls);
  if (s >= 0) segment.secondary.mark(s, into, cls - SECONDARY);
}

/** Name words within one edit of the typed word, or whose beginning is (a slip while typing a long name). */
function typoCandidates(segment: IndexSegment, text: string): Set<number> {
  const { words, deletions } = segment;
  const found = new Set<number>();
  const consider = (indexes: number[] | undefined): void => {
    if (!indexes) return;
    for (const index of indexes) if (withinOneEdit(text, words[index] as string)) found.add(index);
  };
  consider(deletions.get(text));
  for (let i = 0; i < text.length; i++) consider(deletions.get(text.slice(0, i) + text.slice(i + 1)));
  const [lo, hi] = prefixRange(words, text.charAt(0));
  for (let i = lo; i < hi; i++) {
    const word = words[i] as string;
    if (word.length > text.length + 1 && typoInBeginning(text, word)) found.add(i);
  }
  return found;
}

/** A slip in the part of a long word typed so far: within one edit of its beginning. */
function typoInBeginning(text: string, word: string): boolean {
  const n = text.length;
  return withinOneEdit(text, word.slice(0, n)) || withinOneEdit(text, word.slice(0, n + 1)) || withinOneEdit(text, word.slice(0, n - 1));
}

function matchEmail(segment: IndexSegment, email: string, into: WordMatches): void {
  segment.emailCandidates(email, (pos) => {
    const key = segment.emailKey[pos] as string;
    if (key === email) into.set(pos, MATCH.exact);
    else if (key.startsWith(email)) into.set(pos, MATCH.prefix);
  });
  if (email.length < EMAIL_FRAGMENT_MIN) return;
  // Anywhere inside an address ("nunez@", "z@north", "@contoso"): the records holding the rarest
  // piece of the fragment, checked against their whole address.
  const source = fragmentSource(segment, email);
  if (!source) return;
  const { table, ranks } = source;
  for (const rank of ranks) {
    table.each(rank, (pos) => {
      if ((segment.emailKey[pos] as string).includes(email)) into.set(pos, MATCH.substring - SECONDARY);
    });
  }
}

/**
 * The terms every address holding `fragment` has (null: none can): of the fragment's runs of
 * letters and digits, the one held by the fewest records — a whole word of the address when
 * punctuation bounds it on both sides, else the end of a word (the fragment's first run), the
 * beginning of one (its last) or a part. Runs before the "@" are the local part's words
 * (secondary), after it the domain's (values).
 */
function fragmentSource(segment: IndexSegment, fragment: string): { table: TermTable; ranks: number[] } | null {
  const at = fragment.indexOf('@');
  let best: { table: TermTable; ranks: number[]; size: number } | null = null;
  for (const run of fragment.matchAll(/[a-z0-9]+/g)) {
    const piece = run[0];
    const start = run.index;
    const end = start + piece.length;
    const table = start < at ? segment.secondary : segment.values;
    const openLeft = start === 0;
    const openRight = end === fragment.length;
    if (openLeft && piece.length >= WORD_CHARS) continue;
    const ranks: number[] = [];
    if (!openLeft && !openRight) {
      const rank = table.rank(piece.slice(0, WORD_CHARS));
      if (rank >= 0) ranks.push(rank);
    } else if (!openLeft) {
      const [lo, hi] = table.range(piece.slice(0, WORD_CHARS));
      for (let rank = lo; rank < hi; rank++) ranks.push(rank);
    } else {
      for (let rank = 0; rank < table.terms.length; rank++) {
        const term = table.terms[rank] as string;
        if (openRight ? term.includes(piece) : term.endsWith(piece)) ranks.push(rank);
      }
    }
    let size = 0;
    for (const rank of ranks) size += table.size(rank);
    if (size === 0) return null;
    if (!best || size < best.size) best = { table, ranks, size };
  }
  return best;
}

export type DuplicateReason = 'employeeId' | 'name' | 'email';

/** Folded keys of a person about to be enrolled ('' when not given). */
export interface PersonKeys {
  employee: string;
  email: string;
  last: string;
  first: string;
}

/** Records of `segment` with the same employee ID, e-mail, or first and last name as `person`. */
export function duplicatesIn(segment: IndexSegment, person: PersonKeys, dead: Uint8Array | null, note: (record: CardHolder, reason: DuplicateReason) => void): void {
  const live = (pos: number): boolean => !dead || dead[pos] === 0;
  if (person.employee !== '') {
    segment.employee.find(person.employee, (pos, exact) => {
      if (exact && live(pos)) note(segment.record(pos), 'employeeId');
    });
  }
  if (person.email !== '') {
    segment.emailCandidates(person.email, (pos) => {
      if (segment.emailKey[pos] === person.email && live(pos)) note(segment.record(pos), 'email');
    });
  }
  if (person.last !== '' && person.first !== '') {
    for (let pos = segment.namePosition(person.last, person.first, -Infinity); pos < segment.length; pos++) {
      if (segment.lastKey[pos] !== person.last || segment.firstKey[pos] !== person.first) break;
      if (live(pos)) note(segment.record(pos), 'name');
    }
  }
}
