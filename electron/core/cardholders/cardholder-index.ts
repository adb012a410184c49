/**
 * CardholderIndex: the lookup over every cardholder of the directory, built once per sync and
 * read many times per second while the officer types. It owns the order of the records (by last
 * name, first name, id: "ties by last name" is then the record's position), the term dictionary
 * (name words, employee IDs, e-mail addresses) with its posting lists, the phone digits, and the
 * ranking: exact, then prefix, then substring, then one-typo matches, a typed employee ID first.
 *
 * Records changed after the build (created, updated, re-read) live in a small overlay searched by
 * brute force and merged into the ranked result at their name position; the records they replace
 * are marked dead. Nothing here does I/O or knows about workers; it is plain data and loops.
 */
import type { CardHolder } from '../service/access-service';
import { compactKey, emailLocalPart, FoldCache, foldText, parseQuery, phoneDigits, withinOneEdit, wordTokens, type ParsedQuery, type QueryToken } from './search-text';

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
const TYPO_MIN = 5;
const PHONE_MIN = 4;

export interface SearchPage {
  total: number;
  offset: number;
  records: CardHolder[];
}

export interface DuplicateMatch {
  record: CardHolder;
  reasons: Array<'employeeId' | 'name' | 'email'>;
}

/** What makes one overlay record findable (built records keep the same facts in the tables). */
interface RecordKeys {
  last: string;
  first: string;
  primary: string[];
  secondary: string[];
  employee: string[];
  email: string;
  phone: string;
}

interface OverlayEntry {
  record: CardHolder;
  keys: RecordKeys;
  /** Where it sorts among the built records: before the built record at this position. */
  position: number;
}

/** Collects (term, record) pairs while records are read in name order. */
class TermCollector {
  readonly ids = new Map<string, number>();
  readonly list: string[] = [];
  private lastDoc = new Int32Array(1024).fill(-1);
  pairTerm = new Int32Array(1024);
  pairDoc = new Int32Array(1024);
  count = 0;

  add(term: string, doc: number): void {
    let id = this.ids.get(term);
    if (id === undefined) {
      id = this.list.length;
      this.ids.set(term, id);
      this.list.push(term);
      if (id === this.lastDoc.length) {
        const grown = new Int32Array(id * 2).fill(-1);
        grown.set(this.lastDoc);
        this.lastDoc = grown;
      }
    }
    if (this.lastDoc[id] === doc) return;
    this.lastDoc[id] = doc;
    if (this.count === this.pairTerm.length) {
      const term2 = new Int32Array(this.count * 2);
      term2.set(this.pairTerm);
      this.pairTerm = term2;
      const doc2 = new Int32Array(this.count * 2);
      doc2.set(this.pairDoc);
      this.pairDoc = doc2;
    }
    this.pairTerm[this.count] = id;
    this.pairDoc[this.count++] = doc;
  }
}

/** A sorted dictionary of terms, each with the ascending positions of the records that hold it. */
class TermTable {
  readonly terms: string[];
  readonly start: Int32Array;
  readonly postings: Int32Array;

  constructor(collector: TermCollector) {
    const t = collector.list.length;
    this.terms = collector.list.slice().sort();
    const rankOfId = new Int32Array(t);
    for (let rank = 0; rank < t; rank++) rankOfId[collector.ids.get(this.terms[rank] as string) as number] = rank;
    const start = new Int32Array(t + 1);
    const { pairTerm, pairDoc, count } = collector;
    for (let i = 0; i < count; i++) {
      const slot = (rankOfId[pairTerm[i] as number] as number) + 1;
      start[slot] = (start[slot] as number) + 1;
    }
    for (let r = 0; r < t; r++) start[r + 1] = (start[r + 1] as number) + (start[r] as number);
    const fill = start.slice(0, t);
    const postings = new Int32Array(count);
    // Pairs come in record order, so each list comes out ascending.
    for (let i = 0; i < count; i++) {
      const rank = rankOfId[pairTerm[i] as number] as number;
      postings[fill[rank] as number] = pairDoc[i] as number;
      fill[rank] = (fill[rank] as number) + 1;
    }
    this.start = start;
    this.postings = postings;
  }

  range(prefix: string): [number, number] {
    return prefixRange(this.terms, prefix);
  }

  rank(term: string): number {
    const [lo, hi] = this.range(term);
    return lo < hi && this.terms[lo] === term ? lo : -1;
  }

  /** How many records hold the term at `rank`. */
  size(rank: number): number {
    return (this.start[rank + 1] as number) - (this.start[rank] as number);
  }

