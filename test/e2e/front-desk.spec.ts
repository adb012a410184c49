/**
 * The front desk's lookup and record view in Debian's Chromium, through the preview harness, the
 * real core and the embedded simulator over HTTP: accented names typed without accents, a
 * misspelt surname, an employee ID, the refreshed record, the keyboard, the directory's sync and
 * a list held back, and lookups while the service is down.
 */
import type { Page } from '@playwright/test';
import { accessibilityViolations, expect, test } from './fixtures';
import type { CardHolderRecord } from '../../electron/simulator/control-client';

const fold = (text: string): string =>
  text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ø/g, 'o')
    .replace(/ß/g, 'ss')
    .replace(/æ/g, 'ae')
    .replace(/ł/g, 'l')
    .replace(/þ/g, 'th')
    .replace(/ð/g, 'd')
    .replace(/ı/g, 'i');

async function everyone(simulatorUrl: string): Promise<CardHolderRecord[]> {
  const response = await fetch(`${simulatorUrl}/api/CardHolders`);
  return (await response.json()) as CardHolderRecord[];
}

async function openFrontDesk(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.getByRole('tab', { name: 'Front desk' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('directory-count')).toContainText('cardholders in the directory');
  await expect(page.getByTestId('cardholder-search')).toBeFocused();
}

const search = (page: Page) => page.getByTestId('cardholder-search');
const rows = (page: Page) => page.getByTestId('cardholder-row');

test('finds a seeded person by an accented name typed without accents, and opens the refreshed record', async ({ page, kioskUrl, kiosk }) => {
  const people = await everyone(kiosk.core.simulatorUrl ?? '');
  const accented = people.find((p) => /[^ -~]/.test(p.last_Name) && /^[ -~]+$/.test(fold(p.last_Name)) && p.first_Name.length > 2);
  if (!accented) throw new Error('the seed has no accented surname');
  await openFrontDesk(page, kioskUrl);
  await search(page).pressSequentially(`${fold(accented.first_Name)} ${fold(accented.last_Name)}`, { delay: 20 });
  const row = page.locator(`[data-testid="cardholder-row"][data-id="${accented.id}"]`);
  await expect(row).toBeVisible();
  await expect(page.getByTestId('cardholder-result-count')).toContainText('found');

  // The record, changed on the service meanwhile: opening it reads it again.
  await fetch(`${kiosk.core.simulatorUrl}/api/CardHolders/update`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ id: accented.id, phone: '+47 22 33 44 55', city: 'Tromsø' }),
  });
  await row.click();
  const record = page.getByTestId('cardholder-record');
  await expect(record.getByRole('heading', { level: 3 })).toContainText(accented.last_Name);
  await expect(record.getByTestId('field-phone')).toHaveText('+47 22 33 44 55');
  await expect(record.getByTestId('field-city')).toHaveText('Tromsø');
  await expect(record.getByTestId('field-employee-id')).toHaveText(accented.employee_ID);
  await expect(record.getByTestId('field-sex')).toHaveText(/Male|Female|Not stated|X \(other\)/);
  await expect(record.getByTestId('field-created')).toHaveAttribute('title', /UTC$/);
  await expect(page.getByTestId('record-stale')).toHaveCount(0);
  expect(await accessibilityViolations(page)).toEqual([]);
});

test('finds a person by a misspelt surname', async ({ page, kioskUrl, kiosk }) => {
  const people = await everyone(kiosk.core.simulatorUrl ?? '');
  const person = people.find((p) => /^[a-z]{6,}$/i.test(p.last_Name) && /^[a-z]+$/i.test(p.first_Name));
  if (!person) throw new Error('the seed has no plain long surname');
  const last = person.last_Name.toLowerCase();
  const misspelt = `${last.slice(0, 2)}${last[3]}${last[2]}${last.slice(4)}`; // two letters swapped
  await openFrontDesk(page, kioskUrl);
  await search(page).pressSequentially(`${misspelt} ${person.first_Name.toLowerCase()}`, { delay: 20 });
  await expect(page.locator(`[data-testid="cardholder-row"][data-id="${person.id}"]`)).toBeVisible();
});

