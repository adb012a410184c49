/**
 * Badge administration store (behind the PIN): the templates main found in the provisioning
 * folder with their problems, the configured and installed printers, and one template laid out
 * with a sample cardholder in the language shown. Talks to main only through renderer/src/api.
 */
import { defineStore, acceptHMRUpdate } from 'pinia';
import { readonly, ref, shallowRef, watch } from 'vue';
import { kiosk, type KioskError } from '../api/kiosk';
import { currentLocale, i18n } from '../i18n/i18n';
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
    const result = await kiosk.previewBadgeTemplate({ templateId, locale: currentLocale() });
    if (result.ok) {
      sample.value = result.value;
      error.value = null;
    } else {
      sample.value = null;
      error.value = result.error;
    }
  }

  // The sample is laid out in the language shown: a switch lays it out again.
  watch(
    () => i18n.global.locale.value,
    () => {
      if (sample.value) void showSample(sample.value.templateId);
    },
  );

  function forget(): void {
    setup.value = null;
    sample.value = null;
    error.value = null;
  }

  return { setup, sample, error: readonly(error), loading: readonly(loading), load, showSample, forget };
});

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useBadgeAdminStore, import.meta.hot));
