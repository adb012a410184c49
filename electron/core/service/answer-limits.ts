/**
 * How much of the access-control service's answers the kiosk will read, and for how long: the
 * size limit of each endpoint's answer (a record, a range of events, a search: a few MiB each; the
 * cardholder list is streamed and has its own, much larger limit) and the one overall deadline of
 * a call (`service.timeoutMs`, its retries included; a photo upload gets the time a slow link needs
 * to send it on top), whatever the socket does. A service that
 * sends its headers at once and then one byte a second never leaves the socket silent, so axios's
 * own `timeout` would never fire: the deadline aborts the request instead.
 *
 * It owns those numbers and the typed failures that say so (`too_large`, `timeout`); service-http.ts
 * applies them.
 */
import type { RequestContext } from './service-errors';
import { ServiceFailure } from './service-errors';
import { keyedError } from '../../contract/ipc';

const KiB = 1024;
const MiB = 1024 * KiB;

/** Largest answer to one record (a cardholder, an event) or to a write that answers with the record. */
export const RECORD_ANSWER_BYTES = 1 * MiB;
/** Largest answer to GET /api/SystemEvents (a range of at most feed.chunkSize ≤ 10,000 events, ~600 bytes each). */
export const EVENT_RANGE_ANSWER_BYTES = 8 * MiB;
/** Largest answer to a search (a service caps it; the simulator at 10,000 events, about 6 MB). */
export const SEARCH_ANSWER_BYTES = 8 * MiB;
/** Largest answer to GET /api/SystemEvents/maxid ({"maxId": n}). */
export const MAX_ID_ANSWER_BYTES = 64 * KiB;
/** The cardholder list read whole (not used by the kiosk, which streams it). */
export const LIST_ANSWER_BYTES = 64 * MiB;
/**
 * The streamed cardholder list (the front desk's directory): over a million records. It is parsed
 * as one text, and a JavaScript string holds at most 2^29 − 24 characters (V8 on 64 bits,
 * `buffer.constants.MAX_STRING_LENGTH`), so a list of about 512 MiB or more failed with "Invalid
 * string length" whatever this said: the limit is below that (a UTF-8 byte is at most one
 * character), and a list over it is refused with its size and the limit.
 */
export const DIRECTORY_ANSWER_BYTES = 500 * MiB;
/**
 * A streamed body that brings fewer bytes than this within `service.timeoutMs` is stalled (a
 * dripping service never leaves the socket silent; the whole list may take minutes, so the stream
 * is judged on its progress, not on one deadline).
 */
export const STREAM_PROGRESS_FLOOR_BYTES = 1 * KiB;

/** The slowest link a photo upload is given time for: its deadline grows by its size at this rate. */
export const UPLOAD_FLOOR_BYTES_PER_SECOND = 32 * KiB;

/** A call's overall deadline: service.timeoutMs, plus the time a large request body needs on a slow link. */
export function deadlineFor(timeoutMs: number, uploadBytes: number): number {
  return timeoutMs + Math.ceil((Math.max(0, uploadBytes) / UPLOAD_FLOOR_BYTES_PER_SECOND) * 1000);
}

/** The answer size limit of each endpoint, by its spec name ('GET /api/CardHolders/{id}'…). */
const LIMITS: Readonly<Record<string, number>> = {
  'GET /api/CardHolders': LIST_ANSWER_BYTES,
  'GET /api/CardHolders/{id}': RECORD_ANSWER_BYTES,
  'POST /api/CardHolders/{id}/photo': RECORD_ANSWER_BYTES,
  'POST /api/CardHolders/create': RECORD_ANSWER_BYTES,
  'POST /api/CardHolders/update': RECORD_ANSWER_BYTES,
  'GET /api/SystemEvents': EVENT_RANGE_ANSWER_BYTES,
  'GET /api/SystemEvents/{id}': RECORD_ANSWER_BYTES,
  'GET /api/SystemEvents/maxid': MAX_ID_ANSWER_BYTES,
  'POST /api/SystemEvents/search': SEARCH_ANSWER_BYTES,
  'POST /api/SystemEvents/searchbycodes': SEARCH_ANSWER_BYTES,
};

/** The limit of an endpoint's answer read whole; an endpoint not in the table gets a record's. */
export function answerLimitFor(endpoint: string): number {
  return LIMITS[endpoint] ?? RECORD_ANSWER_BYTES;
}

/** "840 KB", "12.5 MB": a size as a person reads it. */
export function sizeText(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The HTTP library stopped reading at the size limit (axios aborts the request there: nothing more is buffered). */
export function isOverSizeLimit(thrown: unknown): boolean {
  return thrown instanceof Error && (thrown as { code?: unknown }).code === 'ERR_BAD_RESPONSE' && /maxContentLength/.test(thrown.message);
}

/**
 * The answer is larger than the endpoint's limit: the kiosk stopped reading it. `size` is the
 * whole answer's when the service declared it; the cardholder directory says its size and the limit.
 */
export function answerTooLarge(ctx: RequestContext, limit: number, seen: string, size: number | null = null): ServiceFailure {
  const search = ctx.endpoint.includes('/search');
  const directory = ctx.endpoint === 'GET /api/CardHolders';
  const worded = directory
    ? size !== null
      ? keyedError('directoryTooLarge', { size: sizeText(size), limit: sizeText(limit) })
      : keyedError('directoryOverLimit', { limit: sizeText(limit) })
    : keyedError(search ? 'searchTooLarge' : 'answerTooLarge', { size: sizeText(limit) });
  return new ServiceFailure({ code: 'too_large', ...worded, detail: `${ctx.request}: answer ${seen} > limit ${limit} bytes`, endpoint: ctx.endpoint }, { retryable: false });
}

/** The call's overall deadline passed (whatever the socket did). */
export function deadlinePassed(ctx: RequestContext, timeoutMs: number, what: string): ServiceFailure {
  return new ServiceFailure(
    {
      code: 'timeout',
      ...keyedError('deadline', { seconds: formatSeconds(timeoutMs) }),
      detail: `${ctx.request}: overall deadline of ${timeoutMs} ms passed (${what})`,
      endpoint: ctx.endpoint,
    },
    { retryable: false },
  );
}

function formatSeconds(ms: number): number {
  const seconds = ms / 1000;
  return Number.isInteger(seconds) ? seconds : Number(seconds.toFixed(1));
}

/**
 * One call's overall deadline: a signal that aborts when the caller's does or when `ms` have
 * passed since the call began, whichever comes first. `clear()` ends it (the timer is gone; a
 * stream whose head arrived in time is not aborted afterwards).
 */
export class CallDeadline {
  readonly signal: AbortSignal;
  private readonly controller = new AbortController();
  private readonly timer: ReturnType<typeof setTimeout>;
  private readonly endsAt: number;
  private passed = false;

  constructor(
    readonly ms: number,
    caller: AbortSignal | undefined,
  ) {
    this.endsAt = Date.now() + ms;
    this.timer = setTimeout(() => {
      this.passed = true;
      this.controller.abort(new Error(`deadline of ${ms} ms passed`));
    }, ms);
    this.signal = caller ? AbortSignal.any([caller, this.controller.signal]) : this.controller.signal;
  }

  /** True once the deadline fired (not when the caller aborted). */
  get expired(): boolean {
    return this.passed;
  }

  /** Milliseconds left before the deadline. */
  remaining(): number {
    return Math.max(0, this.endsAt - Date.now());
  }

  clear(): void {
    clearTimeout(this.timer);
  }
}
