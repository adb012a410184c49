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

/** Every message key: the dotted path of each English text (`status.checkNow`). */
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
export type MessageKey = Leaves<Messages>;
export type MessageParams = Record<string, unknown>;

const translate = i18n.global.t as (key: string, ...rest: unknown[]) => string;

/**
 * Translate outside components (stores, pure helpers); reactive inside a computed or a template.
 * The key is checked by the type checker (a key English lacks fails typecheck); `plural` chooses
 * the form of an `a | b` message (vue-i18n's plural rules, from Intl).
 */
export function t(key: MessageKey, plural: number): string;
export function t(key: MessageKey, params?: MessageParams, plural?: number): string;
export function t(key: MessageKey, paramsOrPlural?: MessageParams | number, plural?: number): string {
  if (typeof paramsOrPlural === 'number') return translate(key, paramsOrPlural);
  if (plural !== undefined) return translate(key, paramsOrPlural ?? {}, plural);
  return paramsOrPlural === undefined ? translate(key) : translate(key, paramsOrPlural);
}

/** The language shown now. */
export const currentLocale = (): KioskLocale => i18n.global.locale.value;
