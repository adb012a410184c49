// The cardholder directory held in memory: records in id order, create and partial update with
// derived fields (name, displayName, displayEmployeeId, tenant 0, timestamps), and the serialized
// list cached per chunk of records so GET /api/CardHolders and snapshots never re-serialize it all.
// No HTTP and no files here.

import type { CardHolderRecord } from './records';

/** Records per cached JSON chunk (also the line unit of the snapshot file). */
export const CARDHOLDER_CHUNK_SIZE = 1000;

/** Fields a client may set on create or update (everything else is derived by the service). */
export interface CardholderFields {
  first_Name?: string;
  last_Name?: string;
  middle_Name?: string;
  card_Holder_Letter_ID?: number;
  employee_ID?: string;
  displayEmployeeId?: string;
  email?: string;
  sex?: string;
  phone?: string;
  address1?: string;
  address2?: string;
  city?: string;
  state?: string;
  zip?: string;
  birthday?: null;
  tenant?: number[];
  card_Holder_Type_ID?: number;
  card_Holder_ID?: null;
}

/** "Dupont, Marie" */
export function composeName(lastName: string, firstName: string): string {
  return `${lastName}, ${firstName}`;
}

/** "Dupont Marie": last name, a space, first name. */
export function composeDisplayName(lastName: string, firstName: string): string {
  return `${lastName} ${firstName}`;
}

/** 2026-11-21T10:00:00.000+00:00 */
export function formatOffsetTimestamp(ms: number): string {
  return new Date(ms).toISOString().replace('Z', '+00:00');
}

/** Sorted, without duplicates, always with tenant 0. */
export function normalizeTenants(tenants: readonly number[]): number[] {
  return [...new Set([0, ...tenants])].sort((a, b) => a - b);
}

type RecordValues = Omit<CardHolderRecord, 'name' | 'displayName'>;

/** Builds a record with the fields always in the same order (so cached JSON stays byte-stable). */
export function buildCardholder(values: RecordValues): CardHolderRecord {
  return {
    id: values.id,
    displayName: composeDisplayName(values.last_Name, values.first_Name),
    first_Name: values.first_Name,
    last_Name: values.last_Name,
    middle_Name: values.middle_Name,
    card_Holder_Letter_ID: values.card_Holder_Letter_ID,
    employee_ID: values.employee_ID,
    displayEmployeeId: values.displayEmployeeId,
    email: values.email,
    sex: values.sex,
    phone: values.phone,
    address1: values.address1,
    address2: values.address2,
    city: values.city,
    state: values.state,
    zip: values.zip,
    birthday: null,
    created: values.created,
    updated: values.updated,
    tenant: values.tenant,
    photo_Exists: values.photo_Exists,
    card_Holder_Type_ID: values.card_Holder_Type_ID,
    card_Holder_ID: null,
    name: composeName(values.last_Name, values.first_Name),
  };
}

const OPEN_BRACKET = Buffer.from('[');
const CLOSE_BRACKET = Buffer.from(']');
const COMMA = Buffer.from(',');

export class CardholderDirectory {
  private records: CardHolderRecord[] = [];
  private readonly positionById = new Map<number, number>();
  /** JSON of each chunk of records as an array ("[{…},{…}]"); undefined when stale. */
  private chunkJson: (Buffer | undefined)[] = [];
  private nextIdValue = 1;
  private lastUpdatedMs = 0;
  private revisionValue = 0;
  /** Called after every change (the store schedules a save). */
  onChange: () => void = () => undefined;

  get size(): number {
    return this.records.length;
  }

  /** Grows on every change; the store compares it with what it last saved. */
  get revision(): number {
    return this.revisionValue;
  }

  get nextId(): number {
    return this.nextIdValue;
  }

  /** Replaces everything (seed, load, reset). `chunks`, when given, is trusted as the JSON of each chunk. */
  replaceAll(records: CardHolderRecord[], nextId: number, chunks: (Buffer | undefined)[] = []): void {
    this.records = records;
    this.positionById.clear();
    records.forEach((record, position) => this.positionById.set(record.id, position));
    this.chunkJson = chunks.slice(0, Math.ceil(records.length / CARDHOLDER_CHUNK_SIZE));
    const highest = records.length > 0 ? (records[records.length - 1]?.id ?? 0) : 0;
    this.nextIdValue = Math.max(nextId, highest + 1);
    this.changed();
  }

  get(id: number): CardHolderRecord | undefined {
    const position = this.positionById.get(id);
    return position === undefined ? undefined : this.records[position];
  }

  /** The record at a position in id order (for picking a random cardholder). */
  at(position: number): CardHolderRecord | undefined {
    return this.records[position];
  }

  all(): readonly CardHolderRecord[] {
    return this.records;
  }

