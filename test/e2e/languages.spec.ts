/**
 * Languages (issue 23): the kiosk starts in the workstation's language (kiosk.locale: German, the
 * pseudo-locale), `<html lang>` follows, the header's switch changes the language for the shift
 * (each language a chunk loaded under the page's real policy, which forbids eval: no policy
 * violation, no page error), the idle reset returns to the workstation's, and axe passes in each.
 */
import type { Page } from '@playwright/test';
import { test, expect, accessibilityViolations, launchPreview } from './fixtures';

/** Page errors and policy violations while the test runs (vue-i18n must compile without eval). */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|unsafe-eval|EvalError/i.test(message.text())) errors.push(message.text());
  });
  return errors;
}

test('German workstation: German status bar and tabs, switch to French and back from the header, axe passes', async ({ page }) => {
  const kiosk = await launchPreview({ config: { env: { KIOSK_LOCALE: 'de' } } });
  try {
    const errors = watchErrors(page);
    await page.goto(kiosk.url);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    const bar = page.getByRole('contentinfo', { name: 'Dienststatus' });
    await expect(bar.getByTestId('service-mode')).toHaveText(/Demomodus/);
    await expect(bar.getByTestId('service-reachability')).toHaveText('Dienst erreichbar, Ereignisse live');
    await expect(bar.getByRole('button', { name: 'Dienst jetzt prüfen' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Empfang' })).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);

    const switcher = page.getByRole('combobox', { name: 'Sprache' });
    await expect(switcher.locator('option')).toHaveText(['English', 'Deutsch', 'Français', 'Español']);
    await switcher.selectOption('fr');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('contentinfo', { name: 'État du service' }).getByTestId('service-reachability')).toHaveText('Service joignable, flux en direct');
    await expect(page.getByRole('combobox', { name: 'Langue' })).toHaveValue('fr');
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.getByRole('combobox', { name: 'Langue' }).selectOption('en');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('contentinfo', { name: 'Service status' }).getByTestId('service-reachability')).toHaveText('Service reachable, feed live');
    expect(errors).toEqual([]);
  } finally {
    await kiosk.close();
  }
});

test("the idle reset returns from the shift's language to the workstation's", async ({ page }) => {
  const kiosk = await launchPreview({ config: { env: { KIOSK_LOCALE: 'de' }, argv: ['--idle-reset-seconds=2'] } });
  try {
    await page.goto(kiosk.url);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await page.getByRole('combobox', { name: 'Sprache' }).selectOption('es');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    // Another screen than home, so the reset has something to do.
    await page.getByRole('tab', { name: 'Historial' }).click();
    await expect(page.getByTestId('idle-reset-notice')).toContainText('Nach 2 Sek. ohne Bedienung', { timeout: 10_000 });
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('tab', { name: 'Empfang' })).toHaveAttribute('aria-selected', 'true');
  } finally {
    await kiosk.close();
  }
});

test('pseudo-locale en-XA: accented, longer text in the status bar and header, switchable to German, axe passes', async ({ page }) => {
  const kiosk = await launchPreview({ config: { env: { KIOSK_LOCALE: 'en-XA' } } });
  try {
    const errors = watchErrors(page);
    await page.goto(kiosk.url);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
    const reachability = page.getByTestId('service-reachability');
    await expect(reachability).toHaveText(/^\[Šéŕṽíçé ŕéáçĥáƀľé, ƒééđ ľíṽé ·+\]$/);
    await expect(page.getByRole('tab', { name: /^\[Ƒŕóñŧ đéšķ/ })).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByTestId('language-switch').selectOption('de');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(reachability).toHaveText('Dienst erreichbar, Ereignisse live');
    expect(errors).toEqual([]);
  } finally {
    await kiosk.close();
  }
});

for (const locale of ['de', 'en-XA'] as const) {
  test(`${locale}: the title bar and the status bar keep to the window at 1024×768 and 1920×1080, the connection state whole`, async ({ page }) => {
    const kiosk = await launchPreview({ config: { env: { KIOSK_LOCALE: locale } } });
    try {
      for (const size of [{ width: 1024, height: 768 }, { width: 1920, height: 1080 }]) {
        await page.setViewportSize(size);
        await page.goto(kiosk.url);
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        await expect(page.getByTestId('service-reachability')).not.toHaveText(/Service reachable/);
        const widths = await page.evaluate(() => {
          const cut = (el: Element | null) => (el ? el.scrollWidth > el.clientWidth + 1 : false);
          return {
            page: document.documentElement.scrollWidth,
            window: window.innerWidth,
            headlineCut: cut(document.querySelector('[data-testid="service-reachability"]')),
            tabsCut: [...document.querySelectorAll('[role="tab"]')].some(cut),
            // No item of the status bar runs over another (a headline too long for its room wraps).
            overlaps: (() => {
              const items = [...document.querySelectorAll('#status-bar > *, #status-bar .connection > *')].map((el) => ({ el, r: el.getBoundingClientRect() }));
              const out: string[] = [];
              for (const a of items)
                for (const b of items) {
                  if (a === b || a.el.contains(b.el) || b.el.contains(a.el) || a.r.width === 0 || b.r.width === 0) continue;
                  const x = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
                  const y = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
                  if (x > 1 && y > 1 && a.el.compareDocumentPosition(b.el) & Node.DOCUMENT_POSITION_FOLLOWING) out.push(`${a.el.className} / ${b.el.className}`);
                }
              return out;
            })(),
          };
        });
        expect(widths.page, `${locale} at ${size.width}`).toBeLessThanOrEqual(widths.window);
        expect(widths.headlineCut).toBe(false);
        expect(widths.tabsCut).toBe(false);
        expect(widths.overlaps).toEqual([]);
        await page.screenshot({ path: test.info().outputPath(`${locale}-${size.width}.png`) });
      }
    } finally {
      await kiosk.close();
    }
  });
}
