/**
 * The outbox through the real front desk in Debian's Chromium, against a simulator that is really
 * stopped (connections refused) and started again with what it held:
 * - a person enrolled with a photo while the service is stopped: the status bar counts what waits,
 *   the lookup marks them pending, the record lists the queued work; the service comes back and
 *   the record is on the simulator with photo_Exists true, the record view follows to its number;
 * - an enrolment the service refuses lands in "Needs attention": opened in the form, fixed and sent
 *   again; another is discarded after confirming; the Operator log lists them by kind;
 * - a burst of 100 creates, updates and photos typed through the UI with the service stopped in
 *   the middle and started again: afterwards the simulator holds each record once, with the right
 *   fields and photos, and the outbox is empty.
 */
import type { Page } from '@playwright/test';
import config from '../../playwright.config';
import { accessibilityViolations, expect, launchPreview, test } from './fixtures';
import { StoppableService } from './outbox-service';
import { fakeCameraWithFace } from '../support/fake-camera';

const configArgs = config.use?.launchOptions?.args ?? [];
const video = fakeCameraWithFace();
test.use({ launchOptions: { executablePath: config.use?.launchOptions?.executablePath, args: [...configArgs, `--use-file-for-fake-video-capture=${video.path}`] } });

let service: StoppableService;
let kiosk: Awaited<ReturnType<typeof launchPreview>>;

test.beforeEach(async () => {
  service = new StoppableService();
  await service.start();
  kiosk = await launchPreview({ config: { argv: service.kioskArgs() } });
});
test.afterEach(async () => {
  await kiosk.close();
  await service.dispose();
});

const unique = (): string => String(Date.now()).slice(-5) + String(Math.floor(Math.random() * 90 + 10));

async function openFrontDesk(page: Page): Promise<void> {
  await page.goto(kiosk.url);
  await expect(page.getByTestId('directory-count')).toContainText('60 cardholders in the directory');
}

async function enrol(page: Page, person: { first: string; last: string; employee: string; city: string }): Promise<void> {
  await page.getByTestId('new-cardholder').click();
  await expect(page.getByTestId('enrol-first_Name')).toBeFocused();
  await page.getByTestId('enrol-first_Name').fill(person.first);
  await page.getByTestId('enrol-last_Name').fill(person.last);
  await page.getByTestId('enrol-sex-f').check();
  await page.getByTestId('enrol-employee_ID').fill(person.employee);
  await page.getByTestId('enrol-card_Holder_Type_ID').selectOption('3');
  await page.getByTestId('enrol-city').fill(person.city);
  await page.getByTestId('enrolment-submit').click();
  await expect(page.getByTestId('photo-step')).toBeVisible();
}

async function takePhoto(page: Page): Promise<void> {
  await expect(page.getByTestId('take-photo')).toBeEnabled({ timeout: 20_000 });
  await page.getByTestId('take-photo').click();
  await expect(page.getByTestId('photo-capture')).toHaveAttribute('data-stage', 'review');
  await page.getByTestId('use-photo').click();
  await expect(page.getByTestId('photo-uploaded').or(page.getByTestId('photo-queued'))).toBeVisible();
  await page.getByTestId('photo-done').click();
  await expect(page.getByTestId('cardholder-record')).toBeVisible();
}

async function editCity(page: Page, city: string): Promise<void> {
  await page.getByTestId('record-edit').click();
  await page.getByTestId('enrol-city').fill(city);
  await page.getByTestId('enrolment-submit').click();
  await expect(page.getByTestId('cardholder-record')).toBeVisible();
  await expect(page.getByTestId('field-city')).toContainText(city);
}

const outboxStatus = (page: Page) => page.getByTestId('outbox-status');

