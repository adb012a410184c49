/**
 * Secret: the service credential (API key, password or token) as the main process holds it.
 * Its text is reachable only through reveal(), so an accidental log line, JSON.stringify or
 * util.inspect shows "[secret]" instead of the value. It never crosses IPC.
 */
import { inspect } from 'node:util';

export class Secret {
  readonly #value: string;
  /** When it was stored (ISO 8601), when known. */
  readonly savedAt: string | null;
  /**
   * The service origin (scheme://host:port) it was set for; the kiosk sends it to no other
   * (credential-binding.ts). Null for a credential stored before credentials were bound.
   */
  readonly origin: string | null;

  constructor(value: string, savedAt: string | null = null, origin: string | null = null) {
    this.#value = value;
    this.savedAt = savedAt;
    this.origin = origin;
  }

  /** The credential itself: only for building the request header and for the vault. */
  reveal(): string {
    return this.#value;
  }

  toString(): string {
    return '[secret]';
  }

  toJSON(): string {
    return '[secret]';
  }

  [inspect.custom](): string {
    return 'Secret([secret])';
  }
}
