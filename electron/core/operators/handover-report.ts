/**
 * The shift handover report, built from the kiosk's record of the shift (operators/shift-record.ts:
 * the database, never the feed's ring in memory): the alarms raised during the shift by priority
 * (acknowledged, still waiting, set aside beyond the list's bound, found by a catch-up) and the
 * acknowledgements made in it; every alarm still unacknowledged now (the status bar's count) with
 * the most urgent listed; the notes; the service outages with their true start, end and duration;
 * the kiosk's own downtime; the catch-ups and what they held or did not read; the events set
 * aside; the exports made (the shift journal). Pure functions: the report's data, its CSV text and
 * its one page's content for the PDF, both in main's words (`documents.handover` messages, worded
 * by core/language/words.ts in the language of the screen that ended the shift) with dates, times
 * and numbers in its locale. No file or clock here.
 */
import { boundText } from '../alarms/alarm-text';
import {
  ALARM_PRIORITIES,
  EXPORT_KINDS,
  HANDOVER_ALARM_COLUMNS,
  HANDOVER_CSV_COLUMNS,
  type Acknowledgement,
  type AlarmPriority,
  type ExportKind,
  type HandoverCatchUp,
  type HandoverOutage,
  type HandoverReport,
  type HandoverUnacknowledged,
  type OpenAlarm,
} from '../../contract/ipc';
import type { Words } from '../language/words';
import type { Messages } from '../../../i18n/schema';
import type { ShiftAlarmFigures } from '../alarms/alarm-store';
import { csvLine, CSV_BOM } from '../history/csv';
import type { JournalEntry } from './shift-journal';
import type { ShiftCatchUp, ShiftDowntime, ShiftOutage } from './shift-record';
import { UNNAMED_OPERATOR } from './operator-list';

/** Unacknowledged alarms listed by name in the report (the total counts them all). */
export const MAX_OPEN_LISTED = 50;

export interface HandoverInput {
  operator: string;
  from: string;
  to: string;
  /** The alarms of the shift by priority (alarms/alarm-store.ts `shiftFigures`). */
  figures: readonly ShiftAlarmFigures[];
  /** Every alarm unacknowledged at the end of the shift: the status bar's count and its groups. */
  unacknowledged: HandoverUnacknowledged;
  /** The most urgent of them, most urgent first (at most MAX_OPEN_LISTED are kept). */
  stillWaiting: readonly OpenAlarm[];
  /** The acknowledgements made during the shift (any order; others are left out). */
  acknowledgements: readonly Acknowledgement[];
  outages: readonly ShiftOutage[];
  downtime: readonly ShiftDowntime[];
  catchUps: readonly ShiftCatchUp[];
  /** Events set aside during the shift. */
  setAsideEvents: number;
  journal: readonly JournalEntry[];
}

export type HandoverData = Omit<HandoverReport, 'pdfPath' | 'csvPath' | 'warning'>;

const iso = (ms: number): string => new Date(ms).toISOString();
const isoOrNull = (ms: number | null): string | null => (ms === null ? null : iso(ms));

const within = (at: string, from: number, to: number): boolean => {
  const t = Date.parse(at);
  return Number.isFinite(t) && t >= from && t <= to;
};

function catchUpOf({ gap, alarms }: ShiftCatchUp): HandoverCatchUp {
  const notRead: HandoverCatchUp['notRead'] = [];
  // Beyond the catch-up bound the oldest ids are never read: (notReadFrom, notReadTo].
  if (gap.notReadFrom !== null && gap.notReadTo !== null && gap.notReadTo > gap.notReadFrom) notRead.push({ firstId: gap.notReadFrom + 1, lastId: gap.notReadTo });
  // A gap of a numbering that restarted cannot be read any further: (nextId, toId] never will be.
  if (gap.state === 'abandoned' && gap.nextId < gap.toId) notRead.push({ firstId: gap.nextId + 1, lastId: gap.toId });
  return {
    cause: gap.cause,
    from: isoOrNull(gap.sinceAt),
    to: iso(gap.untilAt),
    firstId: (gap.notReadFrom ?? gap.fromId) + 1,
    lastId: gap.toId,
    readEvents: gap.readEvents,
    alarms: { total: alarms.total, critical: alarms.critical, high: alarms.high, medium: alarms.medium, low: alarms.low },
    setAside: gap.setAside,
    notRead,
    state: gap.state,
    readUpTo: gap.nextId,
    finishedAt: isoOrNull(gap.finishedAt),
  };
}

