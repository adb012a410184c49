/**
 * Event detail store: the event the guard opened, shown at once from the feed's copy and then
 * refreshed from the service with getEvent. Loading and error are tracked; a late answer for an
 * event the guard has since left is ignored.
 */
import { defineStore, acceptHMRUpdate } from 'pinia';
import { usePrivacyRegistry } from '../shell/privacy-registry';
import { readonly, ref, shallowRef } from 'vue';
import { kiosk, type KioskError } from '../api/kiosk';
import type { FeedEvent } from '../../../electron/contract/ipc';

export const useEventDetailStore = defineStore('eventDetail', () => {
  const event = shallowRef<FeedEvent | null>(null);
  /** Whether `event` comes from the service (true) or is the feed's copy (false). */
  const refreshed = ref(false);
  const loading = ref(false);
  const error = ref<KioskError | null>(null);
  let token = 0;

  async function refresh(): Promise<void> {
    const current = event.value;
    if (!current) return;
    if (!Number.isSafeInteger(current.record_ID) || current.record_ID < 1) return; // nothing the service could find
    const mine = ++token;
    loading.value = true;
    error.value = null;
    const result = await kiosk.getEvent({ id: current.record_ID });
    if (mine !== token) return;
    loading.value = false;
    if (result.ok) {
      event.value = result.value;
      refreshed.value = true;
    } else {
      error.value = result.error;
    }
  }

  /** Opens an event: shows the copy at hand now, then asks the service for the current record. */
  function open(from: FeedEvent): Promise<void> {
    event.value = from;
    refreshed.value = false;
    error.value = null;
    return refresh();
  }

  function close(): void {
    token += 1;
    event.value = null;
    loading.value = false;
    error.value = null;
    refreshed.value = false;
  }

  usePrivacyRegistry().register('event-detail', { scope: 'kiosk', hasPersonalData: () => event.value !== null, forget: close });

  return { event, refreshed: readonly(refreshed), loading: readonly(loading), error: readonly(error), open, refresh, close };
});

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useEventDetailStore, import.meta.hot));