test('an employee ID typed finds that person first; the keyboard moves and opens', async ({ page, kioskUrl, kiosk }) => {
  const people = await everyone(kiosk.core.simulatorUrl ?? '');
  const person = people[41] as CardHolderRecord;
  await openFrontDesk(page, kioskUrl);
  await page.keyboard.type(person.employee_ID, { delay: 20 });
  await expect(rows(page).first()).toHaveAttribute('data-id', String(person.id));
  await expect(search(page)).toHaveAttribute('aria-activedescendant', 'cardholder-option-0');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('cardholder-record').getByTestId('field-id')).toHaveText(String(person.id));

  // Letters: several matches; the arrow keys move the highlight and Enter opens it.
  await search(page).fill('');
  await page.keyboard.type('a', { delay: 20 });
  await expect(rows(page).nth(2)).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(search(page)).toHaveAttribute('aria-activedescendant', 'cardholder-option-2');
  const third = await page.locator('#cardholder-option-2').getAttribute('data-id');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('cardholder-record').getByTestId('field-id')).toHaveText(third ?? '');
  await page.keyboard.press('Escape');
  await expect(search(page)).toHaveValue('');
  await expect(page.getByTestId('cardholder-result-count')).toContainText('Type a name');
});

test('Next person clears the search and the record', async ({ page, kioskUrl }) => {
  await openFrontDesk(page, kioskUrl);
  await page.keyboard.type('a', { delay: 20 });
  await rows(page).first().click();
  await expect(page.getByTestId('cardholder-record')).toBeVisible();
  await page.getByTestId('next-person').click();
  await expect(search(page)).toHaveValue('');
  await expect(search(page)).toBeFocused();
  await expect(page.getByTestId('cardholder-record')).toHaveCount(0);
  await expect(rows(page)).toHaveCount(0);
});

test('lookups keep working while the service is down, and the record says where it comes from', async ({ page, kioskUrl, simulator, kiosk }) => {
  const people = await everyone(kiosk.core.simulatorUrl ?? '');
  const person = people[7] as CardHolderRecord;
  await openFrontDesk(page, kioskUrl);
  await simulator.setFaults({ pathPrefix: '/api/', drop: {} });
  await search(page).pressSequentially(`${fold(person.last_Name)} ${fold(person.first_Name)}`, { delay: 20 });
  const row = page.locator(`[data-testid="cardholder-row"][data-id="${person.id}"]`);
  await expect(row).toBeVisible();
  await row.click();
  await expect(page.getByTestId('record-stale')).toContainText('Shown from the directory saved on this workstation');
  await expect(page.getByTestId('cardholder-record').getByTestId('field-id')).toHaveText(String(person.id));
  await page.getByTestId('directory-sync').click();
  await expect(page.getByTestId('directory-failure')).toContainText('The cardholder directory could not be updated.');
  await expect(page.getByTestId('directory-failure')).toContainText('The lookup still uses the');
  await simulator.clearFaults();
  await page.getByTestId('directory-sync').click();
  await expect(page.getByTestId('directory-failure')).toHaveCount(0);
});

test('a directory update shows what changed; an empty list is held back until the officer decides', async ({ page, kioskUrl, simulator, kiosk }) => {
  await openFrontDesk(page, kioskUrl);
  await fetch(`${kiosk.core.simulatorUrl}/api/CardHolders/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ first_Name: 'Aoife', last_Name: 'Ó Conchúir' }),
  });
  await page.getByTestId('directory-sync').click();
  await expect(page.getByTestId('directory-summary')).toContainText('1 added');
  await search(page).fill('aoife o conchuir');
  await expect(rows(page).first()).toContainText('Ó Conchúir, Aoife');

  await simulator.answerEmptyList();
  try {
    await page.getByTestId('directory-sync').click();
    await expect(page.getByTestId('directory-held')).toContainText('The service now lists 0 usable cardholders');
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByTestId('directory-keep').click();
    await expect(page.getByTestId('directory-held')).toHaveCount(0);
    await expect(rows(page).first()).toContainText('Ó Conchúir, Aoife');
  } finally {
    await simulator.clearListAnswer();
  }
});
