import { describe, expect, it, vi } from 'vitest';

// kiosk-window.ts imports Electron at its top; only its pure helper is under test here.
vi.mock('electron', () => ({ BrowserWindow: class {}, session: {}, shell: {} }));
const { isOwnPage } = await import('../../electron/main/kiosk-window');

describe('isOwnPage (which frames may call the gateway and where the window may navigate)', () => {
  const own = 'file:///opt/kiosk/resources/app.asar/out/renderer/index.html';
  it('accepts the app page, with or without query and hash', () => {
    expect(isOwnPage(own, own)).toBe(true);
    expect(isOwnPage(`${own}#/feed`, own)).toBe(true);
  });
  it('refuses any other file, site or malformed URL', () => {
    expect(isOwnPage('file:///tmp/evil.html', own)).toBe(false);
    expect(isOwnPage('https://example.org/', own)).toBe(false);
    expect(isOwnPage('not a url', own)).toBe(false);
    expect(isOwnPage('http://localhost:5174/', 'http://localhost:5173/')).toBe(false);
    expect(isOwnPage('http://localhost:5173/x', 'http://localhost:5173/')).toBe(true);
  });
});
