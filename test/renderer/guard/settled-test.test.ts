/**
 * The open alarms store's `settledTest`: the test of isSettled as a value (a computed), so the
 * feed's rows can ask it for every alarm of the buffer without paying for a Pinia action each time,
 * and are rebuilt when an acknowledgement lands.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { computed } from 'vue';
import { createFakeKiosk, fake, makeAlarm } from '../support/fake-kiosk';
import { useOpenAlarmStore } from '../../../renderer/src/guard/open-alarms-store';

beforeEach(() => {
  fake.current = createFakeKiosk();
  setActivePinia(createPinia());
});

describe('open alarms store: settledTest', () => {
  it('says what isSettled says: acknowledged as sent, or since this page loaded', () => {
    const open = useOpenAlarmStore();
    const acknowledged = makeAlarm(3, { alarm: { priority: 'critical', rule: 'door-forced', id: 3, state: 'acknowledged' } });
    const cases = [makeAlarm(1), makeAlarm(2), acknowledged, { ...makeAlarm(4), alarm: null }];
    open.settle([2]);
    expect(cases.map((event) => open.settledTest(event))).toEqual([false, true, true, false]);
    expect(cases.map((event) => open.settledTest(event))).toEqual(cases.map((event) => open.isSettled(event)));
  });

  it('is no action (no action subscriber runs per call) and changes when an acknowledgement lands', () => {
    const open = useOpenAlarmStore();
    const onAction = vi.fn();
    open.$onAction(onAction);
    let builds = 0;
    const waiting = computed(() => {
      builds++;
      const test = open.settledTest;
      return [makeAlarm(1), makeAlarm(2)].filter((event) => !test(event)).map((event) => event.record_ID);
    });
    expect(waiting.value).toEqual([1, 2]);
    expect(onAction).not.toHaveBeenCalled();
    open.settle([2]);
    expect(waiting.value).toEqual([1]);
    expect(builds).toBe(2);
    open.settle([2]); // nothing new: nothing rebuilt
    expect(waiting.value).toEqual([1]);
    expect(builds).toBe(2);
  });
});
