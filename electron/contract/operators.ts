/**
 * Operators: who is on shift, the handover report, and the operator log's export. Part of the IPC
 * contract (index: ipc.ts).
 */
import { z } from 'zod';
import type { AlarmPriority } from './feed';
import { noPayload, op, type ExportResult } from './operation';
import { documentLine, documentWord, localeTag, pluralLine, priorityWords, wordsFor } from './document-words';
import type { MainText } from './screen-text';

/** Who is on shift at this kiosk, and how one signs in; never a PIN or its hash. */
export interface OperatorState {
  /** 'required': the screens wait for a sign-in; 'off': the site does not name its operators. */
  signIn: 'required' | 'off';
  /** The site lets a shift start without a name ("unnamed"). */
  allowUnnamed: boolean;
  /** The provisioned operators' names (admin add-operator). */
  names: string[];
  /** The shift under way: the operator's name ("unnamed" for an unnamed shift) and when it began; null when nobody is signed in. */
  current: { name: string; unnamed: boolean; since: string } | null;
  /** Why the operator list cannot be used, or what to run when none is provisioned (English). */
  problem: string | null;
  /** The same as a key + parameters, worded by the screen in its language. */
  problemText?: MainText | null;
  /** The command an administrator runs to add operators. */
  addCommand: string;
}

/** Alarms of one priority raised during a shift. */
export interface HandoverPriorityLine {
  priority: AlarmPriority;
  raised: number;
  acknowledged: number;
  open: number;
}

/** The shift handover report made at "End shift" (saved as PDF and CSV, kept in the operator log). */
export interface HandoverReport {
  operator: string;
  from: string;
  to: string;
  alarms: HandoverPriorityLine[];
  /** Alarms still waiting at the end of the shift (at most the first 50). */
  stillOpen: Array<{ id: number; created: string; priority: AlarmPriority; device: string; text: string }>;
  notes: Array<{ at: string; device: string; text: string; note: string; operator: string | null }>;
  outages: Array<{ from: string; to: string | null; reason: string }>;
  exports: Array<{ at: string; what: string; path: string; rows: number; operator: string | null }>;
  /** Where the PDF and the CSV were saved (owner-only), null when they could not be written. */
  pdfPath: string | null;
  csvPath: string | null;
  /** Why a file could not be written: a key and its parameters (the system's reason), worded by the renderer. */
  warning: HandoverWarning | null;
}

/** A file of the handover report that could not be saved, and the system's reason. */
export type HandoverWarning =
  | { key: 'csvNotSaved'; params: { reason: string } }
  | { key: 'pdfNotSaved'; params: { reason: string } }
  | { key: 'neitherSaved'; params: { csvReason: string; pdfReason: string } };

/** The handover CSV's columns, in their order. */
export const HANDOVER_CSV_COLUMNS = ['section', 'time', 'until', 'priority', 'device', 'text', 'detail', 'count', 'operator'] as const;
/** What each row of the handover CSV is about (its first cell). */
export const HANDOVER_CSV_SECTIONS = ['shift', 'alarmsRaised', 'alarmsAcknowledged', 'alarmsStillOpen', 'openAlarm', 'note', 'outage', 'export'] as const;

