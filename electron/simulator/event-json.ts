// The public JSON of one event: the spec's SystemEvent record, or, for a malformed ("poison") event
// of the test controls, the off-spec form its kind asks for, exactly as a faulty service would send
// it (null text, a time without zone, a string id, padding past a client's size limits, no id, not
// an object). Also what that JSON shows as category and text, for the counts of the test controls.
// Builds bytes only: keeping events is the EventLog's job, reading requests the test controls'.

import type { EventAttributes } from './events';
import type { MalformedEventKind, SystemEventRecord } from './records';

export const MALFORMED_EVENT_KINDS = ['null-text', 'no-zone', 'string-id', 'oversize', 'no-id', 'not-an-object'] as const satisfies readonly MalformedEventKind[];

/** Length of an oversize event's JSON when none is asked for: over a client's 8 MiB range-answer limit. */
export const DEFAULT_OVERSIZE_BYTES = 9 * 1024 * 1024;
export const MAX_OVERSIZE_BYTES = 64 * 1024 * 1024;

/** The list element of a not-an-object event (and the whole body of GET /api/SystemEvents/{id}). */
export const NOT_AN_OBJECT_JSON = '"garbage"';

/** What makes an event malformed; `bytes` is the JSON length of an oversize one. */
export interface MalformedSpec {
  kind: MalformedEventKind;
  bytes?: number;
}

export function isMalformedKind(value: unknown): value is MalformedEventKind {
  return typeof value === 'string' && (MALFORMED_EVENT_KINDS as readonly string[]).includes(value);
}

export function toSystemEventRecord(event: EventAttributes & { id: number }): SystemEventRecord {
  return {
    record_ID: event.id,
    created: new Date(event.createdMs).toISOString(),
    event_Category_Name: event.categoryName,
    device_Name: event.deviceName,
    custom_Text: event.customText,
    origin_Name: null,
    additional_Info: null,
    cardnumber: null,
    facility_Code: null,
  };
}

/** JSON of the names events repeat (categories, devices): encoded once. Bounded, since injected names can be anything. */
const encodedNames = new Map<string, string>();
const MAX_ENCODED_NAMES = 1000;

function encodedName(name: string): string {
  let encoded = encodedNames.get(name);
  if (encoded === undefined) {
    if (encodedNames.size >= MAX_ENCODED_NAMES) encodedNames.clear();
    encoded = JSON.stringify(name);
    encodedNames.set(name, encoded);
  }
  return encoded;
}

/** The last timestamp formatted: events made together (a generator tick, a bulk append) share it. */
let lastIso = { ms: Number.NaN, text: '' };

function isoTimestamp(ms: number): string {
  if (lastIso.ms !== ms) lastIso = { ms, text: new Date(ms).toISOString() };
  return lastIso.text;
}

/**
 * JSON.stringify(toSystemEventRecord(event)), written out by hand: the same bytes (a test compares
 * them), in less than half the time, which is most of the cost of a bulk append.
 */
function recordJson(event: EventAttributes, id: number): string {
  return (
    `{"record_ID":${id},"created":"${isoTimestamp(event.createdMs)}","event_Category_Name":${encodedName(event.categoryName)},` +
    `"device_Name":${encodedName(event.deviceName)},"custom_Text":${JSON.stringify(event.customText)},` +
    '"origin_Name":null,"additional_Info":null,"cardnumber":null,"facility_Code":null}'
  );
}

/** "2026-11-28T22:10:05.123456": the UTC digits with three more of a fraction (from the id, so a reload gives the same) and no zone. */
function createdWithoutZone(createdMs: number, id: number): string {
  return `${new Date(createdMs).toISOString().slice(0, -1)}${String(id % 1000).padStart(3, '0')}`;
}

/** The record with custom_Text padded (a space, then "x"s) so that its JSON is exactly `bytes` long. */
function padded(record: SystemEventRecord, bytes: number): string {
  const unpadded = JSON.stringify(record);
  const padding = bytes - Buffer.byteLength(unpadded);
  if (padding < 0) {
    throw new RangeError(`bytes must be at least ${Buffer.byteLength(unpadded)} for this event (the length of its JSON without padding).`);
  }
  if (padding === 0) return unpadded;
  // ASCII padding needs no escaping: each character adds exactly one byte.
  return JSON.stringify({ ...record, custom_Text: `${record.custom_Text} ${'x'.repeat(padding - 1)}` });
}

function malformedJson(record: SystemEventRecord, spec: MalformedSpec, createdMs: number): string {
  switch (spec.kind) {
    case 'null-text':
      return JSON.stringify({ ...record, custom_Text: null });
    case 'no-zone':
      return JSON.stringify({ ...record, created: createdWithoutZone(createdMs, record.record_ID) });
    case 'string-id':
      return JSON.stringify({ ...record, record_ID: String(record.record_ID) });
    case 'oversize':
      return padded(record, spec.bytes ?? DEFAULT_OVERSIZE_BYTES);
    case 'no-id': {
      const { record_ID: _omitted, ...rest } = record;
      return JSON.stringify(rest);
    }
    case 'not-an-object':
      return NOT_AN_OBJECT_JSON;
  }
}

/** The event's JSON, UTF-8. A RangeError when an oversize event cannot be as short as asked. */
export function eventJson(event: EventAttributes, id: number): Buffer {
  if (event.malformed === undefined) return Buffer.from(recordJson(event, id));
  return Buffer.from(malformedJson(toSystemEventRecord({ ...event, id }), event.malformed, event.createdMs));
}

/** event_Category_Name as the JSON shows it (null when it shows none). */
export function categoryAsServed(event: EventAttributes): string | null {
  return event.malformed?.kind === 'not-an-object' ? null : event.categoryName;
}

/** custom_Text as the JSON shows it (null when null or absent); an oversize event's text before its padding. */
export function textAsServed(event: EventAttributes): string | null {
  const kind = event.malformed?.kind;
  return kind === 'null-text' || kind === 'not-an-object' ? null : event.customText;
}
