// The JSON shapes the simulated service and its test controls exchange, exactly as they travel.
// Types only: no runtime code, so clients (control-client.ts, tests, the kiosk) can import them
// without pulling in the server.

/** A cardholder as the service returns it (field names exact, quirks included). */
export interface CardHolderRecord {
  id: number;
  /** last name, separator, first name: "Dupont Marie" (see DECISIONS.md). */
  displayName: string;
  first_Name: string;
  last_Name: string;
  middle_Name: string;
  card_Holder_Letter_ID: number;
  employee_ID: string;
  displayEmployeeId: string;
  email: string;
  /** One upper-case letter when read (lower case is accepted on create). */
  sex: string;
  phone: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  zip: string;
  birthday: null;
  /** ISO 8601 with a UTC offset: 2026-11-21T10:00:00.000+00:00 */
  created: string;
  updated: string;
  /** Tenant ids; always contains 0. */
  tenant: number[];
  photo_Exists: boolean;
  card_Holder_Type_ID: number;
  card_Holder_ID: null;
  /** "last name, comma, first name": "Dupont, Marie". */
  name: string;
}

/** A system event as the service returns it: these fields and no others. */
export interface SystemEventRecord {
  record_ID: number;
  /** ISO 8601 UTC with suffix Z. */
  created: string;
  event_Category_Name: string;
  device_Name: string;
  custom_Text: string;
  origin_Name: null;
  additional_Info: null;
  cardnumber: null;
  facility_Code: null;
}

/** GET /api/SystemEvents, /search and /searchbycodes. Note the spelling maxID. */
export interface SystemEventList {
  maxID: number;
  events: SystemEventRecord[];
}

/** GET /api/SystemEvents/maxid. Note the spelling maxId. */
export interface MaxIdResult {
  maxId: number;
}

/** Every error the simulator answers with (see DECISIONS.md for the codes). */
export interface ApiErrorBody {
  error: string;
  message: string;
  field?: string;
}

/**
 * An event to inject through the test controls. Every field is optional; missing ones are
 * derived from the catalogue (event type → category, subcode, alarm flag; device → name, type, tenant).
 */
export interface InjectableEvent {
  /** ISO 8601; default now. */
  created: string;
  eventTypeId: number;
  eventCategoryId: number;
  subcodeId: number;
  subcodeCategoryId: number;
  deviceId: number;
  deviceType: number;
  tenant: number;
  isAlarm: boolean;
  event_Category_Name: string;
  device_Name: string;
  custom_Text: string;
}

/**
 * How a malformed ("poison") event's public JSON departs from the spec, as a faulty service would send it:
 * - `null-text`: custom_Text is null;
 * - `no-zone`: created has microseconds and no time zone ("2026-11-28T22:10:05.123456", UTC digits);
 * - `string-id`: record_ID is a string ("1234");
 * - `oversize`: custom_Text padded so that the event's JSON is `bytes` long;
 * - `no-id`: record_ID is missing;
 * - `not-an-object`: the element is the JSON string "garbage".
 */
export type MalformedEventKind = 'null-text' | 'no-zone' | 'string-id' | 'oversize' | 'no-id' | 'not-an-object';

/** POST /_sim/events/malformed body: the kind, and the fields of an injected event (its internal attributes). */
export type MalformedEventRequest = Partial<InjectableEvent> & {
  kind: MalformedEventKind;
  /** oversize only: length of the event's JSON in bytes; default 9 MiB, at most 64 MiB. */
  bytes?: number;
};

/** POST /_sim/events/malformed answer (201). */
export interface MalformedEventResult {
  /** The record_ID it occupies (whether or not its JSON shows it). */
  id: number;
  kind: MalformedEventKind;
  /** Length of its JSON in bytes, as served. */
  bytes: number;
}

/** POST /_sim/events/bulk body: `count` events appended at once; the fields given are laid over every one. */
export type BulkEventsRequest = Partial<InjectableEvent> & {
  /** 1 … 1,000,000. */
  count: number;
  /** ordinary: plausible non-alarm events; generated: what the live generator produces (alarms mixed in). */
  kind: 'ordinary' | 'generated';
};

/** POST /_sim/events/bulk answer (201): the ids handed out, both included. */
export interface BulkEventsResult {
  firstId: number;
  lastId: number;
}

