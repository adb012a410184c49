/**
 * Alarm sound store: whether new alarms beep, and the guard's temporary mute, which switches
 * itself back on after `muteMinutes` (the remaining time is shown). Plays through the WebAudio
 * beeper; bursts of alarms give one beep pattern, at the highest priority among them.
 * The feed store calls `announce` with alarms as they arrive live (never for the snapshot); the
 * escalation store calls `announcePriority` for alarms that waited too long.
 */
import { defineStore, acceptHMRUpdate } from 'pinia';
import { computed, readonly, ref } from 'vue';
import type { AlarmPriority, FeedEvent } from '../../../electron/contract/ipc';
import { createAlarmBeeper, type AlarmBeeper } from './alarm-sound';

export const DEFAULT_MUTE_MINUTES = 15;
/** A new beep pattern at most this often, whatever the alarm rate. */
export const BEEP_MIN_INTERVAL_MS = 2_000;
const RANK: Record<AlarmPriority, number> = { critical: 0, high: 1, medium: 2, low: 3 };

let beeperFactory: () => AlarmBeeper = () => createAlarmBeeper();
/** Tests replace the beeper. */
export function setAlarmBeeperFactory(factory: () => AlarmBeeper): void {
  beeperFactory = factory;
}

export const useAlarmSoundStore = defineStore('alarmSound', () => {
  const soundEnabled = ref(false);
  const muteMinutes = ref(DEFAULT_MUTE_MINUTES);
  const mutedUntil = ref<number | null>(null);
  const now = ref(Date.now());
  let ticker: ReturnType<typeof setInterval> | null = null;
  let unmuteTimer: ReturnType<typeof setTimeout> | null = null;
  let beeper: AlarmBeeper | null = null;
  let lastBeepAt = Number.NEGATIVE_INFINITY;

  const muted = computed(() => mutedUntil.value !== null && mutedUntil.value > now.value);
  const remainingMs = computed(() => (mutedUntil.value === null ? 0 : Math.max(0, mutedUntil.value - now.value)));

  function configure(options: { sound: boolean; muteMinutes: number }): void {
    soundEnabled.value = options.sound;
    if (options.sound) beeper ??= beeperFactory();
    if (Number.isFinite(options.muteMinutes) && options.muteMinutes > 0) muteMinutes.value = options.muteMinutes;
  }

  function clearTimers(): void {
    if (ticker) clearInterval(ticker);
    if (unmuteTimer) clearTimeout(unmuteTimer);
    ticker = null;
    unmuteTimer = null;
  }

  function mute(): void {
    clearTimers();
    now.value = Date.now();
    mutedUntil.value = now.value + muteMinutes.value * 60_000;
    ticker = setInterval(() => {
      now.value = Date.now();
    }, 1_000);
    unmuteTimer = setTimeout(unmute, muteMinutes.value * 60_000);
  }

  function unmute(): void {
    clearTimers();
    mutedUntil.value = null;
    now.value = Date.now();
  }

  function announce(alarms: readonly FeedEvent[]): void {
    let top: AlarmPriority | null = null;
    for (const a of alarms) {
      const p = a.alarm?.priority;
      if (p && (top === null || RANK[p] < RANK[top])) top = p;
    }
    if (top) announcePriority(top);
  }

  /** One beep pattern at this priority (new alarms, or alarms escalated while waiting), unless muted or just beeped. */
  function announcePriority(priority: AlarmPriority): void {
    if (!soundEnabled.value) return;
    const at = Date.now();
    if (mutedUntil.value !== null && mutedUntil.value > at) return;
    if (at - lastBeepAt < BEEP_MIN_INTERVAL_MS) return;
    lastBeepAt = at;
    beeper ??= beeperFactory();
    beeper.beep(priority);
  }

  function dispose(): void {
    clearTimers();
    beeper?.dispose();
    beeper = null;
  }

  return {
    soundEnabled: readonly(soundEnabled),
    muteMinutes: readonly(muteMinutes),
    mutedUntil: readonly(mutedUntil),
    muted,
    remainingMs,
    configure,
    mute,
    unmute,
    announce,
    announcePriority,
    dispose,
  };
});

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useAlarmSoundStore, import.meta.hot));
