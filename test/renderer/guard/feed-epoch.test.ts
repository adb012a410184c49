/**
 * The feed follows main's resync epoch (issue 21, point 4): a higher epoch on a push or the
 * snapshot starts a new id space (reused ids are new events, above the old rows), the same epoch
 * appends, a replay of a record already shown is never shown twice, and a batch of an older epoch
 * is stale. The renderer works nothing out from ids going down any more. The feed store reads its
 * settings through the settings store. Self-contained: a minimal hand-made kiosk api.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import type { FeedEvent, FeedSnapshot, FeedState, KioskSettings, PushEvents } from '../../../electron/contract/ipc';
import { FeedBuffer } from '../../../renderer/src/guard/feed-buffer';

const api = vi.hoisted(() => {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const on = (name: string) => (listener: (payload: unknown) => void) => {
    const set = listeners.get(name) ?? new Set();
    set.add(listener);
    listeners.set(name, set);
    return () => set.delete(listener);
  };
  return {
    listeners,
    emit: (name: string, payload: unknown) => listeners.get(name)?.forEach((l) => l(payload)),
    kiosk: {
      onFeedEvents: on('feedEvents'),
      onFeedState: on('feedState'),
      onFeedNotice: on('feedNotice'),
      onFeedProgress: on('feedProgress'),
      onOpenAlarms: on('openAlarms'),
      getOpenAlarms: vi.fn(async () => ({ ok: false, error: { code: 'internal', message: 'not used' } })),
      getFeedSnapshot: vi.fn(),
      getSettings: vi.fn(),
    },
  };
});
vi.mock('../../../renderer/src/api/kiosk', () => ({ kiosk: api.kiosk, isConnected: () => true }));

import { setFeedFrameScheduler, useFeedStore } from '../../../renderer/src/guard/feed-store';
import { useSettingsStore } from '../../../renderer/src/shell/settings-store';

let clock = Date.parse('2026-11-21T10:00:00.000Z');
function event(id: number, text = 'Access granted'): FeedEvent {
  clock += 1_000;
  const created = new Date(clock).toISOString();
  return { record_ID: id, created, event_Category_Name: 'Access', device_Name: 'Reader 1', custom_Text: text, origin_Name: null, additional_Info: null, cardnumber: null, facility_Code: null, alarm: null };
}
const state = (since: string, status: FeedState['status'] = 'live', lastDeliveredId: number | null = null): FeedState => ({ status, since, lastSuccessAt: since, lastDeliveredId, maxEventId: null, error: null });
const SETTINGS = { feed: { bufferSize: 5_000, autoScrollResumeMs: 3_000, alarmMergeWindowMs: 60_000 }, alarms: { sound: false, muteMinutes: 5, escalateAfterMinutes: 0 }, search: { defaultTenants: [] } } as unknown as KioskSettings;
const ok = <T>(value: T) => ({ ok: true as const, value });
const ids = (entries: readonly { event: FeedEvent }[]) => [...entries].reverse().map((e) => e.event.record_ID);
const push = <P extends keyof PushEvents>(name: P, payload: PushEvents[P]) => api.emit(name, payload);

beforeEach(() => {
  api.listeners.clear();
  api.kiosk.getFeedSnapshot.mockReset();
  api.kiosk.getSettings.mockReset();
  api.kiosk.getSettings.mockResolvedValue(ok(SETTINGS));
  setActivePinia(createPinia());
  setFeedFrameScheduler((run) => run());
});

describe('FeedBuffer follows main’s epoch', () => {
  it('same epoch appends without duplicates; a new epoch takes reused ids above the old rows; an old epoch is stale', () => {
    const buffer = new FeedBuffer(1000);
    const first = [event(100), event(101), event(102)];
    buffer.merge(first, 0);
    expect(buffer.merge([first[2]!, event(103)], 0).duplicates).toBe(1);
    expect(ids(buffer.oldestFirst())).toEqual([103, 102, 101, 100]);

    const reused = event(101, 'a new event after the restore');
    const outcome = buffer.merge([first[0]!, reused], 1);
    expect(buffer.epoch).toBe(1);
    expect(outcome.added.map((e) => e.event.record_ID)).toEqual([101]);
    expect(outcome.duplicates).toBe(1); // #100 is the same record: a replay, shown once
    expect(ids(buffer.oldestFirst())).toEqual([101, 103, 102, 101, 100]);
    expect(buffer.merge([reused], 1).duplicates).toBe(1);

    const stale = buffer.merge([event(200)], 0);
    expect(stale.added).toEqual([]);
    expect(buffer.size).toBe(5);
  });
});

describe('feed store and main’s epoch', () => {
  it('a pushed batch of the next epoch is a resync: counted once, its events shown above the old ones', async () => {
    api.kiosk.getFeedSnapshot.mockResolvedValue(ok<FeedSnapshot>({ state: state('2026-11-21T10:00:00.000Z'), events: [event(50), event(51)], epoch: 0 }));
    const store = useFeedStore();
    await store.start();
    push('feedEvents', { events: [event(52)], epoch: 0 });
    push('feedEvents', { events: [event(51, 'after restore'), event(52, 'after restore')], epoch: 1 });
    push('feedEvents', { events: [event(53)], epoch: 1 });
    expect(ids(store.view.entries)).toEqual([53, 52, 51, 52, 51, 50]);
    expect(store.stats.resyncs).toBe(1);
  });

  it('does not start an epoch of its own when the delivered id goes down or a resync notice comes', async () => {
    api.kiosk.getFeedSnapshot.mockResolvedValue(ok<FeedSnapshot>({ state: state('2026-11-21T10:00:00.000Z', 'live', 60), events: [event(60)], epoch: 0 }));
    const store = useFeedStore();
    await store.start();
    push('feedState', state('2026-11-21T10:01:00.000Z', 'live', 10));
    push('feedNotice', { kind: 'resync', message: 'resynchronised', at: '2026-11-21T10:01:00.000Z' });
    push('feedEvents', { events: [event(60)], epoch: 0 });
    expect(ids(store.view.entries)).toEqual([60]);
    expect(store.stats.resyncs).toBe(0);
  });

  it('a snapshot read after a resync (renderer reload) follows its epoch; a state pushed while it was on its way is kept', async () => {
    let answer: (value: unknown) => void = () => undefined;
    api.kiosk.getFeedSnapshot.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    const store = useFeedStore();
    const started = store.start();
    await vi.waitFor(() => expect(api.kiosk.getFeedSnapshot).toHaveBeenCalled());
    push('feedState', state('2026-11-21T10:05:00.000Z', 'reconnecting'));
    push('feedEvents', { events: [event(7)], epoch: 2 });
    answer(ok<FeedSnapshot>({ state: state('2026-11-21T10:04:00.000Z', 'live'), events: [event(5), event(6), event(7)], epoch: 2 }));
    await started;
    expect(ids(store.view.entries)).toEqual([7, 6, 5]);
    expect(store.state.status).toBe('reconnecting');
  });

  it('reads its settings through the settings store: one request for the shell and the feed', async () => {
    api.kiosk.getFeedSnapshot.mockResolvedValue(ok<FeedSnapshot>({ state: state('2026-11-21T10:00:00.000Z'), events: [], epoch: 0 }));
    await useSettingsStore().load();
    const store = useFeedStore();
    await store.start();
    expect(api.kiosk.getSettings).toHaveBeenCalledTimes(1);
    expect(store.feedSettings.bufferSize).toBe(5_000);
    expect(store.settings).toBe(useSettingsStore().settings);
  });
});
