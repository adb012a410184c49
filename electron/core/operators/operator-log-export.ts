/**
 * The operator log's CSV export: every acknowledgement, enrolment action or badge print, with the
 * same columns as the operator log's screen, saved where the person chooses (the save-file port,
 * asked with its own title). It runs under the contract's policy for `exportOperatorLog` (someone
 * on shift and a fresh admin unlock), which the gateway enforces; kiosk-core records each saved
 * export in the shift journal. Headings and the fixed words of its cells (priorities, kinds of
 * action, badge outcomes) are the renderer's, in the language shown; without them, the codes.
 */
import { OPERATOR_LOG_COLUMNS, type Acknowledgement, type AlarmPriority, type BadgePrintEntry, type EnrolmentLogEntry, type ExportResult, type OperatorLogExportRequest } from '../../contract/ipc';
import { outcomeSummary } from '../cardholders/enrolment-log';
import type { OperationHandlers } from '../ipc/gateway';
import type { Logger } from '../log/logger';
import { writeCsvFile } from '../history/csv';
import { BADGE_LOG_COLUMNS, badgeLogRow } from '../badges/badge-log';
import { SAVE_ASKS, type PickSaveFile } from '../ports/save-file';

export interface OperatorLogExportOptions {
  log: Logger;
  pickSaveFile: PickSaveFile;
  listAcknowledgements: () => Promise<readonly Acknowledgement[]> | readonly Acknowledgement[];
  listEnrolmentLog: () => Promise<readonly EnrolmentLogEntry[]> | readonly EnrolmentLogEntry[];
  /** The badge prints (badges/badge-log.ts); absent: the badge part is empty. */
  listBadgeLog?: () => Promise<BadgePrintEntry[]>;
  now?: () => number;
}

/** A heading per column in the language sent, or the column's name (a request without words). */
const headings = <C extends string>(columns: readonly C[], words: Readonly<Record<C, string>> | undefined): string[] => columns.map((column) => words?.[column] ?? column);
/** A code written in a cell, in the language sent, or the code itself. */
const word = <C extends string>(code: C, words: Readonly<Record<C, string>> | undefined): string => words?.[code] ?? code;

/** The rows and the header of one part of the log, its fixed words in the language of the request. */
async function table(request: OperatorLogExportRequest, options: OperatorLogExportOptions): Promise<{ header: string[]; rows: unknown[][] }> {
  switch (request.part) {
    case 'alarms': {
      const priority = (p: AlarmPriority | null | undefined): string => (p ? word(p, request.words?.priorities) : '');
      return {
        header: headings(OPERATOR_LOG_COLUMNS.alarms, request.words?.headings),
        rows: (await options.listAcknowledgements()).map((a) => [a.acknowledgedAt, a.eventCreated ?? '', priority(a.priority), a.device, a.text, a.note, a.operator ?? '', a.recordIds.join(' ')]),
      };
    }
    case 'badges': {
      const entries = await (options.listBadgeLog?.() ?? Promise.resolve([]));
      const outcome = BADGE_LOG_COLUMNS.indexOf('outcome');
      return {
        header: headings(BADGE_LOG_COLUMNS, request.words?.headings),
        rows: entries.map((entry) => badgeLogRow(entry).map((cell, index) => (index === outcome ? word(entry.outcome, request.words?.outcomes) : cell))),
      };
    }
    case 'enrolments':
      return {
        header: headings(OPERATOR_LOG_COLUMNS.enrolments, request.words?.headings),
        // The outcome as a code with its values (field ids), language-neutral; a line kept from before codes, as it was written.
        rows: (await options.listEnrolmentLog()).map((e) => [e.at, word(e.kind, request.words?.kinds), e.cardholderId, e.name, outcomeSummary(e.outcome, request.words ?? {}), e.operator ?? '']),
      };
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
      const { header, rows } = await table(request, options);
      const written = await writeCsvFile(file, header, rows);
      options.log.info('admin-lock', `operator log (${part}) exported: ${written} rows`);
      return { saved: true, path: file, rows: written };
    },
  };
}
