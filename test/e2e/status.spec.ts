/** The first vertical slice, end to end: the status bar shows the simulator's highest event id. */
import { test, expect, accessibilityViolations, launchPreview } from './fixtures';

test('the status bar shows demo mode and the highest event id, and follows new events', async ({ page, kioskUrl, simulator }) => {
  await page.goto(kioskUrl);
  const bar = page.getByRole('contentinfo', { name: 'Service status' });
  await expect(bar.getByTestId('service-mode')).toHaveText(/Demo mode/);
  await expect(bar.getByTestId('service-reachability')).toHaveText(/Service reachable/);
  const injected = await simulator.injectEvent({ custom_Text: 'Status bar probe' });
  await bar.getByRole('button', { name: 'Check the service now' }).click();
  await expect(bar.getByTestId('service-max-event-id')).toContainText(String(injected.record_ID));
});

test('the status bar says clearly when the service fails, and recovers', async ({ page, kioskUrl, simulator }) => {
  await page.goto(kioskUrl);
  const bar = page.getByRole('contentinfo', { name: 'Service status' });
  await expect(bar.getByTestId('service-reachability')).toHaveText(/Service reachable/);
  await simulator.setFaults({ pathPrefix: '/api/SystemEvents/maxid', error: { status: 503 } });
  await bar.getByRole('button', { name: 'Check the service now' }).click();
  await expect(bar.getByTestId('service-reachability')).not.toHaveText(/Service reachable/);
  await expect(bar.getByTestId('service-reachability')).not.toContainText(/Error|stack|undefined/);
  await simulator.clearFaults();
  await bar.getByRole('button', { name: 'Check the service now' }).click();
  await expect(bar.getByTestId('service-reachability')).toHaveText(/Service reachable/);
});

test('a page without the run token gets no kiosk', async ({ page, kiosk }) => {
  const response = await page.goto(kiosk.origin);
  expect(response?.status()).toBe(403);
  await expect(page.getByText('Open the address printed by')).toBeVisible();
});

test('window.kiosk has exactly the contract methods and no generic invoke', async ({ page, kioskUrl }) => {
  await page.goto(kioskUrl);
  const keys = await page.evaluate(() => Object.keys((window as unknown as { kiosk: object }).kiosk));
  expect(keys).toContain('getServiceStatus');
  expect(keys).toContain('onFeedEvents');
  expect(keys).not.toContain('invoke');
  const bad = await page.evaluate(async () => (window as unknown as { kiosk: { getEvent(x: unknown): Promise<unknown> } }).kiosk.getEvent({ id: 'DROP TABLE' }));
  expect(bad).toMatchObject({ ok: false, error: { code: 'invalid_request', field: 'id' } });
});

test('the shell passes axe-core', async ({ page, kioskUrl }) => {
  await page.goto(kioskUrl);
  await expect(page.getByTestId('service-reachability')).toHaveText(/Service reachable/);
  expect(await accessibilityViolations(page)).toEqual([]);
});

test('an unreachable configured service is reported in words, not a crash', async ({ page }) => {
  const kiosk = await launchPreview({ config: { argv: ['--service-url=http://127.0.0.1:9', '--retries=0'] } });
  try {
    await page.goto(kiosk.url);
    const bar = page.getByRole('contentinfo', { name: 'Service status' });
    await expect(bar.getByTestId('service-mode')).toHaveText(/127\.0\.0\.1:9/);
    await expect(bar.getByTestId('service-reachability')).toHaveText(/./);
    await expect(bar.getByTestId('service-reachability')).not.toHaveText(/Service reachable|Checking/);
  } finally {
    await kiosk.close();
  }
});
