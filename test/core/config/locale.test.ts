// kiosk.locale: a language as configured, or with "auto" the first of the operating system's
// languages the kiosk speaks (English when none); the preview harness reads LC_ALL/LC_MESSAGES/LANG.
import { describe, expect, it } from 'vitest';
import { posixToTag, processLanguages, resolveLocale } from '../../../electron/core/config/locale';
import { loadConfig } from '../../../electron/core/config/load-config';
import { runCheckCommand } from '../../../electron/core/provisioning/check-command';
import { chooseVault } from '../../../electron/core/credentials/choose-vault';
import { Writable } from 'node:stream';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BADGE_FONTS } from '../../support/badge-fonts';

describe('resolveLocale', () => {
  it('a configured language wins over the system', () => {
    expect(resolveLocale('fr', () => ['de-DE'])).toBe('fr');
    expect(resolveLocale('en-XA', () => ['de-DE'])).toBe('en-XA');
  });
  it('auto: the first system language the kiosk speaks, else English', () => {
    expect(resolveLocale('auto', () => ['nl-NL', 'de-AT', 'fr'])).toBe('de');
    expect(resolveLocale('auto', () => ['es_ES'])).toBe('es');
    expect(resolveLocale('auto', () => ['ja-JP'])).toBe('en');
    expect(resolveLocale('auto', () => [])).toBe('en');
    expect(
      resolveLocale('auto', () => {
        throw new Error('no system');
      }),
    ).toBe('en');
  });
  it('the preview harness reads the POSIX variables', () => {
    expect(posixToTag('de_AT.UTF-8')).toBe('de-AT');
    expect(posixToTag('C')).toBeNull();
    expect(resolveLocale('auto', processLanguages({ LANG: 'fr_FR.UTF-8' }))[0]).toBe('f');
    expect(processLanguages({ LC_ALL: 'es_ES.UTF-8', LANG: 'de_DE.UTF-8' })()[0]).toBe('es-ES');
  });
  it('the configuration accepts auto and the languages, and refuses others', () => {
    const load = (argv: string[]) => loadConfig({ systemFile: null, userFile: null, env: {}, argv, platform: 'linux' });
    expect(load([]).kiosk.locale).toBe('auto');
    expect(load(['--locale=es']).kiosk.locale).toBe('es');
    expect(() => load(['--locale=klingon'])).toThrow(/kiosk\.locale/);
  });
  it('--admin check prints the language and refuses an unknown one', async () => {
    const home = mkdtempSync(join(tmpdir(), 'kiosk-locale-check-'));
    try {
      const check = async (env: Record<string, string>) => {
        let out = '';
        const stdout = new Writable({ write: (chunk, _enc, done) => ((out += String(chunk)), done()) });
        const code = await runCheckCommand({ load: { systemFile: null, userFile: null, env, argv: [], platform: 'linux' }, stdout, vaultFor: () => chooseVault(null, { dir: home }), badgeFontDir: BADGE_FONTS });
        return { code, out };
      };
      const german = await check({ KIOSK_LOCALE: 'de' });
      expect(german.code).toBe(0);
      expect(german.out).toContain('Language:         de');
      expect((await check({})).out).toMatch(/Language: +auto: (en|de|fr|es) \(the operating system's\)/);
      const wrong = await check({ KIOSK_LOCALE: 'nl' });
      expect(wrong.code).toBe(1);
      expect(wrong.out).toContain('kiosk.locale');
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});