export function buildHandoverReport(input: HandoverInput): HandoverData {
  const from = Date.parse(input.from);
  const to = Date.parse(input.to);
  const alarms = ALARM_PRIORITIES.map((priority) => {
    const f = input.figures.find((figure) => figure.priority === priority);
    const waiting = f?.waiting ?? 0;
    const setAside = f?.setAside ?? 0;
    return {
      priority,
      raised: f?.raised ?? 0,
      acknowledged: f?.acknowledged ?? 0,
      open: waiting + setAside,
      waiting,
      setAside,
      caughtUp: f?.caughtUp ?? 0,
      acknowledgedInShift: f?.acknowledgedInShift ?? 0,
    };
  });
  const notes = input.acknowledgements
    .filter((a) => within(a.acknowledgedAt, from, to))
    .sort((a, b) => Date.parse(a.acknowledgedAt) - Date.parse(b.acknowledgedAt))
    .map((a) => ({ at: a.acknowledgedAt, device: a.device, text: boundText(a.text), note: a.note, operator: a.operator ?? null }));
  const recorded: HandoverOutage[] = input.outages.map((o) => ({
    from: iso(o.startedAt),
    to: isoOrNull(o.endedAt),
    end: o.endCause === 'kiosk-stopped' ? 'kioskStopped' : o.endCause === 'answered' ? 'answered' : null,
    raisedAt: isoOrNull(o.raisedAt),
    acknowledgedAt: isoOrNull(o.acknowledgedAt),
    acknowledgedBy: o.acknowledgedBy,
    detail: null,
  }));
  // Outages an earlier version wrote into the shift journal, with their reason as written.
  const journaled: HandoverOutage[] = input.journal.flatMap((j) =>
    j.kind === 'outage' ? [{ from: j.from, to: j.to, end: null, raisedAt: null, acknowledgedAt: null, acknowledgedBy: null, detail: j.reason }] : [],
  );
  const exports = input.journal.flatMap((j) => (j.kind === 'export' ? [{ at: j.at, what: j.what, path: j.path, rows: j.rows, operator: j.operator }] : []));
  return {
    operator: input.operator,
    from: input.from,
    to: input.to,
    alarms,
    acknowledgementsMade: notes.length,
    unacknowledged: { ...input.unacknowledged },
    stillOpen: input.stillWaiting.slice(0, MAX_OPEN_LISTED).map(({ event: e }) => ({
      id: e.record_ID,
      created: e.created,
      priority: e.alarm?.priority ?? 'low',
      device: String(e.device_Name ?? ''),
      text: boundText(String(e.custom_Text ?? '')),
    })),
    notes,
    outages: [...recorded, ...journaled].sort((a, b) => Date.parse(a.from) - Date.parse(b.from)),
    downtime: input.downtime.map((d) => ({ from: iso(d.from), to: iso(d.to), cleanStop: d.cleanStop })).sort((a, b) => Date.parse(a.from) - Date.parse(b.from)),
    catchUps: input.catchUps.map(catchUpOf),
    setAsideEvents: input.setAsideEvents,
    exports,
  };
}

/** How the report writes in the language of the screen that ended the shift: its words, and its dates, times, numbers and durations. */
export interface HandoverLanguage {
  words: Words;
  /** An ISO time as the kiosk shows it, in the locale (24-hour, the workstation's zone). */
  time: (iso: string) => string;
  number: (n: number) => string;
  /** How long a span of milliseconds lasted, in the report's words ("1 h 5 min"). */
  duration: (ms: number) => string;
}

