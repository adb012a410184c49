/**
 * Alarm sound store: whether new alarms beep, and the guard's temporary mute, which switches
 * itself back on after `muteMinutes` (the remaining time is shown). Plays through the WebAudio
 * beeper; bursts of alarms give one beep pattern, at the highest priority among them.
 * Which alarms sound is the rules' choice (settings.alarms.rules[].sound), else the priority's
 * (settings.alarms.soundFor: by default critical and high — a plain "Denied" is listed, silent).
 * The feed store calls `announce` with alarms as they arrive live (never for the snapshot); the
 * escalation store calls `announcePriority` for alarms that waited too long; the outage alarm
 * calls `announceOutage` (its own tone, not muted: it stops when acknowledged).
 */
import { defineStore, acceptHMRUpdate } from 'pinia';
import { computed, readonly, ref } from 'vue';
import type { AlarmPriority, AlarmRuleView, FeedEvent } from '../../../electron/contract/ipc';
import { createAlarmBeeper, type AlarmBeeper } from './alarm-sound';

export const DEFAULT_MUTE_MINUTES = 15;
/** Priorities that sound when the settings do not say (main's default too). */
export const DEFAULT_SOUND_FOR: readonly AlarmPriority[] = ['critical', 'high'];
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
  let soundFor: ReadonlySet<AlarmPriority> = new Set(DEFAULT_SOUND_FOR);
  let ruleSound = new Map<string, boolean>();

  const muted = computed(() => mutedUntil.value !== null && mutedUntil.value > now.value);
  const remainingMs = computed(() => (mutedUntil.value === null ? 0 : Math.max(0, mutedUntil.value - now.value)));

  function configure(options: { sound: boolean; muteMinutes: number; soundFor?: AlarmPriority[]; rules?: AlarmRuleView[] }): void {
    soundEnabled.value = options.sound;
    if (options.soundFor) soundFor = new Set(options.soundFor);
    if (options.rules) ruleSound = new Map(options.rules.map((rule) => [rule.id, rule.sound]));
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

  /** Whether an alarm of this priority sounds when its rule does not say. */
  function soundsAt(priority: AlarmPriority): boolean {
    return soundFor.has(priority);
  }

  /** Whether this alarm sounds: its rule's choice, else its priority's. */
  function sounds(event: FeedEvent): boolean {
    if (!event.alarm) return false;
    return ruleSound.get(event.alarm.rule) ?? soundFor.has(event.alarm.priority);
  }

  function announce(alarms: readonly FeedEvent[]): void {
    let top: AlarmPriority | null = null;
    for (const a of alarms) {
      const p = a.alarm?.priority;
      if (p && sounds(a) && (top === null || RANK[p] < RANK[top])) top = p;
    }
    if (top) announcePriority(top);
  }

  /** The service is lost and nobody acknowledged it yet: its own tone, whatever the mute. */
  function announceOutage(): void {
    if (!soundEnabled.value) return;
    beeper ??= beeperFactory();
    beeper.beep('outage');
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
    announceOutage,
    sounds,
    soundsAt,
    dispose,
  };
});

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useAlarmSoundStore, import.meta.hot));
