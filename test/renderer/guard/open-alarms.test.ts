/** The alarms waiting (main's record, read a page at a time), the groups, one word per alarm, main's tones and the outage alarm. */
import { describe, expect, it, vi } from 'vitest';
import { flushPromises } from '@vue/test-utils';
import { fake, makeAlarm, makeEvent, ok } from '../support/fake-kiosk';
import { at, useComponentHarness } from '../support/component-harness';
import { OPEN_ALARM_SUMMARY } from '../../support/alarm-summary';
import type { AlarmSummary, OpenAlarm } from '../../../electron/contract/ipc';

import LiveFeedView from '../../../renderer/src/guard/LiveFeedView.vue';
import { useOpenAlarmStore } from '../../../renderer/src/guard/open-alarms-store';
import { setAlarmBeeperFactory, useAlarmSoundStore } from '../../../renderer/src/guard/alarm-sound-store';
import { OUTAGE_REPEAT_MS, useOutageAlarmStore } from '../../../renderer/src/guard/outage-alarm-store';
import { useFeedStore } from '../../../renderer/src/guard/feed-store';

const { mountView } = useComponentHarness(fake);

const low = (id: number, patch = {}) => makeAlarm(id, { custom_Text: 'Denied: unknown card', alarm: { priority: 'low', rule: 'access-denied', id, state: 'waiting' }, ...patch });

describe('alarms waiting', () => {
  it('lists a critical alarm above six newer low denials, and keeps counting it after it left the feed\'s buffer', async () => {
    const forced = makeAlarm(1, { created: at(10), device_Name: 'Vault' });
    fake.current.setSnapshot([forced, ...[2, 3, 4, 5, 6, 7].map((id) => low(id, { created: at(10 + id) }))]);
    const view = await mountView(LiveFeedView);
    await flushPromises();
    const listed = view.findAll('[data-testid="open-alarm"]').map((li) => li.attributes('data-record-id'));
    expect(listed).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    // A flood pushes the alarm out of the renderer's buffer (500 in these settings): still counted, still under "Unacknowledged only".
    fake.current.emit('feedEvents', { events: Array.from({ length: 600 }, (_, i) => makeEvent(100 + i)) });
    await flushPromises();
    expect(view.find('[data-testid="feed-row"][data-record-id="1"]').exists()).toBe(false);
    expect(view.find('[data-testid="unacknowledged-count"]').text()).toBe('7 unacknowledged alarms');
    useFeedStore().setFilter({ unacknowledgedOnly: true });
    await flushPromises();
    expect(view.findAll('[data-testid="waiting-pager"] [data-testid="open-alarm"]').map((r) => r.attributes('data-record-id'))).toEqual(['7', '6', '5', '4', '3', '2', '1']);
  });

  it('shows the alarms a page at a time and moves between pages', async () => {
    fake.current.setSnapshot(Array.from({ length: 60 }, (_, i) => low(i + 1, { created: at(100 + i) })));
    const view = await mountView(LiveFeedView);
    await flushPromises();
    const pager = view.find('[data-testid="open-alarms-pager"]');
    expect(pager.findAll('[data-testid="open-alarm"]')).toHaveLength(25);
    expect(pager.find('[data-testid="pager-place"]').text()).toBe('1–25 of 60');
    await pager.find('[data-testid="pager-next"]').trigger('click');
    await flushPromises();
    expect(pager.find('[data-testid="pager-place"]').text()).toBe('26–50 of 60');
    expect(pager.findAll('[data-testid="open-alarm"]')[0]!.attributes('data-record-id')).toBe('26');
    expect(fake.current.api.listOpenAlarms).toHaveBeenLastCalledWith({ group: 'shift', order: 'priority', offset: 25, limit: 25 });
  });

  it('acknowledges the group from before the shift with the count its button said', async () => {
    const summary: AlarmSummary = {
      ...OPEN_ALARM_SUMMARY,
      revision: 3,
      preShift: 4647,
      unacknowledged: 4647,
      oldestAt: '2026-11-20T08:00:00.000Z',
      asOf: { highestId: 9000, lastSetAside: 0 },
      shiftStartedAt: '2026-11-20T22:00:00.000Z',
    };
    fake.current.api.getOpenAlarms.mockResolvedValue(ok(summary));
    const view = await mountView(LiveFeedView);
    await flushPromises();
    expect(view.find('[data-testid="pre-shift-group"]').text()).toContain('4,647 alarms from before this shift');
    expect(view.find('[data-testid="pre-shift-ack"]').text()).toBe('Acknowledge all 4,647 with one note…');
    await view.find('[data-testid="pre-shift-ack"]').trigger('click');
    await flushPromises();
    expect(view.find('[data-testid="ack-dialog"] h2').text()).toBe('Acknowledge 4,647 alarms');
    await view.find('[data-testid="ack-dialog"] textarea').setValue('Reviewed at shift start');
    await view.find('[data-testid="ack-dialog"] form').trigger('submit');
    await flushPromises();
    expect(fake.current.api.acknowledgeAlarmGroup).toHaveBeenCalledWith({ group: 'preShift', asOf: { highestId: 9000, lastSetAside: 0 }, expected: 4647, note: 'Reviewed at shift start' });
  });

  it('says loudly how many alarms are set aside until they are dealt with, and offers them for review', async () => {
    const summary = (setAside: number): AlarmSummary => ({
      ...OPEN_ALARM_SUMMARY,
      revision: setAside,
      setAside,
      unacknowledged: setAside,
      asOf: { highestId: 50, lastSetAside: setAside },
      bound: 5_000,
      shiftStartedAt: at(0),
      setAsideText: setAside > 0 ? { key: 'alarms.fromMain.setAside', params: { count: setAside, bound: 5000 }, message: '' } : null,
    });
    fake.current.api.getOpenAlarms.mockResolvedValue(ok(summary(12)));
    const view = await mountView(LiveFeedView);
    await flushPromises();
    const notice = view.find('[data-testid="open-alarms-overflow"]');
    expect(notice.text()).toContain('12 alarms set aside (more than 5,000 waited)');
    expect(notice.attributes('role')).toBe('alert');
    expect(view.find('[data-testid="set-aside-ack"]').text()).toBe('Acknowledge all 12 with one note…');
    // Dealt with: the notice goes.
    fake.current.emit('openAlarms', { revision: 99, summary: { ...summary(0), revision: 99 }, added: [], moreAdded: 0, acknowledged: [], moreAcknowledged: 0 });
    await flushPromises();
    expect(view.find('[data-testid="open-alarms-overflow"]').exists()).toBe(false);
  });

  it('shows an escalated alarm with the same word in the feed and in the alarm list', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.parse(at(0)) + 11 * 60_000); // escalation after 10 min (the fake's settings)
      const denied = low(5, { created: at(0) });
      fake.current.setSnapshot([denied]);
      const view = await mountView(LiveFeedView);
      await flushPromises();
      const inList = view.find('[data-testid="open-alarm"] [data-testid="open-alarm-priority"]').text();
      const inFeed = view.find('[data-testid="feed-row"] [data-testid="alarm-marker"]').text();
      expect(inList).toContain('Medium');
      expect(inFeed).toContain('Medium');
      expect(inList).toBe(inFeed);
    } finally {
      vi.useRealTimers();
    }
  });

  it('plays the tone main decides, says what it stood for, and keeps silent on a kiosk that does not sound', async () => {
    const beeps: string[] = [];
    setAlarmBeeperFactory(() => ({ beep: (kind) => void beeps.push(kind), dispose: () => undefined }));
    const view = await mountView(LiveFeedView);
    await flushPromises();
    useAlarmSoundStore().start();
    fake.current.emit('alarmSignal', { kind: 'new', priority: 'critical', count: 12, since: new Date(Date.now() - 30_000).toISOString(), at: new Date().toISOString() });
    await flushPromises();
    expect(beeps).toEqual(['critical']);
    expect(view.find('[data-testid="alarm-tone-note"]').text()).toMatch(/12 new alarms since/);
    fake.current.emit('outageAlarm', { current: null, sounds: false, afterSeconds: 10 });
    await flushPromises();
    fake.current.emit('alarmSignal', { kind: 'new', priority: 'high', count: 1, since: null, at: new Date().toISOString() });
    expect(beeps).toEqual(['critical']);
  });

  it('reads the counts again when main pushes a change, never counting twice', async () => {
    fake.current.setSnapshot([makeAlarm(1)]);
    await mountView(LiveFeedView);
    const store = useOpenAlarmStore();
    await flushPromises();
    expect(store.count).toBe(1);
    fake.current.emit('feedEvents', { events: [makeAlarm(2), makeAlarm(2)] });
    await flushPromises();
    expect(store.count).toBe(2);
  });
});

