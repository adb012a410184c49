/**
 * Service status store: whether the access-control service answers, its highest event id and
 * whether the kiosk runs on the demo simulator. Refreshes on a timer while someone watches it.
 */
import { defineStore, acceptHMRUpdate } from 'pinia';
import { computed, readonly, ref } from 'vue';
import { kiosk, type KioskError } from '../api/kiosk';
import type { ServiceStatus } from '../../../electron/contract/ipc';

export const STATUS_REFRESH_MS = 5_000;

export const useServiceStatusStore = defineStore('serviceStatus', () => {
  const status = ref<ServiceStatus | null>(null);
  const error = ref<KioskError | null>(null);
  const loading = ref(false);
  let timer: ReturnType<typeof setInterval> | null = null;
  let watchers = 0;

  async function refresh(): Promise<void> {
    if (loading.value) return;
    loading.value = true;
    try {
      const result = await kiosk.getServiceStatus();
      if (result.ok) {
        status.value = result.value;
        error.value = null;
      } else {
        error.value = result.error;
      }
    } finally {
      loading.value = false;
    }
  }

  /** Starts periodic refresh; returns a function that stops it (reference-counted). */
  function watch(): () => void {
    watchers += 1;
    if (watchers === 1) {
      void refresh();
      timer = setInterval(() => void refresh(), STATUS_REFRESH_MS);
    }
    let stopped = false;
    return () => {
      if (stopped) return;
      stopped = true;
      watchers -= 1;
      if (watchers === 0 && timer) {
        clearInterval(timer);
        timer = null;
      }
    };
  }

  const isDemo = computed(() => status.value?.mode === 'demo');

  return { status: readonly(status), error: readonly(error), loading: readonly(loading), isDemo, refresh, watch };
});

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useServiceStatusStore, import.meta.hot));
