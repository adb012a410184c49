/**
 * Outage alarm store: losing the service is an alarm, main's (core/status/outage-alarm.ts) — raised
 * a configured time after the service stopped answering, with its true start, and kept whatever
 * screen is shown or whoever is on shift. This store mirrors main's state (a snapshot, then its
 * pushes) from the kiosk's start (App.vue), plays the outage's own tone every OUTAGE_REPEAT_MS
 * while it is raised, not acknowledged and not over (where tones sound at this kiosk; the mute
 * does not silence it), and asks main to acknowledge it. Renders nothing; IPC through renderer/src/api.
 */
import { defineStore, acceptHMRUpdate } from 'pinia';
import { computed, readonly, ref, shallowRef, watch } from 'vue';
import { kiosk, type KioskError } from '../api/kiosk';
import { mirrorState } from '../api/main-mirror';
import type { OutageAlarmState } from '../../../electron/contract/ipc';
import { useAlarmSoundStore } from './alarm-sound-store';

/** Between two sounds of an unacknowledged outage. */
export const OUTAGE_REPEAT_MS = 5_000;

export const useOutageAlarmStore = defineStore('outageAlarm', () => {
  const sound = useAlarmSoundStore();
  const state = shallowRef<OutageAlarmState>({ current: null, sounds: false, afterSeconds: 10 });
  const error = ref<KioskError | null>(null);
  const acknowledging = ref(false);
  let timer: ReturnType<typeof setInterval> | null = null;
  let started: Promise<void> | null = null;

  const outage = computed(() => state.value.current);
  /** The service is lost now (the alarm raised and not over). */
  const lost = computed(() => outage.value !== null && outage.value.endedAt === null);
  const sounding = computed(() => state.value.sounds && outage.value !== null && outage.value.acknowledgedAt === null && outage.value.endedAt === null);

  function stopTimer(): void {
    if (timer) clearInterval(timer);
    timer = null;
  }

  const mirror = mirrorState<OutageAlarmState>(
    (listener) => kiosk.onOutageAlarm(listener),
    () => kiosk.getOutageAlarm(),
    (next) => {
      state.value = next;
    },
    (failure) => {
      error.value = failure;
    },
  );

  // Whether tones sound here is main's word (a guard station, or the live feed was opened).
  watch(
    () => state.value.sounds,
    (on) => sound.enable(on),
    { immediate: true },
  );
  // The tone follows main's state, not a component's life (an unmounted screen must not silence it).
  watch(sounding, (now) => {
    if (now && !timer) {
      sound.announceOutage();
      timer = setInterval(() => {
        if (sounding.value) sound.announceOutage();
        else stopTimer();
      }, OUTAGE_REPEAT_MS);
    } else if (!now) stopTimer();
  });

  /** Mirrors main's outage alarm from now on (idempotent). */
  function start(): Promise<void> {
    started ??= mirror.start();
    return started;
  }

  /** The live feed screen is open: tones sound at this kiosk from now on (main remembers it). */
  async function guardScreenOpened(): Promise<void> {
    const result = await kiosk.openedGuardScreen();
    if (result.ok) state.value = result.value;
  }

  /** The guard saw it: main records who and when; the tone stops; the banner stays while the service is lost. */
  async function acknowledge(): Promise<void> {
    const current = outage.value;
    if (!current || acknowledging.value) return;
    acknowledging.value = true;
    try {
      const result = await kiosk.acknowledgeOutage({ id: current.id });
      if (result.ok) {
        state.value = result.value;
        error.value = null;
      } else error.value = result.error;
    } finally {
      acknowledging.value = false;
    }
  }

  return { state, outage, lost, sounding, error: readonly(error), acknowledging: readonly(acknowledging), start, guardScreenOpened, acknowledge, stop: () => { stopTimer(); mirror.stop(); started = null; } };
});

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useOutageAlarmStore, import.meta.hot));
