/**
 * Open alarms store: how the unacknowledged alarms stand, as main keeps them in its database (so
 * an alarm never falls out of sight, whatever the event rate): the summary (counts by group and
 * priority, the oldest, what was set aside), mirrored from main (a snapshot, then its pushes), and
 * the alarms acknowledged since this page loaded — here or at another screen — so the feed's rows
 * say so at once. The alarms themselves are never all held here: the lists read pages from main
 * (`page`, use-alarm-pages.ts). Renders nothing; talks to main only through renderer/src/api.
 */
import { defineStore, acceptHMRUpdate } from 'pinia';
import { computed, markRaw, readonly, ref, shallowRef } from 'vue';
import { kiosk, type KioskError, type Result } from '../api/kiosk';
import { mirrorFromMain } from '../api/main-mirror';
import type { AlarmFilter, AlarmGroup, AlarmOrder, AlarmSummary, FeedEvent, OpenAlarmPage, OpenAlarmsChange } from '../../../electron/contract/ipc';

export const useOpenAlarmStore = defineStore('openAlarms', () => {
  const summary = shallowRef<AlarmSummary | null>(null);
  const error = ref<KioskError | null>(null);
  /** Alarm numbers acknowledged since this page loaded (the feed's rows are marked with them). */
  const settled = markRaw(new Set<number>());
  /** Bumped when `settled` grows (the set itself is not reactive). */
  const settledVersion = ref(0);
  let started: Promise<void> | null = null;

  function settle(alarmIds: readonly number[]): void {
    let grew = false;
    for (const id of alarmIds) {
      if (settled.has(id)) continue;
      settled.add(id);
      grew = true;
    }
    if (grew) settledVersion.value += 1;
  }

  const mirror = mirrorFromMain<AlarmSummary, OpenAlarmsChange>({
    subscribe: (listener) => kiosk.onOpenAlarms(listener),
    read: () => kiosk.getOpenAlarms(),
    onPush: (change) => {
      settle(change.acknowledged);
      if (!summary.value || change.summary.revision >= summary.value.revision) summary.value = change.summary;
    },
    onSnapshot: (snapshot) => {
      error.value = null;
      if (!summary.value || snapshot.revision >= summary.value.revision) summary.value = snapshot;
    },
    onError: (failure) => {
      error.value = failure;
    },
  });

  /** Subscribes, then reads the summary (idempotent). */
  function start(): Promise<void> {
    started ??= mirror.start();
    return started;
  }

  function stop(): void {
    mirror.stop();
    started = null;
  }

  /** Reads the summary again (after an acknowledgement, so the counts never lag the screen). */
  async function refresh(): Promise<void> {
    await mirror.read();
  }

  /** One page of a group of unacknowledged alarms, in an order, matching the filter when one is given. */
  function page(group: AlarmGroup, order: AlarmOrder, offset: number, limit: number, filter?: AlarmFilter): Promise<Result<OpenAlarmPage>> {
    return kiosk.listOpenAlarms(filter ? { group, order, offset, limit, filter } : { group, order, offset, limit });
  }

  const settledNow = (event: FeedEvent): boolean => {
    const alarm = event.alarm;
    if (!alarm) return false;
    if (alarm.state === 'acknowledged') return true;
    return alarm.id !== undefined && settled.has(alarm.id);
  };

  /** Whether an alarm event of the feed has been acknowledged (as it arrived, or since). */
  function isSettled(event: FeedEvent): boolean {
    void settledVersion.value;
    return settledNow(event);
  }

  /**
   * The same test as a value, for the feed's rows (one call per alarm of the buffer, thousands at
   * each update): Pinia wraps a store's functions as actions, which costs every call; a computed
   * is not wrapped. A new function each time `settled` grows, so what reads it is updated then.
   */
  const settledTest = computed<(event: FeedEvent) => boolean>(() => {
    void settledVersion.value;
    return (event) => settledNow(event);
  });

  const revision = computed(() => summary.value?.revision ?? 0);
  /** Every unacknowledged alarm: the status bar's count. */
  const count = computed(() => summary.value?.unacknowledged ?? 0);
  const oldestAt = computed<number | null>(() => (summary.value?.oldestAt ? Date.parse(summary.value.oldestAt) : null));
  const loaded = computed(() => summary.value !== null);

  return {
    summary,
    error: readonly(error),
    settledVersion: readonly(settledVersion),
    revision,
    count,
    oldestAt,
    loaded,
    start,
    stop,
    refresh,
    page,
    settle,
    isSettled,
    settledTest,
  };
});

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useOpenAlarmStore, import.meta.hot));
