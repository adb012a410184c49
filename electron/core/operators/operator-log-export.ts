/**
 * The operator log's CSV export: every acknowledgement, enrolment action or badge print, with the
 * same columns as the operator log's screen, saved where the person chooses (the save-file port,
 * asked with its own title). It runs under the contract's policy for `exportOperatorLog` (someone
 * on shift and a fresh admin unlock), which the gateway enforces; kiosk-core records each saved
 * export in the shift journal.
 */
import { outcomeSummary } from '../cardholders/enrolment-log';
import type { Acknowledgement, BadgePrintEntry, EnrolmentLogEntry, ExportResult } from '../../contract/ipc';
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

export function createOperatorLogExport(options: OperatorLogExportOptions): Pick<OperationHandlers, 'exportOperatorLog'> {
  return {
    exportOperatorLog: async ({ part }): Promise<ExportResult> => {
      const stamp = new Date(options.now?.() ?? Date.now()).toISOString().slice(0, 19).replace(/[:T]/g, '-');
      const file = await options.pickSaveFile(`operator-log-${part}-${stamp}.csv`, SAVE_ASKS.operatorLog);
      if (file === null) return { saved: false, path: null, rows: 0 };
      // The same columns as the operator log's screen (event time, priority, operator), every entry.
      const rows =
        part === 'alarms'
          ? (await options.listAcknowledgements()).map((a) => [a.acknowledgedAt, a.eventCreated ?? '', a.priority ?? '', a.device, a.text, a.note, a.operator ?? '', a.recordIds.join(' ')])
          : part === 'badges'
            ? (await (options.listBadgeLog?.() ?? Promise.resolve([]))).map(badgeLogRow)
            : (await options.listEnrolmentLog()).map((e) => [e.at, e.kind, e.cardholderId, e.name, outcomeSummary(e.outcome), e.operator ?? '']);
      const header =
        part === 'alarms'
          ? ['acknowledgedAt', 'eventTime', 'priority', 'device', 'text', 'note', 'operator', 'recordIds']
          : part === 'badges'
            ? [...BADGE_LOG_COLUMNS]
            : ['at', 'kind', 'cardholderId', 'name', 'outcome', 'operator'];
      const written = await writeCsvFile(file, header, rows);
      options.log.info('admin-lock', `operator log (${part}) exported: ${written} rows`);
      return { saved: true, path: file, rows: written };
    },
  };
}
