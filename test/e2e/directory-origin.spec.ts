/**
 * Where the directory comes from, on the real front desk in Debian's Chromium (issue 34): the
 * preview kiosk (the real core, the embedded simulator) runs without a site store, and the test
 * adds an origin to the directory state the page receives over the preview's bridge (the answer
 * to getDirectoryState and each pushed directoryState), so the renderer shows each state a desk
 * of a site can be in: the site copy, the desk downloading for the site, the store away with this
 * desk's saved copy, and after the fallback to the service. In English, German, French and
 * Spanish (and the pseudo-locale en-XA, the longest), at 1024×768 and 1920×1080: the page never scrolls sideways, nothing to read whole is
 * cut, the directory's head stays short at 1024×768, axe passes; screenshots are saved with the
 * test's output. The states the core itself reaches with a real PostgreSQL are the core's tests.
 */
import type { Page, Route, TestInfo } from '@playwright/test';
import type { DirectoryOrigin } from '../../electron/contract/ipc';
import { test, expect, accessibilityViolations, launchPreview } from './fixtures';
import { cutTexts, horizontalOverflow } from './support/read-whole';

const SIZES = [
  { width: 1024, height: 768 },
  { width: 1920, height: 1080 },
] as const;
const MINUTE = 60_000;

function today1402(): string {
  const at = new Date();
  at.setHours(14, 2, 0, 0);
  return at.toISOString();
}

const STATES: ReadonlyArray<{ name: string; origin: (() => DirectoryOrigin) | null; shows: string }> = [
  // No site store: today's line, for comparison (nothing added to the state).
  { name: 'no-site-store', origin: null, shows: 'directory-synced-at' },
  { name: 'site-copy', origin: () => ({ source: 'site', revision: 1204, checkedAt: new Date(Date.now() - 4 * MINUTE).toISOString(), downloading: false, storeLostSince: null }), shows: 'directory-origin' },
  { name: 'downloading', origin: () => ({ source: 'site', revision: 1204, checkedAt: new Date(Date.now() - 4 * MINUTE).toISOString(), downloading: true, storeLostSince: null }), shows: 'directory-origin-downloading' },
  { name: 'store-away', origin: () => ({ source: 'site', revision: 1204, checkedAt: new Date(Date.now() - 120 * MINUTE).toISOString(), downloading: false, storeLostSince: today1402() }), shows: 'directory-origin-away' },
  { name: 'fallback', origin: () => ({ source: 'service', revision: 1204, checkedAt: new Date(Date.now() - 120 * MINUTE).toISOString(), downloading: false, storeLostSince: today1402() }), shows: 'directory-origin-away' },
];

/**
 * Adds `origin` to every directory state the page receives: the answer to getDirectoryState
 * (routed) and each pushed directoryState (the page's EventSource, wrapped before the bridge
 * loads). Test-only: the kiosk's own code is unchanged.
 */
async function feedOrigin(page: Page, origin: (() => DirectoryOrigin) | null): Promise<void> {
  if (!origin) return;
  await page.addInitScript((given: string) => {
    type Add = (this: EventSource, type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions) => void;
    const add = EventSource.prototype.addEventListener as Add;
    const withOrigin: Add = function (type, listener, options) {
      if (type !== 'directoryState' || typeof listener !== 'function') return add.call(this, type, listener, options);
      const wrapped = (event: Event): void => {
        const state = JSON.parse((event as MessageEvent<string>).data) as Record<string, unknown>;
        listener.call(this, new MessageEvent(type, { data: JSON.stringify({ ...state, origin: JSON.parse(given) as unknown }) }));
      };
      add.call(this, type, wrapped, options);
    };
    EventSource.prototype.addEventListener = withOrigin as typeof EventSource.prototype.addEventListener;
  }, JSON.stringify(origin()));
  await page.route(/\/__kiosk\/op\/[^/]*getDirectoryState$/, async (route: Route) => {
    const response = await route.fetch();
    const answer = (await response.json()) as { ok: boolean; value?: Record<string, unknown> };
    if (answer.ok && answer.value) answer.value = { ...answer.value, origin: origin() };
    await route.fulfill({ response, json: answer });
  });
}

/** At each size: no sideways scrolling, nothing to read whole cut, the desk's head short; a screenshot. Then axe at 1024×768. */
async function checkSizes(page: Page, testInfo: TestInfo, name: string, locale: string, shows: string): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    const where = `${name} in ${locale} at ${size.width}×${size.height}`;
    const overflow = await horizontalOverflow(page);
    expect(overflow.fits, `${where}: ${overflow.scrollWidth} > ${overflow.innerWidth}`).toBe(true);
    expect(await cutTexts(page), where).toEqual([]);
    const head = await page.locator('.desk-head').boundingBox();
    const line = await page.locator('.directory-status .holding').boundingBox();
    console.log(`${where}: directory line ${Math.round(line?.height ?? 0)} px high, the desk's head ${Math.round(head?.height ?? 0)} px; "${(await page.getByTestId(shows).textContent())?.trim()}"`);
    // Short: the line and its banner keep the desk's head under a fifth of the window.
    expect(head?.height ?? Infinity, where).toBeLessThan(size.height / 5);
    await page.screenshot({ path: testInfo.outputPath(`${name}-${locale}-${size.width}x${size.height}.png`) });
  }
  await page.setViewportSize(SIZES[0]);
  expect(await accessibilityViolations(page), `${name} in ${locale}`).toEqual([]);
}

for (const state of STATES) {
  test(`the directory's origin (${state.name}) in en, de, fr and es: fits 1024×768 and 1920×1080, axe passes`, async ({ page, kioskUrl }, testInfo) => {
    test.setTimeout(120_000);
    await feedOrigin(page, state.origin);
    await page.setViewportSize(SIZES[0]);
    await page.goto(kioskUrl);
    await expect(page.getByTestId('directory-count')).toBeVisible();
    for (const locale of ['en', 'de', 'fr', 'es'] as const) {
      await page.getByTestId('language-switch').selectOption(locale);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.getByTestId(state.shows)).toBeVisible();
      if (!state.origin) await expect(page.getByTestId('directory-origin')).toHaveCount(0);
      await checkSizes(page, testInfo, state.name, locale, state.shows);
    }
  });
}

test("the directory's origin in the pseudo-locale en-XA (about 40 % longer): every state fits, axe passes", async ({ browser }, testInfo) => {
  test.setTimeout(180_000);
  const kiosk = await launchPreview({ config: { env: { KIOSK_LOCALE: 'en-XA' } } });
  try {
    for (const state of STATES) {
      const context = await browser.newContext({ viewport: SIZES[0] });
      const page = await context.newPage();
      await feedOrigin(page, state.origin);
      await page.goto(kiosk.url);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
      await expect(page.getByTestId(state.shows)).toBeVisible();
      await checkSizes(page, testInfo, state.name, 'en-XA', state.shows);
      await context.close();
    }
  } finally {
    await kiosk.close();
  }
});
