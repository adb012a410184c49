/**
 * The administration screen behind the administrator PIN: service settings and how the credential
 * is kept (never the secret), the PIN dialog (keypad and keyboard, axe-clean), wrong PINs, the
 * notice without a PIN, the operator log's export behind the PIN.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect, accessibilityViolations, launchPreview } from './fixtures';
import { chooseVault, credentialDir } from '../../electron/core/credentials/choose-vault';
import { Secret } from '../../electron/core/credentials/secret';
import { setAdminPin } from '../../electron/core/admin-lock/admin-lock';
import type { Page } from '@playwright/test';

const PIN = '480261';

/** Opens the Administration tab and types the PIN on the dialog's keypad. */
async function openAdministration(page: Page): Promise<void> {
  await page.getByRole('tab', { name: 'Administration' }).click();
  const dialog = page.getByRole('dialog', { name: 'Administrator PIN' });
  await expect(dialog).toBeVisible();
  for (const digit of PIN) await dialog.getByRole('button', { name: `Digit ${digit}` }).click();
  await dialog.getByRole('button', { name: 'Unlock' }).click();
  await expect(dialog).toBeHidden();
}

test('says the credential is stored unencrypted where no keyring exists, tests the connection, and passes axe-core', async ({ page }) => {
  const secret = 'e2e-admin-view-secret-4711';
  const dataDir = mkdtempSync(join(tmpdir(), 'kiosk-admin-e2e-'));
  await chooseVault(null, { dir: credentialDir(dataDir) }).write(new Secret(secret, new Date().toISOString()));
  await setAdminPin(credentialDir(dataDir), PIN);
  const kiosk = await launchPreview({ dataDir });
  try {
    await page.goto(kiosk.url);
    await openAdministration(page);
    await expect(page.getByTestId('admin-service')).toContainText('Demo mode');
    await expect(page.getByTestId('admin-credential')).toContainText('Not encrypted');
    await expect(page.getByTestId('admin-credential-warning')).toContainText(/unencrypted/);
    await page.getByRole('button', { name: 'Test the connection' }).click();
    await expect(page.getByTestId('admin-connection')).toContainText(/Connected\. Highest event id: \d+/);
    expect(await page.content()).not.toContain(secret);
    expect(await accessibilityViolations(page)).toEqual([]);
  } finally {
    await kiosk.close();
    rmSync(kiosk.dataDir, { recursive: true, force: true });
  }
});

test('shows the saved cardholder directory, how it is protected, and removes it on confirmation', async ({ page }) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'kiosk-admin-e2e-'));
  await setAdminPin(credentialDir(dataDir), PIN);
  const kiosk = await launchPreview({ dataDir });
  try {
    await page.goto(kiosk.url);
    await expect(page.getByTestId('directory-count')).toContainText('200 cardholders in the directory');
    await openAdministration(page);
    const section = page.getByTestId('admin-directory');
    await expect(section).toContainText('Yes: 200 cardholders');
    await expect(section).toContainText('Not encrypted: files only this user account can read');
    await expect(page.getByTestId('admin-directory-warning')).toContainText('is not encrypted');
    await page.getByTestId('admin-directory-remove').click();
    await expect(page.getByTestId('admin-directory-remove-confirm')).toBeFocused();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByTestId('admin-directory-remove-confirm').click();
    await expect(page.getByTestId('admin-directory-removed')).toBeVisible();
    await expect(section).toContainText(/Saved\s*No/);
    await page.getByRole('tab', { name: 'Front desk' }).click();
    await expect(page.getByTestId('directory-count')).toContainText('has not been downloaded yet');
    await page.getByTestId('directory-sync').click();
    await expect(page.getByTestId('directory-count')).toContainText('200 cardholders in the directory');
  } finally {
    await kiosk.close();
    rmSync(kiosk.dataDir, { recursive: true, force: true });
  }
});

test('the PIN dialog: keyboard, wrong PINs counted, Escape cancels, axe-clean; the operator log export asks for it too', async ({ page }) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'kiosk-admin-e2e-'));
  await setAdminPin(credentialDir(dataDir), PIN);
  const kiosk = await launchPreview({ dataDir });
  try {
    await page.goto(kiosk.url);
    await page.getByRole('tab', { name: 'Administration' }).click();
    const dialog = page.getByRole('dialog', { name: 'Administrator PIN' });
    await expect(dialog.getByLabel('PIN')).toBeFocused();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.keyboard.type('111112');
    await page.keyboard.press('Enter');
    await expect(dialog.getByTestId('pin-error')).toContainText('Wrong PIN. 4 tries left');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('tab', { name: 'Front desk' })).toHaveAttribute('aria-selected', 'true');
    // The export of the operator log needs the PIN as well.
    await page.getByRole('tab', { name: 'Operator log' }).click();
    await page.getByTestId('operator-log-export').click();
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Export the operator log');
    await page.keyboard.type(PIN);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('operator-log-export-result')).toContainText(/Saved 0 rows to .*operator-log-alarms-.*\.csv/);
    expect(kiosk.logLines.join('\n')).toMatch(/unlock attempt refused: wrong PIN \(1 of 5\)/);
    expect(kiosk.logLines.join('\n')).not.toContain(PIN);
  } finally {
    await kiosk.close();
    rmSync(kiosk.dataDir, { recursive: true, force: true });
  }
});

test('without a PIN set, the Administration view says so and what to run, and shows nothing else', async ({ page }) => {
  const kiosk = await launchPreview();
  try {
    await page.goto(kiosk.url);
    await page.getByRole('tab', { name: 'Administration' }).click();
    await expect(page.getByTestId('admin-pin-missing')).toContainText('admin set-pin');
    await expect(page.getByTestId('admin-credential')).toHaveCount(0);
    expect(await accessibilityViolations(page)).toEqual([]);
  } finally {
    await kiosk.close();
    rmSync(kiosk.dataDir, { recursive: true, force: true });
  }
});
