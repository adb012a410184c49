/**
 * The front desk on an officer's second day (issue 31), in Chromium at the kiosk's smallest
 * window (1024×768) and at 1920×1080: a save that meets a change on the service brings the
 * comparison into view with focus on it; "Use this photo" is on screen without scrolling in every
 * language; a 48-character name is whole in the result list at 1920 px; the status bar is one row
 * at 1024 px in every language. Screenshots (German, the longest texts) go with the test's output.
 */
import type { Locator, Page } from '@playwright/test';
import { SimulatorControls } from '../../electron/simulator/control-client';
import { accessibilityViolations, expect, launchPreview, test } from './fixtures';

const LANGUAGES = ['en', 'de', 'fr', 'es'] as const;
const unique = (): string => String(Date.now()).slice(-6);

async function openFrontDesk(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.getByTestId('directory-count')).not.toBeEmpty();
  await expect(page.getByTestId('cardholder-search')).toBeVisible();
}

/** The element's box lies inside the window (nothing to scroll to see it). */
async function inViewport(locator: Locator): Promise<{ top: number; bottom: number; inside: boolean }> {
  return locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    // Inside the window and not hidden by a scrolling ancestor: the element is what is drawn at its centre.
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return { top: Math.round(r.top), bottom: Math.round(r.bottom), inside: r.top >= 0 && r.bottom <= window.innerHeight && r.left >= 0 && r.right <= window.innerWidth && hit !== null && (el === hit || el.contains(hit)) };
  });
}

test('a save that meets a change on the service at 1024×768: the comparison is in view and its heading has focus', async ({ page }, testInfo) => {
  const kiosk = await launchPreview({ config: { env: { KIOSK_LOCALE: 'de' } } });
  try {
    await page.setViewportSize({ width: 1024, height: 768 });
    const people = (await (await fetch(`${kiosk.core.simulatorUrl}/api/CardHolders`)).json()) as Array<Record<string, unknown>>;
    const person = people[20] as Record<string, unknown>;
    await openFrontDesk(page, kiosk.url);
    await page.getByTestId('cardholder-search').fill(String(person.employee_ID));
    await page.keyboard.press('Enter');
    await page.getByTestId('record-edit').click();
    await fetch(`${kiosk.core.simulatorUrl}/api/CardHolders/update`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id: person.id, zip: '10115' }) });
    await page.getByTestId('enrol-zip').fill('80331');
    // As the officer does: the save button, at the bottom of the form, by keyboard.
    await page.getByTestId('enrolment-submit').focus();
    await page.keyboard.press('Enter');
    const conflict = page.getByTestId('enrolment-conflict');
    await expect(conflict).toContainText('Dieser Datensatz wurde im Dienst geändert');
    // The focus is in the comparison (not left on the page), on its heading.
    await expect(conflict.locator(':focus')).toHaveCount(1);
    await expect(page.getByTestId('enrolment-conflict-title')).toBeFocused();
    expect(await inViewport(page.getByTestId('enrolment-conflict-title'))).toMatchObject({ inside: true });
    expect(await inViewport(page.getByTestId('enrolment-keep-mine'))).toMatchObject({ inside: true });
    await page.screenshot({ path: testInfo.outputPath('conflict-de-1024.png') });
    // The next Tab reaches the choice.
    await page.keyboard.press('Tab');
    await expect(page.getByTestId('enrolment-keep-mine')).toBeFocused();
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.screenshot({ path: testInfo.outputPath('conflict-de-1920.png') });
  } finally {
    await kiosk.close();
  }
});

test('"Use this photo" is on screen at 1024×768 in every language, without scrolling', async ({ page }, testInfo) => {
  const kiosk = await launchPreview({ config: { env: { KIOSK_LOCALE: 'de' } } });
  try {
    await page.setViewportSize({ width: 1024, height: 768 });
    await openFrontDesk(page, kiosk.url);
    await page.getByTestId('new-cardholder').click();
    await page.getByTestId('enrol-first_Name').fill('Zoë');
    await page.getByTestId('enrol-last_Name').fill(`Łukasiewicz-Müller ${unique()}`);
    await page.getByTestId('enrolment-submit').click();
    await expect(page.getByTestId('take-photo')).toBeEnabled({ timeout: 20_000 });
    await page.getByTestId('take-photo').click();
    // Chromium's fake camera shows no face: the hint and "Use this photo anyway", the longest state.
    await expect(page.getByTestId('photo-hints')).not.toBeEmpty();
    for (const locale of ['de', 'fr', 'es', 'en'] as const) {
      await page.getByTestId('language-switch').selectOption(locale);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      const use = page.getByTestId('use-photo');
      await expect(use).toBeEnabled();
      if (locale === 'de') await page.screenshot({ path: testInfo.outputPath('photo-review-de-1024.png') });
      expect({ locale, ...(await inViewport(use)) }).toMatchObject({ locale, inside: true });
      expect({ locale, ...(await inViewport(page.getByTestId('retake'))) }).toMatchObject({ locale, inside: true });
    }
    await page.getByTestId('language-switch').selectOption('de');
    await page.setViewportSize({ width: 1920, height: 1080 });
    await expect(page.getByTestId('use-photo')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('photo-review-de-1920.png') });
  } finally {
    await kiosk.close();
  }
});

