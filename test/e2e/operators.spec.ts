/**
 * Operators, end to end: a guard signs in with a name from the provisioned list and a personal
 * PIN (keypad and keyboard), and main records that name on an acknowledgement and an enrolment;
 * "End shift" saves the handover report (its PDF read back with pdftotext) and signs out; five
 * wrong PINs lock the name, the screen says until when, an administrator lifts it; the idle reset keeps the operator signed in. Each test has its own
 * kiosk, started with nobody signed in.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, accessibilityViolations, launchPreview } from './fixtures';
import { setOperatorPin } from '../../electron/core/operators/operator-list';
import { liftLockout } from '../../electron/core/operators/operator-lockout';
import { credentialDir } from '../../electron/core/credentials/choose-vault';
import { SimulatorControls } from '../../electron/simulator/control-client';

const ADA_PIN = '482915';
const pad = (n: number): string => String(n).padStart(2, '0');
const localDate = (d: Date): string => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const localTime = (d: Date): string => `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
const tag = (name: string): string => `${name}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6).toString(36)}`;

/** A kiosk whose operator list holds Ada Guard and Bo Officer, nobody signed in. */
async function kioskWithOperators(argv: string[] = []) {
  const dataDir = mkdtempSync(join(tmpdir(), 'kiosk-e2e-operators-'));
  await setOperatorPin(credentialDir(dataDir), 'Ada Guard', ADA_PIN);
  await setOperatorPin(credentialDir(dataDir), 'Bo Officer', '739164');
  return launchPreview({ dataDir, signedIn: false, config: { argv } });
}

async function typePinOnKeypad(page: Page, pin: string): Promise<void> {
  for (const digit of pin) await page.getByTestId('sign-in').getByRole('button', { name: `Digit ${digit}` }).click();
}

