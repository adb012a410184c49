/**
 * Outage alarm store: losing the service is an alarm on the guard screen. When the feed's
 * connection state (pushed by main) leaves "live" for "reconnecting" or "offline" — or never
 * reaches "live" — the outage is raised: a banner across the feed, rows greyed as not live, and
 * its own sound that repeats every OUTAGE_REPEAT_MS until the guard acknowledges it (the mute does
 * not silence it; it stops when the service is back). The outage's start time is the state's
 * `since`, as main reports it. It starts with the live feed screen (OutageBanner), so a front desk
 * that never opens it is not asked to acknowledge outages; once started it keeps watching
 * whichever screen is shown. Renders nothing.
 */
import { defineStore, acceptHMRUpdate } from 'pinia';
import { computed, readonly, ref, watch } from 'vue';
import type { FeedStatus } from '../../../electron/contract/ipc';
import { useFeedStore } from '../feed/feed-store';
import { useAlarmSoundStore } from './alarm-sound-store';

/** Between two sounds of an unacknowledged outage. */
export const OUTAGE_REPEAT_MS = 5_000;

const LOST: ReadonlySet<FeedStatus> = new Set(['reconnecting', 'offline']);

export interface Outage {
  /** When main says the service was lost (the state's `since` when it was raised). */
  since: string;
  /** When the service answered again; null while it is lost. */
  endedAt: string | null;
  acknowledgedAt: string | null;
}

export const useOutageAlarmStore = defineStore('outageAlarm', () => {
  const feed = useFeedStore();
  const sound = useAlarmSoundStore();
  const outage = ref<Outage | null>(null);
  let timer: ReturnType<typeof setInterval> | null = null;
  let started = false;

  const lost = computed(() => LOST.has(feed.state.status));
  /** The banner's start time: what the state carries while lost, the raised one after. */
  const since = computed(() => (lost.value ? feed.state.since : (outage.value?.since ?? null)));
  const sounding = computed(() => outage.value !== null && outage.value.acknowledgedAt === null && outage.value.endedAt === null);

  function stopTimer(): void {
    if (timer) clearInterval(timer);
    timer = null;
  }
  function startTimer(): void {
    stopTimer();
    sound.announceOutage();
    timer = setInterval(() => {
      if (sounding.value) sound.announceOutage();
      else stopTimer();
    }, OUTAGE_REPEAT_MS);
  }

  function onStatus(status: FeedStatus): void {
    if (LOST.has(status)) {
      if (outage.value === null || outage.value.endedAt !== null) {
        outage.value = { since: feed.state.since, endedAt: null, acknowledgedAt: null };
        startTimer();
      }
    } else if (status === 'live' && outage.value && outage.value.endedAt === null) {
      outage.value = { ...outage.value, endedAt: new Date().toISOString() };
      stopTimer();
    }
  }

  /** Watches the feed's connection state (idempotent). */
  function start(): void {
    if (started) return;
    started = true;
    watch(
      () => feed.state.status,
      (status) => onStatus(status),
      { immediate: true },
    );
  }

  /** The guard saw it: the sound stops; a banner stays while the service is lost. */
  function acknowledge(): void {
    if (!outage.value) return;
    stopTimer();
    if (outage.value.endedAt !== null) outage.value = null;
    else outage.value = { ...outage.value, acknowledgedAt: new Date().toISOString() };
  }

  return { outage: readonly(outage), lost, since, sounding, start, acknowledge };
});

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useOutageAlarmStore, import.meta.hot));
