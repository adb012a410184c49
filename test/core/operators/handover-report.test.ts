// The shift handover report from the kiosk's record: the builder (alarms of the shift by priority,
// every alarm still unacknowledged now, notes, outages with their true span, the kiosk's downtime,
// catch-ups and what they did not read, events set aside, exports), its CSV, and End shift saving
// it as a one-page PDF and a CSV, owner-only, kept in the log with the same figures; in the words
// and locale of the screen that ended the shift (English, German, French, Spanish, the long
// pseudo-locale). The figures against an independent count of a whole shift: handover-shift.test.ts.
// The words are main's own now (core/language/words.ts over i18n/messages/<language>/documents.ts,
// the language the page reported): they were the renderer's, sent with End shift
// (test/support/document-words.ts, removed), and the assertions on the page and the CSV are as they were.
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KIOSK_LOCALES, operatorsOperations, type Acknowledgement, type AlarmPriority, type KioskLocale, type OpenAlarm } from '../../../electron/contract/ipc';
import type { ShiftAlarmFigures } from '../../../electron/core/alarms/alarm-store';
import type { FeedGap } from '../../../electron/core/feed/feed-keeper';
import { createLogger, memorySink } from '../../../electron/core/log/logger';
import { drawableText, renderHandoverPdf } from '../../../electron/core/operators/handover-pdf';
import { BADGE_FONTS } from '../../support/badge-fonts';
import { buildHandoverReport, handoverCsv, handoverLanguage, handoverPage, type HandoverInput, type HandoverLanguage } from '../../../electron/core/operators/handover-report';
import { setOperatorPin } from '../../../electron/core/operators/operator-list';
import { AdminLock, setAdminPin } from '../../../electron/core/admin-lock/admin-lock';
import { createOperatorsCapability } from '../../../electron/core/operators/operators-capability';
import type { ShiftRecord } from '../../../electron/core/operators/shift-record';
import { feedEvent } from '../../support/events';
import { wordsIn } from '../../../electron/core/language/words';
import { ShownLanguage } from '../../../electron/core/language/shown-language';
import { KioskDatabase } from '../../../electron/core/storage/kiosk-database';

const FAST = { N: 2 ** 10, r: 8, p: 1, keyLength: 32, saltLength: 16 };
const FROM = '2026-11-24T18:00:00.000Z';
const TO = '2026-11-25T06:00:00.000Z';
const at = (iso: string): number => Date.parse(iso);

/** English words with ISO times: the page's lines without the locale's date format. */
const english: HandoverLanguage = { ...handoverLanguage(wordsIn('en')), time: (iso) => iso };

const figure = (priority: AlarmPriority, f: Partial<Omit<ShiftAlarmFigures, 'priority'>> = {}): ShiftAlarmFigures => ({
  priority,
  raised: 0,
  acknowledged: 0,
  waiting: 0,
  setAside: 0,
  caughtUp: 0,
  acknowledgedInShift: 0,
  ...f,
});

const open = (id: number, created: string, priority: AlarmPriority, device: string, text: string): OpenAlarm => ({
  id: id + 1000,
  event: feedEvent(id, { created, device_Name: device, custom_Text: text, alarm: { priority, rule: priority, id: id + 1000, state: 'waiting' } }),
  preShift: false,
  setAside: false,
});

const ack = (id: number, when: string, note: string, operator = 'Ada Guard', priority: AlarmPriority = 'critical'): Acknowledgement => ({
  alarmKey: `alarm:${id}`,
  alarmId: id,
  recordIds: [id],
  note,
  acknowledgedAt: when,
  device: `Door ${id}`,
  text: 'x',
  operator,
  eventCreated: null,
  priority,
});

const gap = (g: Partial<FeedGap>): FeedGap => ({
  id: 1,
  numbering: 0,
  cause: 'stopped',
  fromId: 0,
  toId: 0,
  nextId: 0,
  readEvents: 0,
  setAside: 0,
  notReadFrom: null,
  notReadTo: null,
  sinceAt: null,
  untilAt: 0,
  finishedAt: null,
  state: 'done',
  ...g,
});

