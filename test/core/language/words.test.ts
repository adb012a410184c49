// Main's words (core/language/words.ts): @intlify/core-base over the kiosk's message modules
// (i18n/messages/), each language with its Intl locale, plural forms chosen as the renderer
// chooses them, the pseudo-locale made from English, parameters never read as syntax. Moved here
// from test/renderer/operators/document-words.test.ts, which checked the same words as the
// renderer sent them with each request (placeholders kept for main to fill in).
import { describe, expect, it } from 'vitest';
import { KIOSK_LOCALES } from '../../../electron/contract/ipc';
import { englishWords, wordsIn } from '../../../electron/core/language/words';

describe("main's words", () => {
  it('in English: the English messages filled in, the en-GB locale', () => {
    const en = wordsIn('en');
    expect(en.intl).toBe('en-GB');
    expect(englishWords()).toBe(en);
    expect(en.t('documents.handover.unacknowledgedGroups', { waiting: '1', preShift: '2', setAside: '3', bound: '100,000' })).toBe(
      "1 in the alarm list, 2 from before this shift, 3 set aside beyond the list's bound (100,000). The most urgent first:",
    );
    expect(en.t('documents.handover.rows', { count: '1' }, 1)).toBe('1 row');
    expect(en.t('documents.handover.rows', { count: '2' }, 2)).toBe('2 rows');
    expect(en.t('documents.historyCsv.device_Name')).toBe('device_Name');
  });

  it('in German, French and Spanish: their words, plural forms and locales', () => {
    const de = wordsIn('de');
    expect(de.intl).toBe('de-DE');
    expect([de.t('documents.handover.rows', { count: '1' }, 1), de.t('documents.handover.rows', { count: '12.500' }, 12_500)]).toEqual(['1 Zeile', '12.500 Zeilen']);
    expect(de.t('documents.historyCsv.device_Name')).toBe('Gerät');
    const fr = wordsIn('fr');
    expect(fr.intl).toBe('fr-FR');
    expect(fr.t('documents.handover.title', { operator: 'Ada' })).toBe('Relève de poste — Ada');
    // French takes the singular for 0 and 1 (Intl.PluralRules, as the renderer: i18n/plural-rules.ts).
    expect(fr.t('documents.handover.rows', { count: '0' }, 0)).toBe('0 ligne');
    expect(wordsIn('es').intl).toBe('es-ES');
    expect(wordsIn('es').t('documents.handover.rows', { count: '2' }, 2)).toBe('2 filas');
  });

  it('in the pseudo-locale (about 40 % longer, accented): every parameter filled in', () => {
    const english = wordsIn('en').t('documents.handover.catchUpAlarms', { alarms: 'A', critical: 'C', high: 'H', medium: 'M', low: 'L' });
    const pseudo = wordsIn('en-XA').t('documents.handover.catchUpAlarms', { alarms: 'A', critical: 'C', high: 'H', medium: 'M', low: 'L' });
    expect(pseudo).toMatch(/^\[A .*C.*H.*M.*L.*\]$/);
    expect(pseudo.length).toBeGreaterThan(english.length);
    expect(wordsIn('en-XA').intl).toBe('en-GB');
  });

  it('never reads a parameter as message syntax', () => {
    expect(wordsIn('de').t('documents.handover.title', { operator: "{operator} @:documents.handover.shift | {'@'}" })).toBe("Schichtübergabe — {operator} @:documents.handover.shift | {'@'}");
  });

  it('words every message under a key, by its last part (codes from recorded data)', () => {
    expect(wordsIn('de').under('enrolment.field')).toMatchObject({ last_Name: 'Nachname', city: 'Ort' });
    expect(Object.hasOwn(wordsIn('de').under('enrolment.field'), 'constructor')).toBe(false);
    expect(wordsIn('fr').under('documents.operatorLogCsv.outcomes')).toEqual({ printed: expect.any(String), saved: expect.any(String), failed: expect.any(String) });
  });

  it('has every language of the one list, each made once', () => {
    for (const locale of KIOSK_LOCALES) {
      expect(wordsIn(locale).locale).toBe(locale);
      expect(wordsIn(locale)).toBe(wordsIn(locale));
      expect(wordsIn(locale).t('dialogs.stay').trim()).not.toBe('');
    }
  });
});
