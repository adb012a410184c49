/**
 * The kiosk's languages: their codes (as `kiosk.locale` names them), their names in their own
 * language (the header's language switch), and the Intl locale each formats dates and numbers
 * with. English formats as en-GB (day before month, 24-hour clock, as guard logs are kept); the
 * pseudo-locale en-XA formats as English does. Pure: no Vue.
 */
import type { KioskSettings } from '../../../electron/contract/ipc';

export type KioskLocale = KioskSettings['locale'];

/** Every language the kiosk speaks, English first (the default and the fallback). */
export const LOCALES: readonly KioskLocale[] = ['en', 'de', 'fr', 'es', 'en-XA'];

export const DEFAULT_LOCALE: KioskLocale = 'en';

/** The languages the header offers (the pseudo-locale only when it is the workstation's). */
export const SWITCHABLE_LOCALES: readonly KioskLocale[] = ['en', 'de', 'fr', 'es'];

/** Each language's name in itself, never translated. */
export const LOCALE_NAMES: Record<KioskLocale, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  'en-XA': 'Ƥşếŭđő',
};

/** The Intl locale of each language (dates, times, numbers, plural rules). */
export const INTL_LOCALE: Record<KioskLocale, string> = {
  en: 'en-GB',
  de: 'de-DE',
  fr: 'fr-FR',
  es: 'es-ES',
  'en-XA': 'en-GB',
};

export const isKioskLocale = (value: unknown): value is KioskLocale => typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
