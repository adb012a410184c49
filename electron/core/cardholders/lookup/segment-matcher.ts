/**
 * The matcher: how a query finds and ranks the records of one IndexSegment — the only one, used
 * for the records of the sync and for those added after it alike, so both are scored the same.
 * Each typed word matches a record exactly, as a prefix, as a substring or with one typo (in a
 * name; a step less in a secondary field); a typed employee ID puts its record first (an ID typed
 * with its punctuation, "E-1234", is one word, never split: matched against IDs and the beginnings of name words). A record
 * must match every word; its score is the sum, and records of equal score keep the name order.
 */
import type { CardHolder } from '../../service/access-service';
import { TYPO_MIN, type IndexSegment } from './index-segment';
import { PHONE_MIN } from './phone-grams';
import { prefixRange } from './term-table';
import { withinOneEdit, type QueryToken } from './search-text';
import { WordMatches } from './word-matches';

/**
 * How one typed word matched a record, best first. A word found only in a secondary field (the
 * middle name, the e-mail's local part) counts one step less than the same match in a name.
 */
export const MATCH = { exact: 8, prefix: 6, substring: 4, typo: 2 } as const;
const SECONDARY = 1;
/** Flag on a word's match: it is exactly the record's employee ID (that record goes first). */
const EMPLOYEE_ID_FLAG = 16;
const CLASS_MASK = 15;
const EMPLOYEE_ID_BOOST = 64;
/** Query words beyond this many are ignored (a name plus an ID fits easily). */
export const MAX_QUERY_TOKENS = 8;
const SUBSTRING_MIN = 3;

/** Matched positions of a segment, best first (name order within a score), with their scores. */
export interface Ranked {
  ranked: Int32Array;
  scores: Uint8Array;
}

/** The records of `segment` a query matches, best first; `dead` marks positions left out (null: none). */
export function rankSegment(segment: IndexSegment, tokens: QueryToken[], emails: string[], dead: Uint8Array | null): Ranked {
  const n = segment.length;
  const words: WordMatches[] = [];
  for (let i = 0; i < tokens.length + emails.length; i++) {
    const w = (segment.matches[i] ??= new WordMatches(n));
    w.reset();
    words.push(w);
  }
  tokens.forEach((token, i) => matchToken(segment, token, words[i] as WordMatches));
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

/** Marks in `into` every record a typed word matches, with its best class. */
function matchToken(segment: IndexSegment, token: QueryToken, into: WordMatches): void {
  const text = token.text;
  // Employee IDs: exact (flagged: that record goes first), then prefix.
  segment.employee.find(text, (pos, exact) => into.set(pos, exact ? MATCH.exact | EMPLOYEE_ID_FLAG : MATCH.prefix));
  // Name words: exact and prefix.
  for (const [table, minus] of [[segment.primary, 0], [segment.secondary, SECONDARY]] as const) {
    const [lo, hi] = table.range(text);
    for (let rank = lo; rank < hi; rank++) table.mark(rank, into, (table.terms[rank] === text ? MATCH.exact : MATCH.prefix) - minus);
  }
  // A query typed as an employee ID ("E-1234") is one word: no phone, substring or typo matches.
  if (token.employeeId) return;
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
      if (exact && live(pos)) note(segment.records[pos] as CardHolder, 'employeeId');
    });
  }
  if (person.email !== '') {
    segment.emailCandidates(person.email, (pos) => {
      if (segment.emailKey[pos] === person.email && live(pos)) note(segment.records[pos] as CardHolder, 'email');
    });
  }
  if (person.last !== '' && person.first !== '') {
    for (let pos = segment.namePosition(person.last, person.first, -Infinity); pos < segment.length; pos++) {
      if (segment.lastKey[pos] !== person.last || segment.firstKey[pos] !== person.first) break;
      if (live(pos)) note(segment.records[pos] as CardHolder, 'name');
    }
  }
}
