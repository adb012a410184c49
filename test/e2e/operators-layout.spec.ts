/**
 * Issue 19's screens at the smallest supported window, 1024×768, found in the integration QA of the
 * merge: the sign-in works by keyboard alone and shows "Start the shift without a name" above the
 * status bar; with an operator with a long name on shift the title bar keeps to the window (End
 * shift and the theme switch reachable, the name whole) and the screens are not widened by it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect, accessibilityViolations, launchPreview } from './fixtures';
import { setOperatorPin } from '../../electron/core/operators/operator-list';
import { credentialDir } from '../../electron/core/credentials/choose-vault';

const LONG_NAME = 'Aurelia Featherstonehaugh-Worthington';
const PIN = '582913';

test.use({ viewport: { width: 1024, height: 768 } });

test('at 1024×768 the sign-in works by keyboard alone, shows every choice, and the title bar with a long name keeps to the window', async ({ page }) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'kiosk-e2e-operators-layout-'));
  await setOperatorPin(credentialDir(dataDir), LONG_NAME, PIN);
  await setOperatorPin(credentialDir(dataDir), 'Bo Officer', '739164');
  const kiosk = await launchPreview({ dataDir, signedIn: false });
  try {
    await page.goto(kiosk.url);
    await expect(page.getByTestId('sign-in')).toBeVisible();
    // The way in without a name is on screen, above the status bar, without scrolling.
    const unnamed = await page.getByTestId('sign-in-unnamed').boundingBox();
    const bar = await page.getByRole('contentinfo', { name: 'Service status' }).boundingBox();
    expect(unnamed && bar && unnamed.y + unnamed.height <= bar.y, '"Start the shift without a name" above the status bar').toBe(true);

    // Keyboard alone: Tab to the names, Space picks the first, the PIN field takes the digits, Enter signs in.
    for (let i = 0; i < 10; i++) {
      await page.keyboard.press('Tab');
      if (await page.getByRole('radio', { name: LONG_NAME }).evaluate((radio) => radio === document.activeElement)) break;
    }
    await expect(page.getByRole('radio', { name: LONG_NAME })).toBeFocused();
    await page.keyboard.press('Space');
    await expect(page.getByTestId('sign-in-pin')).toBeFocused();
    await page.keyboard.type(PIN);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('operator-name')).toHaveText(LONG_NAME);

    const layout = await page.evaluate(() => {
      const header = document.querySelector('header')!;
      const name = document.querySelector('[data-testid="operator-name"]')!;
      const right = (selector: string): number => document.querySelector(selector)!.getBoundingClientRect().right;
      return {
        headerFits: header.scrollWidth <= header.clientWidth + 1,
        pageFits: document.documentElement.scrollWidth <= window.innerWidth,
        endShiftIn: right('[data-testid="end-shift"]') <= window.innerWidth,
        themeIn: right('[data-testid="theme-toggle"]') <= window.innerWidth,
        nameWhole: name.scrollWidth <= name.clientWidth + 1,
      };
    });
    expect(layout).toEqual({ headerFits: true, pageFits: true, endShiftIn: true, themeIn: true, nameWhole: true });
    await expect(page.getByRole('button', { name: 'Night theme' })).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
  } finally {
    await kiosk.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
