// What GET /api/CardHolders answers, for bad-input tests of a client: the real list (normal), an
// empty list, an exact text with any status and content type (raw), or the real list with some
// records altered as it is sent (mutate: wrong types, missing fields, duplicate ids). Holds the
// setting set through the test controls and counts its changes (the list's validators include
// the count); builds the body. No HTTP headers or conditional requests here.

import { CARDHOLDER_CHUNK_SIZE, type CardholderDirectory } from './cardholders';
import { JSON_TYPE } from './http-exchange';
import type { ListAnswer, ListEdit } from './records';

/** The body the list endpoint sends for the current setting, before validators. */
export interface ListBody {
  status: number;
  /** undefined = no Content-Type header. */
  contentType: string | undefined;
  body: Buffer | Buffer[];
}

const NORMAL: ListAnswer = { mode: 'normal' };
const EMPTY_LIST = Buffer.from('[]');

export class ListAnswerControl {
  private setting: ListAnswer = NORMAL;
  private generationValue = 0;
  private changedValue = 0;

  constructor(private readonly directory: CardholderDirectory) {}

  /** The current setting, with defaults applied (raw: status and contentType always present). */
  get current(): ListAnswer {
    return this.setting;
  }

  get isNormal(): boolean {
    return this.setting.mode === 'normal';
  }

  /** Grows on every change of the setting (never on a request that changes nothing). */
  get generation(): number {
    return this.generationValue;
  }

  /** When the setting last changed (ms; 0 when it never did). */
  get changedMs(): number {
    return this.changedValue;
  }

  /**
   * Replaces the setting. Positions in edits must exist in the directory now (RangeError naming the
   * edit otherwise); the caller validated the shapes.
   */
  set(answer: ListAnswer): void {
    const normalized = this.normalize(answer);
    if (JSON.stringify(normalized) === JSON.stringify(this.setting)) return;
    this.setting = normalized;
    this.generationValue++;
    this.changedValue = Math.max(this.changedValue, Date.now());
  }

  /** Back to the real list. */
  reset(): void {
    this.set(NORMAL);
  }

  /** The status the current setting answers with (known without building the body). */
  get status(): number {
    return this.setting.mode === 'raw' ? (this.setting.status ?? 200) : 200;
  }

  /** Builds the body; the normal list and unaltered chunks come from the directory's cache. */
  body(): ListBody {
    const answer = this.setting;
    switch (answer.mode) {
      case 'normal':
        return { status: 200, contentType: JSON_TYPE, body: this.directory.listJsonParts() };
      case 'empty':
        return { status: 200, contentType: JSON_TYPE, body: EMPTY_LIST };
      case 'raw':
        return {
          status: answer.status ?? 200,
          contentType: answer.contentType === '' ? undefined : answer.contentType,
          body: Buffer.from(answer.body, 'utf8'),
        };
      case 'mutate':
        return { status: 200, contentType: JSON_TYPE, body: this.directory.listJsonParts(this.mutatedChunks(answer.edits)) };
    }
  }

  private normalize(answer: ListAnswer): ListAnswer {
    if (answer.mode === 'raw') {
      const status = answer.status ?? 200;
      if ((status === 204 || status === 304) && answer.body !== '') {
        throw new RangeError(`A ${status} answer has no body; send "body": "" with it.`);
      }
      return { mode: 'raw', body: answer.body, status, contentType: answer.contentType ?? JSON_TYPE };
    }
    if (answer.mode === 'mutate') {
      const size = this.directory.size;
      answer.edits.forEach((edit, position) => {
        const indexes = 'duplicateOf' in edit ? [edit.index, edit.duplicateOf] : [edit.index];
        for (const index of indexes) {
          if (index >= size) throw new RangeError(`edits[${position}]: position ${index} is beyond the list (${size} records, positions 0…${size - 1}).`);
        }
      });
      return { mode: 'mutate', edits: answer.edits.map((edit) => structuredClone(edit)) };
    }
    return { mode: answer.mode };
  }

  /** The JSON of every chunk holding an edited record, rebuilt with the edits applied in order. */
  private mutatedChunks(edits: readonly ListEdit[]): Map<number, Buffer> {
    const byPosition = new Map<number, ListEdit[]>();
    for (const edit of edits) {
      // The directory only grows (and a reset puts the answer back to normal), so positions stay valid.
      if (edit.index >= this.directory.size) continue;
      const list = byPosition.get(edit.index) ?? [];
      list.push(edit);
      byPosition.set(edit.index, list);
    }
    const chunks = new Map<number, Buffer>();
    const touched = new Set([...byPosition.keys()].map((position) => Math.floor(position / CARDHOLDER_CHUNK_SIZE)));
    for (const chunkIndex of touched) {
      const first = chunkIndex * CARDHOLDER_CHUNK_SIZE;
      const last = Math.min(first + CARDHOLDER_CHUNK_SIZE, this.directory.size);
      const records: string[] = [];
      for (let position = first; position < last; position++) {
        const original = this.directory.at(position);
        const recordEdits = byPosition.get(position);
        if (recordEdits === undefined || original === undefined) {
          records.push(JSON.stringify(original));
          continue;
        }
        const record: Record<string, unknown> = { ...original };
        for (const edit of recordEdits) {
          if ('set' in edit) {
            for (const [field, value] of Object.entries(edit.set)) record[field] = structuredClone(value);
          } else if ('remove' in edit) {
            for (const field of edit.remove) delete record[field];
          } else {
            record['id'] = this.directory.at(edit.duplicateOf)?.id;
          }
        }
        records.push(JSON.stringify(record));
      }
      chunks.set(chunkIndex, Buffer.from(`[${records.join(',')}]`));
    }
    return chunks;
  }
}
