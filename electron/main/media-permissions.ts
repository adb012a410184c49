/**
 * Which permission requests and checks of the kiosk's session are granted: the camera (media,
 * video only and said so, never the microphone nor an unnamed or unknown type) for the app's own origin in the kiosk window's main frame;
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
  /**
   * For 'media': what is asked for ('video', 'audio'; a check reports one type, maybe 'unknown').
   * Missing or empty is refused: only a request or check that names video alone is granted.
   */
  mediaTypes?: readonly string[];
}

/** True when `origin` is the origin of the app's own page at `own`. */
export function isOwnOrigin(origin: string, own: string): boolean {
  return sameOrigin(origin, own);
}

export function permissionGranted(ask: PermissionAsk, own: string): boolean {
  if (ask.permission !== 'media' || !ask.fromKioskWindow || !ask.mainFrame || !isOwnOrigin(ask.origin, own)) return false;
  // The ID photo needs the camera only: a request that includes the microphone is refused whole, and
  // one that names no type (or a type Chromium reports as unknown) is refused rather than guessed.
  const types = ask.mediaTypes ?? [];
  return types.length > 0 && types.every((type) => type === 'video');
}
