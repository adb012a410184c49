/**
 * The idle reset closes every panel and dialog that shows a person (issue 31): the cardholder's
 * record, the badge dialog (a reprint is the same dialog), an event's detail on the live feed, the operator
 * log's enrolments; each is opened in turn on the preview harness against the embedded simulator,
 * the kiosk is left alone until the idle time runs out, and then the panel is gone and the
 * person's name is nowhere in the page. (The enrolment form, the history search and the outbox
 * panel: idle-reset.spec.ts.)
 */
import { rmSync } from 'node:fs';
import { expect, launchPreview, test } from './fixtures';
import { SimulatorControls } from '../../electron/simulator/control-client';

const IDLE_SECONDS = 3;
const SURNAME = 'Featherstonehaugh-Quennell';

/** Hands off until the idle reset has closed it (the idle time is a few seconds). */
const closedByReset = { timeout: 20_000 };

test('each panel or dialog that shows a person is closed by the idle reset, and the name is gone from the page', async ({ page }) => {
  test.setTimeout(180_000);
  const kiosk = await launchPreview({ config: { argv: [`--idle-reset-seconds=${IDLE_SECONDS}`] } });
  try {
    const simulatorUrl = kiosk.core.simulatorUrl ?? '';
    const simulator = new SimulatorControls(simulatorUrl);
    const created = await fetch(`${simulatorUrl}/api/CardHolders/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ first_Name: 'Ottoline', last_Name: SURNAME, employee_ID: 'IR-7001' }),
    });
    expect(created.ok).toBe(true);
    await page.goto(kiosk.url);
    await expect(page.getByTestId('directory-count')).toContainText('cardholders in the directory');
    await expect(async () => {
      await page.getByTestId('directory-sync').click();
      await page.getByTestId('cardholder-search').fill(SURNAME);
      await expect(page.getByTestId('cardholder-row').first()).toContainText(SURNAME, { timeout: 5_000 });
    }).toPass({ timeout: 60_000 });

    const openRecord = async (): Promise<void> => {
      await page.getByTestId('cardholder-search').fill(SURNAME);
      await page.getByTestId('cardholder-row').filter({ hasText: SURNAME }).first().click();
      await expect(page.getByTestId('cardholder-record')).toContainText(SURNAME);
    };
    const gone = async (what: string): Promise<void> => {
      expect(await page.content(), `${what}: the name is still in the page`).not.toContain(SURNAME);
      await expect(page.getByTestId('cardholder-search'), `${what}: the next person starts at the search box`).toBeFocused();
    };

    // 1. The cardholder's record.
    await openRecord();
    await expect(page.getByTestId('cardholder-record')).toHaveCount(0, closedByReset);
    await expect(page.getByTestId('idle-reset-notice')).toBeVisible();
    await gone('record');

    // 2. The badge dialog (the built-in templates: a first-day workstation prints too).
    await openRecord();
    await page.getByTestId('record-print-badge').click();
    await expect(page.getByTestId('badge-dialog')).toBeVisible();
    await expect(page.getByTestId('badge-dialog')).toBeHidden(closedByReset);
    await gone('badge dialog');

    // 3. An event's detail on the live feed (the event names the person).
    await page.getByRole('tab', { name: 'Live feed' }).click();
    await simulator.injectEvent({ custom_Text: `Access granted: Ottoline ${SURNAME}` });
    const row = page.getByTestId('feed-row').filter({ hasText: SURNAME }).first();
    await row.locator('.row-open').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('event-detail')).toContainText(SURNAME);
    await expect(page.getByRole('tab', { name: 'Front desk' })).toHaveAttribute('aria-selected', 'true', closedByReset);
    await page.getByRole('tab', { name: 'Live feed' }).click();
    await expect(page.getByTestId('event-detail')).toHaveCount(0);
    await page.getByRole('tab', { name: 'Front desk' }).click();
    // (The live feed itself goes on showing events: it is the guard's, not a panel about one person.)

    // 4. The operator log's enrolments: enrol someone, then read the log.
    await page.getByTestId('new-cardholder').click();
    await page.getByTestId('enrol-first_Name').fill('Ottoline');
    await page.getByTestId('enrol-last_Name').fill(`${SURNAME}-Two`);
    await page.getByTestId('enrolment-submit').click();
    await expect(page.getByTestId('enrolment-duplicates').or(page.getByTestId('photo-step')).first()).toBeVisible({ timeout: 20_000 });
    if (await page.getByTestId('enrolment-duplicates').isVisible()) await page.getByTestId('enrolment-create-anyway').click();
    await expect(page.getByTestId('photo-step')).toBeVisible({ timeout: 20_000 });
    await page.getByRole('tab', { name: 'Operator log' }).click();
    await page.getByTestId('operator-log-enrolments').check();
    await expect(page.getByTestId('enrolment-log')).toContainText(SURNAME, { timeout: 20_000 });
    await expect(page.getByRole('tab', { name: 'Front desk' })).toHaveAttribute('aria-selected', 'true', closedByReset);
    expect(await page.content(), 'operator log: the name is still in the page').not.toContain(SURNAME);
  } finally {
    await kiosk.close();
    rmSync(kiosk.dataDir, { recursive: true, force: true });
  }
});
