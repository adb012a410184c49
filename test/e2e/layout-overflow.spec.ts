/**
 * No notice, message or name widens the page: every screen at 1024×768 and 1920×1080, after an
 * idle reset (its notice is the longest sentence the kiosk shows on every screen), on the front
 * desk's home and on a guard station's, with a record holding the longest name the form takes.
 * After the reset the search box has focus. Screenshots go to test-results/ for a person to look at.
 */
import { rmSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, launchPreview, test } from './fixtures';

const VIEWPORTS = [
  { width: 1024, height: 768 },
  { width: 1920, height: 1080 },
] as const;
const SCREENS = ['Front desk', 'Live feed', 'History', 'Operator log', 'Administration'] as const;

async function overflow(page: Page): Promise<{ scrollWidth: number; innerWidth: number }> {
  return page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
}

/** Starts a form and waits for the idle reset (the long notice: a form that was not sent was cleared). */
async function idleReset(page: Page): Promise<void> {
  await page.getByRole('tab', { name: 'Front desk' }).click();
  await page.getByTestId('new-cardholder').click();
  await page.getByTestId('enrol-first_Name').fill('Gwendolyn');
  await expect(page.getByTestId('idle-reset-notice')).toContainText('a form that was not sent was cleared', { timeout: 15_000 });
}

for (const home of ['front-desk', 'live-feed'] as const) {
  test(`every screen at 1024×768 and 1920×1080 after an idle reset (home: ${home}) keeps to the window's width`, async ({ page }, testInfo) => {
    const kiosk = await launchPreview({ config: { argv: ['--idle-reset-seconds=2', `--home-view=${home}`] } });
    try {
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize(viewport);
        await page.goto(kiosk.url);
        await expect(page.getByRole('tab', { name: 'Front desk' })).toBeVisible();
        await idleReset(page);
        if (home === 'front-desk') await expect(page.getByTestId('cardholder-search')).toBeFocused();
        for (const screen of SCREENS) {
          await page.getByRole('tab', { name: screen }).click();
          await expect(page.getByRole('tab', { name: screen })).toHaveAttribute('aria-selected', 'true');
          await expect(page.getByTestId('idle-reset-notice')).toBeVisible();
          const size = await overflow(page);
          await page.screenshot({ path: testInfo.outputPath(`${home}-${viewport.width}-${screen.replace(/\s+/g, '-')}.png`) });
          expect({ screen, viewport: viewport.width, ...size, fits: size.scrollWidth <= size.innerWidth }).toMatchObject({ fits: true });
        }
        // The notice's Dismiss and the front desk's buttons are on screen.
        await page.getByRole('tab', { name: 'Front desk' }).click();
        for (const id of ['new-cardholder', 'next-person', 'check-now']) await expect(page.getByTestId(id)).toBeInViewport();
        await expect(page.getByTestId('idle-reset-notice').getByRole('button', { name: 'Dismiss' })).toBeInViewport();
      }
    } finally {
      await kiosk.close();
      rmSync(kiosk.dataDir, { recursive: true, force: true });
    }
  });
}

test('a record with the longest names the form takes keeps to the window at 1024×768', async ({ page, kioskUrl }, testInfo) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto(kioskUrl);
  await expect(page.getByTestId('directory-count')).toContainText('cardholders in the directory');
  const long = 'W'.repeat(100);
  await page.getByTestId('new-cardholder').click();
  await page.getByTestId('enrol-first_Name').fill(long);
  await page.getByTestId('enrol-last_Name').fill(`${long.slice(0, 90)}${String(Date.now()).slice(-6)}`);
  await page.getByTestId('enrol-email').fill(`${'w'.repeat(60)}@${'x'.repeat(60)}.example`);
  await page.getByTestId('enrolment-submit').click();
  await expect(page.getByTestId('photo-step')).toBeVisible();
  expect((await overflow(page)).scrollWidth).toBeLessThanOrEqual((await overflow(page)).innerWidth);
  await page.getByTestId('photo-step-cancel').click();
  await expect(page.getByTestId('field-first')).toContainText(long);
  await page.getByTestId('cardholder-search').fill(long.slice(0, 20));
  await expect(page.getByTestId('cardholder-row').first()).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('long-name-1024.png') });
  const size = await overflow(page);
  expect(size.scrollWidth).toBeLessThanOrEqual(size.innerWidth);
});

for (const locale of ['en', 'en-XA'] as const) {
  test(`${locale}: the status bar says the connection state whole at 1024 px, reason included, on a line of its own`, async ({ page }, testInfo) => {
    const kiosk = await launchPreview({ config: { argv: ['--service-url=http://127.0.0.1:9', '--retries=0'], env: { KIOSK_LOCALE: locale } } });
    try {
      await page.setViewportSize({ width: 1024, height: 768 });
      await page.goto(kiosk.url);
      const bar = page.locator('#status-bar');
      await expect(bar.getByTestId('connection-reason')).not.toBeEmpty();
      await page.screenshot({ path: testInfo.outputPath(`status-unreachable-${locale}-1024.png`) });
      // The reason wraps over the bar's width, not down a narrow column beside the alarms, so the bar
      // leaves the screen to the alarm list (it took 218 px of 768 in en-XA when it did).
      const room = await bar.evaluate((footer) => ({
        bar: footer.getBoundingClientRect().height,
        barWidth: footer.clientWidth,
        connection: footer.querySelector('[data-testid="feed-connection"]')!.getBoundingClientRect().width,
      }));
      expect(room.connection, 'the connection state spans the bar').toBeGreaterThan(room.barWidth * 0.9);
      expect(room.bar, 'the status bar leaves the screen to the rest').toBeLessThanOrEqual(768 * 0.2);
      for (const id of ['service-reachability', 'connection-reason', 'check-now']) {
        const box = await bar.getByTestId(id).evaluate((el) => ({ cut: el.scrollWidth > el.clientWidth + 1, right: el.getBoundingClientRect().right, text: el.textContent }));
        expect({ id, ...box, inWindow: box.right <= 1024 }).toMatchObject({ cut: false, inWindow: true });
      }
      const size = await overflow(page);
      expect(size.scrollWidth).toBeLessThanOrEqual(size.innerWidth);
    } finally {
      await kiosk.close();
      rmSync(kiosk.dataDir, { recursive: true, force: true });
    }
  });
}
