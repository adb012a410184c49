import { describe, expect, it, vi } from 'vitest';

// kiosk-window.ts imports Electron at its top; only its pure helpers are under test here.
vi.mock('electron', () => ({ BrowserWindow: class {} }));
const { isOwnPage, rendererUrl } = await import('../../electron/main/kiosk-window');

describe('isOwnPage (which frames may call the gateway and where the window may navigate): origins, not paths', () => {
  const own = rendererUrl({ devServerUrl: undefined });
  it('the app page is served from its own scheme, never file://', () => {
    expect(own).toBe('kiosk://app/index.html');
  });
  it('accepts the app origin, whatever the path, query and hash', () => {
    expect(isOwnPage(own, own)).toBe(true);
    expect(isOwnPage(`${own}#/feed`, own)).toBe(true);
    expect(isOwnPage('kiosk://APP/assets/x.js', own)).toBe(true);
  });
  it('refuses any file, site, other host of the scheme or malformed URL', () => {
    expect(isOwnPage('file:///tmp/evil.html', own)).toBe(false);
    expect(isOwnPage('https://example.org/', own)).toBe(false);
    expect(isOwnPage('kiosk://other/index.html', own)).toBe(false);
    expect(isOwnPage('not a url', own)).toBe(false);
    expect(isOwnPage('http://localhost:5174/', 'http://localhost:5173/')).toBe(false);
    expect(isOwnPage('http://localhost:5173/x', 'http://localhost:5173/')).toBe(true);
  });
  it('compares the full origin of file URLs: file://otherhost (a UNC share) with the same path is not the page it imitates', () => {
    const ownFile = 'file:///opt/kiosk/resources/app.asar/out/renderer/index.html';
    expect(isOwnPage('file://otherhost/opt/kiosk/resources/app.asar/out/renderer/index.html', ownFile)).toBe(false);
    expect(isOwnPage(ownFile, ownFile)).toBe(true);
  });
});
