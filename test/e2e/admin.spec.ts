/** The administration screen: service settings and how the credential is kept, never the secret. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect, accessibilityViolations, launchPreview } from './fixtures';
import { chooseVault, credentialDir } from '../../electron/core/credentials/choose-vault';
import { Secret } from '../../electron/core/credentials/secret';

test('says the credential is stored unencrypted where no keyring exists, tests the connection, and passes axe-core', async ({ page }) => {
  const secret = 'e2e-admin-view-secret-4711';
  const dataDir = mkdtempSync(join(tmpdir(), 'kiosk-admin-e2e-'));
  await chooseVault(null, { dir: credentialDir(dataDir) }).write(new Secret(secret, new Date().toISOString()));
  const kiosk = await launchPreview({ dataDir });
  try {
    await page.goto(kiosk.url);
    await page.getByRole('tab', { name: 'Administration' }).click();
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
  const kiosk = await launchPreview();
  try {
    await page.goto(kiosk.url);
    await expect(page.getByTestId('directory-count')).toContainText('200 cardholders in the directory');
    await page.getByRole('tab', { name: 'Administration' }).click();
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
