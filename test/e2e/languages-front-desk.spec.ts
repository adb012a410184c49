/**
 * The front desk in other languages (issue 23): the enrolment flow in German — the form's labels
 * and a validation message in German, a cardholder enrolled whose name shows as typed — and the
 * front desk in the pseudo-locale en-XA at 1024×768 with no sideways scrolling and no text that
 * must be read whole cut; axe passes in each. With the service down, the enrolment's "saved on
 * this workstation" confirmation in German, worded again when the language is switched.
 */
import { SimulatorControls } from '../../electron/simulator/control-client';
import { accessibilityViolations, expect, launchPreview, test } from './fixtures';
import { cutTexts, horizontalOverflow } from './support/read-whole';

test('German front desk: labels and a validation message in German, a name enrolled shows unchanged, axe passes', async ({ page }) => {
  const kiosk = await launchPreview({ config: { env: { KIOSK_LOCALE: 'de' } } });
  try {
    await page.goto(kiosk.url);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByTestId('directory-count')).toContainText('Ausweisinhaber im Verzeichnis');
    await expect(page.getByLabel('Ausweisinhaber suchen')).toBeVisible();

    await page.getByRole('button', { name: 'Neuer Ausweisinhaber' }).click();
    await expect(page.getByRole('textbox', { name: 'Vorname', exact: true })).toBeFocused();
    await expect(page.getByRole('textbox', { name: 'Nachname', exact: true })).toBeVisible();
    await expect(page.getByTestId('enrolment-submit')).toHaveText('Anlegen und Foto aufnehmen');
    await page.getByTestId('enrolment-submit').click();
    await expect(page.getByTestId('enrolment-problems')).toContainText('Noch nicht gesendet. Bitte prüfen:');
    await expect(page.getByTestId('enrolment-problems')).toContainText('Bitte Vorname eingeben.');
    expect(await accessibilityViolations(page)).toEqual([]);

    const last = `Łukasiewicz-Müller ${String(Date.now()).slice(-5)}`;
    await page.getByRole('textbox', { name: 'Vorname', exact: true }).fill('Zoë');
    await page.getByRole('textbox', { name: 'Nachname', exact: true }).fill(last);
    await page.getByTestId('enrolment-submit').click();
    await expect(page.getByTestId('photo-step')).toBeVisible();
    await expect(page.getByRole('heading', { name: `Ausweisfoto von Zoë ${last}` })).toBeVisible();
    await page.getByTestId('photo-step-cancel').click();
    await expect(page.getByTestId('cardholder-record').getByRole('heading', { level: 3 })).toHaveText(`Zoë ${last}`);
    await expect(page.getByTestId('field-last')).toHaveText(last);
    expect(await accessibilityViolations(page)).toEqual([]);
  } finally {
    await kiosk.close();
  }
});

test('German front desk with the service down: the create is saved on this workstation, its confirmation in German, worded again after a switch to English', async ({ page }) => {
  const kiosk = await launchPreview({ config: { env: { KIOSK_LOCALE: 'de' } } });
  if (!kiosk.core.simulatorUrl) throw new Error('the e2e kiosk runs in demo mode');
  const simulator = new SimulatorControls(kiosk.core.simulatorUrl);
  try {
    await page.goto(kiosk.url);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByTestId('directory-count')).toContainText('Ausweisinhaber im Verzeichnis');
    await page.getByRole('button', { name: 'Neuer Ausweisinhaber' }).click();
    const last = `Ørsted-Núñez ${String(Date.now()).slice(-5)}`;
    await page.getByRole('textbox', { name: 'Vorname', exact: true }).fill('Søren');
    await page.getByRole('textbox', { name: 'Nachname', exact: true }).fill(last);

    await simulator.setFaults({ pathPrefix: '/api/', drop: {} });
    await page.getByTestId('enrolment-submit').click();
    await expect(page.getByTestId('photo-step')).toBeVisible();
    const confirmation = page.getByTestId('save-confirmation');
    // The connection dropped under the create: it may have arrived, so it waits, checked, in the outbox.
    const noAnswer = 'Der Dienst hat nicht geantwortet; diese Erfassung wird geprüft und gesendet – bitte nicht noch einmal eingeben.';
    await expect(confirmation).toHaveText(noAnswer);
    await expect(page.getByTestId('photo-for-provisional')).toContainText('Auf diesem Arbeitsplatz gespeichert');
    await expect(page.getByTestId('photo-for-provisional')).toContainText(`Søren ${last}`);
    await expect(page.getByTestId('outbox-status')).toHaveAttribute('data-pending', '1');
    expect(await accessibilityViolations(page)).toEqual([]);

    // The confirmation is kept as what happened, not as a sentence: a switch words it again.
    await page.getByTestId('language-switch').selectOption('en');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(confirmation).toHaveText('The service did not answer; this enrolment will be checked and sent, do not enter it again.');
    await page.getByTestId('language-switch').selectOption('de');
    await expect(confirmation).toHaveText(noAnswer);

    await simulator.clearFaults();
    await expect(page.getByTestId('outbox-status')).toHaveAttribute('data-pending', '0', { timeout: 30_000 });
  } finally {
    await simulator.clearFaults().catch(() => undefined);
    await kiosk.close();
  }
});

test('pseudo-locale front desk at 1024×768: no sideways scrolling, nothing to read whole cut, axe passes', async ({ page }, testInfo) => {
  const kiosk = await launchPreview({ config: { env: { KIOSK_LOCALE: 'en-XA' } } });
  try {
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto(kiosk.url);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
    await expect(page.getByTestId('directory-count')).toHaveText(/^\[/);
    expect((await horizontalOverflow(page)).fits).toBe(true);
    expect(await cutTexts(page)).toEqual([]);
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.getByTestId('new-cardholder').click();
    await page.getByTestId('enrolment-submit').click();
    await expect(page.getByTestId('enrolment-problems')).toBeVisible();
    expect((await horizontalOverflow(page)).fits).toBe(true);
    expect(await cutTexts(page)).toEqual([]);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath('front-desk-en-XA-1024.png') });
  } finally {
    await kiosk.close();
  }
});
