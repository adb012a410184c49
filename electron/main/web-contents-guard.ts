/**
 * What every web contents of the app gets, registered from app.on('web-contents-created') so no
 * window, frame or DevTools page escapes it: navigations, frame navigations and redirects off the
 * own origin cancelled; window.open denied with nothing opened anywhere (no openExternal); no
 * <webview>; no Bluetooth device picked; in production the reload/zoom/DevTools/print/close
 * shortcuts swallowed and DevTools closed if they open. Decisions live in the *-policy.ts modules.
 */
import type { Event, WebContents } from 'electron';
import { blockedShortcut } from './keyboard-policy';
import { navigationAllowed } from './navigation-policy';

export interface GuardOptions {
  /** The app page (kiosk://app/index.html, or the dev server in development). */
  ownUrl: string;
  /** Packaged build: shortcuts blocked, DevTools closed. */
  production: boolean;
  log: (line: string) => void;
}

const short = (url: string): string => url.slice(0, 200);

export function guardWebContents(contents: WebContents, options: GuardOptions): void {
  const refuseOffOrigin = (what: string) => (event: Event, url: string) => {
    if (navigationAllowed(url, options.ownUrl)) return;
    event.preventDefault();
    options.log(`cancelled a ${what} to ${short(url)}`);
  };
  contents.on('will-navigate', refuseOffOrigin('navigation'));
  contents.on('will-redirect', refuseOffOrigin('redirect'));
  contents.on('will-frame-navigate', (details) => {
    if (navigationAllowed(details.url, options.ownUrl)) return;
    details.preventDefault();
    options.log(`cancelled a frame navigation to ${short(details.url)}`);
  });
  contents.on('will-attach-webview', (event) => {
    event.preventDefault();
    options.log('refused to attach a <webview>');
  });
  contents.setWindowOpenHandler(({ url }) => {
    // Nothing opens: not inside the kiosk, not in the system browser (an escape hatch in public).
    options.log(`refused to open a window for ${short(url)}`);
    return { action: 'deny' };
  });
  contents.on('select-bluetooth-device', (event, _devices, callback) => {
    event.preventDefault();
    callback('');
    options.log('refused a Bluetooth device selection');
  });
  if (options.production) {
    contents.on('before-input-event', (event, input) => {
      const blocked = blockedShortcut(input);
      if (blocked === null) return;
      event.preventDefault();
      options.log(`ignored the ${blocked} shortcut`);
    });
    contents.on('devtools-opened', () => {
      contents.closeDevTools();
      options.log('closed DevTools (not available in the packaged kiosk)');
    });
  }
}
