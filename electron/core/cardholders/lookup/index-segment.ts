/**
 * IndexSegment: the lookup tables over one set of cardholders, built at once — the records in name
 * order, the term dictionaries of name words, secondary words and value words (city, e-mail
 * domain, tenant and type keys: record-keys.ts) with their posting lists, the employee IDs, e-mail addresses, phone digits, the distinct words with their one-deletion
 * variants (typo tolerance) and the positions by id. The index holds one segment for the sync and
 * one, rebuilt when needed, for the records changed after it; segment-matcher.ts ranks either.
 * The records themselves stay in a RecordStore (packed JSON for the sync: record-store.ts); the
 * segment keeps what ranking and the name order need in its own arrays, and makes a record object
 * only when one is read. SegmentBuilder reads the records one at a time as they arrive (a list
 * checked while it downloads), in any order; the positions in name order are settled at the end.
 */
import type { CardHolder } from '../../service/access-service';
import { HeldRecords, type RecordStore } from './record-store';
import { EmployeeIdCollector, EmployeeIdTable } from './employee-id-table';
import { compareNames, idsAscending, sortByName } from './name-order';
import { PHONE_MIN, PhoneGrams } from './phone-grams';
import { emitKeys, type KeySink, type WordCache } from './record-keys';
import { emailLocalPart, WORD_CHARS, wordTokens, type FoldCache } from './search-text';
import { TermCollector, TermTable } from './term-table';
import type { WordMatches } from './word-matches';

/** Typed words this long or longer may hold one typo; one letter shorter, a letter missing from a name this long. */
export const TYPO_MIN = 5;

/** What one segment's tables are made of, read one record at a time in reading order. */
export class SegmentBuilder {
  private count = 0;
  private ids = new Float64Array(1024);
  private types = new Int32Array(1024);
  private tenantSets = new Int32Array(1024);
  private readonly tenantSetIds = new Map<string, number>();
  private readonly tenantSetList: number[][] = [];
  private readonly last: string[] = [];
  private readonly first: string[] = [];
  private readonly emails: string[] = [];
  private readonly primary = new TermCollector();
  private readonly secondary = new TermCollector();
  private readonly values = new TermCollector();
  private readonly employee = new EmployeeIdCollector();
  private readonly phoneDigits: string[] = [];
  private readonly phoneDoc: number[] = [];
  /** Distinct first and last names as written (the nearest-name suggestions read them). */
  private readonly names = new Set<string>();
  private readonly sink: KeySink;

  constructor(
    private readonly folds: FoldCache,
    private readonly words: WordCache,
  ) {
    this.sink = {
      primary: (word) => this.primary.add(word, this.count),
      secondary: (word) => this.secondary.add(word, this.count),
      value: (word) => this.values.add(word, this.count),
      employee: (id) => this.employee.add(id, this.count),
      email: (folded) => {
        this.emails[this.count] = folded;
      },
      phone: (digits) => {
        if (digits.length < PHONE_MIN) return;
        this.phoneDigits.push(digits);
        this.phoneDoc.push(this.count);
      },
    };
  }

  get length(): number {
    return this.count;
  }

  /** Reads the next record (its number in the store is its number in reading order). */
  add(record: CardHolder): void {
    const i = this.count;
    if (i === this.ids.length) this.grow();
    this.ids[i] = record.id;
    this.types[i] = record.card_Holder_Type_ID;
    this.tenantSets[i] = this.tenantSet(record.tenant);
    this.names.add(record.first_Name);
    this.names.add(record.last_Name);
    this.last.push(this.folds.fold(record.last_Name.trim()));
    this.first.push(this.folds.fold(record.first_Name.trim()));
    this.emails.push('');
    emitKeys(record, this.sink, this.words);
    this.count++;
  }

  /** The segment over what was read; `store.record(i)` is the i-th record read. */
  finish(store: RecordStore, onProgress?: (done: number) => void): IndexSegment {
    return new IndexSegment(this.parts(store), onProgress);
  }

  private parts(store: RecordStore): SegmentParts {
    const n = this.count;
    const ids = this.ids.subarray(0, n);
    const ascending = idsAscending(ids);
    const order = sortByName(ids, this.last, this.first, ascending);
    return {
      n,
      order,
      ascending,
      ids,
      types: this.types.subarray(0, n),
      tenantSets: this.tenantSets.subarray(0, n),
      tenantSetList: this.tenantSetList,
      last: this.last,
      first: this.first,
      emails: this.emails,
      primary: this.primary,
      secondary: this.secondary,
      values: this.values,
      employee: this.employee,
      phoneDigits: this.phoneDigits,
      phoneDoc: this.phoneDoc,
      names: this.names,
      store,
    };
  }

  private tenantSet(tenants: readonly number[]): number {
    const key = tenants.join(',');
    let id = this.tenantSetIds.get(key);
    if (id === undefined) {
      id = this.tenantSetList.length;
      this.tenantSetIds.set(key, id);
      this.tenantSetList.push([...tenants]);
    }
    return id;
  }

  private grow(): void {
    const size = this.ids.length * 2;
    const ids = new Float64Array(size);
    ids.set(this.ids);
    this.ids = ids;
    const types = new Int32Array(size);
    types.set(this.types);
    this.types = types;
    const sets = new Int32Array(size);
    sets.set(this.tenantSets);
    this.tenantSets = sets;
  }
}

