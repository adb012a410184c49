// The system event log held in memory: events in ascending record_ID order with their internal
// attributes (device, tenant, category, type, subcodes, alarm flag), id ranges, filtering for both
// search endpoints, retention without id reuse, "restore" (ids going back down) and appending many
// at once. The JSON of each event is built once (event-json.ts): the SystemEvent fields of the
// spec, or the off-spec form of a malformed test event.

import { eventJson, type MalformedSpec } from './event-json';

/** What an event is, apart from its id. */
export interface EventAttributes {
  createdMs: number;
  categoryId: number;
  typeId: number;
  subcodeCategoryId: number;
  subcodeId: number;
  deviceId: number;
  deviceType: number;
  tenant: number;
  isAlarm: boolean;
  categoryName: string;
  deviceName: string;
  customText: string;
  /** Set on the malformed ("poison") events of the test controls: their JSON is off the spec. */
  malformed?: MalformedSpec;
}

export interface StoredEvent extends EventAttributes {
  id: number;
  /** The public JSON of the event (a SystemEventRecord, unless malformed), UTF-8 encoded once. */
  json: Buffer;
  /** Case- and accent-folded text the searchstring filter looks in (foldForSearch); built on first search. */
  searchText?: string;
}

/** Every filter of /search and /searchbycodes; an absent (or empty) member does not filter. */
export interface EventFilter {
  fromMs?: number;
  toMs?: number;
  tenants?: ReadonlySet<number>;
  /** Lower case. */
  text?: string;
  deviceIds?: ReadonlySet<number>;
  deviceType?: number;
  isAlarm?: boolean;
  categoryIds?: ReadonlySet<number>;
  typeIds?: ReadonlySet<number>;
  subcodeCategoryIds?: ReadonlySet<number>;
  subcodeIds?: ReadonlySet<number>;
}

const ISO_TIMESTAMP = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * Milliseconds of an ISO 8601 timestamp ("2026-11-21", "2026-11-21T10:00:00Z",
 * "2026-11-21T11:00:00.5+01:00"); without an offset it is taken as UTC. undefined when not ISO 8601.
 */
export function parseIsoTimestamp(text: string): number | undefined {
  const match = ISO_TIMESTAMP.exec(text.trim());
  if (match === null) return undefined;
  const [, date, hm = '00:00', seconds = '00', fraction = '0', zone = 'Z'] = match;
  const offset = zone.toUpperCase() === 'Z' ? 'Z' : zone.includes(':') ? zone : `${zone.slice(0, 3)}:${zone.slice(3)}`;
  const ms = Date.parse(`${date}T${hm}:${seconds}.${fraction.padEnd(3, '0').slice(0, 3)}${offset}`);
  return Number.isNaN(ms) ? undefined : ms;
}

/** A RangeError when the JSON cannot be made (an oversize event asked to be shorter than it is). */
export function storedEvent(attributes: EventAttributes, id: number): StoredEvent {
  // Field by field rather than spread: every event gets the same shape, and bulk appends are faster.
  const event: StoredEvent = {
    id,
    createdMs: attributes.createdMs,
    categoryId: attributes.categoryId,
    typeId: attributes.typeId,
    subcodeCategoryId: attributes.subcodeCategoryId,
    subcodeId: attributes.subcodeId,
    deviceId: attributes.deviceId,
    deviceType: attributes.deviceType,
    tenant: attributes.tenant,
    isAlarm: attributes.isAlarm,
    categoryName: attributes.categoryName,
    deviceName: attributes.deviceName,
    customText: attributes.customText,
    json: eventJson(attributes, id),
  };
  if (attributes.malformed !== undefined) event.malformed = attributes.malformed;
  return event;
}

function searchTextOf(event: StoredEvent): string {
  if (event.searchText === undefined) {
    event.searchText = foldForSearch(`${event.customText}\u0000${event.deviceName}\u0000${event.categoryName}`);
  }
  return event.searchText;
}

function inSet(set: ReadonlySet<number> | undefined, value: number): boolean {
  return set === undefined || set.size === 0 || set.has(value);
}

export function matchesFilter(event: StoredEvent, filter: EventFilter): boolean {
  return (
    (filter.fromMs === undefined || event.createdMs >= filter.fromMs) &&
    (filter.toMs === undefined || event.createdMs <= filter.toMs) &&
    inSet(filter.tenants, event.tenant) &&
    inSet(filter.deviceIds, event.deviceId) &&
    (filter.deviceType === undefined || event.deviceType === filter.deviceType) &&
    (filter.isAlarm === undefined || event.isAlarm === filter.isAlarm) &&
    inSet(filter.categoryIds, event.categoryId) &&
    inSet(filter.typeIds, event.typeId) &&
    inSet(filter.subcodeCategoryIds, event.subcodeCategoryId) &&
    inSet(filter.subcodeIds, event.subcodeId) &&
    (filter.text === undefined || filter.text === '' || searchTextOf(event).includes(filter.text))
  );
}

