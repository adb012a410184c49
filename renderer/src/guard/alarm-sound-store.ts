/**
 * Alarm sound store: plays the tones main decides (`alarmSignal`: a new burst of alarms, then at
 * most once per alarms.soundIntervalSeconds with the count of those that came; alarms that waited
 * one more period; what a catch-up found — core/alarms/alarm-announcer.ts), keeps the last one for
 * the screen ("12 new alarms since 22:14:05"), and holds the guard's temporary mute, which switches
 * itself back on after `muteMinutes` (the remaining time is shown). Tones sound at this kiosk only
 * where main says they do (a guard station, or the live feed was opened: `enable`). The outage
 * alarm calls `announceOutage` (its own tone, not muted: it stops when acknowledged).
 * Plays through the WebAudio beeper; talks to main only through renderer/src/api.
 */
import { defineStore, acceptHMRUpdate } from 'pinia';
import { computed, readonly, ref, shallowRef } from 'vue';
import type { AlarmPriority, AlarmRuleView, AlarmSignal, FeedEvent } from '../../../electron/contract/ipc';
import { kiosk } from '../api/kiosk';
import { createAlarmBeeper, type AlarmBeeper } from './alarm-sound';

export const DEFAULT_MUTE_MINUTES = 15;
/** Priorities that sound when the settings do not say (main's default too). */
export const DEFAULT_SOUND_FOR: readonly AlarmPriority[] = ['critical', 'high'];
/** How long the last tone's count stays on screen. */
export const SIGNAL_SHOWN_MS = 60_000;

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
  /** The last tone main asked for (shown with its count), and whether tones sound here at all. */
  const lastSignal = shallowRef<AlarmSignal | null>(null);
  const tonesHere = ref(false);
  let unsubscribe: (() => void) | null = null;
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

  /** Listens to main's tones (idempotent). */
  function start(): void {
    unsubscribe ??= kiosk.onAlarmSignal((signal) => play(signal));
  }

  /** Main says whether tones sound at this kiosk (a guard station, or the live feed was opened). */
  function enable(on: boolean): void {
    tonesHere.value = on;
  }

  /** A tone main decided: played unless muted or not sounding here; kept for the screen either way. */
  function play(signal: AlarmSignal): void {
    if (!tonesHere.value) return;
    lastSignal.value = signal;
    announcePriority(signal.priority);
  }

  /** The service is lost and nobody acknowledged it yet: its own tone, whatever the mute. */
  function announceOutage(): void {
    if (!soundEnabled.value) return;
    beeper ??= beeperFactory();
    beeper.beep('outage');
  }

  /** One beep pattern at this priority, unless muted (main already spaced the tones out). */
  function announcePriority(priority: AlarmPriority): void {
    if (!soundEnabled.value) return;
    const at = Date.now();
    if (mutedUntil.value !== null && mutedUntil.value > at) return;
    beeper ??= beeperFactory();
    beeper.beep(priority);
  }

  function dispose(): void {
    clearTimers();
    unsubscribe?.();
    unsubscribe = null;
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
    lastSignal: readonly(lastSignal),
    tonesHere: readonly(tonesHere),
    mute,
    unmute,
    start,
    enable,
    play,
    announcePriority,
    announceOutage,
    sounds,
    soundsAt,
    dispose,
  };
});

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useAlarmSoundStore, import.meta.hot));
