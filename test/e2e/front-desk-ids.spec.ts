/**
 * Employee IDs typed at the front desk as they are written, in Debian's Chromium through the
 * preview harness, the real core and the embedded simulator over HTTP: a cardholder whose ID is
 * "E-…" is found typed with the dash and without it, first, and not mixed with people whose first
 * name starts with E and whose ID starts with the digits; an ID nobody has is offered for
 * enrolment in Employee ID, not in the names.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

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
