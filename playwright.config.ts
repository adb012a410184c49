import { defineConfig } from '@playwright/test';

// End-to-end tests: Debian's Chromium (never a downloaded browser) against the preview harness,
// which runs the real core and the embedded simulator over real HTTP. The Electron suite
// (test/electron) launches the real app and is skipped, with a printed reason, without a binary.
export const CHROMIUM_PATH = process.env.KIOSK_CHROMIUM ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './test',
  testMatch: ['e2e/**/*.spec.ts', 'electron/**/*.spec.ts'],
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
      ],
    },
    trace: 'off',
  },
});