/** What an export of the shift was (recorded by code in the shift journal; older entries hold English words). */
export const EXPORT_KINDS = ['historySearch', 'operatorLog'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/**
 * Every fixed word of the handover report (the PDF's page and the CSV) in the language of the
 * screen that ends the shift; `{…}` are filled in by main (names, numbers, times as they come).
 */
export const HandoverWords = z.strictObject({
  title: documentLine('operator'),
  madeAt: documentLine('time'),
  shift: documentWord,
  operator: documentLine('operator'),
  span: documentLine('from', 'to'),
  alarmsByPriority: documentWord,
  alarmLine: documentLine('priority', 'raised', 'acknowledged', 'open'),
  stillOpen: documentLine('count'),
  notes: documentLine('count'),
  outages: documentLine('count'),
  outageSpan: documentLine('from', 'to'),
  stillDown: documentWord,
  exportsMade: documentLine('count'),
  rows: pluralLine('count'),
  none: documentWord,
  andMore: documentLine('count'),
  moreInCsv: documentLine('count'),
  priorities: priorityWords,
  csvHeadings: wordsFor(HANDOVER_CSV_COLUMNS),
  csvSections: wordsFor(HANDOVER_CSV_SECTIONS),
  csvRaised: documentWord,
  csvAcknowledged: documentWord,
  csvOpen: documentWord,
  csvEvent: documentLine('id'),
  /** The name of a shift begun without one (main records the marker "unnamed"); absent: the marker. */
  unnamed: documentWord.optional(),
  /** What each export was ("History search (CSV)"); absent: the code. */
  exportKinds: wordsFor(EXPORT_KINDS).optional(),
});
export type HandoverWords = z.infer<typeof HandoverWords>;

/** End shift: the report's words and the locale its dates, times and numbers are written in (the screen's). */
export const EndShiftRequest = z.strictObject({ locale: localeTag, words: HandoverWords });
export type EndShiftRequest = z.infer<typeof EndShiftRequest>;

/** The operator log's CSV columns of each part, in their order. */
export const OPERATOR_LOG_COLUMNS = {
  alarms: ['acknowledgedAt', 'eventTime', 'priority', 'device', 'text', 'note', 'operator', 'recordIds'],
  enrolments: ['at', 'kind', 'cardholderId', 'name', 'outcome', 'operator'],
  badges: ['at', 'workstation', 'cardholderId', 'name', 'template', 'printer', 'outcome', 'reason', 'detail', 'operator'],
} as const;
export const ENROLMENT_KINDS = ['created', 'updated', 'photo', 'queued', 'replayed', 'linked', 'refused', 'discarded'] as const;
/** The codes of an enrolment's outcome (EnrolmentOutcome), each worded short in the CSV. */
export const ENROLMENT_OUTCOME_CODES = ['created', 'createdAfterWaiting', 'changed', 'changedAfterWaiting', 'alreadyHad', 'photoUploaded', 'photoAfterWaiting', 'queued', 'discarded', 'refused', 'linked'] as const;
/** The form's fields named in a file (field id → label), at most as many as a cardholder has. */
const fieldWords = z.record(z.string().min(1).max(60), documentWord).refine((fields) => Object.keys(fields).length <= 60, 'at most 60 fields');
export const BADGE_OUTCOMES = ['printed', 'saved', 'failed'] as const;

/**
 * The operator log CSV's words in the language of the screen: the headings of its part and the
 * fixed words of its cells (priorities, kinds of action, outcomes). Without them (a script) the
 * headings are the column names above and the cells their codes, which is what English writes.
 */
export const OperatorLogExportRequest = z.discriminatedUnion('part', [
  z.strictObject({ part: z.literal('alarms'), words: z.strictObject({ headings: wordsFor(OPERATOR_LOG_COLUMNS.alarms), priorities: priorityWords }).optional() }),
  z.strictObject({
    part: z.literal('enrolments'),
    words: z
      .strictObject({ headings: wordsFor(OPERATOR_LOG_COLUMNS.enrolments), kinds: wordsFor(ENROLMENT_KINDS), outcomes: wordsFor(ENROLMENT_OUTCOME_CODES).optional(), fields: fieldWords.optional() })
      .optional(),
  }),
  z.strictObject({ part: z.literal('badges'), words: z.strictObject({ headings: wordsFor(OPERATOR_LOG_COLUMNS.badges), outcomes: wordsFor(BADGE_OUTCOMES) }).optional() }),
]);
export type OperatorLogExportRequest = z.infer<typeof OperatorLogExportRequest>;

/** A handover report as the operator log lists it. */
export interface HandoverLogEntry {
  at: string;
  operator: string;
  from: string;
  acknowledged: number;
  open: number;
  pdfPath: string | null;
  csvPath: string | null;
}

export const operatorsOperations = {
  getOperatorState: op<OperatorState>()(noPayload),
  /** Starts a shift: a provisioned name with its PIN, or (where the site allows it) unnamed. */
  signInOperator: op<OperatorState>()(
    z.union([z.object({ name: z.string().trim().min(1).max(100), pin: z.string().min(1).max(64) }).strict(), z.object({ unnamed: z.literal(true) }).strict()]),
  ),
  /** Ends the shift: makes the handover report (PDF and CSV) and signs the operator out. */
  endShift: op<HandoverReport>()(EndShiftRequest),
  listHandoverReports: op<HandoverLogEntry[]>()(noPayload),
  /** Saves the operator log (acknowledgements and enrolment actions) as CSV (needs a fresh unlock). */
  exportOperatorLog: op<ExportResult>()(OperatorLogExportRequest, { shift: 'Exporting the operator log', admin: 'Exporting the operator log' }),
} as const;
