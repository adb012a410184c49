/**
 * The kiosk-wide idle reset: after the idle time the kiosk returns to its start screen from any
 * other screen, clears the half-typed enrolment form and the history search, says so in one line,
 * and the page no longer holds what was typed.
 */
import { rmSync } from 'node:fs';
import { test, expect, launchPreview, accessibilityViolations } from './fixtures';
import { SimulatorControls } from '../../electron/simulator/control-client';

test('after the idle time: back to the start screen, the form and the history search cleared, a one-line notice', async ({ page }) => {
  const kiosk = await launchPreview({ config: { argv: ['--idle-reset-seconds=2'] } });
  try {
    await page.goto(kiosk.url);
    await expect(page.getByTestId('directory-count')).toContainText('cardholders in the directory');
    await page.getByTestId('new-cardholder').click();
    await page.getByTestId('enrol-first_Name').fill('Gwendolyn');
    await page.getByTestId('enrol-last_Name').fill('Quartermaine');
    await page.getByRole('tab', { name: 'History' }).click();
    await page.getByTestId('search-text').fill('Ottoline');
    const notice = page.getByTestId('idle-reset-notice');
    await expect(notice).toContainText('went back to its start screen', { timeout: 10_000 });
    await expect(notice).toContainText('a form that was not sent was cleared (enrolments already saved on this workstation are kept)');
    await expect(page.getByRole('tab', { name: 'Front desk' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('enrolment-form')).toHaveCount(0);
    const html = await page.content();
    for (const typed of ['Gwendolyn', 'Quartermaine', 'Ottoline']) expect(html).not.toContain(typed);
    await page.getByRole('tab', { name: 'History' }).click();
    await expect(page.getByTestId('search-text')).toHaveValue('');
    expect(await accessibilityViolations(page)).toEqual([]);
  } finally {
    await kiosk.close();
    rmSync(kiosk.dataDir, { recursive: true, force: true });
  }
});

test('after the idle time the outbox panel, listing people waiting to be sent, is closed and their names are gone from the page', async ({ page }) => {
  const kiosk = await launchPreview({ config: { argv: ['--idle-reset-seconds=3'] } });
  try {
    const simulator = new SimulatorControls(kiosk.core.simulatorUrl ?? '');
    await page.goto(kiosk.url);
    await expect(page.getByTestId('directory-count')).toContainText('cardholders in the directory');
    // The service unreachable: the enrolment waits in the outbox.
    await simulator.setFaults({ pathPrefix: '/api/', drop: {} });
    await page.getByTestId('new-cardholder').click();
    await page.getByTestId('enrol-first_Name').fill('Ottoline');
    await page.getByTestId('enrol-last_Name').fill('Featherstonehaugh');
    await page.getByTestId('enrolment-submit').click();
    await expect(page.getByTestId('outbox-status')).toHaveAttribute('data-pending', '1', { timeout: 20_000 });
    await page.getByTestId('outbox-status').click();
    await expect(page.getByTestId('outbox-panel')).toContainText('Featherstonehaugh');
    await expect(page.getByTestId('idle-reset-notice')).toContainText('went back to its start screen', { timeout: 15_000 });
    await expect(page.getByTestId('outbox-panel')).toBeHidden();
    expect(await page.content()).not.toContain('Featherstonehaugh');
    // The enrolment itself is kept, and sent once the service is back.
    await simulator.clearFaults();
    await expect(page.getByTestId('outbox-status')).toHaveAttribute('data-pending', '0', { timeout: 30_000 });
  } finally {
    await kiosk.close();
    rmSync(kiosk.dataDir, { recursive: true, force: true });
  }
});
