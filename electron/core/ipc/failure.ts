/**
 * KioskFailure: the one exception type the core throws on purpose. It carries a typed
 * KioskError (user-facing message + log detail); the gateway turns it into a Result.
 */
import { keyedError, type ErrorCode, type ErrorParams, type ErrorTextName, type KioskError } from '../../contract/ipc';

export class KioskFailure extends Error {
  readonly error: KioskError;

  constructor(error: KioskError) {
    super(error.detail ? `${error.message} (${error.detail})` : error.message);
    this.name = 'KioskFailure';
    this.error = error;
  }

  static of(code: ErrorCode, message: string, extra: Omit<KioskError, 'code' | 'message'> = {}): KioskFailure {
    return new KioskFailure({ code, message, ...extra });
  }

  /** A failure worded by a key of the error table (contract/error-text.ts): key, params and English message. */
  static keyed(code: ErrorCode, name: ErrorTextName, params: ErrorParams = {}, extra: Omit<KioskError, 'code' | 'message' | 'key' | 'params'> = {}): KioskFailure {
    return new KioskFailure({ code, ...keyedError(name, params), ...extra });
  }
}

/** Turns anything thrown into a KioskError without leaking a stack to the renderer. */
export function toKioskError(thrown: unknown): KioskError {
  if (thrown instanceof KioskFailure) return thrown.error;
  return {
    code: 'internal',
    ...keyedError('internal'),
    detail: thrown instanceof Error ? `${thrown.name}: ${thrown.message}` : String(thrown),
  };
}

/**
 * The error with a new sentence around it (its message rewritten in main): the key and params of
 * the original would render only the inner sentence in the renderer, so they are dropped and the
 * renderer shows this message as it is, until the new sentence has a key of its own.
 */
export function reworded(error: KioskError, message: string): KioskError {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- taken out so they are not passed on
  const { key, params, ...rest } = error;
  return { ...rest, message };
}
