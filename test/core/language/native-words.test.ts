// Main's native dialogs (save, quit with enrolments waiting) in the language the page shows: every
// language has every word, the quit warning counts in each, en-XA falls back to English, and the
// page's report of the language shown is what main uses. The words were main's own four-language
// functions (core/language/native-words.ts); they are the `dialogs` messages now
// (i18n/messages/<language>/dialogs.ts), worded by main's runtime (core/language/words.ts), and
// every text below is as it was.
import { describe, expect, it } from 'vitest';
import { nativeWords } from '../../../electron/core/language/native-words';
import { ShownLanguage } from '../../../electron/core/language/shown-language';
import type { Words } from '../../../electron/core/language/words';
import { quitWarning } from '../../../electron/core/cardholders/outbox/quit-warning';
import { SPOKEN_LANGUAGES, type OutboxState } from '../../../electron/contract/ipc';

const outbox = (pending: number, failed: number): OutboxState => ({ pending, failed }) as unknown as OutboxState;

/** Every text a language's words give, filled in, to compare languages. */
function allTexts(words: Words): string[] {
  const warning = (waiting: number, failed: number): string[] => Object.values(quitWarning(outbox(waiting - failed, failed), words) ?? {});
  return [
    ...(['searchResults', 'operatorLog', 'badgePdf'] as const).map((ask) => words.t(`dialogs.saveTitle.${ask}`)),
    words.t('dialogs.csvFiles'),
    ...warning(1, 0),
    ...warning(3, 0),
    ...warning(3, 2),
  ];
}

describe('native words', () => {
  it('English is as the dialogs said before, singular and plural', () => {
    expect(quitWarning(outbox(1, 0), nativeWords('en'))).toEqual({
      message: '1 enrolment has not reached the access-control service yet.',
      detail: 'It is kept on this workstation and sent after the kiosk starts again.',
      quit: 'Quit anyway',
      stay: 'Stay',
    });
    expect(quitWarning(outbox(2, 1), nativeWords('en'))?.detail).toBe(
      'They are kept on this workstation and sent after the kiosk starts again. One needs your attention first (the service refused it): see the outbox in the status bar.',
    );
    expect(quitWarning(outbox(3, 0), nativeWords('en'))?.message).toBe('3 enrolments have not reached the access-control service yet.');
    expect(quitWarning(outbox(0, 0), nativeWords('en'))).toBeNull();
  });

  it('German, French and Spanish word every text, none left in English, counts filled in', () => {
    const english = allTexts(nativeWords('en'));
    for (const locale of SPOKEN_LANGUAGES.slice(1)) {
      const texts = allTexts(nativeWords(locale));
      expect(texts).toHaveLength(english.length);
      texts.forEach((text, i) => {
        expect(text.length, `${locale} #${i}`).toBeGreaterThan(0);
        if (english[i] !== 'PDF') expect(text, `${locale} #${i}`).not.toBe(english[i]);
      });
      expect(quitWarning(outbox(3, 0), nativeWords(locale))?.message).toContain('3');
      expect(quitWarning(outbox(3, 2), nativeWords(locale))?.detail).toContain('2');
    }
    expect(quitWarning(outbox(3, 0), nativeWords('de'))).toMatchObject({ message: '3 Erfassungen haben den Zutrittskontrolldienst noch nicht erreicht.', quit: 'Trotzdem beenden', stay: 'Bleiben' });
    expect(quitWarning(outbox(0, 1), nativeWords('de'))).toEqual({
      message: '1 Erfassung hat den Zutrittskontrolldienst noch nicht erreicht.',
      detail: 'Sie bleibt auf diesem Arbeitsplatz gespeichert und wird nach dem nächsten Start des Kiosks gesendet. Eine braucht zuerst Ihre Aufmerksamkeit (der Dienst hat sie abgelehnt): siehe Postausgang in der Statusleiste.',
      quit: 'Trotzdem beenden',
      stay: 'Bleiben',
    });
    expect(quitWarning(outbox(1, 1), nativeWords('fr'))?.detail).toBe(
      'Ils sont conservés sur ce poste et seront envoyés au prochain démarrage de la borne. Un demande d’abord votre attention (le service l’a refusé) : voir la boîte d’envoi dans la barre d’état.',
    );
    expect(quitWarning(outbox(0, 2), nativeWords('es'))?.detail).toBe(
      'Se guardan en este puesto y se enviarán cuando el quiosco vuelva a arrancar. 2 necesitan antes su atención (el servicio las rechazó): vea la bandeja de salida en la barra de estado.',
    );
  });

  it('the pseudo-locale shows the native dialogs in English', () => {
    expect(nativeWords('en-XA')).toBe(nativeWords('en'));
  });

  it("follows the language the page reports, starting from the workstation's", () => {
    const shown = new ShownLanguage('fr');
    expect(shown.nativeWords().t('dialogs.stay')).toBe('Rester');
    shown.show('es');
    expect(shown.current()).toBe('es');
    expect(shown.nativeWords().t('dialogs.saveTitle.operatorLog')).toBe('Exportar el registro de operadores');
    // The documents follow it too, the pseudo-locale included (the dialogs stay English in it).
    shown.show('en-XA');
    expect(shown.documentWords().t('documents.handover.shift')).toMatch(/^\[Šĥíƒŧ/);
    expect(shown.nativeWords().t('dialogs.stay')).toBe('Stay');
  });
});
