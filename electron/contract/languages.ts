/**
 * The kiosk's languages, written once: each code (as `kiosk.locale` names it), its name in its own
 * language (the header's switch, the badge editor) and the Intl locale its dates, times, numbers
 * and plural forms follow (English as en-GB: day before month, 24-hour clock, as guard logs are
 * kept). The pseudo-locale en-XA (accented English, about 40 % longer, for layout tests) is made
 * from English (i18n/pseudo.ts) and formats as English does. Everything else derives from here:
 * the configuration's `kiosk.locale`, the contract's `showLanguage` and badge print, the message
 * files (i18n/messages/<code>/, typed against this list), main's words (electron/core/language/)
 * and the renderer's (renderer/src/i18n/). Pure data; the renderer may import it as a value.
 * Adding a language: a line here and a folder i18n/messages/<code>/ (typecheck says the rest).
 */

/** The languages people read, English first (the default and the fallback). */
const SPOKEN = {
  en: { name: 'English', intl: 'en-GB' },
  de: { name: 'Deutsch', intl: 'de-DE' },
  fr: { name: 'Français', intl: 'fr-FR' },
  es: { name: 'Español', intl: 'es-ES' },
} as const satisfies Record<string, { name: string; intl: string }>;

/** A language people read. */
export type SpokenLanguage = keyof typeof SPOKEN;
/** The layout tests' pseudo-locale, made from English. */
export const PSEUDO_LOCALE = 'en-XA' as const;
/** Every language the kiosk can show: the spoken ones and the pseudo-locale. */
export type KioskLocale = SpokenLanguage | typeof PSEUDO_LOCALE;

export const DEFAULT_LOCALE = 'en' satisfies SpokenLanguage;

/** The spoken languages in their order (the header's switch offers these). */
export const SPOKEN_LANGUAGES = Object.keys(SPOKEN) as readonly SpokenLanguage[] as readonly [SpokenLanguage, ...SpokenLanguage[]];
/** Every code `kiosk.locale` and `showLanguage` take. */
export const KIOSK_LOCALES: readonly [KioskLocale, ...KioskLocale[]] = [...SPOKEN_LANGUAGES, PSEUDO_LOCALE];

/** Each language's name in itself, never translated. */
export const LOCALE_NAMES: Readonly<Record<KioskLocale, string>> = { ...mapSpoken((l) => SPOKEN[l].name), [PSEUDO_LOCALE]: 'Ƥşếŭđő' };
/** The Intl locale of each language (dates, times, numbers, plural rules). */
export const INTL_LOCALE: Readonly<Record<KioskLocale, string>> = { ...mapSpoken((l) => SPOKEN[l].intl), [PSEUDO_LOCALE]: SPOKEN[DEFAULT_LOCALE].intl };

export const isKioskLocale = (value: unknown): value is KioskLocale => typeof value === 'string' && (KIOSK_LOCALES as readonly string[]).includes(value);
export const isSpokenLanguage = (value: unknown): value is SpokenLanguage => typeof value === 'string' && Object.hasOwn(SPOKEN, value);
/** The language whose words a locale reads where the pseudo-locale has none of its own (rule instructions, badge words, native dialogs): English for en-XA. */
export const spokenLanguageOf = (locale: KioskLocale): SpokenLanguage => (locale === PSEUDO_LOCALE ? DEFAULT_LOCALE : locale);

function mapSpoken<T>(of: (language: SpokenLanguage) => T): Record<SpokenLanguage, T> {
  return Object.fromEntries(SPOKEN_LANGUAGES.map((language) => [language, of(language)])) as Record<SpokenLanguage, T>;
}
