/**
 * The kiosk window and its security posture: sandboxed, context-isolated, no Node in the
 * renderer, no navigation away from the app, no new windows, permissions limited to the camera
 * (video only) for the app's own page (media-permissions.ts decides). Electron-only; the core
 * knows nothing of windows.
 */
import { BrowserWindow, shell, type WebContents } from 'electron';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { kioskWebPreferences } from './web-preferences';
import { permissionGranted } from './media-permissions';

export interface KioskWindowOptions {
  fullscreen: boolean;
  /** Vite's dev server during `npm run dev`, otherwise the built renderer file is loaded. */
  devServerUrl: string | undefined;
  /** Where refused permissions are logged. */
  log: (line: string) => void;
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
  limitPermissions(window.webContents, own, options.log);
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

function limitPermissions(contents: WebContents, own: string, log: (line: string) => void): void {
  const ses = contents.session;
  ses.setPermissionRequestHandler((requester, permission, callback, details) => {
    const mediaTypes = 'mediaTypes' in details ? (details.mediaTypes as string[] | undefined) : undefined;
    const granted = permissionGranted(
      {
        permission,
        origin: details.requestingUrl,
        fromKioskWindow: requester.id === contents.id,
        mainFrame: details.isMainFrame,
        ...(mediaTypes !== undefined ? { mediaTypes } : {}),
      },
      own,
    );
    if (!granted) log(`refused the permission "${permission}"${mediaTypes ? ` (${mediaTypes.join(', ')})` : ''} to ${details.requestingUrl}`);
    callback(granted);
  });
  ses.setPermissionCheckHandler((requester, permission, requestingOrigin, details) => {
    return permissionGranted(
      { permission, origin: requestingOrigin, fromKioskWindow: requester?.id === contents.id, mainFrame: details.isMainFrame ?? true },
      own,
    );
  });
}
