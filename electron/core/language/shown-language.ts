/**
 * The language the kiosk's page shows now, as main knows it: the workstation's at start
 * (`kiosk.locale`, `auto` resolved), then whatever the page reports when the officer or guard
 * switches or the idle reset switches back (the `showLanguage` operation). Main words in it what
 * it makes itself (./words.ts): the documents a screen asks for, and its native dialogs
 * (./native-words.ts). Holds no text itself.
 */
import type { KioskLocale } from '../config/locale';
import { nativeWords } from './native-words';
import { wordsIn, type Words } from './words';

export class ShownLanguage {
  private locale: KioskLocale;

  constructor(workstation: KioskLocale) {
    this.locale = workstation;
  }

  current(): KioskLocale {
    return this.locale;
  }

  show(locale: KioskLocale): void {
    this.locale = locale;
  }

  /** The words of the documents a screen asks for (the handover report, the CSV exports), in the language it shows. */
  documentWords(): Words {
    return wordsIn(this.locale);
  }

  /** The words of main's native dialogs (save, quit). */
  nativeWords(): Words {
    return nativeWords(this.locale);
  }
}
