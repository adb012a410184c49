/**
 * Main's words: the kiosk's one i18n runtime, @intlify/core-base (the Vue-free core vue-i18n is
 * built on), over the same message modules the renderer shows (i18n/messages/), with the same
 * plural rules (i18n/plural-rules.ts) and pseudo-locale. Main words with it what it makes itself,
 * in the language the page shows (./shown-language.ts): the documents (the handover PDF and CSV,
 * the History and operator log CSVs) and its native dialogs. Messages are compiled to an AST and
 * evaluated without eval, as in the renderer. Pure: no Electron, no file.
 */
import {
  compile,
  createCoreContext,
  fallbackWithLocaleChain,
  registerLocaleFallbacker,
  registerMessageCompiler,
  registerMessageResolver,
  resolveValue,
  translate,
  type CoreContext,
} from '@intlify/core-base';
import { DEFAULT_LOCALE, INTL_LOCALE, type KioskLocale } from '../../contract/ipc';
import { allMessagesOf } from '../../../i18n/all-messages';
import { pluralRules } from '../../../i18n/plural-rules';
import type { MessageBranch, MessageKey, MessageParams } from '../../../i18n/schema';

// What vue-i18n's entry registers for the renderer: the AST compiler, the dotted-path resolver, the fallback chain.
registerMessageCompiler(compile);
registerMessageResolver(resolveValue);
registerLocaleFallbacker(fallbackWithLocaleChain);

/** The words of one language, as main writes them. */
export interface Words {
  readonly locale: KioskLocale;
  /** The Intl locale its dates, times and numbers are written in (electron/contract/languages.ts). */
  readonly intl: string;
  /**
   * A message with its parameters filled in (never read again as syntax); `plural` chooses the
   * form of an `a | b` message. A key English lacks fails typecheck; a key built from a code
   * (`documents.priorities.${priority}`) is checked for every code it can take.
   */
  t(key: MessageKey, params?: MessageParams, plural?: number): string;
  /**
   * Every message directly under a key, worded, by its last part: the words of codes that come
   * from recorded data (`under('enrolment.field')`: a field id in the log → its label), where a
   * code no message names is written as it is (look it up with `Object.hasOwn`).
   */
  under(branch: MessageBranch): Readonly<Record<string, string>>;
}

const made = new Map<KioskLocale, Words>();

/** The words of `locale` (made once; English fills in what a language lacks). */
export function wordsIn(locale: KioskLocale): Words {
  let words = made.get(locale);
  if (!words) {
    words = create(locale);
    made.set(locale, words);
  }
  return words;
}

/** English: the words of a document asked for outside a kiosk that knows what its page shows (a test, a script). */
export const englishWords = (): Words => wordsIn(DEFAULT_LOCALE);

function create(locale: KioskLocale): Words {
  const messages = { [DEFAULT_LOCALE]: allMessagesOf(DEFAULT_LOCALE), [locale]: allMessagesOf(locale) };
  const context = createCoreContext({
    locale,
    fallbackLocale: DEFAULT_LOCALE,
    messages,
    pluralRules: pluralRules(),
    missingWarn: false,
    fallbackWarn: false,
    warnHtmlMessage: false,
  }) as CoreContext<string>;
  const say = (key: string, params: MessageParams = {}, plural?: number): string => {
    const text = plural === undefined ? translate(context, key, params) : translate(context, key, params, plural);
    return typeof text === 'string' ? text : key;
  };
  return {
    locale,
    intl: INTL_LOCALE[locale],
    t: say,
    under: (branch) => {
      const node = resolveValue(messages[locale], branch);
      const names = node !== null && typeof node === 'object' ? Object.keys(node).filter((name) => typeof (node as Record<string, unknown>)[name] === 'string') : [];
      return Object.fromEntries(names.map((name) => [name, say(`${branch}.${name}`)]));
    },
  };
}
