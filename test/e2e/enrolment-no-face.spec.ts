/**
 * The ID photo with Chromium's default fake camera, which shows no face: the officer sees the
 * "no face" hint, can still use the photo after a confirmation that says what will happen, and
 * that choice reaches main's log; the photo is stored. Focus goes where the officer goes next:
 * "Take photo" after the form, the search box after "Done".
 */
import { accessibilityViolations, expect, test } from './fixtures';

test('with no face in view the hint says so, and "Use this photo anyway" still uploads and is logged', async ({ page, kioskUrl, kiosk, simulator }) => {
  const id = String(Date.now()).slice(-7);
  await page.goto(kioskUrl);
  await expect(page.getByTestId('directory-count')).toContainText('cardholders in the directory');
  await page.getByTestId('new-cardholder').click();
  await page.getByTestId('enrol-first_Name').fill('Ingrid');
  await page.getByTestId('enrol-last_Name').fill(`Lindqvist-${id}`);
  await page.getByTestId('enrol-sex-f').check();
  await page.getByTestId('enrol-employee_ID').fill(`6${id}`);
  await page.getByTestId('enrolment-submit').click();
  await expect(page.getByTestId('take-photo')).toBeEnabled({ timeout: 20_000 });
  await expect(page.getByTestId('take-photo')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('photo-hints')).toContainText('No face found. Ask the person to face the camera.');
  expect(await accessibilityViolations(page)).toEqual([]);
  await expect(page.getByTestId('use-photo')).toHaveText('Use this photo anyway');
  await page.getByTestId('use-photo').click();
  // One click does not upload a picture without a face: the officer reads what would happen.
  const confirm = page.getByTestId('no-face-confirm');
  await expect(confirm).toContainText('No face was found in this photo.');
  await expect(confirm).toContainText("sent to the service as the cardholder's ID photo");
  expect(await accessibilityViolations(page)).toEqual([]);
  await expect(page.getByTestId('photo-uploaded')).toHaveCount(0);
  await page.getByTestId('no-face-use').click();
  await expect(page.getByTestId('photo-uploaded')).toContainText('The photo was saved: the record now shows a photo on file.');
  const list = (await (await fetch(`${kiosk.core.simulatorUrl}/api/CardHolders`)).json()) as Array<{ id: number; employee_ID: string; photo_Exists: boolean }>;
  const created = list.find((r) => r.employee_ID === `6${id}`);
  expect(created?.photo_Exists).toBe(true);
  expect(await simulator.photo(created?.id ?? 0)).toMatchObject({ contentType: 'image/jpeg' });
  expect(kiosk.logLines.join('\n')).toContain(`photo of cardholder ${created?.id} used despite the hints: no-face, no face, confirmed by the officer`);
  await page.getByTestId('photo-done').click();
  await expect(page.getByTestId('cardholder-search')).toBeFocused();
});
