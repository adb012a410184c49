// The kiosk warns (in the log, and in Administration) when a configured site catalogue names
// devices no event carries: the kiosk core against the simulator, a catalogue with one device the
// simulator calls otherwise. Without a configured catalogue nothing is said.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { loadConfig } from '../../../electron/core/config/load-config';
import { chooseVault, credentialDir } from '../../../electron/core/credentials/choose-vault';
import { startKioskCore, type KioskCore } from '../../../electron/core/kiosk-core';
import { createLogger, memorySink } from '../../../electron/core/log/logger';
import { startSimulator, type RunningSimulator } from '../../../electron/simulator';
import { EVENTS_BEFORE_CHECK } from '../../../electron/core/history/catalogue-check';
import { BADGE_FONTS } from '../../support/badge-fonts';

let dir: string;
let core: KioskCore | null = null;
let simulator: RunningSimulator | null = null;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'kiosk-catalogue-'));
});
afterEach(async () => {
  await core?.stop();
  await simulator?.close();
  core = null;
  simulator = null;
  rmSync(dir, { recursive: true, force: true });
});

async function start(siteDevices: unknown[] | null): Promise<{ lines: string[]; core: KioskCore }> {
  const { sink, lines } = memorySink();
  const log = createLogger(sink);
  simulator = await startSimulator({ dataDir: path.join(dir, 'simulator'), cardholders: 5, eventRate: 0, historyEvents: 0 });
  for (let i = 0; i < EVENTS_BEFORE_CHECK + 50; i++) simulator.injectEvent({ deviceId: 201 + (i % 12) });
  const argv = [`--service-url=${simulator.url}`, '--retries=0', '--directory-sync-minutes=0', '--initial-events=1000', '--poll-interval-ms=100'];
  if (siteDevices) argv.push(`--site-devices=${JSON.stringify(siteDevices)}`);
  const config = loadConfig({ systemFile: null, userFile: null, env: {}, argv, platform: 'linux' });
  core = await startKioskCore({ config, badgeFontDir: BADGE_FONTS, vault: chooseVault(null, { dir: credentialDir(dir) }), dataDir: dir, log, pickSaveFile: async () => null, startDemoService: () => Promise.reject(new Error('configured')), dataKey: null });
  return { lines, core };
}

it('logs the catalogue devices never seen in events, once enough events were seen', async () => {
  const { lines } = await start([
    { id: 201, name: 'Main Entrance', type: 3 },
    { id: 207, name: 'Server room', type: 3 },
  ]);
  await expect.poll(() => lines.find((l) => l.includes('never appeared')), { timeout: 10_000 }).toMatch(/1 of the 2 devices .*"Server room" \(#207\)/);
});

it('says nothing without a configured catalogue', async () => {
  const { lines, core: started } = await start(null);
  await expect.poll(() => started.events.feed.stats().delivered, { timeout: 10_000 }).toBeGreaterThanOrEqual(EVENTS_BEFORE_CHECK);
  expect(lines.some((l) => l.includes('never appeared'))).toBe(false);
});
