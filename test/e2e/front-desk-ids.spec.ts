/**
 * Employee IDs typed at the front desk as they are written, in Debian's Chromium through the
 * preview harness, the real core and the embedded simulator over HTTP: a cardholder whose ID is
 * "E-…" is found typed with the dash and without it, first, and not mixed with people whose first
 * name starts with E and whose ID starts with the digits; an ID nobody has is offered for
 * enrolment in Employee ID, not in the names. The same among 100,000 cardholders (the simulator's
 * seeded directory), where the old lookup listed 60 strangers for "E-1234".
 */
import type { Page } from '@playwright/test';
import { rmSync } from 'node:fs';
import { expect, launchPreview, test } from './fixtures';

async function createOnService(simulatorUrl: string, fields: Record<string, string>): Promise<void> {
  const response = await fetch(`${simulatorUrl}/api/CardHolders/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(fields),
  });
  expect(response.ok).toBe(true);
}

async function search(page: Page, text: string): Promise<void> {
  await page.getByTestId('cardholder-search').fill(text);
  await expect(page.getByTestId('cardholder-result-count')).toHaveAttribute('data-shown-query', text);
}

const rows = (page: Page) => page.getByTestId('cardholder-row');

test('an employee ID "E-…" is found typed with the dash and without it, and an unknown one is enrolled as an ID', async ({ page, kioskUrl, kiosk }) => {
  const simulatorUrl = kiosk.core.simulatorUrl ?? '';
  const n = String(Date.now()).slice(-6);
  await createOnService(simulatorUrl, { first_Name: 'Nora', last_Name: 'Idsworth', employee_ID: `E-${n}` });
  // A stranger the old lookup listed: first name starting with E, ID starting with the digits.
  await createOnService(simulatorUrl, { first_Name: 'Elin', last_Name: 'Strangeway', employee_ID: `${n}7` });

  await page.goto(kioskUrl);
  await expect(page.getByTestId('directory-count')).toContainText('cardholders in the directory');
  await page.getByTestId('directory-sync').click();
  await expect(page.getByTestId('directory-summary')).toContainText('added');

  for (const typed of [`E-${n}`, `E${n}`, `e-${n}`]) {
    await search(page, typed);
    await expect(rows(page).first(), typed).toContainText('Idsworth, Nora');
    await expect(rows(page).filter({ hasText: 'Strangeway' }), typed).toHaveCount(0);
  }

  // An ID nobody has: nobody listed, and "Enrol … as a new cardholder" fills in Employee ID.
  const unknown = `E-${n}99`;
  await search(page, unknown);
  await expect(rows(page)).toHaveCount(0);
  await page.getByTestId('lookup-enrol-typed').click();
  await expect(page.getByTestId('enrol-employee_ID')).toHaveValue(unknown);
  await expect(page.getByTestId('enrol-first_Name')).toHaveValue('');
  await expect(page.getByTestId('enrol-last_Name')).toHaveValue('');
});

test('among 100,000 cardholders an ID "E-…" typed with and without the dash finds its cardholder first and no stranger whose ID starts with the digits', async ({ page }) => {
  test.setTimeout(240_000);
  const kiosk = await launchPreview({ demo: { cardholders: 100_000 } });
  try {
    const simulatorUrl = kiosk.core.simulatorUrl ?? '';
    await createOnService(simulatorUrl, { first_Name: 'Orla', last_Name: 'Dashwood', employee_ID: 'E-1234' });
    await createOnService(simulatorUrl, { first_Name: 'Egon', last_Name: 'Strangeway', employee_ID: '12345' });
    await page.goto(kiosk.url);
    // The sync the kiosk began at start may have read the list before the two were created: wait
    // for it, then sync again.
    await expect(page.getByTestId('directory-count')).toContainText('cardholders in the directory', { timeout: 180_000 });
    await expect(page.getByTestId('directory-sync')).toBeEnabled({ timeout: 180_000 });
    await expect(async () => {
      await page.getByTestId('directory-sync').click();
      await expect(page.getByTestId('directory-count')).toContainText('100,002', { timeout: 30_000 });
    }).toPass({ timeout: 180_000 });
    for (const typed of ['E-1234', 'E1234', 'e-1234']) {
      await search(page, typed);
      await expect(rows(page).first(), typed).toContainText('Dashwood, Orla');
      await expect(rows(page).filter({ hasText: 'Strangeway' }), typed).toHaveCount(0);
      // Nobody else whose first name starts with E and whose ID starts with 1234.
      const listed = await rows(page).allInnerTexts();
      expect(listed.filter((text) => !text.includes('Dashwood')).filter((text) => /\b1234/.test(text)), typed).toEqual([]);
    }
  } finally {
    await kiosk.close();
    rmSync(kiosk.dataDir, { recursive: true, force: true });
  }
});
