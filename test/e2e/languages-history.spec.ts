/**
 * History in German and in the pseudo-locale (issue 23): the date range typed in the language's
 * order (TT.MM.JJJJ), a date that does not parse refused in German before any request, a search
 * with German results, its CSV export read back (German headings and priorities, names unchanged),
 * axe-core passing; in en-XA the screen keeps to the window at 1024×768 and
 * 1920×1080 (screenshots saved with the test's output).
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect, accessibilityViolations, launchPreview } from './fixtures';
import { SimulatorControls } from '../../electron/simulator/control-client';
import { cutTexts, horizontalOverflow, readWholeCount } from './support/read-whole';

const pad = (n: number): string => String(n).padStart(2, '0');
/** A date as a German guard types it, in the machine's time zone (the browser runs on the same machine). */
const germanDate = (d: Date): string => `${pad(d.getDate())}.${pad(d.getMonth() + 1)}.${d.getFullYear()}`;
const localTime = (d: Date): string => `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;

/** The hour around now typed as a German guard types it, the text searched for, and Suchen. */
async function searchTheLastHourInGerman(page: Page, text: string): Promise<void> {
  const now = Date.now();
  await page.getByLabel('Von', { exact: true }).fill(germanDate(new Date(now - 3_600_000)));
  await page.getByLabel('Von Uhrzeit', { exact: true }).fill(localTime(new Date(now - 3_600_000)));
  await page.getByLabel('Bis', { exact: true }).fill(germanDate(new Date(now + 3_600_000)));
  await page.getByLabel('Bis Uhrzeit', { exact: true }).fill(localTime(new Date(now + 3_600_000)));
  await page.getByLabel('Text', { exact: true }).fill(text);
  await page.getByRole('button', { name: 'Suchen', exact: true }).click();
}

test('German: the range typed as TT.MM.JJJJ, a date that does not parse is refused in German, the search answers in German, axe passes', async ({ page }) => {
  const kiosk = await launchPreview({ config: { env: { KIOSK_LOCALE: 'de' } } });
  try {
    const simulator = new SimulatorControls(kiosk.core.simulatorUrl!);
    const device = `Tor-${Date.now().toString(36)}`;
    await simulator.injectEvent({ eventTypeId: 101, device_Name: device, custom_Text: 'Granted' });
    await simulator.injectEvent({ eventTypeId: 301, device_Name: device, custom_Text: 'Door forced open' });

    await page.goto(kiosk.url);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await page.getByRole('tab', { name: 'Verlauf' }).click();
    await expect(page.getByRole('heading', { name: 'Verlauf' })).toBeAttached();
    const from = page.getByLabel('Von', { exact: true });
    // The form starts with the last 24 hours, shown in German order.
    await expect(from).toHaveValue(/^\d\d\.\d\d\.\d{4}$/);
    await expect(from).toHaveAttribute('placeholder', 'TT.MM.JJJJ');

    await from.fill('32.13.2026');
    await page.getByRole('button', { name: 'Suchen', exact: true }).click();
    await expect(page.getByTestId('search-problems')).toContainText('Die Suche wurde nicht gesendet:');
    await expect(page.getByTestId('search-problems')).toContainText('Das Datum des Beginns des Zeitraums ist kein gültiges Datum.');
    await expect(from).toHaveAttribute('aria-invalid', 'true');

    await searchTheLastHourInGerman(page, device);
    await expect(page.getByTestId('search-count')).toHaveText('2 Ereignisse');
    await expect(page.locator('.via')).toHaveText(/^\(Suche, \d\d:\d\d:\d\d\)$/);
    // Names from the service as they come.
    await expect(page.getByTestId('search-row').filter({ hasText: device })).toHaveCount(2);
    await expect(page.getByRole('columnheader', { name: 'Kennzeichen des Dienstes' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'CSV exportieren' })).toBeEnabled();
    expect(await accessibilityViolations(page)).toEqual([]);
  } finally {
    await kiosk.close();
  }
});

test('German: the History CSV export has German headings and priorities; names, doors and texts as the service sent them', async ({ page }) => {
  const kiosk = await launchPreview({ config: { env: { KIOSK_LOCALE: 'de' } } });
  try {
    const simulator = new SimulatorControls(kiosk.core.simulatorUrl!);
    const device = `Tür-Süd-${Date.now().toString(36)}`;
    await simulator.injectEvent({ eventTypeId: 101, device_Name: device, custom_Text: 'Granted' });
    await simulator.injectEvent({ eventTypeId: 301, device_Name: device, custom_Text: 'Door forced open' });

    await page.goto(kiosk.url);
    await page.getByRole('tab', { name: 'Verlauf' }).click();
    await searchTheLastHourInGerman(page, device);
    await expect(page.getByTestId('search-count')).toHaveText('2 Ereignisse');

    await page.getByRole('button', { name: 'CSV exportieren' }).click();
    const saved = page.getByTestId('export-result');
    await expect(saved).toContainText(/^2 Zeilen gespeichert in .+\.csv$/);
    const file = /gespeichert in (.+\.csv)$/.exec(((await saved.textContent()) ?? '').trim())?.[1] ?? '';
    const lines = readFileSync(file, 'utf8').replace(/^\uFEFF/, '').split('\r\n');
    // The headings in German, the columns in the same order as in English.
    expect(lines[0]).toMatch(
      /^Ereignis-ID,Zeit \(Dienst\),Ortszeit,Zeit \(UTC\),Ereigniskategorie,Gerät,Ereignistext,Herkunft,Zusatzinformation,Kartennummer,Anlagencode,(.+,)?Alarmpriorität,Alarmregel,Alarm laut Dienst$/,
    );
    const rows = lines.slice(1).filter((line) => line !== '');
    expect(rows).toHaveLength(2);
    // Names, doors and texts unchanged; the kiosk's alarm priority in German; times as data (local with offset, UTC).
    expect(rows.every((row) => row.includes(`,${device},`))).toBe(true);
    expect(rows.find((row) => row.includes('Door forced open'))).toMatch(/,kritisch,/);
    expect(rows.find((row) => row.includes(',Granted,'))).toBeDefined();
    expect(rows[0]).toMatch(/,\d{4}-\d\d-\d\d \d\d:\d\d:\d\d [+-]\d\d:\d\d,\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC,/);
    for (const english of ['record_ID', 'device_Name', 'critical']) expect(lines.join('\n')).not.toContain(english);
    expect(await accessibilityViolations(page)).toEqual([]);
  } finally {
    await kiosk.close();
  }
});

test('en-XA: History keeps to the window at 1024×768 and 1920×1080, axe passes', async ({ page }, testInfo) => {
  const kiosk = await launchPreview({ config: { env: { KIOSK_LOCALE: 'en-XA' } } });
  try {
    for (const size of [{ width: 1024, height: 768 }, { width: 1920, height: 1080 }]) {
      await page.setViewportSize(size);
      await page.goto(kiosk.url);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
      await page.getByRole('tab', { name: /^\[Ĥíšŧóŕý/ }).click();
      await page.getByTestId('search-submit').click();
      await expect(page.getByTestId('search-count')).toBeVisible();
      // A refused search over the results: the problems and the stale note must be read whole.
      await page.getByTestId('search-from-date').fill('32/13/2026');
      await page.getByTestId('search-submit').click();
      await expect(page.getByTestId('results-stale')).toBeVisible();
      expect(await readWholeCount(page)).toBeGreaterThanOrEqual(2);
      expect(await cutTexts(page)).toEqual([]);
      await page.screenshot({ path: testInfo.outputPath(`history-en-XA-${size.width}.png`), fullPage: true });
      const overflow = await horizontalOverflow(page);
      expect(overflow.fits, `en-XA at ${size.width}: ${overflow.scrollWidth} > ${overflow.innerWidth}`).toBe(true);
      expect(await accessibilityViolations(page)).toEqual([]);
    }
  } finally {
    await kiosk.close();
  }
});

test('en-XA: the CSV export takes the long accented pseudo-locale headings (within the contract\'s bounds) and writes them', async ({ page }) => {
  const kiosk = await launchPreview({ config: { env: { KIOSK_LOCALE: 'en-XA' } } });
  try {
    await page.goto(kiosk.url);
    await page.getByRole('tab', { name: /^\[Ĥíšŧóŕý/ }).click();
    await page.getByTestId('search-submit').click();
    await expect(page.getByTestId('search-count')).toBeVisible();
    await page.getByTestId('export-csv').click();
    const saved = page.getByTestId('export-result');
    await expect(saved).toBeVisible();
    await expect(page.getByTestId('export-error')).toHaveCount(0);
    const file = /(\/\S+\.csv)/.exec(((await saved.textContent()) ?? '').trim())?.[1] ?? '';
    const header = readFileSync(file, 'utf8').replace(/^\uFEFF/, '').split('\r\n')[0] ?? '';
    // Each heading accented, about 40 % longer, in brackets: "[ŕéçóŕđ_ÍĐ ···]".
    expect(header.startsWith('[ŕéçóŕđ_ÍĐ')).toBe(true);
    expect(header).toContain('[đéṽíçé_Ñáɱé');
  } finally {
    await kiosk.close();
  }
});
