/**
 * Enrols a new cardholder through the front desk's form and takes their ID photo with the fake
 * camera: from the front desk already on screen (the caller opens it and waits as it needs) to the
 * photo uploaded or queued. The type is chosen by its number: the option's label also says how
 * many cardholders have it, in the language shown.
 */
import { expect, type Page } from '@playwright/test';

export interface EnrolledPerson {
  first: string;
  last: string;
  employee: string;
  type: number;
  tenant?: number;
}

export async function enrolWithPhoto(page: Page, person: EnrolledPerson): Promise<void> {
  await page.getByTestId('new-cardholder').click();
  await page.getByTestId('enrol-first_Name').fill(person.first);
  await page.getByTestId('enrol-last_Name').fill(person.last);
  await page.getByTestId('enrol-sex-f').check();
  await page.getByTestId('enrol-employee_ID').fill(person.employee);
  await page.getByTestId('enrol-card_Holder_Type_ID').selectOption(String(person.type));
  if (person.tenant !== undefined) await page.getByTestId(`enrol-tenant-${person.tenant}`).check();
  await page.getByTestId('enrolment-submit').click();
  await expect(page.getByTestId('photo-step')).toBeVisible();
  await expect(page.getByTestId('take-photo')).toBeEnabled({ timeout: 20_000 });
  await page.getByTestId('take-photo').click();
  await expect(page.getByTestId('photo-capture')).toHaveAttribute('data-stage', 'review');
  await page.getByTestId('use-photo').click();
  await expect(page.getByTestId('photo-uploaded').or(page.getByTestId('photo-queued'))).toBeVisible();
}
