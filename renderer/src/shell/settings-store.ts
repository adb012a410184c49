/**
 * Settings store: what of the kiosk's configuration the renderer may know (never a secret), read
 * once from main for the shell and the capabilities that need it (the home screen, the front
 * desk's photo size and idle time). Talks to main only through renderer/src/api.
 */
import { defineStore, acceptHMRUpdate } from 'pinia';
import { readonly, ref, shallowRef } from 'vue';
import { kiosk, type KioskError } from '../api/kiosk';
import type { KioskSettings } from '../../../electron/contract/ipc';

export const useSettingsStore = defineStore('kioskSettings', () => {
  const settings = shallowRef<KioskSettings | null>(null);
  const error = ref<KioskError | null>(null);
  let loading: Promise<void> | null = null;

  /** Reads the settings once; later calls share it (a failed read is tried again next time). */
  function load(): Promise<void> {
    loading ??= (async () => {
      const result = await kiosk.getSettings();
      if (result.ok) {
        settings.value = result.value;
        error.value = null;
      } else {
        error.value = result.error;
        loading = null;
      }
    })();
    return loading;
  }

  return { settings, error: readonly(error), load };
});

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useSettingsStore, import.meta.hot));
