/**
 * The front desk on a site's first day: the service (the simulator on loopback) has cardholders,
 * but nobody has written the site catalogue (no `site.*` in the kiosk's configuration), so the
 * kiosk knows tenants and cardholder types only by the numbers the directory's records carry.
 * In Debian's Chromium against the preview harness:
 * - a create with only the seed's six fields (first and last name, employee ID, e-mail, sex,
 *   city) sends exactly those six;
 * - a type and a tenant chosen from the values seen, by name ("Type 3", "Tenant 2", with counts);
 *   a value nobody uses asks for a confirmation first;
 * - an "E-1234" employee ID is taken;
 * - people found by company (a tenant the catalogue names, in a second kiosk; an e-mail domain),
 *   type, city and a part of their e-mail; a name with two slips gets "Did you mean …?" and a
 *   shortcut to enrol the typed name;
 * - the save confirmation is still on screen a second after saving.
 */
import type { Page, Request } from '@playwright/test';
import { rmSync } from 'node:fs';
import { accessibilityViolations, expect, launchPreview, test } from './fixtures';
import { StoppableService } from './outbox-service';

const service = new StoppableService();
let kiosk: Awaited<ReturnType<typeof launchPreview>> | null = null;

test.beforeAll(async () => {
  await service.start();
  // No site catalogue: the service's address only.
  kiosk = await launchPreview({ config: { argv: [`--service-url=${service.url}`, '--retries=0'] } });
});
test.afterAll(async () => {
  await kiosk?.close();
  if (kiosk) rmSync(kiosk.dataDir, { recursive: true, force: true });
  await service.dispose();
});

const unique = (): string => String(Date.now()).slice(-6);

async function openFrontDesk(page: Page): Promise<void> {
  if (!kiosk) throw new Error('no kiosk');
  await page.goto(kiosk.url);
  await expect(page.getByTestId('directory-count')).toContainText('cardholders in the directory');
}

/** The fields the renderer sent with createCardholder (what main sends on to the service). */
async function sentFields(request: Request): Promise<Record<string, unknown>> {
  return (JSON.parse(request.postData() ?? '{}') as { payload: Record<string, unknown> }).payload;
}

async function search(page: Page, text: string): Promise<void> {
  await page.getByTestId('cardholder-search').fill(text);
  await expect(page.getByTestId('cardholder-result-count')).toHaveAttribute('data-shown-query', text);
}

test('a create with only the seed\'s six fields sends those six, with an E-1234 employee ID', async ({ page }) => {
  const id = unique();
  await openFrontDesk(page);
  await page.getByTestId('new-cardholder').click();
  // The type and the tenants are offered from what the directory's records carry, with counts.
  await expect(page.getByTestId('enrol-card_Holder_Type_ID').locator('option', { hasText: 'seen on' }).first()).toBeAttached();
  await expect(page.locator('[data-testid^="enrol-tenant-"]').first()).toBeVisible();
  await page.getByTestId('enrol-first_Name').fill('Ada');
  await page.getByTestId('enrol-last_Name').fill(`Lovelace-${id}`);
  await page.getByTestId('enrol-employee_ID').fill(`E-${id}`);
  await page.getByTestId('enrol-email').fill(`ada.${id}@fabrikam.example`);
  await page.getByTestId('enrol-sex-f').check();
  await page.getByTestId('enrol-city').fill('London');
  // Leave type and tenants to the service.
  await page.getByTestId('enrol-card_Holder_Type_ID').selectOption('');
  const ticked = page.locator('[data-testid^="enrol-tenant-"]:checked');
  while ((await ticked.count()) > 0) await ticked.first().uncheck();
  expect(await accessibilityViolations(page)).toEqual([]);
  const sent = page.waitForRequest((r) => r.url().includes('/__kiosk/op/createCardholder'));
  await page.getByTestId('enrolment-submit').click();
  expect(await sentFields(await sent)).toEqual({ first_Name: 'Ada', last_Name: `Lovelace-${id}`, employee_ID: `E-${id}`, email: `ada.${id}@fabrikam.example`, sex: 'f', city: 'London' });
  await expect(page.getByTestId('photo-step')).toBeVisible();
  const created = (await service.list()).find((r) => r.employee_ID === `E-${id}`);
  expect(created).toMatchObject({ first_Name: 'Ada', last_Name: `Lovelace-${id}`, email: `ada.${id}@fabrikam.example`, sex: 'F', city: 'London' });
});

