/**
 * The kiosk window and its security posture: sandboxed, context-isolated, no Node in the
 * renderer, no navigation away from the app, no new windows, permissions limited to the camera
 * for the app's own page. Electron-only; the core knows nothing of windows.
 */
import { BrowserWindow, shell, type WebContents } from 'electron';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { kioskWebPreferences } from './web-preferences';

export interface KioskWindowOptions {
  fullscreen: boolean;
  /** Vite's dev server during `npm run dev`, otherwise the built renderer file is loaded. */
  devServerUrl: string | undefined;
}

/** The URL the renderer is loaded from; IPC from any other page is ignored. */
export function rendererUrl(options: KioskWindowOptions): string {
  return options.devServerUrl ?? pathToFileURL(join(__dirname, '../renderer/index.html')).toString();
}

/** True when `url` is the app's own page (query and hash ignored). */
export function isOwnPage(url: string, own: string): boolean {
  try {
    const a = new URL(url);
    const b = new URL(own);
    if (a.protocol === 'file:') return a.protocol === b.protocol && a.pathname === b.pathname;
    return a.origin === b.origin;
  } catch {
    return false;
  }
}

export async function createKioskWindow(options: KioskWindowOptions): Promise<BrowserWindow> {
  const own = rendererUrl(options);
  const window = new BrowserWindow({
    width: 1280,
    height: 800,
    minWidth: 1024,
    minHeight: 700,
    show: false,
    fullscreen: options.fullscreen,
    kiosk: options.fullscreen,
    autoHideMenuBar: true,
    title: 'Access Kiosk',
    webPreferences: kioskWebPreferences(join(__dirname, '../preload/index.js')),
  });
  lockNavigation(window.webContents, own);
  limitPermissions(window.webContents, own);
  window.once('ready-to-show', () => window.show());
  await window.loadURL(own);
  return window;
}

function lockNavigation(contents: WebContents, own: string): void {
  contents.on('will-navigate', (event, url) => {
    if (!isOwnPage(url, own)) event.preventDefault();
  });
  contents.on('will-redirect', (event, url) => {
    if (!isOwnPage(url, own)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    // Links to documentation may open in the system browser; nothing opens inside the kiosk.
    if (url.startsWith('https:')) void shell.openExternal(url);
    return { action: 'deny' };
  });
}

function limitPermissions(contents: WebContents, own: string): void {
  const ses = contents.session;
  const allowed = new Set(['media', 'fullscreen']);
  ses.setPermissionRequestHandler((requester, permission, callback, details) => {
    callback(requester.id === contents.id && allowed.has(permission) && isOwnPage(details.requestingUrl, own));
  });
  ses.setPermissionCheckHandler((requester, permission, requestingOrigin) => {
    return requester?.id === contents.id && allowed.has(permission) && isOwnPage(requestingOrigin, own);
  });
}
