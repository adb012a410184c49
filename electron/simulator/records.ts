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
