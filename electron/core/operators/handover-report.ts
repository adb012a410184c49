/**
 * The shift handover report, built from what main holds: the alarms raised during the shift (the
 * feed's events with an alarm, from the shift's start on), which of them were acknowledged (the
 * operator log) and which still wait, the notes written, the service outages and the exports made
 * (the shift journal). Pure functions: the report's data, its CSV text and its one page of text
 * lines for the PDF. No file or clock access here.
 */
import { ALARM_PRIORITIES, type Acknowledgement, type FeedEvent, type HandoverReport } from '../../contract/ipc';
import { csvLine, CSV_BOM } from '../history/csv';
import type { JournalEntry } from './shift-journal';

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

/** The report as CSV: one row per fact, with a section column, times in UTC (ISO 8601). */
export function handoverCsv(report: ReportData): string {
  let text = CSV_BOM + csvLine(['section', 'time (UTC)', 'until (UTC)', 'priority', 'device', 'text', 'note or detail', 'count', 'operator']);
  text += csvLine(['shift', report.from, report.to, '', '', '', '', '', report.operator]);
  for (const line of report.alarms) {
    text += csvLine(['alarms raised', '', '', line.priority, '', '', 'raised', line.raised, '']);
    text += csvLine(['alarms acknowledged', '', '', line.priority, '', '', 'acknowledged', line.acknowledged, '']);
    text += csvLine(['alarms still open', '', '', line.priority, '', '', 'open', line.open, '']);
  }
  for (const open of report.stillOpen) text += csvLine(['open alarm', open.created, '', open.priority, open.device, open.text, `event ${open.id}`, '', '']);
  for (const note of report.notes) text += csvLine(['note', note.at, '', '', note.device, note.text, note.note, '', note.operator ?? '']);
  for (const outage of report.outages) text += csvLine(['outage', outage.from, outage.to ?? '', '', '', '', outage.reason, '', '']);
  for (const exp of report.exports) text += csvLine(['export', exp.at, '', '', '', exp.what, exp.path, exp.rows, exp.operator ?? '']);
  return text;
}

/** The one page's content: a title, then headed sections of lines. `time` formats an ISO time as the kiosk shows it. */
export function handoverPage(report: ReportData, time: (iso: string) => string): { title: string; sections: Array<{ heading: string; lines: string[] }> } {
  const notes = report.notes.filter((n) => n.note.trim() !== '');
  return {
    title: `Shift handover — ${report.operator}`,
    sections: [
      { heading: 'Shift', lines: [`Operator: ${report.operator}`, `From ${time(report.from)} to ${time(report.to)}`] },
      {
        heading: 'Alarms by priority',
        lines: report.alarms.map((a) => `${a.priority}: ${a.raised} raised, ${a.acknowledged} acknowledged, ${a.open} still open`),
      },
      {
        heading: `Still open at the end of the shift (${report.stillOpen.length})`,
        lines: report.stillOpen.length === 0 ? ['None.'] : report.stillOpen.slice(0, 10).map((o) => `${time(o.created)}  ${o.priority}  ${o.device} — ${o.text}`).concat(report.stillOpen.length > 10 ? [`… and ${report.stillOpen.length - 10} more (see the CSV)`] : []),
      },
      {
        heading: `Notes (${notes.length})`,
        lines: notes.length === 0 ? ['None.'] : notes.slice(0, MAX_NOTES_ON_PAGE).map((n) => `${time(n.at)}  ${n.operator ?? ''}  ${n.device}: ${n.note}`).concat(notes.length > MAX_NOTES_ON_PAGE ? [`… and ${notes.length - MAX_NOTES_ON_PAGE} more (see the CSV)`] : []),
      },
      {
        heading: `Service outages (${report.outages.length})`,
        lines: report.outages.length === 0 ? ['None.'] : report.outages.map((o) => `${time(o.from)} to ${o.to ? time(o.to) : 'still down'} — ${o.reason}`),
      },
      {
        heading: `Exports made (${report.exports.length})`,
        lines: report.exports.length === 0 ? ['None.'] : report.exports.map((e) => `${time(e.at)}  ${e.operator ?? ''}  ${e.what}: ${e.rows} ${e.rows === 1 ? 'row' : 'rows'}, ${e.path}`),
      },
    ],
  };
}