/** A shift as the kiosk's record tells it (what handover-shift.test.ts reads from a real database). */
function shiftInput(overrides: Partial<HandoverInput> = {}): HandoverInput {
  return {
    operator: 'Ada Guard',
    from: FROM,
    to: TO,
    figures: [
      figure('critical', { raised: 420, acknowledged: 413, waiting: 7, caughtUp: 12, acknowledgedInShift: 415 }),
      figure('high', { raised: 1100, acknowledged: 1032, waiting: 60, setAside: 8, acknowledgedInShift: 1032 }),
      figure('medium'),
      figure('low', { raised: 2900, acknowledged: 10, waiting: 0, setAside: 2890, caughtUp: 30, acknowledgedInShift: 12 }),
    ],
    unacknowledged: { total: 3936, waiting: 67, preShift: 971, setAside: 2898, bound: 5000 },
    stillWaiting: [open(2, '2026-11-24T19:00:00.000Z', 'critical', 'Server room', 'FORCED OPEN'), open(6, '2026-11-24T19:30:00.000Z', 'high', 'Door 6', 'HELD OPEN')],
    acknowledgements: [
      ack(3, '2026-11-24T20:01:00.000Z', '', 'Ada Guard', 'low'),
      ack(1, '2026-11-24T19:05:00.000Z', 'Camera 12 checked'),
      ack(99, '2026-11-23T10:00:00.000Z', 'an older shift'),
    ],
    outages: [
      { id: 1, startedAt: at('2026-11-24T22:00:00.000Z'), endedAt: at('2026-11-24T22:07:30.000Z'), endCause: 'answered', raisedAt: at('2026-11-24T22:00:30.000Z'), acknowledgedAt: at('2026-11-24T22:01:10.000Z'), acknowledgedBy: null },
      { id: 2, startedAt: at('2026-11-25T00:55:00.000Z'), endedAt: at('2026-11-25T01:00:00.000Z'), endCause: 'kiosk-stopped', raisedAt: at('2026-11-25T00:55:30.000Z'), acknowledgedAt: null, acknowledgedBy: null },
      { id: 3, startedAt: at('2026-11-25T05:50:00.000Z'), endedAt: null, endCause: null, raisedAt: at('2026-11-25T05:50:30.000Z'), acknowledgedAt: at('2026-11-25T05:51:00.000Z'), acknowledgedBy: 'Ada Guard' },
    ],
    downtime: [
      { from: at('2026-11-25T03:00:00.000Z'), to: at('2026-11-25T03:05:00.000Z'), cleanStop: false },
      { from: at('2026-11-25T01:00:00.000Z'), to: at('2026-11-25T01:20:00.000Z'), cleanStop: true },
    ],
    catchUps: [
      {
        gap: gap({ fromId: 5500, toId: 6500, nextId: 6500, readEvents: 998, setAside: 2, notReadFrom: 5000, notReadTo: 5500, sinceAt: at('2026-11-25T01:00:00.000Z'), untilAt: at('2026-11-25T01:20:00.000Z'), finishedAt: at('2026-11-25T01:21:00.000Z') }),
        alarms: { total: 42, critical: 12, high: 0, medium: 0, low: 30 },
      },
    ],
    setAsideEvents: 5,
    journal: [
      { kind: 'outage', from: '2026-11-24T23:00:00.000Z', to: '2026-11-24T23:00:20.000Z', reason: 'refused (written by an earlier version)' },
      { kind: 'export', at: '2026-11-25T01:00:00.000Z', what: 'History search (CSV)', path: '/x/events.csv', rows: 12, operator: 'Ada Guard' },
    ],
    ...overrides,
  };
}

function stubRecord(input: HandoverInput): ShiftRecord {
  return {
    figures: () => [...input.figures],
    unacknowledged: () => ({ ...input.unacknowledged }),
    stillWaiting: (limit) => input.stillWaiting.slice(0, limit),
    acknowledgements: (from, to) => input.acknowledgements.filter((a) => at(a.acknowledgedAt) >= from && at(a.acknowledgedAt) <= to),
    outages: () => [...input.outages],
    downtime: () => [...input.downtime],
    catchUps: () => [...input.catchUps],
    setAsideEvents: () => input.setAsideEvents,
  };
}

const pdfText = (file: string): string => execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
const pages = (file: string): string => /Pages:\s+(\d+)\n/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1] ?? '?';

