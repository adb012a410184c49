/**
 * Feed store: the live stream of system events and alarms as the guard station holds it.
 * Owns the bounded, deduplicated buffer (FeedBuffer), the connection state pushed by main,
 * notices for the guard and the live filter; the kiosk settings are the settings store's. Talks
 * to main only through renderer/src/api (the snapshot and the pushes through main-mirror.ts);
 * renders nothing. Resyncs are main's: the buffer follows the epoch on each push and snapshot.
 *
 * Start-up order: subscribe to the pushes first (nothing delivered meanwhile is lost), then
 * settings, then the snapshot; the buffer's dedupe absorbs the overlap. The 20,000 rows are not
 * made reactive: the buffer is raw and `view` is replaced (a new object, same array) at most once
 * per animation frame after a change, which is what the views depend on.
 *
 * Before a sign-in (the site requires one, nobody is on shift) main refuses the snapshot: its events
 * show personal data. The status bar's state then comes with main's next push, and the snapshot is
 * read as soon as someone is on shift, without an error or a timed retry meanwhile.
 */
import { defineStore, acceptHMRUpdate } from 'pinia';
import { computed, markRaw, reactive, readonly, ref, shallowRef, watch } from 'vue';
import { kiosk, type KioskError } from '../api/kiosk';
import { mirrorFromMain } from '../api/main-mirror';
import type { FeedEvent, FeedNotice, FeedProgress, FeedSnapshot, FeedState, KioskSettings, PushEvents } from '../../../electron/contract/ipc';
import { useSettingsStore } from '../shell/settings-store';
import { DEFAULT_BUFFER_SIZE, FeedBuffer, type BufferedEvent } from './feed-buffer';
import { EMPTY_FILTER, type FeedFilter } from './feed-rows';
import { DEFAULT_AUTO_SCROLL_RESUME_MS } from './auto-scroll';
import { DEFAULT_MUTE_MINUTES, useAlarmSoundStore } from './alarm-sound-store';
import { useOpenAlarmStore } from './open-alarms-store';
import { useOperatorStore } from '../operators/operator-store';
import { needsShiftToRead } from '../operators/shift-refusal';

export const DEFAULT_SETTINGS: Pick<KioskSettings, 'feed' | 'alarms' | 'search'> = {
  feed: { bufferSize: DEFAULT_BUFFER_SIZE, autoScrollResumeMs: DEFAULT_AUTO_SCROLL_RESUME_MS, alarmMergeWindowMs: 60_000 },
  alarms: { sound: true, muteMinutes: DEFAULT_MUTE_MINUTES, escalateAfterMinutes: 0 },
  search: { defaultTenants: [] },
};
/** Retry the snapshot this long after a failure (the pushes keep flowing meanwhile). */
export const SNAPSHOT_RETRY_MS = 5_000;
/** Notices kept on screen at most (oldest dropped). */
export const MAX_NOTICES = 5;

export interface FeedNoticeItem {
  id: number;
  kind: PushEvents['feedNotice']['kind'];
  /** English; the notice list words `key` + `params` in the language shown. */
  message: string;
  key?: PushEvents['feedNotice']['key'];
  params?: PushEvents['feedNotice']['params'];
  at: string;
}

/** What the views read: replaced (never mutated) when the buffer changed. */
export interface FeedView {
  readonly revision: number;
  /** The buffer, oldest first (the live array: read it, never change it). */
  readonly entries: readonly BufferedEvent[];
  /** seq of the newest accepted event. */
  readonly lastSeq: number;
}

export interface FeedStats {
  received: number;
  added: number;
  duplicates: number;
  rejected: number;
  evicted: number;
  resyncs: number;
}

type FrameScheduler = (run: () => void) => void;
const defaultScheduler: FrameScheduler = (run) => {
  if (typeof requestAnimationFrame === 'function' && typeof document !== 'undefined' && document.visibilityState !== 'hidden') {
    // A hidden window gets no frames: a timer makes sure the view still catches up.
    let done = false;
    const once = (): void => {
      if (done) return;
      done = true;
      run();
    };
    requestAnimationFrame(once);
    setTimeout(once, 250);
  } else {
    setTimeout(run, 16);
  }
};
let frameScheduler: FrameScheduler = defaultScheduler;
/** Tests run flushes synchronously or by hand. */
export function setFeedFrameScheduler(scheduler: FrameScheduler | null): void {
  frameScheduler = scheduler ?? defaultScheduler;
}

