/**
 * Loads a language's messages on first use: each language is its own lazily imported chunk
 * (./messages/<code>/index.ts), so start-up JavaScript carries English only. The pseudo-locale is
 * made from English (./pseudo.ts), so it needs no file. Pure of Vue: the locale store installs
 * what this returns into the i18n instance.
 */
import type { Messages } from './schema';
import type { KioskLocale } from './locales';
import en from './messages/en';
import { pseudoMessages } from './pseudo';

// One `import()` per language (a literal path each, so the bundler makes one chunk per language).
const LOADERS: Record<Exclude<KioskLocale, 'en' | 'en-XA'>, () => Promise<{ default: Messages }>> = {
  de: () => import('./messages/de/index'),
  fr: () => import('./messages/fr/index'),
  es: () => import('./messages/es/index'),
};

export async function loadMessages(locale: KioskLocale): Promise<Messages> {
  if (locale === 'en') return en;
  if (locale === 'en-XA') return pseudoMessages(en);
  return (await LOADERS[locale]()).default;
}
