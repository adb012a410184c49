/**
 * The shift handover report, built from what main holds: the alarms raised during the shift (the
 * feed's events with an alarm, from the shift's start on), which of them were acknowledged (the
 * operator log) and which still wait, the notes written, the service outages and the exports made
 * (the shift journal). Pure functions: the report's data, its CSV text and its one page of text
 * lines for the PDF, both in the words the renderer sent (the language of the screen that ended
 * the shift) with dates, times and numbers in its locale. No file or clock access here.
 */
import { ALARM_PRIORITIES, type Acknowledgement, type AlarmPriority, type FeedEvent, type ExportKind, type HandoverReport, type HandoverWords } from '../../contract/ipc';
import { csvLine, CSV_BOM } from '../history/csv';
import type { JournalEntry } from './shift-journal';
import { UNNAMED_OPERATOR } from './operator-list';

/** Alarms still waiting listed by name in the report (the count covers them all). */
export const MAX_OPEN_LISTED = 50;
/** Notes listed in the report's page (the CSV has them all). */
export const MAX_NOTES_ON_PAGE = 15;

export interface HandoverInput {
  operator: string;
  from: string;
  to: string;
  /** Events main holds (the live feed, and the unacknowledged alarms it keeps). */
  events: readonly FeedEvent[];
  /** Every acknowledgement of the operator log (any order). */
  acknowledgements: readonly Acknowledgement[];
  journal: readonly JournalEntry[];
}

const within = (at: string, from: number, to: number): boolean => {
  const t = Date.parse(at);
  return Number.isFinite(t) && t >= from && t <= to;
};

export function buildHandoverReport(input: HandoverInput): Omit<HandoverReport, 'pdfPath' | 'csvPath' | 'warning'> {
  const from = Date.parse(input.from);
  const to = Date.parse(input.to);
  const acknowledgedIds = new Set<number>();
  for (const ack of input.acknowledgements) for (const id of ack.recordIds) acknowledgedIds.add(id);
  const raised = input.events.filter((e) => e.alarm !== null && within(e.created, from, to));
  const alarms = ALARM_PRIORITIES.map((priority) => {
    const ofPriority = raised.filter((e) => e.alarm?.priority === priority);
    const acknowledged = ofPriority.filter((e) => acknowledgedIds.has(e.record_ID)).length;
    return { priority, raised: ofPriority.length, acknowledged, open: ofPriority.length - acknowledged };
  });
  // Still waiting at the end of the shift: every unacknowledged alarm main holds, whenever it was raised.
  const open = input.events
    .filter((e) => e.alarm !== null && !acknowledgedIds.has(e.record_ID))
    .sort((a, b) => ALARM_PRIORITIES.indexOf(a.alarm?.priority ?? 'low') - ALARM_PRIORITIES.indexOf(b.alarm?.priority ?? 'low') || a.record_ID - b.record_ID);
  const notes = input.acknowledgements
    .filter((a) => within(a.acknowledgedAt, from, to))
    .sort((a, b) => Date.parse(a.acknowledgedAt) - Date.parse(b.acknowledgedAt))
    .map((a) => ({ at: a.acknowledgedAt, device: a.device, text: a.text, note: a.note, operator: a.operator ?? null }));
  const outages = input.journal.flatMap((j) => (j.kind === 'outage' ? [{ from: j.from, to: j.to, reason: j.reason }] : []));
  const exports = input.journal.flatMap((j) => (j.kind === 'export' ? [{ at: j.at, what: j.what, path: j.path, rows: j.rows, operator: j.operator }] : []));
  return {
    operator: input.operator,
    from: input.from,
    to: input.to,
    alarms,
    stillOpen: open.slice(0, MAX_OPEN_LISTED).map((e) => ({
      id: e.record_ID,
      created: e.created,
      priority: e.alarm?.priority ?? 'low',
      device: String(e.device_Name ?? ''),
      text: String(e.custom_Text ?? ''),
    })),
    notes,
    outages,
    exports,
  };
}

type ReportData = ReturnType<typeof buildHandoverReport>;

