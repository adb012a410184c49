/**
 * The kiosk window's webPreferences, in one pure function so a Node test can hold every
 * security setting to its value: sandboxed, context-isolated, no Node anywhere in the page, web
 * security on, no insecure content, no experimental features, no <webview>, no DevTools in a
 * packaged build.
 */
import type { WebPreferences } from 'electron';

export function kioskWebPreferences(preloadPath: string, devTools = true): WebPreferences {
  return {
    preload: preloadPath,
    sandbox: true,
    contextIsolation: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    enableBlinkFeatures: '',
    webviewTag: false,
    navigateOnDragDrop: false,
    spellcheck: false,
    devTools,
    // The guard must hear a new alarm even before anyone has touched the screen.
    autoplayPolicy: 'no-user-gesture-required',
  };
}
