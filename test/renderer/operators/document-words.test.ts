// The documents' words as the renderer sends them with the request (History CSV, operator log CSV,
// the handover report at End shift): from the message files of the language shown, through the
// kiosk's real `t`, placeholders kept for main; each language (and the long pseudo-locale) passes
// the contract's schema; the handover warning worded from its key in the language shown.
import { describe, expect, it } from 'vitest';
import { EndShiftRequest, historyOperations, OperatorLogExportRequest } from '../../../electron/contract/ipc';
import { i18n } from '../../../renderer/src/i18n/i18n';
import { loadMessages } from '../../../renderer/src/i18n/locale-loader';
import type { KioskLocale } from '../../../renderer/src/i18n/locales';
import { endShiftRequest, handoverWords } from '../../../renderer/src/operators/document-words';
import { handoverWarningText } from '../../../renderer/src/operators/handover-warning';
import { historyCsvWords } from '../../../renderer/src/history/csv-words';
import { operatorLogExportRequest } from '../../../renderer/src/operator-log/export-words';
import { handoverWordsOf, historyCsvWordsOf, operatorLogWordsOf } from '../../support/document-words';

async function show(locale: Exclude<KioskLocale, 'en'>): Promise<void> {
  i18n.global.setLocaleMessage(locale, await loadMessages(locale));
  i18n.global.locale.value = locale;
}

const valid = (): void => {
  expect(EndShiftRequest.safeParse(endShiftRequest()).success).toBe(true);
  expect(historyOperations.exportSearchCsv.request.safeParse({ resultId: 'r', words: historyCsvWords() }).success).toBe(true);
  for (const part of ['alarms', 'enrolments', 'badges'] as const) expect(OperatorLogExportRequest.safeParse(operatorLogExportRequest(part)).success).toBe(true);
};

describe('document words sent with the request', () => {
  it('in English: the words of the English message file, placeholders kept, the en-GB locale', () => {
    expect(endShiftRequest()).toEqual({ locale: 'en-GB', words: handoverWordsOf('en') });
    expect(handoverWords().unacknowledgedGroups).toBe("{waiting} in the alarm list, {preShift} from before this shift, {setAside} set aside beyond the list's bound ({bound}). The most urgent first:");
    expect(handoverWords().rows).toEqual({ one: '{count} row', other: '{count} rows' });
    expect(historyCsvWords()).toEqual(historyCsvWordsOf('en'));
    expect(operatorLogExportRequest('badges')).toEqual(operatorLogWordsOf('en', 'badges'));
    valid();
  });

  it('in German: German words and the de-DE locale, valid for the contract', async () => {
    await show('de');
    expect(endShiftRequest()).toEqual({ locale: 'de-DE', words: handoverWordsOf('de') });
    expect(handoverWords().rows).toEqual({ one: '{count} Zeile', other: '{count} Zeilen' });
    expect(historyCsvWords().headings.device_Name).toBe('Gerät');
    expect(operatorLogExportRequest('alarms')).toEqual(operatorLogWordsOf('de', 'alarms'));
    valid();
  });

  it('in French and Spanish, valid for the contract with their locales', async () => {
    await show('fr');
    expect(endShiftRequest().locale).toBe('fr-FR');
    expect(handoverWords().title).toBe('Relève de poste — {operator}');
    valid();
    await show('es');
    expect(endShiftRequest().locale).toBe('es-ES');
    valid();
  });

  it('in the pseudo-locale (about 40 % longer, accented): placeholders kept and within the bounds', async () => {
    await show('en-XA');
    const words = handoverWords();
    expect(words.catchUpAlarms).toMatch(/^\[.*\{alarms\}.*\{critical\}.*\{high\}.*\{medium\}.*\{low\}.*\]$/);
    expect(words.catchUpAlarms.length).toBeGreaterThan('{alarms} alarms found ({critical} critical, {high} high, {medium} medium, {low} low)'.length);
    valid();
  });
});

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
