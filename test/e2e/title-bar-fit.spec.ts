/**
 * The title bar and the status bar keep to one line wherever their words can share one (issue 23's
 * layout in every language). The title bar it gives up room step by step — the kiosk's name, the theme's words and the globe,
 * "On shift:", tighter tabs — chosen by measuring, not by breakpoints tuned to English. German,
 * French and Spanish took two rows at every width up to 1440 px before. What is hidden keeps its
 * name for screen readers, and a language switch (or a wider window) gives the room back. The
 * status bar, live, the same way: the last poll and "embedded simulator" first, then shorter labels
 * (the connection's state is never shortened, and must be on one line for a level to count).
 */
import type { Page } from '@playwright/test';
import { test, expect, launchPreview } from './fixtures';
import { SPOKEN_LANGUAGES } from '../../electron/contract/languages';

/** How many rows the title bar's items take, and whether the page scrolls sideways. */
async function titleBar(page: Page, selector = 'header.top'): Promise<{ rows: number; sideways: boolean; nameShown: boolean }> {
  return page.evaluate((selector) => {
    const top = document.querySelector(selector) as HTMLElement;
    const items = [...top.children, ...top.querySelectorAll('[role="tab"]')].filter(
      (el) => el.getClientRects().length > 0 && getComputedStyle(el).position !== 'absolute',
    );
    const rowTops: number[] = [];
    for (const el of items) {
      const r = el.getBoundingClientRect();
      const middle = r.top + r.height / 2;
      if (!rowTops.some((t) => Math.abs(t - middle) < 12)) rowTops.push(middle);
    }
    const h1 = document.querySelector('header.top h1') as HTMLElement;
    return { rows: rowTops.length, sideways: document.documentElement.scrollWidth > window.innerWidth, nameShown: getComputedStyle(h1).position !== 'absolute' };
  }, selector);
}

// Where the words fit on one line once compacted (measured: Spanish and the pseudo-locale need
// 1,045 px and more at 1024, so they take a second row there, which is allowed — never a wider page).
const ONE_LINE: Array<{ width: number; locales: string[] }> = [
  { width: 1024, locales: ['en', 'de', 'fr'] },
  { width: 1280, locales: [...SPOKEN_LANGUAGES] },
  { width: 1366, locales: [...SPOKEN_LANGUAGES] },
  { width: 1920, locales: [...SPOKEN_LANGUAGES] },
];

test('one line in English, German, French and Spanish where the words fit, switched from the header; room given back', async ({ page }, testInfo) => {
  const kiosk = await launchPreview();
  try {
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto(kiosk.url);
    await expect(page.getByTestId('operator-badge')).toBeVisible();
    for (const { width, locales } of ONE_LINE) {
      await page.setViewportSize({ width, height: 768 });
      for (const locale of locales) {
        await page.getByTestId('language-switch').selectOption(locale);
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        await expect.poll(async () => (await titleBar(page)).rows, `${locale} at ${width}`).toBe(1);
        expect((await titleBar(page)).sideways).toBe(false);
        if (width === 1024) await page.screenshot({ path: testInfo.outputPath(`title-${locale}-${width}.png`), clip: { x: 0, y: 0, width, height: 80 } });
      }
    }
    // Spanish at 1024: two rows, nothing cut, the page no wider than the window.
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.getByTestId('language-switch').selectOption('es');
    await expect.poll(async () => (await titleBar(page)).rows).toBe(2);
    expect((await titleBar(page)).sideways).toBe(false);

    // What is hidden keeps its name: the kiosk's heading, the theme switch, "On shift:".
    await page.getByTestId('language-switch').selectOption('en');
    await expect(page.getByRole('heading', { level: 1, name: 'Access Kiosk' })).toBeAttached();
    await expect(page.getByRole('button', { name: 'Night theme' })).toBeVisible();
    await expect(page.getByTestId('operator-badge')).toContainText('On shift:');

    // Room given back: at 1920 the English kiosk's name shows again; French, wider, hides it at 1440
    // and shows it once the language is English again, without the window changing.
    await page.setViewportSize({ width: 1920, height: 1080 });
    await expect.poll(async () => (await titleBar(page)).nameShown).toBe(true);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByTestId('language-switch').selectOption('fr');
    await expect.poll(async () => (await titleBar(page)).nameShown).toBe(false);
    await page.getByTestId('language-switch').selectOption('en');
    await expect.poll(async () => (await titleBar(page)).nameShown).toBe(true);
    expect((await titleBar(page)).rows).toBe(1);
  } finally {
    await kiosk.close();
  }
});

test('the status bar, live, keeps to one row in all four languages from 1280 px and in English at 1024, its state on one line', async ({ page }, testInfo) => {
  const kiosk = await launchPreview();
  try {
    await page.goto(kiosk.url);
    await expect(page.getByRole('contentinfo').getByTestId('feed-connection')).toHaveAttribute('data-status', 'live');
    const cases = [
      { width: 1024, locales: ['en'] },
      { width: 1280, locales: [...SPOKEN_LANGUAGES] },
      { width: 1920, locales: [...SPOKEN_LANGUAGES] },
    ];
    for (const { width, locales } of cases) {
      await page.setViewportSize({ width, height: 768 });
      for (const locale of locales) {
        await page.getByTestId('language-switch').selectOption(locale);
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        await expect.poll(async () => (await titleBar(page, '#status-bar')).rows, `${locale} at ${width}`).toBe(1);
        const state = page.getByTestId('service-reachability');
        const lines = await state.evaluate((el) => {
          const range = document.createRange();
          range.selectNodeContents(el);
          return new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size;
        });
        expect(lines, `the connection's state in ${locale} at ${width}`).toBe(1);
        expect((await titleBar(page)).sideways).toBe(false);
        await page.screenshot({ path: testInfo.outputPath(`status-${locale}-${width}.png`), clip: { x: 0, y: 768 - 70, width, height: 70 } });
      }
    }
  } finally {
    await kiosk.close();
  }
});
