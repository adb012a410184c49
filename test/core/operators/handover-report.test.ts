// The shift handover report: the builder (alarms by priority, still open, notes, outages, exports),
// its CSV, and End shift saving it as a one-page PDF and a CSV, owner-only, kept in the log.
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Acknowledgement, FeedEvent, FeedState } from '../../../electron/contract/ipc';
import { buildHandoverReport, handoverCsv, handoverPage } from '../../../electron/core/operators/handover-report';
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
    expect(report.exports[0]).toMatchObject({ what: 'History search (CSV)', rows: 12, operator: 'Ada Guard' });
  });

  it('writes a CSV with a section per fact and the page with the notes that say something', () => {
    const csv = handoverCsv(report);
    expect(csv.split('\r\n')[0]).toBe('\uFEFFsection,time (UTC),until (UTC),priority,device,text,note or detail,count,operator');
    expect(csv).toContain('note,2026-11-24T19:05:00.000Z,,,Door 2,x,Camera 12 checked,,Ada Guard');
    expect(csv).toContain('outage,2026-11-24T23:00:00.000Z,2026-11-24T23:00:20.000Z');
    const page = handoverPage(report, (iso) => iso);
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
    const exportCsv = operators.journalExport('History search (CSV)', async () => ({ saved: true, path: '/exports/events.csv', rows: 3 }));
    await exportCsv();
    t = Date.parse(TO);
    const report = await operators.handlers.endShift(undefined);
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
    await expect(operators.handlers.endShift(undefined)).rejects.toMatchObject({ error: { code: 'rejected' } });
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
    await writeFile(file, await renderHandoverPdf(handoverPage(report, (iso) => iso), TO));
    expect(execFileSync('pdfinfo', [file], { encoding: 'utf8' })).toMatch(/Pages:\s+1\n/);
    expect(execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' })).toContain('more (see the CSV)');
  });
});
