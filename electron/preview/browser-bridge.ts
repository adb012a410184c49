/**
 * The preview harness's stand-in for the preload: builds `window.kiosk` from the same contract,
 * over the loopback bridge (POST per call, one Server-Sent Events stream for push events).
 * Bundled for the browser by preview-server.ts at start-up; the token is prepended there.
 */
import { buildKioskApi } from '../contract/kiosk-api';

declare const KIOSK_BRIDGE_TOKEN: string;

const listeners = new Map<string, Set<(payload: unknown) => void>>();
let stream: EventSource | null = null;
/**
 * Open once the stream is connected. The preload's listeners are in place the moment they are
 * added; this stream connects later, so a call made after subscribing waits for it: a feed
 * snapshot read before the stream opened missed the events pushed in between (seen in CI).
 */
let streamOpen: Promise<void> | null = null;

function ensureStream(channel: string): void {
  if (!stream) {
    const opening = new EventSource(`/__kiosk/push?token=${encodeURIComponent(KIOSK_BRIDGE_TOKEN)}`);
    stream = opening;
    streamOpen = new Promise<void>((resolve) => {
      opening.addEventListener('open', () => resolve(), { once: true });
      setTimeout(resolve, 5_000); // a stream that cannot open never holds a call for ever
    });
  }
  if (listeners.has(channel)) return;
  listeners.set(channel, new Set());
  stream.addEventListener(channel, (message) => {
    let payload: unknown;
    try {
      payload = JSON.parse((message as MessageEvent<string>).data);
    } catch {
      return;
    }
    for (const listener of listeners.get(channel) ?? []) listener(payload);
  });
}

/** Bytes (an ID photo) cross the JSON bridge as {"$kioskBytes": base64}; the server turns them back. */
function encodeBytes(_key: string, value: unknown): unknown {
  if (!(value instanceof Uint8Array)) return value;
  let binary = '';
  for (let i = 0; i < value.length; i += 0x8000) binary += String.fromCharCode(...value.subarray(i, i + 0x8000));
  return { $kioskBytes: btoa(binary) };
}

const kiosk = buildKioskApi({
  async invoke(channel, payload) {
    if (streamOpen) await streamOpen;
    const name = channel.replace(/^kiosk:op:/, '');
    const response = await fetch(`/__kiosk/op/${encodeURIComponent(name)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-kiosk-token': KIOSK_BRIDGE_TOKEN },
      body: JSON.stringify(payload === undefined ? {} : { payload }, encodeBytes),
    });
    if (response.status === 403) return null;
    return response.json();
  },
  subscribe(channel, listener) {
    ensureStream(channel);
    listeners.get(channel)?.add(listener);
    return () => {
      listeners.get(channel)?.delete(listener);
    };
  },
});

Object.defineProperty(window, 'kiosk', { value: kiosk, writable: false, configurable: false });
