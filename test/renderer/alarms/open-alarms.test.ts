/** The alarms waiting (main's list, not the feed's ring), the alarm list by priority, the pre-shift group, which alarms sound, the outage alarm. */
import { describe, expect, it, vi } from 'vitest';
import { flushPromises } from '@vue/test-utils';
import { fake, LIVE_STATE, makeAlarm, makeEvent, ok, SETTINGS } from '../support/fake-kiosk';
import { at, useComponentHarness } from '../support/component-harness';
import type { OpenAlarm } from '../../../electron/contract/ipc';


import LiveFeedView from '../../../renderer/src/feed/LiveFeedView.vue';
import { useOpenAlarmStore } from '../../../renderer/src/alarms/open-alarms-store';
import { setAlarmBeeperFactory, useAlarmSoundStore } from '../../../renderer/src/alarms/alarm-sound-store';
import { OUTAGE_REPEAT_MS, useOutageAlarmStore } from '../../../renderer/src/alarms/outage-alarm-store';
import { useFeedStore } from '../../../renderer/src/feed/feed-store';

const { mountView } = useComponentHarness(fake);

const low = (id: number, patch = {}) => makeAlarm(id, { custom_Text: 'Denied: unknown card', alarm: { priority: 'low', rule: 'access-denied' }, ...patch });
const open = (alarms: OpenAlarm[], extra = {}) => ok({ revision: 1, alarms, bound: 5_000, shiftStartedAt: at(0), overflow: null, loadProblem: null, ...extra });

