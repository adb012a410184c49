/**
 * Badge enrolment through the real front desk in Debian's Chromium, with a fake camera that shows
 * a real face (a video made with ffmpeg from a face-api demo photo), the preview harness, the real
 * core and the embedded simulator over HTTP:
 * - a new cardholder is created and photographed; on the simulator the record has the sent fields,
 *   the stored photo is a 600×800 JPEG with the face in the centre of the crop, photo_Exists is true;
 * - an update of two fields changes only those two on the simulator;
 * - a likely duplicate is shown before creating, and opens the existing record;
 * - a record changed on the server meanwhile is not overwritten blindly;
 * - a refusal keeps everything typed; an unreachable service keeps the enrolment in the outbox,
 *   created once when it answers again (outbox.spec.ts has the rest of the outbox);
 * - a camera that is refused or missing leaves the enrolment usable;
 * - the idle timer clears the person from the screen.
 * The default fake camera (no face) and its hint are in enrolment-no-face.spec.ts.
 */
import { rmSync } from 'node:fs';
import type { Page } from '@playwright/test';
import jpeg from 'jpeg-js';
import config from '../../playwright.config';
import { accessibilityViolations, expect, launchPreview, test } from './fixtures';
import { fakeCameraWithFace } from '../support/fake-camera';
import { findFaces } from '../support/face-check';

const configArgs = config.use?.launchOptions?.args ?? [];
const video = fakeCameraWithFace();
test.use({ launchOptions: { executablePath: config.use?.launchOptions?.executablePath, args: [...configArgs, `--use-file-for-fake-video-capture=${video.path}`] } });

const unique = (): string => String(Date.now()).slice(-6) + String(Math.floor(Math.random() * 90 + 10));

async function openFrontDesk(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.getByTestId('directory-count')).toContainText('cardholders in the directory');
}

async function fillNewPerson(page: Page, person: { first: string; last: string; employee: string; email: string; city: string }): Promise<void> {
  await page.getByTestId('new-cardholder').click();
  await expect(page.getByTestId('enrol-first_Name')).toBeFocused();
  await page.keyboard.type(person.first);
  await page.getByTestId('enrol-last_Name').fill(person.last);
  await page.getByTestId('enrol-sex-f').check();
  await page.getByTestId('enrol-employee_ID').fill(person.employee);
  await page.getByTestId('enrol-card_Holder_Type_ID').selectOption('3');
  await page.getByTestId('enrol-tenant-2').check();
  await page.getByTestId('enrol-email').fill(person.email);
  await page.getByTestId('enrol-city').fill(person.city);
}

const onService = async (simulatorUrl: string, id: number): Promise<Record<string, unknown>> => (await (await fetch(`${simulatorUrl}/api/CardHolders/${id}`)).json()) as Record<string, unknown>;

