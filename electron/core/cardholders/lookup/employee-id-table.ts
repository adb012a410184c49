/**
 * EmployeeIdTable: employee IDs (each unique per record in practice) for exact and prefix lookups.
 * IDs of digits without a leading zero (the usual case) are kept as numbers (id · 2^k + position,
 * sorted natively), since sorting hundreds of thousands of strings would dominate the build; any
 * other ID goes to a small sorted string table. A general data structure over (key, position).
 */
import { lowerBound, TermCollector, TermTable } from './term-table';

/** Digits without a leading zero, short enough for id · 2^k to stay exact in a double. */
const NUMERIC_ID = /^[1-9][0-9]{0,11}$/;
const MAX_NUMERIC_ID_DIGITS = 12;

/** Gathers the IDs of records read one after the other (`doc`: the record's number in reading order). */
export class EmployeeIdCollector {
  numeric = new Float64Array(1024);
  numericDoc = new Int32Array(1024);
  numericCount = 0;
  readonly other = new TermCollector();

  add(id: string, doc: number): void {
    if (!NUMERIC_ID.test(id)) return this.other.add(id, doc);
    if (this.numericCount === this.numeric.length) {
      const grown = new Float64Array(this.numericCount * 2);
      grown.set(this.numeric);
      this.numeric = grown;
      const docs = new Int32Array(this.numericCount * 2);
      docs.set(this.numericDoc);
      this.numericDoc = docs;
    }
    this.numericDoc[this.numericCount] = doc;
    this.numeric[this.numericCount++] = Number(id);
  }
}

export class EmployeeIdTable {
  private readonly keys: Float64Array;
  /** id · shift + position must stay exact in a double for 12-digit ids. */
  private readonly shift: number;
  private readonly other: TermTable;

  /** `records`: how many; `order` (optional): order[position] is the record's number in reading order. */
  constructor(collected: EmployeeIdCollector, records: number, order?: Int32Array) {
    this.shift = 2 ** Math.max(1, Math.ceil(Math.log2(records + 1)));
    let positionOf: Int32Array | null = null;
    if (order) {
      positionOf = new Int32Array(order.length);
      for (let p = 0; p < order.length; p++) positionOf[order[p] as number] = p;
    }
    const keys = new Float64Array(collected.numericCount);
    for (let i = 0; i < keys.length; i++) {
      const doc = collected.numericDoc[i] as number;
      keys[i] = (collected.numeric[i] as number) * this.shift + (positionOf ? (positionOf[doc] as number) : doc);
    }
    this.keys = keys.sort();
    this.other = new TermTable(collected.other, order);
  }

  /** Calls `mark` for every record whose employee ID starts with `text` (exact: it is the whole ID). */
  find(text: string, mark: (pos: number, exact: boolean) => void): void {
    const [lo, hi] = this.other.range(text);
    for (let rank = lo; rank < hi; rank++) {
      const exact = this.other.terms[rank] === text;
      this.other.each(rank, (pos) => mark(pos, exact));
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
