/**
 * ListStream: splits a JSON array into its items while its bytes download, so that each piece can
 * be parsed, checked and indexed before the rest arrives (no text of the whole list, no array of
 * every record at once). It tracks only what it must to find the items' bounds — nesting depth,
 * strings and their escapes — and leaves the items' own syntax to JSON.parse. An answer that is
 * not a bare array (a list wrapped in an object, an empty or non-JSON answer) is not split: the
 * caller keeps its bytes and reads it whole. Plain byte loops; no I/O.
 */

/**
 * Items found in one push: `head`, when not null, is the whole of the item that began in an earlier
 * push and ended in this one (its own copy: only the bytes of that one item are ever copied); then
 * the items wholly within this push, `buffer[starts[k], ends[k])` (the pushed bytes themselves).
 */
export interface ItemBatch {
  head: Buffer | null;
  buffer: Buffer;
  starts: number[];
  ends: number[];
}

/** How many items a batch holds. */
export const itemCount = (batch: ItemBatch): number => (batch.head ? 1 : 0) + batch.starts.length;

/** The bytes of item `k` of a batch (the head first). */
export function itemBytes(batch: ItemBatch, k: number): Buffer {
  if (batch.head) {
    if (k === 0) return batch.head;
    k--;
  }
  return batch.buffer.subarray(batch.starts[k], batch.ends[k]);
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
  /**
   * Bytes of an item not yet complete, from its start (positions before the next push's first
   * byte are negative: the carry is `[itemStart, 0)`).
   */
  private carry: Buffer | null = null;
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
    const buffer = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
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
    }
    if (this.state === 'end') {
      this.checkEnd(buffer, i);
      return null;
    }
    const starts: number[] = [];
    const ends: number[] = [];
    let head: Buffer | null = null;
    const carry = this.carry;
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
          if (itemStart >= 0) {
            starts.push(itemStart);
            ends.push(lastSolid + 1);
          } else head = spanned(carry as Buffer, buffer, lastSolid + 1);
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
      // Only the unfinished item is kept (copied: the pushed bytes are not held on to), and its
      // positions shift to the next push's.
      this.carry = this.itemStart >= 0 ? Buffer.from(buffer.subarray(this.itemStart)) : Buffer.concat([carry as Buffer, buffer]);
      this.itemStart -= n;
      this.lastSolid -= n;
    } else {
      this.carry = null;
    }
    return head === null && starts.length === 0 ? null : { head, buffer, starts, ends };
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

/**
 * The item that began in the carry (`[-carry.length, 0)`) and ends at `end` of the pushed bytes (a
 * negative end: within the carry, e.g. when the comma after it is the push's first byte).
 */
function spanned(carry: Buffer, buffer: Buffer, end: number): Buffer {
  if (end <= 0) return carry.subarray(0, carry.length + end);
  return Buffer.concat([carry, buffer.subarray(0, end)]);
}

/** The items of a batch parsed at once (one JSON.parse per push): null when they are not JSON. */
export function parseItems(batch: ItemBatch): unknown[] | null {
  const { head, buffer, starts, ends } = batch;
  const parts: string[] = [];
  if (head) parts.push(head.toString('utf8'));
  if (starts.length > 0) parts.push(buffer.toString('utf8', starts[0], ends[ends.length - 1]));
  try {
    const items = JSON.parse(`[${parts.join(',')}]`) as unknown[];
    return items.length === itemCount(batch) ? items : null;
  } catch {
    return null;
  }
}
