/**
 * Alarms: acknowledgements (the operator log's entries), the unacknowledged alarms main keeps and
 * what the guard sees of a rule. Part of the IPC contract (index: ipc.ts).
 */
import { z } from 'zod';
import type { AlarmPriority, FeedEvent } from './feed';
import { id, MAX_PAGE, noPayload, op } from './operation';
import type { ScreenText } from './screen-text';

/** One entry of the operator log: an alarm acknowledged, with the guard's note. */
export interface Acknowledgement {
  /** "alarm:<the kiosk's alarm number>" (older entries: "event:<record_ID>", or a merged row's device + text + first id). */
  alarmKey: string;
  /** The kiosk's number of the alarm acknowledged (absent in entries written before alarms had one). */
  alarmId?: number;
  recordIds: number[];
  note: string;
  acknowledgedAt: string;
  device: string;
  text: string;
  /** Who acknowledged it: the signed-in operator's name as main knew it ("unnamed" for an unnamed shift); null before operators existed or with sign-in off. */
  operator?: string | null;
  /** The desk it was acknowledged at, when the site shares one alarm desk (siteStore): this desk's name, or another's for an acknowledgement made there; absent when the kiosk works alone. */
  desk?: string | null;
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

/** An alarm nobody has acknowledged yet, as main keeps it (in its database, apart from the feed's rolling buffer). */
export interface OpenAlarm {
  /** The kiosk's number of this alarm: its identity is the event's id together with its content. */
  id: number;
  event: FeedEvent;
  /** Its `created` is before this shift began (older than alarms.shiftHours at start): grouped, never escalated. */
  preShift: boolean;
  /** Set aside because more alarms waited than the list's bound: still unacknowledged, listed in their own group. */
  setAside: boolean;
}

/** The groups of unacknowledged alarms the screen lists: this shift's waiting, from before it, set aside, or all of them. */
export const ALARM_GROUPS = ['shift', 'preShift', 'setAside', 'all'] as const;
export type AlarmGroup = (typeof ALARM_GROUPS)[number];
/** priority: most urgent first (the priority shown, then how long it waited); newest / oldest: by the event's time. */
export const ALARM_ORDERS = ['priority', 'newest', 'oldest'] as const;
export type AlarmOrder = (typeof ALARM_ORDERS)[number];

/** How the unacknowledged alarms stand: the counts the status bar, the alarm list and the handover agree on. */
export interface AlarmSummary {
  /** Increases with every change. */
  revision: number;
  /** Alarms of this shift waiting, by the priority shown (escalation included). */
  waiting: Record<AlarmPriority, number>;
  /** Their sum. */
  waitingTotal: number;
  /** Alarms from before this shift, waiting in their own group. */
  preShift: number;
  /** Alarms set aside beyond the list's bound, waiting in their own group until acknowledged. */
  setAside: number;
  /** Every unacknowledged alarm: waitingTotal + preShift + setAside. */
  unacknowledged: number;
  /** `created` of the oldest unacknowledged alarm (ISO 8601), null when none waits. */
  oldestAt: string | null;
  /** Where the groups stood when this was read: a group acknowledged "as of" it never takes an alarm that came, or was set aside, after the guard looked. */
  asOf: AlarmGroupMark;
  /** Most alarms listed as waiting (alarms.maxOpen); beyond it the lowest priority, oldest are set aside. */
  bound: number;
  /** Alarms created before this instant are "from before this shift" (ISO 8601). */
  shiftStartedAt: string;
  /** Said while alarms are set aside (English; the screen words `key` + `params`); null when none is. */
  setAsideText: ScreenText | null;
  /** The kiosk's saved records could not be read at start (a key + parameters the screen words); null when they could. */
  loadProblemText: ScreenText | null;
}

/** One page of unacknowledged alarms of a group. */
/** Where the groups of alarms stood at one moment (a summary or a page says it; a group's acknowledgement refers to it). */
export interface AlarmGroupMark {
  /** The highest alarm number then: alarms that arrived since are not in what the guard saw. */
  highestId: number;
  /** How many alarms had been set aside then (their order number): older alarms set aside since are not in the set-aside group the guard saw. */
  lastSetAside: number;
}
export const AlarmGroupMarkSchema = z.object({ highestId: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER), lastSetAside: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER) }).strict();

export interface OpenAlarmPage {
  revision: number;
  group: AlarmGroup;
  order: AlarmOrder;
  /** How many the group holds in all. */
  total: number;
  offset: number;
  items: OpenAlarm[];
  /** Where the groups stood when this page was read (for acknowledging what it counted). */
  asOf: AlarmGroupMark;
}

/** A change of the unacknowledged alarms (push): the new summary, the alarms that arrived and those no longer waiting. */
export interface OpenAlarmsChange {
  revision: number;
  summary: AlarmSummary;
  /** Alarms that arrived since the last push (at most MAX_ADDED_PER_PUSH; `moreAdded` counts the rest). */
  added: OpenAlarm[];
  moreAdded: number;
  /** Alarm numbers acknowledged since the last push (any screen, any group), at most MAX_ACKNOWLEDGED_PER_PUSH. */
  acknowledged: number[];
  /** Alarms acknowledged beyond those listed (a whole group at once): the screen reads the states again. */
  moreAcknowledged: number;
}

