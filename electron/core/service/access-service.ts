/**
 * The shape of the access-control service as the rest of the core sees it: one method per
 * endpoint of ../shared/spec/service-api.md, already validated and typed. The axios-based
 * implementation is service-client.ts (one module per resource on the shared service-http.ts);
 * the feed, search and status code depend only on this interface. Failures are thrown as ServiceFailure (service-errors.ts), a KioskFailure
 * whose `error` is the contract's typed KioskError.
 */
import type { CardholderRecord, SystemEvent } from '../../contract/ipc';

export type { SystemEvent };
import type { UnreadableEvent } from './event-reading';
export type { UnreadableEvent };

/** A cardholder as the service defines it: the contract's record (spec field names kept verbatim; unknown fields kept). */
export type CardHolder = CardholderRecord;

export interface NewCardHolder {
  first_Name: string;
  last_Name: string;
  employee_ID: string;
  email: string;
  sex: string;
  city: string;
  [field: string]: unknown;
}

/** What a create answered: the new record, or — a 201 with an empty body — only the id its Location names. */
export type CreateAnswer = CardHolder | { id: number; onlyLocation: true };

export type CardHolderChanges = { id: number } & Partial<Omit<CardHolder, 'id'>>;

export interface EventSearch {
  from: string;
  to: string;
  tenants?: number[];
  searchstring?: string;
  DeviceIds?: number[];
  DeviceType?: number;
  isAlarm?: boolean;
}

export interface EventCodeSearch {
  from: string;
  to: string;
  tenants: number[];
  deviceType?: number;
  deviceIds?: number[];
  isAlarm?: boolean;
  eventCategoryIDs?: number[];
  eventTypeIDs?: number[];
  subcodeCategoryIDs?: number[];
  subcodeIDs?: number[];
}

export interface PhotoUpload {
  bytes: Uint8Array;
  contentType: 'image/jpeg' | 'image/png';
  fileName?: string;
}

/**
 * GET /api/SystemEvents answers a wrapper { maxID, events }. What maxID means is not specified
 * and some servers leave it out: null then.
 */
/** A search's events; `unreadable`: elements of the answer that could not be read as events (counted, never hidden). */
export type SearchAnswer = SystemEvent[] & { unreadable?: UnreadableEvent[] };

export interface EventList {
  maxID: number | null;
  events: SystemEvent[];
  /** Elements of the answer that could not be read as events (service/event-reading.ts): set aside, never the answer's end. */
  unreadable?: UnreadableEvent[];
}

export interface CallOptions {
  signal?: AbortSignal;
  /**
   * Extra attempts for this read instead of the configured `service.retries`: a caller that
   * retries on its own schedule (the live feed, the reachability probe) passes 0, so a service
   * that does not answer is known to be down after one timeout, not after several.
   */
  retries?: number;
}

export interface UploadOptions extends CallOptions {
  /** Bytes sent so far, and the request's whole size when known. */
  onProgress?: (sent: number, total: number | null) => void;
}

/** A conditional request for the whole cardholder list, with the validators of the copy held. */
export interface CardHolderListRequest extends CallOptions {
  etag: string | null;
  lastModified: string | null;
  /** Bytes received so far, and the whole length when the service said it. */
  onProgress?: (received: number, total: number | null) => void;
  /** Largest list accepted; default DIRECTORY_ANSWER_BYTES (what one JavaScript string can hold, with room). */
  maxBytes?: number;
}

/**
 * The cardholder list as it downloads: unchanged (the service answered 304 to the validators), or
 * its bytes as they arrive. Iterating `body` throws a ServiceFailure when the download breaks off
 * (dropped connection, stalled, over the size limit); nothing is parsed here.
 */
export type CardHolderListDownload =
  | { modified: false }
  | { modified: true; etag: string | null; lastModified: string | null; length: number | null; body: AsyncIterable<Uint8Array> };

export interface AccessService {
  listCardHolders(options?: CallOptions): Promise<CardHolder[]>;
  /** GET /api/CardHolders streamed, with If-None-Match / If-Modified-Since when validators are known. */
  downloadCardHolders(request: CardHolderListRequest): Promise<CardHolderListDownload>;
  getCardHolder(id: number, options?: CallOptions): Promise<CardHolder>;
  /** Returns what the service answered: the new record, or only its id when a 201 named it in Location. */
  createCardHolder(record: NewCardHolder, options?: CallOptions): Promise<CreateAnswer>;
  /** Returns the record the service answered with, or null when it answered none (the spec does not say). */
  updateCardHolder(changes: CardHolderChanges, options?: CallOptions): Promise<CardHolder | null>;
  /** Returns the record the service answered with, or null when it answered none (the spec does not say). */
  uploadPhoto(id: number, photo: PhotoUpload, options?: UploadOptions): Promise<CardHolder | null>;

  /** GET /api/SystemEvents?FromID&MaxID — returned as the server sent them (order and bounds unknown). */
  listEvents(fromId: number, maxId: number, options?: CallOptions): Promise<EventList>;
  getEvent(id: number, options?: CallOptions): Promise<SystemEvent>;
  getMaxEventId(options?: CallOptions): Promise<number>;
  searchEvents(search: EventSearch, options?: CallOptions): Promise<SearchAnswer>;
  searchEventsByCodes(search: EventCodeSearch, options?: CallOptions): Promise<SearchAnswer>;
}