/** A duration in the words given: its two largest units, whole seconds. */
export function durationIn(words: Words, number: (n: number) => string): (ms: number) => string {
  return (ms) => {
    const seconds = Math.max(0, Math.floor(ms / 1000));
    const days = Math.floor(seconds / 86_400);
    const hours = Math.floor((seconds % 86_400) / 3_600);
    const minutes = Math.floor((seconds % 3_600) / 60);
    const rest = seconds % 60;
    if (days > 0) return words.t('documents.handover.duration.days', { days: number(days), hours: number(hours) });
    if (hours > 0) return words.t('documents.handover.duration.hours', { hours: number(hours), minutes: number(minutes) });
    if (minutes > 0) return words.t('documents.handover.duration.minutes', { minutes: number(minutes), seconds: number(rest) });
    return words.t('documents.handover.duration.seconds', { seconds: number(rest) });
  };
}

/** Dates, times and numbers in the words' locale (Intl), 24-hour, in the workstation's time zone. */
export function handoverLanguage(words: Words): HandoverLanguage {
  const dates = new Intl.DateTimeFormat(words.intl, { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
  const numbers = new Intl.NumberFormat(words.intl);
  const number = (n: number): string => numbers.format(n);
  return {
    words,
    time: (iso) => {
      const at = new Date(iso);
      return Number.isNaN(at.getTime()) ? iso : dates.format(at);
    },
    number,
    duration: durationIn(words, number),
  };
}

/** What an export was, in the report's language (a code recorded by the journal; older entries' English as they are). */
function exportIn(words: Words): (what: string) => string {
  return (what) => ((EXPORT_KINDS as readonly string[]).includes(what) ? words.t(`documents.handover.exportKinds.${what as ExportKind}`) : what);
}

/** An operator's name in the report: a shift without a name in the report's language, any other as it is. */
function nameIn(words: Words): (name: string | null | undefined) => string {
  return (name) => (name === UNNAMED_OPERATOR ? words.t('documents.handover.unnamed') : (name ?? ''));
}

/** Each figure of the table, in its column's order. */
const FIGURE: Record<(typeof HANDOVER_ALARM_COLUMNS)[number], (line: HandoverData['alarms'][number]) => number> = {
  raised: (l) => l.raised,
  acknowledged: (l) => l.acknowledged,
  waiting: (l) => l.waiting,
  setAside: (l) => l.setAside,
  caughtUp: (l) => l.caughtUp,
  acknowledgedInShift: (l) => l.acknowledgedInShift,
};

/** The figures' totals over the priorities; acknowledgements made count every entry of the shift. */
function totals(report: HandoverData): Record<(typeof HANDOVER_ALARM_COLUMNS)[number], number> {
  const sum = (column: (typeof HANDOVER_ALARM_COLUMNS)[number]): number => report.alarms.reduce((total, line) => total + FIGURE[column](line), 0);
  return {
    raised: sum('raised'),
    acknowledged: sum('acknowledged'),
    waiting: sum('waiting'),
    setAside: sum('setAside'),
    caughtUp: sum('caughtUp'),
    acknowledgedInShift: report.acknowledgementsMade,
  };
}

/** What is said of an outage after its span, in the report's language and times. */
function outageDetail(outage: HandoverOutage, words: Words, time: (iso: string) => string, who: (name: string | null) => string): string {
  if (outage.detail !== null) return outage.detail;
  const parts: string[] = [];
  if (outage.raisedAt) parts.push(words.t('documents.handover.outageRaised', { time: time(outage.raisedAt) }));
  if (outage.acknowledgedAt) parts.push(outage.acknowledgedBy ? words.t('documents.handover.outageAcknowledgedBy', { time: time(outage.acknowledgedAt), operator: who(outage.acknowledgedBy) }) : words.t('documents.handover.outageAcknowledged', { time: time(outage.acknowledgedAt) }));
  else parts.push(words.t('documents.handover.outageNotAcknowledged'));
  if (outage.end === 'kioskStopped') parts.push(words.t('documents.handover.outageKioskStopped'));
  return parts.join('; ');
}

/** An outage, a downtime or a catch-up: its span and how long it lasted (until the report's end when it goes on). */
function periodOf(from: string, to: string | null, reportEnd: string, language: Pick<HandoverLanguage, 'words' | 'time' | 'duration'>): string {
  const end = to ?? reportEnd;
  return language.words.t('documents.handover.period', { from: language.time(from), to: to === null ? language.words.t('documents.handover.stillDown') : language.time(to), duration: language.duration(Date.parse(end) - Date.parse(from)) });
}

/** What a catch-up held and left, one line each. */
function catchUpLines(c: HandoverCatchUp, words: Words, number: (n: number) => string): string[] {
  const lines = [
    words.t('documents.handover.catchUpRead', { first: number(c.firstId), last: number(c.lastId), read: number(c.readEvents), setAside: number(c.setAside) }),
    words.t('documents.handover.catchUpAlarms', { alarms: number(c.alarms.total), critical: number(c.alarms.critical), high: number(c.alarms.high), medium: number(c.alarms.medium), low: number(c.alarms.low) }),
  ];
  for (const range of c.notRead) lines.push(words.t('documents.handover.catchUpNotRead', { first: number(range.firstId), last: number(range.lastId), count: number(range.lastId - range.firstId + 1) }));
  if (c.state === 'reading') lines.push(words.t('documents.handover.catchUpReading', { id: number(c.readUpTo) }));
  return lines;
}

function catchUpHeadline(c: HandoverCatchUp, reportEnd: string, language: Pick<HandoverLanguage, 'words' | 'time' | 'duration'>): string {
  const cause = language.words.t(`documents.handover.catchUpCauses.${c.cause}`);
  const span = c.from === null ? language.words.t('documents.handover.catchUpUntil', { to: language.time(c.to) }) : periodOf(c.from, c.to, reportEnd, language);
  return `${cause}, ${span}`;
}

/** The report as CSV: one row per fact, with a section column, times in UTC (ISO 8601), the fixed words in the language given. */
export function handoverCsv(report: HandoverData, words: Words): string {
  type Handover = Messages['documents']['handover'];
  const section = (name: keyof Handover['sections']): string => words.t(`documents.handover.sections.${name}`);
  const heading = (name: keyof Handover['csv']): string => words.t(`documents.handover.csv.${name}`);
  const priority = (p: AlarmPriority): string => words.t(`documents.priorities.${p}`);
  const who = nameIn(words);
  const what = exportIn(words);
  const plain = (n: number): string => String(n);
  const asIs = { words, time: (at: string) => at, duration: durationIn(words, plain) };
  let text = CSV_BOM + csvLine(HANDOVER_CSV_COLUMNS.map(heading));
  text += csvLine([section('shift'), report.from, report.to, '', '', '', '', '', who(report.operator)]);
  const sum = totals(report);
  const figureSections = { raised: section('alarmsRaised'), acknowledged: section('alarmsAcknowledged'), waiting: section('alarmsWaiting'), setAside: section('alarmsSetAside'), caughtUp: section('alarmsCaughtUp'), acknowledgedInShift: section('acknowledgementsMade') };
  for (const column of HANDOVER_ALARM_COLUMNS) {
    for (const line of report.alarms) text += csvLine([figureSections[column], '', '', priority(line.priority), '', '', '', FIGURE[column](line), '']);
    text += csvLine([figureSections[column], '', '', words.t('documents.handover.total'), '', '', '', sum[column], '']);
  }
  const u = report.unacknowledged;
  text += csvLine([section('unacknowledgedNow'), report.to, '', '', '', '', words.t('documents.handover.groups.total'), u.total, '']);
  text += csvLine([section('unacknowledgedNow'), report.to, '', '', '', '', words.t('documents.handover.groups.waiting'), u.waiting, '']);
  text += csvLine([section('unacknowledgedNow'), report.to, '', '', '', '', words.t('documents.handover.groups.preShift'), u.preShift, '']);
  text += csvLine([section('unacknowledgedNow'), report.to, '', '', '', '', words.t('documents.handover.groups.setAside'), u.setAside, '']);
  for (const open of report.stillOpen) text += csvLine([section('openAlarm'), open.created, '', priority(open.priority), open.device, open.text, words.t('documents.handover.event', { id: open.id }), '', '']);
  const notListed = u.total - report.stillOpen.length;
  if (notListed > 0) text += csvLine([section('openAlarm'), '', '', '', '', '', words.t('documents.handover.notListed', { count: notListed }), notListed, '']);
  for (const note of report.notes) text += csvLine([section('note'), note.at, '', '', note.device, note.text, note.note, '', who(note.operator)]);
  for (const outage of report.outages) {
    const duration = asIs.duration(Date.parse(outage.to ?? report.to) - Date.parse(outage.from));
    text += csvLine([section('outage'), outage.from, outage.to ?? '', '', '', '', `${outage.to === null ? `${words.t('documents.handover.stillDown')}, ` : ''}${duration}; ${outageDetail(outage, words, asIs.time, (n) => who(n))}`, '', who(outage.acknowledgedBy)]);
  }
  for (const down of report.downtime) {
    text += csvLine([section('downtime'), down.from, down.to, '', '', '', `${asIs.duration(Date.parse(down.to) - Date.parse(down.from))}; ${down.cleanStop ? words.t('documents.handover.stoppedCleanly') : words.t('documents.handover.notStoppedCleanly')}`, '', '']);
  }
  for (const c of report.catchUps) {
    const [read = '', found = '', ...rest] = catchUpLines(c, words, plain);
    text += csvLine([section('catchUp'), c.from ?? '', c.to, '', '', words.t(`documents.handover.catchUpCauses.${c.cause}`), `${read}; ${found}`, c.readEvents, '']);
    for (const line of rest) text += csvLine([section('catchUp'), c.from ?? '', c.to, '', '', words.t(`documents.handover.catchUpCauses.${c.cause}`), line, '', '']);
  }
  text += csvLine([section('setAsideEvents'), report.from, report.to, '', '', '', words.t('documents.handover.setAsideEventsExplained'), report.setAsideEvents, '']);
  for (const exp of report.exports) text += csvLine([section('export'), exp.at, '', '', '', what(exp.what), exp.path, exp.rows, who(exp.operator)]);
  return text;
}

/** One entry of a section: a line, and lines under it (indented). */
export interface HandoverItem {
  text: string;
  details: string[];
}

/** A table: column headings, then rows (the first cell names the row; the last row may be the total). */
export interface HandoverTable {
  columns: string[];
  rows: string[][];
  lastIsTotal: boolean;
}

/**
 * A section of the page: its heading; `lead` lines and a table always shown; `items`, which the
 * PDF may cut to keep to one page (saying how many more are in the CSV); `tail` lines always shown
 * after them. With none of these, the page says `none`.
 */
export interface HandoverSection {
  heading: string;
  lead: string[];
  table: HandoverTable | null;
  items: HandoverItem[];
  tail: string[];
}

/** What the PDF shows: the title, when it was made, the sections, and how to say that a section goes on in the CSV. */
export interface HandoverPage {
  title: string;
  madeAt: string;
  /** "… {count} more in the CSV", with the count in the report's numbers. */
  moreInCsv: (count: number) => string;
  /** "None." */
  none: string;
  sections: HandoverSection[];
}

const section = (heading: string, parts: Partial<Omit<HandoverSection, 'heading'>> = {}): HandoverSection => ({ heading, lead: [], table: null, items: [], tail: [], ...parts });
const item = (text: string, details: string[] = []): HandoverItem => ({ text, details });

/** The one page's content in the language given: a title, then headed sections. */
export function handoverPage(report: HandoverData, language: HandoverLanguage): HandoverPage {
  const { words, time, number } = language;
  const who = nameIn(words);
  const what = exportIn(words);
  const count = (n: number): { count: string } => ({ count: number(n) });
  const notes = report.notes.filter((n) => n.note.trim() !== '');
  const rows = (n: number): string => words.t('documents.handover.rows', count(n), n);
  const sum = totals(report);
  const u = report.unacknowledged;
  const notListed = u.total - report.stillOpen.length;
  return {
    title: words.t('documents.handover.title', { operator: who(report.operator) }),
    madeAt: words.t('documents.handover.madeAt', { time: time(report.to) }),
    moreInCsv: (n) => words.t('documents.handover.moreInCsv', count(n)),
    none: words.t('documents.handover.none'),
    sections: [
      section(words.t('documents.handover.shift'), { lead: [words.t('documents.handover.operator', { operator: who(report.operator) }), words.t('documents.handover.span', { from: time(report.from), to: time(report.to) })] }),
      section(words.t('documents.handover.alarmsByPriority'), {
        table: {
          columns: [words.t('documents.handover.alarmColumns.priority'), ...HANDOVER_ALARM_COLUMNS.map((column) => words.t(`documents.handover.alarmColumns.${column}`))],
          rows: [
            ...report.alarms.map((line) => [words.t(`documents.priorities.${line.priority}`), ...HANDOVER_ALARM_COLUMNS.map((column) => number(FIGURE[column](line)))]),
            [words.t('documents.handover.total'), ...HANDOVER_ALARM_COLUMNS.map((column) => number(sum[column]))],
          ],
          lastIsTotal: true,
        },
        tail: [words.t('documents.handover.alarmsExplained')],
      }),
      section(words.t('documents.handover.unacknowledged', count(u.total)), {
        lead: u.total > 0 ? [words.t('documents.handover.unacknowledgedGroups', { waiting: number(u.waiting), preShift: number(u.preShift), setAside: number(u.setAside), bound: number(u.bound) })] : [],
        items: report.stillOpen.map((o) => item(`${time(o.created)}  ${words.t(`documents.priorities.${o.priority}`)}  ${o.device} — ${o.text}`)),
        tail: notListed > 0 ? [words.t('documents.handover.notListed', count(notListed))] : [],
      }),
      section(words.t('documents.handover.notes', count(notes.length)), { items: notes.map((n) => item(`${time(n.at)}  ${who(n.operator)}  ${n.device}: ${n.note}`)) }),
      section(words.t('documents.handover.outages', count(report.outages.length)), {
        items: report.outages.map((o) => item(periodOf(o.from, o.to, report.to, language), [outageDetail(o, words, time, (n) => who(n))])),
      }),
      section(words.t('documents.handover.downtime', count(report.downtime.length)), {
        items: report.downtime.map((d) => item(`${periodOf(d.from, d.to, report.to, language)} — ${d.cleanStop ? words.t('documents.handover.stoppedCleanly') : words.t('documents.handover.notStoppedCleanly')}`)),
      }),
      section(words.t('documents.handover.catchUps', count(report.catchUps.length)), {
        items: report.catchUps.map((c) => item(catchUpHeadline(c, report.to, language), catchUpLines(c, words, number))),
      }),
      section(words.t('documents.handover.setAsideEvents', count(report.setAsideEvents)), { lead: report.setAsideEvents > 0 ? [words.t('documents.handover.setAsideEventsExplained')] : [] }),
      section(words.t('documents.handover.exportsMade', count(report.exports.length)), { items: report.exports.map((e) => item(`${time(e.at)}  ${who(e.operator)}  ${what(e.what)}: ${rows(e.rows)}, ${e.path}`)) }),
    ],
  };
}
