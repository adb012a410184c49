/**
 * The security headers the kiosk page is served with, in one place for the app's own scheme
 * (Electron) and the preview harness: the Content-Security-Policy, the Permissions-Policy and
 * the small ones (nosniff, no referrer, same-origin opener and resources, no caching).
 *
 * The policy: nothing by default; scripts, styles, fonts and images only from the page's own
 * origin, no inline script and no eval ('wasm-unsafe-eval' lets the face detector compile its
 * WebAssembly, see renderer/src/photo/README.md); images also from blob: and data: (the captured
 * photo), media from mediastream: and blob: (the camera); connections to nothing in Electron
 * (the renderer talks to main over IPC, never to the network) and to its own origin in the
 * preview (the loopback bridge); no frames, objects, forms, base URL or embedding; and a
 * sandbox without popups or top-level navigation, so window.open answers null even before
 * main's handler sees it.
 *
 * renderer/index.html carries the same policy as a meta tag (RENDERER_META_POLICY, kept equal by
 * a test) for whatever serves the page without these headers; a meta tag cannot carry
 * frame-ancestors or sandbox, so those come with the headers only.
 */

export type PageConnections = 'none' | 'self';

interface Directive {
  name: string;
  sources: readonly string[];
}

function directives(connect: PageConnections): Directive[] {
  return [
    { name: 'default-src', sources: ["'none'"] },
    { name: 'script-src', sources: ["'self'", "'wasm-unsafe-eval'"] },
    { name: 'style-src', sources: ["'self'"] },
    { name: 'img-src', sources: ["'self'", 'blob:', 'data:'] },
    { name: 'media-src', sources: ["'self'", 'mediastream:', 'blob:'] },
    { name: 'font-src', sources: ["'self'"] },
    { name: 'connect-src', sources: [connect === 'self' ? "'self'" : "'none'"] },
    { name: 'worker-src', sources: ["'none'"] },
    { name: 'frame-src', sources: ["'none'"] },
    { name: 'object-src', sources: ["'none'"] },
    { name: 'manifest-src', sources: ["'none'"] },
    { name: 'base-uri', sources: ["'none'"] },
    { name: 'form-action', sources: ["'none'"] },
  ];
}

const HEADER_ONLY: Directive[] = [
  { name: 'frame-ancestors', sources: ["'none'"] },
  // No allow-popups (window.open answers null), no allow-top-navigation, no allow-downloads, no
  // allow-modals. allow-forms keeps the forms' submit events (form-action 'none' still stops any send).
  { name: 'sandbox', sources: ['allow-scripts', 'allow-same-origin', 'allow-forms'] },
];

const render = (list: readonly Directive[]): string => list.map((d) => `${d.name} ${d.sources.join(' ')}`).join('; ');

/** The Content-Security-Policy header of the page. */
export function contentSecurityPolicy(connect: PageConnections): string {
  return render([...directives(connect), ...HEADER_ONLY]);
}

/** The policy renderer/index.html carries as a meta tag (the preview's connections: its own origin). */
export const RENDERER_META_POLICY = render(directives('self'));

/**
 * Powerful features: the camera for the page itself, autoplay for the alarm sound, nothing else.
 * Only feature names Chromium knows (an unknown one is a console warning).
 */
export const PERMISSIONS_POLICY = [
  'camera=(self)',
  'autoplay=(self)',
  'microphone=()',
  'geolocation=()',
  'display-capture=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'midi=()',
  'payment=()',
  'clipboard-read=()',
  'fullscreen=()',
  'idle-detection=()',
  'screen-wake-lock=()',
  'publickey-credentials-get=()',
  'accelerometer=()',
  'gyroscope=()',
  'magnetometer=()',
].join(', ');

/** Every header a response of the kiosk page's origin carries. */
export function pageSecurityHeaders(connect: PageConnections): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(connect),
    'permissions-policy': PERMISSIONS_POLICY,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'cache-control': 'no-store',
  };
}
