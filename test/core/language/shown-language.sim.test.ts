// The kiosk core against the simulator: main starts in the workstation's language (kiosk.locale)
// and follows the language the page reports through the gateway (`showLanguage`); a language the
// kiosk does not speak is refused as an invalid request and changes nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { loadConfig } from '../../../electron/core/config/load-config';
import { chooseVault, credentialDir } from '../../../electron/core/credentials/choose-vault';
import { startKioskCore, type KioskCore } from '../../../electron/core/kiosk-core';
import { createLogger, memorySink } from '../../../electron/core/log/logger';
import { startSimulator, type RunningSimulator } from '../../../electron/simulator';
import { BADGE_FONTS } from '../../support/badge-fonts';

const dir = mkdtempSync(path.join(tmpdir(), 'kiosk-shown-language-'));
let core: KioskCore | null = null;
let simulator: RunningSimulator | null = null;

afterEach(async () => {
  await core?.stop();
  await simulator?.close();
  rmSync(dir, { recursive: true, force: true });
});

it("starts in the workstation's language and follows the page's", async () => {
  simulator = await startSimulator({ dataDir: path.join(dir, 'simulator'), cardholders: 5, eventRate: 0, historyEvents: 0 });
  const argv = [`--service-url=${simulator.url}`, '--retries=0', '--directory-sync-minutes=0', '--locale=de'];
  const config = loadConfig({ systemFile: null, userFile: null, env: {}, argv, platform: 'linux' });
  core = await startKioskCore({ config, badgeFontDir: BADGE_FONTS, vault: chooseVault(null, { dir: credentialDir(dir) }), dataDir: dir, log: createLogger(memorySink().sink), pickSaveFile: async () => null, startDemoService: () => Promise.reject(new Error('configured')), dataKey: null });
  const sender = { trusted: true, description: 'test' };
  expect(core.language.current()).toBe('de');
  expect(core.language.nativeWords().t('dialogs.stay')).toBe('Bleiben');

  expect(await core.gateway.handle('showLanguage', { locale: 'fr' }, sender)).toEqual({ ok: true, value: { locale: 'fr' } });
  expect(core.language.nativeWords().t('dialogs.saveTitle.searchResults')).toBe('Exporter les résultats de recherche');
  expect(core.language.documentWords().t('documents.handover.shift')).toBe('Poste');

  expect(await core.gateway.handle('showLanguage', { locale: 'xx' }, sender)).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
  expect(core.language.current()).toBe('fr');
});
