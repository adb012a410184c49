/**
 * The guard station, end to end: the real core and the embedded simulator over HTTP, the built
 * renderer in Chromium. Events are injected on the simulator and followed to the screen.
 * Every wait is a polling assertion on what the guard sees; nothing waits on a clock.
 */
import type { Locator, Page } from '@playwright/test';
import { test, expect, accessibilityViolations, launchPreview } from './fixtures';
import { englishScreenText, type ScreenTextKey } from '../../electron/contract/screen-text';

/** A tag unique to this run, so tests sharing the worker's simulator never see each other's events. */
const tag = (name: string): string => `${name}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6).toString(36)}`;

const pad = (n: number): string => String(n).padStart(2, '0');
/** `<input type="date">` and 24-hour time values in the machine's time zone (the browser runs on the same machine). */
const localDate = (d: Date): string => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const localTime = (d: Date): string => `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;

async function fillRange(page: Page, from: Date, to: Date): Promise<void> {
  await page.getByLabel('From', { exact: true }).fill(localDate(from));
  await page.getByLabel('From Time', { exact: true }).fill(localTime(from));
  await page.getByLabel('To', { exact: true }).fill(localDate(to));
  await page.getByLabel('To Time', { exact: true }).fill(localTime(to));
}

async function openLiveFeed(page: Page, url: string): Promise<void> {
  await page.goto(url);
  // The e2e kiosk opens on its home screen, the front desk; a guard station would set kiosk.homeView.
  await expect(page.getByRole('tab', { name: 'Front desk' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'Live feed' }).click();
  await expect(page.getByRole('tab', { name: 'Live feed' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('contentinfo').getByTestId('feed-connection')).toHaveAttribute('data-status', 'live');
  await expect(page.getByTestId('feed-row').first()).toBeVisible();
}

const rowsWith = (page: Page, text: string): Locator => page.getByTestId('feed-row').filter({ hasText: text });

/** Main's English sentence for the screen as a pattern, each {parameter} standing for what the screen put there. */
const sentenceOf = (key: ScreenTextKey, parameter = '.+?'): RegExp =>
  new RegExp(englishScreenText(key).replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, parameter));

async function moveMouseOffTheList(page: Page): Promise<void> {
  await page.mouse.move(5, 5); // over the title bar
}

test.describe('live feed', () => {
  test('a newly injected event appears at the top, with local time and UTC on hover', async ({ page, kioskUrl, simulator }) => {
    await openLiveFeed(page, kioskUrl);
    const text = tag('Probe');
    const injected = await simulator.injectEvent({ custom_Text: text, device_Name: 'Main Entrance Reader In' });
    const top = page.getByTestId('feed-row').first();
    await expect(top).toContainText(text);
    await expect(top).toHaveAttribute('data-record-id', String(injected.record_ID));
    await expect(top.locator('.time')).toHaveAttribute('title', /UTC$/);
    await expect(page.getByTestId('feed-connection').first()).toContainText(/Last poll \d/);
  });

  test('hovering pauses auto-scroll: new events are counted as "N new events" and shown on click', async ({ page, kioskUrl, simulator }) => {
    await openLiveFeed(page, kioskUrl);
    await page.getByTestId('feed-scroller').hover();
    await expect(page.getByTestId('autoscroll-paused')).toBeVisible();
    const first = tag('Paused one');
    const second = tag('Paused two');
    await simulator.injectEvent({ custom_Text: first });
    await simulator.injectEvent({ custom_Text: second });
    const button = page.getByTestId('new-events');
    await expect(button).toHaveText('2 new events');
    await expect(rowsWith(page, first)).toHaveCount(0);
    await button.click();
    await expect(page.getByTestId('autoscroll-live')).toBeVisible();
    await expect(page.getByTestId('feed-row').nth(0)).toContainText(second);
    await expect(page.getByTestId('feed-row').nth(1)).toContainText(first);
  });

  test('scrolling away pauses too, and the list comes back to the newest once the guard leaves it alone', async ({ page }) => {
    const kiosk = await launchPreview({ config: { argv: ['--auto-scroll-resume-ms=1500'] } });
    try {
      if (!kiosk.core.simulatorUrl) throw new Error('demo mode expected');
      const { SimulatorControls } = await import('../../electron/simulator/control-client');
      const simulator = new SimulatorControls(kiosk.core.simulatorUrl);
      await openLiveFeed(page, kiosk.url);
      const scroller = page.getByTestId('feed-scroller');
      await scroller.hover();
      await page.mouse.wheel(0, 600);
      await expect(page.getByTestId('autoscroll-paused')).toBeVisible();
      const text = tag('While scrolled');
      await simulator.injectEvent({ custom_Text: text });
      await expect(page.getByTestId('new-events')).toHaveText('1 new event');
      await moveMouseOffTheList(page);
      await expect(page.getByTestId('autoscroll-live')).toBeVisible();
      await expect(page.getByTestId('feed-row').first()).toContainText(text);
      expect(await scroller.evaluate((el) => el.scrollTop)).toBe(0);
    } finally {
      await kiosk.close();
    }
  });

  test('three "Door forced open" on one device make one critical row ×3', async ({ page, kioskUrl, simulator }) => {
    await openLiveFeed(page, kioskUrl);
    const device = tag('Door');
    for (let i = 0; i < 3; i++) await simulator.injectEvent({ eventTypeId: 301, device_Name: device, custom_Text: 'Door forced open' });
    const row = rowsWith(page, device);
    await expect(row.getByTestId('row-count')).toContainText('×3');
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('alarm-marker')).toHaveText(/critical alarm/i);
    await expect(row).toHaveClass(/alarm-critical/);
  });

  test('live filters narrow the list and keep what arrives meanwhile', async ({ page, kioskUrl, simulator }) => {
    await openLiveFeed(page, kioskUrl);
    const device = tag('Filtered door');
    await page.getByLabel('Device', { exact: true }).fill(device);
    await simulator.injectEvent({ eventTypeId: 301, device_Name: device, custom_Text: 'Door forced open' });
    const plain = tag('Unfiltered');
    await simulator.injectEvent({ custom_Text: plain });
    await expect(rowsWith(page, device)).toHaveCount(1);
    await expect(page.getByTestId('feed-row')).toHaveCount(1);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(rowsWith(page, plain)).toHaveCount(1);
  });

  test('selecting a row (Enter) opens every field of the event, refreshed from the service', async ({ page, kioskUrl, simulator }) => {
    await openLiveFeed(page, kioskUrl);
    const text = tag('Detail');
    const injected = await simulator.injectEvent({ custom_Text: text });
    const row = rowsWith(page, text);
    await row.locator('.row-open').focus();
    await page.keyboard.press('Enter');
    const panel = page.getByTestId('event-detail');
    await expect(panel.getByRole('heading')).toHaveText(`Event ${injected.record_ID}`);
    await expect(panel.getByText('Up to date with the service.')).toBeVisible();
    await expect(panel.locator('[data-field="custom_Text"] dd')).toHaveText(text);
    await expect(panel.locator('[data-field="cardnumber"] dd')).toHaveText('—');
    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);
    // Focus is back on the row; arrow keys move between rows.
    await expect(row.locator('.row-open')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByTestId('feed-row').nth(1).locator('.row-open')).toBeFocused();
    await page.keyboard.press('Home');
    await expect(page.getByTestId('feed-row').first().locator('.row-open')).toBeFocused();
  });

  test('an acknowledgement with a note survives a page reload and is in the operator log', async ({ page, kioskUrl, simulator }) => {
    await openLiveFeed(page, kioskUrl);
    const device = tag('Ack door');
    await simulator.injectEvent({ eventTypeId: 301, device_Name: device, custom_Text: 'Door forced open' });
    const row = rowsWith(page, device);
    await row.getByRole('button', { name: /Acknowledge alarm/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Acknowledge alarm' });
    await expect(dialog).toBeVisible();
    const note = tag('Patrol sent');
    await dialog.getByLabel('Note (optional)').fill(note);
    expect(await accessibilityViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Acknowledge', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(row.getByTestId('row-acked')).toBeVisible();

    await page.reload();
    await page.getByRole('tab', { name: 'Live feed' }).click();
    await expect(page.getByRole('contentinfo').getByTestId('feed-connection')).toHaveAttribute('data-status', 'live');
    await expect(rowsWith(page, device).getByTestId('row-acked')).toBeVisible();
    await expect(rowsWith(page, device).getByTestId('row-ack')).toHaveCount(0);

    await page.getByRole('tab', { name: 'Operator log' }).click();
    await expect(page.getByRole('contentinfo').getByTestId('status-unacknowledged')).toContainText(/unacknowledged alarm/);
    const entry = page.getByTestId('operator-log-row').filter({ hasText: device });
    await expect(entry).toContainText(note);
    await expect(entry).toContainText('Door forced open');
  });

  test('when the server goes back to earlier ids, a dismissible notice says its numbering restarted, the kiosk reads it again and says so, and new events still show', async ({ page }) => {
    const kiosk = await launchPreview();
    try {
      if (!kiosk.core.simulatorUrl) throw new Error('demo mode expected');
      const { SimulatorControls } = await import('../../electron/simulator/control-client');
      const simulator = new SimulatorControls(kiosk.core.simulatorUrl);
      await openLiveFeed(page, kiosk.url);
      const before = tag('Before restore');
      const lost = await simulator.injectEvent({ custom_Text: before });
      await expect(page.getByTestId('feed-row').first()).toContainText(before);
      await simulator.restore(lost.record_ID - 1);
      const renumbered = page.locator('[data-testid="feed-notice"][data-kind="resync"]');
      await expect(renumbered).toContainText(sentenceOf('feed.fromMain.renumbered'));
      await expect(renumbered).toHaveAttribute('role', 'alert');
      // Then the new numbering is read again, and a second notice says what that found.
      const readAgain = page.locator('[data-testid="feed-notice"][data-kind="caughtUp"]');
      await expect(readAgain).toContainText(sentenceOf('feed.fromMain.readAgain', '[\\d,]+'));
      await expect(readAgain).toHaveAttribute('role', 'status');
      const after = tag('After restore');
      const reused = await simulator.injectEvent({ custom_Text: after });
      expect(reused.record_ID).toBe(lost.record_ID); // the id is reused for another event
      await expect(page.getByTestId('feed-row').first()).toContainText(after);
      await expect(rowsWith(page, before)).toHaveCount(1); // what the guard saw stays on screen
      expect(await accessibilityViolations(page)).toEqual([]);
      await renumbered.getByRole('button', { name: /Dismiss/ }).click();
      await expect(renumbered).toHaveCount(0);
      await expect(readAgain).toHaveCount(1); // each notice is dismissed on its own
      await readAgain.getByRole('button', { name: /Dismiss/ }).click();
      await expect(page.getByTestId('feed-notice')).toHaveCount(0);
    } finally {
      await kiosk.close();
    }
  });

  test('the live feed passes axe-core, with alarms, a paused list and the detail panel', async ({ page, kioskUrl, simulator }) => {
    await openLiveFeed(page, kioskUrl);
    const device = tag('Axe door');
    await simulator.injectEvent({ eventTypeId: 301, device_Name: device, custom_Text: 'Door forced open' });
    await simulator.injectEvent({ eventTypeId: 302, device_Name: device, custom_Text: 'Door held open' });
    await simulator.injectEvent({ eventTypeId: 402, device_Name: device, custom_Text: 'Device offline' });
    await expect(rowsWith(page, device)).toHaveCount(3);
    expect(await accessibilityViolations(page)).toEqual([]);
    await rowsWith(page, device).first().locator('.row-open').click();
    await expect(page.getByTestId('event-detail')).toBeVisible();
    await page.getByTestId('feed-scroller').hover();
    await simulator.injectEvent({ eventTypeId: 301, device_Name: tag('Axe other'), custom_Text: 'Door forced open' });
    await expect(page.getByTestId('new-events')).toContainText('1 alarm');
    expect(await accessibilityViolations(page)).toEqual([]);
  });
});

test.describe('history', () => {
  async function openHistory(page: Page, url: string): Promise<void> {
    await page.goto(url);
    await page.getByRole('tab', { name: 'History' }).click();
    await expect(page.getByRole('heading', { name: 'History' })).toBeAttached();
    const now = Date.now();
    await fillRange(page, new Date(now - 3_600_000), new Date(now + 3_600_000));
  }

  test('an invalid range is refused before any request, with a clear message', async ({ page, kioskUrl }) => {
    const searches: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/__kiosk/op/search')) searches.push(request.url());
    });
    await openHistory(page, kioskUrl);
    const now = Date.now();
    await fillRange(page, new Date(now), new Date(now - 3_600_000));
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByTestId('search-problems')).toContainText('The start of the time range must not be after its end.');
    await expect(page.getByLabel('To Time', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByTestId('search-count')).toHaveCount(0);
    await page.getByLabel('From', { exact: true }).fill('');
    await page.getByLabel('From Time', { exact: true }).fill('7 pm');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByTestId('search-problems')).toContainText('Enter the date of the start of the time range.');
    await expect(page.getByTestId('search-problems')).toContainText('24-hour clock');
    await fillRange(page, new Date(now - 3_600_000), new Date(now));
    await page.getByRole('button', { name: /^Tenants/ }).click();
    await page.getByRole('combobox', { name: 'Search tenants' }).fill('99999999999');
    await page.getByRole('option', { name: /Add number 99999999999/ }).click();
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByLabel('Text', { exact: true }).fill('x'.repeat(201));
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByTestId('search-problems')).toContainText('Tenants: 99999999999 is out of range');
    await expect(page.getByTestId('search-problems')).toContainText('Text: at most 200 characters (it has 201)');
    await expect(page.getByLabel('Text', { exact: true })).toHaveValue('x'.repeat(201)); // nothing cut
    expect(searches).toEqual([]);
  });

  test('searches with text (search), then by event category (searchbycodes), sorts and exports', async ({ page, kioskUrl, simulator }) => {
    const device = tag('History door');
    const forced = await simulator.injectEvent({ eventTypeId: 301, device_Name: device, custom_Text: 'Door forced open' });
    const granted = await simulator.injectEvent({ eventTypeId: 101, device_Name: device, custom_Text: 'Granted' });
    await openHistory(page, kioskUrl);

    await page.getByLabel('Text', { exact: true }).fill(device);
    await expect(page.getByTestId('search-endpoint')).toContainText('Searches by time, tenants, devices');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByTestId('search-count')).toHaveText('2 events');
    await expect(page.locator('.via')).toHaveText(/^\(search, \d\d:\d\d:\d\d\)$/);

    const idHeader = page.getByRole('columnheader', { name: 'Id' });
    await idHeader.getByRole('button').click();
    await expect(idHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(page.getByTestId('search-row').first()).toHaveAttribute('data-record-id', String(granted.record_ID));
    await idHeader.getByRole('button').press('Enter');
    await expect(idHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect(page.getByTestId('search-row').first()).toHaveAttribute('data-record-id', String(forced.record_ID));
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Export CSV' }).click();
    await expect(page.getByTestId('export-result')).toContainText(/Saved 2 rows to .+\.csv/);

    // Event category Door Alarm: the codes search, which needs tenants and takes no text.
    await page.getByLabel('Text', { exact: true }).fill('');
    await page.getByRole('button', { name: /^Event codes/ }).click();
    await page.getByRole('button', { name: /^Event categories/ }).click();
    await page.getByRole('combobox', { name: 'Search event categories' }).fill('door alarm');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('search-endpoint')).toContainText('search by codes');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.locator('.via')).toHaveText(/^\(search by codes, \d\d:\d\d:\d\d\)$/);
    // The table renders only the rows in view: newest first, so the event just injected is on top
    // however many door alarms earlier tests left.
    for (let i = 0; i < 2 && (await idHeader.getAttribute('aria-sort')) !== 'descending'; i++) await idHeader.getByRole('button').click();
    await expect(idHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(page.getByTestId('search-row').filter({ hasText: device })).toHaveCount(1);
    await expect(page.getByTestId('search-row').filter({ hasText: device })).toHaveAttribute('data-record-id', String(forced.record_ID));
  });

  test('a server error shows a banner and the live feed keeps what it has', async ({ page, kioskUrl, simulator }) => {
    await openLiveFeed(page, kioskUrl);
    const rowsBefore = await page.getByTestId('feed-row').count();
    await page.getByRole('tab', { name: 'History' }).click();
    await simulator.setFaults({ pathPrefix: '/api/SystemEvents/search', error: { status: 500 } });
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByTestId('search-error')).toContainText('The search failed');
    await expect(page.getByTestId('search-error')).toContainText('The live feed is not affected.');
    await expect(page.getByTestId('search-error')).not.toContainText(/undefined|stack|Error:/);
    await simulator.clearFaults();
    await page.getByRole('tab', { name: 'Live feed' }).click();
    await expect(page.getByTestId('feed-row')).toHaveCount(rowsBefore);
  });
});

test('the operator log passes axe-core', async ({ page, kioskUrl }) => {
  await page.goto(kioskUrl);
  await page.getByRole('tab', { name: 'Operator log' }).click();
  await expect(page.getByRole('heading', { name: 'Operator log' })).toBeVisible();
  await expect(page.getByTestId('operator-log')).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
});
