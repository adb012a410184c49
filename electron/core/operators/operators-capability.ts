/**
 * The operators capability wired for the gateway: who is on shift (operator-session.ts), signing
 * in and "End shift", the shift journal (exports) and the handover report made at the end of a
 * shift — built from the kiosk's record of the shift (shift-record.ts: its database), saved
 * owner-only as PDF and CSV in the exports folder and kept in the operator log (the kiosk's
 * database, kind "handover-report", with the same figures, sealed where there is a data key; an
 * earlier version's `handover-reports.jsonl` is moved in at first use). Its decisions: which
 * exports the journal records (`journalledExports`), and that the end of a shift locks the admin
 * actions too (the `adminLock` it is handed; both were kiosk-core's). `name()` is what kiosk-core
 * hands the other capabilities to stamp every recorded action with: the renderer never says who
 * did something, main knows. A shift kept across a restart that its operator may no longer hold
 * (removed from the list, PIN changed) is ended at start and kept in the handover log without files.
 */
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { ExportKind, ExportResult, HandoverLogEntry, HandoverReport, HandoverWarning } from '../../contract/ipc';
import type { AccessGuard, OperationHandlers } from '../ipc/gateway';
import { KioskFailure } from '../ipc/failure';
import type { Logger } from '../log/logger';
import type { KioskDatabase } from '../storage/kiosk-database';
import { moveOnce } from '../storage/legacy-logs';
import { writeOwnerOnly } from '../storage/owner-only-files';
import { LOG_KINDS, parsedBy, RecordLog, type LogKind } from '../storage/record-log';
import { buildHandoverReport, handoverCsv, handoverLanguage, handoverPage, MAX_OPEN_LISTED } from './handover-report';
import { renderHandoverPdf, type HandoverFonts } from './handover-pdf';
import { readFontMetrics } from '../badges/font-metrics';
import { englishWords, type Words } from '../language/words';
import { OperatorSession } from './operator-session';
import { ShiftJournal } from './shift-journal';
import type { ShiftRecord } from './shift-record';

export type { ShiftRecord } from './shift-record';

/** Where earlier versions kept the handover reports (JSON lines in the data folder): moved into the database. */
export const HANDOVER_LOG_FILE = 'handover-reports.jsonl';

export type OperatorHandlers = Pick<OperationHandlers, 'getOperatorState' | 'signInOperator' | 'endShift' | 'listHandoverReports'>;

/** The operations that save an export the shift journal records. */
export type ExportHandlers = Pick<OperationHandlers, 'exportSearchCsv' | 'exportOperatorLog'>;

export interface OperatorsCapabilityOptions {
  /** The operator list and lock-outs: the credential's directory. */
  listDir: string;
  dataDir: string;
  /** The kiosk's database: the shift journal and the handover reports are kept there. */
  database: KioskDatabase;
  /** The data key that seals them (they name operators and files), or null. */
  dataKey?: Buffer | null;
  /** Where the handover reports are saved. */
  exportsDir: string;
  signIn: 'required' | 'off';
  allowUnnamed: boolean;
  log: Logger;
  /** What the kiosk recorded of a shift (its database): the handover report's figures come from there. */
  record: ShiftRecord;
  /** The admin lock: the end of a shift locks the admin actions too, so the next person starts from a locked kiosk. */
  adminLock?: { lock(): Promise<unknown> };
  /** The handover report's words: the language the page shows (core/language/shown-language.ts); English when absent. */
  words?: () => Words;
  /**
   * The kiosk's shipped fonts (the badges' DejaVu Sans, resources/badge-fonts, as the composition
   * root finds them): the handover PDF draws Greek, Cyrillic and the rest in them. Absent or
   * unreadable: pdfkit's standard font, with "[?]" for what it cannot draw.
   */
  fontDir?: string;
  now?: () => number;
}

export interface OperatorsCapability {
  session: OperatorSession;
  journal: ShiftJournal;
  handlers: OperatorHandlers;
  /** The name to stamp on a recorded action: the operator's, "unnamed", or null when nobody is signed in. */
  name(): string | null;
  /**
   * The gateway's shift guard (the contract's `{ shift }` operations): with sign-in required an
   * action runs only while someone is on shift (a typed 'forbidden' failure otherwise), so no
   * recorded action goes without a name.
   */
  shift: AccessGuard;
  /**
   * The gateway's read guard (the contract's `{ personal }` operations): with sign-in required an
   * answer showing personal data is given only while someone is on shift (a typed 'forbidden'
   * failure naming what it shows otherwise), so nobody reads the directory or the logs at a kiosk
   * left without a shift.
   */
  personal: AccessGuard;
  /** Wraps a handler with the shift guard (for callers outside the gateway). */
  requireShift<Args extends unknown[], R>(action: string, handler: (...args: Args) => R): (...args: Args) => R;
  /** Wraps an export handler so each saved export goes into the shift journal with the operator's name. */
  journalExport<Args extends unknown[]>(what: ExportKind, handler: (...args: Args) => ExportResult | Promise<ExportResult>): (...args: Args) => Promise<ExportResult>;
  /** The kiosk's exports, each journalled as its kind (history search: historySearch; operator log: operatorLog). */
  journalledExports(exports: ExportHandlers): ExportHandlers;
  start(): Promise<void>;
  stop(): Promise<void>;
}