test('a guard signs in by name and PIN; the acknowledgement, the enrolment and the handover report carry the name; End shift signs out', async ({ page }) => {
  const kiosk = await kioskWithOperators();
  try {
    const simulator = new SimulatorControls(kiosk.core.simulatorUrl ?? '');
    await page.goto(kiosk.url);
    // Before a sign-in there are no screens, only the sign-in.
    await expect(page.getByTestId('sign-in')).toBeVisible();
    await expect(page.getByRole('tab')).toHaveCount(0);
    // Nothing personal is answered before a sign-in (issue 32), and the status bar still follows the service.
    await expect(page.getByRole('contentinfo').getByTestId('feed-connection')).toHaveAttribute('data-status', 'live');
    const refused = await page.evaluate(async () => {
      const k = (window as unknown as { kiosk: Record<string, (request?: unknown) => Promise<{ ok: boolean; error?: { code: string; message: string } }>> }).kiosk;
      return [await k.searchCardholders!({ query: '', offset: 0, limit: 500 }), await k.getFeedSnapshot!(), await k.listEnrolmentLog!()];
    });
    expect(refused.map((r) => r.error?.code)).toEqual(['forbidden', 'forbidden', 'forbidden']);
    expect(refused[0]!.error?.message).toBe('Looking up cardholders shows personal data: sign in at the start of your shift first.');
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole('radio', { name: 'Ada Guard' }).check();
    await expect(page.getByTestId('sign-in-pin')).toBeFocused();
    await typePinOnKeypad(page, ADA_PIN.slice(0, 3));
    await page.keyboard.type(ADA_PIN.slice(3));
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('operator-name')).toHaveText('Ada Guard');

    // An acknowledgement: main stamps the operator on it.
    await page.getByRole('tab', { name: 'Live feed' }).click();
    await expect(page.getByRole('contentinfo').getByTestId('feed-connection')).toHaveAttribute('data-status', 'live');
    const device = tag('Ops door');
    await simulator.injectEvent({ eventTypeId: 301, device_Name: device, custom_Text: 'Door forced open' });
    const row = page.getByTestId('feed-row').filter({ hasText: device });
    await row.getByRole('button', { name: /Acknowledge alarm/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Acknowledge alarm' });
    const note = tag('Camera 12 checked');
    await dialog.getByLabel('Note (optional)').fill(note);
    await dialog.getByRole('button', { name: 'Acknowledge', exact: true }).click();
    await expect(row.getByTestId('row-acked')).toBeVisible();
    await page.getByRole('tab', { name: 'Operator log' }).click();
    const entry = page.getByTestId('operator-log-row').filter({ hasText: device });
    await expect(entry.getByTestId('operator-log-operator')).toHaveText('Ada Guard');
    await expect(entry.getByTestId('operator-log-priority')).toHaveText('critical');

    // An enrolment (an update of a record): the enrolment log names the operator.
    const people = (await (await fetch(`${kiosk.core.simulatorUrl}/api/CardHolders`)).json()) as Array<Record<string, unknown>>;
    const person = people[7] as Record<string, unknown>;
    await page.getByRole('tab', { name: 'Front desk' }).click();
    await expect(page.getByTestId('directory-count')).toContainText('cardholders in the directory');
    await page.getByTestId('cardholder-search').fill(String(person.employee_ID));
    await page.keyboard.press('Enter');
    await page.getByTestId('record-edit').click();
    await page.getByTestId('enrol-phone').fill('+41 22 555 07 07');
    await page.getByTestId('enrolment-submit').click();
    await expect(page.getByTestId('cardholder-record').getByTestId('field-phone')).toHaveText('+41 22 555 07 07');
    await page.getByRole('tab', { name: 'Operator log' }).click();
    await page.getByTestId('operator-log-enrolments').check();
    const enrolment = page.getByTestId('enrolment-log-row').filter({ hasText: 'Changed' }).first();
    await expect(enrolment.getByTestId('enrolment-log-operator')).toHaveText('Ada Guard');

    // An export: the handover report lists it with the operator's name.
    await page.getByRole('tab', { name: 'History' }).click();
    const now = Date.now();
    await page.getByLabel('From', { exact: true }).fill(localDate(new Date(now - 3_600_000)));
    await page.getByLabel('From Time', { exact: true }).fill(localTime(new Date(now - 3_600_000)));
    await page.getByLabel('To', { exact: true }).fill(localDate(new Date(now + 3_600_000)));
    await page.getByLabel('To Time', { exact: true }).fill(localTime(new Date(now + 3_600_000)));
    await page.getByLabel('Text', { exact: true }).fill(device);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByTestId('search-count')).toHaveText('1 event');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    await expect(page.getByTestId('export-result')).toContainText(/Saved 1 row/);

    // End shift: the handover report is saved (PDF and CSV, owner-only) and the guard is signed out.
    await page.getByTestId('end-shift').click();
    const confirm = page.getByTestId('end-shift-dialog');
    await expect(confirm).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByTestId('end-shift-confirm').click();
    await expect(page.getByTestId('sign-in')).toBeVisible();
    await expect(page.getByTestId('operator-badge')).toHaveCount(0);
    await expect(page.getByRole('tab')).toHaveCount(0);
    const report = page.getByTestId('handover-report');
    await expect(report).toContainText('Shift handover — Ada Guard');
    await expect(report).toContainText(/still unacknowledged now, as the status bar counts/);
    await expect(report.getByTestId('handover-alarms').getByRole('row', { name: /^critical/ })).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
    const pdfPath = ((await page.getByTestId('handover-pdf').locator('code').textContent()) ?? '').trim();
    const csvPath = ((await page.getByTestId('handover-csv').locator('code').textContent()) ?? '').trim();
    expect(statSync(pdfPath).mode & 0o777).toBe(0o600);
    expect(statSync(csvPath).mode & 0o777).toBe(0o600);
    const text = execFileSync('pdftotext', ['-layout', pdfPath, '-'], { encoding: 'utf8' });
    expect(text).toContain('Shift handover — Ada Guard');
    // The table of the shift's alarms: critical raised, acknowledged, still waiting, set aside, found by catch-up, acknowledgements made.
    expect(text).toMatch(/Priority\s+Raised\s+Acknowledged\s+Still waiting\s+Set aside/);
    expect(text).toMatch(/critical\s+[1-9][\d,]*\s+[1-9][\d,]*\s+[\d,]+\s+[\d,]+\s+[\d,]+\s+[1-9][\d,]*\n/);
    expect(text).toMatch(/Still unacknowledged now \([\d,]+, as the status bar counts them\)/);
    expect(text).toContain(note);
    expect(text).toContain('Service outages (0)');
    expect(text).toContain('Kiosk downtime (0)');
    expect(text).toContain('Catch-ups: events read after the fact (0)');
    expect(text).toContain('Exports made (1)');
    expect(text).toMatch(/Ada Guard\s+History search \(CSV\): 1 row,/);
    expect(execFileSync('pdfinfo', [pdfPath], { encoding: 'utf8' })).toMatch(/Pages:\s+1\n/);

    // Signed out in main, not only on screen: a reload still asks for a sign-in, and the log keeps the report.
    await page.reload();
    await expect(page.getByTestId('sign-in')).toBeVisible();
    await page.getByTestId('sign-in-unnamed').click();
    await expect(page.getByTestId('operator-name')).toHaveText('unnamed');
    await page.getByRole('tab', { name: 'Operator log' }).click();
    await page.getByTestId('operator-log-handovers').check();
    await expect(page.getByTestId('handover-log-row').first()).toContainText('Ada Guard');
  } finally {
    await kiosk.close();
    rmSync(kiosk.dataDir, { recursive: true, force: true });
  }
});

