/**
 * Playwright fixtures for end-to-end tests: one kiosk preview per worker (the real core, the
 * embedded simulator with its test controls, the built renderer) on loopback, in a fresh data
 * directory. Tests get the page URL (with the run token) and the simulator's controls.
 * Build the renderer first (`npm run test:e2e` does).
 */
import { test as base, expect } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { startPreview, type PreviewOptions, type RunningKioskPreview } from '../../electron/preview/preview';
import { SimulatorControls } from '../../electron/simulator/control-client';
import { createLogger, memorySink } from '../../electron/core/log/logger';

export { expect };

/**
 * Starts a kiosk preview for a test that needs its own (custom configuration, a restart). The
 * screens wait for an operator's sign-in: unless `signedIn` is false the kiosk starts with an
 * unnamed shift under way (as main would after a guard pressed "Start the shift without a name"),
 * so tests of other screens open on them; the operators' own spec signs in through the screen.
 */
export async function launchPreview(options: PreviewOptions & { dataDir?: string; signedIn?: boolean } = {}): Promise<RunningKioskPreview & { dataDir: string; logLines: string[] }> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'kiosk-e2e-'));
  const log = memorySink();
  const preview = await startPreview({
    port: 0,
    dataDir,
    log: createLogger(log.sink),
    ...(options.signedIn === false ? {} : { startShift: 'unnamed' as const }),
    ...options,
    // English unless a test asks for a language (kiosk.locale "auto" would follow this machine's LANG).
    config: { systemFile: null, userFile: null, argv: [], ...options.config, env: { KIOSK_LOCALE: 'en', ...options.config?.env } },
    demo: { eventRate: 0, testControls: true, cardholders: 200, historyEvents: 500, ...options.demo },
  });
  return { ...preview, dataDir, logLines: log.lines };
}

/** axe-core over the whole page; returns the violations (an empty list passes). */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

interface WorkerFixtures {
  kiosk: RunningKioskPreview & { dataDir: string; logLines: string[] };
}
interface TestFixtures {
  kioskUrl: string;
  simulator: SimulatorControls;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  kiosk: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern
    async ({}, use) => {
      const kiosk = await launchPreview();
      await use(kiosk);
      await kiosk.close();
      rmSync(kiosk.dataDir, { recursive: true, force: true });
    },
    { scope: 'worker' },
  ],
  kioskUrl: async ({ kiosk }, use) => {
    await use(kiosk.url);
  },
  simulator: async ({ kiosk }, use) => {
    if (!kiosk.core.simulatorUrl) throw new Error('the e2e kiosk runs in demo mode');
    const controls = new SimulatorControls(kiosk.core.simulatorUrl);
    await use(controls);
    await controls.clearFaults();
  },
});