test('a 48-character name is whole in the result list at 1920 px, and named whole at 1024 px', async ({ page }, testInfo) => {
  const kiosk = await launchPreview({ config: { env: { KIOSK_LOCALE: 'de' } } });
  try {
    await page.setViewportSize({ width: 1920, height: 1080 });
    await openFrontDesk(page, kiosk.url);
    const tag = unique();
    const last = `Wołodźko-Szczepańska-Nowicka ${tag}`;
    const first = 'Ágnes-Mária';
    const shown = `${last}, ${first}`;
    expect(shown).toHaveLength(48);
    await page.getByTestId('new-cardholder').click();
    await page.getByTestId('enrol-first_Name').fill(first);
    await page.getByTestId('enrol-last_Name').fill(last);
    await page.getByTestId('enrolment-submit').click();
    await expect(page.getByTestId('photo-step')).toBeVisible();
    await page.getByTestId('photo-step-cancel').click();
    await page.getByTestId('cardholder-search').fill(tag);
    const row = page.getByTestId('cardholder-row').filter({ hasText: tag });
    await expect(row).toHaveCount(1);
    const name = row.getByTestId('cardholder-row-name');
    await expect(name).toHaveText(shown);
    const cut = (l: Locator) => l.evaluate((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1);
    expect(await cut(name), 'the name is whole at 1920 px').toBe(false);
    await page.screenshot({ path: testInfo.outputPath('long-name-de-1920.png') });
    // At 1024 px a name may not fit: the whole name is still there to read (tooltip) and to hear (the option's name).
    await page.setViewportSize({ width: 1024, height: 768 });
    await expect(row).toHaveAttribute('title', new RegExp(shown));
    await expect(page.getByRole('option', { name: new RegExp(shown) })).toHaveCount(1);
    await page.screenshot({ path: testInfo.outputPath('long-name-de-1024.png') });
  } finally {
    await kiosk.close();
  }
});

test('the status bar is one row at 1024 px in every language', async ({ page }, testInfo) => {
  const kiosk = await launchPreview({ config: { env: { KIOSK_LOCALE: 'en' } } });
  try {
    await page.setViewportSize({ width: 1024, height: 768 });
    await openFrontDesk(page, kiosk.url);
    const bar = page.locator('#status-bar');
    await expect(bar.getByTestId('feed-connection')).toHaveAttribute('data-status', 'live');
    for (const locale of LANGUAGES) {
      await page.getByTestId('language-switch').selectOption(locale);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      // One row: every item of the bar crossed by one horizontal line, and the bar no taller than one control.
      await expect
        .poll(async () =>
          bar.evaluate((footer) => {
            // What is drawn: not what a level hides from sight (kept for screen readers, 1 px, absolute).
            const items = [...footer.children].filter((el) => el.getClientRects().length > 0 && getComputedStyle(el).position !== 'absolute').map((el) => el.getBoundingClientRect());
            const oneLine = Math.max(...items.map((b) => b.top)) < Math.min(...items.map((b) => b.bottom)) - 1;
            const button = footer.querySelector('[data-testid="check-now"]')!.getBoundingClientRect().height;
            return { locale: document.documentElement.lang, oneLine, rows: footer.getBoundingClientRect().height < 2 * button };
          }),
        )
        .toEqual({ locale, oneLine: true, rows: true });
      if (locale === 'de') await page.screenshot({ path: testInfo.outputPath('status-bar-de-1024.png') });
    }
    await page.getByTestId('language-switch').selectOption('de');
    await page.setViewportSize({ width: 1920, height: 1080 });
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await page.screenshot({ path: testInfo.outputPath('status-bar-de-1920.png') });
  } finally {
    await kiosk.close();
  }
});

test('after an idle reset with the badge dialog open, the focus is on the search box', async ({ page }) => {
  const kiosk = await launchPreview({ config: { argv: ['--idle-reset-seconds=3'] } });
  try {
    await openFrontDesk(page, kiosk.url);
    const people = (await (await fetch(`${kiosk.core.simulatorUrl}/api/CardHolders`)).json()) as Array<Record<string, unknown>>;
    await page.getByTestId('cardholder-search').fill(String(people[5]?.employee_ID));
    await page.keyboard.press('Enter');
    await page.getByTestId('record-print-badge').click();
    await expect(page.getByTestId('badge-dialog')).toBeVisible();
    await expect(page.getByTestId('idle-reset-notice')).toContainText('went back to its start screen', { timeout: 15_000 });
    await expect(page.getByTestId('badge-dialog')).toBeHidden();
    await expect(page.getByTestId('cardholder-search')).toBeFocused();
  } finally {
    await kiosk.close();
  }
});

test('"Next person" over a typed form asks first: Escape or "Keep the form" keeps it, the other answer clears it (German, keyboard only)', async ({ page }, testInfo) => {
  const kiosk = await launchPreview({ config: { env: { KIOSK_LOCALE: 'de' } } });
  try {
    for (const size of [{ width: 1024, height: 768 }, { width: 1920, height: 1080 }]) {
      await page.setViewportSize(size);
      await openFrontDesk(page, kiosk.url);
      await page.getByTestId('new-cardholder').click();
      await expect(page.getByTestId('enrol-first_Name')).toBeFocused();
      await page.keyboard.type('Gwendolyn');
      await page.getByTestId('next-person').focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('alertdialog', { name: 'Nicht gesendetes Formular leeren?' });
      await expect(dialog).toBeVisible();
      await expect(page.getByTestId('next-person-keep')).toBeFocused();
      expect(await accessibilityViolations(page)).toEqual([]);
      await page.screenshot({ path: testInfo.outputPath(`next-person-confirm-de-${size.width}.png`) });
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId('enrol-first_Name')).toHaveValue('Gwendolyn');
      await expect(page.getByTestId('next-person')).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('next-person-keep')).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(page.getByTestId('next-person-clear')).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId('enrolment-form')).toHaveCount(0);
      await expect(page.getByTestId('cardholder-search')).toBeFocused();
      expect(await page.content()).not.toContain('Gwendolyn');
    }
  } finally {
    await kiosk.close();
  }
});