describe('buildHandoverReport', () => {
  const report = buildHandoverReport(shiftInput());

  it('takes the alarms of the shift by priority from the record: each raised one acknowledged, waiting or set aside', () => {
    expect(report.alarms).toEqual([
      { priority: 'critical', raised: 420, acknowledged: 413, open: 7, waiting: 7, setAside: 0, caughtUp: 12, acknowledgedInShift: 415 },
      { priority: 'high', raised: 1100, acknowledged: 1032, open: 68, waiting: 60, setAside: 8, caughtUp: 0, acknowledgedInShift: 1032 },
      { priority: 'medium', raised: 0, acknowledged: 0, open: 0, waiting: 0, setAside: 0, caughtUp: 0, acknowledgedInShift: 0 },
      { priority: 'low', raised: 2900, acknowledged: 10, open: 2890, waiting: 0, setAside: 2890, caughtUp: 30, acknowledgedInShift: 12 },
    ]);
    for (const line of report.alarms) expect(line.acknowledged + line.waiting + line.setAside).toBe(line.raised);
  });

  it('says every alarm still unacknowledged now (the status bar’s count), and lists the most urgent', () => {
    expect(report.unacknowledged).toEqual({ total: 3936, waiting: 67, preShift: 971, setAside: 2898, bound: 5000 });
    expect(report.stillOpen.map((o) => [o.id, o.priority, o.device])).toEqual([
      [2, 'critical', 'Server room'],
      [6, 'high', 'Door 6'],
    ]);
  });

  it('keeps the acknowledgements of the shift only, oldest first, and counts them', () => {
    expect(report.notes.map((n) => n.note)).toEqual(['Camera 12 checked', '']);
    expect(report.acknowledgementsMade).toBe(2);
  });

  it('gives each outage its true start and end, how it ended, its alarm and acknowledgement; an earlier version’s with its reason', () => {
    expect(report.outages).toEqual([
      { from: '2026-11-24T22:00:00.000Z', to: '2026-11-24T22:07:30.000Z', end: 'answered', raisedAt: '2026-11-24T22:00:30.000Z', acknowledgedAt: '2026-11-24T22:01:10.000Z', acknowledgedBy: null, detail: null },
      { from: '2026-11-24T23:00:00.000Z', to: '2026-11-24T23:00:20.000Z', end: null, raisedAt: null, acknowledgedAt: null, acknowledgedBy: null, detail: 'refused (written by an earlier version)' },
      { from: '2026-11-25T00:55:00.000Z', to: '2026-11-25T01:00:00.000Z', end: 'kioskStopped', raisedAt: '2026-11-25T00:55:30.000Z', acknowledgedAt: null, acknowledgedBy: null, detail: null },
      { from: '2026-11-25T05:50:00.000Z', to: null, end: null, raisedAt: '2026-11-25T05:50:30.000Z', acknowledgedAt: '2026-11-25T05:51:00.000Z', acknowledgedBy: 'Ada Guard', detail: null },
    ]);
  });

  it('says the kiosk’s downtime, the catch-up with the range it did NOT read, and the events set aside', () => {
    expect(report.downtime).toEqual([
      { from: '2026-11-25T01:00:00.000Z', to: '2026-11-25T01:20:00.000Z', cleanStop: true },
      { from: '2026-11-25T03:00:00.000Z', to: '2026-11-25T03:05:00.000Z', cleanStop: false },
    ]);
    expect(report.catchUps).toEqual([
      {
        cause: 'stopped',
        from: '2026-11-25T01:00:00.000Z',
        to: '2026-11-25T01:20:00.000Z',
        firstId: 5001,
        lastId: 6500,
        readEvents: 998,
        alarms: { total: 42, critical: 12, high: 0, medium: 0, low: 30 },
        setAside: 2,
        notRead: [{ firstId: 5001, lastId: 5500 }],
        state: 'done',
        readUpTo: 6500,
        finishedAt: '2026-11-25T01:21:00.000Z',
      },
    ]);
    expect(report.setAsideEvents).toBe(5);
    expect(report.exports[0]).toMatchObject({ what: 'History search (CSV)', rows: 12, operator: 'Ada Guard' });
  });

  it('says what a catch-up still being read has reached, and what a restarted numbering left unread', () => {
    const [reading, abandoned] = buildHandoverReport(
      shiftInput({
        catchUps: [
          { gap: gap({ fromId: 100, toId: 900, nextId: 400, readEvents: 300, state: 'reading', untilAt: at('2026-11-25T05:00:00.000Z') }), alarms: { total: 0, critical: 0, high: 0, medium: 0, low: 0 } },
          { gap: gap({ cause: 'renumbered', fromId: 0, toId: 50, nextId: 20, readEvents: 20, state: 'abandoned', untilAt: at('2026-11-25T05:10:00.000Z') }), alarms: { total: 1, critical: 1, high: 0, medium: 0, low: 0 } },
        ],
      }),
    ).catchUps;
    expect(reading).toMatchObject({ state: 'reading', readUpTo: 400, notRead: [], from: null });
    expect(abandoned).toMatchObject({ cause: 'renumbered', notRead: [{ firstId: 21, lastId: 50 }] });
  });
});