test('a person enrolled with a photo while the service is stopped reaches the simulator, photo included, when it is back', async ({ page }) => {
  const id = unique();
  const person = { first: 'Aoife', last: `Offline-${id}`, employee: `8${id}`, city: 'Galway' };
  await openFrontDesk(page);
  await expect(outboxStatus(page)).toHaveAttribute('data-pending', '0');

  await service.stop();
  await enrol(page, person);
  await expect(page.getByTestId('photo-for-provisional')).toContainText(`Aoife ${person.last} will be created when it is back`);
  await takePhoto(page);
  await expect(page.getByTestId('record-provisional')).toBeVisible();
  await expect(page.getByTestId('field-id')).toHaveText('Not assigned yet (waiting to be sent)');
  await expect(page.getByTestId('record-queued-item')).toHaveCount(2);
  await expect(page.getByTestId('record-queued')).toContainText('New cardholder');
  await expect(page.getByTestId('record-queued')).toContainText('ID photo');
  await expect(outboxStatus(page)).toHaveAttribute('data-pending', '2');
  await expect(outboxStatus(page)).toHaveAccessibleName(/2 enrolments waiting to be sent/);

  // The lookup finds them, marked pending.
  await page.getByTestId('cardholder-search').fill(person.last);
  await expect(page.getByTestId('cardholder-row')).toHaveCount(1);
  await expect(page.getByTestId('cardholder-pending')).toBeVisible();

  // The panel lists both, in order, the photo waiting for the create.
  await outboxStatus(page).click();
  await expect(page.getByTestId('outbox-panel')).toBeVisible();
  await expect(page.getByTestId('outbox-item')).toHaveCount(2);
  await expect(page.getByTestId('outbox-item').nth(1)).toContainText('Waiting for the new cardholder to be created first.');
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('outbox-panel')).toBeHidden();

  // The service is back: everything goes, the record view follows to the real record.
  await service.start();
  await expect(outboxStatus(page)).toHaveAttribute('data-pending', '0', { timeout: 30_000 });
  await expect(page.getByTestId('field-id')).toHaveText(/^\d+$/);
  await expect(page.getByTestId('field-photo')).toHaveText('Yes');
  await expect(page.getByTestId('cardholder-pending')).toHaveCount(0);
  const onService = (await service.list()).filter((r) => r.employee_ID === person.employee);
  expect(onService).toHaveLength(1);
  expect(onService[0]).toMatchObject({ first_Name: 'Aoife', last_Name: person.last, city: 'Galway', sex: 'F', card_Holder_Type_ID: 3, photo_Exists: true });
  const photo = await service.controls.photoContent(onService[0]?.id as number);
  expect(photo && [photo[0], photo[1], photo[2]]).toEqual([0xff, 0xd8, 0xff]);
});

