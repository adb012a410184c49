/**
 * Record stores: where an index segment keeps its cardholders' full records. PackedRecords holds
 * each record as the JSON text it came in (UTF-8 bytes in blocks of a mebibyte, offsets in typed
 * arrays), with each known field's name as one byte and no whitespace (packFields: about half the
 * bytes): a few large buffers instead of hundreds of thousands of JavaScript objects, and a
 * record object is made only when one is read (a page of results, get(id), a duplicate). Within a
 * block the records are separated by commas, so each block unpacked is a piece of a JSON array
 * (the snapshot is written from them). HeldRecords keeps objects as they are
 * (the few records changed after a sync, tests). Plain data; no I/O.
 */
import type { CardHolder } from '../../service/access-service';
import { fillNullFields } from '../checks/record-check';

export interface RecordStore {
  readonly length: number;
  /** The record stored `i`-th (a new object for a packed store). */
  record(i: number): CardHolder;
}

/** Objects as they are. */
export class HeldRecords implements RecordStore {
  constructor(private readonly records: readonly CardHolder[]) {}

  get length(): number {
    return this.records.length;
  }

  record(i: number): CardHolder {
    return this.records[i] as CardHolder;
  }
}

const BLOCK_BYTES = 1 << 20;
const COMMA = 0x2c;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;

/**
 * The record fields whose `"name":` is kept as one byte (half of a record's JSON is its field
 * names). The codes are control bytes other than JSON's whitespace: JSON text holds none of them
 * raw (within strings they are escaped, and whitespace outside strings is dropped when packing).
 */
const PACKED_FIELDS = [
  'id', 'displayName', 'first_Name', 'last_Name', 'middle_Name', 'card_Holder_Letter_ID', 'employee_ID', 'displayEmployeeId',
  'email', 'sex', 'phone', 'address1', 'address2', 'city', 'state', 'zip', 'birthday', 'created', 'updated', 'tenant',
  'photo_Exists', 'card_Holder_Type_ID', 'card_Holder_ID', 'name',
] as const;
const CODES = [1, 2, 3, 4, 5, 6, 7, 8, 11, 12, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31];
/** `"name"` as bytes, per field (same index as PACKED_FIELDS). */
const FIELD_BYTES = PACKED_FIELDS.map((field) => Buffer.from(JSON.stringify(field)));
/** `"name":` as bytes, by code byte (undefined: no code). */
const UNPACKED_BYTES: Array<Buffer | undefined> = [];
PACKED_FIELDS.forEach((field, i) => {
  UNPACKED_BYTES[CODES[i] as number] = Buffer.from(`${JSON.stringify(field)}:`);
});

/** Bytes `packed[from, to)` with each code byte back as its `"name":`: their length, or into `out` from 0 (null: only measure). */
function unpackInto(packed: Uint8Array, from: number, to: number, out: Uint8Array | null): number {
  let o = 0;
  for (let i = from; i < to; i++) {
    const c = packed[i] as number;
    const name = c < 0x20 ? UNPACKED_BYTES[c] : undefined;
    if (name === undefined) {
      if (out) out[o] = c;
      o++;
    } else if (out) {
      for (let k = 0; k < name.length; k++) out[o++] = name[k] as number;
    } else {
      o += name.length;
    }
  }
  return o;
}

/** A block's records unpacked, for the snapshot (a byte loop, no string made). */
function unpackBytes(packed: Uint8Array): Buffer {
  const out = Buffer.allocUnsafe(unpackInto(packed, 0, packed.length, null));
  unpackInto(packed, 0, packed.length, out);
  return out;
}

/**
 * Copies one JSON object's bytes into `out` from `at`, without whitespace outside strings and with
 * each known field's `"name":` as its code byte. Answers where the copy ends. `out` must hold
 * `bytes.length` from `at`.
 */
function packFields(bytes: Uint8Array, out: Uint8Array, at: number): number {
  let o = at;
  let depth = 0;
  let expectKey = false;
  let next = 0;
  const n = bytes.length;
  for (let i = 0; i < n; i++) {
    const c = bytes[i] as number;
    if (c === QUOTE) {
      // A string: copied whole, unless it is a known field's name at the record's own level.
      let end = i + 1;
      for (let escaped = false; end < n; end++) {
        const d = bytes[end] as number;
        if (escaped) escaped = false;
        else if (d === BACKSLASH) escaped = true;
        else if (d === QUOTE) break;
      }
      if (expectKey && depth === 1) {
        expectKey = false;
        let colon = end + 1;
        while (colon < n && isSpace(bytes[colon] as number)) colon++;
        const field = bytes[colon] === COLON ? fieldAt(bytes, i, end + 1, next) : -1;
        if (field >= 0) {
          out[o++] = CODES[field] as number;
          next = field + 1;
          i = colon;
          continue;
        }
      }
      out.set(bytes.subarray(i, end + 1), o);
      o += end + 1 - i;
      i = end;
      continue;
    }
    if (isSpace(c)) continue;
    if (c === 0x7b || c === 0x5b) depth++;
    else if (c === 0x7d || c === 0x5d) depth--;
    if (depth === 1 && (c === 0x7b || c === COMMA)) expectKey = true;
    out[o++] = c;
  }
  return o;
}