describe('alarms waiting', () => {
  it('lists a critical alarm above six newer low denials, and keeps counting it after it left the feed\'s buffer', async () => {
    const forced = makeAlarm(1, { created: at(10), device_Name: 'Vault' });
    fake.current.setSnapshot([forced, ...[2, 3, 4, 5, 6, 7].map((id) => low(id, { created: at(10 + id) }))]);
    const view = await mountView(LiveFeedView);
    const listed = view.findAll('[data-testid="open-alarm"]').map((li) => li.attributes('data-record-id'));
    expect(listed).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    // A flood pushes the alarm out of the renderer's buffer (500 in these settings): still counted, still under "Unacknowledged only".
    fake.current.emit('feedEvents', { events: Array.from({ length: 600 }, (_, i) => makeEvent(100 + i)) });
    await flushPromises();
    expect(view.find('[data-testid="feed-row"][data-record-id="1"]').exists()).toBe(false);
    expect(view.find('[data-testid="unacknowledged-count"]').text()).toBe('7 unacknowledged alarms');
    useFeedStore().setFilter({ unacknowledgedOnly: true, device: 'Vault' });
    await flushPromises();
    expect(view.findAll('[data-testid="feed-row"]').map((r) => r.attributes('data-record-id'))).toEqual(['1']);
  });

  it('groups the alarms from before the shift, never raised, acknowledged together with one note', async () => {
    const old = [low(1, { created: '2026-11-20T08:00:00.000Z' }), low(2, { created: '2026-11-20T09:00:00.000Z' })];
    fake.current.setSnapshot(old);
    fake.current.api.getOpenAlarms.mockResolvedValueOnce(open(old.map((event) => ({ event, preShift: true })), { shiftStartedAt: '2026-11-20T22:00:00.000Z' }));
    const view = await mountView(LiveFeedView);
    expect(view.findAll('[data-testid="open-alarm"]')).toHaveLength(0);
    expect(view.find('[data-testid="pre-shift-group"]').text()).toContain('2 alarms from before this shift');
    for (const marker of view.findAll('[data-testid="alarm-marker"]')) expect(marker.text()).toBe('Low alarm'); // a day old, escalation 10 min: not raised
    await view.find('[data-testid="pre-shift-ack"]').trigger('click');
    await flushPromises();
    expect(view.find('[data-testid="ack-dialog"] h2').text()).toBe('Acknowledge 2 alarms');
    await view.find('[data-testid="ack-dialog"] textarea').setValue('Reviewed at shift start');
    await view.find('[data-testid="ack-dialog"] form').trigger('submit');
    await flushPromises();
    expect(fake.current.api.acknowledgeAlarms).toHaveBeenCalledWith({ recordIds: [1, 2], note: 'Reviewed at shift start' });
  });

  it('says loudly when main had to set alarms aside at its bound', async () => {
    fake.current.api.getOpenAlarms.mockResolvedValueOnce(open([], { overflow: { dropped: 12, firstAt: at(1), lastAt: at(2), message: 'The list of unacknowledged alarms is full (5,000): 12 of the lowest priority and oldest were set aside.' } }));
    const view = await mountView(LiveFeedView);
    expect(view.find('[data-testid="open-alarms-overflow"]').text()).toContain('12 of the lowest priority');
    expect(view.find('[data-testid="open-alarms-overflow"]').attributes('role')).toBe('alert');
  });

  it('asks main for a new snapshot when a change was missed', async () => {
    await mountView(LiveFeedView);
    const store = useOpenAlarmStore();
    expect(fake.current.api.getOpenAlarms).toHaveBeenCalledTimes(1);
    fake.current.emit('openAlarms', { revision: 5, added: [], removed: [], overflow: null });
    await flushPromises();
    expect(fake.current.api.getOpenAlarms).toHaveBeenCalledTimes(2);
    expect(store.loaded).toBe(true);
  });

  it('reads the snapshot once more when the push stream is heard to be open (a change before it would be missed)', async () => {
    await mountView(LiveFeedView);
    const calls = fake.current.api.getOpenAlarms.mock.calls.length;
    fake.current.emit('feedState', LIVE_STATE);
    await flushPromises();
    expect(fake.current.api.getOpenAlarms).toHaveBeenCalledTimes(calls + 1);
    fake.current.emit('feedState', LIVE_STATE);
    await flushPromises();
    expect(fake.current.api.getOpenAlarms).toHaveBeenCalledTimes(calls + 1); // once only
  });

  it('by default a plain denial is silent, a critical alarm sounds; a rule may say otherwise', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const beeps: string[] = [];
      setAlarmBeeperFactory(() => ({ beep: (kind) => void beeps.push(kind), dispose: () => undefined }));
      fake.current.api.getSettings.mockResolvedValue(ok({ ...SETTINGS, alarms: { ...SETTINGS.alarms, soundFor: ['critical', 'high'], rules: [{ id: 'vip-denied', priority: 'low', instructions: [], requireNote: false, sound: true }] } }));
      await mountView(LiveFeedView);
      const later = (): void => {
        vi.setSystemTime(Date.now() + 5_000);
      }; // past the least time between two beeps
      fake.current.emit('feedEvents', { events: [low(10)] });
      later();
      expect(beeps).toEqual([]);
      fake.current.emit('feedEvents', { events: [low(11, { alarm: { priority: 'low', rule: 'vip-denied' } })] });
      later();
      expect(beeps).toEqual(['low']);
      fake.current.emit('feedEvents', { events: [makeAlarm(12)] });
      expect(beeps).toEqual(['low', 'critical']);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the outage alarm', () => {
  it('a banner and a sound repeating until acknowledged; rows greyed while not live', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    try {
      fake.current.setSnapshot([makeEvent(1)]);
      const view = await mountView(LiveFeedView);
      const outages: number[] = [];
      vi.spyOn(useAlarmSoundStore(), 'announceOutage').mockImplementation(() => void outages.push(Date.now()));
      useOutageAlarmStore().start();
      fake.current.emit('feedState', { ...LIVE_STATE, status: 'reconnecting', since: '2026-11-21T10:31:02.000Z', error: { code: 'unreachable', message: 'No answer.' } });
      await flushPromises();
      expect(view.find('[data-testid="outage-banner"]').text()).toContain('Service lost since');
      expect(view.find('[data-testid="outage-since"]').attributes('datetime')).toBe('2026-11-21T10:31:02.000Z');
      expect(view.find('[data-testid="feed-scroller"]').classes()).toContain('not-live');
      expect(outages).toHaveLength(1);
      vi.advanceTimersByTime(OUTAGE_REPEAT_MS * 2);
      expect(outages).toHaveLength(3);
      await view.find('[data-testid="outage-ack"]').trigger('click');
      vi.advanceTimersByTime(OUTAGE_REPEAT_MS * 5);
      expect(outages).toHaveLength(3);
      expect(view.find('[data-testid="outage-acked"]').exists()).toBe(true);
      fake.current.emit('feedState', LIVE_STATE);
      await flushPromises();
      expect(view.find('[data-testid="outage-banner"]').exists()).toBe(false);
      expect(view.find('[data-testid="feed-scroller"]').classes()).not.toContain('not-live');
    } finally {
      vi.useRealTimers();
    }
  });
});
