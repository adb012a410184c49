import { describe, expect, it } from 'vitest';
import { isOwnOrigin, permissionGranted } from '../../electron/main/media-permissions';

const ownFile = 'file:///opt/kiosk/resources/app.asar/out/renderer/index.html';
const ask = (patch: Partial<Parameters<typeof permissionGranted>[0]> = {}) => ({
  permission: 'media',
  origin: 'file:///',
  fromKioskWindow: true,
  mainFrame: true,
  mediaTypes: ['video'],
  ...patch,
});

describe('camera permission of the kiosk window', () => {
  it('the file:// case: Chromium reports the origin "file://" without a path; an origin comparison grants the camera (a path comparison refused it)', () => {
    expect(permissionGranted(ask(), ownFile)).toBe(true);
    expect(permissionGranted(ask({ origin: 'file://' }), ownFile)).toBe(true);
    expect(permissionGranted(ask({ origin: ownFile }), ownFile)).toBe(true);
  });

  it('refuses media that does not name video: no media type, an empty list, or a type Chromium reports as unknown', () => {
    expect(permissionGranted(ask({ mediaTypes: undefined }), ownFile)).toBe(false);
    expect(permissionGranted(ask({ mediaTypes: [] }), ownFile)).toBe(false);
    expect(permissionGranted(ask({ mediaTypes: ['unknown'] }), ownFile)).toBe(false);
    expect(permissionGranted(ask({ mediaTypes: ['video', 'unknown'] }), ownFile)).toBe(false);
  });

  it('refuses the microphone, even asked together with the camera', () => {
    expect(permissionGranted(ask({ mediaTypes: ['audio'] }), ownFile)).toBe(false);
    expect(permissionGranted(ask({ mediaTypes: ['video', 'audio'] }), ownFile)).toBe(false);
    expect(permissionGranted(ask({ mediaTypes: [] }), ownFile)).toBe(false);
  });

  it('grants the camera to the own scheme\'s origin as Chromium reports it', () => {
    expect(permissionGranted(ask({ origin: 'kiosk://app' }), 'kiosk://app/index.html')).toBe(true);
    expect(permissionGranted(ask({ origin: 'kiosk://app/index.html#/enrol' }), 'kiosk://app/index.html')).toBe(true);
    expect(permissionGranted(ask({ origin: 'kiosk://other' }), 'kiosk://app/index.html')).toBe(false);
    expect(permissionGranted(ask({ origin: 'file:///' }), 'kiosk://app/index.html')).toBe(false);
  });

  it('refuses another page, another window, a sub-frame, a file URL with a host (UNC) and anything but media (full screen too: the window itself is full screen)', () => {
    expect(permissionGranted(ask({ origin: 'https://example.org' }), ownFile)).toBe(false);
    expect(permissionGranted(ask({ origin: 'file://fileserver/share/index.html' }), ownFile)).toBe(false);
    expect(permissionGranted(ask({ fromKioskWindow: false }), ownFile)).toBe(false);
    expect(permissionGranted(ask({ mainFrame: false }), ownFile)).toBe(false);
    expect(permissionGranted(ask({ permission: 'geolocation' }), ownFile)).toBe(false);
    expect(permissionGranted(ask({ permission: 'notifications' }), ownFile)).toBe(false);
    expect(permissionGranted(ask({ permission: 'fullscreen', mediaTypes: undefined }), ownFile)).toBe(false);
  });

  it('compares origins for a page served over http (npm run dev)', () => {
    expect(isOwnOrigin('http://localhost:5173', 'http://localhost:5173/index.html')).toBe(true);
    expect(isOwnOrigin('http://localhost:5174', 'http://localhost:5173/')).toBe(false);
    expect(isOwnOrigin('not a url', ownFile)).toBe(false);
  });
});