  /** Marks every record holding the term at `rank`. */
  mark(rank: number, into: WordMatches, cls: number): void {
    const { postings } = this;
    for (let p = this.start[rank] as number, end = this.start[rank + 1] as number; p < end; p++) into.set(postings[p] as number, cls);
  }
}

/**
 * Employee IDs, each unique per record in practice: exact and prefix lookups. IDs of digits
 * without a leading zero (the usual case) are kept as numbers (id · 2^k + position, sorted
 * natively), since sorting hundreds of thousands of strings would dominate the build; any other
 * ID goes to a small sorted string table.
 */
class EmployeeIdTable {
  private readonly keys: Float64Array;
  private readonly shift: number;
  private readonly other: TermTable;

  constructor(values: Float64Array, count: number, shift: number, other: TermCollector) {
    this.keys = values.subarray(0, count).sort();
    this.shift = shift;
    this.other = new TermTable(other);
  }

  /** Calls `mark` for every record whose employee ID starts with `text` (exact: it is the whole ID). */
  find(text: string, mark: (pos: number, exact: boolean) => void): void {
    const [lo, hi] = this.other.range(text);
    for (let rank = lo; rank < hi; rank++) {
      const exact = this.other.terms[rank] === text;
      for (let p = this.other.start[rank] as number; p < (this.other.start[rank + 1] as number); p++) mark(this.other.postings[p] as number, exact);
    }
    if (!NUMERIC_ID.test(text)) return;
    const q = Number(text);
    for (let extra = 0; text.length + extra <= MAX_NUMERIC_ID_DIGITS; extra++) {
      const scale = 10 ** extra;
      const from = q * scale * this.shift;
      const to = (q + 1) * scale * this.shift;
      for (let i = lowerBound(this.keys, from); i < this.keys.length && (this.keys[i] as number) < to; i++) {
        const key = this.keys[i] as number;
        const value = Math.floor(key / this.shift);
        mark(key - value * this.shift, extra === 0);
      }
    }
  }
}

/** Digits without a leading zero, short enough for id · 2^k to stay exact in a double. */
const NUMERIC_ID = /^[1-9][0-9]{0,11}$/;
const MAX_NUMERIC_ID_DIGITS = 12;

function lowerBound(sorted: Float64Array, value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((sorted[mid] as number) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Phone numbers found by any run of at least four of their digits: each four-digit gram lists
 * the phones that hold it, so a typed fragment is checked only against the phones holding its
 * rarest gram (a scan of every phone would cost milliseconds per keystroke at 500,000 people).
 */
class PhoneGrams {
  private readonly start = new Int32Array(10_001);
  private readonly entries: Int32Array;

  constructor(
    private readonly digits: string[],
    private readonly owners: number[],
  ) {
    const seen = new Int32Array(10_000).fill(-1);
    const each = (visit: (gram: number, entry: number) => void): void => {
      seen.fill(-1);
      for (let entry = 0; entry < digits.length; entry++) {
        const text = digits[entry] as string;
        for (let i = 0; i + PHONE_MIN <= text.length; i++) {
          const gram = Number(text.slice(i, i + PHONE_MIN));
          if (seen[gram] === entry) continue;
          seen[gram] = entry;
          visit(gram, entry);
        }
      }
    };
    each((gram) => {
      this.start[gram + 1] = (this.start[gram + 1] as number) + 1;
    });
    for (let g = 0; g < 10_000; g++) this.start[g + 1] = (this.start[g + 1] as number) + (this.start[g] as number);
    this.entries = new Int32Array(this.start[10_000] as number);
    const fill = this.start.slice(0, 10_000);
    each((gram, entry) => {
      this.entries[fill[gram] as number] = entry;
      fill[gram] = (fill[gram] as number) + 1;
    });
  }

  /** Calls `found` for each record whose phone holds `query` (digits, 4 or more), saying whether it starts with it. */
  find(query: string, found: (pos: number, atStart: boolean) => void): void {
    let rarest = -1;
    for (let i = 0; i + PHONE_MIN <= query.length; i++) {
      const gram = Number(query.slice(i, i + PHONE_MIN));
      if (rarest < 0 || this.size(gram) < this.size(rarest)) rarest = gram;
    }
    if (rarest < 0) return;
    for (let p = this.start[rarest] as number, end = this.start[rarest + 1] as number; p < end; p++) {
      const entry = this.entries[p] as number;
      const text = this.digits[entry] as string;
      const at = text.indexOf(query);
      if (at >= 0) found(this.owners[entry] as number, at === 0);
    }
  }

  private size(gram: number): number {
    return (this.start[gram + 1] as number) - (this.start[gram] as number);
  }
}

/** Ranks of the terms of a sorted list that start with `prefix`. */
function prefixRange(sorted: readonly string[], prefix: string): [number, number] {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((sorted[mid] as string) < prefix) lo = mid + 1;
    else hi = mid;
  }
  const first = lo;
  const upper = prefix + '\uffff';
  hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((sorted[mid] as string) < upper) lo = mid + 1;
    else hi = mid;
  }
  return [first, lo];
}

