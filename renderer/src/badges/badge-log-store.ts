/**
 * Badge log store: the badges printed, reprinted (with the reason), saved as PDF or refused on
 * this workstation, newest first, as main keeps them. Read when the Operator log is shown and
 * after each print. Talks to main only through renderer/src/api. The idle reset forgets it (it
 * names the people badged); it is read again when the log is shown.
 */
import { defineStore, acceptHMRUpdate } from 'pinia';
import { readonly, ref, shallowRef } from 'vue';
import { kiosk, type KioskError } from '../api/kiosk';
import type { BadgePrintEntry } from '../../../electron/contract/ipc';
import { t } from '../i18n/i18n';
import { usePrivacyRegistry } from '../shell/privacy-registry';

/** In the language shown (getters: reactive where they are read). */
export const OUTCOME_WORDS: Readonly<Record<BadgePrintEntry['outcome'], string>> = {
  get printed() {
    return t('badges.log.printed');
  },
  get saved() {
    return t('badges.log.saved');
  },
  get failed() {
    return t('badges.log.failed');
  },
};

export const useBadgeLogStore = defineStore('badgeLog', () => {
  const entries = shallowRef<BadgePrintEntry[]>([]);
  const loading = ref(false);
  const error = ref<KioskError | null>(null);
  let token = 0;

  async function load(): Promise<void> {
    const mine = ++token;
    loading.value = true;
    const result = await kiosk.listBadgeLog();
    if (mine !== token) return;
    loading.value = false;
    if (result.ok) {
      entries.value = result.value;
      error.value = null;
    } else error.value = result.error;
  }

  usePrivacyRegistry().register('badge-log', {
    scope: 'kiosk',
    hasPersonalData: () => entries.value.length > 0,
    forget: () => {
      token++;
      loading.value = false;
      entries.value = [];
    },
  });

  return { entries, loading: readonly(loading), error: readonly(error), load };
});

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useBadgeLogStore, import.meta.hot));
