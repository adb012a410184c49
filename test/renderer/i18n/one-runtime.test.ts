// One runtime for the words: main's (core/language/words.ts, @intlify/core-base) and the
// renderer's (renderer/src/i18n/i18n.ts, vue-i18n, which is built on it) word every message of
// every language alike, from the same message modules (i18n/messages/), parameters and plural
// forms included. What main writes in a document is what the screen would say.
import { describe, expect, it } from 'vitest';
import { KIOSK_LOCALES } from '../../../electron/contract/languages';
import { wordsIn } from '../../../electron/core/language/words';
import { i18n } from '../../../renderer/src/i18n/i18n';
import { loadMessages } from '../../../renderer/src/i18n/locale-loader';
import en from '../../../i18n/messages/en';
import type { MessageKey } from '../../../i18n/schema';

type Tree = { readonly [key: string]: string | Tree };
const keys = (tree: Tree, prefix = ''): Array<[string, string]> =>
  Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : keys(value, `${prefix}${key}.`)));
const params = (message: string): string[] => [...new Set([...message.matchAll(/\{\s*([A-Za-z_]\w*)\s*\}/g)].map((m) => m[1]!))];

describe('main and the renderer word alike', () => {
  for (const locale of KIOSK_LOCALES) {
    it(`every message in ${locale}, with its parameters and each plural form`, async () => {
      i18n.global.setLocaleMessage(locale, await loadMessages(locale));
      i18n.global.locale.value = locale;
      const main = wordsIn(locale);
      const renderer = i18n.global.t as (key: string, named: Record<string, unknown>, plural?: number) => string;
      for (const [key, text] of keys(en as Tree)) {
        const values = Object.fromEntries(params(text).map((name) => [name, `<${name}>`]));
        for (const count of [0, 1, 2, 5]) expect(main.t(key as MessageKey, values, count), `${locale} ${key} (${count})`).toBe(renderer(key, values, count));
        expect(main.t(key as MessageKey, values), `${locale} ${key}`).toBe(renderer(key, values));
      }
      i18n.global.locale.value = 'en';
    });
  }
});