/** One line of EventStats.byText: events with this category and text as their JSON shows them. */
export interface EventTextCount {
  /** event_Category_Name as served; null when the JSON has none (not-an-object). */
  category: string | null;
  /** custom_Text as served; null for null-text and not-an-object (oversize: the text before padding). */
  text: string | null;
  count: number;
}

/** GET /_sim/events/stats: counts of the retained events in an id range. */
export interface EventStats {
  total: number;
  /** Events whose internal alarm flag is set (malformed ones included). */
  alarms: number;
  /** Malformed events among them (also counted in total, alarms and byText). */
  malformed: number;
  /** The malformed ones by kind (kinds with none are absent). */
  malformedByKind: Partial<Record<MalformedEventKind, number>>;
  /** Highest count first; equal counts by category, then text (null first). */
  byText: EventTextCount[];
}

/** GET and POST /_sim/generator: the live generator's settings. */
export interface GeneratorSettings {
  /** 0 … 5000 (fractions allowed); 0 = stopped. */
  eventsPerSecond: number;
  /** 0 … 1: the share of alarm events among generated ones. */
  alarmShare: number;
}

/** A fault that applies to a request with some probability, or to the next `count` matching requests. */
export interface FaultRule {
  /** 0..1, default 1. */
  rate?: number;
  /** Apply to the next N matching requests only (each still subject to `rate`), then stop. */
  count?: number;
}

/** POST /_sim/faults body. Replaces the whole fault set. */
export interface FaultSpec {
  /** Only requests whose path starts with this prefix are affected (default: every /api path). */
  pathPrefix?: string;
  /** Delay added before every matching request is handled. */
  latencyMs?: number;
  /** Answer with this status instead of handling the request. */
  error?: FaultRule & { status: number };
  /** Handle the request, then send a JSON body that cannot be parsed. */
  malformedJson?: FaultRule;
  /** Destroy the socket without any response; with afterProcessing the request is handled first. */
  drop?: FaultRule & { afterProcessing?: boolean };
  /**
   * Send the status line, the headers (with the full Content-Length) and only the first
   * `afterBytes` bytes of the body, then close the connection: a download cut off midway.
   * Only answers whose body is longer than afterBytes are affected (and counted).
   */
  truncate?: FaultRule & { afterBytes: number };
  /** Send the body at about this many bytes per second (headers at once). Answers with a body only. */
  throttle?: FaultRule & { bytesPerSecond: number };
  /**
   * Send the headers and the first `afterBytes` bytes of the body, then send nothing more and keep
   * the connection open until the client gives up (or the faults are replaced/cleared, or the
   * simulator closes). Only answers whose body is longer than afterBytes are affected (and counted).
   */
  stall?: FaultRule & { afterBytes: number };
  /**
   * A service that answers at once and then drips: status and headers at once, then the body one
   * byte a second (never silent long enough for an idle timeout). Goes on after the faults are
   * cleared, until the client gives up; takes the place of throttle for the answers it touches.
   */
  drip?: FaultRule;
}

/** One change to one record of the list, by position (0 = the first record). */
export type ListEdit =
  /** Set fields to any JSON value (a field that does not exist is added at the end). */
  | { index: number; set: Record<string, unknown> }
  /** Remove fields. */
  | { index: number; remove: string[] }
  /** The record at `index` gets the id of the record at `duplicateOf` (as stored, before edits). */
  | { index: number; duplicateOf: number };

/** POST /_sim/cardholders/list-answer body: what GET /api/CardHolders answers. */
export type ListAnswer =
  /** The real list (the default). */
  | { mode: 'normal' }
  /** 200 with []. */
  | { mode: 'empty' }
  /** Exactly this text with this status (default 200) and content type (default JSON; "" = no Content-Type). */
  | { mode: 'raw'; body: string; status?: number; contentType?: string }
  /** The real list with these edits applied as it is sent (in order). */
  | { mode: 'mutate'; edits: ListEdit[] };

/** GET /_sim/photos/{id} */
export interface PhotoMeta {
  contentType: 'image/jpeg' | 'image/png';
  bytes: number;
  /** Lower-case hex SHA-256 of the stored bytes. */
  sha256: string;
  receivedAs: 'multipart' | 'raw';
  /** ISO 8601 UTC. */
  storedAt: string;
}
