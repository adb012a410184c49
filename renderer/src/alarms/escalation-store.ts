/**
 * Escalation store: the clock alarms escalate by (it ticks every ESCALATION_TICK_MS while the
 * kiosk runs), the period from the settings, and the re-sounding: on each tick every
 * unacknowledged alarm that waited one more full period sounds again, at its raised priority
 * (one beep pattern per tick, at the highest priority among them; the mute applies). Alarms found
 * already waiting (loaded at start) are not sounded for the periods they waited before, and alarms
 * from before this shift are never raised (they wait in their own group).
 * Renders nothing; the feed rows and the status bar read `now` and `periodMs`.
 */
import { defineStore, acceptHMRUpdate } from 'pinia';
import { computed, readonly, ref } from 'vue';
import type { AlarmPriority } from '../../../electron/contract/ipc';
import { useFeedStore } from '../feed/feed-store';
import { useAlarmSoundStore } from './alarm-sound-store';
import { useOpenAlarmStore } from './open-alarms-store';
import { escalationOf } from './escalation';

export const ESCALATION_TICK_MS = 15_000;
const RANK: Record<AlarmPriority, number> = { critical: 0, high: 1, medium: 2, low: 3 };

export const useEscalationStore = defineStore('alarmEscalation', () => {
  const feed = useFeedStore();
  const open = useOpenAlarmStore();
  const sound = useAlarmSoundStore();
  const now = ref(Date.now());
  const periodMs = computed(() => Math.max(0, feed.alarmSettings.escalateAfterMinutes) * 60_000);
  /** Periods each waiting alarm had reached at the last tick, by record id. */
  let heard = new Map<number, number>();
  /** When the last tick ran (null before the first). */
  let lastTickAt: number | null = null;
  let timer: ReturnType<typeof setInterval> | null = null;

  /** Advances the clock; sounds the alarms that waited one more period since the last tick. */
  function tick(at: number = Date.now()): void {
    now.value = at;
    const period = periodMs.value;
    const next = new Map<number, number>();
    let top: AlarmPriority | null = null;
    for (const { alarm: held, time } of open.current) {
      const event = held.event;
      const alarm = event.alarm;
      if (!alarm) continue;
      const escalation = escalationOf(alarm.priority, time, at, period);
      // An alarm the last tick did not see (it arrived since) is compared with the periods it had
      // waited at that tick: one that crossed a period since then sounds (a clock that jumped, a
      // period shorter than a tick), one loaded long after it began waiting does not.
      const before = heard.get(event.record_ID) ?? (lastTickAt === null ? escalation.periods : escalationOf(alarm.priority, time, lastTickAt, period).periods);
      next.set(event.record_ID, escalation.periods);
      if (escalation.periods > before && (top === null || RANK[escalation.priority] < RANK[top])) top = escalation.priority;
    }
    heard = next;
    lastTickAt = at;
    if (top && sound.soundsAt(top)) sound.announcePriority(top);
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
    lastTickAt = null;
  }

  return { now: readonly(now), periodMs, tick, start, stop };
});

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useEscalationStore, import.meta.hot));
