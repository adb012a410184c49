/**
 * Record stores: where an index segment keeps its cardholders' full records. PackedRecords holds
 * each record as the JSON text it came in (UTF-8 bytes in blocks of a mebibyte, offsets in typed
 * arrays): a few large buffers instead of hundreds of thousands of JavaScript objects, and a
 * record object is made only when one is read (a page of results, get(id), a duplicate). Within a
 * block the records are separated by commas, so the used part of each block is a piece of a JSON
 * array (the snapshot is written from them as they are). HeldRecords keeps objects as they are
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

/** Records as JSON bytes, packed. */
export class PackedRecords implements RecordStore {
  private readonly blocks: Buffer[] = [];
  private blockUsed = 0;
  private blockOf = new Uint32Array(1024);
  private startOf = new Uint32Array(1024);
  private endOf = new Uint32Array(1024);
  private count = 0;

  get length(): number {
    return this.count;
  }

  /** Bytes held (the blocks' sizes). */
  get byteLength(): number {
    return this.blocks.reduce((sum, block) => sum + block.byteLength, 0);
  }

  /** Adds one record's JSON text (a whole JSON object, as UTF-8). */
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
    block.set(bytes, this.blockUsed);
    this.blockOf[this.count] = this.blocks.length - 1;
    this.startOf[this.count] = this.blockUsed;
    this.blockUsed += bytes.byteLength;
    this.endOf[this.count] = this.blockUsed;
    this.count++;
  }

  record(i: number): CardHolder {
    const block = this.blocks[this.blockOf[i] as number] as Buffer;
    const record = JSON.parse(block.toString('utf8', this.startOf[i], this.endOf[i])) as CardHolder;
    fillNullFields(record);
    return record;
  }

  /** The records as one JSON array, in pieces (the blocks' used parts, no copy). */
  *arrayPieces(): Generator<Uint8Array> {
    yield Buffer.from('[');
    const last = this.blocks.length - 1;
    for (let b = 0; b <= last; b++) {
      if (b > 0) yield Buffer.from(',');
      const block = this.blocks[b] as Buffer;
      yield b === last ? block.subarray(0, this.blockUsed) : block.subarray(0, this.endOf[this.lastInBlock(b)] ?? 0);
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