test('a type and a tenant chosen from the values seen, by name; a value nobody uses is confirmed first', async ({ page }, testInfo) => {
  const id = unique();
  await openFrontDesk(page);
  await page.getByTestId('new-cardholder').click();
  await page.getByTestId('enrol-first_Name').fill('Grace');
  await page.getByTestId('enrol-last_Name').fill(`Hopper-${id}`);
  const typeOption = page.getByTestId('enrol-card_Holder_Type_ID').locator('option', { hasText: /^Type 3 — seen on \d+ cardholders?$/ });
  await page.getByTestId('enrol-card_Holder_Type_ID').selectOption({ label: (await typeOption.textContent()) ?? '' });
  const tenant = page.getByTestId('enrol-tenant-2');
  await expect(tenant.locator('xpath=..')).toContainText(/Tenant 2 — seen on \d+ cardholders?/);
  await tenant.check();
  await page.getByTestId('enrol-otherTenants').fill('99');
  const sent = page.waitForRequest((r) => r.url().includes('/__kiosk/op/createCardholder'));
  await page.getByTestId('enrolment-submit').click();
  await expect(page.getByTestId('enrolment-unused')).toContainText('Nobody in the directory has tenant 99 yet.');
  await page.screenshot({ path: testInfo.outputPath('enrolment-choices-unused.png') });
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.getByTestId('enrolment-use-unused').click();
  const fields = await sentFields(await sent);
  expect(fields).toMatchObject({ card_Holder_Type_ID: 3 });
  expect(fields.tenant).toEqual(expect.arrayContaining([2, 99]));
  await expect(page.getByTestId('photo-step')).toBeVisible();
  await page.getByTestId('photo-step-cancel').click();
  // The record and the lookup's row name the type and the tenants.
  await expect(page.getByTestId('field-type')).toContainText('Type 3');
  await expect(page.getByTestId('field-tenants')).toContainText('Tenant 99');
  await search(page, `Hopper-${id}`);
  await expect(page.getByTestId('cardholder-row').first().getByTestId('cardholder-row-type')).toHaveText('Type 3');
  await expect(page.getByTestId('cardholder-row').first().getByTestId('cardholder-row-tenants')).toContainText('Tenant 99');
});

test('people found by e-mail fragment, city, e-mail domain, type and tenant; two slips get a suggestion and a shortcut to enrol', async ({ page }, testInfo) => {
  const people = await service.list();
  const withEmail = people.find((r) => typeof r.email === 'string' && (r.email as string).includes('.') && (r.email as string).includes('@fabrikam')) as { email: string; city: string } | undefined;
  if (!withEmail) throw new Error('the seed has nobody at fabrikam');
  await openFrontDesk(page);
  const local = withEmail.email.split('@')[0] ?? '';
  const fragment = `${local.split('.')[1] ?? local}@`;
  await search(page, fragment);
  await expect(page.getByTestId('cardholder-row').first()).toContainText(fragment);
  await search(page, 'fabrikam');
  expect(await page.getByTestId('cardholder-row').count()).toBeGreaterThan(0);
  for (const row of await page.getByTestId('cardholder-row').all()) await expect(row).toContainText('fabrikam');
  const city = people.map((r) => r.city as string).find((c) => c && /^[A-Za-z]+$/.test(c) && c.length > 4) ?? 'Paris';
  await search(page, city);
  expect(await page.getByTestId('cardholder-result-count').textContent()).toMatch(/found/);
  // A type and a tenant by the name the screens give them without a catalogue.
  await search(page, 'Type 3');
  expect(await page.getByTestId('cardholder-row').count()).toBeGreaterThan(0);
  for (const row of await page.getByTestId('cardholder-row').all()) await expect(row.getByTestId('cardholder-row-type')).toHaveText('Type 3');
  await search(page, 'Tenant 2');
  expect(await page.getByTestId('cardholder-row').count()).toBeGreaterThan(0);
  for (const row of await page.getByTestId('cardholder-row').all()) await expect(row.getByTestId('cardholder-row-tenants')).toContainText('Tenant 2');
  // Two slips in a name of the directory.
  const last = (people.map((r) => r.last_Name as string).find((n) => /^[A-Za-z]{8,}$/.test(n)) ?? 'Lewandowski');
  const slipped = `${last.slice(0, 3)}${last.slice(4, -1)}y`;
  await search(page, slipped);
  await expect(page.getByTestId('cardholder-result-count')).toContainText('No cardholder matches');
  await expect(page.getByTestId('lookup-suggestions')).toContainText(`Did you mean ${last}`);
  await page.screenshot({ path: testInfo.outputPath('lookup-suggestion.png') });
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.getByTestId('lookup-suggestion').first().click();
  await expect(page.getByTestId('cardholder-row').first()).toContainText(last);
  await search(page, slipped);
  await page.getByTestId('lookup-enrol-typed').click();
  await expect(page.getByTestId('enrol-last_Name')).toHaveValue(slipped);
});

