/**
 * Escalation store: the clock the alarms' shown priority is computed with (it ticks every
 * ESCALATION_TICK_MS while the kiosk runs) and the period from the settings. The feed's rows and
 * the alarm list both show `shownPriority(...)` of this clock, so an alarm is shown with one word
 * everywhere; main raises the same priority in its list's order and sounds the alarms that waited
 * one more period (alarms/alarm-store.ts, alarm-announcer.ts). Renders nothing; no IPC.
 */
import { defineStore, acceptHMRUpdate } from 'pinia';
import { computed, readonly, ref } from 'vue';
import { useFeedStore } from './feed-store';

export const ESCALATION_TICK_MS = 15_000;

export const useEscalationStore = defineStore('alarmEscalation', () => {
  const feed = useFeedStore();
  const now = ref(Date.now());
  const periodMs = computed(() => Math.max(0, feed.alarmSettings.escalateAfterMinutes) * 60_000);
  let timer: ReturnType<typeof setInterval> | null = null;

  /** Advances the clock. */
  function tick(at: number = Date.now()): void {
    now.value = at;
  }

  /** Starts the clock (idempotent). */
  function start(): void {
    if (timer) return;
    tick();
    timer = setInterval(() => tick(), ESCALATION_TICK_MS);
  }

  function stop(): void {
    if (timer) clearInterval(timer);
    timer = null;
  }

  return { now: readonly(now), periodMs, tick, start, stop };
});

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useEscalationStore, import.meta.hot));