test('a new cardholder is created and photographed: the simulator holds the fields and a 600×800 JPEG with the face in the centre', async ({ page, kioskUrl, kiosk, simulator, context }) => {
  const id = unique();
  const person = { first: 'Siobhán', last: `Ó Murchú-${id}`, employee: `9${id}`, email: `siobhan.${id}@contoso.example`, city: 'Cork' };
  await openFrontDesk(page, kioskUrl);
  await fillNewPerson(page, person);
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.getByTestId('enrolment-submit').click();

  // Straight on to the photo.
  await expect(page.getByTestId('photo-step')).toBeVisible();
  await expect(page.getByTestId('photo-step')).toContainText(`ID photo of Siobhán Ó Murchú-${id}`);
  await expect(page.getByTestId('photo-capture')).toHaveAttribute('data-detector', 'wasm', { timeout: 20_000 });
  await expect(page.getByTestId('take-photo')).toBeEnabled();
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.getByTestId('take-photo').click();
  await expect(page.getByTestId('photo-capture')).toHaveAttribute('data-stage', 'review');
  await expect(page.getByTestId('photo-hints')).toHaveText('The photo looks good.');
  await page.getByTestId('use-photo').click();
  await expect(page.getByTestId('photo-uploaded')).toContainText('The photo was saved: the record now shows a photo on file.');
  await expect(page.getByTestId('photo-sent')).toBeVisible();

  // On the simulator: the record with the fields sent, and the photo.
  const list = (await (await fetch(`${kiosk.core.simulatorUrl}/api/CardHolders`)).json()) as Array<Record<string, unknown>>;
  const created = list.find((r) => r.employee_ID === person.employee);
  if (!created) throw new Error('the cardholder was not created on the simulator');
  expect(created).toMatchObject({ first_Name: 'Siobhán', last_Name: person.last, sex: 'F', email: person.email, city: 'Cork', tenant: [0, 2], card_Holder_Type_ID: 3, photo_Exists: true });
  const stored = await simulator.photoContent(created.id as number);
  if (!stored) throw new Error('no photo stored');
  expect([stored[0], stored[1], stored[2]]).toEqual([0xff, 0xd8, 0xff]);
  const decoded = jpeg.decode(stored, { useTArray: true });
  expect([decoded.width, decoded.height]).toEqual([600, 800]);
  const check = await findFaces(context, stored);
  expect(check.faces).toHaveLength(1);
  const face = check.faces[0];
  if (!face) throw new Error('unreachable');
  expect(Math.abs(face.x + face.width / 2 - 300)).toBeLessThan(60);
  expect((face.y + face.height / 2) / 800).toBeGreaterThan(0.3);
  expect((face.y + face.height / 2) / 800).toBeLessThan(0.6);

  // Done: back to the refreshed record; the lookup finds the new person with a photo on file.
  await page.getByTestId('photo-done').click();
  await expect(page.getByTestId('photo-sent')).toHaveCount(0);
  await expect(page.getByTestId('cardholder-record').getByTestId('field-photo')).toHaveText('Yes');
  await page.getByTestId('cardholder-search').fill(`siobhan o murchu ${id}`);
  await expect(page.locator(`[data-testid="cardholder-row"][data-id="${created.id}"]`)).toContainText('Photo on file');
});

test('an update of two fields changes only those two on the simulator', async ({ page, kioskUrl, kiosk }) => {
  const people = (await (await fetch(`${kiosk.core.simulatorUrl}/api/CardHolders`)).json()) as Array<Record<string, unknown>>;
  const person = people[12] as Record<string, unknown>;
  const before = await onService(kiosk.core.simulatorUrl ?? '', person.id as number);
  await openFrontDesk(page, kioskUrl);
  await page.getByTestId('cardholder-search').fill(String(person.employee_ID));
  await page.keyboard.press('Enter');
  await page.getByTestId('record-edit').click();
  await page.getByTestId('enrol-phone').fill('+41 22 555 01 23');
  await page.getByTestId('enrol-zip').fill('1204');
  await page.getByTestId('enrolment-submit').click();
  await expect(page.getByTestId('cardholder-record').getByTestId('field-phone')).toHaveText('+41 22 555 01 23');
  await expect(page.getByTestId('cardholder-record').getByTestId('field-zip')).toHaveText('1204');
  const after = await onService(kiosk.core.simulatorUrl ?? '', person.id as number);
  const changed = Object.keys(after).filter((k) => JSON.stringify(after[k]) !== JSON.stringify(before[k]));
  expect(changed.sort()).toEqual(['phone', 'updated', 'zip']);

  // Saving again without a change sends nothing.
  await page.getByTestId('record-edit').click();
  await page.getByTestId('enrolment-submit').click();
  await expect(page.getByTestId('enrolment-notice')).toHaveText('Nothing was changed, so nothing was sent.');
  expect((await onService(kiosk.core.simulatorUrl ?? '', person.id as number)).updated).toBe(after.updated);
});