/** Most acknowledged alarm numbers a push lists. */
export const MAX_ACKNOWLEDGED_PER_PUSH = 5_000;

/** Most new alarms a push carries (a flood is counted, not sent whole: the screen reads pages). */
export const MAX_ADDED_PER_PUSH = 200;

/** What an acknowledgement did. */
export interface AcknowledgeResult {
  /** Alarms acknowledged now (one operator-log entry each). */
  acknowledged: number;
  /** Alarms asked for that were acknowledged already (by another screen or an earlier request). */
  alreadyAcknowledged: number;
  /** Asked-for numbers the kiosk does not hold (never an alarm, or of another service). */
  unknown: number;
  /** The newest entries written (at most 100), newest first. */
  entries: Acknowledgement[];
}

/** When to sound, decided by main: a new burst of alarms, alarms that waited one more period, alarms found by a catch-up. */
export interface AlarmSignal {
  kind: 'new' | 'escalated' | 'catchUp';
  /** The highest priority among them. */
  priority: AlarmPriority;
  /** How many alarms this tone stands for (new since the last tone, escalated, or found). */
  count: number;
  /** The time of the last tone before this one (ISO 8601), null for the first. */
  since: string | null;
  at: string;
}

/** What the guard needs of an alarm rule on screen (never the matching criteria). */
export interface AlarmRuleView {
  id: string;
  priority: AlarmPriority;
  /**
   * Lines telling the guard what to do, provisioned with the rule (may be empty), shown whatever
   * the language: the rule's one list, or — given per language — English's, else the first given.
   */
  instructions: string[];
  /** When the rule gives them per language ("en", "de", "fr", "es"): the screen shows the language shown's, else `instructions`. Absent for one list. */
  instructionsByLanguage?: Partial<Record<string, string[]>>;
  /** Acknowledging needs a note (main refuses one without). */
  requireNote: boolean;
  /** Whether a new alarm of this rule sounds: the rule's own choice, else alarms.soundFor. */
  sound: boolean;
}

/** The feed's filters applied to the alarms waiting (case-insensitive): text in the text, device, category or id; device: part of its name; category: its exact name. */
export const AlarmFilterSchema = z
  .object({
    text: z.string().max(200).optional(),
    device: z.string().max(200).optional(),
    category: z.string().max(200).optional(),
  })
  .strict();
export type AlarmFilter = z.infer<typeof AlarmFilterSchema>;

export const alarmsOperations = {
  /** Acknowledges alarms (a row, a merged group, a selection) with one note: one operator-log entry per alarm. */
  acknowledgeAlarms: op<AcknowledgeResult>()(
    z
      .object({
        alarmIds: z.array(id).min(1).max(10_000),
        note: z.string().max(2000),
      })
      .strict(),
    { shift: 'Acknowledging an alarm', personal: 'Reading the operator log' },
  ),
  /** Acknowledges a whole group (from before this shift, set aside, every alarm waiting) as the guard saw it, optionally only those matching the feed's filters, with one note. */
  acknowledgeAlarmGroup: op<AcknowledgeResult>()(
    z
      .object({
        group: z.enum(['preShift', 'setAside', 'all']),
        /** Where the groups stood when the guard was shown the count (from the summary or the page read). */
        asOf: AlarmGroupMarkSchema,
        /** How many the guard was shown: refused when the group as of then holds a different number now (some were acknowledged meanwhile, or the shift changed). */
        expected: z.number().int().min(1).max(100_000_000),
        filter: AlarmFilterSchema.optional(),
        note: z.string().max(2000),
      })
      .strict(),
    { shift: 'Acknowledging alarms', personal: 'Reading the operator log' },
  ),
  listAcknowledgements: op<Acknowledgement[]>()(noPayload, { personal: 'Reading the operator log' }),
  /** One page of the operator log's acknowledgements (newest first) with how many there are in all. */
  listAcknowledgementPage: op<AcknowledgementPage>()(
    z.object({ offset: z.number().int().min(0).max(100_000_000), limit: z.number().int().min(1).max(MAX_PAGE) }).strict(),
    { personal: 'Reading the operator log' },
  ),
  /** How the unacknowledged alarms stand (counts, oldest, set aside): no personal data, so the status bar counts them before a sign-in too. */
  getOpenAlarms: op<AlarmSummary>()(noPayload, { personal: false }),
  /** One page of a group of unacknowledged alarms, in an order, optionally only those matching the feed's filters. */
  listOpenAlarms: op<OpenAlarmPage>()(
    z
      .object({
        group: z.enum(ALARM_GROUPS),
        order: z.enum(ALARM_ORDERS),
        offset: z.number().int().min(0).max(100_000_000),
        limit: z.number().int().min(1).max(MAX_PAGE),
        filter: AlarmFilterSchema.optional(),
      })
      .strict(),
    { personal: 'Showing the alarms waiting' },
  ),
} as const;
