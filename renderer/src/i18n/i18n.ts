/**
 * The renderer's vue-i18n instance (Composition API mode) over the kiosk's message modules
 * (i18n/messages/, the same ones main words its documents with through @intlify/core-base, the
 * runtime vue-i18n is built on), English loaded with the app as the default and the fallback;
 * other languages are added by the locale store when chosen (./locale-store.ts, ./locale-loader.ts). Components call `useI18n()`; modules that are not
 * components (stores, pure text helpers) call `t` from here. Messages are compiled to an AST at
 * run time without eval (the page's policy forbids it: electron.vite.config.ts sets the flags).
 */
import { createI18n } from 'vue-i18n';
import en from '../../../i18n/messages/en';
import type { MessageKey, MessageParams, Messages } from '../../../i18n/schema';
import { pluralRules } from '../../../i18n/plural-rules';
import { DEFAULT_LOCALE, type KioskLocale } from './locales';

export type { MessageKey, MessageParams };

export const i18n = createI18n<[Messages], KioskLocale, false>({
  legacy: false,
  locale: DEFAULT_LOCALE,
  fallbackLocale: DEFAULT_LOCALE,
  messages: { en } as Record<KioskLocale, Messages>,
  // The plural rules of each language come from Intl (French: 0 and 1 are singular), the same as main's (i18n/plural-rules.ts).
  pluralRules: pluralRules(),
  missingWarn: import.meta.env.DEV,
  fallbackWarn: import.meta.env.DEV,
});

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
