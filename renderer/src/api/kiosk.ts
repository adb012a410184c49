/**
 * The renderer's only door to main: wraps `window.kiosk` (the preload's or the preview bridge's).
 * Stores import `kiosk` from here; components never do. When the bridge is missing (the page was
 * opened outside the kiosk) every call answers a typed error instead of throwing.
 */
import { keyedError } from '../../../electron/contract/error-text';
import type { KioskApi, KioskError, Result } from '../../../electron/contract/ipc';

export type { KioskError, Result };

const MISSING: KioskError = {
  code: 'internal',
  ...keyedError('notConnected'),
  detail: 'window.kiosk is not defined',
};

function disconnectedApi(): KioskApi {
  return new Proxy({} as KioskApi, {
    get: (_target, property) =>
      typeof property === 'string' && property.startsWith('on')
        ? () => () => {}
        : async () => ({ ok: false, error: MISSING }),
  });
}

export const kiosk: KioskApi = window.kiosk ?? disconnectedApi();
export const isConnected = (): boolean => window.kiosk !== undefined;
