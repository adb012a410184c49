/**
 * Which permission requests and checks of the kiosk's session are granted: the camera (media,
 * video only, never the microphone) for the app's own origin in the kiosk window's main frame;
 * everything else is refused (the alarm sound needs no permission: the window's autoplay policy
 * lets it play). A pure function so a Node test holds each case to its answer; session-guard.ts
 * wires it to Electron's handlers and logs refusals.
 *
 * Origins are compared as origins (scheme, host, port). That is what Chromium reports: for a page
 * loaded from file:// the requesting origin is "file://" or "file:///" with no path, so a
 * comparison of paths refused the camera to the app's own file:// page; the app is now served
 * from its own scheme (kiosk://app), and a file URL with a host (a UNC share) is never the app.
 */
import { sameOrigin } from '../serving/app-origin';

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

/** True when `origin` is the origin of the app's own page at `own`. */
export function isOwnOrigin(origin: string, own: string): boolean {
  return sameOrigin(origin, own);
}

export function permissionGranted(ask: PermissionAsk, own: string): boolean {
  if (ask.permission !== 'media' || !ask.fromKioskWindow || !ask.mainFrame || !isOwnOrigin(ask.origin, own)) return false;
  if (ask.mediaTypes !== undefined) {
    // The ID photo needs the camera only; a request that includes the microphone is refused whole.
    return ask.mediaTypes.length > 0 && ask.mediaTypes.every((type) => type === 'video');
  }
  return true;
}
