/**
 * Which permission requests and checks of the kiosk window's session are granted: the camera
 * (video only, never the microphone) and full screen, for the app's own page in the kiosk
 * window's main frame; everything else is refused. A pure function so a Node test holds each
 * case to its answer; kiosk-window.ts wires it to Electron's handlers and logs refusals.
 *
 * Origins are compared as origins. A page loaded from file:// has the opaque origin "file://"
 * (Chromium reports `requestingOrigin` as "file:///" or "file://", with no path), so for the
 * app's own file:// page the check is: a file: origin with no host, from the kiosk window's main
 * frame. (A file URL with a host — a UNC share — is never the app.)
 */
export interface PermissionAsk {
  permission: string;
  /** requestingUrl of a request, requestingOrigin of a check. */
  origin: string;
  /** The asking web contents is the kiosk window's. */
  fromKioskWindow: boolean;
  /** The asking frame is that window's main frame (checks: unknown, treated as such). */
  mainFrame: boolean;
  /** For 'media' requests: what is asked for ('video', 'audio'); undefined for a check. */
  mediaTypes?: readonly string[];
}

const ALLOWED = new Set(['media', 'fullscreen']);

function originOf(url: string): { protocol: string; host: string; origin: string } | null {
  try {
    const parsed = new URL(url);
    return { protocol: parsed.protocol, host: parsed.host, origin: parsed.origin };
  } catch {
    return null;
  }
}

/** True when `origin` is the app's own page's origin (the page at `own`). */
export function isOwnOrigin(origin: string, own: string): boolean {
  const a = originOf(origin);
  const b = originOf(own);
  if (!a || !b) return false;
  if (b.protocol === 'file:') return a.protocol === 'file:' && a.host === '' && b.host === '';
  return a.origin === b.origin;
}

export function permissionGranted(ask: PermissionAsk, own: string): boolean {
  if (!ALLOWED.has(ask.permission) || !ask.fromKioskWindow || !ask.mainFrame || !isOwnOrigin(ask.origin, own)) return false;
  if (ask.permission === 'media' && ask.mediaTypes !== undefined) {
    // The ID photo needs the camera only; a request that includes the microphone is refused whole.
    return ask.mediaTypes.length > 0 && ask.mediaTypes.every((type) => type === 'video');
  }
  return true;
}
