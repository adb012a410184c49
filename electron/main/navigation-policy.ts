/**
 * Where the kiosk's web contents may go and what its session may load, decided without
 * Electron: navigations and redirects only within the app's own origin; outbound requests only to
 * the own origin (plus, in development, DevTools' pages and the dev server's HMR socket). The
 * renderer never talks to the network; main does.
 */
import { originOf, sameOrigin } from '../serving/app-origin';

/** A navigation, frame navigation or redirect to `url` is allowed (the own origin only). */
export function navigationAllowed(url: string, ownUrl: string): boolean {
  return sameOrigin(url, ownUrl);
}

export interface RequestRules {
  ownUrl: string;
  /** Development (not packaged): DevTools and the dev server's websocket are allowed too. */
  development: boolean;
}

/** A request of the renderer's session to `url` may go out. */
export function outboundRequestAllowed(url: string, rules: RequestRules): boolean {
  if (sameOrigin(url, rules.ownUrl)) return true;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  // In-page data (the captured photo as a blob or data URL) never leaves the process.
  if (parsed.protocol === 'data:' || parsed.protocol === 'blob:') return true;
  if (!rules.development) return false;
  if (parsed.protocol === 'devtools:' || parsed.protocol === 'chrome-devtools:') return true;
  const own = originOf(rules.ownUrl);
  return (parsed.protocol === 'ws:' || parsed.protocol === 'wss:') && own !== null && own.endsWith(`//${parsed.host}`);
}
