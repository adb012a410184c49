// The documents' words as the renderer sends them (renderer/src/operators/document-words.ts and
// friends), read straight from a language's message file for node-side tests (no vue-i18n here):
// placeholders are already `{name}` in the files, plural forms are split at `|`.
import type { EndShiftRequest, HandoverWords, HistoryCsvWords, OperatorLogExportRequest } from '../../electron/contract/ipc';
import type { Messages } from '../../renderer/src/i18n/schema';
import en from '../../renderer/src/i18n/messages/en/documents';
import de from '../../renderer/src/i18n/messages/de/documents';
import fr from '../../renderer/src/i18n/messages/fr/documents';
import es from '../../renderer/src/i18n/messages/es/documents';
import { pseudoMessages } from '../../renderer/src/i18n/pseudo';

type Documents = Messages['documents'];
/** The kiosk's languages, and the pseudo-locale en-XA (accented, about 40 % longer) made from English as the kiosk makes it. */
export type DocumentLanguage = 'en' | 'de' | 'fr' | 'es' | 'en-XA';
export type HandoverLanguageCode = DocumentLanguage;
export const DOCUMENTS: Record<DocumentLanguage, Documents> = { en, de, fr, es, 'en-XA': pseudoMessages(en) };
/** The locale each language's dates, times and numbers are written in (renderer/src/i18n/locales.ts). */
export const LOCALE: Record<DocumentLanguage, string> = { en: 'en-GB', de: 'de-DE', fr: 'fr-FR', es: 'es-ES', 'en-XA': 'en-GB' };

/**
 * The handover report's words: the message file's keys are the contract's (HandoverWords) but for
 * the plural `rows`, the priorities and the CSV's words, renamed here; a word added to both needs
 * no change here.
 */
export function handoverWordsOf(language: DocumentLanguage): HandoverWords {
  const { handover, priorities } = DOCUMENTS[language];
  const { rows, csv, sections, groups, event, ...rest } = handover;
  const [one = '', other = ''] = rows.split(/\s*\|\s*/);
  return { ...rest, rows: { one, other }, priorities: { ...priorities }, csvHeadings: { ...csv }, csvSections: { ...sections }, csvGroups: { ...groups }, csvEvent: event };
}

export const endShiftIn = (language: DocumentLanguage): EndShiftRequest => ({ locale: LOCALE[language], words: handoverWordsOf(language) });

export const historyCsvWordsOf = (language: DocumentLanguage): HistoryCsvWords => ({ headings: { ...DOCUMENTS[language].historyCsv }, priorities: { ...DOCUMENTS[language].priorities } });

export function operatorLogWordsOf<P extends OperatorLogExportRequest['part']>(language: DocumentLanguage, part: P): Extract<OperatorLogExportRequest, { part: P }> {
  const d = DOCUMENTS[language].operatorLogCsv;
  const words =
    part === 'alarms'
      ? { headings: { ...d.alarms }, priorities: { ...DOCUMENTS[language].priorities } }
      : part === 'enrolments'
        ? { headings: { ...d.enrolments }, kinds: { ...d.kinds }, outcomes: { ...d.enrolmentOutcomes } }
        : { headings: { ...d.badges }, outcomes: { ...d.outcomes } };
  return { part, words } as Extract<OperatorLogExportRequest, { part: P }>;
}