describe('the CSV and the page', () => {
  const report = buildHandoverReport(shiftInput());
  const csv = handoverCsv(report, wordsIn('en'));
  const lines = csv.replace(/^\uFEFF/, '').split('\r\n');

  it('writes one row per figure and priority with a total, the status bar’s count and its groups', () => {
    expect(lines[0]).toBe('section,time (UTC),until (UTC),priority,device,text,note or detail,count,operator');
    expect(lines[1]).toBe(`shift,${FROM},${TO},,,,,,Ada Guard`);
    expect(lines).toContain('alarms raised,,,critical,,,,420,');
    expect(lines).toContain('alarms raised,,,Total,,,,4420,');
    expect(lines).toContain('alarms acknowledged,,,high,,,,1032,');
    expect(lines).toContain('alarms still waiting,,,high,,,,60,');
    expect(lines).toContain('alarms set aside,,,low,,,,2890,');
    expect(lines).toContain('alarms found by catch-up,,,Total,,,,42,');
    expect(lines).toContain('acknowledgements made,,,critical,,,,415,');
    // The total of acknowledgements made is every entry of the shift in the operator log.
    expect(lines).toContain('acknowledgements made,,,Total,,,,2,');
    expect(lines).toContain(`still unacknowledged now,${TO},,,,,total,3936,`);
    expect(lines).toContain(`still unacknowledged now,${TO},,,,,from before this shift,971,`);
    expect(lines).toContain(`still unacknowledged now,${TO},,,,,set aside beyond the list's bound,2898,`);
  });

  it('lists the alarms still unacknowledged, and says how many more are not listed', () => {
    expect(lines).toContain('unacknowledged alarm,2026-11-24T19:00:00.000Z,,critical,Server room,FORCED OPEN,event 2,,');
    expect(lines).toContain('unacknowledged alarm,,,,,,"… and 3934 more, not listed here: the alarm list shows them all",3934,');
  });

  it('writes the notes, the outages with their duration, the downtime, the catch-up and the events set aside', () => {
    expect(lines).toContain('note,2026-11-24T19:05:00.000Z,,,Door 1,x,Camera 12 checked,,Ada Guard');
    expect(lines).toContain('outage,2026-11-24T22:00:00.000Z,2026-11-24T22:07:30.000Z,,,,"7 min 30 s; outage alarm raised at 2026-11-24T22:00:30.000Z; acknowledged at 2026-11-24T22:01:10.000Z",,');
    expect(lines).toContain('outage,2026-11-25T00:55:00.000Z,2026-11-25T01:00:00.000Z,,,,"5 min 0 s; outage alarm raised at 2026-11-25T00:55:30.000Z; not acknowledged; ended when the kiosk stopped: the service was not heard after that",,');
    expect(lines).toContain('outage,2026-11-25T05:50:00.000Z,,,,,"now (still down), 10 min 0 s; outage alarm raised at 2026-11-25T05:50:30.000Z; acknowledged at 2026-11-25T05:51:00.000Z by Ada Guard",,Ada Guard');
    expect(lines).toContain('kiosk downtime,2026-11-25T01:00:00.000Z,2026-11-25T01:20:00.000Z,,,,"20 min 0 s; stopped cleanly",,');
    expect(lines).toContain('kiosk downtime,2026-11-25T03:00:00.000Z,2026-11-25T03:05:00.000Z,,,,"5 min 0 s; did not stop cleanly (a crash or power cut): from when it was last known running",,');
    expect(lines).toContain(
      'catch-up,2026-11-25T01:00:00.000Z,2026-11-25T01:20:00.000Z,,,Produced while the kiosk was stopped,"events 5001 to 6500: 998 read, 2 set aside; 42 alarms found (12 critical, 0 high, 0 medium, 30 low)",998,',
    );
    expect(lines).toContain('catch-up,2026-11-25T01:00:00.000Z,2026-11-25T01:20:00.000Z,,,Produced while the kiosk was stopped,"NOT read: events 5001 to 5500 (500 events); search History for that time",,');
    expect(lines).toContain(`events set aside,${FROM},${TO},,,,"Events the service sent that could not be read; each one is kept as it came.",5,`);
  });

  it('lays the page out as a table of the figures, then the lists', () => {
    const page = handoverPage(report, english);
    const alarms = page.sections.find((s) => s.heading === 'Alarms of the shift by priority');
    expect(alarms?.table?.columns).toEqual(['Priority', 'Raised', 'Acknowledged', 'Still waiting', 'Set aside', 'Found by catch-up', 'Acknowledgements made']);
    expect(alarms?.table?.rows).toEqual([
      ['critical', '420', '413', '7', '0', '12', '415'],
      ['high', '1,100', '1,032', '60', '8', '0', '1,032'],
      ['medium', '0', '0', '0', '0', '0', '0'],
      ['low', '2,900', '10', '0', '2,890', '30', '12'],
      ['Total', '4,420', '1,455', '67', '2,898', '42', '2'],
    ]);
    const still = page.sections.find((s) => s.heading.startsWith('Still unacknowledged now'));
    expect(still?.heading).toBe('Still unacknowledged now (3,936, as the status bar counts them)');
    expect(still?.lead).toEqual(["67 in the alarm list, 971 from before this shift, 2,898 set aside beyond the list's bound (5,000). The most urgent first:"]);
    expect(still?.tail).toEqual(['… and 3,934 more, not listed here: the alarm list shows them all']);
    expect(page.sections.find((s) => s.heading.startsWith('Notes'))?.items).toEqual([{ text: '2026-11-24T19:05:00.000Z  Ada Guard  Door 1: Camera 12 checked', details: [] }]);
    expect(page.sections.find((s) => s.heading.startsWith('Service outages'))?.items[3]).toEqual({
      text: '2026-11-25T05:50:00.000Z to now (still down) (10 min 0 s)',
      details: ['outage alarm raised at 2026-11-25T05:50:30.000Z; acknowledged at 2026-11-25T05:51:00.000Z by Ada Guard'],
    });
    expect(page.sections.find((s) => s.heading.startsWith('Catch-ups'))?.items[0]).toEqual({
      text: 'Produced while the kiosk was stopped, 2026-11-25T01:00:00.000Z to 2026-11-25T01:20:00.000Z (20 min 0 s)',
      details: ['events 5,001 to 6,500: 998 read, 2 set aside', '42 alarms found (12 critical, 0 high, 0 medium, 30 low)', 'NOT read: events 5,001 to 5,500 (500 events); search History for that time'],
    });
    expect(page.sections.find((s) => s.heading.startsWith('Events set aside'))?.heading).toBe('Events set aside during the shift (5)');
  });
});

