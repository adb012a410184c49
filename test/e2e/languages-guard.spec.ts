/**
 * The guard station in German and in the pseudo-locale (issue 23): the live feed with an alarm
 * acknowledged with a note, in German (the dialog, its labels, the row's state and the shift
 * without a name in German; the door's name and the event's text as the service sent them),
 * axe-core passing; in en-XA the live feed with alarms waiting, auto-scroll paused and not live
 * keeps to the window at 1024×768 and 1920×1080 and no text that must be read whole is cut
 * (screenshots saved with the test's output).
 */
import { rmSync } from 'node:fs';
import { test, expect, accessibilityViolations, launchPreview } from './fixtures';
import { SimulatorControls } from '../../electron/simulator/control-client';
import { cutTexts, horizontalOverflow, readWholeCount } from './support/read-whole';

test('German: an alarm on the live feed acknowledged with a note, names unchanged, axe passes', async ({ page }) => {
  const kiosk = await launchPreview({ config: { env: { KIOSK_LOCALE: 'de' } } });
  try {
    const simulator = new SimulatorControls(kiosk.core.simulatorUrl!);
    await page.goto(kiosk.url);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    // The shift without a name: main records the marker "unnamed", the screen says it in German.
    await expect(page.getByTestId('operator-name')).toHaveText('ohne Namen');
    await page.getByRole('tab', { name: 'Live-Ereignisse' }).click();
    await expect(page.getByRole('contentinfo').getByTestId('feed-connection')).toHaveAttribute('data-status', 'live');
    const device = `Tür Süd ${Date.now().toString(36)}`;
    await simulator.injectEvent({ eventTypeId: 301, device_Name: device, custom_Text: 'Door forced open' });
    const row = page.getByTestId('feed-row').filter({ hasText: device });
    // The service's words are shown as they come, never translated.
    await expect(row).toContainText('Door forced open');
    await row.getByTestId('row-ack').click();
    const dialog = page.getByRole('dialog', { name: 'Alarm quittieren' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(device);
    await dialog.getByLabel('Notiz (optional)').fill('Streife geschickt');
    expect(await accessibilityViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Quittieren', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(row.getByTestId('row-acked')).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
  } finally {
    await kiosk.close();
    rmSync(kiosk.dataDir, { recursive: true, force: true });
  }
});

test('en-XA: the live feed with alarms waiting keeps to the window at 1024×768 and 1920×1080, nothing to read whole is cut, axe passes', async ({ page }, testInfo) => {
  const kiosk = await launchPreview({ config: { env: { KIOSK_LOCALE: 'en-XA' } } });
  try {
    const simulator = new SimulatorControls(kiosk.core.simulatorUrl!);
    let injected = false;
    for (const viewport of [{ width: 1024, height: 768 }, { width: 1920, height: 1080 }]) {
      await page.setViewportSize(viewport);
      await page.goto(kiosk.url);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
      await page.getByRole('tab').nth(1).click();
      await expect(page.getByRole('contentinfo').getByTestId('feed-connection')).toHaveAttribute('data-status', 'live');
      if (!injected) {
        // Once the feed is live (events from before the kiosk's start are History's, not the feed's).
        for (const [type, text] of [[301, 'Door forced open'], [302, 'Door held open'], [402, 'Device offline']] as const) {
          await simulator.injectEvent({ eventTypeId: type, device_Name: 'Main Entrance Reader In', custom_Text: text });
        }
        injected = true;
      }
      await expect(page.getByTestId('feed-row').filter({ hasText: 'Door forced open' })).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`live-feed-en-XA-${viewport.width}.png`) });
      expect(await horizontalOverflow(page)).toMatchObject({ fits: true });
      expect(await readWholeCount(page)).toBeGreaterThan(0);
      expect(await cutTexts(page)).toEqual([]);
      // What used to end in an ellipsis is marked to be read whole: the alarm list's priority, a
      // row's time (an older row's "24 Nov, 10:31:02" too), the feed list bar's counts.
      await expect(page.getByTestId('open-alarm-priority').first()).toHaveAttribute('data-read-whole', '');
      await expect(page.getByTestId('feed-row').first().locator('.time')).toHaveAttribute('data-read-whole', '');
      if (viewport.width > 1024) await expect(page.getByTestId('feed-counts')).toHaveAttribute('data-read-whole', '');
      expect(await accessibilityViolations(page)).toEqual([]);
      // Auto-scroll paused (the pointer on the list): the state and the new-events button, whole.
      await page.getByTestId('feed-scroller').hover();
      await expect(page.getByTestId('autoscroll-paused')).toBeVisible();
      await simulator.injectEvent({ eventTypeId: 302, device_Name: 'Main Entrance Reader In', custom_Text: 'Door held open' });
      await expect(page.getByTestId('new-events')).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`live-feed-paused-en-XA-${viewport.width}.png`) });
      expect(await horizontalOverflow(page)).toMatchObject({ fits: true });
      expect(await cutTexts(page)).toEqual([]);
      await page.mouse.move(0, 0);
    }
    // Not live (the service stopped answering): the list bar's state, whole, at 1024×768.
    await page.setViewportSize({ width: 1024, height: 768 });
    await simulator.setFaults({ pathPrefix: '/api/', drop: {} });
    await expect(page.getByTestId('feed-not-updating')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('live-feed-not-live-en-XA-1024.png') });
    expect(await horizontalOverflow(page)).toMatchObject({ fits: true });
    expect(await cutTexts(page)).toEqual([]);
    await simulator.clearFaults();
  } finally {
    await kiosk.close();
    rmSync(kiosk.dataDir, { recursive: true, force: true });
  }
});
