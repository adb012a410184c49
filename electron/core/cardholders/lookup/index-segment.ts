/**
 * IndexSegment: the lookup tables over one set of cardholders, built at once — the records in name
 * order, the term dictionaries of name words, secondary words and value words (city, e-mail
 * domain, tenant and type keys: record-keys.ts) with their posting lists, the employee IDs, e-mail addresses, phone digits, the distinct words with their one-deletion
 * variants (typo tolerance) and the positions by id. The index holds one segment for the sync and
 * one, rebuilt when needed, for the records changed after it; segment-matcher.ts ranks either.
 */
import type { CardHolder } from '../../service/access-service';
import { EmployeeIdCollector, EmployeeIdTable } from './employee-id-table';
import { compareNames, idsAscending, sortByName } from './name-order';
import { PHONE_MIN, PhoneGrams } from './phone-grams';
import { emitKeys, type KeySink, type WordCache } from './record-keys';
import { emailLocalPart, WORD_CHARS, wordTokens, type FoldCache } from './search-text';
import { TermCollector, TermTable } from './term-table';
import type { WordMatches } from './word-matches';

/** Typed words this long or longer may hold one typo; one letter shorter, a letter missing from a name this long. */
export const TYPO_MIN = 5;

export class IndexSegment {
  /** Records in name order (last, first, id). */
  readonly records: CardHolder[];
  readonly lastKey: string[];
  readonly firstKey: string[];
  readonly primary: TermTable;
  readonly secondary: TermTable;
  /** What a person is: city and e-mail-domain words, tenant and type keys (record-keys.ts). */
  readonly values: TermTable;
  readonly employee: EmployeeIdTable;
  /** Folded e-mail address per position ('' when none). */
  readonly emailKey: string[];
  /** Every distinct name word (sorted), for substring and typo scans, and where it is in each table. */
  readonly words: string[];
  readonly wordRanks: Int32Array;
  /** One-deletion variants of name words → indexes into `words` (typo tolerance). */
  readonly deletions: Map<string, number[]>;
  /** Phone numbers (digits only) and whose they are, with each four-digit gram's phones. */
  readonly phones: PhoneGrams;
  /** Record positions sorted by id, and the ids in that order. */
  private readonly byId: Int32Array;
  private readonly sortedIds: Float64Array;
  /** Scratch match lists of the matcher, one per query word, kept between queries. */
  readonly matches: WordMatches[] = [];

  /** Builds the tables over records already checked (ids unique). `onProgress` gets records done. */
  constructor(input: readonly CardHolder[], folds: FoldCache, words: WordCache, onProgress?: (done: number) => void) {
    const n = input.length;
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
    this.emailKey = new Array<string>(n);
    const primary = new TermCollector();
    const secondary = new TermCollector();
    const values = new TermCollector();
    const employee = new EmployeeIdCollector(n);
    const phoneDigits: string[] = [];
    const phoneDoc: number[] = [];
    let pos = 0;
    const sink: KeySink = {
      primary: (word) => primary.add(word, pos),
      secondary: (word) => secondary.add(word, pos),
      value: (word) => values.add(word, pos),
      employee: (id) => employee.add(id, pos),
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
      emitKeys(record, sink, words);
      if (onProgress && (pos + 1) % 50_000 === 0) onProgress(pos + 1);
    }
    this.primary = new TermTable(primary);
    this.secondary = new TermTable(secondary);
    this.values = new TermTable(values);
    this.employee = new EmployeeIdTable(employee);
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
      for (let p = 0; p < n; p++) this.byId[order[p] as number] = p;
    } else {
      for (let i = 0; i < n; i++) this.byId[i] = i;
      this.byId.sort((a, b) => (this.records[a] as CardHolder).id - (this.records[b] as CardHolder).id);
    }
    for (let i = 0; i < n; i++) this.sortedIds[i] = (this.records[this.byId[i] as number] as CardHolder).id;
  }

  get length(): number {
    return this.records.length;
  }

  /**
   * What the tables hold, counted: terms and postings of the three dictionaries, distinct words, and
   * the one-deletion variants with their characters (the part that grows with a word's length).
   */
  entries(): { terms: number; postings: number; words: number; variants: number; variantChars: number } {
    let variants = 0;
    let variantChars = 0;
    for (const [variant, list] of this.deletions) {
      variants += list.length;
      variantChars += variant.length;
    }
    const tables = [this.primary, this.secondary, this.values];
    return {
      terms: tables.reduce((sum, t) => sum + t.terms.length, 0),
      postings: tables.reduce((sum, t) => sum + t.postings.length, 0),
      words: this.words.length,
      variants,
      variantChars,
    };
  }

  /** The position of the record at rank `i` of the id order. */
  positionAtIdRank(i: number): number {
    return this.byId[i] as number;
  }

  /** Where the record with this id is (-1: not in this segment). */
  positionOfId(id: number): number {
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

  /** The name order of position `a` of this segment against position `b` of `other`. */
  compareAt(a: number, other: IndexSegment, b: number): number {
    return compareNames(
      this.lastKey[a] as string, this.firstKey[a] as string, (this.records[a] as CardHolder).id,
      other.lastKey[b] as string, other.firstKey[b] as string, (other.records[b] as CardHolder).id,
    );
  }

  /** First position that sorts at or after (last, first, id). */
  namePosition(last: string, first: string, id: number): number {
    let lo = 0;
    let hi = this.records.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const c = compareNames(this.lastKey[mid] as string, this.firstKey[mid] as string, (this.records[mid] as CardHolder).id, last, first, id);
      if (c < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /**
   * Records whose e-mail may start with `email` (typed with its "@"): those holding the rarest
   * word of its local part, for the caller to check. No table of whole addresses is kept.
   */
  emailCandidates(email: string, check: (pos: number) => void): void {
    const words: string[] = [];
    wordTokens(emailLocalPart(email), words, false);
    let best = -1;
    for (const word of words) {
      const rank = this.secondary.rank(word.slice(0, WORD_CHARS));
      if (rank < 0) return;
      if (best < 0 || this.secondary.size(rank) < this.secondary.size(best)) best = rank;
    }
    if (best < 0) return;
    this.secondary.each(best, check);
  }
}

function addVariant(map: Map<string, number[]>, variant: string, index: number): void {
  const list = map.get(variant);
  if (list === undefined) map.set(variant, [index]);
  else if (list[list.length - 1] !== index) list.push(index);
}