describe('End shift', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'kiosk-handover-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const capability = (input: HandoverInput, exportsDir: string, t: () => number) =>
    createOperatorsCapability({ listDir: dir, dataDir: dir, database: KioskDatabase.memory(), exportsDir, signIn: 'required', allowUnnamed: true, log: createLogger(memorySink().sink), record: stubRecord(input), now: t });

  // Moved from kiosk-core.ts (its endShift handler): the end of a shift locks the admin actions too.
  it('locks the admin actions at the end of a shift, once the report is made; a refused End shift leaves them as they were', async () => {
    await setOperatorPin(dir, 'Élodie Müller', '482915', FAST);
    await setAdminPin(dir, '739154', FAST);
    const adminLock = new AdminLock({ dir, log: createLogger(memorySink().sink) });
    let t = at(FROM);
    const operators = createOperatorsCapability({ listDir: dir, dataDir: dir, database: KioskDatabase.memory(), exportsDir: path.join(dir, 'exports'), signIn: 'required', allowUnnamed: true, log: createLogger(memorySink().sink), record: stubRecord(shiftInput()), now: () => t, adminLock });
    await operators.start();
    await adminLock.unlock('739154');
    await expect(operators.handlers.endShift(undefined)).rejects.toThrow();
    expect((await adminLock.state()).unlocked).toBe(true);
    await operators.handlers.signInOperator({ name: 'Élodie Müller', pin: '482915' });
    t = at(TO);
    const report = await operators.handlers.endShift(undefined);
    expect(report.pdfPath).not.toBeNull();
    expect((await adminLock.state()).unlocked).toBe(false);
    await operators.stop();
  });

  // Moved from kiosk-core.ts: which exports the shift journal records, and as what.
  it('journals the history search and the operator log exports, each as its kind, with the operator; an export not saved is not journalled', async () => {
    await setOperatorPin(dir, 'Élodie Müller', '482915', FAST);
    let t = at(FROM);
    const operators = capability(shiftInput(), path.join(dir, 'exports'), () => t);
    await operators.start();
    await operators.handlers.signInOperator({ name: 'Élodie Müller', pin: '482915' });
    let saved = true;
    const exports = operators.journalledExports({
      exportSearchCsv: async () => (saved ? { saved: true, path: '/exports/events.csv', rows: 3 } : { saved: false, path: null, rows: 0 }),
      exportOperatorLog: async () => ({ saved: true, path: '/exports/operator-log.csv', rows: 5 }),
    });
    await exports.exportSearchCsv({ resultId: 'r1', sort: { column: 'created', direction: 'asc' } });
    await exports.exportOperatorLog({ part: 'alarms' });
    saved = false;
    await exports.exportSearchCsv({ resultId: 'r1', sort: { column: 'created', direction: 'asc' } });
    t = at(TO);
    const entries = await operators.journal.between(FROM, TO);
    expect(entries.map((e) => (e.kind === 'export' ? [e.what, e.path, e.rows, e.operator] : e.kind))).toEqual([
      ['historySearch', '/exports/events.csv', 3, 'Élodie Müller'],
      ['operatorLog', '/exports/operator-log.csv', 5, 'Élodie Müller'],
    ]);
    await operators.stop();
  });

  it('saves the report as a one-page PDF and a CSV, owner-only, keeps it in the log with its figures and signs the operator out', async () => {
    await setOperatorPin(dir, 'Élodie Müller', '482915', FAST);
    let t = at(FROM);
    const input = shiftInput({ acknowledgements: [ack(2, '2026-11-24T19:05:00.000Z', 'Duty manager called on 4410', 'Élodie Müller')] });
    const operators = capability(input, path.join(dir, 'exports'), () => t);
    await operators.start();
    await operators.handlers.signInOperator({ name: 'élodie müller', pin: '482915' });
    expect(operators.name()).toBe('Élodie Müller');
    await operators.journalExport('historySearch', async () => ({ saved: true, path: '/exports/events.csv', rows: 3 }))();
    t = at(TO);
    const report = await operators.handlers.endShift(undefined);
    expect(operators.name()).toBeNull();
    expect(report.warning).toBeNull();
    expect(report.acknowledgementsMade).toBe(1);
    expect(report.unacknowledged.total).toBe(3936);
    for (const file of [report.pdfPath, report.csvPath]) expect(((await stat(file ?? '')).mode & 0o777).toString(8)).toBe('600');
    const text = pdfText(report.pdfPath ?? '');
    expect(text).toContain('Shift handover — Élodie Müller');
    expect(text).toMatch(/critical\s+420\s+413\s+7\s+0\s+12\s+415/);
    expect(text).toMatch(/high\s+1,100\s+1,032\s+60\s+8\s+0\s+1,032/);
    expect(text).toMatch(/Total\s+4,420\s+1,455\s+67\s+2,898\s+42\s+1\n/);
    expect(text).toContain('Still unacknowledged now (3,936, as the status bar counts them)');
    expect(text).toContain('… and 3,934 more, not listed here');
    expect(text).toContain('Duty manager called on 4410');
    expect(text).toContain('Service outages (3)');
    expect(text).toContain('Kiosk downtime (2)');
    expect(text).toContain('did not stop cleanly');
    expect(text).toContain('NOT read: events 5,001 to 5,500 (500 events)');
    expect(text).toContain('Events set aside during the shift (5)');
    expect(text).toMatch(/Élodie Müller\s+History search \(CSV\): 3 rows/);
    expect(pages(report.pdfPath ?? '')).toBe('1');
    expect(await readFile(report.csvPath ?? '', 'utf8')).toContain('Duty manager called on 4410');
    // The operator log's list: the acknowledgements made in the shift, and the status bar's count at its end.
    expect(await operators.handlers.listHandoverReports(undefined)).toMatchObject([{ operator: 'Élodie Müller', acknowledged: 1, open: 3936, pdfPath: report.pdfPath }]);
    await expect(operators.handlers.endShift(undefined)).rejects.toMatchObject({ error: { code: 'rejected' } });
    await operators.stop();
  });

  it('stays one page with a flood of every list, saying how many more are in the CSV', async () => {
    const many = shiftInput({
      stillWaiting: Array.from({ length: 50 }, (_, i) => open(i + 1, '2026-11-24T19:00:00.000Z', 'low', `Door ${i + 1} of the east wing, second floor`, 'Denied: unknown card')),
      acknowledgements: Array.from({ length: 400 }, (_, i) => ack(i + 1, '2026-11-24T19:05:00.000Z', `note ${i + 1}: checked on camera and called the duty manager, who will follow it up in the morning`)),
      outages: Array.from({ length: 30 }, (_, i) => ({ id: i, startedAt: at(FROM) + i * 60_000, endedAt: at(FROM) + i * 60_000 + 30_000, endCause: 'answered' as const, raisedAt: at(FROM) + i * 60_000 + 20_000, acknowledgedAt: null, acknowledgedBy: null })),
      downtime: Array.from({ length: 20 }, (_, i) => ({ from: at(FROM) + i * 3_600_000, to: at(FROM) + i * 3_600_000 + 60_000, cleanStop: i % 2 === 0 })),
      catchUps: Array.from({ length: 10 }, (_, i) => ({
        gap: gap({ fromId: i * 1000 + 500, toId: (i + 1) * 1000, nextId: (i + 1) * 1000, readEvents: 500, notReadFrom: i * 1000, notReadTo: i * 1000 + 500, sinceAt: at(FROM), untilAt: at(FROM) + 60_000 }),
        alarms: { total: 3, critical: 1, high: 1, medium: 0, low: 1 },
      })),
      journal: Array.from({ length: 40 }, (_, i) => ({ kind: 'export' as const, at: '2026-11-24T20:00:00.000Z', what: 'historySearch', path: `/p/${i}`, rows: i, operator: null })),
    });
    for (const language of KIOSK_LOCALES) {
      const file = path.join(dir, `flood-${language}.pdf`);
      await writeFile(file, await renderHandoverPdf(handoverPage(buildHandoverReport(many), handoverLanguage(wordsIn(language)))));
      expect(pages(file), language).toBe('1');
      if (language === 'en') {
        const text = pdfText(file);
        expect(text).toMatch(/… \d+ more in the CSV/);
        expect(text).toContain('… and 3,886 more, not listed here');
        // Every section is on the page, the last one too.
        expect(text).toContain('Exports made (40)');
      }
    }
  });
});

