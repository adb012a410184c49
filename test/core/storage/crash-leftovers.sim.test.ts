// The core at start clears what a crash left in the middle of an atomic save: a temporary copy of
// the directory snapshot in the data folder and of the credential in the credential folder (they
// hold personal data and secrets), before anything else writes; the log names them. Against the
// simulator, with a data key, so the acknowledgement log is sealed through the real wiring too.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { loadConfig } from '../../../electron/core/config/load-config';
import { chooseVault, credentialDir } from '../../../electron/core/credentials/choose-vault';
import { startKioskCore, type KioskCore } from '../../../electron/core/kiosk-core';
import { createLogger, memorySink } from '../../../electron/core/log/logger';
import { startSimulator, type RunningSimulator } from '../../../electron/simulator';
import { BADGE_FONTS } from '../../support/badge-fonts';

let dir = '';
let core: KioskCore | null = null;
let simulator: RunningSimulator | null = null;
afterEach(async () => {
  await core?.stop();
  await simulator?.close();
  rmSync(dir, { recursive: true, force: true });
});

it('removes stale temporary files at start and seals the acknowledgement log with the data key', async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'kiosk-leftovers-'));
  const credentials = credentialDir(dir);
  mkdirSync(credentials, { recursive: true, mode: 0o700 });
  const old = new Date(Date.now() - 10 * 60_000);
  for (const file of [path.join(dir, 'directory.snapshot.0a1b2c3d4e5f.tmp'), path.join(credentials, 'credential.json.0a1b2c3d4e5f.tmp')]) {
    writeFileSync(file, 'Marie Dupont, +33 6 12 34 56 78', { mode: 0o600 });
    utimesSync(file, old, old);
  }
  const { sink, lines } = memorySink();
  simulator = await startSimulator({ dataDir: path.join(dir, 'simulator'), cardholders: 5, eventRate: 0, historyEvents: 5 });
  const config = loadConfig({ systemFile: null, userFile: null, env: {}, argv: [`--service-url=${simulator.url}`, '--directory-sync-minutes=0'], platform: 'linux' });
  core = await startKioskCore({
    config,
    badgeFontDir: BADGE_FONTS,
    vault: chooseVault(null, { dir: credentials }),
    dataDir: dir,
    log: createLogger(sink),
    pickSaveFile: async () => null,
    startDemoService: () => Promise.reject(new Error('a service is configured')),
    dataKey: randomBytes(32),
  });
  // The stale copies are gone. (The directory's first sync may be saving its own snapshot right now:
  // under load a fresh `directory.snapshot.<random>.tmp` of that save can be seen here; it is not a leftover.)
  expect(readdirSync(dir).filter((name) => name.endsWith('.0a1b2c3d4e5f.tmp'))).toEqual([]);
  expect(readdirSync(credentials).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  expect(lines.filter((line) => line.includes('left by an interrupted save'))).toHaveLength(2);

  // The store the capability built seals with the data key kiosk-core handed it.
  const [alarm] = core.events.alarms.observe(
    [{ record_ID: 1, created: '2026-11-28T22:00:00Z', event_Category_Name: 'Door Alarm', device_Name: 'Main door', custom_Text: 'Door forced open', origin_Name: null, additional_Info: null, cardnumber: null, facility_Code: null, alarm: { priority: 'critical', rule: 'door-forced' } }],
    'live',
    0,
  );
  core.events.alarms.acknowledge([alarm!.alarm!.id!], 'Called Marie Dupont');
  const stopping = core;
  core = null;
  await stopping.stop();
  const bytes = ['kiosk.db', 'kiosk.db-wal'].map((f) => (existsSync(path.join(dir, f)) ? readFileSync(path.join(dir, f)).toString('latin1') : '')).join('');
  expect(bytes).not.toContain('Marie');
  expect(bytes).not.toContain('Main door');
});
