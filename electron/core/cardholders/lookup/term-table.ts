/**
 * TermTable: a sorted dictionary of terms, each with the ascending positions of the records that
 * hold it (a posting list), packed in two typed arrays; TermCollector gathers the (term, record)
 * pairs while records are read in order. Also `prefixRange`, the binary search over sorted terms.
 * General data structures: nothing here knows what a cardholder is.
 */
import type { WordMatches } from './word-matches';

/** Collects (term, record) pairs while records are read in ascending position. */
export class TermCollector {
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
export class TermTable {
  readonly terms: string[];
  readonly start: Int32Array;
  readonly postings: Int32Array;

  /**
   * `order` (optional): the records were collected in another order than the table's positions;
   * `order[position]` is the record's number in the collector (its pairs come out by position).
   */
  constructor(collector: TermCollector, order?: Int32Array) {
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
    if (order) {
      // Each record's pairs are together (records are read one after the other): visit them by position.
      const docStart = new Int32Array(order.length + 1);
      for (let i = 0; i < count; i++) {
        const slot = (pairDoc[i] as number) + 1;
        docStart[slot] = (docStart[slot] as number) + 1;
      }
      for (let d = 0; d < order.length; d++) docStart[d + 1] = (docStart[d + 1] as number) + (docStart[d] as number);
      for (let p = 0; p < order.length; p++) {
        const doc = order[p] as number;
        for (let i = docStart[doc] as number, end = docStart[doc + 1] as number; i < end; i++) {
          const rank = rankOfId[pairTerm[i] as number] as number;
          postings[fill[rank] as number] = p;
          fill[rank] = (fill[rank] as number) + 1;
        }
      }
    } else {
      // Pairs come in record order, so each list comes out ascending.
      for (let i = 0; i < count; i++) {
        const rank = rankOfId[pairTerm[i] as number] as number;
        postings[fill[rank] as number] = pairDoc[i] as number;
        fill[rank] = (fill[rank] as number) + 1;
      }
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

  /** Calls `visit` with each record holding the term at `rank`, ascending. */
  each(rank: number, visit: (doc: number) => void): void {
    const { postings } = this;
    for (let p = this.start[rank] as number, end = this.start[rank + 1] as number; p < end; p++) visit(postings[p] as number);
  }

  /** Marks every record holding the term at `rank`. */
  mark(rank: number, into: WordMatches, cls: number): void {
    const { postings } = this;
    for (let p = this.start[rank] as number, end = this.start[rank + 1] as number; p < end; p++) into.set(postings[p] as number, cls);
  }
}

/** Ranks of the terms of a sorted list that start with `prefix`. */
export function prefixRange(sorted: readonly string[], prefix: string): [number, number] {
  return [lowerBound(sorted, prefix), lowerBound(sorted, prefix + '\uffff')];
}

/** The first index of an ascending list whose value is not below `value`. */
export function lowerBound<T extends string | number>(sorted: ArrayLike<T>, value: T): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((sorted[mid] as T) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
