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
    period: t('documents.handover.period', kept('from', 'to', 'duration')),
    duration: {
      days: t('documents.handover.duration.days', kept('days', 'hours')),
      hours: t('documents.handover.duration.hours', kept('hours', 'minutes')),
      minutes: t('documents.handover.duration.minutes', kept('minutes', 'seconds')),
      seconds: t('documents.handover.duration.seconds', kept('seconds')),
    },
    alarmsByPriority: t('documents.handover.alarmsByPriority'),
    alarmsExplained: t('documents.handover.alarmsExplained'),
    alarmColumns: {
      priority: t('documents.handover.alarmColumns.priority'),
      raised: t('documents.handover.alarmColumns.raised'),
      acknowledged: t('documents.handover.alarmColumns.acknowledged'),
      waiting: t('documents.handover.alarmColumns.waiting'),
      setAside: t('documents.handover.alarmColumns.setAside'),
      caughtUp: t('documents.handover.alarmColumns.caughtUp'),
      acknowledgedInShift: t('documents.handover.alarmColumns.acknowledgedInShift'),
    },
    total: t('documents.handover.total'),
    unacknowledged: t('documents.handover.unacknowledged', count),
    unacknowledgedGroups: t('documents.handover.unacknowledgedGroups', kept('waiting', 'preShift', 'setAside', 'bound')),
    notListed: t('documents.handover.notListed', count),
    notes: t('documents.handover.notes', count),
    outages: t('documents.handover.outages', count),
    stillDown: t('documents.handover.stillDown'),
    outageRaised: t('documents.handover.outageRaised', kept('time')),
    outageAcknowledged: t('documents.handover.outageAcknowledged', kept('time')),
    outageAcknowledgedBy: t('documents.handover.outageAcknowledgedBy', kept('time', 'operator')),
    outageNotAcknowledged: t('documents.handover.outageNotAcknowledged'),
    outageKioskStopped: t('documents.handover.outageKioskStopped'),
    downtime: t('documents.handover.downtime', count),
    stoppedCleanly: t('documents.handover.stoppedCleanly'),
    notStoppedCleanly: t('documents.handover.notStoppedCleanly'),
    catchUps: t('documents.handover.catchUps', count),
    catchUpCauses: { stopped: t('documents.handover.catchUpCauses.stopped'), renumbered: t('documents.handover.catchUpCauses.renumbered') },
    catchUpUntil: t('documents.handover.catchUpUntil', kept('to')),
    catchUpRead: t('documents.handover.catchUpRead', kept('first', 'last', 'read', 'setAside')),
    catchUpAlarms: t('documents.handover.catchUpAlarms', kept('alarms', 'critical', 'high', 'medium', 'low')),
    catchUpNotRead: t('documents.handover.catchUpNotRead', kept('first', 'last', 'count')),
    catchUpReading: t('documents.handover.catchUpReading', kept('id')),
    setAsideEvents: t('documents.handover.setAsideEvents', count),
    setAsideEventsExplained: t('documents.handover.setAsideEventsExplained'),
    exportsMade: t('documents.handover.exportsMade', count),
    rows: { one: t('documents.handover.rows', count, 1), other: t('documents.handover.rows', count, 2) },
    none: t('documents.handover.none'),
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
      alarmsWaiting: t('documents.handover.sections.alarmsWaiting'),
      alarmsSetAside: t('documents.handover.sections.alarmsSetAside'),
      alarmsCaughtUp: t('documents.handover.sections.alarmsCaughtUp'),
      acknowledgementsMade: t('documents.handover.sections.acknowledgementsMade'),
      unacknowledgedNow: t('documents.handover.sections.unacknowledgedNow'),
      openAlarm: t('documents.handover.sections.openAlarm'),
      note: t('documents.handover.sections.note'),
      outage: t('documents.handover.sections.outage'),
      downtime: t('documents.handover.sections.downtime'),
      catchUp: t('documents.handover.sections.catchUp'),
      setAsideEvents: t('documents.handover.sections.setAsideEvents'),
      export: t('documents.handover.sections.export'),
    },
    csvGroups: {
      total: t('documents.handover.groups.total'),
      waiting: t('documents.handover.groups.waiting'),
      preShift: t('documents.handover.groups.preShift'),
      setAside: t('documents.handover.groups.setAside'),
    },
    csvEvent: t('documents.handover.event', kept('id')),
    unnamed: t('documents.handover.unnamed'),
    exportKinds: { historySearch: t('documents.handover.exportKinds.historySearch'), operatorLog: t('documents.handover.exportKinds.operatorLog') },
  };
}

/** End shift's request: the report's words and locale, the language shown now. */
export const endShiftRequest = (): EndShiftRequest => ({ locale: documentLocale(), words: handoverWords() });