test('a change saved on this workstation says it was sent once the outbox sent it (German)', async ({ page }, testInfo) => {
  const kiosk = await launchPreview({ config: { env: { KIOSK_LOCALE: 'de' } } });
  const simulator = new SimulatorControls(kiosk.core.simulatorUrl ?? '');
  try {
    await page.setViewportSize({ width: 1024, height: 768 });
    const people = (await (await fetch(`${kiosk.core.simulatorUrl}/api/CardHolders`)).json()) as Array<Record<string, unknown>>;
    await openFrontDesk(page, kiosk.url);
    await page.getByTestId('cardholder-search').fill(String(people[7]?.employee_ID));
    await page.keyboard.press('Enter');
    await page.getByTestId('record-edit').click();
    await page.getByTestId('enrol-city').fill('Düsseldorf-Oberkassel');
    // The service does not answer: the change waits in the outbox.
    await simulator.setFaults({ pathPrefix: '/api/', drop: {} });
    await page.getByTestId('enrolment-submit').click();
    const confirmation = page.getByTestId('save-confirmation');
    await expect(confirmation).toHaveText('Auf diesem Arbeitsplatz gespeichert; wird gesendet, sobald der Dienst es annimmt.');
    await expect(page.getByTestId('outbox-status')).toHaveAttribute('data-pending', '1');
    await simulator.clearFaults();
    await expect(page.getByTestId('outbox-status')).toHaveAttribute('data-pending', '0', { timeout: 30_000 });
    await expect(confirmation).toHaveText('Gesendet: Der Dienst hat diese Erfassung jetzt.');
    await page.screenshot({ path: testInfo.outputPath('sent-confirmation-de-1024.png') });
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.screenshot({ path: testInfo.outputPath('sent-confirmation-de-1920.png') });
  } finally {
    await simulator.clearFaults().catch(() => undefined);
    await kiosk.close();
  }
});