test('an enrolment whose answer never came says so, and is not entered twice', async ({ page }) => {
  const id = unique();
  await openFrontDesk(page);
  // The service creates the cardholder, then the connection drops before the answer.
  await service.controls.setFaults({ pathPrefix: '/api/CardHolders/create', drop: { rate: 1, count: 1, afterProcessing: true } });
  try {
    await page.getByTestId('new-cardholder').click();
    await page.getByTestId('enrol-first_Name').fill('Katherine');
    await page.getByTestId('enrol-last_Name').fill(`Johnson-${id}`);
    await page.getByTestId('enrol-employee_ID').fill(`K-${id}`);
    await page.getByTestId('enrolment-submit').click();
    const notice = page.getByTestId('save-confirmation');
    await expect(notice).toHaveText('The service did not answer; this enrolment will be checked and sent, do not enter it again.');
    await expect(notice).toHaveClass(/warn/);
    expect(await accessibilityViolations(page)).toEqual([]);
  } finally {
    await service.controls.clearFaults();
  }
  // Checked before it is sent again: the service has the person once.
  await expect.poll(async () => (await service.list()).filter((r) => r.employee_ID === `K-${id}`).length, { timeout: 30_000 }).toBe(1);
});

test('the save confirmation is still on screen a second after saving', async ({ page }) => {
  await openFrontDesk(page);
  await search(page, 'a');
  await page.getByTestId('cardholder-row').first().click();
  await page.getByTestId('record-edit').click();
  const city = `Cork ${unique()}`;
  await page.getByTestId('enrol-city').fill(city);
  await page.getByTestId('enrolment-submit').click();
  await expect(page.getByTestId('field-city')).toContainText(city);
  await page.waitForTimeout(1_000);
  await expect(page.getByTestId('save-confirmation')).toHaveText('Saved: 1 field changed.');
  // The highlighted row and the open record agree after the save.
  const active = page.locator('[data-testid="cardholder-row"][aria-selected="true"]');
  await expect(active).toHaveClass(/open/);
  // The next action takes it away.
  await page.getByTestId('record-edit').click();
  await expect(page.getByTestId('save-confirmation')).toHaveCount(0);
});

test('a second kiosk with the site catalogue finds people by company and type names, and tells same-name people apart', async ({ page }) => {
  const named = await launchPreview({ config: { argv: service.kioskArgs() } });
  try {
    await page.goto(named.url);
    await expect(page.getByTestId('directory-count')).toContainText('cardholders in the directory');
    await search(page, 'Contoso');
    expect(await page.getByTestId('cardholder-row').count()).toBeGreaterThan(0);
    // A company is a tenant the catalogue names, or the domain of the e-mail address.
    for (const row of await page.getByTestId('cardholder-row').all()) await expect(row).toContainText(/Contoso Labs|@contoso/);
    expect(await page.getByTestId('cardholder-row').filter({ hasText: 'Contoso Labs' }).count()).toBeGreaterThan(0);
    await search(page, 'Visitor');
    expect(await page.getByTestId('cardholder-row').count()).toBeGreaterThan(0);
    for (const row of await page.getByTestId('cardholder-row').all()) {
      await expect(row.getByTestId('cardholder-row-type')).toHaveText('Visitor');
      // Same-name people are told apart at a glance: type, tenants and employee ID on every row.
      await expect(row).toContainText(/ID \S+/);
      await expect(row.getByTestId('cardholder-row-tenants')).not.toBeEmpty();
    }
  } finally {
    await named.close();
    rmSync(named.dataDir, { recursive: true, force: true });
  }
});
