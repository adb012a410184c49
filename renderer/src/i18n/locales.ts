/**
 * The renderer's view of the kiosk's languages, all derived from the one list
 * (electron/contract/languages.ts): every code the kiosk can show, the ones the header offers (the
 * pseudo-locale only when it is the workstation's), each one's name in itself and the Intl locale
 * it formats dates, numbers and plural forms with. Pure: no Vue.
 */
import { DEFAULT_LOCALE, INTL_LOCALE, isKioskLocale, KIOSK_LOCALES, LOCALE_NAMES, PSEUDO_LOCALE, SPOKEN_LANGUAGES, spokenLanguageOf, type KioskLocale } from '../../../electron/contract/languages';

export type { KioskLocale };
export { DEFAULT_LOCALE, INTL_LOCALE, isKioskLocale, LOCALE_NAMES, PSEUDO_LOCALE, spokenLanguageOf };

/** Every language the kiosk speaks, English first (the default and the fallback), then the pseudo-locale. */
export const LOCALES: readonly KioskLocale[] = KIOSK_LOCALES;

/** The languages the header offers. */
export const SWITCHABLE_LOCALES: readonly KioskLocale[] = SPOKEN_LANGUAGES;