describe('the outage alarm', () => {
  it('is main\'s: a banner with the true start and a tone repeating until acknowledged, from the kiosk\'s start whatever is shown', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    try {
      fake.current.setSnapshot([makeEvent(1)]);
      const view = await mountView(LiveFeedView);
      const outages: number[] = [];
      vi.spyOn(useAlarmSoundStore(), 'announceOutage').mockImplementation(() => void outages.push(Date.now()));
      await useOutageAlarmStore().start();
      const raised = { id: 3, since: '2026-11-21T10:31:02.000Z', raisedAt: '2026-11-21T10:31:12.000Z', endedAt: null, acknowledgedAt: null, acknowledgedBy: null };
      fake.current.emit('outageAlarm', { current: raised, sounds: true, afterSeconds: 10 });
      await flushPromises();
      expect(view.find('[data-testid="outage-banner"]').text()).toContain('Service lost since');
      expect(view.find('[data-testid="outage-since"]').attributes('datetime')).toBe('2026-11-21T10:31:02.000Z');
      expect(outages).toHaveLength(1);
      vi.advanceTimersByTime(OUTAGE_REPEAT_MS * 2);
      expect(outages).toHaveLength(3);
      await view.find('[data-testid="outage-ack"]').trigger('click');
      await flushPromises();
      expect(fake.current.api.acknowledgeOutage).toHaveBeenCalledWith({ id: 3 });
      vi.advanceTimersByTime(OUTAGE_REPEAT_MS * 5);
      expect(outages).toHaveLength(3);
      expect(view.find('[data-testid="outage-acked"]').text()).toContain('by Ada Guard');
      // Over: the banner says every event of that time was read since, until the guard dismisses it (acknowledged: gone).
      fake.current.emit('outageAlarm', { current: null, sounds: true, afterSeconds: 10 });
      await flushPromises();
      expect(view.find('[data-testid="outage-banner"]').exists()).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('an outage over before anyone acknowledged it stays said, with no false "events may be missing"', async () => {
    const view = await mountView(LiveFeedView);
    await useOutageAlarmStore().start();
    fake.current.emit('outageAlarm', { current: { id: 4, since: at(1), raisedAt: at(11), endedAt: at(45), acknowledgedAt: null, acknowledgedBy: null }, sounds: true, afterSeconds: 10 });
    await flushPromises();
    expect(view.find('[data-testid="outage-banner"]').text()).toContain('The service was lost from');
    expect(view.find('[data-testid="outage-all-read"]').text()).toBe('— every event of that time has been read since.');
    expect(view.find('[data-testid="outage-banner"]').text()).not.toMatch(/missing/);
  });
});

export type { OpenAlarm };
