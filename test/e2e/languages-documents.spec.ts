/**
 * The handover report in German, end to end (issue 23): a shift ended from a German screen is
 * saved as a German PDF (read back with pdftotext: its fixed words, its table of the shift's alarms,
 * and dates and times as German writes them, 24-hour) and a CSV with German headings and sections; the operator's name and the
 * times in the CSV as they are. The screen's own summary is German too, and axe passes.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { test, expect, accessibilityViolations, launchPreview } from './fixtures';

test('German: End shift saves the handover report in German (PDF and CSV), dates in German order', async ({ page }) => {
  const kiosk = await launchPreview({ signedIn: false, config: { env: { KIOSK_LOCALE: 'de' } } });
  try {
    await page.goto(kiosk.url);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await page.getByTestId('sign-in-unnamed').click();
    await expect(page.getByTestId('operator-name')).toHaveText('ohne Namen');
    await page.getByTestId('end-shift').click();
    await page.getByTestId('end-shift-confirm').click();
    const report = page.getByTestId('handover-report');
    await expect(report).toContainText('Schichtübergabe — ohne Namen');
    expect(await accessibilityViolations(page)).toEqual([]);

    const pdfPath = ((await page.getByTestId('handover-pdf').locator('code').textContent()) ?? '').trim();
    const csvPath = ((await page.getByTestId('handover-csv').locator('code').textContent()) ?? '').trim();
    const text = execFileSync('pdftotext', ['-layout', pdfPath, '-'], { encoding: 'utf8' });
    expect(text).toContain('Schichtübergabe — ohne Namen');
    expect(text).toContain('Bediener: ohne Namen');
    expect(text).toMatch(/Von \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}:\d{2} bis \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}:\d{2}/);
    expect(text).toMatch(/Vom Kiosk erstellt am \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}:\d{2}/);
    expect(text).toContain('Alarme der Schicht nach Priorität');
    expect(text).toMatch(/Priorität\s+Ausgelöst\s+Quittiert\s+Noch offen\s+Zurückgestellt/);
    expect(text).toMatch(/kritisch(\s+[\d.]+){6}\n/);
    expect(text).toMatch(/Gesamt(\s+[\d.]+){6}\n/);
    expect(text).toMatch(/Jetzt noch nicht quittiert \([\d.]+, gezählt wie in der Statusleiste\)/);
    expect(text).toContain('Kiosk außer Betrieb (');
    expect(text).toContain('In der Schicht zurückgestellte Ereignisse (');
    expect(text).toContain('Dienstausfälle (');
    expect(text).toContain('Exporte (0)');
    expect(text).not.toMatch(/Shift handover|Alarms by priority|raised|Made by the kiosk/);

    const lines = readFileSync(csvPath, 'utf8').replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Abschnitt,Zeit (UTC),Bis (UTC),Priorität,Gerät,Text,Notiz oder Detail,Anzahl,Bediener');
    expect(lines[1]).toMatch(/^Schicht,\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z,\d{4}-\d\d-\d\dT[\d:.]+Z,,,,,,ohne Namen$/);
    expect(lines.some((line) => /^Alarme ausgelöst,,,kritisch,,,,\d+,$/.test(line))).toBe(true);
    expect(lines.some((line) => /^jetzt noch nicht quittiert,[\d-]+T[\d:.]+Z,,,,,gesamt,\d+,$/.test(line))).toBe(true);
  } finally {
    await kiosk.close();
  }
});
