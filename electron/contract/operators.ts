/**
 * Operators: who is on shift, the handover report, and the operator log's export. Part of the IPC
 * contract (index: ipc.ts).
 */
import { z } from 'zod';
import type { AlarmPriority } from './feed';
import { noPayload, op, type ExportResult } from './operation';
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
  /** Names locked after wrong PINs, and until when (ISO), soonest first; absent or empty: none. */
  locked?: Array<{ name: string; until: string }>;
  /** After many wrong PINs across names every sign-in waits until this time (ISO); null or absent: it does not. */
  slowedUntil?: string | null;
  /** The command an administrator runs to lift a name's lock (with the name). */
  unlockCommand?: string;
}

/**
 * Alarms of one priority for a shift, from the kiosk's record (its database). The alarms raised
 * in the shift are counted once each: raised = acknowledged + waiting + setAside.
 */
export interface HandoverPriorityLine {
  priority: AlarmPriority;
  /** Alarms whose event happened during the shift (the time it arrived, when the event's own is unreadable). */
  raised: number;
  /** Of those, acknowledged by the end of the shift. */
  acknowledged: number;
  /** Of those, still unacknowledged: waiting + setAside. */
  open: number;
  /** Of those, still waiting in the alarm list. */
  waiting: number;
  /** Of those, still unacknowledged and set aside beyond the list's bound (alarms.maxOpen). */
  setAside: number;
  /** Of those, found by a catch-up: raised while the kiosk was stopped, read afterwards. */
  caughtUp: number;
  /** Acknowledgements made during the shift at this priority (operator-log entries), whenever the alarm was raised. */
  acknowledgedInShift: number;
}

/**
 * Every alarm still unacknowledged when the shift ended, whichever shift raised it: the status
 * bar's count (`AlarmSummary.unacknowledged`) and its groups. total = waiting + preShift + setAside.
 */
export interface HandoverUnacknowledged {
  total: number;
  /** Waiting in the alarm list. */
  waiting: number;
  /** Waiting in the list's group "from before this shift" (older than alarms.shiftHours when the kiosk started). */
  preShift: number;
  /** Set aside beyond the list's bound. */
  setAside: number;
  /** The list's bound (alarms.maxOpen). */
  bound: number;
}

/** A time the service was lost, from its true start (the first request that did not succeed) to its true end. */
export interface HandoverOutage {
  from: string;
  /** The first answer after it, or when the kiosk stopped while it lasted; null: still under way when the shift ended. */
  to: string | null;
  /** How it ended: the service answered again, or the kiosk stopped while it lasted (the service was not heard after); null: still under way, or not recorded (an earlier version). */
  end: 'answered' | 'kioskStopped' | null;
  /** When its alarm was raised (alarms.outageAfterSeconds after its start). */
  raisedAt: string | null;
  acknowledgedAt: string | null;
  /** Who acknowledged it, where the record says so; else null. */
  acknowledgedBy: string | null;
  /** An earlier version's journal entry: its reason as it was written (English); null otherwise. */
  detail: string | null;
}

/** A time the kiosk itself was not running: from the end of one run to the start of the next. */
export interface HandoverDowntime {
  /** When it stopped, or was last known running when it did not stop cleanly. */
  from: string;
  to: string;
  /** false: a crash or a power cut (the run never said it stopped). */
  cleanStop: boolean;
}

/**
 * A catch-up: the events the service produced while the kiosk was stopped (or again after its
 * numbering restarted), read afterwards, and what they held.
 */
export interface HandoverCatchUp {
  cause: 'stopped' | 'renumbered';
  /** The time it covers: from the service's last answer before (null when not known) until the kiosk found it. */
  from: string | null;
  to: string;
  /** The event ids it covers, first to last, the part not read included. */
  firstId: number;
  lastId: number;
  /** Events read. */
  readEvents: number;
  /** Alarms recorded with ids in it, by priority. */
  alarms: { total: number; critical: number; high: number; medium: number; low: number };
  /** Events in it that could not be read (set aside). */
  setAside: number;
  /** Ids NEVER read: beyond the catch-up bound, or left when the service's numbering restarted. */
  notRead: Array<{ firstId: number; lastId: number }>;
  /** 'reading': still being read when the shift ended (up to `readUpTo`). */
  state: 'reading' | 'done' | 'abandoned';
  readUpTo: number;
  finishedAt: string | null;
}

