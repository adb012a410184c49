/**
 * The app's own origin (the privileged scheme the renderer is served from) and origin
 * comparison as origins: scheme, host and port, never paths. Plain TypeScript so Node tests hold
 * every case, including the file:// ones (a file URL's origin keeps its host: file://otherhost
 * is a UNC share, never the app).
 *
 * WHATWG's URL.origin is "null" for schemes it does not know (kiosk:), so the origin is built
 * here from the parsed protocol and host instead.
 */

export const APP_SCHEME = 'kiosk';
export const APP_HOST = 'app';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
/** The kiosk page, as the window loads it. */
export const APP_PAGE_URL = `${APP_ORIGIN}/index.html`;

/** "scheme://host[:port]" of a URL (lower case), "file://host" for file URLs, null when it is not a URL with a host part. */
export function originOf(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol === 'file:') return `file://${parsed.host.toLowerCase()}`;
  if (parsed.host === '') return null;
  return `${parsed.protocol.toLowerCase()}//${parsed.host.toLowerCase()}`;
}

/** True when both URLs (or origins) have the same origin; anything unparsable is never the same. */
export function sameOrigin(a: string, b: string): boolean {
  const left = originOf(a);
  const right = originOf(b);
  return left !== null && left === right;
}
