/**
 * Languages (issue 23) on the Administration screen and the sign-in: German (German text
 * asserted) and the pseudo-locale en-XA (about 40 % longer): the PIN dialog, the overview and a
 * connection test; the sign-in, the shift badge, End shift and the handover report. In each
 * language axe passes, the page does not scroll sideways at 1024×768 and 1920×1080 and no text
 * marked `data-read-whole` is cut; en-XA screenshots at both sizes go to the test's output.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { test, expect, accessibilityViolations, launchPreview } from './fixtures';
import { credentialDir } from '../../electron/core/credentials/choose-vault';
import { setAdminPin } from '../../electron/core/admin-lock/admin-lock';
import { setOperatorPin } from '../../electron/core/operators/operator-list';
import { cutTexts, horizontalOverflow, readWholeCount } from './support/read-whole';

const ADMIN_PIN = '480261';
const ADA_PIN = '482915';
const SIZES = [
  { width: 1024, height: 768 },
  { width: 1920, height: 1080 },
] as const;

/** At each size: no sideways scroll, nothing to read whole cut, axe clean; en-XA saves a screenshot. */
async function checkLayout(page: Page, testInfo: TestInfo, locale: string, name: string): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    const overflow = await horizontalOverflow(page);
    expect(overflow.fits, `${name} in ${locale} at ${size.width}×${size.height}: ${overflow.scrollWidth} > ${overflow.innerWidth}`).toBe(true);
    expect(await readWholeCount(page)).toBeGreaterThan(0);
    expect(await cutTexts(page), `${name} in ${locale} at ${size.width}×${size.height}`).toEqual([]);
    if (locale === 'en-XA') await page.screenshot({ path: testInfo.outputPath(`${name}-${size.width}x${size.height}.png`), fullPage: true });
  }
  await page.setViewportSize(SIZES[0]);
  expect(await accessibilityViolations(page)).toEqual([]);
}

for (const locale of ['de', 'en-XA'] as const) {
  test(`${locale}: Administration behind the PIN, the overview and a connection test`, async ({ page }, testInfo) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kiosk-e2e-languages-admin-'));
    await setAdminPin(credentialDir(dataDir), ADMIN_PIN);
    const kiosk = await launchPreview({ dataDir, config: { env: { KIOSK_LOCALE: locale } } });
    try {
      await page.setViewportSize(SIZES[0]);
      await page.goto(kiosk.url);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      // Administration is the last tab (its name is in the language shown).
      await page.getByRole('tab').last().click();
      const dialog = page.getByTestId('pin-dialog');
      await expect(dialog).toBeVisible();
      if (locale === 'de') {
        await expect(page.getByRole('dialog', { name: 'Administrator-PIN' })).toBeVisible();
        await expect(dialog).toContainText('Verwaltung öffnen: Administrator-PIN eingeben.');
        await expect(dialog.getByRole('button', { name: 'Abbrechen' })).toBeVisible();
      } else {
        await expect(dialog.locator('h2')).toHaveText(/^\[Áđɱíñíšŧŕáŧóŕ/);
      }
      expect(await accessibilityViolations(page)).toEqual([]);
      await page.getByTestId('pin-input').fill(ADMIN_PIN);
      await page.getByTestId('pin-submit').click();
      await expect(dialog).toBeHidden();

      const service = page.getByTestId('admin-service');
      await expect(service).toBeVisible();
      await page.locator('section[aria-labelledby="admin-service"] > button').click();
      await expect(page.getByTestId('admin-connection')).toBeVisible();
      if (locale === 'de') {
        await expect(page.getByRole('heading', { name: 'Verwaltung', level: 2 })).toBeVisible();
        await expect(service).toContainText('Demomodus — eingebauter Simulator');
        await expect(page.getByTestId('admin-connection')).toContainText(/Verbunden\. Höchste Ereignis-ID: \d+/);
        await expect(page.getByTestId('admin-directory')).toContainText(/Ja: [\d.]+ Ausweisinhaber/);
        await expect(page.getByTestId('admin-outbox')).toContainText('0 Erfassungen zu senden, 0 Erfassungen zu prüfen');
        await expect(page.getByRole('button', { name: 'Kiosk beenden' })).toBeVisible();
      } else {
        await expect(service).not.toContainText('Demo mode');
        await expect(page.getByTestId('admin-connection')).toHaveText(/^\[/);
      }
      await checkLayout(page, testInfo, locale, 'administration');
    } finally {
      await kiosk.close();
      rmSync(kiosk.dataDir, { recursive: true, force: true });
    }
  });

  test(`${locale}: sign-in, the shift in the title bar, End shift and the handover report`, async ({ page }, testInfo) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kiosk-e2e-languages-signin-'));
    await setOperatorPin(credentialDir(dataDir), 'Ada Guard', ADA_PIN);
    await setOperatorPin(credentialDir(dataDir), 'Bo Officer', '739164');
    const kiosk = await launchPreview({ dataDir, signedIn: false, config: { env: { KIOSK_LOCALE: locale } } });
    try {
      await page.setViewportSize(SIZES[0]);
      await page.goto(kiosk.url);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      const signIn = page.getByTestId('sign-in');
      await expect(signIn).toBeVisible();
      if (locale === 'de') {
        await expect(signIn.getByRole('heading', { name: 'Schichtbeginn' })).toBeVisible();
        await expect(signIn.getByRole('group', { name: 'Ihr Name' })).toBeVisible();
        await expect(signIn.getByText('Persönliche PIN')).toBeVisible();
        await expect(signIn.getByRole('button', { name: 'Anmelden' })).toBeVisible();
      } else {
        await expect(signIn.locator('h2')).toHaveText(/^\[Šŧáŕŧ óƒ šĥíƒŧ/);
      }
      await checkLayout(page, testInfo, locale, 'sign-in');

      await page.getByRole('radio', { name: 'Ada Guard' }).check();
      await expect(page.getByTestId('sign-in-pin')).toBeFocused();
      await page.keyboard.type(ADA_PIN);
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('operator-name')).toHaveText('Ada Guard');
      await page.getByTestId('end-shift').click();
      const confirm = page.getByTestId('end-shift-dialog');
      await expect(confirm).toBeVisible();
      if (locale === 'de') {
        await expect(page.getByRole('dialog', { name: 'Schicht von Ada Guard beenden?' })).toBeVisible();
        await expect(page.getByTestId('end-shift-confirm')).toHaveText('Schicht beenden und Bericht speichern');
      }
      expect(await accessibilityViolations(page)).toEqual([]);
      await page.getByTestId('end-shift-confirm').click();
      const report = page.getByTestId('handover-report');
      await expect(report).toBeVisible();
      await expect(report).toContainText('Ada Guard');
      if (locale === 'de') {
        await expect(report).toContainText('Schichtübergabe — Ada Guard');
        await expect(report.getByRole('columnheader', { name: 'Noch offen' })).toBeAttached();
        await expect(page.getByTestId('handover-pdf')).toContainText('Als PDF gespeichert:');
      } else {
        await expect(report.locator('h2')).toHaveText(/^\[Šĥíƒŧ ĥáñđóṽéŕ/);
      }
      await checkLayout(page, testInfo, locale, 'handover');
    } finally {
      await kiosk.close();
      rmSync(kiosk.dataDir, { recursive: true, force: true });
    }
  });
}
