/**
 * Screenshots of the guard station for a visual review (not the README's): the live feed with
 * alarms waiting and a group set aside beyond a small bound, in the day and the night theme; the
 * event detail panel open; "Unacknowledged only" with a device filter and its acknowledgement
 * dialog; History with results; the outage alarm — each at 1024×768 and 1920×1080. Run by hand after `npx electron-vite build`:
 * `npx tsx electron/tools/on-kiosk-node.ts node_modules/tsx/dist/cli.mjs test/support/guard-screenshots.ts <output directory>`
 * It starts its own preview (demo mode, a fresh simulator) and Debian's Chromium; not a test.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { startPreview } from '../../electron/preview/preview';
import { createLogger, silentSink } from '../../electron/core/log/logger';
import { SimulatorControls } from '../../electron/simulator/control-client';

const SIZES = [
  { width: 1024, height: 768 },
  { width: 1920, height: 1080 },
] as const;

async function setTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  if ((await page.locator('html').getAttribute('data-theme')) !== theme) await page.getByTestId('theme-toggle').click();
  await page.locator(`html[data-theme="${theme}"]`).waitFor();
}

async function main(): Promise<void> {
  const target = process.argv[2];
  if (!target) {
    console.error('Usage: npx tsx electron/tools/on-kiosk-node.ts node_modules/tsx/dist/cli.mjs test/support/guard-screenshots.ts <output directory>');
    process.exitCode = 2;
    return;
  }
  const out = resolve(target);
  mkdirSync(out, { recursive: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'kiosk-guard-shots-'));
  const preview = await startPreview({
    startShift: 'unnamed',
    dataDir,
    log: createLogger(silentSink),
    config: { systemFile: null, userFile: null, env: {}, argv: ['--alarm-sound=false', '--max-open-alarms=100', '--outage-after-seconds=3'] },
    demo: { eventRate: 1, fresh: true, cardholders: 200, historyEvents: 500, testControls: true },
  });
  const browser = await chromium.launch({
    executablePath: process.env.KIOSK_CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const simulator = new SimulatorControls(preview.core.simulatorUrl ?? '');
    // Alarms of every kind, a merged group, a long device name.
    for (let i = 0; i < 3; i++) await simulator.injectEvent({ eventTypeId: 302, deviceId: 308 });
    await simulator.injectEvent({ eventTypeId: 301, device_Name: 'Warehouse Loading Dock Door North (Building C)' });
    await simulator.injectEvent({ eventTypeId: 201, custom_Text: 'Denied: card expired' });
    await simulator.injectEvent({ eventTypeId: 402 });
    // Denials enough to pass the bound of 100 waiting: the lowest and oldest are set aside.
    await simulator.injectBulkEvents({ count: 90, kind: 'ordinary', eventTypeId: 201, custom_Text: 'Denied: unknown card' });
    for (const size of SIZES) {
      const page = await browser.newPage({ viewport: size });
      await page.goto(preview.url);
      await page.getByRole('tab', { name: 'Live feed' }).click();
      await page.locator('footer [data-testid="feed-connection"][data-status="live"]').waitFor();
      await page.getByTestId('feed-row').first().waitFor();
      await page.mouse.move(2, 2);
      const name = (what: string): string => join(out, `${what}-${size.width}x${size.height}.png`);
      for (const theme of ['light', 'dark'] as const) {
        await setTheme(page, theme);
        await page.waitForTimeout(300);
        await page.screenshot({ path: name(`feed-${theme}`) });
      }
      await setTheme(page, 'light');
      await page.getByTestId('feed-row').filter({ hasText: 'HELD OPEN' }).first().locator('.row-open').click();
      await page.getByTestId('event-detail').waitFor();
      await page.waitForTimeout(500);
      await page.screenshot({ path: name('detail-light') });
      await setTheme(page, 'dark');
      await page.waitForTimeout(300);
      await page.screenshot({ path: name('detail-dark') });
      await setTheme(page, 'light');
      await page.keyboard.press('Escape');
      await page.getByRole('tab', { name: 'History' }).click();
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await page.getByTestId('search-row').first().waitFor();
      await page.waitForTimeout(300);
      await page.screenshot({ path: name('history-light') });
      await setTheme(page, 'dark');
      await page.waitForTimeout(300);
      await page.screenshot({ path: name('history-dark') });
      await setTheme(page, 'light');
      // "Unacknowledged only" with a device filter, and what acknowledging those asks.
      await page.getByRole('tab', { name: 'Live feed' }).click();
      await page.getByLabel('Unacknowledged only').check();
      await page.getByLabel('Device', { exact: true }).fill('Warehouse');
      await page.getByTestId('ack-all-waiting').filter({ hasText: 'matching' }).waitFor();
      await page.screenshot({ path: name('waiting-filtered') });
      await page.getByTestId('ack-all-waiting').click();
      await page.getByTestId('ack-dialog').waitFor();
      await page.screenshot({ path: name('waiting-filtered-dialog') });
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Clear filters' }).click();
      // The service lost: the outage alarm (main raises it after its delay).
      await simulator.setFaults({ drop: {} });
      await page.getByTestId('outage-banner').waitFor({ timeout: 30_000 });
      await page.screenshot({ path: name('outage') });
      await simulator.clearFaults();
      await page.getByTestId('outage-all-read').waitFor({ timeout: 30_000 });
      await page.screenshot({ path: name('outage-over') });
      await page.getByTestId('outage-ack').click();
      await page.getByTestId('outage-banner').waitFor({ state: 'detached' });
      await page.locator('footer [data-testid="feed-connection"][data-status="live"]').waitFor({ timeout: 30_000 });
      await page.close();
    }
    console.log(`Screenshots in ${out}`);
  } finally {
    await browser.close();
    await preview.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

void main();
