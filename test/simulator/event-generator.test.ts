// What the live generator and bulk events produce (event-factory.ts, event-generator.ts): the
// alarm share, ordinary events, fields laid over made events, and the rate kept under late,
// coarse timers and changed while running (fake clock, so the counts are exact).

import { afterEach, describe, expect, it, vi } from 'vitest';
import { EVENT_TYPE } from '../../electron/simulator/catalogue';
import { EventFactory, overlayInjectedFields } from '../../electron/simulator/event-factory';
import { EventGenerator } from '../../electron/simulator/event-generator';
import { EventLog, type EventAttributes } from '../../electron/simulator/events';
import { SeededRandom } from '../../electron/simulator/seeded-random';

const ALARM_TYPES = [EVENT_TYPE.doorForced, EVENT_TYPE.doorHeldOpen, EVENT_TYPE.deviceOffline, EVENT_TYPE.tamper];

function factory(seed = 1): EventFactory {
  return new EventFactory(new SeededRandom(seed), () => 'Dupont, Marie');
}

function many(count: number, make: () => EventAttributes): EventAttributes[] {
  return Array.from({ length: count }, make);
}

describe('EventFactory', () => {
  it('generates alarms at the share asked for, of alarm types only', () => {
    const events = factory();
    const third = many(20_000, () => events.generated(0, 0.3));
    const alarms = third.filter((event) => event.isAlarm);
    expect(alarms.length / third.length).toBeGreaterThan(0.28);
    expect(alarms.length / third.length).toBeLessThan(0.32);
    expect(new Set(alarms.map((event) => event.typeId))).toEqual(new Set(ALARM_TYPES));
    expect(many(5000, () => events.generated(0, 0)).some((event) => event.isAlarm)).toBe(false);
    expect(many(5000, () => events.generated(0, 1)).every((event) => event.isAlarm)).toBe(true);
  });

  it('makes ordinary events of every non-alarm kind, and never an alarm', () => {
    const ordinary = many(10_000, () => factory(2).ordinary(0));
    expect(ordinary.some((event) => event.isAlarm)).toBe(false);
    const events = factory(3);
    const types = new Set(many(10_000, () => events.ordinary(0)).map((event) => event.typeId));
    expect([...types].sort()).toEqual([101, 102, 103, 201, 202, 303, 401]);
  });

  it('takes a device offline only when it is up, and brings down devices back with ordinary events', () => {
    const events = factory(4);
    const offline = many(200, () => events.alarm(0)).filter((event) => event.typeId === EVENT_TYPE.deviceOffline);
    // 4 panels and 13 readers: each can only go down once while nothing brings it back.
    expect(offline.length).toBeLessThanOrEqual(17);
    expect(new Set(offline.map((event) => event.deviceId)).size).toBe(offline.length);
    const online = many(2000, () => events.ordinary(0)).filter((event) => event.typeId === EVENT_TYPE.deviceOnline);
    const down = new Set(offline.map((event) => event.deviceId));
    expect(online.slice(0, down.size).every((event) => down.has(event.deviceId))).toBe(true);
  });

  it('lays injected fields over a made event, with what follows from a given type or device', () => {
    const base = factory(5).ordinary(1000);
    const granted = { ...base, typeId: 101, categoryId: 1, subcodeId: 11, subcodeCategoryId: 1, deviceId: 301, deviceType: 4, tenant: 0, isAlarm: false, categoryName: 'Access Granted', deviceName: 'Main Entrance Reader In', customText: 'Granted – Dupont, Marie' };
    expect(overlayInjectedFields(granted, {})).toEqual(granted);
    expect(overlayInjectedFields(granted, { deviceId: 207 })).toEqual({ ...granted, deviceId: 207, deviceType: 3, tenant: 1, deviceName: 'Level 2 Server Room' });
    expect(overlayInjectedFields(granted, { eventTypeId: 301 })).toEqual({
      ...granted, typeId: 301, categoryId: 3, subcodeId: 31, subcodeCategoryId: 3, isAlarm: true, categoryName: 'Door Alarm', customText: 'FORCED OPEN',
    });
    expect(overlayInjectedFields(granted, { eventTypeId: 301, isAlarm: false, custom_Text: 'mine', tenant: 3, device_Name: 'Mine' }, 5)).toEqual({
      ...granted, createdMs: 5, typeId: 301, categoryId: 3, subcodeId: 31, subcodeCategoryId: 3, isAlarm: false, categoryName: 'Door Alarm', customText: 'mine', tenant: 3, deviceName: 'Mine',
    });
    expect(overlayInjectedFields(granted, { deviceId: 999, eventCategoryId: 42 })).toMatchObject({ deviceName: 'Device 999', deviceType: 0, tenant: 0, categoryName: 'Category 42' });
  });
});

describe('EventGenerator', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  function running(): { log: EventLog; generator: EventGenerator } {
    vi.useFakeTimers({ now: 1_000_000 });
    const log = new EventLog(1_000_000);
    return { log, generator: new EventGenerator(log, factory(6)) };
  }

  it('delivers 200 events a second on time, when every tick comes late, and after a stall (at most a second\'s worth)', () => {
    const { log, generator } = running();
    generator.start({ eventsPerSecond: 200, alarmShare: 0.1 });
    vi.advanceTimersByTime(10_000);
    expect(log.maxId).toBe(2000);
    // Every tick 47 ms late: the ticks are fewer, the events are not.
    const started = Date.now() - 10_000;
    for (let tick = 0; tick < 50; tick++) {
      vi.setSystemTime(Date.now() + 47);
      vi.advanceTimersByTime(20);
    }
    const due = Math.floor(((Date.now() - started) * 200) / 1000);
    expect(log.maxId).toBeGreaterThanOrEqual(due - 4);
    expect(log.maxId).toBeLessThanOrEqual(due);
    // A suspended laptop: one tick after a minute adds one second's worth, not a minute's.
    const before = log.maxId;
    vi.setSystemTime(Date.now() + 60_000);
    vi.advanceTimersByTime(20);
    expect(log.maxId - before).toBe(200);
    generator.stop();
  });

  it('changes rate and share while running, counted from the change, and stops at 0', () => {
    const { log, generator } = running();
    generator.start({ eventsPerSecond: 10, alarmShare: 0 });
    vi.advanceTimersByTime(3000);
    expect(log.maxId).toBe(30);
    expect(log.all().some((event) => event.isAlarm)).toBe(false);
    generator.start({ eventsPerSecond: 1000, alarmShare: 1 });
    expect(generator.settings).toEqual({ eventsPerSecond: 1000, alarmShare: 1 });
    vi.advanceTimersByTime(2000);
    expect(log.maxId).toBe(2030);
    expect(log.all().slice(30).every((event) => event.isAlarm)).toBe(true);
    generator.start({ eventsPerSecond: 0, alarmShare: 1 });
    vi.advanceTimersByTime(5000);
    expect(log.maxId).toBe(2030);
    expect(generator.settings).toEqual({ eventsPerSecond: 0, alarmShare: 1 });
  });
});
