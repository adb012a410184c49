import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { PERMISSIONS_POLICY, RENDERER_META_POLICY, contentSecurityPolicy, pageSecurityHeaders } from '../../electron/serving/page-headers';

const directivesOf = (policy: string): Map<string, string[]> =>
  new Map(policy.split(';').map((d) => d.trim().split(/\s+/)).map(([name = '', ...sources]) => [name, sources]));

describe('the page policy', () => {
  it('in Electron: nothing by default, own scripts and styles only, no inline script or eval, no connections, no embedding, no popups', () => {
    const csp = directivesOf(contentSecurityPolicy('none'));
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(csp.get('style-src')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual(["'none'"]);
    expect(csp.get('img-src')).toEqual(["'self'", 'blob:', 'data:']);
    expect(csp.get('media-src')).toEqual(["'self'", 'mediastream:', 'blob:']);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('sandbox')).toEqual(['allow-scripts', 'allow-same-origin', 'allow-forms']);
    for (const sources of csp.values()) {
      expect(sources).not.toContain("'unsafe-inline'");
      expect(sources).not.toContain("'unsafe-eval'");
      expect(sources).not.toContain('*');
    }
  });

  it('in the preview: the same, with connections to its own origin (the loopback bridge)', () => {
    const csp = directivesOf(contentSecurityPolicy('self'));
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(contentSecurityPolicy('self').replace("connect-src 'self'", "connect-src 'none'")).toBe(contentSecurityPolicy('none'));
  });

  it('renderer/index.html carries the same policy as a meta tag (without what a meta tag cannot carry)', () => {
    const html = readFileSync(resolve(__dirname, '../../renderer/index.html'), 'utf8');
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)?.[1];
    expect(meta).toBe(RENDERER_META_POLICY);
    expect(meta).not.toContain('frame-ancestors');
    expect(contentSecurityPolicy('self').startsWith(RENDERER_META_POLICY)).toBe(true);
  });

  it('allows the camera to the page itself and no microphone, geolocation or device access', () => {
    expect(PERMISSIONS_POLICY).toContain('camera=(self)');
    for (const feature of ['microphone', 'geolocation', 'display-capture', 'usb', 'serial', 'hid']) expect(PERMISSIONS_POLICY).toContain(`${feature}=()`);
    expect(pageSecurityHeaders('none')).toMatchObject({ 'x-content-type-options': 'nosniff', 'cross-origin-opener-policy': 'same-origin', 'referrer-policy': 'no-referrer' });
  });
});
