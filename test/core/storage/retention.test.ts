// Retention (storage/retention.ts): each kind of record pruned by its own days, in batches, never
// the newest row of a table nor an alarm still waiting or named by an operator-log entry; 0 keeps
// a kind for ever; the schedule runs a first pass after start and the next one later.
import { describe, expect, it } from 'vitest';
import { ENROLMENT_LOG } from '../../../electron/core/cardholders/enrolment/enrolment-log';
import { createLogger, memorySink } from '../../../electron/core/log/logger';
import { SHIFT_JOURNAL } from '../../../electron/core/operators/shift-journal';
import { serviceRecordId } from '../../../electron/core/connection/service-identity';
import { KioskDatabase } from '../../../electron/core/storage/kiosk-database';
import { RecordLog } from '../../../electron/core/storage/record-log';
import { DEFAULT_RETENTION_DAYS, RetentionSchedule, type RetentionDays } from '../../../electron/core/storage/retention';
import { fillAcknowledgements } from '../../support/acknowledgement-fill';

const DAY = 86_400_000;
const NOW = Date.parse('2026-11-28T12:00:00Z');
const forEver: RetentionDays = Object.fromEntries(Object.keys(DEFAULT_RETENTION_DAYS).map((k) => [k, 0])) as unknown as RetentionDays;
const enrolment = (daysAgo: number) => ({ at: new Date(NOW - daysAgo * DAY).toISOString(), kind: 'created' as const, cardholderId: 1, name: 'Roe, Jim', outcome: 'created', operator: null });

describe('retention', () => {
  it('prunes each kind by its own days, in batches, and says what it removed', async () => {
    const database = KioskDatabase.memory();
    const serviceId = serviceRecordId(database, 'demo', NOW);
    fillAcknowledgements({ database, serviceId, key: null, count: 50, from: NOW - 50 * DAY, stepMs: DAY });
    const enrolments = new RecordLog(database, ENROLMENT_LOG, null);
    enrolments.addAll([40, 30, 20, 10, 1].map(enrolment));
    const journal = new RecordLog(database, SHIFT_JOURNAL, null);
    journal.addAll([
      { kind: 'export', at: new Date(NOW - 40 * DAY).toISOString(), what: 'history', path: '/x.csv', rows: 3, operator: null },
      { kind: 'outage', from: new Date(NOW - 40 * DAY).toISOString(), to: null, reason: 'still open' },
      { kind: 'export', at: new Date(NOW - 1 * DAY).toISOString(), what: 'history', path: '/y.csv', rows: 3, operator: null },
    ]);
    const logged = memorySink();
    const schedule = new RetentionSchedule({ database, days: { ...forEver, acknowledgementsDays: 20, enrolmentsDays: 15, shiftJournalDays: 5 }, log: createLogger(logged.sink), now: () => NOW, batch: 7 });
    const report = await schedule.run();
    // Entry i was made 50 - i days ago: those older than 20 days are 1..29 (entry 30 is exactly 20 days old).
    expect(report).toEqual({ 'operator-log entries': 29, 'enrolment log entries': 3, 'shift journal entries': 1 });
    expect(Number(database.get<{ n: number }>('SELECT COUNT(*) AS n FROM acknowledgement')?.n)).toBe(21);
    expect(enrolments.newest(10).map((e) => e.at)).toEqual([enrolment(1).at, enrolment(10).at]);
    // The outage still open is kept, whatever its start.
    expect(journal.newest(10).map((e) => e.kind)).toEqual(['export', 'outage']);
    expect(logged.lines.some((line) => line.includes('retention: removed 29 operator-log entries'))).toBe(true);
    // A second pass has nothing left to do.
    expect(await schedule.run()).toEqual({});
  });

  it('0 keeps a kind for ever, and the newest row of a table is never pruned', async () => {
    const database = KioskDatabase.memory();
    const enrolments = new RecordLog(database, ENROLMENT_LOG, null);
    enrolments.addAll([900, 800].map(enrolment));
    expect(await new RetentionSchedule({ database, days: forEver, log: createLogger(() => undefined), now: () => NOW }).run()).toEqual({});
    expect(await new RetentionSchedule({ database, days: { ...forEver, enrolmentsDays: 1 }, log: createLogger(() => undefined), now: () => NOW }).run()).toEqual({ 'enrolment log entries': 1 });
    expect(enrolments.count()).toBe(1);
  });

  it('runs its first pass after the delay and schedules the next; stop cancels it', async () => {
    const database = KioskDatabase.memory();
    new RecordLog(database, ENROLMENT_LOG, null).addAll([400, 300].map(enrolment));
    const pending: Array<{ callback: () => void; ms: number }> = [];
    const timers = { setTimeout: (callback: () => void, ms: number) => pending.push({ callback, ms }), clearTimeout: () => pending.splice(0) };
    const logged = memorySink();
    const schedule = new RetentionSchedule({ database, days: { ...forEver, enrolmentsDays: 365 }, log: createLogger(logged.sink), now: () => NOW, timers, firstAfterMs: 60_000, everyMs: 3_600_000 });
    schedule.start();
    expect(pending.map((p) => p.ms)).toEqual([60_000]);
    const pass = new Promise<void>((resolve) => {
      const wait = (): void => (pending.length === 2 ? resolve() : void setImmediate(wait));
      pending.shift()!.callback();
      pending.unshift({ callback: () => undefined, ms: 0 });
      wait();
    });
    await pass;
    expect(pending.at(-1)?.ms).toBe(3_600_000);
    expect(logged.lines.some((line) => line.includes('removed 1 enrolment log entries'))).toBe(true);
    await schedule.stop();
    expect(pending).toEqual([]);
  });
});