test('a likely duplicate is shown before creating, and opens the existing record', async ({ page, kioskUrl, kiosk }) => {
  const people = (await (await fetch(`${kiosk.core.simulatorUrl}/api/CardHolders`)).json()) as Array<Record<string, unknown>>;
  const existing = people[30] as Record<string, unknown>;
  await openFrontDesk(page, kioskUrl);
  await page.getByTestId('new-cardholder').click();
  await page.getByTestId('enrol-first_Name').fill(String(existing.first_Name).toUpperCase());
  await page.getByTestId('enrol-last_Name').fill(String(existing.last_Name).toLowerCase());
  await page.getByTestId('enrol-sex-u').check();
  await expect(page.getByTestId('enrolment-duplicates')).toContainText('same first and last name');
  expect(await accessibilityViolations(page)).toEqual([]);
  const countBefore = people.length;
  await page.getByTestId('enrolment-submit').click();
  // Not created: the officer decides first.
  await expect(page.getByTestId('enrolment-create-anyway')).toBeVisible();
  expect(((await (await fetch(`${kiosk.core.simulatorUrl}/api/CardHolders`)).json()) as unknown[]).length).toBe(countBefore);
  await page.getByTestId('enrolment-duplicates').locator('li', { hasText: String(existing.employee_ID) }).getByTestId('enrolment-open-existing').click();
  await expect(page.getByTestId('cardholder-record').getByTestId('field-id')).toHaveText(String(existing.id));
});

test('a record changed on the server since it was opened is not overwritten blindly', async ({ page, kioskUrl, kiosk }) => {
  const people = (await (await fetch(`${kiosk.core.simulatorUrl}/api/CardHolders`)).json()) as Array<Record<string, unknown>>;
  const person = people[20] as Record<string, unknown>;
  await openFrontDesk(page, kioskUrl);
  await page.getByTestId('cardholder-search').fill(String(person.employee_ID));
  await page.keyboard.press('Enter');
  await page.getByTestId('record-edit').click();
  await fetch(`${kiosk.core.simulatorUrl}/api/CardHolders/update`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id: person.id, phone: '+1 217 555 0000' }) });
  await page.getByTestId('enrol-phone').fill('+1 217 555 9999');
  await page.getByTestId('enrolment-submit').click();
  const conflict = page.getByTestId('enrolment-conflict');
  await expect(conflict).toContainText('This record was changed on the service after you opened it.');
  await expect(conflict.getByRole('row', { name: /Phone/ })).toContainText('+1 217 555 9999');
  await expect(conflict.getByRole('row', { name: /Phone/ })).toContainText('+1 217 555 0000');
  expect((await onService(kiosk.core.simulatorUrl ?? '', person.id as number)).phone).toBe('+1 217 555 0000');
  await page.getByTestId('enrolment-keep-mine').click();
  await expect(page.getByTestId('cardholder-record').getByTestId('field-phone')).toHaveText('+1 217 555 9999');
  expect((await onService(kiosk.core.simulatorUrl ?? '', person.id as number)).phone).toBe('+1 217 555 9999');
});

