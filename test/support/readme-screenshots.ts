/**
 * Makes the README's screenshots (renderer/screenshots/*.png): of the front desk, the lookup with a
 * record open, the enrolment form, the photo step with the fake camera that shows a face, and the
 * outbox panel (the simulator's faults stand in for a service that is down, then refuses one); of
 * the guard station, the live feed with alarms waiting and an event open, in the night theme.
 * Run by hand after `npx electron-vite build`: `npx tsx electron/tools/on-kiosk-node.ts node_modules/tsx/dist/cli.mjs test/support/readme-screenshots.ts` (the kiosk core needs a Node with node:sqlite).
 * It starts its own preview (demo mode, a fresh simulator) and Debian's Chromium; not a test.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { startPreview } from '../../electron/preview/preview';
import { createLogger, silentSink } from '../../electron/core/log/logger';
import { fakeCameraWithFace } from './fake-camera';
import { SimulatorControls } from '../../electron/simulator/control-client';

const OUT = resolve(__dirname, '../../renderer/screenshots');

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kiosk-shots-'));
  const preview = await startPreview({
    startShift: 'unnamed',
    dataDir,
    log: createLogger(silentSink),
    config: { systemFile: null, userFile: null, env: {}, argv: [] },
    demo: { eventRate: 1, fresh: true, cardholders: 2000, historyEvents: 500, testControls: true },
  });
  const browser = await chromium.launch({
    executablePath: process.env.KIOSK_CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${fakeCameraWithFace().path}`],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(preview.url);
    await page.getByTestId('directory-count').getByText('cardholders in the directory').waitFor();
    await page.getByTestId('cardholder-search').pressSequentially('dupont mari', { delay: 40 });
    await page.getByTestId('cardholder-row').first().waitFor();
    await page.keyboard.press('Enter');
    await page.getByTestId('field-employee-id').waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(OUT, 'front-desk.png') });

    await page.getByTestId('new-cardholder').click();
    await page.getByTestId('enrol-first_Name').fill('Aoife');
    await page.getByTestId('enrol-last_Name').fill("O'Sullivan");
    await page.getByTestId('enrol-sex-f').check();
    await page.getByTestId('enrol-employee_ID').fill('700123');
    await page.getByTestId('enrol-email').fill('aoife.osullivan@contoso.example');
    await page.getByTestId('enrolment-submit').click();
    await page.getByTestId('take-photo').waitFor();
    await page.getByTestId('photo-capture').and(page.locator('[data-detector="wasm"]')).waitFor({ timeout: 20_000 });
    await page.waitForTimeout(500);
    await page.getByTestId('take-photo').click();
    await page.getByTestId('use-photo').waitFor();
    await page.waitForTimeout(500);
    await page.screenshot({ path: join(OUT, 'photo.png') });
    await page.getByTestId('use-photo').click();
    await page.getByTestId('photo-uploaded').waitFor();

    await page.getByTestId('photo-done').click();
    await page.getByTestId('record-edit').click();
    await page.getByTestId('enrol-phone').fill('+353 21 555 0142');
    await page.getByTestId('enrolment-form').evaluate((form) => form.scrollTo(0, 0));
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(OUT, 'enrolment.png') });
    await page.getByTestId('enrolment-cancel').click();

    // The outbox: one create refused by the service, another person with a photo waiting for it.
    const simulator = new SimulatorControls(preview.core.simulatorUrl ?? '');
    const enrol = async (first: string, last: string, employee: string): Promise<void> => {
      await page.getByTestId('new-cardholder').click();
      await page.getByTestId('enrol-first_Name').fill(first);
      await page.getByTestId('enrol-last_Name').fill(last);
      await page.getByTestId('enrol-sex-m').check();
      await page.getByTestId('enrol-employee_ID').fill(employee);
      await page.getByTestId('enrolment-submit').click();
      await page.getByTestId('photo-step').waitFor();
    };
    await simulator.setFaults({ pathPrefix: '/api/', drop: {} });
    await enrol('Cathal', 'Brennan', '700124');
    await page.getByTestId('photo-step-cancel').click();
    await simulator.setFaults({ pathPrefix: '/api/CardHolders/create', error: { status: 422, count: 1 } });
    await page.getByTestId('outbox-status').and(page.locator('[data-failed="1"]')).waitFor({ timeout: 60_000 });
    await simulator.setFaults({ pathPrefix: '/api/', drop: {} });
    await enrol('Tomás', 'Ó Briain', '700125');
    await page.getByTestId('take-photo').and(page.locator(':enabled')).waitFor({ timeout: 20_000 });
    await page.getByTestId('take-photo').click();
    await page.getByTestId('use-photo').click();
    await page.getByTestId('photo-done').click();
    await page.getByTestId('outbox-status').click();
    await page.getByTestId('outbox-panel').waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(OUT, 'outbox.png') });
    await simulator.clearFaults();

    await page.keyboard.press('Escape'); // the outbox panel
    await simulator.injectEvent({ eventTypeId: 403, deviceId: 311 });
    await simulator.injectEvent({ eventTypeId: 302, deviceId: 210 });
    await simulator.injectEvent({ eventTypeId: 201, deviceId: 308, custom_Text: 'Denied: unknown card' });
    await page.getByRole('tab', { name: 'Live feed' }).click();
    await page.getByTestId('theme-toggle').click();
    await page.getByTestId('feed-row').filter({ hasText: 'HELD OPEN' }).first().locator('.row-open').click();
    await page.getByTestId('event-detail').getByText('Up to date with the service.').waitFor();
    await page.mouse.move(5, 5);
    await page.waitForTimeout(500);
    await page.screenshot({ path: join(OUT, 'live-feed-night.png') });
    await page.getByTestId('theme-toggle').click();
    console.log(`screenshots written to ${OUT}`);
  } finally {
    await browser.close();
    await preview.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

void main();