/** A line of the report's words with its `{placeholders}` filled in (one pass: a value is never read as a placeholder). */
export function fill(line: string, params: Readonly<Record<string, string | number>>): string {
  return line.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** How the report writes in the language of the screen that ended the shift: its words, and its dates, times and numbers. */
export interface HandoverLanguage {
  words: HandoverWords;
  /** An ISO time as the kiosk shows it, in the locale (24-hour, the workstation's zone). */
  time: (iso: string) => string;
  number: (n: number) => string;
  /** The plural category of a count in the locale ("one", "other", …). */
  plural: (n: number) => Intl.LDMLPluralRule;
}

/** Dates, times, numbers and plural forms in `locale` (Intl), 24-hour, in the workstation's time zone. */
export function handoverLanguage(words: HandoverWords, locale: string): HandoverLanguage {
  const dates = new Intl.DateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
  const numbers = new Intl.NumberFormat(locale);
  const plurals = new Intl.PluralRules(locale);
  return {
    words,
    time: (iso) => {
      const at = new Date(iso);
      return Number.isNaN(at.getTime()) ? iso : dates.format(at);
    },
    number: (n) => numbers.format(n),
    plural: (n) => plurals.select(n),
  };
}

/** What an export was, in the report's language (a code recorded by the journal; older entries' English as they are). */
function exportIn(words: HandoverWords): (what: string) => string {
  return (what) => (words.exportKinds && Object.hasOwn(words.exportKinds, what) ? words.exportKinds[what as ExportKind] : what);
}

/** An operator's name in the report: a shift without a name in the report's language, any other as it is. */
function nameIn(words: HandoverWords): (name: string | null | undefined) => string {
  return (name) => (name === UNNAMED_OPERATOR ? (words.unnamed ?? name) : (name ?? ''));
}

/** The report as CSV: one row per fact, with a section column, times in UTC (ISO 8601), the fixed words in the language given. */
export function handoverCsv(report: ReportData, words: HandoverWords): string {
  const section = words.csvSections;
  const priority = (p: AlarmPriority): string => words.priorities[p];
  const h = words.csvHeadings;
  const who = nameIn(words);
  const what = exportIn(words);
  let text = CSV_BOM + csvLine([h.section, h.time, h.until, h.priority, h.device, h.text, h.detail, h.count, h.operator]);
  text += csvLine([section.shift, report.from, report.to, '', '', '', '', '', who(report.operator)]);
  for (const line of report.alarms) {
    text += csvLine([section.alarmsRaised, '', '', priority(line.priority), '', '', words.csvRaised, line.raised, '']);
    text += csvLine([section.alarmsAcknowledged, '', '', priority(line.priority), '', '', words.csvAcknowledged, line.acknowledged, '']);
    text += csvLine([section.alarmsStillOpen, '', '', priority(line.priority), '', '', words.csvOpen, line.open, '']);
  }
  for (const open of report.stillOpen) text += csvLine([section.openAlarm, open.created, '', priority(open.priority), open.device, open.text, fill(words.csvEvent, { id: open.id }), '', '']);
  for (const note of report.notes) text += csvLine([section.note, note.at, '', '', note.device, note.text, note.note, '', who(note.operator)]);
  for (const outage of report.outages) text += csvLine([section.outage, outage.from, outage.to ?? '', '', '', '', outage.reason, '', '']);
  for (const exp of report.exports) text += csvLine([section.export, exp.at, '', '', '', what(exp.what), exp.path, exp.rows, who(exp.operator)]);
  return text;
}

/** The one page's content in the language given: a title, then headed sections of lines. */
export function handoverPage(report: ReportData, language: HandoverLanguage): HandoverPage {
  const { words, time, number } = language;
  const who = nameIn(words);
  const what = exportIn(words);
  const count = (n: number): { count: string } => ({ count: number(n) });
  const none = [words.none];
  const andMore = (shown: number, all: number): string[] => (all > shown ? [fill(words.andMore, count(all - shown))] : []);
  const notes = report.notes.filter((n) => n.note.trim() !== '');
  const rows = (n: number): string => fill(language.plural(n) === 'one' ? words.rows.one : words.rows.other, count(n));
  return {
    title: fill(words.title, { operator: who(report.operator) }),
    madeAt: fill(words.madeAt, { time: time(report.to) }),
    moreInCsv: words.moreInCsv,
    number,
    sections: [
      { heading: words.shift, lines: [fill(words.operator, { operator: who(report.operator) }), fill(words.span, { from: time(report.from), to: time(report.to) })] },
      {
        heading: words.alarmsByPriority,
        lines: report.alarms.map((a) => fill(words.alarmLine, { priority: words.priorities[a.priority], raised: number(a.raised), acknowledged: number(a.acknowledged), open: number(a.open) })),
      },
      {
        heading: fill(words.stillOpen, count(report.stillOpen.length)),
        lines: report.stillOpen.length === 0 ? none : report.stillOpen.slice(0, 10).map((o) => `${time(o.created)}  ${words.priorities[o.priority]}  ${o.device} — ${o.text}`).concat(andMore(10, report.stillOpen.length)),
      },
      {
        heading: fill(words.notes, count(notes.length)),
        lines: notes.length === 0 ? none : notes.slice(0, MAX_NOTES_ON_PAGE).map((n) => `${time(n.at)}  ${who(n.operator)}  ${n.device}: ${n.note}`).concat(andMore(MAX_NOTES_ON_PAGE, notes.length)),
      },
      {
        heading: fill(words.outages, count(report.outages.length)),
        lines: report.outages.length === 0 ? none : report.outages.map((o) => `${fill(words.outageSpan, { from: time(o.from), to: o.to ? time(o.to) : words.stillDown })} — ${o.reason}`),
      },
      {
        heading: fill(words.exportsMade, count(report.exports.length)),
        lines: report.exports.length === 0 ? none : report.exports.map((e) => `${time(e.at)}  ${who(e.operator)}  ${what(e.what)}: ${rows(e.rows)}, ${e.path}`),
      },
    ],
  };
}

/** What the PDF shows: the title, when it was made, the sections, and how to say that a section goes on in the CSV. */
export interface HandoverPage {
  title: string;
  madeAt: string;
  /** "… {count} more in the CSV". */
  moreInCsv: string;
  number: (n: number) => string;
  sections: Array<{ heading: string; lines: string[] }>;
}