const LogEntry = z.object({
  at: z.string(),
  operator: z.string(),
  from: z.string(),
  acknowledged: z.number(),
  open: z.number(),
  pdfPath: z.string().nullable(),
  csvPath: z.string().nullable(),
});

/** The handover reports in the database (the operator log lists them all, newest first: retention bounds them). */
export const HANDOVER_LOG: LogKind<HandoverLogEntry> = {
  kind: LOG_KINDS.handoverReport,
  parse: parsedBy(LogEntry),
  at: (entry) => Date.parse(entry.at),
};

/** Which file of the report could not be saved, and why (the system's words), for the renderer to say. */
function handoverWarning(csvReason: string | null, pdfReason: string | null): HandoverWarning | null {
  if (csvReason !== null && pdfReason !== null) return { key: 'neitherSaved', params: { csvReason, pdfReason } };
  if (csvReason !== null) return { key: 'csvNotSaved', params: { reason: csvReason } };
  if (pdfReason !== null) return { key: 'pdfNotSaved', params: { reason: pdfReason } };
  return null;
}

const slug = (name: string): string => name.normalize('NFKD').replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '').toLowerCase().slice(0, 40) || 'operator';

export function createOperatorsCapability(options: OperatorsCapabilityOptions): OperatorsCapability {
  const { log } = options;
  const now = options.now ?? Date.now;
  const key = options.dataKey ?? null;
  const session = new OperatorSession({ listDir: options.listDir, dataDir: options.dataDir, signIn: options.signIn, allowUnnamed: options.allowUnnamed, log, key, now });
  const journal = new ShiftJournal(options.database, options.dataDir, log, () => new Date(now()), key);
  const reports = new RecordLog(options.database, HANDOVER_LOG, key, (id, why) => log.warn('operators', `handover log entry ${id} cannot be read: ${why}`));
  const reportsMoved = moveOnce({ database: options.database, file: path.join(options.dataDir, HANDOVER_LOG_FILE), key, log: reports, logger: log, scope: 'operators', what: 'the handover log' });
  // An earlier version's file is moved in at start; a read or write before it ends waits for it.
  void reportsMoved();

  // Read once, at the first report (a few hundred kilobytes); null: the standard font.
  let fonts: Promise<HandoverFonts | null> | null = null;
  const handoverFonts = (): Promise<HandoverFonts | null> =>
    (fonts ??= options.fontDir
      ? loadHandoverFonts(options.fontDir).catch((thrown: unknown) => {
          log.warn('operators', `the handover PDF is drawn in the standard font: the shipped fonts cannot be read (${thrown instanceof Error ? thrown.message : String(thrown)})`);
          return null;
        })
      : Promise.resolve(null));

  const endShift = async (): Promise<HandoverReport> => {
    const shift = session.current();
    if (!shift) throw KioskFailure.keyed('rejected', 'noShiftToEnd');
    const journalEntries = await journal.between(shift.since, new Date(now()).toISOString());
    // The record is read in one go, with no await between its parts: every figure is of the same moment.
    const to = new Date(now()).toISOString();
    const fromMs = Date.parse(shift.since);
    const toMs = Date.parse(to);
    const record = options.record;
    const data = buildHandoverReport({
      operator: shift.name,
      from: shift.since,
      to,
      figures: record.figures(fromMs, toMs),
      unacknowledged: record.unacknowledged(),
      stillWaiting: record.stillWaiting(MAX_OPEN_LISTED),
      acknowledgements: record.acknowledgements(fromMs, toMs),
      outages: record.outages(fromMs, toMs),
      downtime: record.downtime(fromMs, toMs),
      catchUps: record.catchUps(fromMs, toMs),
      setAsideEvents: record.setAsideEvents(fromMs, toMs),
      journal: journalEntries,
    });
    const base = path.join(options.exportsDir, `handover-${slug(shift.name)}-${to.slice(0, 19).replace(/[:T]/g, '-')}-${randomBytes(3).toString('hex')}`);
    let pdfPath: string | null = null;
    let csvPath: string | null = null;
    let csvReason: string | null = null;
    let pdfReason: string | null = null;
    const reason = (thrown: unknown): string => (thrown instanceof Error ? thrown.message : String(thrown));
    const words = (options.words ?? englishWords)();
    try {
      await writeOwnerOnly(`${base}.csv`, handoverCsv(data, words));
      csvPath = `${base}.csv`;
    } catch (thrown) {
      csvReason = reason(thrown);
    }
    try {
      await writeOwnerOnly(`${base}.pdf`, await renderHandoverPdf(handoverPage(data, handoverLanguage(words)), await handoverFonts()));
      pdfPath = `${base}.pdf`;
    } catch (thrown) {
      pdfReason = reason(thrown);
    }
    const warning = handoverWarning(csvReason, pdfReason);
    if (csvReason !== null) log.error('operators', `the handover CSV could not be saved (${csvReason})`);
    if (pdfReason !== null) log.error('operators', `the handover PDF could not be saved (${pdfReason})`);
    const entry: HandoverLogEntry = {
      at: to,
      operator: shift.name,
      from: shift.since,
      // The report's own figures: the shift's entries in the operator log, and the status bar's count at its end.
      acknowledged: data.acknowledgementsMade,
      open: data.unacknowledged.total,
      pdfPath,
      csvPath,
    };
    await reportsMoved();
    try {
      reports.add(entry);
    } catch (thrown) {
      log.error('operators', `could not keep the handover report in the operator log: ${String(thrown)}`);
    }
    await session.end();
    log.info('operators', `handover report of ${shift.name}: ${pdfPath ?? 'no PDF'}, ${csvPath ?? 'no CSV'}`);
    return { ...data, pdfPath, csvPath, warning };
  };

  const journalExport = <Args extends unknown[]>(what: ExportKind, handler: (...args: Args) => ExportResult | Promise<ExportResult>): ((...args: Args) => Promise<ExportResult>) => {
    return async (...args) => {
      const result = await handler(...args);
      if (result.saved && result.path) {
        const operator = session.name();
        log.info('operators', `export by ${operator ?? 'nobody signed in'}: ${what}, ${result.rows} rows`);
        await journal.recordExport(what, result.path, result.rows, operator);
      }
      return result;
    };
  };

  const shift: AccessGuard = {
    require(action) {
      if (options.signIn === 'required' && session.name() === null) {
        log.warn('operators', `refused with nobody signed in: ${action}`);
        throw KioskFailure.keyed('forbidden', 'shiftNeeded', { action }, { detail: `operators: ${action} refused, nobody on shift` });
      }
    },
  };
  const personal: AccessGuard = {
    require(action) {
      if (options.signIn === 'required' && session.name() === null) {
        log.info('operators', `refused with nobody signed in: ${action}`);
        throw KioskFailure.keyed('forbidden', 'readNeedsShift', { action }, { detail: `operators: ${action} refused, nobody on shift` });
      }
    },
  };
  return {
    session,
    journal,
    name: () => session.name(),
    shift,
    personal,
    requireShift(action, handler) {
      return (...args) => {
        shift.require(action);
        return handler(...args);
      };
    },
    journalExport,
    journalledExports: (exports) => ({
      exportSearchCsv: journalExport('historySearch', exports.exportSearchCsv),
      exportOperatorLog: journalExport('operatorLog', exports.exportOperatorLog),
    }),
    handlers: {
      getOperatorState: () => session.state(),
      signInOperator: (request) => ('unnamed' in request ? session.signIn(null, '') : session.signIn(request.name, request.pin)),
      // The end of a shift locks the admin actions too: the next person starts from a locked kiosk.
      endShift: async () => {
        const report = await endShift();
        await options.adminLock?.lock();
        return report;
      },
      listHandoverReports: async () => {
        await reportsMoved();
        return reports.newest(Number.MAX_SAFE_INTEGER);
      },
    },
    async start() {
      await session.load();
      // A kept shift its operator may no longer hold (removed, PIN changed) ended at start: the
      // operator log's handover list keeps it, with the record's figures and no report files.
      const ended = session.endedAtStart;
      if (ended) {
        await reportsMoved();
        const to = new Date(now()).toISOString();
        try {
          const fromMs = Date.parse(ended.shift.since);
          reports.add({
            at: to,
            operator: ended.shift.name,
            from: ended.shift.since,
            acknowledged: options.record.acknowledgements(fromMs, Date.parse(to)).length,
            open: options.record.unacknowledged().total,
            pdfPath: null,
            csvPath: null,
          });
        } catch (thrown) {
          log.error('operators', `could not keep the shift ended at start in the operator log: ${String(thrown)}`);
        }
      }
    },
    async stop() {
      await journal.flush();
      await reportsMoved();
    },
  };
}

/** DejaVu Sans, regular and bold, from the shipped fonts' folder, with what both draw. */
async function loadHandoverFonts(dir: string): Promise<HandoverFonts> {
  const { readFile } = await import('node:fs/promises');
  const [regular, bold] = await Promise.all([readFile(path.join(dir, 'DejaVuSans.ttf')), readFile(path.join(dir, 'DejaVuSans-Bold.ttf'))]);
  const [regularMap, boldMap] = [readFontMetrics(regular), readFontMetrics(bold)];
  return { regular, bold, covers: (code) => regularMap.covers(code) && boldMap.covers(code) };
}
