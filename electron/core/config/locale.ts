/**
 * The workstation's language: `kiosk.locale` as configured, or with `auto` the first of the
 * operating system's preferred languages the kiosk speaks (English when none). The system's
 * languages come through a port (`SystemLanguages`): Electron's app.getPreferredSystemLanguages()
 * and app.getLocale() in electron/main, Intl and the LANG/LC_* variables in the preview harness,
 * so the core stays free of Electron.
 */
import { DEFAULT_LOCALE, isSpokenLanguage, type KioskLocale } from '../../contract/ipc';
import type { KioskConfig } from './config-schema';

export type { KioskLocale };

/** The operating system's preferred languages, most preferred first (BCP 47 tags, e.g. "de-AT"). */
export type SystemLanguages = () => readonly string[];

/** The language tag of a POSIX locale variable ("de_AT.UTF-8" → "de-AT"); null for C/POSIX or empty. */
export function posixToTag(value: string | undefined): string | null {
  const tag = value?.split(/[.@]/)[0]?.replace('_', '-');
  return tag && tag !== 'C' && tag !== 'POSIX' ? tag : null;
}

/** The preview harness's port: LC_ALL, LC_MESSAGES, LANG, then Intl's default locale. */
export const processLanguages =
  (env: NodeJS.ProcessEnv = process.env): SystemLanguages =>
  () =>
    [posixToTag(env.LC_ALL), posixToTag(env.LC_MESSAGES), posixToTag(env.LANG), Intl.DateTimeFormat().resolvedOptions().locale].filter((tag): tag is string => !!tag);

/** The language the kiosk shows at start. */
export function resolveLocale(setting: KioskConfig['kiosk']['locale'], systemLanguages: SystemLanguages = processLanguages()): KioskLocale {
  if (setting !== 'auto') return setting;
  let preferred: readonly string[] = [];
  try {
    preferred = systemLanguages();
  } catch {
    preferred = [];
  }
  for (const tag of preferred) {
    const language = tag.toLowerCase().split(/[-_]/)[0];
    if (isSpokenLanguage(language)) return language;
  }
  return DEFAULT_LOCALE;
}
