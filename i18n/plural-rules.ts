/**
 * How every language chooses a plural form, for both runtimes (main's words and the renderer's
 * vue-i18n take the same table): a message of two forms (`'{count} row | {count} rows'`) takes the
 * first when Intl.PluralRules of the language says "one" (French: 0 and 1 are singular), a message
 * of three forms (`'none | one | {count}'`) takes the count's form (2 and more: the last). Pure.
 */
import { INTL_LOCALE, KIOSK_LOCALES, type KioskLocale } from '../electron/contract/languages';

export type PluralRule = (choice: number, choicesLength: number) => number;

export function pluralRule(locale: KioskLocale): PluralRule {
  const rules = new Intl.PluralRules(INTL_LOCALE[locale]);
  return (choice, choices) => (choices === 2 ? (rules.select(choice) === 'one' ? 0 : 1) : Math.min(choice, choices - 1));
}

/** The rule of every language, as vue-i18n and @intlify/core-base take them (`pluralRules`). */
export const pluralRules = (): Record<KioskLocale, PluralRule> => Object.fromEntries(KIOSK_LOCALES.map((locale) => [locale, pluralRule(locale)])) as Record<KioskLocale, PluralRule>;