test('five wrong PINs lock that name, even against the right PIN; another operator can still sign in', async ({ page }) => {
  const kiosk = await kioskWithOperators();
  try {
    await page.goto(kiosk.url);
    await page.getByRole('radio', { name: 'Ada Guard' }).check();
    for (let i = 1; i <= 4; i++) {
      await page.getByTestId('sign-in-pin').fill('111333');
      await page.getByTestId('sign-in-submit').click();
      await expect(page.getByTestId('sign-in-error')).toContainText(`Wrong PIN. ${5 - i} ${5 - i === 1 ? 'try' : 'tries'} left`);
    }
    await page.getByTestId('sign-in-pin').fill('111333');
    await page.getByTestId('sign-in-submit').click();
    await expect(page.getByTestId('sign-in-error')).toContainText('Too many wrong PINs for Ada Guard: the name is locked for 30 seconds');
    // The screen says who is locked and until when (local time, 30 s from now), and how to lift it.
    const locked = page.getByTestId('sign-in-locked');
    await expect(locked).toHaveCount(1);
    await expect(locked).toContainText('Ada Guard: locked until');
    const until = new Date(String(await locked.locator('time').getAttribute('datetime')));
    expect(until.getTime() - Date.now()).toBeLessThanOrEqual(30_000);
    await expect(locked.locator('time')).toHaveText(localTime(until));
    await expect(page.getByTestId('sign-in-locks')).toContainText('admin unlock-operator NAME');
    await page.getByTestId('sign-in-pin').fill(ADA_PIN);
    await page.getByTestId('sign-in-submit').click();
    await expect(page.getByTestId('sign-in-error')).toContainText('Too many wrong PINs for Ada Guard');
    await expect(page.getByTestId('operator-badge')).toHaveCount(0);
    expect(await accessibilityViolations(page)).toEqual([]);
    // The night theme keeps the sign-in screen readable too.
    await page.getByTestId('theme-toggle').click();
    await expect(page.getByTestId('theme-toggle')).toHaveAttribute('aria-pressed', 'true');
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole('radio', { name: 'Bo Officer' }).check();
    await page.getByTestId('sign-in-pin').fill('739164');
    await page.getByTestId('sign-in-submit').click();
    await expect(page.getByTestId('operator-name')).toHaveText('Bo Officer');
    expect(kiosk.logLines.join('\n')).not.toMatch(/111333|482915|739164/);
    // The administrator lifts Ada's lock (admin unlock-operator, another process: the file the kiosk reads).
    await liftLockout(credentialDir(kiosk.dataDir), 'Ada Guard');
    await page.getByTestId('end-shift').click();
    await page.getByTestId('end-shift-confirm').click();
    await expect(page.getByTestId('sign-in')).toBeVisible();
    await expect(page.getByTestId('sign-in-locks')).toHaveCount(0);
    await page.getByRole('radio', { name: 'Ada Guard' }).check();
    await page.getByTestId('sign-in-pin').fill(ADA_PIN);
    await page.getByTestId('sign-in-submit').click();
    await expect(page.getByTestId('operator-name')).toHaveText('Ada Guard');
  } finally {
    await kiosk.close();
    rmSync(kiosk.dataDir, { recursive: true, force: true });
  }
});

