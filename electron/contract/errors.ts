/**
 * Errors and results across IPC: every failure is a typed KioskError with a message for the person
 * at the kiosk, and every operation answers a Result. Part of the IPC contract (index: ipc.ts).
 */
import type { ErrorKey, ErrorParams } from './error-text';

/** Every failure that crosses IPC is one of these codes, never a raw exception. */
export const ERROR_CODES = [
  'invalid_request', // the renderer sent a payload that does not match the contract
  'unreachable', // the service did not answer (refused, DNS, TLS, dropped)
  'timeout',
  'unauthorized',
  'forbidden',
  'not_found',
  'rejected', // 400 / 409 / 415 / 422: the server refused the input, with its message
  'too_large',
  'server_error',
  'malformed_answer', // the server answered something that is not what the spec says
  'cancelled',
  'config', // configuration is missing or wrong
  'internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * A typed error: `key` + `params` are what the person at the kiosk reads, in the renderer's
 * language (error-text.ts); `message` is the same in English, for the log and as the fallback;
 * `detail` for the log (never secrets).
 */
export interface KioskError {
  code: ErrorCode;
  message: string;
  /** A key of the renderer's `errors` messages (error-text.ts), when main words this error itself. */
  key?: ErrorKey;
  /** The parameters of `key` (names from the service are passed as they come). */
  params?: ErrorParams;
  detail?: string;
  /** The request or answer field at fault, when there is one. */
  field?: string;
  /** The service endpoint involved, e.g. "GET /api/SystemEvents/maxid". */
  endpoint?: string;
  /** HTTP status when the service answered one. */
  status?: number;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: KioskError };
