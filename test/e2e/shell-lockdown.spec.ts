/**
 * The kiosk page's lockdown in Debian's Chromium, against the preview harness, which serves the
 * page with the same security headers as the app's own scheme (electron/serving/page-headers.ts;
 * only connect-src differs: the preview's bridge is its own origin). Electron's session hooks are
 * stood in for by a Playwright route that asks the same decision functions the app's
 * will-navigate and webRequest.onBeforeRequest handlers ask (electron/main/navigation-policy.ts):
 * a refused navigation is answered 204 (the page stays, as after preventDefault), any other
 * refused request is aborted. The real hooks run in test/electron/app.spec.ts where the binary exists.
 *
 * Refused: a page-initiated navigation, window.open, a fetch to an outside address, the
 * microphone and geolocation. Granted: the camera.
 */
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { navigationAllowed, outboundRequestAllowed } from '../../electron/main/navigation-policy';

/** Installs the app's request rules; returns the list of what they refused. */
async function appRequestRules(page: Page, ownUrl: string): Promise<string[]> {
  const refused: string[] = [];
  await page.route('**/*', async (route) => {
    const request = route.request();
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) {
      if (navigationAllowed(request.url(), ownUrl)) return route.continue();
      refused.push(`navigation ${request.url()}`);
      return route.fulfill({ status: 204 });
    }
    if (outboundRequestAllowed(request.url(), { ownUrl, development: false })) return route.continue();
    refused.push(`request ${request.url()}`);
    return route.abort('blockedbyclient');
  });
  return refused;
}

async function openKiosk(page: Page, kioskUrl: string): Promise<string[]> {
  const refused = await appRequestRules(page, kioskUrl);
  await page.goto(kioskUrl);
  await expect(page.getByTestId('service-mode')).toHaveText(/Demo mode/);
  return refused;
}

test('the page is served with the app\'s Content-Security-Policy and Permissions-Policy headers', async ({ page, kioskUrl }) => {
  const response = await page.goto(kioskUrl);
  const headers = response!.headers();
  expect(headers['content-security-policy']).toContain("default-src 'none'");
  expect(headers['content-security-policy']).toContain('sandbox allow-scripts allow-same-origin allow-forms');
  expect(headers['permissions-policy']).toContain('camera=(self)');
});

test('a page-initiated navigation away from the app is refused and the kiosk stays', async ({ page, kioskUrl }) => {
  const refused = await openKiosk(page, kioskUrl);
  await page.evaluate(() => {
    window.location.href = 'https://example.org/escape';
  });
  await expect.poll(() => refused).toContain('navigation https://example.org/escape');
  expect(new URL(page.url()).origin).toBe(new URL(kioskUrl).origin);
  await expect(page.getByTestId('service-mode')).toHaveText(/Demo mode/);
  // An anchor the page writes itself fares no better.
  await page.evaluate(() => {
    const a = document.createElement('a');
    a.href = 'http://192.0.2.1/';
    document.body.append(a);
    a.click();
  });
  await expect.poll(() => refused).toContain('navigation http://192.0.2.1/');
  await expect(page.getByTestId('service-mode')).toHaveText(/Demo mode/);
});

test('window.open opens nothing', async ({ page, kioskUrl, context }) => {
  await openKiosk(page, kioskUrl);
  const pagesBefore = context.pages().length;
  const opened = await page.evaluate(() => window.open('https://example.org/', '_blank') === null && window.open(location.href) === null);
  expect(opened).toBe(true);
  expect(context.pages().length).toBe(pagesBefore);
});

test('a fetch to an outside address is refused by the page policy before it leaves', async ({ page, kioskUrl }) => {
  const refused = await openKiosk(page, kioskUrl);
  const answers = await page.evaluate(async () => {
    const attempt = (url: string) => fetch(url).then((r) => `answered ${r.status}`, (e: Error) => e.name);
    return [await attempt('https://example.org/steal'), await attempt('http://127.0.0.1:9/')];
  });
  expect(answers).toEqual(['TypeError', 'TypeError']);
  // The CSP stopped them in the page: they never even reached the request rules.
  expect(refused.filter((line) => line.includes('example.org') || line.includes('127.0.0.1:9/'))).toEqual([]);
});

test('the microphone and geolocation are refused; the camera is granted, video only', async ({ page, kioskUrl }) => {
  await openKiosk(page, kioskUrl);
  const result = await page.evaluate(async () => {
    const microphone = await navigator.mediaDevices.getUserMedia({ audio: true }).then(
      (s) => (s.getTracks().forEach((t) => t.stop()), 'granted'),
      (e: Error) => e.name,
    );
    const geolocation = await new Promise<string>((resolve) =>
      navigator.geolocation.getCurrentPosition(
        () => resolve('granted'),
        (e) => resolve(e.code === e.PERMISSION_DENIED ? 'denied' : `error ${e.code}`),
        { timeout: 5000 },
      ),
    );
    const camera = await navigator.mediaDevices.getUserMedia({ video: true }).then(
      (s) => {
        const kinds = s.getTracks().map((t) => t.kind);
        s.getTracks().forEach((t) => t.stop());
        return kinds.join(',');
      },
      (e: Error) => e.name,
    );
    return { microphone, geolocation, camera };
  });
  expect(result).toEqual({ microphone: 'NotAllowedError', geolocation: 'denied', camera: 'video' });
});
