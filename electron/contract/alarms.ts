/**
 * Alarms: acknowledgements (the operator log's entries), the unacknowledged alarms main keeps and
 * what the guard sees of a rule. Part of the IPC contract (index: ipc.ts).
 */
import { z } from 'zod';
import type { AlarmPriority, FeedEvent } from './feed';
import { id, MAX_PAGE, noPayload, op } from './operation';
import type { ErrorParams } from './error-text';
import type { MainText, ScreenTextKey } from './screen-text';

/** One entry of the operator log: an alarm acknowledged, with the guard's note. */
export interface Acknowledgement {
  /** "event:<record_ID>" (older entries: a merged row's device + text + first id). */
  alarmKey: string;
  recordIds: number[];
  note: string;
  acknowledgedAt: string;
  device: string;
  text: string;
  /** Who acknowledged it: the signed-in operator's name as main knew it ("unnamed" for an unnamed shift); null before operators existed or with sign-in off. */
  operator?: string | null;
  /** When the alarm event happened (its `created`), and its priority, as the guard saw it; null when main no longer held it. */
  eventCreated?: string | null;
  priority?: AlarmPriority | null;
}

/** One page of the operator log's acknowledgements, newest first; `total` is how many the log holds in all. */
export interface AcknowledgementPage {
  total: number;
  offset: number;
  items: Acknowledgement[];
}

/** An alarm nobody has acknowledged yet, as main keeps it apart from the feed's rolling buffer. */
export interface OpenAlarm {
  event: FeedEvent;
  /** Its `created` is before this shift began (older than alarms.shiftHours at start): grouped, never escalated. */
  preShift: boolean;
}

/** How the kiosk's list of unacknowledged alarms stands: its bound, and alarms it had to set aside. */
export interface OpenAlarmsOverflow {
  /** Alarms set aside unacknowledged since start because the list was full (the lowest priority, oldest first). */
  dropped: number;
  /** When that first happened, and last (ISO 8601). */
  firstAt: string;
  lastAt: string;
  /** English (the log, older saved lists); the screen words `key` + `params` (`bound`, `count`). */
  message: string;
  key?: ScreenTextKey;
  params?: ErrorParams;
}

/** Every unacknowledged alarm main holds (whatever the event rate), in record_ID order. */
export interface OpenAlarmsSnapshot {
  /** Increases with every change; a push with a revision other than the next one asks for a new snapshot. */
  revision: number;
  alarms: OpenAlarm[];
  /** Most alarms held at once (alarms.maxOpen). */
  bound: number;
  /** Alarms created before this instant are "from before this shift" (ISO 8601). */
  shiftStartedAt: string;
  overflow: OpenAlarmsOverflow | null;
  /** The saved list could not be read at start (it was kept aside); null when it could. */
  loadProblem: string | null;
  /** The same, as a key + parameters the screen words in its language (null when it could be read). */
  loadProblemText?: MainText | null;
}

/** A change of the unacknowledged alarms (push). */
export interface OpenAlarmsChange {
  revision: number;
  added: OpenAlarm[];
  removed: number[];
  overflow: OpenAlarmsOverflow | null;
}

/** What the guard needs of an alarm rule on screen (never the matching criteria). */
export interface AlarmRuleView {
  id: string;
  priority: AlarmPriority;
  /** Lines telling the guard what to do, provisioned with the rule (may be empty). */
  instructions: string[];
  /** Acknowledging needs a note (main refuses one without). */
  requireNote: boolean;
  /** Whether a new alarm of this rule sounds: the rule's own choice, else alarms.soundFor. */
  sound: boolean;
}

export const alarmsOperations = {
  /** Acknowledges alarms (a row, a merged group, a selection) with one note: one operator-log entry per alarm event. */
  acknowledgeAlarms: op<Acknowledgement[]>()(
    z
      .object({
        recordIds: z.array(id).min(1).max(10_000),
        note: z.string().max(2000),
      })
      .strict(),
    { shift: 'Acknowledging an alarm' },
  ),
  listAcknowledgements: op<Acknowledgement[]>()(noPayload),
  /** One page of the operator log's acknowledgements (newest first) with how many there are in all. */
  listAcknowledgementPage: op<AcknowledgementPage>()(
    z.object({ offset: z.number().int().min(0).max(100_000_000), limit: z.number().int().min(1).max(MAX_PAGE) }).strict(),
  ),
  /** Every unacknowledged alarm main holds, apart from the feed's rolling buffer. */
  getOpenAlarms: op<OpenAlarmsSnapshot>()(noPayload),
} as const;
