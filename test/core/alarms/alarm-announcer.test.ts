// When the alarm tone sounds: a burst once, then at most once a period with the count; a higher
// priority at once; what does not sound (a plain denial, a rule that says no) never.
import { describe, expect, it } from 'vitest';
import type { AlarmSignal, FeedEvent } from '../../../electron/contract/ipc';
import { AlarmAnnouncer } from '../../../electron/core/alarms/alarm-announcer';
import { DEFAULT_ALARM_RULES } from '../../../electron/core/alarms/alarm-rules';
import { feedEvent } from '../../support/events';
import { ManualClock } from '../support/event-fakes';

const alarm = (id: number, priority: 'critical' | 'high' | 'medium' | 'low', rule = `r-${priority}`): FeedEvent => feedEvent(id, { alarm: { priority, rule, id, state: 'waiting' } });

function setup() {
  const clock = new ManualClock();
  const signals: AlarmSignal[] = [];
  const announcer = new AlarmAnnouncer({
    push: { emit: (name, payload) => void (name === 'alarmSignal' && signals.push(payload as AlarmSignal)) },
    intervalMs: 30_000,
    rules: [...DEFAULT_ALARM_RULES, { id: 'vip-denied', priority: 'low', includes: ['vip'], sound: true }, { id: 'quiet', priority: 'high', includes: ['quiet'], sound: false }],
    soundFor: ['critical', 'high'],
    timers: clock,
    now: clock.now,
  });
  return { clock, signals, announcer };
}

describe('the alarm announcer', () => {
  it('sounds a flood once, then once a period with the count of the alarms that came meanwhile', async () => {
    const { clock, signals, announcer } = setup();
    announcer.arrived([alarm(1, 'high')]);
    expect(signals).toHaveLength(1);
    for (let i = 0; i < 60; i++) {
      await clock.advance(500);
      announcer.arrived([alarm(100 + i, 'high')]);
    }
    // 30 s of alarms every half second: one tone at once, then one at the end of each period.
    expect(signals.length).toBeLessThanOrEqual(3);
    expect(signals[1]).toMatchObject({ kind: 'new', priority: 'high' });
    expect(signals[1]!.count).toBeGreaterThan(50);
    expect(signals[1]!.since).toBe(signals[0]!.at);
  });

  it('sounds a higher priority at once within the period, and never what does not sound', async () => {
    const { clock, signals, announcer } = setup();
    announcer.arrived([alarm(1, 'high')]);
    await clock.advance(1_000);
    announcer.arrived([alarm(2, 'low', 'access-denied'), alarm(3, 'high', 'quiet')]);
    expect(signals).toHaveLength(1);
    announcer.arrived([alarm(4, 'critical')]);
    expect(signals.map((s) => s.priority)).toEqual(['high', 'critical']);
    announcer.arrived([alarm(5, 'low', 'vip-denied')]);
    await clock.advance(30_000);
    expect(signals.at(-1)).toMatchObject({ priority: 'low', count: 1 });
  });

  it('does not sound alarms already acknowledged or set aside when they arrive', () => {
    const { signals, announcer } = setup();
    announcer.arrived([feedEvent(1, { alarm: { priority: 'critical', rule: 'x', id: 1, state: 'acknowledged' } })]);
    expect(signals).toHaveLength(0);
  });
});