/** The shift handover report made at "End shift" (saved as PDF and CSV, kept in the operator log). Every figure is from the kiosk's record. */
export interface HandoverReport {
  operator: string;
  from: string;
  to: string;
  /** The alarms raised during the shift, by priority (critical first). */
  alarms: HandoverPriorityLine[];
  /** Acknowledgements made during the shift, every priority: the operator log's entries of the shift. */
  acknowledgementsMade: number;
  /** Every alarm still unacknowledged when the shift ended: the status bar's count. */
  unacknowledged: HandoverUnacknowledged;
  /** The most urgent of them (critical first, then oldest), at most the first 50; `unacknowledged.total` counts them all. */
  stillOpen: Array<{ id: number; created: string; priority: AlarmPriority; device: string; text: string }>;
  /** Every acknowledgement made during the shift, oldest first, with its note (empty when none was written). */
  notes: Array<{ at: string; device: string; text: string; note: string; operator: string | null }>;
  outages: HandoverOutage[];
  /** The kiosk's own downtime during the shift. */
  downtime: HandoverDowntime[];
  catchUps: HandoverCatchUp[];
  /** Events the service sent during the shift that could not be read (kept, set aside, as they came). */
  setAsideEvents: number;
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
/** The columns of the page's table of alarms by priority, after the priority's own. */
export const HANDOVER_ALARM_COLUMNS = ['raised', 'acknowledged', 'waiting', 'setAside', 'caughtUp', 'acknowledgedInShift'] as const;

/** What an export of the shift was (recorded by code in the shift journal; older entries hold English words). */
export const EXPORT_KINDS = ['historySearch', 'operatorLog'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/** The operator log's CSV columns of each part, in their order. */
export const OPERATOR_LOG_COLUMNS = {
  alarms: ['acknowledgedAt', 'eventTime', 'priority', 'device', 'text', 'note', 'operator', 'recordIds'],
  enrolments: ['at', 'kind', 'cardholderId', 'name', 'outcome', 'operator'],
  badges: ['at', 'workstation', 'cardholderId', 'name', 'template', 'printer', 'outcome', 'reason', 'detail', 'operator'],
} as const;
export const ENROLMENT_KINDS = ['created', 'updated', 'photo', 'queued', 'replayed', 'linked', 'refused', 'discarded'] as const;

/**
 * Which part of the operator log to save as CSV. Main words its headings and the fixed words of
 * its cells (priorities, kinds of action, outcomes) in the language the page shows
 * (core/language/words.ts).
 */
export const OperatorLogExportRequest = z.strictObject({ part: z.enum(['alarms', 'enrolments', 'badges']) });
export type OperatorLogExportRequest = z.infer<typeof OperatorLogExportRequest>;

/** A handover report as the operator log lists it. */
export interface HandoverLogEntry {
  at: string;
  operator: string;
  from: string;
  /** Acknowledgements made during the shift (the report's `acknowledgementsMade`: the operator log's entries of the shift). */
  acknowledged: number;
  /** Alarms still unacknowledged when it ended (the report's `unacknowledged.total`: the status bar's count then). */
  open: number;
  pdfPath: string | null;
  csvPath: string | null;
}

export const operatorsOperations = {
  /** The operator list is what the sign-in screen offers: shown before a sign-in by design. */
  getOperatorState: op<OperatorState>()(noPayload, { personal: false }),
  /** Starts a shift: a provisioned name with its PIN, or (where the site allows it) unnamed. */
  signInOperator: op<OperatorState>()(
    z.union([z.object({ name: z.string().trim().min(1).max(100), pin: z.string().min(1).max(64) }).strict(), z.object({ unnamed: z.literal(true) }).strict()]),
    { personal: false },
  ),
  /** Ends the shift: makes the handover report (PDF and CSV, in the language the page shows) and signs the operator out. */
  // Its report is of the shift it ends: with nobody on shift it is refused by its handler (noShiftToEnd).
  endShift: op<HandoverReport>()(noPayload, { personal: false }),
  listHandoverReports: op<HandoverLogEntry[]>()(noPayload, { personal: 'Reading the operator log' }),
  /** Saves the operator log (acknowledgements and enrolment actions) as CSV (needs a fresh unlock). */
  exportOperatorLog: op<ExportResult>()(OperatorLogExportRequest, { shift: 'Exporting the operator log', admin: 'Exporting the operator log', personal: false }),
} as const;
