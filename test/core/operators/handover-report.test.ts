// The shift handover report: the builder (alarms by priority, still open, notes, outages, exports),
// its CSV, and End shift saving it as a one-page PDF and a CSV, owner-only, kept in the log; in the
// words and locale of the screen that ended the shift (English as before, German).
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Acknowledgement, FeedEvent, FeedState } from '../../../electron/contract/ipc';
import { buildHandoverReport, handoverCsv, handoverLanguage, handoverPage, type HandoverLanguage } from '../../../electron/core/operators/handover-report';
import { EndShiftRequest } from '../../../electron/contract/ipc';
import { endShiftIn, handoverWordsOf } from '../../support/document-words';
import { createOperatorsCapability } from '../../../electron/core/operators/operators-capability';
import { setOperatorPin } from '../../../electron/core/operators/operator-list';
import { createLogger, memorySink } from '../../../electron/core/log/logger';
import { feedEvent } from '../../support/events';

const FAST = { N: 2 ** 10, r: 8, p: 1, keyLength: 32, saltLength: 16 };
const FROM = '2026-11-24T18:00:00.000Z';
const TO = '2026-11-25T06:00:00.000Z';

function event(id: number, created: string, priority: FeedEvent['alarm'] extends infer A ? (A extends { priority: infer P } ? P : never) | null : never, text = 'Denied'): FeedEvent {
  return feedEvent(id, { created, device_Name: `Door ${id}`, custom_Text: text, alarm: priority ? { priority, rule: priority } : null });
}

/** English words with ISO times: the page's lines as before dates were formatted. */
const english: HandoverLanguage = { ...handoverLanguage(handoverWordsOf('en'), 'en-GB'), time: (iso) => iso };

const ack = (id: number, at: string, note: string, operator = 'Ada Guard'): Acknowledgement => ({
  alarmKey: `event:${id}`,
  recordIds: [id],
  note,
  acknowledgedAt: at,
  device: `Door ${id}`,
  text: 'x',
  operator,
  eventCreated: null,
  priority: null,
});

