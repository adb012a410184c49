// The outage alarm (main's): raised a set time after the service stopped answering, with its true
// start, ended at the first answer, acknowledged by the guard, recorded for the handover.
import { describe, expect, it } from 'vitest';
import type { FeedState, OutageAlarmState } from '../../../electron/contract/ipc';
import { OutageAlarm } from '../../../electron/core/status/outage-alarm';
import { createLogger, memorySink } from '../../../electron/core/log/logger';
import { KioskDatabase } from '../../../electron/core/storage/kiosk-database';
import { serviceRecordId } from '../../../electron/core/connection/service-identity';
import { KioskFailure } from '../../../electron/core/ipc/failure';
import { ManualClock } from '../support/event-fakes';

/** The connection as the outage alarm reads it: since when nothing answered, the status, its changes. */
class FakeConnection {
  since: number | null = null;
  current: FeedState['status'] = 'live';
  watching = true;
  private listeners = new Set<(s: FeedState) => void>();
  unansweredSince(): number | null {
    return this.since;
  }
  onChange(listener: (s: FeedState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  answered(): void {
    this.since = null;
    this.current = 'live';
    for (const l of this.listeners) l({} as FeedState);
  }
}

function setup(options: { guardStation?: boolean; database?: boolean; previousRunEnd?: number | null } = {}) {
  const clock = new ManualClock();
  const connection = new FakeConnection();
  const pushed: OutageAlarmState[] = [];
  const db = options.database ? KioskDatabase.memory() : null;
  const serviceId = db ? serviceRecordId(db, 'demo', clock.now()) : 0;
  const alarm = new OutageAlarm({
    connection,
    push: { emit: (name, payload) => void (name === 'outageAlarm' && pushed.push(payload as OutageAlarmState)) },
    log: createLogger(memorySink().sink),
    afterMs: 10_000,
    guardStation: options.guardStation ?? true,
    operator: () => 'Ada Guard',
    ...(db ? { database: { db, serviceId, key: null }, previousRunEnd: options.previousRunEnd ?? null } : {}),
    timers: clock,
    now: clock.now,
  });
  return { clock, connection, pushed, alarm, db, serviceId };
}

describe('the outage alarm', () => {
  it('is raised afterMs after the first request that did not answer, with that start, even while a poll still hangs', async () => {
    const { clock, connection, pushed, alarm } = setup();
    alarm.start();
    const start = clock.time;
    connection.since = start; // a poll began and has not answered
    await clock.advance(9_999);
    expect(alarm.state().current).toBeNull();
    await clock.advance(1);
    expect(alarm.state().current).toMatchObject({ since: new Date(start).toISOString(), raisedAt: new Date(start + 10_000).toISOString(), endedAt: null });
    expect(pushed.at(-1)?.current?.since).toBe(new Date(start).toISOString());
    await alarm.stop();
  });

  it('ends at the first answer; one nobody acknowledged stays shown until it is, then leaves', async () => {
    const { clock, connection, alarm } = setup();
    alarm.start();
    connection.since = clock.time;
    await clock.advance(45_000);
    const id = alarm.state().current!.id;
    connection.answered();
    const ended = alarm.state().current;
    expect(ended?.endedAt).toBe(new Date(clock.time).toISOString());
    alarm.acknowledge(id);
    expect(alarm.state().current).toBeNull();
    await alarm.stop();
  });

  it('acknowledged while the service is still lost: who and when, the banner stays until the end; another id is refused', async () => {
    const { clock, connection, alarm } = setup();
    alarm.start();
    connection.since = clock.time;
    await clock.advance(12_000);
    const id = alarm.state().current!.id;
    expect(() => alarm.acknowledge(id + 7)).toThrow(KioskFailure);
    const state = alarm.acknowledge(id);
    expect(state.current).toMatchObject({ acknowledgedBy: 'Ada Guard', endedAt: null });
    connection.answered();
    expect(alarm.state().current).toBeNull();
    await alarm.stop();
  });

  it('sounds at a guard station, elsewhere once the live feed was opened', async () => {
    const { alarm } = setup({ guardStation: false });
    expect(alarm.state().sounds).toBe(false);
    alarm.watchedNow();
    expect(alarm.state().sounds).toBe(true);
  });

  it('is recorded with its true start and end; one a stopped kiosk left open ends when that kiosk was last alive', async () => {
    const first = setup({ database: true });
    first.alarm.start();
    const start = first.clock.time;
    first.connection.since = start;
    await first.clock.advance(40_000);
    first.connection.answered();
    first.connection.since = first.clock.time;
    await first.clock.advance(20_000);
    const recorded = first.alarm.between(0, first.clock.time + 1);
    expect(recorded).toHaveLength(2);
    expect(recorded[0]).toMatchObject({ startedAt: start, endedAt: start + 40_000, endCause: 'answered', raisedAt: start + 10_000 });
    expect(recorded[1]).toMatchObject({ endedAt: null });
    // The kiosk crashed; the next run closes what it left open at its last sign of life.
    const lastAlive = first.clock.time - 5_000;
    const again = new OutageAlarm({
      connection: new FakeConnection(),
      push: { emit: () => undefined },
      log: createLogger(memorySink().sink),
      afterMs: 10_000,
      guardStation: true,
      database: { db: first.db!, serviceId: first.serviceId, key: null },
      previousRunEnd: lastAlive,
      timers: first.clock,
      now: first.clock.now,
    });
    again.start();
    expect(again.between(0, first.clock.time + 1)[1]).toMatchObject({ endedAt: lastAlive, endCause: 'kiosk-stopped' });
    await again.stop();
    await first.alarm.stop();
  });
});
