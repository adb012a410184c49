/**
 * The operator log's CSV export: every acknowledgement, enrolment action or badge print, with the
 * same columns as the operator log's screen, saved where the person chooses (the save-file port,
 * asked with its own title). It runs under the contract's policy for `exportOperatorLog` (someone
 * on shift and a fresh admin unlock), which the gateway enforces; kiosk-core records each saved
 * export in the shift journal. Headings and the fixed words of its cells (priorities, kinds of
 * action, outcomes, the form's field names) are main's words (`documents.operatorLogCsv`,
 * core/language/words.ts) in the language the page shows; a code no message names (an older
 * entry's) is written as it is.
 */
import { ALARM_PRIORITIES, OPERATOR_LOG_COLUMNS, type Acknowledgement, type AlarmPriority, type BadgePrintEntry, type EnrolmentLogEntry, type ExportResult, type OperatorLogExportRequest } from '../../contract/ipc';
import { outcomeSummary, type OutcomeWords } from '../cardholders/enrolment/enrolment-log';
import type { OperationHandlers } from '../ipc/gateway';
import type { Logger } from '../log/logger';
import { writeCsvFile } from '../history/csv';
import { BADGE_LOG_COLUMNS, badgeLogRow } from '../badges/badge-log';
import { SAVE_ASKS, type PickSaveFile } from '../ports/save-file';
import { englishWords, type Words } from '../language/words';

export interface OperatorLogExportOptions {
  log: Logger;
  pickSaveFile: PickSaveFile;
  listAcknowledgements: () => Promise<readonly Acknowledgement[]> | readonly Acknowledgement[];
  listEnrolmentLog: () => Promise<readonly EnrolmentLogEntry[]> | readonly EnrolmentLogEntry[];
  /** The badge prints (badges/badge-log.ts); absent: the badge part is empty. */
  listBadgeLog?: () => Promise<BadgePrintEntry[]>;
  /** The CSV's words: the language the page shows (core/language/shown-language.ts); English when absent. */
  words?: () => Words;
  now?: () => number;
}

/** A code written in a cell: its words, or the code itself when no message names it. */
const word = (words: Readonly<Record<string, string>>, code: string): string => (Object.hasOwn(words, code) ? words[code]! : code);


/** The rows and the header of one part of the log, in the words given. */
async function table(request: OperatorLogExportRequest, options: OperatorLogExportOptions, words: Words): Promise<{ header: string[]; rows: unknown[][] }> {
  switch (request.part) {
    case 'alarms': {
      const priorities = Object.fromEntries(ALARM_PRIORITIES.map((p) => [p, words.t(`documents.priorities.${p}`)])) as Record<AlarmPriority, string>;
      return {
        header: OPERATOR_LOG_COLUMNS.alarms.map((column) => words.t(`documents.operatorLogCsv.alarms.${column}`)),
        rows: (await options.listAcknowledgements()).map((a) => [a.acknowledgedAt, a.eventCreated ?? '', a.priority ? word(priorities, a.priority) : '', a.device, a.text, a.note, a.operator ?? '', a.recordIds.join(' ')]),
      };
    }
    case 'badges': {
      const entries = await (options.listBadgeLog?.() ?? Promise.resolve([]));
      const outcome = BADGE_LOG_COLUMNS.indexOf('outcome');
      const outcomes = words.under('documents.operatorLogCsv.outcomes');
      return {
        header: BADGE_LOG_COLUMNS.map((column) => words.t(`documents.operatorLogCsv.badges.${column}`)),
        rows: entries.map((entry) => badgeLogRow(entry).map((cell, index) => (index === outcome ? word(outcomes, entry.outcome) : cell))),
      };
    }
    case 'enrolments': {
      const kinds = words.under('documents.operatorLogCsv.kinds');
      // An outcome in a file: its short words, the kinds of action and the form's field names.
      const outcome: OutcomeWords = { outcomes: words.under('documents.operatorLogCsv.enrolmentOutcomes'), kinds, fields: words.under('enrolment.field') };
      return {
        header: OPERATOR_LOG_COLUMNS.enrolments.map((column) => words.t(`documents.operatorLogCsv.enrolments.${column}`)),
        // The outcome as a code with its values (field ids), language-neutral; a line kept from before codes, as it was written.
        rows: (await options.listEnrolmentLog()).map((e) => [e.at, word(kinds, e.kind), e.cardholderId, e.name, outcomeSummary(e.outcome, outcome), e.operator ?? '']),
      };
    }
  }
}

export function createOperatorLogExport(options: OperatorLogExportOptions): Pick<OperationHandlers, 'exportOperatorLog'> {
  return {
    exportOperatorLog: async (request): Promise<ExportResult> => {
      const { part } = request;
      const stamp = new Date(options.now?.() ?? Date.now()).toISOString().slice(0, 19).replace(/[:T]/g, '-');
      const file = await options.pickSaveFile(`operator-log-${part}-${stamp}.csv`, SAVE_ASKS.operatorLog);
      if (file === null) return { saved: false, path: null, rows: 0 };
      // The same columns as the operator log's screen (event time, priority, operator), every entry.
      const { header, rows } = await table(request, options, (options.words ?? englishWords)());
      const written = await writeCsvFile(file, header, rows);
      options.log.info('admin-lock', `operator log (${part}) exported: ${written} rows`);
      return { saved: true, path: file, rows: written };
    },
  };
}
