/**
 * The kiosk window: sandboxed, context-isolated, no Node in the renderer (web-preferences.ts),
 * loaded from the app's own scheme (or Vite's dev server in development), full screen and in
 * kiosk mode when configured. Navigation, permission and request rules are installed for every
 * web contents and the session by shell-setup.ts; this module only builds the window.
 */
import { BrowserWindow } from 'electron';
import { join } from 'node:path';
import { APP_PAGE_URL, sameOrigin } from '../serving/app-origin';
import { kioskWebPreferences } from './web-preferences';

export interface KioskWindowOptions {
  fullscreen: boolean;
  /** Vite's dev server during `npm run dev`, otherwise the app's own scheme. */
  devServerUrl: string | undefined;
  /** DevTools can be opened (development only). */
  devTools: boolean;
}

/** The URL the renderer is loaded from; IPC from any other origin is ignored. */
export function rendererUrl(options: Pick<KioskWindowOptions, 'devServerUrl'>): string {
  return options.devServerUrl ?? APP_PAGE_URL;
}

/** True when `url` has the origin of the app's own page (scheme, host and port; path, query and hash ignored). */
export function isOwnPage(url: string, own: string): boolean {
  return sameOrigin(url, own);
}

export function kioskWindowOptions(options: KioskWindowOptions, preloadPath: string): Electron.BrowserWindowConstructorOptions {
  return {
    width: 1280,
    height: 800,
    minWidth: 1024,
    minHeight: 700,
    show: false,
    fullscreen: options.fullscreen,
    kiosk: options.fullscreen,
    autoHideMenuBar: true,
    title: 'Access Kiosk',
    webPreferences: kioskWebPreferences(preloadPath, options.devTools),
  };
}

/** Creates the window; the caller loads rendererUrl() after wiring IPC and recovery. */
export function createKioskWindow(options: KioskWindowOptions): BrowserWindow {
  const window = new BrowserWindow(kioskWindowOptions(options, join(__dirname, '../preload/index.js')));
  window.once('ready-to-show', () => window.show());
  return window;
}
