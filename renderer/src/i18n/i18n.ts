/**
 * The kiosk's one vue-i18n instance (Composition API mode), English loaded with the app as the
 * default and the fallback; other languages are added by the locale store when chosen
 * (./locale-store.ts, ./locale-loader.ts). Components call `useI18n()`; modules that are not
 * components (stores, pure text helpers) call `t` from here. Messages are compiled to an AST at
 * run time without eval (the page's policy forbids it: electron.vite.config.ts sets the flags).
 */
import { createI18n } from 'vue-i18n';
import en from './messages/en';
import type { Messages } from './schema';
import { DEFAULT_LOCALE, INTL_LOCALE, type KioskLocale } from './locales';

export const i18n = createI18n<[Messages], KioskLocale, false>({
  legacy: false,
  locale: DEFAULT_LOCALE,
  fallbackLocale: DEFAULT_LOCALE,
  messages: { en } as Record<KioskLocale, Messages>,
  // The plural rules of each language come from Intl (French: 0 and 1 are singular).
  pluralRules: Object.fromEntries(
    (Object.keys(INTL_LOCALE) as KioskLocale[]).map((code) => {
      const rules = new Intl.PluralRules(INTL_LOCALE[code]);
      return [code, (choice: number, choices: number) => (choices === 2 ? (rules.select(choice) === 'one' ? 0 : 1) : Math.min(choice, choices - 1))];
    }),
  ),
  missingWarn: import.meta.env.DEV,
  fallbackWarn: import.meta.env.DEV,
});

/** Translate outside components (stores, pure helpers); reactive inside a computed or a template. */
export const t = i18n.global.t;

/** The language shown now. */
export const currentLocale = (): KioskLocale => i18n.global.locale.value;
