// The documents' words as the renderer sends them (renderer/src/operators/document-words.ts and
// friends), read straight from a language's message file for node-side tests (no vue-i18n here):
// placeholders are already `{name}` in the files, plural forms are split at `|`.
import type { EndShiftRequest, HandoverWords, HistoryCsvWords, OperatorLogExportRequest } from '../../electron/contract/ipc';
import type { Messages } from '../../renderer/src/i18n/schema';
import en from '../../renderer/src/i18n/messages/en/documents';
import de from '../../renderer/src/i18n/messages/de/documents';
import { pseudoMessages } from '../../renderer/src/i18n/pseudo';

type Documents = Messages['documents'];
/** English, German, and the pseudo-locale en-XA (accented, about 40 % longer) made from English as the kiosk makes it. */
export type DocumentLanguage = 'en' | 'de' | 'en-XA';
export const DOCUMENTS: Record<DocumentLanguage, Documents> = { en, de, 'en-XA': pseudoMessages(en) };
const LOCALE = { en: 'en-GB', de: 'de-DE', 'en-XA': 'en-GB' } as const;

export function handoverWordsOf(language: DocumentLanguage): HandoverWords {
  const { handover: h, priorities } = DOCUMENTS[language];
  const [one = '', other = ''] = h.rows.split(/\s*\|\s*/);
  return {
    title: h.title,
    madeAt: h.madeAt,
    shift: h.shift,
    operator: h.operator,
    span: h.span,
    alarmsByPriority: h.alarmsByPriority,
    alarmLine: h.alarmLine,
    stillOpen: h.stillOpen,
    notes: h.notes,
    outages: h.outages,
    outageSpan: h.outageSpan,
    stillDown: h.stillDown,
    exportsMade: h.exportsMade,
    rows: { one, other },
    none: h.none,
    andMore: h.andMore,
    moreInCsv: h.moreInCsv,
    priorities: { ...priorities },
    csvHeadings: { ...h.csv },
    csvSections: { ...h.sections },
    csvRaised: h.raised,
    csvAcknowledged: h.acknowledged,
    csvOpen: h.open,
    csvEvent: h.event,
    unnamed: h.unnamed,
    exportKinds: { ...h.exportKinds },
  };
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
