/**
 * Operators: who is on shift, the handover report, and the operator log's export. Part of the IPC
 * contract (index: ipc.ts).
 */
import { z } from 'zod';
import type { AlarmPriority } from './feed';
import { noPayload, op, type ExportResult } from './operation';

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
  /** Why the operator list cannot be used, or what to run when none is provisioned. */
  problem: string | null;
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
  /** Why a file could not be written. */
  warning: string | null;
}

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
  endShift: op<HandoverReport>()(noPayload),
  listHandoverReports: op<HandoverLogEntry[]>()(noPayload),
  /** Saves the operator log (acknowledgements and enrolment actions) as CSV (needs a fresh unlock). */
  exportOperatorLog: op<ExportResult>()(z.object({ part: z.enum(['alarms', 'enrolments', 'badges']) }).strict(), { shift: 'Exporting the operator log', admin: 'Exporting the operator log' }),
} as const;
