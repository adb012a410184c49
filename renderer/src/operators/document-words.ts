/**
 * The words of the documents main writes, in the language shown, sent with the request that makes
 * them (main keeps no copy): the alarm priorities every document writes, and every fixed word of
 * the shift handover report (PDF and CSV) with the locale its dates, times and numbers are written
 * in. A line main fills in is sent with its `{placeholders}` (each passed as itself to `t`); a
 * count's plural forms are sent both, main picks one with Intl.PluralRules of the locale. Called
 * when the request is made, so a language switch is followed.
 */
import type { EndShiftRequest, HandoverWords } from '../../../electron/contract/ipc';
import { currentLocale, t } from '../i18n/i18n';
import { INTL_LOCALE } from '../i18n/locales';

/** Each name as its own placeholder: `t` leaves `{name}` in the text for main to fill in. */
const kept = (...names: string[]): Record<string, string> => Object.fromEntries(names.map((name) => [name, `{${name}}`]));

export function documentPriorities(): HandoverWords['priorities'] {
  return {
    critical: t('documents.priorities.critical'),
    high: t('documents.priorities.high'),
    medium: t('documents.priorities.medium'),
    low: t('documents.priorities.low'),
  };
}

/** The locale main formats a document's dates, times and numbers in: the language shown's. */
export const documentLocale = (): string => INTL_LOCALE[currentLocale()];

export function handoverWords(): HandoverWords {
  const count = kept('count');
  return {
    title: t('documents.handover.title', kept('operator')),
    madeAt: t('documents.handover.madeAt', kept('time')),
    shift: t('documents.handover.shift'),
    operator: t('documents.handover.operator', kept('operator')),
    span: t('documents.handover.span', kept('from', 'to')),
    alarmsByPriority: t('documents.handover.alarmsByPriority'),
    alarmLine: t('documents.handover.alarmLine', kept('priority', 'raised', 'acknowledged', 'open')),
    stillOpen: t('documents.handover.stillOpen', count),
    notes: t('documents.handover.notes', count),
    outages: t('documents.handover.outages', count),
    outageSpan: t('documents.handover.outageSpan', kept('from', 'to')),
    stillDown: t('documents.handover.stillDown'),
    exportsMade: t('documents.handover.exportsMade', count),
    rows: { one: t('documents.handover.rows', count, 1), other: t('documents.handover.rows', count, 2) },
    none: t('documents.handover.none'),
    andMore: t('documents.handover.andMore', count),
    moreInCsv: t('documents.handover.moreInCsv', count),
    priorities: documentPriorities(),
    csvHeadings: {
      section: t('documents.handover.csv.section'),
      time: t('documents.handover.csv.time'),
      until: t('documents.handover.csv.until'),
      priority: t('documents.handover.csv.priority'),
      device: t('documents.handover.csv.device'),
      text: t('documents.handover.csv.text'),
      detail: t('documents.handover.csv.detail'),
      count: t('documents.handover.csv.count'),
      operator: t('documents.handover.csv.operator'),
    },
    csvSections: {
      shift: t('documents.handover.sections.shift'),
      alarmsRaised: t('documents.handover.sections.alarmsRaised'),
      alarmsAcknowledged: t('documents.handover.sections.alarmsAcknowledged'),
      alarmsStillOpen: t('documents.handover.sections.alarmsStillOpen'),
      openAlarm: t('documents.handover.sections.openAlarm'),
      note: t('documents.handover.sections.note'),
      outage: t('documents.handover.sections.outage'),
      export: t('documents.handover.sections.export'),
    },
    csvRaised: t('documents.handover.raised'),
    unnamed: t('documents.handover.unnamed'),
    exportKinds: { historySearch: t('documents.handover.exportKinds.historySearch'), operatorLog: t('documents.handover.exportKinds.operatorLog') },
    csvAcknowledged: t('documents.handover.acknowledged'),
    csvOpen: t('documents.handover.open'),
    csvEvent: t('documents.handover.event', kept('id')),
  };
}

/** End shift's request: the report's words and locale, the language shown now. */
export const endShiftRequest = (): EndShiftRequest => ({ locale: documentLocale(), words: handoverWords() });