interface SegmentParts {
  n: number;
  /** order[position] = the record's number in reading order. */
  order: Int32Array;
  ascending: boolean;
  ids: Float64Array;
  types: Int32Array;
  tenantSets: Int32Array;
  tenantSetList: number[][];
  last: string[];
  first: string[];
  emails: string[];
  primary: TermCollector;
  secondary: TermCollector;
  values: TermCollector;
  employee: EmployeeIdCollector;
  phoneDigits: string[];
  phoneDoc: number[];
  names: Set<string>;
  store: RecordStore;
}

/** What a segment tells of a record without reading it whole (the directory's value counts). */
export interface RecordValues {
  id: number;
  tenant: number[];
  card_Holder_Type_ID: number;
}

export class IndexSegment {
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
  /** Per position: the record's number in the store, its id, type and tenant set. */
  private readonly storeAt: Int32Array;
  private readonly idAt: Float64Array;
  private readonly typeAt: Int32Array;
  private readonly tenantSetAt: Int32Array;
  private readonly tenantSetList: number[][];
  private readonly store: RecordStore;
  /** Distinct first and last names as written, of every record built in. */
  readonly names: ReadonlySet<string>;
  /** Scratch match lists of the matcher, one per query word, kept between queries. */
  readonly matches: WordMatches[] = [];

  /** Builds the tables over records already checked (ids unique). */
  static of(records: readonly CardHolder[], folds: FoldCache, words: WordCache, onProgress?: (done: number) => void): IndexSegment {
    const builder = new SegmentBuilder(folds, words);
    for (const record of records) builder.add(record);
    return builder.finish(new HeldRecords(records), onProgress);
  }

  constructor(parts: SegmentParts, onProgress?: (done: number) => void) {
    const { n, order } = parts;
    this.store = parts.store;
    this.names = parts.names;
    this.tenantSetList = parts.tenantSetList;
    this.lastKey = new Array<string>(n);
    this.firstKey = new Array<string>(n);
    this.emailKey = new Array<string>(n);
    this.storeAt = order;
    this.idAt = new Float64Array(n);
    this.typeAt = new Int32Array(n);
    this.tenantSetAt = new Int32Array(n);
    for (let pos = 0; pos < n; pos++) {
      const from = order[pos] as number;
      this.lastKey[pos] = parts.last[from] as string;
      this.firstKey[pos] = parts.first[from] as string;
      this.emailKey[pos] = parts.emails[from] as string;
      this.idAt[pos] = parts.ids[from] as number;
      this.typeAt[pos] = parts.types[from] as number;
      this.tenantSetAt[pos] = parts.tenantSets[from] as number;
      if (onProgress && (pos + 1) % 50_000 === 0) onProgress(pos + 1);
    }
    this.primary = new TermTable(parts.primary, order);
    this.secondary = new TermTable(parts.secondary, order);
    this.values = new TermTable(parts.values, order);
    this.employee = new EmployeeIdTable(parts.employee, n, order);
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
    // Phones in position order, their owners as positions.
    const positionOf = new Int32Array(n);
    for (let p = 0; p < n; p++) positionOf[order[p] as number] = p;
    // (A record has one phone at most: entry by position, no sort.)
    const phoneAt = new Int32Array(n).fill(-1);
    parts.phoneDoc.forEach((doc, entry) => {
      phoneAt[positionOf[doc] as number] = entry;
    });
    const phoneDigits: string[] = [];
    const phoneOwners: number[] = [];
    for (let p = 0; p < n; p++) {
      const entry = phoneAt[p] as number;
      if (entry < 0) continue;
      phoneDigits.push(parts.phoneDigits[entry] as string);
      phoneOwners.push(p);
    }
    this.phones = new PhoneGrams(phoneDigits, phoneOwners);
    // Positions in id order: the inverse of the name order when the input came in id order.
    this.byId = new Int32Array(n);
    this.sortedIds = new Float64Array(n);
    if (parts.ascending) {
      this.byId.set(positionOf);
    } else {
      for (let i = 0; i < n; i++) this.byId[i] = i;
      this.byId.sort((a, b) => (this.idAt[a] as number) - (this.idAt[b] as number));
    }
    for (let i = 0; i < n; i++) this.sortedIds[i] = this.idAt[this.byId[i] as number] as number;
  }

  /** The record at `pos` (made from the store: read it once per use). */
  record(pos: number): CardHolder {
    return this.store.record(this.storeAt[pos] as number);
  }

  /** The id of the record at `pos`. */
  idOf(pos: number): number {
    return this.idAt[pos] as number;
  }

  /** The id, tenants and type of the record at `pos`, without reading the record. */
  valuesOf(pos: number): RecordValues {
    return { id: this.idAt[pos] as number, tenant: this.tenantSetList[this.tenantSetAt[pos] as number] as number[], card_Holder_Type_ID: this.typeAt[pos] as number };
  }

  get length(): number {
    return this.idAt.length;
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
      this.lastKey[a] as string, this.firstKey[a] as string, this.idAt[a] as number,
      other.lastKey[b] as string, other.firstKey[b] as string, other.idAt[b] as number,
    );
  }

  /** First position that sorts at or after (last, first, id). */
  namePosition(last: string, first: string, id: number): number {
    let lo = 0;
    let hi = this.idAt.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const c = compareNames(this.lastKey[mid] as string, this.firstKey[mid] as string, this.idAt[mid] as number, last, first, id);
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
