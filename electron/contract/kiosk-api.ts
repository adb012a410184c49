/**
 * Builds `window.kiosk` from the contract over any transport: Electron's ipcRenderer in the
 * preload, the loopback bridge in the preview harness. One named method per operation and one
 * `onX(listener) → unsubscribe` per push event; there is no generic invoke on the object.
 * A transport failure becomes a typed Result error, never a rejected promise.
 */
import { keyedError } from './error-text';
import {
  OPERATION_NAMES,
  PUSH_NAMES,
  channelOf,
  listenerNameOf,
  pushChannelOf,
  type KioskApi,
  type Result,
} from './ipc';

export interface KioskTransport {
  /** Sends one call; resolves to main's Result (or null when main ignored the sender). */
  invoke(channel: string, payload: unknown): Promise<unknown>;
  subscribe(channel: string, listener: (payload: unknown) => void): () => void;
}

const looksLikeResult = (value: unknown): value is Result<unknown> =>
  typeof value === 'object' && value !== null && typeof (value as { ok?: unknown }).ok === 'boolean';

export function buildKioskApi(transport: KioskTransport): KioskApi {
  const api: Record<string, unknown> = {};
  for (const name of OPERATION_NAMES) {
    const channel = channelOf(name);
    api[name] = async (request?: unknown): Promise<Result<unknown>> => {
      try {
        const answer = await transport.invoke(channel, request);
        if (looksLikeResult(answer)) return answer;
        return {
          ok: false,
          error: { code: 'internal', ...keyedError('noAnswerFromMain'), detail: `${name}: no answer from main` },
        };
      } catch (thrown) {
        return {
          ok: false,
          error: {
            code: 'internal',
            ...keyedError('noAnswerFromMain'),
            detail: `${name}: ${thrown instanceof Error ? thrown.message : String(thrown)}`,
          },
        };
      }
    };
  }
  for (const name of PUSH_NAMES) {
    const channel = pushChannelOf(name);
    api[listenerNameOf(name)] = (listener: (payload: unknown) => void): (() => void) => {
      if (typeof listener !== 'function') throw new TypeError(`${listenerNameOf(name)} needs a function`);
      return transport.subscribe(channel, (payload) => listener(payload));
    };
  }
  return Object.freeze(api) as unknown as KioskApi;
}
