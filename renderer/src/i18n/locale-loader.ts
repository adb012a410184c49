/**
 * Loads a language's messages on first use: each language is its own lazily imported chunk
 * (i18n/messages/<code>/index.ts, found by the bundler's glob, so no list of languages is written
 * here), and start-up JavaScript carries English only. The pseudo-locale is made from English
 * (i18n/pseudo.ts), so it needs no file. Pure of Vue: the locale store installs what this returns
 * into the i18n instance.
 */
import type { Messages } from '../../../i18n/schema';
import { DEFAULT_LOCALE, PSEUDO_LOCALE, type KioskLocale } from '../../../electron/contract/languages';
import en from '../../../i18n/messages/en';
import { pseudoMessages } from '../../../i18n/pseudo';

// One chunk per language folder but English (loaded with the app).
const LOADERS = import.meta.glob<{ default: Messages }>(['../../../i18n/messages/*/index.ts', '!../../../i18n/messages/en/index.ts']);

export async function loadMessages(locale: KioskLocale): Promise<Messages> {
  if (locale === DEFAULT_LOCALE) return en;
  if (locale === PSEUDO_LOCALE) return pseudoMessages(en);
  const load = LOADERS[`../../../i18n/messages/${locale}/index.ts`];
  if (!load) throw new Error(`No messages for the language ${locale}.`);
  return (await load()).default;
}
