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
    // One tight loop over the bytes, the state in locals (this is the per-byte cost of the sync).
    const bytes: Uint8Array = buffer;
    let { depth, inString, inItem, afterComma, itemStart, lastSolid, seenItem } = this;
    let escaped = this.escaped;
    let state: ListStream['state'] = 'items';
    while (i < n) {
      const c = bytes[i] as number;
      if (inString) {
        if (escaped) escaped = false;
        else if (c === BACKSLASH) escaped = true;
        else if (c === QUOTE) {
          inString = false;
          lastSolid = i;
        }
        i++;
        continue;
      }
      if (depth === 0 && (c === COMMA || c === CLOSE_BRACKET)) {
        if (inItem) {
          starts.push(itemStart);
          ends.push(lastSolid + 1);
          inItem = false;
        } else if (afterComma || (c === COMMA && !seenItem)) {
          state = 'broken';
          break;
        }
        afterComma = c === COMMA;
        seenItem = true;
        i++;
        if (c === CLOSE_BRACKET) {
          state = 'end';
          break;
        }
        continue;
      }
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) {
        i++;
        continue;
      }
      if (!inItem) {
        inItem = true;
        afterComma = false;
        seenItem = true;
        itemStart = i;
      }
      if (c === QUOTE) inString = true;
      else if (c === OPEN_BRACE || c === OPEN_BRACKET) depth++;
      else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
        if (depth === 0) {
          state = 'broken';
          break;
        }
        depth--;
      }
      lastSolid = i;
      i++;
    }
    Object.assign(this, { depth, inString, inItem, afterComma, itemStart, lastSolid, seenItem, escaped });
    this.state = state;
    if (state === 'broken') return null;
    if (state === 'end') this.checkEnd(buffer, i);
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
  /** The byte before was a backslash within a string. */
  private escaped = false;

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