const isSpace = (c: number): boolean => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/** The known field whose `"name"` is bytes[from, to) (the one expected next tried first), or -1. */
function fieldAt(bytes: Uint8Array, from: number, to: number, expected: number): number {
  const same = (field: number): boolean => {
    const name = FIELD_BYTES[field] as Buffer;
    if (name.length !== to - from) return false;
    for (let k = 0; k < name.length; k++) if (name[k] !== bytes[from + k]) return false;
    return true;
  };
  if (expected < FIELD_BYTES.length && same(expected)) return expected;
  for (let field = 0; field < FIELD_BYTES.length; field++) if (same(field)) return field;
  return -1;
}

/** Records as JSON bytes, packed. */
export class PackedRecords implements RecordStore {
  private readonly blocks: Buffer[] = [];
  private blockUsed = 0;
  private blockOf = new Uint32Array(1024);
  private startOf = new Uint32Array(1024);
  private endOf = new Uint32Array(1024);
  private count = 0;
  private scratch = Buffer.allocUnsafeSlow(16 << 10);

  get length(): number {
    return this.count;
  }

  /** Bytes held (the blocks' sizes). */
  get byteLength(): number {
    return this.blocks.reduce((sum, block) => sum + block.byteLength, 0);
  }

  /** Adds one record's JSON text (a whole JSON object, as UTF-8), packed (packFields). */
  add(bytes: Uint8Array): void {
    let block = this.blocks[this.blocks.length - 1];
    const need = bytes.byteLength + 1;
    if (!block || this.blockUsed + need > block.byteLength) {
      block = Buffer.allocUnsafeSlow(Math.max(BLOCK_BYTES, need));
      this.blocks.push(block);
      this.blockUsed = 0;
    } else if (this.blockUsed > 0) {
      block[this.blockUsed++] = COMMA;
    }
    if (this.count === this.blockOf.length) this.grow();
    this.blockOf[this.count] = this.blocks.length - 1;
    this.startOf[this.count] = this.blockUsed;
    this.blockUsed = packFields(bytes, block, this.blockUsed);
    this.endOf[this.count] = this.blockUsed;
    this.count++;
  }

  record(i: number): CardHolder {
    const block = this.blocks[this.blockOf[i] as number] as Buffer;
    const start = this.startOf[i] as number;
    const end = this.endOf[i] as number;
    // Unpacked into a scratch buffer (no string per field name), then parsed.
    const length = unpackInto(block, start, end, null);
    if (this.scratch.length < length) this.scratch = Buffer.allocUnsafeSlow(length);
    unpackInto(block, start, end, this.scratch);
    const record = JSON.parse(this.scratch.toString('utf8', 0, length)) as CardHolder;
    fillNullFields(record);
    return record;
  }

  /** The records as one JSON array, in pieces (a block's records at a time, unpacked). */
  *arrayPieces(): Generator<Uint8Array> {
    yield Buffer.from('[');
    const last = this.blocks.length - 1;
    for (let b = 0; b <= last; b++) {
      if (b > 0) yield Buffer.from(',');
      const block = this.blocks[b] as Buffer;
      const used = b === last ? this.blockUsed : (this.endOf[this.lastInBlock(b)] ?? 0);
      yield unpackBytes(block.subarray(0, used));
    }
    yield Buffer.from(']');
  }

  /** Trims the offset tables to what is used (after the last add). */
  seal(): void {
    this.blockOf = this.blockOf.slice(0, this.count);
    this.startOf = this.startOf.slice(0, this.count);
    this.endOf = this.endOf.slice(0, this.count);
  }

  private lastInBlock(b: number): number {
    // Records are added in order: the last record of block b is the one before the first of b + 1.
    let lo = 0;
    let hi = this.count;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.blockOf[mid] as number) <= b) lo = mid + 1;
      else hi = mid;
    }
    return lo - 1;
  }

  private grow(): void {
    const size = Math.max(1024, this.blockOf.length * 2);
    for (const name of ['blockOf', 'startOf', 'endOf'] as const) {
      const grown = new Uint32Array(size);
      grown.set(this[name]);
      this[name] = grown;
    }
  }
}