test('checks before sending and a refusal keep what was typed; an unreachable service keeps the enrolment for later', async ({ page, kioskUrl, kiosk, simulator }) => {
  await openFrontDesk(page, kioskUrl);
  await page.getByTestId('new-cardholder').click();
  await page.getByTestId('enrol-email').fill('not-an-address');
  await page.getByTestId('enrol-employee_ID').fill('12 AB/3');
  await page.getByTestId('enrolment-submit').click();
  const problems = page.getByTestId('enrolment-problems');
  await expect(problems).toContainText('Enter the first name.');
  await expect(problems).toContainText('Enter the last name.');
  await expect(problems).toContainText('Employee ID: letters, digits, dashes and dots only (for example E-1234).');
  await expect(problems).toContainText('E-mail: enter an address such as name@example.org.');
  await expect(page.getByTestId('enrol-email')).toHaveAttribute('aria-invalid', 'true');
  expect(await accessibilityViolations(page)).toEqual([]);

  const id = unique();
  await page.getByTestId('enrol-first_Name').fill('Jürgen');
  await page.getByTestId('enrol-last_Name').fill(`Weiß-${id}`);
  await page.getByTestId('enrol-sex-m').check();
  await page.getByTestId('enrol-employee_ID').fill(`8${id}`);
  await page.getByTestId('enrol-email').fill(`j.weiss.${id}@fabrikam.example`);

  await simulator.setFaults({ pathPrefix: '/api/CardHolders/create', error: { status: 400, count: 1 } });
  await page.getByTestId('enrolment-submit').click();
  await expect(page.getByTestId('enrolment-refusal')).toContainText('Not saved: The access-control service refused the data');
  await expect(page.getByTestId('enrol-last_Name')).toHaveValue(`Weiß-${id}`);

  // Unreachable (the connection dropped): saved on this workstation, and created once it is back.
  await simulator.setFaults({ pathPrefix: '/api/', drop: {} });
  await page.getByTestId('enrolment-submit').click();
  await expect(page.getByTestId('photo-step')).toBeVisible();
  await expect(page.getByTestId('photo-for-provisional')).toContainText('Saved on this workstation');
  await expect(page.getByTestId('outbox-status')).toHaveAttribute('data-pending', '1');
  await simulator.clearFaults();
  await expect(page.getByTestId('outbox-status')).toHaveAttribute('data-pending', '0', { timeout: 30_000 });
  const list = (await (await fetch(`${kiosk.core.simulatorUrl}/api/CardHolders`)).json()) as Array<Record<string, unknown>>;
  expect(list.filter((r) => r.employee_ID === `8${id}`).map((r) => r.email)).toEqual([`j.weiss.${id}@fabrikam.example`]);
});

test('a refused camera leaves the enrolment usable: the record is there, the officer goes on without a photo', async ({ page, kioskUrl }) => {
  await page.addInitScript(() => {
    const refuse = async (): Promise<MediaStream> => {
      throw new DOMException('Permission denied', 'NotAllowedError');
    };
    Object.defineProperty(navigator.mediaDevices, 'getUserMedia', { value: refuse, configurable: true });
  });
  const id = unique();
  await openFrontDesk(page, kioskUrl);
  await fillNewPerson(page, { first: 'Ana María', last: `García-${id}`, employee: `7${id}`, email: `ana.${id}@contoso.example`, city: 'Madrid' });
  await page.getByTestId('enrolment-submit').click();
  await expect(page.getByTestId('camera-problem')).toBeVisible();
  await expect(page.getByTestId('camera-problem')).toContainText(/camera/i);
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Continue without a photo' }).click();
  await expect(page.getByTestId('cardholder-record').getByTestId('field-photo')).toHaveText('No');
  await expect(page.getByTestId('record-photo')).toHaveText('Take the ID photo');
});

test('after the idle time the front desk clears the person from the screen', async ({ page }) => {
  const kiosk = await launchPreview({ config: { argv: ['--idle-reset-seconds=2'] } });
  try {
    await page.goto(kiosk.url);
    await expect(page.getByTestId('directory-count')).toContainText('cardholders in the directory');
    await page.getByTestId('cardholder-search').fill('a');
    await page.getByTestId('cardholder-row').first().click();
    await expect(page.getByTestId('cardholder-record')).toBeVisible();
    await page.getByTestId('new-cardholder').click();
    await page.getByTestId('enrol-first_Name').fill('Private');
    await expect(page.getByTestId('idle-cleared')).toContainText('The screen was cleared after 2 s without activity.', { timeout: 10_000 });
    await expect(page.getByTestId('enrolment-form')).toHaveCount(0);
    await expect(page.getByTestId('cardholder-search')).toHaveValue('');
    expect(await page.content()).not.toContain('Private');
  } finally {
    await kiosk.close();
    rmSync(kiosk.dataDir, { recursive: true, force: true });
  }
});
