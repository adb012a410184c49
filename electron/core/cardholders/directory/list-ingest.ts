/**
 * ListIngest: one cardholder list read into a new generation as its bytes arrive — split into
 * items (list-stream.ts), parsed a batch at a time, each item checked (ListChecker) and, when
 * usable, kept as its JSON bytes (PackedRecords) and read into the index's builder, with its id
 * and fingerprint for the comparison with the generation before. So parsing, checking and
 * indexing overlap the download, and neither the list's whole text nor an object per record is
 * ever held. An answer that is no bare array (a list wrapped in an object, an empty or non-JSON
 * answer) is kept as bytes and read whole at the end, with the same outcomes. Used for the
 * service's answer and for the saved snapshot alike. Plain TypeScript; no I/O.
 */
import type { CardHolder } from '../../service/access-service';
import { checkCardholderList, ListChecker, type RecordProblem } from '../checks/record-check';
import { CardholderIndex } from '../lookup/cardholder-index';
import type { SegmentBuilder } from '../lookup/index-segment';
import { PackedRecords } from '../lookup/record-store';
import { keyedError, type KioskError } from '../../../contract/ipc';
import { ListStream, parseItems } from './list-stream';

/** Why a list could not be used, worded by a key of the error table (`message`: its English, for the log). */
export type Said = Pick<KioskError, 'key' | 'params' | 'message'>;

/** Ids (ascending) and a fingerprint per record: what the next generation compares itself with. */
export interface DirectoryBasis {
  ids: Float64Array;
  prints: Float64Array;
}

export type IngestEnd =
  | { ok: false; reason: 'not-json' | 'no-list'; said: Said }
  | { ok: true; received: number; usable: number; problems: RecordProblem[]; problemCount: number; finish: (onProgress?: (done: number) => void) => IngestedList };

export interface IngestedList {
  index: CardholderIndex;
  basis: DirectoryBasis;
  store: PackedRecords;
}

export class ListIngest {
  private readonly stream = new ListStream();
  private readonly checker = new ListChecker();
  private readonly store = new PackedRecords();
  private readonly index = CardholderIndex.streamed();
  private ids = new Float64Array(1024);
  private prints = new Float64Array(1024);
  /** The bytes of an answer read whole (before its first byte tells, or when it is no bare array). */
  private whole: Buffer[] = [];
  private broken = false;

  push(bytes: Uint8Array): void {
    if (this.broken) return;
    const batch = this.stream.push(bytes);
    const state = this.stream.state;
    if (state === 'whole' || state === 'start') this.whole.push(Buffer.from(bytes));
    else if (this.whole.length > 0) this.whole = [];
    if (state === 'broken') this.broken = true;
    if (!batch) return;
    const items = parseItems(batch);
    if (!items) {
      this.broken = true;
      return;
    }
    for (let k = 0; k < items.length; k++) {
      const record = this.checker.check(items[k]);
      if (record) this.take(record, batch.buffer.subarray(batch.starts[k], batch.ends[k]));
    }
  }

  /** The download is complete: what was read, or why it is no list. */
  end(): IngestEnd {
    if (this.stream.state === 'start' || this.stream.state === 'whole') return this.endWhole();
    if (this.broken || !this.stream.complete) return { ok: false, reason: 'not-json', said: keyedError('directoryNotJson') };
    const { problems, problemCount, received } = this.checker.result();
    return { ok: true, received, usable: this.checker.usable, problems, problemCount, finish: (onProgress) => this.finish(onProgress) };
  }

  private endWhole(): IngestEnd {
    let text = Buffer.concat(this.whole).toString('utf8');
    this.whole = [];
    if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    if (text.trim() === '') return { ok: false, reason: 'not-json', said: keyedError('directoryEmptyAnswer') };
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return { ok: false, reason: 'not-json', said: keyedError('directoryNotJson') };
    }
    const checked = checkCardholderList(value);
    if (!checked) return { ok: false, reason: 'no-list', said: keyedError('directoryNoList') };
    for (const record of checked.records) this.take(record, Buffer.from(JSON.stringify(record)));
    return { ok: true, received: checked.received, usable: checked.records.length, problems: checked.problems, problemCount: checked.problemCount, finish: (onProgress) => this.finish(onProgress) };
  }

  private take(record: CardHolder, json: Uint8Array): void {
    const i = this.store.length;
    if (i === this.ids.length) {
      const ids = new Float64Array(i * 2);
      ids.set(this.ids);
      this.ids = ids;
      const prints = new Float64Array(i * 2);
      prints.set(this.prints);
      this.prints = prints;
    }
    this.ids[i] = record.id;
    this.prints[i] = fingerprint(record);
    this.store.add(json);
    (this.index.builder as SegmentBuilder).add(record);
  }

  private finish(onProgress?: (done: number) => void): IngestedList {
    this.store.seal();
    const n = this.store.length;
    const basis = basisOf(this.ids.subarray(0, n), this.prints.subarray(0, n));
    return { index: this.index.finish(this.store, onProgress), basis, store: this.store };
  }
}

/** FNV-1a over what tells one version of a record from another. */
export function fingerprint(record: CardHolder): number {
  let h = 0x811c9dc5;
  const mix = (text: string): void => {
    for (let i = 0; i < text.length; i++) {
      h ^= text.charCodeAt(i);
      h = Math.imul(h, 0x01000193);
    }
    h ^= 0x1f;
    h = Math.imul(h, 0x01000193);
  };
  mix(record.updated);
  mix(record.last_Name);
  mix(record.first_Name);
  mix(record.employee_ID);
  mix(record.photo_Exists ? '1' : '0');
  return h >>> 0;
}

/** Ids and fingerprints (of records in any order) in ascending id order. */
export function basisOf(ids: Float64Array, prints: Float64Array): DirectoryBasis {
  let ascending = true;
  for (let i = 1; i < ids.length && ascending; i++) ascending = (ids[i] as number) > (ids[i - 1] as number);
  if (ascending) return { ids: ids.slice(), prints: prints.slice() };
  const order = Array.from({ length: ids.length }, (_, i) => i).sort((a, b) => (ids[a] as number) - (ids[b] as number));
  return { ids: Float64Array.from(order, (i) => ids[i] as number), prints: Float64Array.from(order, (i) => prints[i] as number) };
}