test('the idle reset clears the screens but keeps the operator signed in', async ({ page }) => {
  const kiosk = await kioskWithOperators(['--idle-reset-seconds=2']);
  try {
    await page.goto(kiosk.url);
    await page.getByRole('radio', { name: 'Bo Officer' }).check();
    await page.getByTestId('sign-in-pin').fill('739164');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('operator-name')).toHaveText('Bo Officer');
    await page.getByRole('tab', { name: 'History' }).click();
    await page.getByTestId('search-text').fill('Ottoline');
    await expect(page.getByTestId('idle-reset-notice')).toContainText('went back to its start screen', { timeout: 10_000 });
    await expect(page.getByRole('tab', { name: 'Front desk' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('operator-name')).toHaveText('Bo Officer');
    await expect(page.getByTestId('sign-in')).toHaveCount(0);
    expect((await kiosk.core.operators.session.state()).current?.name).toBe('Bo Officer');
  } finally {
    await kiosk.close();
    rmSync(kiosk.dataDir, { recursive: true, force: true });
  }
});

test('an event naming a cardholder of the directory links to the record, read-only', async ({ page, kiosk, kioskUrl, simulator }) => {
  const people = (await (await fetch(`${kiosk.core.simulatorUrl}/api/CardHolders`)).json()) as Array<Record<string, unknown>>;
  const person = people[21] as Record<string, unknown>;
  await page.goto(kioskUrl);
  await expect(page.getByTestId('directory-count')).toContainText('cardholders in the directory');
  await page.getByRole('tab', { name: 'Live feed' }).click();
  await expect(page.getByRole('contentinfo').getByTestId('feed-connection')).toHaveAttribute('data-status', 'live');
  const marker = tag('Card expired');
  await simulator.injectEvent({ custom_Text: `Access denied — ${String(person.first_Name)} ${String(person.last_Name)} (${marker})` });
  const row = page.getByTestId('feed-row').filter({ hasText: marker });
  await row.locator('.row-open').focus();
  await page.keyboard.press('Enter');
  const link = page.getByTestId('event-detail').getByTestId('event-person-link');
  await expect(link).toContainText(`record ${String(person.id)}`);
  await link.click();
  const record = page.getByTestId('event-person-record');
  await expect(record.getByRole('heading')).toContainText('read only');
  await expect(record).toContainText(String(person.last_Name));
  await expect(record).toContainText(String(person.id));
  await expect(record.getByRole('button')).toHaveText(['Close']);
  await expect(record.getByRole('textbox')).toHaveCount(0);
  expect(await accessibilityViolations(page)).toEqual([]);
  await record.getByTestId('event-person-close').click();
  await expect(record).toBeHidden();
  await expect(link).toBeFocused();
});
