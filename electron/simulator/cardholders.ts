// The cardholder directory held in memory: records in id order, create and partial update with
// derived fields (name, displayName, displayEmployeeId, tenant 0, timestamps), and the serialized
// list kept per chunk of 1,000 records, so GET /api/CardHolders and snapshots never re-serialize it
// all and 500,000 seeded or loaded people cost no objects until used. No HTTP and no files here.

import type { CardHolderRecord } from './records';
import type { SeededRandom } from './seeded-random';

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

const DAY_MS = 86_400_000;
const PAD2 = Array.from({ length: 100 }, (_, value) => String(value).padStart(2, '0'));
const PAD3 = Array.from({ length: 1000 }, (_, value) => String(value).padStart(3, '0'));
const datePrefixByDay = new Map<number, string>();

/**
 * 2026-11-21T10:00:00.000+00:00. Hand-built (the date part cached per day) because seeding
 * 500,000 records formats a million timestamps, and Date#toISOString dominated that.
 */
export function formatOffsetTimestamp(ms: number): string {
  const day = Math.floor(ms / DAY_MS);
  let date = datePrefixByDay.get(day);
  if (date === undefined) {
    date = new Date(day * DAY_MS).toISOString().slice(0, 11);
    if (datePrefixByDay.size < 20_000) datePrefixByDay.set(day, date);
  }
  let rest = ms - day * DAY_MS;
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  const millis = Math.floor(rest - seconds * 1000);
  return `${date}${PAD2[hours] ?? ''}:${PAD2[minutes] ?? ''}:${PAD2[seconds] ?? ''}.${PAD3[millis] ?? ''}+00:00`;
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

/** A chunk's JSON did not hold the records the directory expected there. */
export class DirectoryCorruptError extends Error {
  constructor(detail: string) {
    super(`The stored cardholders are inconsistent (${detail}). Start with --fresh to rebuild them.`);
    this.name = 'DirectoryCorruptError';
  }
}

/**
 * Records live in chunks of CARDHOLDER_CHUNK_SIZE, in id order, and ids are 1…size without gaps
 * (ids are only ever handed out by create, and nothing is deleted), so the record with id n sits
 * at position n − 1. A chunk is held as JSON, as parsed records, or both: seeding and loading keep
 * JSON only (no objects for 500,000 people), a chunk is parsed the first time one of its records
 * is read or changed, and a change drops the chunk's JSON until it is serialized again.
 */
export class CardholderDirectory {
  private chunkRecords: (CardHolderRecord[] | undefined)[] = [];
  /** JSON of each chunk as an array ("[{…},{…}]"); undefined when stale. */
  private chunkJson: (Buffer | undefined)[] = [];
  private count = 0;
  /** Names for generated events, sampled from random chunks (see randomName). */
  private namePool: string[] = [];
  private lastUpdatedMs = 0;
  private revisionValue = 0;
  private lastChangedValue = 0;
  /** Called after every change (the store schedules a save). */
  onChange: () => void = () => undefined;

  get size(): number {
    return this.count;
  }

  /** Grows on every change; the store compares it with what it last saved. */
  get revision(): number {
    return this.revisionValue;
  }

  get nextId(): number {
    return this.count + 1;
  }

  /** When the directory last changed (seed, load, reset, create, update, photo); ms, never going back. */
  get lastChangedMs(): number {
    return this.lastChangedValue;
  }

  /**
   * Replaces everything (seed, load, reset) with `count` records given as the JSON of their chunks
   * (records 1…1000 in the first, and so on).
   */
  replaceWithChunks(count: number, chunks: Buffer[]): void {
    const expected = Math.ceil(count / CARDHOLDER_CHUNK_SIZE);
    if (chunks.length !== expected) throw new DirectoryCorruptError(`${chunks.length} chunks for ${count} records`);
    this.count = count;
    this.chunkJson = [...chunks];
    this.chunkRecords = new Array<CardHolderRecord[] | undefined>(expected);
    this.namePool = [];
    this.changed();
  }

  /**
   * A cardholder's name ("Dupont, Marie") for a generated event. Drawn from a pool of up to 2,000
   * names that is topped up now and then from a random chunk, read without keeping it parsed, so a
   * steady stream of events never turns all 500,000 records into objects.
   */
  randomName(rng: SeededRandom): string | undefined {
    const chunkCount = Math.ceil(this.count / CARDHOLDER_CHUNK_SIZE);
    if (chunkCount === 0) return undefined;
    if (this.namePool.length === 0 || (this.namePool.length < 2000 && rng.chance(0.02))) {
      const index = rng.int(0, chunkCount - 1);
      const records = this.chunkRecords[index] ?? (JSON.parse(this.chunkJson[index]?.toString('utf8') ?? '[]') as CardHolderRecord[]);
      if (records.length > 0) for (let draw = 0; draw < 50; draw++) this.namePool.push(rng.pick(records).name);
    }
    return this.namePool.length === 0 ? undefined : rng.pick(this.namePool);
  }

  get(id: number): CardHolderRecord | undefined {
    return Number.isInteger(id) && id >= 1 && id <= this.count ? this.at(id - 1) : undefined;
  }

  /** The record at a position in id order (for picking a random cardholder). */
  at(position: number): CardHolderRecord | undefined {
    if (position < 0 || position >= this.count) return undefined;
    return this.recordsOfChunk(Math.floor(position / CARDHOLDER_CHUNK_SIZE))[position % CARDHOLDER_CHUNK_SIZE];
  }

  /** Creates a record; first_Name and last_Name must already be validated as non-empty. */
  create(fields: CardholderFields & { first_Name: string; last_Name: string }, nowMs: number): CardHolderRecord {
    const position = this.count;
    const stamp = formatOffsetTimestamp(this.monotonicMs(nowMs));
    const employeeId = fields.employee_ID ?? '';
    const record = buildCardholder({
      id: position + 1,
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
    const chunkIndex = Math.floor(position / CARDHOLDER_CHUNK_SIZE);
    const chunk = chunkIndex < this.chunkRecords.length ? this.recordsOfChunk(chunkIndex) : [];
    chunk.push(record);
    this.chunkRecords[chunkIndex] = chunk;
    this.count++;
    this.invalidate(position);
    return record;
  }

  /** Changes only the fields given; undefined when the id is unknown. */
  update(id: number, fields: CardholderFields, nowMs: number): CardHolderRecord | undefined {
    const current = this.get(id);
    if (current === undefined) return undefined;
    const defined = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as CardholderFields;
    const employeeId = defined.employee_ID ?? current.employee_ID;
    // displayEmployeeId follows employee_ID unless it was set to something else.
    const followsEmployeeId = current.displayEmployeeId === current.employee_ID;
    return this.replace(
      buildCardholder({
        ...current,
        ...defined,
        sex: (defined.sex ?? current.sex).toUpperCase(),
        tenant: defined.tenant === undefined ? current.tenant : normalizeTenants(defined.tenant),
        displayEmployeeId: defined.displayEmployeeId ?? (followsEmployeeId ? employeeId : current.displayEmployeeId),
        birthday: null,
        card_Holder_ID: null,
        updated: formatOffsetTimestamp(this.monotonicMs(nowMs)),
      }),
    );
  }

  /** Marks that a photo is stored; refreshes `updated`. */
  setPhotoStored(id: number, nowMs: number): CardHolderRecord | undefined {
    const current = this.get(id);
    if (current === undefined) return undefined;
    return this.replace(buildCardholder({ ...current, photo_Exists: true, updated: formatOffsetTimestamp(this.monotonicMs(nowMs)) }));
  }

  /** JSON of every chunk as an array, serializing only the stale ones. */
  chunks(): Buffer[] {
    const result: Buffer[] = [];
    for (let index = 0; index < this.chunkJson.length || index < this.chunkRecords.length; index++) {
      let json = this.chunkJson[index];
      if (json === undefined) {
        json = Buffer.from(JSON.stringify(this.chunkRecords[index] ?? []));
        this.chunkJson[index] = json;
      }
      result.push(json);
    }
    return result;
  }

  /**
   * The whole list as one JSON array, in parts that share memory with the chunk cache.
   * `replacedChunks` swaps in other JSON for some chunks (chunk index → a JSON array), for the
   * test control that sends an altered list.
   */
  listJsonParts(replacedChunks?: ReadonlyMap<number, Buffer>): Buffer[] {
    const parts: Buffer[] = [OPEN_BRACKET];
    this.chunks().forEach((cached, index) => {
      const chunk = replacedChunks?.get(index) ?? cached;
      if (index > 0) parts.push(COMMA);
      parts.push(chunk.subarray(1, chunk.length - 1));
    });
    parts.push(CLOSE_BRACKET);
    return parts;
  }

  private replace(record: CardHolderRecord): CardHolderRecord {
    const position = record.id - 1;
    this.recordsOfChunk(Math.floor(position / CARDHOLDER_CHUNK_SIZE))[position % CARDHOLDER_CHUNK_SIZE] = record;
    this.invalidate(position);
    return record;
  }

  /** The parsed records of a chunk, parsing its JSON the first time. */
  private recordsOfChunk(index: number): CardHolderRecord[] {
    let records = this.chunkRecords[index];
    if (records === undefined) {
      const json = this.chunkJson[index];
      if (json === undefined) throw new DirectoryCorruptError(`chunk ${index} is missing`);
      records = JSON.parse(json.toString('utf8')) as CardHolderRecord[];
      const firstId = index * CARDHOLDER_CHUNK_SIZE + 1;
      const expectedLength = Math.min(CARDHOLDER_CHUNK_SIZE, this.count - (firstId - 1));
      if (!Array.isArray(records) || records.length !== expectedLength || records.some((record, offset) => record.id !== firstId + offset)) {
        throw new DirectoryCorruptError(`chunk ${index} does not hold ids ${firstId}…${firstId + expectedLength - 1}`);
      }
      this.chunkRecords[index] = records;
    }
    return records;
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
    this.lastChangedValue = Math.max(this.lastChangedValue, Date.now());
    this.onChange();
  }
}
