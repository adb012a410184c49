/**
 * Open alarms store: every alarm nobody has acknowledged yet, as main keeps it apart from the
 * feed's rolling buffer (so an alarm never falls out of "Unacknowledged only", the count or
 * "oldest", whatever the event rate). A snapshot at start, then main's pushed changes, each with
 * the next revision (a gap asks for a new snapshot). Derives the priority-ordered alarm list, the
 * group "from before this shift", the count and the oldest; says when main's bound was reached.
 * Renders nothing; talks to main only through renderer/src/api.
 */
import { defineStore, acceptHMRUpdate } from 'pinia';
import { computed, markRaw, readonly, ref, shallowRef } from 'vue';
import { kiosk, type KioskError } from '../api/kiosk';
import type { AlarmPriority, MainText, OpenAlarm, OpenAlarmsChange, OpenAlarmsOverflow } from '../../../electron/contract/ipc';
import type { BufferedEvent } from '../feed/feed-buffer';

const RANK: Record<AlarmPriority, number> = { critical: 0, high: 1, medium: 2, low: 3 };

export interface ListedAlarm {
  alarm: OpenAlarm;
  /** `created` in ms (NaN when unparseable). */
  time: number;
  /** As a feed entry, so the feed's rows and the acknowledgement dialog take it as they are. */
  entry: BufferedEvent;
}

/** Priority first (critical on top), then age (the one waiting longest first), then id. */
export function byPriorityThenAge(a: ListedAlarm, b: ListedAlarm): number {
  const pa = a.alarm.event.alarm?.priority ?? 'low';
  const pb = b.alarm.event.alarm?.priority ?? 'low';
  return RANK[pa] - RANK[pb] || (a.time || 0) - (b.time || 0) || a.alarm.event.record_ID - b.alarm.event.record_ID;
}

const listed = (alarm: OpenAlarm): ListedAlarm => {
  const time = Date.parse(String(alarm.event.created));
  return markRaw({ alarm, time, entry: markRaw({ event: alarm.event, epoch: 0, seq: 0, time, key: `open:${alarm.event.record_ID}` }) });
};

export const useOpenAlarmStore = defineStore('openAlarms', () => {
  const byId = markRaw(new Map<number, ListedAlarm>());
  /** Bumped with every change of `byId` (the map itself is not reactive: thousands of alarms). */
  const version = ref(0);
  const bound = ref<number | null>(null);
  const shiftStartedAt = ref<string | null>(null);
  const overflow = shallowRef<OpenAlarmsOverflow | null>(null);
  /** Why the saved list could not be read (a key + parameters the list words), null when it could. */
  const loadProblem = ref<MainText | null>(null);
  const error = ref<KioskError | null>(null);
  const loaded = ref(false);
  let revision = -1;
  let loading: Promise<void> | null = null;
  let pending: OpenAlarmsChange[] = [];
  let unsubscribe: (() => void) | null = null;

  function applyChange(change: OpenAlarmsChange): void {
    for (const id of change.removed) byId.delete(id);
    for (const alarm of change.added) byId.set(alarm.event.record_ID, listed(alarm));
    overflow.value = change.overflow;
    revision = change.revision;
  }

  function onChange(change: OpenAlarmsChange): void {
    if (loading) {
      pending.push(change);
      return;
    }
    if (change.revision <= revision) return;
    if (change.revision !== revision + 1) {
      void load(); // a change was missed: start again from a snapshot
      return;
    }
    applyChange(change);
    version.value += 1;
  }

  function load(): Promise<void> {
    loading ??= (async () => {
      try {
        const result = await kiosk.getOpenAlarms();
        if (!result.ok) {
          error.value = result.error;
          return;
        }
        error.value = null;
        const snapshot = result.value;
        byId.clear();
        for (const alarm of snapshot.alarms) byId.set(alarm.event.record_ID, listed(alarm));
        revision = snapshot.revision;
        bound.value = snapshot.bound;
        shiftStartedAt.value = snapshot.shiftStartedAt;
        overflow.value = snapshot.overflow;
        loadProblem.value = snapshot.loadProblemText ?? (snapshot.loadProblem === null ? null : { message: snapshot.loadProblem });
        const queued = pending.filter((c) => c.revision > revision).sort((a, b) => a.revision - b.revision);
        pending = [];
        for (const change of queued) if (change.revision === revision + 1) applyChange(change);
        loaded.value = true;
        version.value += 1;
      } finally {
        loading = null;
      }
    })();
    return loading;
  }

  /**
   * Subscribes, then loads (idempotent). A push stream may open only after the first snapshot was
   * read (the browser harness's event stream connects asynchronously), and a change in between
   * would be missed with no later gap to reveal it: the first feed state heard proves the stream
   * is open, and the snapshot is read once more after it.
   */
  function start(): Promise<void> {
    if (!unsubscribe) {
      const offChanges = kiosk.onOpenAlarms((change) => onChange(change));
      let offState: (() => void) | null = null;
      offState = kiosk.onFeedState(() => {
        offState?.();
        offState = null;
        void (loading ?? Promise.resolve()).then(() => load());
      });
      unsubscribe = () => {
        offChanges();
        offState?.();
      };
    }
    return loaded.value ? Promise.resolve() : load();
  }

  function stop(): void {
    unsubscribe?.();
    unsubscribe = null;
  }

  /** Every open alarm, record_ID order. */
  const all = computed<ListedAlarm[]>(() => {
    void version.value;
    return [...byId.values()].sort((a, b) => a.alarm.event.record_ID - b.alarm.event.record_ID);
  });
  /** As feed entries, oldest first ("Unacknowledged only" builds its rows from these). */
  const entries = computed<BufferedEvent[]>(() => all.value.map((a) => a.entry));
  /** Alarms of this shift, ordered by priority then age. */
  const current = computed<ListedAlarm[]>(() => all.value.filter((a) => !a.alarm.preShift).sort(byPriorityThenAge));
  /** Alarms from before this shift (one group), oldest first. */
  const preShift = computed<ListedAlarm[]>(() => all.value.filter((a) => a.alarm.preShift).sort((a, b) => (a.time || 0) - (b.time || 0)));
  const preShiftIds = computed<ReadonlySet<number>>(() => new Set(preShift.value.map((a) => a.alarm.event.record_ID)));
  const openIds = computed<ReadonlySet<number>>(() => {
    void version.value;
    return new Set(byId.keys());
  });
  const count = computed(() => all.value.length);
  const oldestAt = computed<number | null>(() => {
    let oldest: number | null = null;
    for (const a of all.value) if (Number.isFinite(a.time) && (oldest === null || a.time < oldest)) oldest = a.time;
    return oldest;
  });

  function get(recordId: number): OpenAlarm | null {
    return byId.get(recordId)?.alarm ?? null;
  }

  return {
    version: readonly(version),
    bound: readonly(bound),
    shiftStartedAt: readonly(shiftStartedAt),
    overflow,
    loadProblem: readonly(loadProblem),
    error: readonly(error),
    loaded: readonly(loaded),
    all,
    entries,
    current,
    preShift,
    preShiftIds,
    openIds,
    count,
    oldestAt,
    get,
    start,
    stop,
    load,
  };
});

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useOpenAlarmStore, import.meta.hot));
