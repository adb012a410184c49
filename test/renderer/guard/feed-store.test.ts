/** The feed store: start-up order, pushes, bound, notices and alarm beeps. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { createFakeKiosk, fail, fake, LIVE_STATE, makeAlarm, makeEvent, ok, SETTINGS } from '../support/fake-kiosk';


import { setFeedFrameScheduler, useFeedStore } from '../../../renderer/src/guard/feed-store';
import { setAlarmBeeperFactory, useAlarmSoundStore } from '../../../renderer/src/guard/alarm-sound-store';

const beeps: string[] = [];
const ids = (store: ReturnType<typeof useFeedStore>) => [...store.view.entries].reverse().map((e) => e.event.record_ID);

beforeEach(() => {
  fake.current = createFakeKiosk();
  setActivePinia(createPinia());
  setFeedFrameScheduler((run) => run());
  beeps.length = 0;
  setAlarmBeeperFactory(() => ({ beep: (p) => beeps.push(p), dispose: () => undefined }));
});
afterEach(() => {
  setFeedFrameScheduler(null);
  vi.useRealTimers();
});

describe('feed store', () => {
  it('subscribes to the pushes before asking for settings and the snapshot', async () => {
    const order: string[] = [];
    fake.current.api.onFeedEvents.mockImplementationOnce(() => (order.push('subscribe'), () => undefined));
    fake.current.api.getSettings.mockImplementationOnce(async () => (order.push('settings'), ok(SETTINGS)));
    fake.current.api.getFeedSnapshot.mockImplementationOnce(async () => (order.push('snapshot'), ok({ state: LIVE_STATE, events: [] })));
    await useFeedStore().start();
    expect(order).toEqual(['subscribe', 'settings', 'snapshot']);
  });

  it('loads the snapshot newest first and starts once however often it is asked', async () => {
    fake.current.setSnapshot([makeEvent(1), makeEvent(2), makeEvent(3)]);
    const store = useFeedStore();
    await Promise.all([store.start(), store.start()]);
    expect(fake.current.api.getFeedSnapshot).toHaveBeenCalledTimes(1);
    expect(fake.current.listenerCount('feedEvents')).toBe(1);
    expect(ids(store)).toEqual([3, 2, 1]);
    expect(store.state.status).toBe('live');
    expect(store.feedSettings.bufferSize).toBe(SETTINGS.feed.bufferSize);
  });

  it('adds pushed events on top and never shows an event twice (replay and snapshot overlap)', async () => {
    fake.current.setSnapshot([makeEvent(1), makeEvent(2)]);
    const store = useFeedStore();
    await store.start();
    fake.current.emit('feedEvents', { events: [makeEvent(2), makeEvent(3)] });
    fake.current.emit('feedEvents', { events: [makeEvent(3), makeEvent(4)] });
    expect(ids(store)).toEqual([4, 3, 2, 1]);
    expect(store.stats.duplicates).toBe(2);
  });

  it('keeps events pushed while the snapshot is on its way', async () => {
    let answer: (value: unknown) => void = () => undefined;
    fake.current.api.getFeedSnapshot.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve as (value: unknown) => void)) as never);
    const store = useFeedStore();
    const started = store.start();
    await vi.waitFor(() => expect(fake.current.api.getFeedSnapshot).toHaveBeenCalled());
    fake.current.emit('feedEvents', { events: [makeEvent(11)] });
    answer(ok({ state: LIVE_STATE, events: [makeEvent(9), makeEvent(10), makeEvent(11)] }));
    await started;
    expect(ids(store)).toEqual([11, 10, 9]);
  });

  it('bounds the buffer by settings.feed.bufferSize', async () => {
    fake.current.api.getSettings.mockResolvedValueOnce(ok({ ...SETTINGS, feed: { ...SETTINGS.feed, bufferSize: 150 } }));
    const store = useFeedStore();
    await store.start();
    fake.current.emit('feedEvents', { events: Array.from({ length: 400 }, (_, i) => makeEvent(i + 1)) });
    expect(store.bufferedCount).toBe(150);
    expect(ids(store)[0]).toBe(400);
  });

  it('publishes changes once per frame, not per push', async () => {
    const frames: (() => void)[] = [];
    setFeedFrameScheduler((run) => frames.push(run));
    const store = useFeedStore();
    await store.start();
    const revision = store.view.revision;
    fake.current.emit('feedEvents', { events: [makeEvent(1)] });
    fake.current.emit('feedEvents', { events: [makeEvent(2)] });
    expect(frames).toHaveLength(1);
    frames[0]?.();
    expect(store.view.revision).toBe(revision + 1);
    expect(store.bufferedCount).toBe(2);
  });

  it('follows the pushed connection state', async () => {
    const store = useFeedStore();
    await store.start();
    fake.current.emit('feedState', { ...LIVE_STATE, status: 'reconnecting', since: '2026-11-21T10:05:00.000Z', error: { code: 'unreachable', message: 'No answer.' } });
    expect(store.state.status).toBe('reconnecting');
    expect(store.state.error?.message).toBe('No answer.');
  });

  it('shows notices until dismissed, and a resync shows reused ids as new events', async () => {
    fake.current.setSnapshot([makeEvent(100), makeEvent(101)]);
    const store = useFeedStore();
    await store.start();
    fake.current.emit('feedNotice', { kind: 'resync', message: "The server's event ids went down: resynchronised", at: '2026-11-21T10:06:00Z' });
    // Main's resync: its pushes carry the next epoch (the renderer no longer works it out itself).
    fake.current.emit('feedEvents', { events: [makeEvent(100, { custom_Text: 'after restore' })], epoch: 1 });
    expect(store.notices).toHaveLength(1);
    expect(ids(store)).toEqual([100, 101, 100]);
    store.dismissNotice(store.notices[0]!.id);
    expect(store.notices).toHaveLength(0);
  });

  it('beeps only when main says (its alarmSignal), never for the events themselves, and not while muted', async () => {
    fake.current.setSnapshot([makeAlarm(1)]);
    const store = useFeedStore();
    await store.start();
    const sound = useAlarmSoundStore();
    sound.start();
    sound.enable(true);
    fake.current.emit('feedEvents', { events: [makeEvent(2), makeAlarm(3, { alarm: { priority: 'high', rule: 'x', id: 3, state: 'waiting' } })] });
    expect(beeps).toEqual([]);
    fake.current.emit('alarmSignal', { kind: 'new', priority: 'high', count: 1, since: null, at: new Date().toISOString() });
    expect(beeps).toEqual(['high']);
    vi.useFakeTimers();
    vi.setSystemTime(Date.now() + 10_000);
    sound.mute();
    fake.current.emit('alarmSignal', { kind: 'new', priority: 'critical', count: 1, since: null, at: new Date().toISOString() });
    expect(beeps).toEqual(['high']);
    expect(sound.muted).toBe(true);
    vi.advanceTimersByTime(SETTINGS.alarms.muteMinutes * 60_000);
    expect(sound.muted).toBe(false);
    fake.current.emit('alarmSignal', { kind: 'new', priority: 'critical', count: 1, since: null, at: new Date().toISOString() });
    expect(beeps).toEqual(['high', 'critical']);
  });

  it('reports a snapshot failure while pushes keep arriving, and retries', async () => {
    fake.current.api.getFeedSnapshot.mockResolvedValueOnce(fail('unreachable', 'The kiosk core does not answer.'));
    const store = useFeedStore();
    await store.start();
    expect(store.snapshotError?.message).toBe('The kiosk core does not answer.');
    fake.current.emit('feedEvents', { events: [makeEvent(5)] });
    expect(ids(store)).toEqual([5]);
    fake.current.setSnapshot([makeEvent(4), makeEvent(5)]);
    await store.retrySnapshot();
    expect(store.snapshotError).toBeNull();
    expect(ids(store)).toEqual([5, 4]);
    store.stop();
  });

  it('falls back to default settings when they cannot be read', async () => {
    fake.current.api.getSettings.mockResolvedValueOnce(fail('server_error', 'Settings unavailable.'));
    const store = useFeedStore();
    await store.start();
    expect(store.settingsError?.message).toBe('Settings unavailable.');
    expect(store.feedSettings.bufferSize).toBe(20_000);
  });

  it('unsubscribes on stop', async () => {
    const store = useFeedStore();
    await store.start();
    store.stop();
    expect(fake.current.listenerCount('feedEvents')).toBe(0);
    expect(fake.current.listenerCount('feedNotice')).toBe(0);
  });
});