  /** Creates a record; first_Name and last_Name must already be validated as non-empty. */
  create(fields: CardholderFields & { first_Name: string; last_Name: string }, nowMs: number): CardHolderRecord {
    const id = this.nextIdValue++;
    const stamp = formatOffsetTimestamp(this.monotonicMs(nowMs));
    const employeeId = fields.employee_ID ?? '';
    const record = buildCardholder({
      id,
      first_Name: fields.first_Name,
      last_Name: fields.last_Name,
      middle_Name: fields.middle_Name ?? '',
      card_Holder_Letter_ID: fields.card_Holder_Letter_ID ?? 1,
      employee_ID: employeeId,
      displayEmployeeId: fields.displayEmployeeId ?? employeeId,
      email: fields.email ?? '',
      sex: (fields.sex ?? 'U').toUpperCase(),
      phone: fields.phone ?? '',
      address1: fields.address1 ?? '',
      address2: fields.address2 ?? '',
      city: fields.city ?? '',
      state: fields.state ?? '',
      zip: fields.zip ?? '',
      birthday: null,
      created: stamp,
      updated: stamp,
      tenant: normalizeTenants(fields.tenant ?? []),
      photo_Exists: false,
      card_Holder_Type_ID: fields.card_Holder_Type_ID ?? 1,
      card_Holder_ID: null,
    });
    this.positionById.set(id, this.records.length);
    this.records.push(record);
    this.invalidate(this.records.length - 1);
    return record;
  }

  /** Changes only the fields given; undefined when the id is unknown. */
  update(id: number, fields: CardholderFields, nowMs: number): CardHolderRecord | undefined {
    const position = this.positionById.get(id);
    const current = position === undefined ? undefined : this.records[position];
    if (position === undefined || current === undefined) return undefined;
    const defined = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as CardholderFields;
    const employeeId = defined.employee_ID ?? current.employee_ID;
    // displayEmployeeId follows employee_ID unless it was set to something else.
    const followsEmployeeId = current.displayEmployeeId === current.employee_ID;
    const next = buildCardholder({
      ...current,
      ...defined,
      sex: (defined.sex ?? current.sex).toUpperCase(),
      tenant: defined.tenant === undefined ? current.tenant : normalizeTenants(defined.tenant),
      displayEmployeeId: defined.displayEmployeeId ?? (followsEmployeeId ? employeeId : current.displayEmployeeId),
      birthday: null,
      card_Holder_ID: null,
      updated: formatOffsetTimestamp(this.monotonicMs(nowMs)),
    });
    this.records[position] = next;
    this.invalidate(position);
    return next;
  }

  /** Marks that a photo is stored; refreshes `updated`. */
  setPhotoStored(id: number, nowMs: number): CardHolderRecord | undefined {
    const position = this.positionById.get(id);
    const current = position === undefined ? undefined : this.records[position];
    if (position === undefined || current === undefined) return undefined;
    const next = buildCardholder({ ...current, photo_Exists: true, updated: formatOffsetTimestamp(this.monotonicMs(nowMs)) });
    this.records[position] = next;
    this.invalidate(position);
    return next;
  }

  /** JSON of every chunk as an array, serializing only the stale ones. */
  chunks(): Buffer[] {
    const count = Math.ceil(this.records.length / CARDHOLDER_CHUNK_SIZE);
    const result: Buffer[] = [];
    for (let index = 0; index < count; index++) {
      let json = this.chunkJson[index];
      if (json === undefined) {
        const start = index * CARDHOLDER_CHUNK_SIZE;
        json = Buffer.from(JSON.stringify(this.records.slice(start, start + CARDHOLDER_CHUNK_SIZE)));
        this.chunkJson[index] = json;
      }
      result.push(json);
    }
    return result;
  }

  /** The whole list as one JSON array, in parts that share memory with the chunk cache. */
  listJsonParts(): Buffer[] {
    const chunks = this.chunks();
    const parts: Buffer[] = [OPEN_BRACKET];
    chunks.forEach((chunk, index) => {
      if (index > 0) parts.push(COMMA);
      parts.push(chunk.subarray(1, chunk.length - 1));
    });
    parts.push(CLOSE_BRACKET);
    return parts;
  }

  /** Timestamps never go backwards and two changes never share one. */
  private monotonicMs(nowMs: number): number {
    this.lastUpdatedMs = Math.max(nowMs, this.lastUpdatedMs + 1);
    return this.lastUpdatedMs;
  }

  private invalidate(position: number): void {
    this.chunkJson[Math.floor(position / CARDHOLDER_CHUNK_SIZE)] = undefined;
    this.changed();
  }

  private changed(): void {
    this.revisionValue++;
    this.onChange();
  }
}