describe('the handover PDF draws every script it has a font for, and a placeholder for the rest (issue 32)', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'kiosk-handover-scripts-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const names = shiftInput({
    acknowledgements: [
      ack(1, '2026-11-24T19:05:00.000Z', 'Позвонил дежурному', 'Дмитрий Иванов'),
      ack(2, '2026-11-24T19:06:00.000Z', 'Ελέγχθηκε στην κάμερα', 'Σοφία Παπαδοπούλου'),
      ack(3, '2026-11-24T19:07:00.000Z', '已检查 👍 ok', '王小明'),
      ack(4, '2026-11-24T19:08:00.000Z', 'تم التحقق', 'Evil \u202Eevil\u202C'),
    ],
  });

  it('in the shipped DejaVu Sans, as End shift makes it: Cyrillic and Greek read back; CJK, emoji and Arabic as [?]', async () => {
    await setOperatorPin(dir, 'Дмитрий Иванов', '482915', FAST);
    let t = at(FROM);
    const operators = createOperatorsCapability({ listDir: dir, dataDir: dir, database: KioskDatabase.memory(), exportsDir: path.join(dir, 'exports'), signIn: 'required', allowUnnamed: true, log: createLogger(memorySink().sink), record: stubRecord(names), now: () => t, fontDir: BADGE_FONTS });
    await operators.start();
    await operators.handlers.signInOperator({ name: 'Дмитрий Иванов', pin: '482915' });
    t = at(TO);
    const report = await operators.handlers.endShift(undefined);
    const text = pdfText(report.pdfPath ?? '');
    expect(text).toContain('Shift handover — Дмитрий Иванов');
    expect(text).toContain('Позвонил дежурному');
    expect(text).toContain('Σοφία Παπαδοπούλου');
    expect(text).toContain('Ελέγχθηκε στην κάμερα');
    expect(text).toContain('[?] ok');
    expect(text).toContain('[?]'.repeat(1));
    expect(text).not.toMatch(/[\u4e00-\u9fff\u0600-\u06ff]|\p{Extended_Pictographic}/u);
    // The override is left out: "evil" reads "evil", never "live".
    expect(text).toContain('Evil evil');
    await operators.stop();
  });

  it('in the standard font when no fonts are given: Latin accents as before, everything else [?], never mojibake', async () => {
    const file = path.join(dir, 'standard.pdf');
    await writeFile(file, await renderHandoverPdf(handoverPage(buildHandoverReport(names), english)));
    const text = pdfText(file);
    expect(text).toContain('[?] [?]'); // "Позвонил дежурному": two words, each a run the font cannot draw
    expect(text).toContain('[?] [?] ok');
    expect(text).not.toMatch(/[^\x20-\x7e\u00a0-\u00ff€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ\s]/u);
  });

  it('turns each run of what the font lacks into one placeholder', () => {
    const latinOnly = (code: number): boolean => code < 0x250;
    expect(drawableText('Иван Petrov', latinOnly)).toBe('[?] Petrov');
    expect(drawableText('👍🏽 fine', () => true)).toBe('👍🏽 fine');
    expect(drawableText('a\u202Eb', () => true)).toBe('ab');
    expect(drawableText('שלום', () => true)).toBe('[?]');
  });
});

