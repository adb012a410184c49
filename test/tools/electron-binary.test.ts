// Whether Electron can open a window here (npm start runs the browser harness when it cannot).
import { describe, expect, it } from 'vitest';
import { electronUnavailable } from '../../electron/tools/electron-binary';

describe('electronUnavailable', () => {
  const binary = { path: '/opt/electron/electron', reason: null };

  it('says why when there is no binary', () => {
    expect(electronUnavailable({ path: null, reason: 'no Electron binary: it is downloaded from outside the npm registry' }, 'linux', { DISPLAY: ':0' })).toMatch(/outside the npm registry/);
  });

  it('says why when a Linux machine has no display, and lets Electron try otherwise', () => {
    expect(electronUnavailable(binary, 'linux', {})).toMatch(/no display/);
    expect(electronUnavailable(binary, 'linux', { DISPLAY: ':0' })).toBeNull();
    expect(electronUnavailable(binary, 'linux', { WAYLAND_DISPLAY: 'wayland-0' })).toBeNull();
    expect(electronUnavailable(binary, 'win32', {})).toBeNull();
  });
});