const initialState = (): FeedState => ({
  status: 'connecting',
  since: new Date().toISOString(),
  lastSuccessAt: null,
  lastDeliveredId: null,
  maxEventId: null,
  error: null,
});

export const useFeedStore = defineStore('eventFeed', () => {
  const sound = useAlarmSoundStore();
  const openAlarms = useOpenAlarmStore();
  const kioskSettings = useSettingsStore();
  const operators = useOperatorStore();
  const buffer = markRaw(new FeedBuffer(DEFAULT_BUFFER_SIZE));
  const view = shallowRef<FeedView>(markRaw({ revision: 0, entries: buffer.oldestFirst(), lastSeq: 0 }));
  const state = ref<FeedState>(initialState());
  const settings = computed<KioskSettings | null>(() => kioskSettings.settings);
  const settingsError = computed<KioskError | null>(() => kioskSettings.error);
  const snapshotLoaded = ref(false);
  const snapshotLoading = ref(false);
  const snapshotError = ref<KioskError | null>(null);
  const notices = ref<FeedNoticeItem[]>([]);
  /** The catch-up under way and the events set aside (main's). */
  const progress = shallowRef<FeedProgress>({ catchUp: null, setAside: { count: 0, lastId: null, lastReason: null, lastAt: null } });
  const filter = reactive<FeedFilter>({ ...EMPTY_FILTER });
  const stats = reactive<FeedStats>({ received: 0, added: 0, duplicates: 0, rejected: 0, evicted: 0, resyncs: 0 });

  let started: Promise<void> | null = null;
  let unsubscribers: (() => void)[] = [];
  let stopSettings: (() => void) | null = null;
  let flushQueued = false;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let noticeIds = 0;
  let snapshotLoadedOnce = false;
  /** The snapshot was refused for want of a shift: read it when someone signs in. */
  let waitingForShift = false;

  const feedSettings = computed(() => ({ ...DEFAULT_SETTINGS.feed, ...settings.value?.feed }));
  const alarmSettings = computed(() => ({ ...DEFAULT_SETTINGS.alarms, ...settings.value?.alarms }));
  const defaultTenants = computed(() => settings.value?.search.defaultTenants ?? []);
  const bufferedCount = computed(() => view.value.entries.length);

  function publish(): void {
    flushQueued = false;
    view.value = markRaw({ revision: view.value.revision + 1, entries: buffer.oldestFirst(), lastSeq: buffer.lastSeq });
  }
  function scheduleFlush(): void {
    if (flushQueued) return;
    flushQueued = true;
    frameScheduler(() => {
      if (flushQueued) publish();
    });
  }
  /** Publishes pending changes now (tests, and before reading the view synchronously). */
  function flushNow(): void {
    if (flushQueued) publish();
  }

  function ingest(events: readonly FeedEvent[], live: boolean, epoch?: number): void {
    // Main's resync (a higher epoch) starts a new id space in the buffer, even before any event of it.
    if (buffer.follow(epoch)) stats.resyncs += 1;
    if (!Array.isArray(events) || events.length === 0) return;
    const outcome = buffer.merge(events, epoch);
    stats.received += events.length;
    stats.added += outcome.added.length;
    stats.duplicates += outcome.duplicates;
    stats.rejected += outcome.rejected;
    stats.evicted += outcome.evicted;
    if (outcome.added.length === 0 && outcome.evicted === 0) return;
    scheduleFlush();
    // The alarm tone is main's decision (its `alarmSignal`): nothing to sound here.
    void live;
  }

  /** A notice from main; one already shown (a reload reads the last ones again) is not shown twice. */
  function onNotice(notice: FeedNotice): void {
    if (notices.value.some((n) => n.at === notice.at && n.key === notice.key && n.message === notice.message) || dismissed.has(`${notice.at}|${notice.key ?? notice.message}`)) return;
    const item: FeedNoticeItem = { id: ++noticeIds, ...notice };
    notices.value = [...notices.value, item].slice(-MAX_NOTICES);
  }

  /** Notices the guard dismissed (a reload does not bring them back). */
  const dismissed = new Set<string>();
  function dismissNotice(id: number): void {
    const notice = notices.value.find((n) => n.id === id);
    if (notice) dismissed.add(`${notice.at}|${notice.key ?? notice.message}`);
    notices.value = notices.value.filter((n) => n.id !== id);
  }

  /** The feed's part of the kiosk settings: the buffer's bound and the alarm sound. */
  function applySettings(): void {
    const evicted = buffer.resize(feedSettings.value.bufferSize);
    if (evicted > 0) {
      stats.evicted += evicted;
      scheduleFlush();
    }
    sound.configure(alarmSettings.value);
  }

  async function loadSettings(): Promise<void> {
    await kioskSettings.load();
    applySettings();
  }

  /** The connection state is mirrored from main; the snapshot's events join the buffer. */
  const mirror = mirrorFromMain<FeedSnapshot, FeedState>({
    subscribe: (listener) => kiosk.onFeedState(listener),
    read: () => kiosk.getFeedSnapshot(),
    onPush: (next) => {
      state.value = next;
    },
    onSnapshot: (snapshot, pushedMeanwhile) => {
      snapshotError.value = null;
      snapshotLoaded.value = true;
      // The ring again: its alarms' states are main's now (acknowledged at another screen since).
      if (snapshotLoadedOnce) buffer.refreshStates(snapshot.events);
      snapshotLoadedOnce = true;
      ingest(snapshot.events, false, snapshot.epoch);
      if (snapshot.progress) progress.value = snapshot.progress;
      for (const notice of snapshot.notices ?? []) onNotice(notice);
      // A state pushed while the snapshot was on its way is newer, unless the snapshot's began later.
      if (!pushedMeanwhile || snapshot.state.since > state.value.since) state.value = snapshot.state;
    },
    onError: (error) => {
      if (needsShiftToRead(error)) {
        waitingForShift = true;
        return;
      }
      snapshotError.value = error;
      if (started) retryTimer = setTimeout(() => void loadSnapshot(), SNAPSHOT_RETRY_MS);
    },
  });

  async function loadSnapshot(): Promise<void> {
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = null;
    snapshotLoading.value = true;
    try {
      await mirror.read();
    } finally {
      snapshotLoading.value = false;
    }
  }

  /** Starts the feed once (idempotent); later calls return the same promise. */
  function start(): Promise<void> {
    if (started) return started;
    unsubscribers = [
      kiosk.onFeedEvents((payload) => ingest(payload?.events ?? [], true, payload?.epoch)),
      kiosk.onFeedNotice((payload) => onNotice(payload)),
      kiosk.onFeedProgress((payload) => {
        progress.value = payload;
      }),
      // So many alarms acknowledged at once (a whole group) that main did not list them: the ring's states are read again.
      kiosk.onOpenAlarms((change) => {
        if (change.moreAcknowledged > 0) void loadSnapshot();
      }),
    ];
    void openAlarms.start();
    mirror.subscribe();
    const stopWatchingSettings = watch(() => kioskSettings.settings, applySettings);
    const stopWatchingShift = watch(
      () => operators.needsSignIn,
      (needs) => {
        if (needs || !waitingForShift) return;
        waitingForShift = false;
        void loadSnapshot();
      },
    );
    stopSettings = () => {
      stopWatchingSettings();
      stopWatchingShift();
    };
    sound.configure(alarmSettings.value);
    started = (async () => {
      await loadSettings();
      await loadSnapshot();
    })();
    return started;
  }

  function stop(): void {
    for (const unsubscribe of unsubscribers) unsubscribe();
    unsubscribers = [];
    mirror.stop();
    stopSettings?.();
    stopSettings = null;
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = null;
    started = null;
  }

  function setFilter(patch: Partial<FeedFilter>): void {
    Object.assign(filter, patch);
  }
  function clearFilter(): void {
    Object.assign(filter, EMPTY_FILTER);
  }

  /** The buffered copy of an event (current id space), for opening details from elsewhere. */
  function eventById(recordId: number): FeedEvent | null {
    return buffer.byId(recordId)?.event ?? null;
  }

  return {
    view,
    state: readonly(state),
    settings,
    settingsError: readonly(settingsError),
    snapshotLoaded: readonly(snapshotLoaded),
    snapshotLoading: readonly(snapshotLoading),
    snapshotError: readonly(snapshotError),
    notices: readonly(notices),
    progress,
    filter,
    stats: readonly(stats),
    feedSettings,
    alarmSettings,
    defaultTenants,
    bufferedCount,
    start,
    stop,
    flushNow,
    retrySnapshot: loadSnapshot,
    dismissNotice,
    setFilter,
    clearFilter,
    eventById,
  };
});

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useFeedStore, import.meta.hot));