describe('the handover report in the language of the screen', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'kiosk-handover-de-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  // The page reports the language it shows (showLanguage); main words the report in it.
  const shown = new ShownLanguage('en');
  const capability = (exportsDir: string, t: () => number) =>
    createOperatorsCapability({
      words: () => shown.documentWords(),
      listDir: dir,
      dataDir: dir,
      database: KioskDatabase.memory(),
      exportsDir,
      signIn: 'required',
      allowUnnamed: true,
      log: createLogger(memorySink().sink),
      record: stubRecord(shiftInput({ acknowledgements: [ack(2, '2026-11-24T19:05:00.000Z', 'Schichtleiter unter 4410 angerufen', 'Élodie Müller')] })),
      now: t,
    });

  async function endIn(language: KioskLocale, exportsDir = path.join(dir, 'exports')) {
    shown.show(language);
    let t = at(FROM);
    const operators = capability(exportsDir, () => t);
    await operators.start();
    await operators.handlers.signInOperator({ unnamed: true });
    await operators.journalExport('historySearch', async () => ({ saved: true, path: '/exports/events.csv', rows: 1 }))();
    await operators.journalExport('historySearch', async () => ({ saved: true, path: '/exports/many.csv', rows: 12_500 }))();
    t = at(TO);
    const report = await operators.handlers.endShift(undefined);
    await operators.stop();
    return report;
  }

  it('writes the PDF in German: every fixed word, dates, durations and numbers in de-DE, names and notes unchanged', async () => {
    const report = await endIn('de');
    expect(report.warning).toBeNull();
    const text = pdfText(report.pdfPath ?? '');
    expect(text).toContain('Schichtübergabe — ohne Namen');
    expect(text).toContain('Bediener: ohne Namen');
    expect(text).toContain('Alarme der Schicht nach Priorität');
    expect(text).toMatch(/kritisch\s+420\s+413\s+7\s+0\s+12\s+415/);
    expect(text).toMatch(/hoch\s+1\.100\s+1\.032\s+60\s+8\s+0\s+1\.032/);
    expect(text).toContain('Jetzt noch nicht quittiert (3.936, gezählt wie in der Statusleiste)');
    expect(text).toContain('Server room — FORCED OPEN');
    expect(text).toContain('Schichtleiter unter 4410 angerufen');
    expect(text).toContain('Dienstausfälle (3)');
    expect(text).toContain('jetzt (Dienst noch nicht erreichbar) (10 Min. 0 Sek.)');
    expect(text).toContain('quittiert am');
    expect(text).toContain('Kiosk außer Betrieb (2)');
    expect(text).toContain('NICHT gelesen: Ereignisse 5.001 bis 5.500 (500 Ereignisse)');
    expect(text).toContain('Exporte (2)');
    // Plural forms and number grouping of the locale.
    expect(text).toContain('Verlaufssuche (CSV): 1 Zeile, /exports/events.csv');
    expect(text).toContain('Verlaufssuche (CSV): 12.500 Zeilen, /exports/many.csv');
    // Dates and times as German writes them, 24-hour, in the workstation's zone.
    const shown = new Intl.DateTimeFormat('de-DE', { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
    expect(text).toContain(`Von ${shown.format(new Date(FROM))} bis ${shown.format(new Date(TO))}`);
    expect(text).toContain(`Vom Kiosk erstellt am ${shown.format(new Date(TO))}`);
    for (const english of ['Shift handover', 'raised', 'acknowledged', 'still waiting', 'Notes', 'Service outages', 'Exports made', 'rows', 'None.', 'Made by the kiosk', 'catch-up', 'set aside', 'Total']) expect(text).not.toContain(english);
    expect(pages(report.pdfPath ?? '')).toBe('1');
  });

  it('writes the CSV in German: headings, sections and fixed words; times in UTC, names unchanged', async () => {
    const report = await endIn('de');
    const lines = (await readFile(report.csvPath ?? '', 'utf8')).split('\r\n');
    expect(lines[0]).toBe('\uFEFFAbschnitt,Zeit (UTC),Bis (UTC),Priorität,Gerät,Text,Notiz oder Detail,Anzahl,Bediener');
    expect(lines).toContain(`Schicht,${FROM},${TO},,,,,,ohne Namen`);
    expect(lines).toContain('Alarme ausgelöst,,,kritisch,,,,420,');
    expect(lines).toContain('Alarme quittiert,,,kritisch,,,,413,');
    expect(lines).toContain('Alarme noch offen,,,hoch,,,,60,');
    expect(lines).toContain('Alarme zurückgestellt,,,Gesamt,,,,2898,');
    expect(lines).toContain(`jetzt noch nicht quittiert,${TO},,,,,gesamt,3936,`);
    expect(lines).toContain('nicht quittierter Alarm,2026-11-24T19:30:00.000Z,,hoch,Door 6,HELD OPEN,Ereignis 6,,');
    expect(lines).toContain('Notiz,2026-11-24T19:05:00.000Z,,,Door 2,x,Schichtleiter unter 4410 angerufen,,Élodie Müller');
  });

  it('writes French and Spanish with their own words and numbers, on one page; French digit groups readable in the PDF', async () => {
    const fr = pdfText((await endIn('fr', path.join(dir, 'fr'))).pdfPath ?? '');
    expect(fr).toContain('Relève de poste — sans nom');
    expect(fr).toContain('Alarmes du poste par priorité');
    // fr-FR groups digits with a narrow no-break space: written as a no-break space, never a stray glyph.
    expect(fr).toMatch(/haute\s+1\s100\s+1\s032/);
    expect(fr).not.toMatch(/1\s?\/\s?100/);
    expect(fr).toMatch(/Non acquittées à présent \(3\s936, comptées comme dans la barre d’état\)/);
    expect(fr).toContain('Arrêts de la borne (2)');
    const es = pdfText((await endIn('es', path.join(dir, 'es'))).pdfPath ?? '');
    expect(es).toContain('Relevo de turno — sin nombre');
    // es-ES groups digits from five on.
    expect(es).toMatch(/alta\s+1100\s+1032/);
    expect(es).toContain('NO leídos: eventos 5001 a 5500 (500 eventos)');
    expect(es).toContain('Quiosco detenido (2)');
    for (const text of [fr, es]) for (const english of ['Shift handover', 'Still waiting', 'Service outages', 'Kiosk downtime', 'Made by the kiosk']) expect(text).not.toContain(english);
  });

  it('writes the English PDF with its dates in en-GB (day before month, 24-hour)', async () => {
    const report = await endIn('en');
    const text = pdfText(report.pdfPath ?? '');
    const shown = new Intl.DateTimeFormat('en-GB', { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
    expect(text).toContain(`From ${shown.format(new Date(FROM))} to ${shown.format(new Date(TO))}`);
    expect(text).toContain('Shift handover — unnamed');
  });

  it('says which file could not be saved as a key with the system reason, never an English sentence', async () => {
    const blocked = path.join(dir, 'not-a-folder');
    await writeFile(blocked, 'a file where the exports folder should be');
    const report = await endIn('de', blocked);
    expect(report).toMatchObject({ pdfPath: null, csvPath: null, warning: { key: 'neitherSaved', params: { csvReason: expect.any(String), pdfReason: expect.any(String) } } });
    expect(JSON.stringify(report.warning)).not.toMatch(/could not be saved|handover report was made/);
  });
});

describe('End shift request (the contract)', () => {
  // The request carried the report's words and locale, checked word by word here (a missing
  // word, one without its placeholders, an over-long one, an unknown locale); main words the
  // report itself now, so End shift takes nothing, and the gateway still refuses anything else.
  // Every language's words are checked where they are: typecheck (each language typed against
  // English) and test/renderer/i18n/messages.test.ts (the same parameters and plural forms).
  const refused = (request: unknown): boolean => !operatorsOperations.endShift.request.safeParse(request).success;

  it('takes no payload, and refuses the words the renderer used to send', () => {
    expect(refused(undefined)).toBe(false);
    expect(refused({ locale: 'de-DE', words: { title: 'Schichtübergabe — {operator}' } })).toBe(true);
    expect(refused({})).toBe(true);
  });

  it('words the long accented pseudo-locale with its placeholders filled in', () => {
    // en-XA: about 40 % longer, accented, in brackets (the page test above keeps it to one page).
    const line = wordsIn('en-XA').t('documents.handover.unacknowledgedGroups', { waiting: '<w>', preShift: '<p>', setAside: '<s>', bound: '<b>' });
    expect(line).toMatch(/^\[.*<w>.*<p>.*<s>.*<b>.*·+\]$/);
  });
});
