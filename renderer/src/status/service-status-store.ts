/**
 * Service status store: "Check now". Asks main to check the service at once (main's probe, which
 * also wakes the live feed when the service answers); whether the service answers is the feed's
 * connection state, pushed by main — the one the status bar shows — not a second copy kept here.
 */
import { defineStore, acceptHMRUpdate } from 'pinia';
import { readonly, ref } from 'vue';
import { kiosk, type KioskError } from '../api/kiosk';

export const useServiceStatusStore = defineStore('serviceStatus', () => {
  const checking = ref(false);
  /** Why the kiosk could not even ask (the bridge to main failed), null otherwise. */
  const error = ref<KioskError | null>(null);

  async function checkNow(): Promise<void> {
    if (checking.value) return;
    checking.value = true;
    try {
      const result = await kiosk.getServiceStatus();
      error.value = result.ok ? null : result.error;
    } finally {
      checking.value = false;
    }
  }

  return { checking: readonly(checking), error: readonly(error), checkNow };
});

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useServiceStatusStore, import.meta.hot));
