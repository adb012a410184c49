/**
 * ListStream: splits a JSON array into its items while its bytes download, so that each piece can
 * be parsed, checked and indexed before the rest arrives (no text of the whole list, no array of
 * every record at once). It tracks only what it must to find the items' bounds — nesting depth,
 * strings and their escapes — and leaves the items' own syntax to JSON.parse. An answer that is
 * not a bare array (a list wrapped in an object, an empty or non-JSON answer) is not split: the
 * caller keeps its bytes and reads it whole. Plain byte loops; no I/O.
 */

/** Items found in one push: their bytes are `buffer[starts[k], ends[k])`. */
export interface ItemBatch {
  buffer: Buffer;
  starts: number[];
  ends: number[];
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

const isSpace = (c: number): boolean => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

export class ListStream {
  /**
   * `start`: before the array's "["; `items`: within it; `end`: after its "]"; `whole`: the answer
   * is no bare array (read it whole); `broken`: not JSON.
   */
  state: 'start' | 'items' | 'end' | 'whole' | 'broken' = 'start';
  /** Bytes of an item not yet complete, from its start. */
  private carry: Buffer | null = null;
  /** Where scanning resumes in carry + next chunk. */
  private resume = 0;
  private depth = 0;
  private inString = false;
  private inItem = false;
  /** A comma was read and no item after it yet. */
  private afterComma = false;
  private itemStart = 0;
  private lastSolid = -1;
  private bom = 0;

  /** Takes the next bytes; answers the items they complete (null: none). */
  push(chunk: Uint8Array): ItemBatch | null {
    if (this.state === 'whole' || this.state === 'broken') return null;
    let buffer = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    let i = 0;
    if (this.state === 'start') {
      for (; i < buffer.length && this.state === 'start'; i++) {
        const c = buffer[i] as number;
        // A UTF-8 byte-order mark (EF BB BF) before the text.
        if (this.bom < 3 && c === [0xef, 0xbb, 0xbf][this.bom] && i === this.bom) {
          this.bom++;
          continue;
        }
        if (isSpace(c)) continue;
        this.state = c === OPEN_BRACKET ? 'items' : 'whole';
      }
      if (this.state !== 'items') return null;
    } else if (this.state === 'items' && this.carry) {
      buffer = Buffer.concat([this.carry, buffer]);
      i = this.resume;
    } else if (this.state === 'items') {
      i = this.resume;
    }
    if (this.state === 'end') {
      this.checkEnd(buffer, i);
      return null;
    }
    const starts: number[] = [];
    const ends: number[] = [];
    const n = buffer.length;
    while (i < n) {
      if (this.inString) {
        const quote = buffer.indexOf(QUOTE, i);
        if (quote < 0) {
          i = n;
          break;
        }
        let slashes = 0;
        for (let k = quote - 1; k >= 0 && buffer[k] === BACKSLASH; k--) slashes++;
        i = quote + 1;
        if (slashes % 2 === 0) {
          this.inString = false;
          this.lastSolid = quote;
        }
        continue;
      }
      const c = buffer[i] as number;
      if (this.depth === 0 && (c === COMMA || c === CLOSE_BRACKET)) {
        if (this.inItem) {
          starts.push(this.itemStart);
          ends.push(this.lastSolid + 1);
          this.inItem = false;
        } else if (this.afterComma || (c === COMMA && starts.length === 0 && !this.seenItem)) {
          this.state = 'broken';
          return null;
        }
        this.afterComma = c === COMMA;
        if (c === COMMA) this.seenItem = true;
        i++;
        if (c === CLOSE_BRACKET) {
          this.state = 'end';
          this.checkEnd(buffer, i);
          break;
        }
        continue;
      }
      if (isSpace(c)) {
        i++;
        continue;
      }
      if (!this.inItem) {
        this.inItem = true;
        this.afterComma = false;
        this.seenItem = true;
        this.itemStart = i;
      }
      if (c === QUOTE) this.inString = true;
      else if (c === OPEN_BRACE || c === OPEN_BRACKET) this.depth++;
      else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
        if (this.depth === 0) {
          this.state = 'broken';
          return null;
        }
        this.depth--;
      }
      this.lastSolid = i;
      i++;
    }
    if (this.state === 'items' && this.inItem) {
      this.carry = Buffer.from(buffer.subarray(this.itemStart));
      this.resume = n - this.itemStart;
      this.lastSolid -= this.itemStart;
      this.itemStart = 0;
    } else {
      this.carry = null;
      this.resume = 0;
    }
    return starts.length === 0 ? null : { buffer, starts, ends };
  }

  /** The answer is complete: true when it was a whole array, items and all. */
  get complete(): boolean {
    return this.state === 'end';
  }

  /** An item was read, or a comma (so "[" + "," is no list). */
  private seenItem = false;

  private checkEnd(buffer: Buffer, from: number): void {
    for (let i = from; i < buffer.length; i++) {
      if (!isSpace(buffer[i] as number)) {
        this.state = 'broken';
        return;
      }
    }
  }
}

/** The items of a batch parsed at once (one JSON.parse per push): null when they are not JSON. */
export function parseItems(batch: ItemBatch): unknown[] | null {
  const { buffer, starts, ends } = batch;
  try {
    const items = JSON.parse(`[${buffer.toString('utf8', starts[0], ends[ends.length - 1])}]`) as unknown[];
    return items.length === starts.length ? items : null;
  } catch {
    return null;
  }
}