test('a refused enrolment is fixed in the form and sent again; another is discarded after confirming; the log lists them', async ({ page }) => {
  const id = unique();
  await openFrontDesk(page);
  await service.stop();
  const first = { first: 'Nuala', last: `Refused-${id}`, employee: `71${id}`, city: 'Sligo' };
  const second = { first: 'Ciarán', last: `Dropped-${id}`, employee: `72${id}`, city: 'Ennis' };
  for (const person of [first, second]) {
    await enrol(page, person);
    await page.getByTestId('photo-step-cancel').click();
  }
  await expect(outboxStatus(page)).toHaveAttribute('data-pending', '2');

  // Back, but the service refuses the next two creates.
  await service.start();
  await service.controls.setFaults({ pathPrefix: '/api/CardHolders/create', error: { status: 422, count: 2 } });
  await expect(outboxStatus(page)).toHaveAttribute('data-failed', '2', { timeout: 30_000 });
  await outboxStatus(page).click();
  const items = page.getByTestId('outbox-item');
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText('Needs attention: The access-control service refused the data');
  expect(await accessibilityViolations(page)).toEqual([]);

  // Discard the second: asks first, "Keep it" keeps it.
  const dropped = items.filter({ hasText: second.last });
  await dropped.getByTestId('outbox-discard').click();
  await expect(dropped).toContainText(`Discard the new cardholder ${second.last}, ${second.first}?`);
  await dropped.getByTestId('outbox-discard-keep').click();
  await expect(items).toHaveCount(2);
  await dropped.getByTestId('outbox-discard').click();
  await dropped.getByTestId('outbox-discard-confirm').click();
  await expect(items).toHaveCount(1);

  // Fix the first in the form and send it again.
  await items.first().getByTestId('outbox-fix').click();
  await expect(page.getByTestId('outbox-panel')).toBeHidden();
  await expect(page.getByRole('tab', { name: 'Front desk' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('enrolment-form')).toContainText(`Fix the new cardholder ${first.last}, ${first.first}`);
  await expect(page.getByTestId('enrolment-refusal')).toContainText('The service refused this enrolment');
  await expect(page.getByTestId('enrol-city')).toHaveValue('Sligo');
  await page.getByTestId('enrol-city').fill('Sligo town');
  await page.getByTestId('enrolment-submit').click();
  await expect(outboxStatus(page)).toHaveAttribute('data-failed', '0');
  await expect(outboxStatus(page)).toHaveAttribute('data-pending', '0', { timeout: 30_000 });

  const list = await service.list();
  expect(list.filter((r) => r.employee_ID === first.employee).map((r) => r.city)).toEqual(['Sligo town']);
  expect(list.filter((r) => r.employee_ID === second.employee)).toEqual([]);

  // The Operator log, filtered by kind.
  await page.getByRole('tab', { name: 'Operator log' }).click();
  await page.getByTestId('operator-log-enrolments').check();
  await page.getByTestId('enrolment-log-kind').selectOption({ label: 'Discarded' });
  await expect(page.getByTestId('enrolment-log-row')).toHaveCount(1);
  await expect(page.getByTestId('enrolment-log-row')).toContainText(`${second.last}, ${second.first}`);
  await page.getByTestId('enrolment-log-kind').selectOption({ label: 'Refused by the service' });
  await expect(page.getByTestId('enrolment-log-row')).toHaveCount(2);
  await page.getByTestId('enrolment-log-kind').selectOption({ label: 'Sent later' });
  await expect(page.getByTestId('enrolment-log-row')).toHaveCount(1);
  await expect(page.getByTestId('enrolment-log-row')).toContainText(`${first.last}, ${first.first}`);
  expect(await accessibilityViolations(page)).toEqual([]);
});

test('a burst of 100 creates, updates and photos typed through the UI, with the service stopped in the middle, reaches the simulator exactly once', async ({ page }) => {
  test.setTimeout(900_000);
  const run = unique();
  const people = Array.from({ length: 40 }, (_, i) => ({ first: `Burst${i}`, last: `Person-${run}-${i}`, employee: `6${run}${String(i).padStart(2, '0')}`, city: `City ${i}` }));
  await openFrontDesk(page);
  let operations = 0;
  for (const [i, person] of people.entries()) {
    if (i === 12) await service.stop();
    if (i === 28) await service.start();
    await enrol(page, person);
    operations++;
    if (i % 2 === 0) {
      await takePhoto(page);
      operations++;
    } else {
      await page.getByTestId('photo-step-cancel').click();
      await expect(page.getByTestId('cardholder-record')).toBeVisible();
    }
    await editCity(page, `${person.city} (changed)`);
    operations++;
  }
  expect(operations).toBe(100);

  await expect(outboxStatus(page)).toHaveAttribute('data-pending', '0', { timeout: 120_000 });
  await expect(outboxStatus(page)).toHaveAttribute('data-failed', '0');
  const list = await service.list();
  expect(list).toHaveLength(60 + people.length);
  for (const [i, person] of people.entries()) {
    const records = list.filter((r) => r.employee_ID === person.employee);
    expect(records, person.last).toHaveLength(1);
    expect(records[0], person.last).toMatchObject({ first_Name: person.first, last_Name: person.last, city: `${person.city} (changed)`, photo_Exists: i % 2 === 0 });
  }
});

test('the photo step of a person created offline says so until the create is sent, then that it was sent', async ({ page }) => {
  const person = { first: 'Aoife', last: `Banner${unique()}`, employee: `B${unique()}`, city: 'Cork' };
  await openFrontDesk(page);
  await service.stop();
  await enrol(page, person);
  const banner = page.getByTestId('photo-for-provisional');
  await expect(banner).toContainText(`Aoife ${person.last} will be created when it is back`);
  await service.start();
  await expect(outboxStatus(page)).toHaveAttribute('data-pending', '0', { timeout: 30_000 });
  await expect(banner).toContainText(`Sent: the service now has Aoife ${person.last}.`);
  await expect(banner).not.toContainText('will be created');
  expect(await accessibilityViolations(page)).toEqual([]);
});
