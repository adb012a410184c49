// Main's native dialogs (save, quit with enrolments waiting) in the language the page shows: every
// language has every word, the quit warning counts in each, en-XA falls back to English, and the
// page's report of the language shown is what main uses.
import { describe, expect, it } from 'vitest';
import { nativeWords, type NativeWords } from '../../../electron/core/language/native-words';
import { ShownLanguage } from '../../../electron/core/language/shown-language';
import { quitWarning } from '../../../electron/core/cardholders/outbox/quit-warning';
import type { OutboxState } from '../../../electron/contract/ipc';

const outbox = (pending: number, failed: number): OutboxState => ({ pending, failed }) as unknown as OutboxState;
const LANGUAGES = ['en', 'de', 'fr', 'es'] as const;

/** Every text a language's words give, filled in, to compare languages. */
function allTexts(words: NativeWords): string[] {
  return [...Object.values(words.saveTitle), words.csvFiles, words.quitWaiting(1), words.quitWaiting(3), words.quitKept(1, 0), words.quitKept(3, 2), words.quitAnyway, words.stay];
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
    expect(quitWarning(outbox(0, 0), nativeWords('en'))).toBeNull();
  });

  it('German, French and Spanish word every text, none left in English, counts filled in', () => {
    const english = allTexts(nativeWords('en'));
    for (const locale of LANGUAGES.slice(1)) {
      const texts = allTexts(nativeWords(locale));
      texts.forEach((text, i) => {
        expect(text.length, `${locale} #${i}`).toBeGreaterThan(0);
        if (english[i] !== 'PDF') expect(text, `${locale} #${i}`).not.toBe(english[i]);
      });
      expect(nativeWords(locale).quitWaiting(3)).toContain('3');
      expect(nativeWords(locale).quitKept(5, 2)).toContain('2');
    }
    expect(quitWarning(outbox(3, 0), nativeWords('de'))).toMatchObject({ message: '3 Erfassungen haben den Zutrittskontrolldienst noch nicht erreicht.', quit: 'Trotzdem beenden', stay: 'Bleiben' });
  });

  it('the pseudo-locale shows the native dialogs in English', () => {
    expect(nativeWords('en-XA')).toBe(nativeWords('en'));
  });

  it("follows the language the page reports, starting from the workstation's", () => {
    const shown = new ShownLanguage('fr');
    expect(shown.words().stay).toBe('Rester');
    shown.show('es');
    expect(shown.current()).toBe('es');
    expect(shown.words().saveTitle.operatorLog).toBe('Exportar el registro de operadores');
  });
});
