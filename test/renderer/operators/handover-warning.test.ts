// The handover warning worded from its key in the language shown. (This file held the documents'
// words the renderer sent with each request too; main words its documents itself now:
// test/core/language/words.test.ts, and test/renderer/i18n/one-runtime.test.ts shows main's words
// are the renderer's.)
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../renderer/src/i18n/i18n';
import { loadMessages } from '../../../renderer/src/i18n/locale-loader';
import type { KioskLocale } from '../../../renderer/src/i18n/locales';
import { handoverWarningText } from '../../../renderer/src/operators/handover-warning';

async function show(locale: Exclude<KioskLocale, 'en'>): Promise<void> {
  i18n.global.setLocaleMessage(locale, await loadMessages(locale));
  i18n.global.locale.value = locale;
}

describe('the handover warning', () => {
  it('says in English what it said before', () => {
    expect(handoverWarningText({ key: 'csvNotSaved', params: { reason: 'EACCES' } })).toBe('The handover report was made, but the CSV could not be saved (EACCES).');
    expect(handoverWarningText({ key: 'pdfNotSaved', params: { reason: 'ENOSPC' } })).toBe('The handover report was made, but the PDF could not be saved (ENOSPC).');
    expect(handoverWarningText({ key: 'neitherSaved', params: { csvReason: 'EACCES', pdfReason: 'ENOSPC' } })).toBe(
      'The handover report was made, but the CSV could not be saved (EACCES) and the PDF could not be saved (ENOSPC).',
    );
  });

  it('says it in German, the system reason as it came', async () => {
    await show('de');
    expect(handoverWarningText({ key: 'neitherSaved', params: { csvReason: 'EACCES', pdfReason: 'ENOSPC' } })).toBe(
      'Der Übergabebericht wurde erstellt, aber weder die CSV-Datei (EACCES) noch die PDF-Datei (ENOSPC) konnte gespeichert werden.',
    );
  });
});