/** A growable list of record positions and the best class per position for one query word. */
class WordMatches {
  cls: Uint8Array;
  touched: Int32Array;
  count = 0;

  constructor(size: number) {
    this.cls = new Uint8Array(size);
    this.touched = new Int32Array(Math.min(size, 1024));
  }

  reset(): void {
    const { cls, touched } = this;
    for (let i = 0; i < this.count; i++) cls[touched[i] as number] = 0;
    this.count = 0;
  }

  set(doc: number, value: number): void {
    const current = this.cls[doc] as number;
    if (current === 0) {
      if (this.count === this.touched.length) {
        const grown = new Int32Array(Math.min(this.cls.length, this.touched.length * 2));
        grown.set(this.touched);
        this.touched = grown;
      }
      this.touched[this.count++] = doc;
      this.cls[doc] = value;
    } else if (value > current) {
      this.cls[doc] = value;
    }
  }
}

const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export class CardholderIndex {
  /** Records in name order (last, first, id). */
  private readonly records: CardHolder[];
  private readonly lastKey: string[];
  private readonly firstKey: string[];
  private readonly primary: TermTable;
  private readonly secondary: TermTable;
  private readonly employee: EmployeeIdTable;
  /** Folded e-mail address per position ('' when none). */
  private readonly emailKey: string[];
  /** Every distinct name word (sorted), for substring and typo scans, and where it is in each table. */
  private readonly words: string[];
  private readonly wordRanks: Int32Array;
  /** One-deletion variants of name words → indexes into `words` (typo tolerance). */
  private readonly deletions: Map<string, number[]>;
  /** Phone numbers (digits only) and whose they are, with each four-digit gram's phones. */
  private readonly phones: PhoneGrams;
  /** Record positions sorted by id, and the ids in that order. */
  private readonly byId: Int32Array;
  private readonly sortedIds: Float64Array;

  private readonly dead: Uint8Array;
  private deadCount = 0;
  private readonly overlay = new Map<number, OverlayEntry>();
  private readonly matches: WordMatches[] = [];
  private readonly folds: FoldCache;
  private readonly tokenCache = new Map<string, string[]>();
  private cachedAll: Int32Array | null = null;
  /** Rankings of the built records for one-character queries, until the next change. */
  private readonly singleCharacter = new Map<string, { ranked: Int32Array; scores: Uint8Array }>();
  private cachedQuery: { query: string; ranked: Int32Array; overlayOrder: OverlayEntry[] } | null = null;

  /** Builds the index over records already checked (ids unique). `onProgress` gets records done. */
  static build(records: CardHolder[], onProgress?: (done: number) => void): CardholderIndex {
    return new CardholderIndex(records, onProgress);
  }

  private constructor(input: CardHolder[], onProgress?: (done: number) => void) {
    const n = input.length;
    const folds = (this.folds = new FoldCache());
    // Name order.
    const last = new Array<string>(n);
    const first = new Array<string>(n);
    for (let i = 0; i < n; i++) {
      const record = input[i] as CardHolder;
      last[i] = folds.fold(record.last_Name.trim());
      first[i] = folds.fold(record.first_Name.trim());
    }
    const ascending = idsAscending(input);
    const order = sortByName(input, last, first, ascending);
    this.records = new Array<CardHolder>(n);
    this.lastKey = new Array<string>(n);
    this.firstKey = new Array<string>(n);
    const primary = new TermCollector();
    const secondary = new TermCollector();
    const otherIds = new TermCollector();
    // id · shift + position must stay exact in a double for 12-digit ids.
    const shift = 2 ** Math.max(1, Math.ceil(Math.log2(n + 1)));
    let numericIds = new Float64Array(Math.max(16, n));
    let numericCount = 0;
    this.emailKey = new Array<string>(n);
    const phoneDigits: string[] = [];
    const phoneDoc: number[] = [];
    let pos = 0;
    const sink: KeySink = {
      primary: (word) => primary.add(word, pos),
      secondary: (word) => secondary.add(word, pos),
      employee: (id) => {
        if (!NUMERIC_ID.test(id)) return otherIds.add(id, pos);
        if (numericCount === numericIds.length) {
          const grown = new Float64Array(numericCount * 2);
          grown.set(numericIds);
          numericIds = grown;
        }
        numericIds[numericCount++] = Number(id) * shift + pos;
      },
      email: (folded) => {
        this.emailKey[pos] = folded;
      },
      phone: (digits) => {
        if (digits.length < PHONE_MIN) return;
        phoneDigits.push(digits);
        phoneDoc.push(pos);
      },
    };
    for (; pos < n; pos++) {
      const from = order[pos] as number;
      const record = input[from] as CardHolder;
      this.records[pos] = record;
      this.lastKey[pos] = last[from] as string;
      this.firstKey[pos] = first[from] as string;
      this.emailKey[pos] = '';
      emitKeys(record, sink, this.tokenCache);
      if (onProgress && (pos + 1) % 50_000 === 0) onProgress(pos + 1);
    }
    this.primary = new TermTable(primary);
    this.secondary = new TermTable(secondary);
    this.employee = new EmployeeIdTable(numericIds, numericCount, shift, otherIds);
    this.words = [...new Set([...this.primary.terms, ...this.secondary.terms])].sort();
    this.wordRanks = new Int32Array(this.words.length * 2);
    this.deletions = new Map();
    this.words.forEach((word, index) => {
      this.wordRanks[index * 2] = this.primary.rank(word);
      this.wordRanks[index * 2 + 1] = this.secondary.rank(word);
      if (word.length < TYPO_MIN - 1) return;
      addVariant(this.deletions, word, index);
      for (let i = 0; i < word.length; i++) addVariant(this.deletions, word.slice(0, i) + word.slice(i + 1), index);
    });
    this.phones = new PhoneGrams(phoneDigits, phoneDoc);
    // Positions in id order: the inverse of the name order when the input came in id order.
    this.byId = new Int32Array(n);
    this.sortedIds = new Float64Array(n);
    if (ascending) {
      for (let pos = 0; pos < n; pos++) this.byId[order[pos] as number] = pos;
    } else {
      for (let i = 0; i < n; i++) this.byId[i] = i;
      this.byId.sort((a, b) => (this.records[a] as CardHolder).id - (this.records[b] as CardHolder).id);
    }
    for (let i = 0; i < n; i++) this.sortedIds[i] = (this.records[this.byId[i] as number] as CardHolder).id;
    this.dead = new Uint8Array(n);
  }

  /** Records findable now (built ones not replaced, plus the overlay). */
  get size(): number {
    return this.records.length - this.deadCount + this.overlay.size;
  }

  /** The record with this id, as the index holds it now. */
  get(id: number): CardHolder | null {
    const entry = this.overlay.get(id);
    if (entry) return entry.record;
    const pos = this.positionOfId(id);
    return pos >= 0 && this.dead[pos] === 0 ? (this.records[pos] as CardHolder) : null;
  }

  /** Every record now, in id order. */
  allRecords(): CardHolder[] {
    const out: CardHolder[] = [];
    for (let i = 0; i < this.byId.length; i++) {
      const pos = this.byId[i] as number;
      if (this.dead[pos] === 0) out.push(this.records[pos] as CardHolder);
    }
    for (const entry of this.overlay.values()) out.push(entry.record);
    return out.sort((a, b) => a.id - b.id);
  }

  /** Every tenant number on a record now, ascending. */
  tenantIds(): number[] {
    const seen = new Set<number>();
    const add = (record: CardHolder): void => {
      for (const tenant of record.tenant) seen.add(tenant);
    };
    for (let i = 0; i < this.byId.length; i++) {
      const pos = this.byId[i] as number;
      if (this.dead[pos] === 0) add(this.records[pos] as CardHolder);
    }
    for (const entry of this.overlay.values()) add(entry.record);
    return [...seen].sort((a, b) => a - b);
  }

  /** Adds or replaces one record (a create, an update, a re-read) without rebuilding. */
  upsert(record: CardHolder): void {
    const pos = this.positionOfId(record.id);
    if (pos >= 0 && this.dead[pos] === 0) {
      this.dead[pos] = 1;
      this.deadCount++;
    }
    const keys = keysOf(record, this.tokenCache, this.folds);
    this.overlay.set(record.id, { record, keys, position: this.namePosition(keys.last, keys.first, record.id) });
    this.invalidate();
  }

  /** Takes a record out of the lookup (a provisional record the service has confirmed or that was discarded). */
  remove(id: number): void {
    if (this.overlay.delete(id)) {
      this.invalidate();
      return;
    }
    const pos = this.positionOfId(id);
    if (pos >= 0 && this.dead[pos] === 0) {
      this.dead[pos] = 1;
      this.deadCount++;
      this.invalidate();
    }
  }

  /** Records created or changed since the build, for a new index to take over. */
  overlayRecords(): CardHolder[] {
    return [...this.overlay.values()].map((entry) => entry.record);
  }

  /**
   * One page of the ranked result of a query. An empty query lists everyone in name order.
   * The full ranking of the last query is kept, so the next pages cost only their records.
   */
  search(query: string, offset: number, limit: number): SearchPage {
    if (!this.cachedQuery || this.cachedQuery.query !== query) this.cachedQuery = { query, ...this.rank(query) };
    const { ranked, overlayOrder } = this.cachedQuery;
    const start = Math.max(0, Math.min(offset, ranked.length));
    const end = Math.min(ranked.length, start + Math.max(0, limit));
    const records: CardHolder[] = [];
    for (let i = start; i < end; i++) {
      const ref = ranked[i] as number;
      records.push(ref >= 0 ? (this.records[ref] as CardHolder) : (overlayOrder[-ref - 1] as OverlayEntry).record);
    }
    return { total: ranked.length, offset: start, records };
  }

  /** Likely duplicates of a person about to be enrolled: same employee ID, same first and last name, same e-mail. */
  findDuplicates(person: { first_Name: string; last_Name: string; employee_ID?: string; email?: string }, excludeId?: number): DuplicateMatch[] {
    const found = new Map<number, DuplicateMatch>();
    const note = (record: CardHolder, reason: DuplicateMatch['reasons'][number]): void => {
      if (record.id === excludeId) return;
      const match = found.get(record.id) ?? { record, reasons: [] };
      if (!match.reasons.includes(reason)) match.reasons.push(reason);
      found.set(record.id, match);
    };
    const employee = person.employee_ID ? compactKey(person.employee_ID) : '';
    const email = person.email ? foldText(person.email.trim()) : '';
    const last = this.folds.fold(person.last_Name.trim());
    const first = this.folds.fold(person.first_Name.trim());
    if (employee !== '') {
      this.employee.find(employee, (pos, exact) => {
        if (exact && this.dead[pos] === 0) note(this.records[pos] as CardHolder, 'employeeId');
      });
    }
    if (email !== '') {
      this.emailCandidates(email, (pos) => {
        if (this.emailKey[pos] === email) note(this.records[pos] as CardHolder, 'email');
      });
    }
    if (last !== '' && first !== '') {
      for (let pos = this.namePosition(last, first, -Infinity); pos < this.records.length; pos++) {
        if (this.lastKey[pos] !== last || this.firstKey[pos] !== first) break;
        if (this.dead[pos] === 0) note(this.records[pos] as CardHolder, 'name');
      }
    }
    for (const entry of this.overlay.values()) {
      const k = entry.keys;
      if (employee !== '' && k.employee.includes(employee)) note(entry.record, 'employeeId');
      if (email !== '' && k.email === email) note(entry.record, 'email');
      if (last !== '' && first !== '' && k.last === last && k.first === first) note(entry.record, 'name');
    }
    return [...found.values()].sort((a, b) => b.reasons.length - a.reasons.length || a.record.id - b.record.id);
  }

  // ───────────────────────── ranking ─────────────────────────

  private rank(query: string): { ranked: Int32Array; overlayOrder: OverlayEntry[] } {
    const parsed = parseQuery(query);
    const tokens = parsed.tokens.slice(0, MAX_QUERY_TOKENS);
    const overlayHits = this.rankOverlay(parsed, tokens);
    const overlayOrder = overlayHits.map((hit) => hit.entry);
    if (tokens.length === 0 && parsed.emails.length === 0) {
      return { ranked: this.mergeOverlay(this.allLive(), null, overlayHits), overlayOrder };
    }
    // One typed character matches a large share of everyone: its ranking is kept until a change.
    const memoKey = tokens.length === 1 && parsed.emails.length === 0 && (tokens[0] as QueryToken).text.length === 1 ? (tokens[0] as QueryToken).text : null;
    const built = (memoKey !== null ? this.singleCharacter.get(memoKey) : undefined) ?? this.rankBuilt(tokens, parsed.emails);
    if (memoKey !== null) this.singleCharacter.set(memoKey, built);
    return { ranked: this.mergeOverlay(built.ranked, built.scores, overlayHits), overlayOrder };
  }

  /** The built records a query matches, best first, with their scores. */
  private rankBuilt(tokens: QueryToken[], emails: string[]): { ranked: Int32Array; scores: Uint8Array } {
    const words: WordMatches[] = [];
    for (let i = 0; i < tokens.length + emails.length; i++) {
      const w = (this.matches[i] ??= new WordMatches(this.records.length));
      w.reset();
      words.push(w);
    }
    tokens.forEach((token, i) => this.matchToken(token, words[i] as WordMatches));
    emails.forEach((email, i) => this.matchEmail(email, words[tokens.length + i] as WordMatches));
    // The word with the fewest matches drives; the others filter.
    let driver = words[0] as WordMatches;
    for (const w of words) if (w.count < driver.count) driver = w;
    const n = this.records.length;
    const dead = this.dead;
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
      if (dead[pos] === 1) return;
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
    // Counting sort by score, highest first; name order kept inside each score.
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

  /** Marks in `into` every built record a typed word matches, with its best class. */
  private matchToken(token: QueryToken, into: WordMatches): void {
    const text = token.text;
    // Employee IDs: exact (flagged: that record goes first), then prefix.
    this.employee.find(text, (pos, exact) => into.set(pos, exact ? MATCH.exact | EMPLOYEE_ID_FLAG : MATCH.prefix));
    let lo: number;
    let hi: number;
    // Name words: exact and prefix.
    for (const [table, minus] of [[this.primary, 0], [this.secondary, SECONDARY]] as const) {
      [lo, hi] = table.range(text);
      for (let rank = lo; rank < hi; rank++) table.mark(rank, into, (table.terms[rank] === text ? MATCH.exact : MATCH.prefix) - minus);
    }
    if (token.numeric) {
      if (text.length >= PHONE_MIN) this.matchPhone(text, into);
      return;
    }
    // Substring and typo matches scan the distinct name words only (thousands, not every record).
    if (text.length >= SUBSTRING_MIN) {
      for (let i = 0; i < this.words.length; i++) {
        const word = this.words[i] as string;
        if (word.length > text.length && !word.startsWith(text) && word.includes(text)) this.markWord(i, into, MATCH.substring);
      }
    }
    if (text.length >= TYPO_MIN) {
      for (const index of this.typoCandidates(text)) this.markWord(index, into, MATCH.typo);
    } else if (text.length === TYPO_MIN - 1) {
      // A letter missing from a five-letter name ("pael" for Patel): the typo rule is about the name.
      for (const index of this.deletions.get(text) ?? []) if ((this.words[index] as string).length === TYPO_MIN) this.markWord(index, into, MATCH.typo);
    }
  }

  private markWord(index: number, into: WordMatches, cls: number): void {
    const p = this.wordRanks[index * 2] as number;
    const s = this.wordRanks[index * 2 + 1] as number;
    if (p >= 0) this.primary.mark(p, into, cls);
    if (s >= 0) this.secondary.mark(s, into, cls - SECONDARY);
  }

  /** Name words within one edit of the typed word, or whose beginning is (a slip while typing a long name). */
  private typoCandidates(text: string): Set<number> {
    const found = new Set<number>();
    const consider = (indexes: number[] | undefined): void => {
      if (!indexes) return;
      for (const index of indexes) if (withinOneEdit(text, this.words[index] as string)) found.add(index);
    };
    consider(this.deletions.get(text));
    for (let i = 0; i < text.length; i++) consider(this.deletions.get(text.slice(0, i) + text.slice(i + 1)));
    const [lo, hi] = prefixRange(this.words, text.charAt(0));
    for (let i = lo; i < hi; i++) {
      const word = this.words[i] as string;
      if (word.length > text.length + 1 && typoInBeginning(text, word)) found.add(i);
    }
    return found;
  }

  private matchPhone(digits: string, into: WordMatches): void {
    this.phones.find(digits, (pos, atStart) => into.set(pos, atStart ? MATCH.prefix : MATCH.substring));
  }

  private matchEmail(email: string, into: WordMatches): void {
    this.emailCandidates(email, (pos) => {
      const key = this.emailKey[pos] as string;
      if (key === email) into.set(pos, MATCH.exact);
      else if (key.startsWith(email)) into.set(pos, MATCH.prefix);
    });
  }

  /**
   * Records whose e-mail may start with `email` (typed with its "@"): those holding the rarest
   * word of its local part, for the caller to check. No table of whole addresses is kept.
   */
  private emailCandidates(email: string, check: (pos: number) => void): void {
    const words: string[] = [];
    wordTokens(emailLocalPart(email), words, false);
    let best = -1;
    for (const word of words) {
      const rank = this.secondary.rank(word);
      if (rank < 0) return;
      if (best < 0 || this.secondary.size(rank) < this.secondary.size(best)) best = rank;
    }
    if (best < 0) return;
    for (let p = this.secondary.start[best] as number; p < (this.secondary.start[best + 1] as number); p++) check(this.secondary.postings[p] as number);
  }

  /** Scores every overlay record (few: the changes since the last sync) by brute force. */
  private rankOverlay(parsed: ParsedQuery, tokens: QueryToken[]): Array<{ entry: OverlayEntry; score: number }> {
    const hits: Array<{ entry: OverlayEntry; score: number }> = [];
    for (const entry of this.overlay.values()) {
      let score = 0;
      let boost = 0;
      let all = true;
      for (const token of tokens) {
        const c = classInRecord(token, entry.keys);
        if (c === 0) {
          all = false;
          break;
        }
        score += c & CLASS_MASK;
        if (c & EMPLOYEE_ID_FLAG) boost = EMPLOYEE_ID_BOOST;
      }
      score += boost;
      for (const email of parsed.emails) {
        const c = entry.keys.email === email ? MATCH.exact : entry.keys.email.startsWith(email) ? MATCH.prefix : 0;
        if (c === 0) all = false;
        score += c;
      }
      if (all) hits.push({ entry, score });
    }
    return hits.sort((a, b) => b.score - a.score || a.entry.position - b.entry.position);
  }

  /**
   * Merges overlay hits (already ordered) into the ranked built records. References to overlay
   * records are negative: -(i + 1) for overlay hit i.
   */
  private mergeOverlay(ranked: Int32Array, scores: Uint8Array | null, hits: Array<{ entry: OverlayEntry; score: number }>): Int32Array {
    if (hits.length === 0) return ranked;
    const out = new Int32Array(ranked.length + hits.length);
    let i = 0;
    let k = 0;
    hits.forEach((hit, j) => {
      while (i < ranked.length) {
        const builtScore = scores ? (scores[i] as number) : 0;
        if (hit.score > builtScore || (hit.score === builtScore && hit.entry.position <= (ranked[i] as number))) break;
        out[k++] = ranked[i++] as number;
      }
      out[k++] = -(j + 1);
    });
    while (i < ranked.length) out[k++] = ranked[i++] as number;
    return out;
  }

  // ───────────────────────── lookups ─────────────────────────

  private allLive(): Int32Array {
    if (this.cachedAll) return this.cachedAll;
    const all = new Int32Array(this.records.length - this.deadCount);
    let k = 0;
    for (let pos = 0; pos < this.records.length; pos++) if (this.dead[pos] === 0) all[k++] = pos;
    this.cachedAll = all;
    return all;
  }

  private invalidate(): void {
    this.cachedAll = null;
    this.cachedQuery = null;
    this.singleCharacter.clear();
  }

  private positionOfId(id: number): number {
    let lo = 0;
    let hi = this.sortedIds.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const value = this.sortedIds[mid] as number;
      if (value === id) return this.byId[mid] as number;
      if (value < id) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  /** First built position that sorts at or after (last, first, id). */
  private namePosition(last: string, first: string, id: number): number {
    let lo = 0;
    let hi = this.records.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const c = compareText(this.lastKey[mid] as string, last) || compareText(this.firstKey[mid] as string, first) || (this.records[mid] as CardHolder).id - id;
      if (c < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

function addVariant(map: Map<string, number[]>, variant: string, index: number): void {
  const list = map.get(variant);
  if (list === undefined) map.set(variant, [index]);
  else if (list[list.length - 1] !== index) list.push(index);
}

/** A slip in the part of a long word typed so far: within one edit of its beginning. */
function typoInBeginning(text: string, word: string): boolean {
  const n = text.length;
  return withinOneEdit(text, word.slice(0, n)) || withinOneEdit(text, word.slice(0, n + 1)) || withinOneEdit(text, word.slice(0, n - 1));
}

/** Words of a name field, folded and split, cached per distinct text (names repeat). */
function cachedWords(text: string, cache: Map<string, string[]>, joined: boolean): string[] {
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

/** Where the facts of one record go while the index is built, or into an overlay entry's keys. */
interface KeySink {
  primary(word: string): void;
  secondary(word: string): void;
  employee(id: string): void;
  email(folded: string): void;
  phone(digits: string): void;
}

/** Sends what makes `record` findable to `sink` (a word may come twice; the sink keeps it once). */
function emitKeys(record: CardHolder, sink: KeySink, cache: Map<string, string[]>): void {
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

/** The keys of one record as arrays (overlay records are matched by brute force). */
function keysOf(record: CardHolder, cache: Map<string, string[]>, folds: FoldCache): RecordKeys {
  const keys: RecordKeys = {
    last: folds.fold(record.last_Name.trim()),
    first: folds.fold(record.first_Name.trim()),
    primary: [],
    secondary: [],
    employee: [],
    email: '',
    phone: '',
  };
  const once = (list: string[]) => (value: string) => {
    if (!list.includes(value)) list.push(value);
  };
  emitKeys(record, {
    primary: once(keys.primary),
    secondary: once(keys.secondary),
    employee: once(keys.employee),
    email: (folded) => (keys.email = folded),
    phone: (digits) => (keys.phone = digits),
  }, cache);
  return keys;
}

/** Words of a folded e-mail local part ("marie.dupont2" → marie, dupont2), as secondary words. */
function localWords(local: string, sink: Pick<KeySink, 'secondary'>): void {
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

/** Whether the records come in ascending id order (a service usually lists them so). */
function idsAscending(records: readonly CardHolder[]): boolean {
  for (let i = 1; i < records.length; i++) if ((records[i] as CardHolder).id <= (records[i - 1] as CardHolder).id) return false;
  return true;
}

/**
 * The order of records by folded last name, first name, id: distinct names are sorted once, then
 * two stable counting sorts (first name, then last name) over the id order — linear in records.
 */
function sortByName(records: readonly CardHolder[], last: readonly string[], first: readonly string[], ascending: boolean): Int32Array {
  const n = records.length;
  let order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  if (!ascending) order.sort((a, b) => (records[a] as CardHolder).id - (records[b] as CardHolder).id);
  for (const values of [first, last]) {
    const distinct = [...new Set(values)].sort();
    const rankOf = new Map<string, number>();
    distinct.forEach((value, i) => rankOf.set(value, i));
    const rank = new Int32Array(n);
    for (let i = 0; i < n; i++) rank[i] = rankOf.get(values[i] as string) as number;
    const next = new Int32Array(distinct.length + 1);
    for (let i = 0; i < n; i++) {
      const slot = (rank[i] as number) + 1;
      next[slot] = (next[slot] as number) + 1;
    }
    for (let r = 0; r < distinct.length; r++) next[r + 1] = (next[r + 1] as number) + (next[r] as number);
    const sorted = new Int32Array(n);
    for (let k = 0; k < n; k++) {
      const i = order[k] as number;
      const r = rank[i] as number;
      sorted[next[r] as number] = i;
      next[r] = (next[r] as number) + 1;
    }
    order = sorted;
  }
  return order;
}

/** How a typed word matches one record's keys (the brute-force path of the overlay). */
function classInRecord(token: QueryToken, keys: RecordKeys): number {
  const text = token.text;
  let best = 0;
  for (const term of keys.employee) {
    if (term === text) return MATCH.exact | EMPLOYEE_ID_FLAG;
    if (term.startsWith(text)) best = Math.max(best, MATCH.prefix);
  }
  const words = (terms: string[], minus: number): void => {
    for (const term of terms) {
      let c = 0;
      if (term === text) c = MATCH.exact;
      else if (term.startsWith(text)) c = MATCH.prefix;
      else if (!token.numeric && text.length >= SUBSTRING_MIN && term.includes(text)) c = MATCH.substring;
      else if (!token.numeric && text.length >= TYPO_MIN && (withinOneEdit(text, term) || (term.length > text.length + 1 && term.charAt(0) === text.charAt(0) && typoInBeginning(text, term)))) c = MATCH.typo;
      else if (!token.numeric && text.length === TYPO_MIN - 1 && term.length === TYPO_MIN && withinOneEdit(text, term)) c = MATCH.typo;
      if (c > 0) best = Math.max(best, c - minus);
    }
  };
  words(keys.primary, 0);
  words(keys.secondary, SECONDARY);
  if (token.numeric && text.length >= PHONE_MIN && keys.phone !== '') {
    if (keys.phone.startsWith(text)) best = Math.max(best, MATCH.prefix);
    else if (keys.phone.includes(text)) best = Math.max(best, MATCH.substring);
  }
  return best;
}
