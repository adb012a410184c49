/**
 * Reading system events leniently: one event that does not fit the specification never costs the
 * others (a whole answer refused for one bad event stopped the live feed for good). Every field the
 * spec leaves open is read where its meaning is clear: a text sent as `null` (or missing) is empty,
 * a number or true/false where a text is shown is its text; a time with microseconds, or without a
 * zone (the spec says UTC), is read as UTC; an id sent as a string of digits is that number; extra
 * fields are kept. A time that cannot be read at all is kept as the service sent it (the screen
 * shows it as it came; the event, possibly an alarm, is not hidden). What cannot be placed at all —
 * not an object, no usable id — is set aside with why and its JSON as it came (bounded), for the
 * caller to record and count. Pure functions.
 */
import type { SystemEvent } from '../../contract/ipc';

/** An event the kiosk could not read, as the service sent it. */
export interface UnreadableEvent {
  /** Its id where one could be read (a range read learns it even when the event is too large to read). */
  recordId: number | null;
  reason: 'not-an-object' | 'no-id' | 'too-large';
  /** Why, in a few words (English, for the log and the record). */
  detail: string;
  /** Its JSON as it came, at most RAW_KEPT characters; null when it was never read (too large). */
  raw: string | null;
}

/** Most characters of an unreadable event's JSON kept. */
export const RAW_KEPT = 16_384;

const TEXT_FIELDS = ['event_Category_Name', 'device_Name', 'custom_Text'] as const;
const OPEN_FIELDS = ['origin_Name', 'additional_Info', 'cardnumber', 'facility_Code'] as const;

/** ISO 8601 date and time, any fraction, optional zone ("2026-11-28T22:10:05.123456", "…Z", "…+01:00"). */
const ISO = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2})?)(?:[.,](\d+))?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/** An id the service meant: a safe positive integer, or a string of its digits. */
export function readRecordId(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? value : null;
  if (typeof value === 'string' && /^\s*\d{1,15}\s*$/.test(value)) {
    const n = Number(value.trim());
    return Number.isSafeInteger(n) && n > 0 ? n : null;
  }
  return null;
}

/** The time as ISO 8601 in UTC with milliseconds when it can be read (no zone: UTC), else as it came. */
export function readEventTime(value: unknown): string {
  if (typeof value !== 'string') return value === null || value === undefined ? '' : String(value);
  const match = ISO.exec(value.trim());
  if (!match) return value;
  const [, date, time, fraction = '', zone] = match;
  const seconds = time!.length === 5 ? `${time}:00` : time!;
  const millis = fraction.padEnd(3, '0').slice(0, 3);
  const offset = !zone || zone.toUpperCase() === 'Z' ? 'Z' : zone.length === 3 ? `${zone}:00` : zone.includes(':') ? zone : `${zone.slice(0, 3)}:${zone.slice(3)}`;
  const ms = Date.parse(`${date}T${seconds}.${millis}${offset}`);
  return Number.isNaN(ms) ? value : new Date(ms).toISOString();
}

function text(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

function rawOf(value: unknown): string {
  let json: string;
  try {
    json = JSON.stringify(value) ?? String(value);
  } catch {
    json = String(value);
  }
  return json.length > RAW_KEPT ? `${json.slice(0, RAW_KEPT)}…` : json;
}

/** One event as the kiosk reads it, or why it cannot be placed. */
export function readSystemEvent(value: unknown): { event: SystemEvent } | { unreadable: UnreadableEvent } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { unreadable: { recordId: null, reason: 'not-an-object', detail: `an element of the list is ${Array.isArray(value) ? 'a list' : value === null ? 'null' : `a ${typeof value}`}, not an event`, raw: rawOf(value) } };
  }
  const record = value as Record<string, unknown>;
  const id = readRecordId(record.record_ID);
  if (id === null) {
    return { unreadable: { recordId: null, reason: 'no-id', detail: `record_ID ${record.record_ID === undefined ? 'is missing' : `is ${rawOf(record.record_ID).slice(0, 40)}, not a positive whole number`}`, raw: rawOf(value) } };
  }
  const event: SystemEvent = { ...record, record_ID: id, created: readEventTime(record.created) } as SystemEvent;
  for (const field of TEXT_FIELDS) event[field] = text(record[field]);
  for (const field of OPEN_FIELDS) event[field] = record[field] === undefined ? null : record[field];
  return { event };
}

/** A list's events as the kiosk reads them, and those set aside. */
export function readSystemEvents(items: readonly unknown[]): { events: SystemEvent[]; unreadable: UnreadableEvent[] } {
  const events: SystemEvent[] = [];
  const unreadable: UnreadableEvent[] = [];
  for (const item of items) {
    const read = readSystemEvent(item);
    if ('event' in read) events.push(read.event);
    else unreadable.push(read.unreadable);
  }
  return { events, unreadable };
}