const COMMA = Buffer.from(',');
const CLOSING = Buffer.from(']}');

export class EventLog {
  /**
   * Ascending ids. Only the last `maxRetained` are visible; older ones are cut off in batches
   * (cutting one at a time from the front of a large array costs a copy of the whole array).
   */
  private events: StoredEvent[] = [];
  private nextIdValue = 1;
  /** Called with each appended event. */
  onAppend: (event: StoredEvent) => void = () => undefined;
  /** Called when events were removed or replaced other than by retention (restore, reset, load). */
  onRewrite: () => void = () => undefined;

  constructor(readonly maxRetained: number) {}

  /** Highest id handed out (0 before the first event); after a restore, the restored value. */
  get maxId(): number {
    return this.nextIdValue - 1;
  }

  get size(): number {
    return this.events.length - this.firstVisible();
  }

  /** The retained events, ascending ids. */
  all(): readonly StoredEvent[] {
    const first = this.firstVisible();
    return first === 0 ? this.events : this.events.slice(first);
  }

  /** Appends at the next id; when the event's JSON cannot be made (RangeError) nothing changes. */
  append(attributes: EventAttributes): StoredEvent {
    const event = storedEvent(attributes, this.nextIdValue);
    this.nextIdValue++;
    this.events.push(event);
    const excess = this.events.length - this.maxRetained;
    if (excess > Math.max(1000, this.maxRetained >>> 3)) this.events.splice(0, excess);
    this.onAppend(event);
    return event;
  }

  /**
   * Appends `count` events made by `make`, at consecutive ids. Events that retention would drop
   * before the call returns are never made (nobody could see them): their ids are used up, and
   * every older event goes, as retention would have it.
   */
  appendMany(count: number, make: () => EventAttributes): { firstId: number; lastId: number } {
    const firstId = this.nextIdValue;
    const unseen = Math.max(0, count - this.maxRetained);
    if (unseen > 0) {
      this.events = [];
      this.nextIdValue += unseen;
      this.onRewrite();
    }
    for (let index = unseen; index < count; index++) this.append(make());
    return { firstId, lastId: this.nextIdValue - 1 };
  }

  /** Replaces everything (load, seed, reset); `events` must be in ascending id order. */
  replaceAll(events: StoredEvent[], nextId: number): void {
    this.events = events.length > this.maxRetained ? events.slice(events.length - this.maxRetained) : events;
    const last = this.events[this.events.length - 1];
    this.nextIdValue = Math.max(nextId, (last?.id ?? 0) + 1);
    this.onRewrite();
  }

  get(id: number): StoredEvent | undefined {
    const position = this.positionOfFirstAtLeast(id);
    const event = this.events[position];
    return event !== undefined && event.id === id ? event : undefined;
  }

  /** Events with fromId ≤ record_ID ≤ toId, highest record_ID first. */
  range(fromId: number, toId: number): StoredEvent[] {
    return this.between(fromId, toId).reverse();
  }

  /** Retained events with fromId ≤ record_ID ≤ toId, ascending ids. */
  between(fromId: number, toId: number): StoredEvent[] {
    return this.events.slice(this.positionOfFirstAtLeast(fromId), this.positionOfFirstAtLeast(toId + 1));
  }

  /** Matching events, highest record_ID first, at most `limit`. */
  search(filter: EventFilter, limit: number): StoredEvent[] {
    const found: StoredEvent[] = [];
    const first = this.firstVisible();
    for (let position = this.events.length - 1; position >= first && found.length < limit; position--) {
      const event = this.events[position];
      if (event !== undefined && matchesFilter(event, filter)) found.push(event);
    }
    return found;
  }

  /** As after a database restore: drops events above maxId; the next event gets maxId + 1. */
  restore(maxId: number): void {
    this.events = this.events.slice(this.firstVisible(), this.positionOfFirstAtLeast(maxId + 1));
    this.nextIdValue = maxId + 1;
    this.onRewrite();
  }

  /** {"maxID":…,"events":[…]} for a list already in answer order. */
  listJson(events: readonly StoredEvent[]): Buffer {
    const parts: Buffer[] = [Buffer.from(`{"maxID":${this.maxId},"events":[`)];
    events.forEach((event, index) => {
      if (index > 0) parts.push(COMMA);
      parts.push(event.json);
    });
    parts.push(CLOSING);
    return Buffer.concat(parts);
  }

  private firstVisible(): number {
    return Math.max(0, this.events.length - this.maxRetained);
  }

  /** Position of the first visible event with an id ≥ `id` (events.length when none). */
  private positionOfFirstAtLeast(id: number): number {
    let low = this.firstVisible();
    let high = this.events.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.events[middle]?.id ?? Infinity) < id) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

/** How a typical service compares text: case and accents aside ("cafe" finds "Café", "CAFÉ" finds "cafe"). */
export function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase();
}
