/**
 * Every language's messages at once, for main (electron/core/language/words.ts), which words its
 * documents and dialogs in whichever language the page shows; the renderer never imports this
 * (lint): it loads a language when it is shown, each its own chunk. The table is typed against the
 * one list of languages (electron/contract/languages.ts): a language added there without its
 * folder here fails typecheck. The pseudo-locale is made from English, as the renderer makes it.
 */
import { PSEUDO_LOCALE, type KioskLocale, type SpokenLanguage } from '../electron/contract/languages';
import type { Messages } from './schema';
import { pseudoMessages } from './pseudo';
import en from './messages/en';
import de from './messages/de';
import fr from './messages/fr';
import es from './messages/es';

const SPOKEN: Readonly<Record<SpokenLanguage, Messages>> = { en, de, fr, es };
let pseudo: Messages | undefined;

/** A language's messages (en-XA: made from English the first time it is asked for). */
export function allMessagesOf(locale: KioskLocale): Messages {
  if (locale !== PSEUDO_LOCALE) return SPOKEN[locale];
  pseudo ??= pseudoMessages(en);
  return pseudo;
}
