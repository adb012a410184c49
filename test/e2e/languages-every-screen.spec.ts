/**
 * Every screen in every language but English (issue 23): German and the pseudo-locale en-XA (about
 * 40 % longer, accented), the longest, and French and Spanish, whose words differ in length where
 * German's do not (a History filter's "Todos los dispositivos"), each at 1024×768 and 1920×1080, with something on every screen (a
 * lookup's results and a record, the enrolment form with its problems, the live feed with an
 * alarm waiting, a History search's results, the operator log, Administration behind the PIN).
 * On each: the page never scrolls sideways and no text that must be read whole is cut. Any other
 * text ended with an ellipsis is listed in the test's output (a person reads the list and the
 * screenshots, saved with the test's output); axe passes on each screen at 1024×768.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { test, expect, accessibilityViolations, launchPreview } from './fixtures';
import { SimulatorControls } from '../../electron/simulator/control-client';
import { credentialDir } from '../../electron/core/credentials/choose-vault';
import { setAdminPin } from '../../electron/core/admin-lock/admin-lock';
import { cutTexts, horizontalOverflow, readWholeCount } from './support/read-whole';

const SIZES = [
  { width: 1024, height: 768 },
  { width: 1920, height: 1080 },
] as const;
const ADMIN_PIN = '480261';

/** Visible elements whose text ends in an ellipsis because it does not fit (not only read-whole ones). */
async function ellipsized(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('body *'))
      .filter((el) => el.getClientRects().length > 0 && getComputedStyle(el).textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth + 1)
      .map((el) => `${el.dataset.testid ?? `${el.tagName.toLowerCase()}.${Array.from(el.classList).join('.')}`}: ${(el.textContent ?? '').trim().slice(0, 80)}`),
  );
}

async function checkScreen(page: Page, testInfo: TestInfo, locale: string, name: string): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    const where = `${name} in ${locale} at ${size.width}×${size.height}`;
    const overflow = await horizontalOverflow(page);
    expect(overflow.fits, `${where}: ${overflow.scrollWidth} > ${overflow.innerWidth}`).toBe(true);
    expect(await readWholeCount(page), where).toBeGreaterThan(0);
    expect(await cutTexts(page), where).toEqual([]);
    const others = await ellipsized(page);
    if (others.length > 0) writeFileSync(testInfo.outputPath(`ellipsis-${locale}-${name}-${size.width}.txt`), `${others.join('\n')}\n`);
    await page.screenshot({ path: testInfo.outputPath(`${locale}-${name}-${size.width}x${size.height}.png`), fullPage: true });
  }
  await page.setViewportSize(SIZES[0]);
  expect(await accessibilityViolations(page), `${name} in ${locale}`).toEqual([]);
}

const tab = (page: Page, id: string) => page.locator(`#tab-${id}`);

for (const locale of ['de', 'en-XA', 'fr', 'es'] as const) {
  test(`${locale}: every screen with content keeps to the window at 1024×768 and 1920×1080, nothing to read whole cut, axe passes`, async ({ page }, testInfo) => {
    test.setTimeout(180_000);
    const dataDir = mkdtempSync(join(tmpdir(), 'kiosk-e2e-every-screen-'));
    await setAdminPin(credentialDir(dataDir), ADMIN_PIN);
    const kiosk = await launchPreview({ dataDir, config: { env: { KIOSK_LOCALE: locale } } });
    try {
      const simulator = new SimulatorControls(kiosk.core.simulatorUrl!);
      await page.setViewportSize(SIZES[0]);
      await page.goto(kiosk.url);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);

      // The front desk: a lookup with results, then a record.
      await tab(page, 'front-desk').click();
      await page.getByTestId('cardholder-search').fill('an');
      await expect(page.getByTestId('cardholder-row').first()).toBeVisible();
      await checkScreen(page, testInfo, locale, 'front-desk-lookup');
      await page.getByTestId('cardholder-row').first().click();
      await expect(page.getByTestId('cardholder-record')).toBeVisible();
      await checkScreen(page, testInfo, locale, 'front-desk-record');
      // A new cardholder's form, sent empty: its problems are listed.
      await page.getByTestId('new-cardholder').click();
      await page.getByTestId('enrolment-submit').click();
      await expect(page.getByTestId('enrolment-problems')).toBeVisible();
      await checkScreen(page, testInfo, locale, 'enrolment-problems');

      // The live feed with an alarm waiting.
      await tab(page, 'live-feed').click();
      await expect(page.getByRole('contentinfo').getByTestId('feed-connection')).toHaveAttribute('data-status', 'live');
      await simulator.injectEvent({ eventTypeId: 301, device_Name: 'North entrance turnstile 4 (visitors)', custom_Text: 'Door forced open' });
      await expect(page.getByTestId('feed-row').filter({ hasText: 'North entrance turnstile 4' }).first()).toBeVisible();
      await checkScreen(page, testInfo, locale, 'live-feed');

      // History with results.
      await tab(page, 'history').click();
      await page.getByTestId('search-submit').click();
      await expect(page.getByTestId('search-count')).toBeVisible();
      await checkScreen(page, testInfo, locale, 'history');

      await tab(page, 'operator-log').click();
      await expect(page.getByTestId('operator-log-range')).toBeVisible();
      await checkScreen(page, testInfo, locale, 'operator-log');

      await tab(page, 'admin').click();
      await page.getByTestId('pin-input').fill(ADMIN_PIN);
      await page.getByTestId('pin-submit').click();
      await expect(page.getByTestId('admin-service')).toBeVisible();
      await checkScreen(page, testInfo, locale, 'administration');
    } finally {
      await kiosk.close();
      rmSync(kiosk.dataDir, { recursive: true, force: true });
    }
  });
}
