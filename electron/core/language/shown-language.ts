/**
 * The language the kiosk's page shows now, as main knows it: the workstation's at start
 * (`kiosk.locale`, `auto` resolved), then whatever the page reports when the officer or guard
 * switches or the idle reset switches back (the `showLanguage` operation). Main words its native
 * dialogs in it (./native-words.ts). Holds no text itself.
 */
import type { KioskLocale } from '../config/locale';
import { nativeWords, type NativeWords } from './native-words';

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

  words(): NativeWords {
    return nativeWords(this.locale);
  }
}
