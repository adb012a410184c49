// The feed's keeper in the kiosk's database: a run of events and its alarms recorded with the
// position in one step, the last answer's time written sparingly, gaps and events set aside kept,
// and a kiosk restarted on the same folder resuming where it stood.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AlarmStore } from '../../../electron/core/alarms/alarm-store';
import { createAlarmClassifier, DEFAULT_ALARM_RULES } from '../../../electron/core/alarms/alarm-rules';
import { serviceRecordId } from '../../../electron/core/connection/service-identity';
import { EventFeed } from '../../../electron/core/feed/feed-engine';
import { DatabaseFeedKeeper, LAST_SUCCESS_WRITE_MS } from '../../../electron/core/feed/feed-record';
import { createLogger, memorySink } from '../../../electron/core/log/logger';
import { KioskDatabase } from '../../../electron/core/storage/kiosk-database';
import { feedEvent } from '../../support/events';
import { FakeEventService, ManualClock, PushRecorder } from '../support/event-fakes';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const key = randomBytes(32);
const quiet = { info: () => undefined, error: () => undefined };

function open(dir: string, now: () => number) {
  const database = KioskDatabase.open(dir, quiet).database;
  const serviceId = serviceRecordId(database, 'https://acs.example', now());
  const alarms = new AlarmStore({ database, serviceId, key, bound: 1_000, shiftHours: 12, escalateAfterMinutes: 0, log: createLogger(memorySink().sink), now });
  const keeper = new DatabaseFeedKeeper(database, serviceId, key, alarms, now);
  return { database, alarms, keeper };
}

describe('the feed record', () => {
  it('records a run of events with its alarms and the position in one step', () => {
    let now = 1_000;
    const { keeper, alarms } = open(mkdtempSync(path.join(tmpdir(), 'kiosk-feed-')), () => now);
    const marked = keeper.record([feedEvent(5), feedEvent(6, { custom_Text: 'FORCED OPEN', alarm: { priority: 'critical', rule: 'door-forced' } })], 'live', { numbering: 0, frontier: 6, lastId: 6, lastMark: 'm', lastSuccessAt: now });
    expect(marked[1]!.alarm).toMatchObject({ state: 'waiting' });
    expect(keeper.position()).toMatchObject({ frontier: 6, lastId: 6 });
    expect(alarms.summary().unacknowledged).toBe(1);
    now += 1;
    expect(() => keeper.record([feedEvent(7)], 'live', { numbering: 0, frontier: Number.NaN, lastId: 7, lastMark: 'm', lastSuccessAt: now })).toThrow();
    expect(keeper.position()).toMatchObject({ frontier: 6 }); // nothing of a failed step is kept
  });

  it('writes the time of the last answer at most every LAST_SUCCESS_WRITE_MS when nothing else moved, and at stop', () => {
    let now = 0;
    const dir = mkdtempSync(path.join(tmpdir(), 'kiosk-feed-'));
    dirs.push(dir);
    const first = open(dir, () => now);
    first.keeper.advance({ numbering: 0, frontier: 10, lastId: 10, lastMark: 'm', lastSuccessAt: 0 });
    now = 1_000;
    first.keeper.advance({ numbering: 0, frontier: 10, lastId: 10, lastMark: 'm', lastSuccessAt: 1_000 });
    const written = (): number | null => first.database.get<{ at: number | null }>('SELECT last_success_at AS at FROM feed_position')?.at ?? null;
    expect(written()).toBe(0);
    now = LAST_SUCCESS_WRITE_MS + 1;
    first.keeper.advance({ numbering: 0, frontier: 10, lastId: 10, lastMark: 'm', lastSuccessAt: now });
    expect(written()).toBe(now);
    now += 500;
    first.keeper.advance({ numbering: 0, frontier: 10, lastId: 10, lastMark: 'm', lastSuccessAt: now });
    first.keeper.flush();
    expect(written()).toBe(now);
  });

  it('keeps an event set aside once, sealed, and counts it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kiosk-feed-'));
    dirs.push(dir);
    const { keeper, database } = open(dir, () => 5);
    const raw = '{"custom_Text":"Anna Kovács","record_ID":"abc"}';
    expect(keeper.setAside([{ recordId: null, reason: 'no-id', detail: 'record_ID is "abc"', raw }], 0)).toBe(1);
    expect(keeper.setAside([{ recordId: null, reason: 'no-id', detail: 'record_ID is "abc"', raw }], 0)).toBe(0);
    expect(keeper.setAside([{ recordId: 77, reason: 'too-large', detail: 'over 8 MiB', raw: null }], 0)).toBe(1);
    expect(keeper.setAsideSummary()).toMatchObject({ count: 2, last: { recordId: 77, reason: 'too-large' } });
    const stored = database.get<{ raw: Uint8Array }>('SELECT raw FROM set_aside_event WHERE record_id IS NULL')!.raw;
    expect(Buffer.from(stored).toString('latin1')).not.toContain('Kovács');
  });

  it('resumes after a restart on the same folder: the events produced meanwhile are read, their alarms recorded once', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kiosk-feed-'));
    dirs.push(dir);
    const service = new FakeEventService();
    service.append(50);
    const run = async (until: (keeper: DatabaseFeedKeeper) => boolean) => {
      const clock = new ManualClock();
      const { keeper, alarms, database } = open(dir, clock.now);
      const feed = new EventFeed({ service, push: new PushRecorder(), log: createLogger(memorySink().sink), keeper, classifier: createAlarmClassifier(DEFAULT_ALARM_RULES), timers: clock, now: clock.now, config: { pollIntervalMs: 500, initialEvents: 10, chunkSize: 100, bufferSize: 100, maxBackoffMs: 5_000 } });
      feed.start();
      await clock.runUntil(() => until(keeper));
      await feed.stop();
      keeper.flush();
      const summary = alarms.summary();
      const position = keeper.position();
      database.close();
      return { position, summary };
    };
    const first = await run((keeper) => keeper.position()?.frontier === 50);
    expect(first.summary.unacknowledged).toBe(0);
    const forced = service.appendWithText('FORCED OPEN');
    service.append(650);
    const second = await run((keeper) => keeper.position()?.frontier === service.maxId && keeper.gapsBetween(0, Number.MAX_SAFE_INTEGER).some((gap) => gap.state === 'done'));
    expect(second.summary.unacknowledged).toBe(1);
    expect(second.position?.frontier).toBe(service.maxId);
    expect(forced).toBe(51);
  });
});