describe('buildHandoverReport', () => {
  const events = [
    event(1, '2026-11-24T17:00:00.000Z', 'critical', 'before the shift, still open'),
    event(2, '2026-11-24T19:00:00.000Z', 'critical', 'FORCED OPEN'),
    event(3, '2026-11-24T20:00:00.000Z', 'low'),
    event(4, '2026-11-24T21:00:00.000Z', 'low'),
    event(5, '2026-11-24T22:00:00.000Z', null, 'Access granted'),
  ];
  const report = buildHandoverReport({
    operator: 'Ada Guard',
    from: FROM,
    to: TO,
    events,
    acknowledgements: [ack(2, '2026-11-24T19:05:00.000Z', 'Camera 12 checked'), ack(3, '2026-11-24T20:01:00.000Z', ''), ack(99, '2026-11-23T10:00:00.000Z', 'an older shift')],
    journal: [
      { kind: 'outage', from: '2026-11-24T23:00:00.000Z', to: '2026-11-24T23:00:20.000Z', reason: 'refused' },
      { kind: 'export', at: '2026-11-25T01:00:00.000Z', what: 'History search (CSV)', path: '/x/events.csv', rows: 12, operator: 'Ada Guard' },
    ],
  });

  it('counts the alarms raised in the shift by priority, acknowledged and open', () => {
    expect(report.alarms).toEqual([
      { priority: 'critical', raised: 1, acknowledged: 1, open: 0 },
      { priority: 'high', raised: 0, acknowledged: 0, open: 0 },
      { priority: 'medium', raised: 0, acknowledged: 0, open: 0 },
      { priority: 'low', raised: 2, acknowledged: 1, open: 1 },
    ]);
  });

  it('lists every alarm still waiting, critical first, even one from before the shift', () => {
    expect(report.stillOpen.map((o) => [o.id, o.priority])).toEqual([
      [1, 'critical'],
      [4, 'low'],
    ]);
  });

  it('keeps the notes, outages and exports of the shift only', () => {
    expect(report.notes.map((n) => n.note)).toEqual(['Camera 12 checked', '']);
    expect(report.outages).toEqual([{ from: '2026-11-24T23:00:00.000Z', to: '2026-11-24T23:00:20.000Z', reason: 'refused' }]);
    // An entry written before exports were recorded by code keeps its English words.
    expect(report.exports[0]).toMatchObject({ what: 'History search (CSV)', rows: 12, operator: 'Ada Guard' });
  });

  it('writes a CSV with a section per fact and the page with the notes that say something', () => {
    const csv = handoverCsv(report, handoverWordsOf('en'));
    expect(csv.split('\r\n')[0]).toBe('\uFEFFsection,time (UTC),until (UTC),priority,device,text,note or detail,count,operator');
    expect(csv).toContain('note,2026-11-24T19:05:00.000Z,,,Door 2,x,Camera 12 checked,,Ada Guard');
    expect(csv).toContain('outage,2026-11-24T23:00:00.000Z,2026-11-24T23:00:20.000Z');
    const page = handoverPage(report, english);
    expect(page.sections.find((s) => s.heading.startsWith('Notes'))?.lines).toEqual(['2026-11-24T19:05:00.000Z  Ada Guard  Door 2: Camera 12 checked']);
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

  it('saves the report as a one-page PDF and a CSV, owner-only, keeps it in the log and signs the operator out', async () => {
    await setOperatorPin(dir, 'Élodie Müller', '482915', FAST);
    let t = Date.parse(FROM);
    const acks: Acknowledgement[] = [];
    const operators = createOperatorsCapability({
      listDir: dir,
      dataDir: dir,
      exportsDir: path.join(dir, 'exports'),
      signIn: 'required',
      allowUnnamed: true,
      log: createLogger(memorySink().sink),
      events: () => [event(2, '2026-11-24T19:00:00.000Z', 'critical', 'FORCED OPEN'), event(6, '2026-11-24T19:30:00.000Z', 'high', 'HELD OPEN')],
      acknowledgements: async () => acks,
      now: () => t,
    });
    await operators.start();
    await operators.handlers.signInOperator({ name: 'élodie müller', pin: '482915' });
    expect(operators.name()).toBe('Élodie Müller');
    acks.push(ack(2, '2026-11-24T19:05:00.000Z', 'Duty manager called on 4410', 'Élodie Müller'));
    const down: FeedState = { status: 'reconnecting', since: '2026-11-24T23:00:00.000Z', lastSuccessAt: null, lastDeliveredId: null, maxEventId: null, error: { code: 'unreachable', message: 'The service refused the connection.' } };
    operators.feedState(down);
    operators.feedState({ ...down, status: 'live', since: '2026-11-24T23:01:00.000Z', error: null });
    const exportCsv = operators.journalExport('historySearch', async () => ({ saved: true, path: '/exports/events.csv', rows: 3 }));
    await exportCsv();
    t = Date.parse(TO);
    const report = await operators.handlers.endShift(endShiftIn('en'));
    expect(operators.name()).toBeNull();
    expect(report.warning).toBeNull();
    expect(report.outages).toEqual([{ from: '2026-11-24T23:00:00.000Z', to: '2026-11-24T23:01:00.000Z', reason: 'The service refused the connection.' }]);
    expect(report.exports[0]).toMatchObject({ rows: 3, operator: 'Élodie Müller' });
    for (const file of [report.pdfPath, report.csvPath]) expect(((await stat(file ?? '')).mode & 0o777).toString(8)).toBe('600');
    const text = execFileSync('pdftotext', ['-layout', report.pdfPath ?? '', '-'], { encoding: 'utf8' });
    expect(text).toContain('Shift handover — Élodie Müller');
    expect(text).toContain('critical: 1 raised, 1 acknowledged, 0 still open');
    expect(text).toContain('high: 1 raised, 0 acknowledged, 1 still open');
    expect(text).toContain('Duty manager called on 4410');
    expect(text).toContain('Service outages (1)');
    expect(text).toContain('History search (CSV): 3 rows');
    expect(execFileSync('pdfinfo', [report.pdfPath ?? ''], { encoding: 'utf8' })).toMatch(/Pages:\s+1\n/);
    expect(await readFile(report.csvPath ?? '', 'utf8')).toContain('Duty manager called on 4410');
    expect(await operators.handlers.listHandoverReports(undefined)).toMatchObject([{ operator: 'Élodie Müller', acknowledged: 1, open: 1, pdfPath: report.pdfPath }]);
    await expect(operators.handlers.endShift(endShiftIn('en'))).rejects.toMatchObject({ error: { code: 'rejected' } });
    await operators.stop();
  });

  it('stays one page with a flood of notes, open alarms and exports', async () => {
    const many = Array.from({ length: 400 }, (_, i) => ack(i + 1, '2026-11-24T19:05:00.000Z', `note ${i + 1}`));
    const report = buildHandoverReport({
      operator: 'unnamed',
      from: FROM,
      to: TO,
      events: Array.from({ length: 400 }, (_, i) => event(1000 + i, '2026-11-24T19:00:00.000Z', 'low')),
      acknowledgements: many,
      journal: Array.from({ length: 40 }, (_, i) => ({ kind: 'export' as const, at: '2026-11-24T20:00:00.000Z', what: 'x', path: `/p/${i}`, rows: i, operator: null })),
    });
    const { renderHandoverPdf } = await import('../../../electron/core/operators/handover-pdf');
    const file = path.join(dir, 'flood.pdf');
    const { writeFile } = await import('node:fs/promises');
    await writeFile(file, await renderHandoverPdf(handoverPage(report, english)));
    expect(execFileSync('pdfinfo', [file], { encoding: 'utf8' })).toMatch(/Pages:\s+1\n/);
    expect(execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' })).toContain('more (see the CSV)');
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

  const capability = (exportsDir: string, t: () => number) =>
    createOperatorsCapability({
      listDir: dir,
      dataDir: dir,
      exportsDir,
      signIn: 'required',
      allowUnnamed: true,
      log: createLogger(memorySink().sink),
      events: () => [event(2, '2026-11-24T19:00:00.000Z', 'critical', 'FORCED OPEN'), event(6, '2026-11-24T19:30:00.000Z', 'high', 'HELD OPEN')],
      acknowledgements: async () => [ack(2, '2026-11-24T19:05:00.000Z', 'Schichtleiter unter 4410 angerufen', 'Élodie Müller')],
      now: t,
    });

  it('writes the PDF in German: every fixed word, dates and numbers in de-DE, names and notes unchanged', async () => {
    await setOperatorPin(dir, 'Élodie Müller', '482915', FAST);
    let t = Date.parse(FROM);
    const operators = capability(path.join(dir, 'exports'), () => t);
    await operators.start();
    await operators.handlers.signInOperator({ name: 'Élodie Müller', pin: '482915' });
    const down: FeedState = { status: 'reconnecting', since: '2026-11-24T23:00:00.000Z', lastSuccessAt: null, lastDeliveredId: null, maxEventId: null, error: { code: 'unreachable', message: 'refused' } };
    operators.feedState(down);
    await operators.journalExport('historySearch', async () => ({ saved: true, path: '/exports/events.csv', rows: 1 }))();
    await operators.journalExport('historySearch', async () => ({ saved: true, path: '/exports/many.csv', rows: 12_500 }))();
    t = Date.parse(TO);
    const report = await operators.handlers.endShift(endShiftIn('de'));
    expect(report.warning).toBeNull();
    const text = execFileSync('pdftotext', ['-layout', report.pdfPath ?? '', '-'], { encoding: 'utf8' });
    expect(text).toContain('Schichtübergabe — Élodie Müller');
    expect(text).toContain('Bediener: Élodie Müller');
    expect(text).toContain('Alarme nach Priorität');
    expect(text).toContain('kritisch: 1 ausgelöst, 1 quittiert, 0 noch offen');
    expect(text).toContain('hoch: 1 ausgelöst, 0 quittiert, 1 noch offen');
    expect(text).toContain('Bei Schichtende noch offen (1)');
    expect(text).toContain('Door 6 — HELD OPEN');
    expect(text).toContain('Schichtleiter unter 4410 angerufen');
    expect(text).toContain('Dienstausfälle (1)');
    expect(text).toContain('jetzt (Dienst noch nicht erreichbar) — refused');
    expect(text).toContain('Exporte (2)');
    // Plural forms and number grouping of the locale; the journal's own label as it was recorded.
    expect(text).toContain('Verlaufssuche (CSV): 1 Zeile, /exports/events.csv');
    expect(text).toContain('Verlaufssuche (CSV): 12.500 Zeilen, /exports/many.csv');
    // Dates and times as German writes them, 24-hour, in the workstation's zone.
    const shown = new Intl.DateTimeFormat('de-DE', { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
    expect(text).toContain(`Von ${shown.format(new Date(FROM))} bis ${shown.format(new Date(TO))}`);
    expect(text).toContain(`Vom Kiosk erstellt am ${shown.format(new Date(TO))}`);
    expect(text).toMatch(/\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}:\d{2}/);
    for (const english of ['Shift handover', 'raised', 'acknowledged', 'still open', 'Notes', 'Service outages', 'Exports made', 'rows', 'None.', 'Made by the kiosk']) expect(text).not.toContain(english);
    expect(execFileSync('pdfinfo', [report.pdfPath ?? ''], { encoding: 'utf8' })).toMatch(/Pages:\s+1\n/);
    await operators.stop();
  });

  it('writes the CSV in German: headings, sections and fixed words; times in UTC, names unchanged', async () => {
    let t = Date.parse(FROM);
    const operators = capability(path.join(dir, 'exports'), () => t);
    await operators.start();
    await operators.handlers.signInOperator({ unnamed: true });
    t = Date.parse(TO);
    const report = await operators.handlers.endShift(endShiftIn('de'));
    const lines = (await readFile(report.csvPath ?? '', 'utf8')).split('\r\n');
    expect(lines[0]).toBe('\uFEFFAbschnitt,Zeit (UTC),Bis (UTC),Priorität,Gerät,Text,Notiz oder Detail,Anzahl,Bediener');
    expect(lines).toContain(`Schicht,${FROM},${TO},,,,,,ohne Namen`);
    expect(lines).toContain('Alarme ausgelöst,,,kritisch,,,ausgelöst,1,');
    expect(lines).toContain('Alarme quittiert,,,kritisch,,,quittiert,1,');
    expect(lines).toContain('Alarme noch offen,,,hoch,,,offen,1,');
    expect(lines).toContain('offener Alarm,2026-11-24T19:30:00.000Z,,hoch,Door 6,HELD OPEN,Ereignis 6,,');
    expect(lines).toContain('Notiz,2026-11-24T19:05:00.000Z,,,Door 2,x,Schichtleiter unter 4410 angerufen,,Élodie Müller');
    await operators.stop();
  });

  it('writes the English PDF with its dates in en-GB (day before month, 24-hour)', async () => {
    let t = Date.parse(FROM);
    const operators = capability(path.join(dir, 'exports'), () => t);
    await operators.start();
    await operators.handlers.signInOperator({ unnamed: true });
    t = Date.parse(TO);
    const report = await operators.handlers.endShift(endShiftIn('en'));
    const text = execFileSync('pdftotext', ['-layout', report.pdfPath ?? '', '-'], { encoding: 'utf8' });
    const shown = new Intl.DateTimeFormat('en-GB', { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
    expect(text).toContain(`From ${shown.format(new Date(FROM))} to ${shown.format(new Date(TO))}`);
    expect(text).toMatch(/\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}:\d{2}/);
    expect(text).toContain('Shift handover — unnamed');
    await operators.stop();
  });

  it('says which file could not be saved as a key with the system reason, never an English sentence', async () => {
    const blocked = path.join(dir, 'not-a-folder');
    await writeFile(blocked, 'a file where the exports folder should be');
    let t = Date.parse(FROM);
    const operators = capability(blocked, () => t);
    await operators.start();
    await operators.handlers.signInOperator({ unnamed: true });
    t = Date.parse(TO);
    const report = await operators.handlers.endShift(endShiftIn('de'));
    expect(report).toMatchObject({ pdfPath: null, csvPath: null, warning: { key: 'neitherSaved', params: { csvReason: expect.any(String), pdfReason: expect.any(String) } } });
    expect(JSON.stringify(report.warning)).not.toMatch(/could not be saved|handover report was made/);
    await operators.stop();
  });
});

describe('End shift request (the contract)', () => {
  const valid = endShiftIn('de');
  const refused = (request: unknown): boolean => !EndShiftRequest.safeParse(request).success;

  it('takes the words of every language, and the long accented words of the pseudo-locale', () => {
    expect(EndShiftRequest.safeParse(valid).success).toBe(true);
    expect(EndShiftRequest.safeParse(endShiftIn('en')).success).toBe(true);
    // en-XA: about 40 % longer, accented, in brackets, its placeholders kept.
    const pseudo = endShiftIn('en-XA');
    expect(pseudo.words.alarmLine).toMatch(/^\[.*\{priority\}.*·+\]$/);
    expect(EndShiftRequest.safeParse(pseudo).success).toBe(true);
  });

  it('refuses a missing word, an unknown one, a line without its placeholders, an over-long word and an unknown locale', () => {
    const { stillDown: _gone, ...missing } = valid.words;
    expect(refused({ ...valid, words: missing })).toBe(true);
    expect(refused({ ...valid, words: { ...valid.words, extra: 'x' } })).toBe(true);
    expect(refused({ ...valid, words: { ...valid.words, alarmLine: '{priority}: {raised} ausgelöst' } })).toBe(true);
    expect(refused({ ...valid, words: { ...valid.words, csvHeadings: { ...valid.words.csvHeadings, device: 'G'.repeat(121) } } })).toBe(true);
    expect(refused({ ...valid, words: { ...valid.words, none: '' } })).toBe(true);
    expect(refused({ ...valid, locale: 'not a locale' })).toBe(true);
    expect(refused({ ...valid, locale: 'x'.repeat(40) })).toBe(true);
    expect(refused(undefined)).toBe(true);
  });
});
