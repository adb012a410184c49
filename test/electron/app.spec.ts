/**
 * The real Electron app, launched with Playwright's _electron. Runs where Electron's binary
 * exists; elsewhere it prints one line saying why it was skipped.
 */
import { test, expect, _electron as electron, type ElectronApplication } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findElectronBinary } from '../../electron/tools/electron-binary';
import { OPERATION_NAMES, PUSH_NAMES, listenerNameOf } from '../../electron/contract/ipc';

const binary = findElectronBinary();
if (!binary.path) console.log(`skipped: the Electron suite did not run: ${binary.reason}.`);

test.describe('Electron app', () => {
  test.skip(!binary.path, `no Electron binary: ${binary.reason ?? ''}`);
  let app: ElectronApplication;

  test.beforeAll(async () => {
    app = await electron.launch({
      executablePath: binary.path!,
      args: ['.', `--user-data-dir=${mkdtempSync(join(tmpdir(), 'kiosk-electron-'))}`, '--use-fake-device-for-media-stream'],
      env: { ...process.env, KIOSK_SERVICE_URL: '' },
    });
  });
  test.afterAll(async () => {
    await app?.close();
  });

  test('opens one sandboxed, context-isolated window without Node', async () => {
    const page = await app.firstWindow();
    expect(await page.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe('undefined');
    expect(await page.evaluate(() => typeof (globalThis as { process?: unknown }).process)).toBe('undefined');
  });

  test('exposes exactly the contract on window.kiosk', async () => {
    const page = await app.firstWindow();
    const keys = await page.evaluate(() => Object.keys((window as unknown as { kiosk: object }).kiosk).sort());
    expect(keys).toEqual([...OPERATION_NAMES, ...PUSH_NAMES.map(listenerNameOf)].sort());
  });

  test('shows demo mode and the simulator highest event id in the status bar', async () => {
    const page = await app.firstWindow();
    await expect(page.getByTestId('service-mode')).toContainText('Demo mode');
    await expect(page.getByTestId('service-max-event-id')).toContainText(/\d+/);
  });

  test('refuses to navigate away from the app', async () => {
    const page = await app.firstWindow();
    const before = page.url();
    await page.evaluate(() => {
      window.location.href = 'https://example.org/';
    });
    await page.waitForTimeout(500);
    expect(page.url()).toBe(before);
  });

  test('the front desk looks people up from the directory its worker thread built beside the bundled main', async () => {
    const page = await app.firstWindow();
    await expect(page.getByTestId('directory-count')).toContainText('cardholders in the directory', { timeout: 30_000 });
    await page.getByTestId('cardholder-search').fill('a');
    await expect(page.getByTestId('cardholder-row').first()).toBeVisible();
  });

  test('grants the camera to the app page, video only, and refuses the microphone', async () => {
    const page = await app.firstWindow();
    const video = await page.evaluate(async () => {
      const stream = await navigator.mediaDevices.getUserMedia({ video: true });
      const kinds = stream.getTracks().map((t) => t.kind);
      stream.getTracks().forEach((t) => t.stop());
      return kinds;
    });
    expect(video).toEqual(['video']);
    const audio = await page.evaluate(() => navigator.mediaDevices.getUserMedia({ audio: true }).then(() => 'granted', (e: Error) => e.name));
    expect(audio).toBe('NotAllowedError');
  });
});
