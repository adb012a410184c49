/**
 * Badge administration store (behind the PIN): the templates main found in the provisioning
 * folder with their problems, the configured and installed printers, and one template laid out
 * with a sample cardholder. Talks to main only through renderer/src/api.
 */
import { defineStore, acceptHMRUpdate } from 'pinia';
import { readonly, ref, shallowRef } from 'vue';
import { kiosk, type KioskError } from '../api/kiosk';
import type { BadgePreview, BadgeSetup } from '../../../electron/contract/ipc';

export const useBadgeAdminStore = defineStore('badgeAdmin', () => {
  const setup = shallowRef<BadgeSetup | null>(null);
  const sample = shallowRef<BadgePreview | null>(null);
  const error = ref<KioskError | null>(null);
  const loading = ref(false);

  async function load(): Promise<void> {
    loading.value = true;
    const result = await kiosk.getBadgeSetup();
    loading.value = false;
    if (result.ok) {
      setup.value = result.value;
      error.value = null;
    } else error.value = result.error;
  }

  async function showSample(templateId: string): Promise<void> {
    const result = await kiosk.previewBadgeTemplate({ templateId });
    if (result.ok) {
      sample.value = result.value;
      error.value = null;
    } else {
      sample.value = null;
      error.value = result.error;
    }
  }

  function forget(): void {
    setup.value = null;
    sample.value = null;
    error.value = null;
  }

  return { setup, sample, error: readonly(error), loading: readonly(loading), load, showSample, forget };
});

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useBadgeAdminStore, import.meta.hot));
