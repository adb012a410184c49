/**
 * The operator log's acknowledgements, a page at a time (newest first), with how many main holds
 * in all: the screen pages through every one of them and says which it shows ("1–100 of 4,608"),
 * never a silently cut list. Also the shift handover reports kept in the log. Talks to main only
 * through renderer/src/api. The idle reset forgets what it read (the events' texts and notes may
 * name people); the operator log reads it again when it is shown.
 */
import { defineStore, acceptHMRUpdate } from 'pinia';
import { computed, readonly, ref, shallowRef } from 'vue';
import { kiosk, type KioskError } from '../api/kiosk';
import type { Acknowledgement, HandoverLogEntry } from '../../../electron/contract/ipc';
import { usePrivacyRegistry } from '../shell/privacy-registry';

/** Acknowledgements one page shows. */
export const ACK_PAGE_SIZE = 100;

export const useAcknowledgementLogStore = defineStore('acknowledgementLog', () => {
  const items = shallowRef<Acknowledgement[]>([]);
  const total = ref(0);
  const offset = ref(0);
  const loading = ref(false);
  const error = ref<KioskError | null>(null);
  const handovers = shallowRef<HandoverLogEntry[]>([]);
  let token = 0;

  async function load(at = offset.value): Promise<void> {
    const mine = ++token;
    loading.value = true;
    try {
      const [page, reports] = await Promise.all([kiosk.listAcknowledgementPage({ offset: Math.max(0, at), limit: ACK_PAGE_SIZE }), kiosk.listHandoverReports()]);
      if (mine !== token) return;
      if (page.ok) {
        // The log may have shrunk under a page that no longer exists: show its last page.
        if (page.value.items.length === 0 && page.value.total > 0 && at > 0) {
          void load(Math.floor((page.value.total - 1) / ACK_PAGE_SIZE) * ACK_PAGE_SIZE);
          return;
        }
        items.value = page.value.items;
        total.value = page.value.total;
        offset.value = page.value.offset;
        error.value = null;
      } else error.value = page.error;
      if (reports.ok) handovers.value = reports.value;
    } finally {
      if (mine === token) loading.value = false;
    }
  }

  const first = computed(() => (total.value === 0 ? 0 : offset.value + 1));
  const last = computed(() => offset.value + items.value.length);
  const hasPrevious = computed(() => offset.value > 0);
  const hasNext = computed(() => last.value < total.value);
  const next = (): Promise<void> => load(offset.value + ACK_PAGE_SIZE);
  const previous = (): Promise<void> => load(Math.max(0, offset.value - ACK_PAGE_SIZE));
  const newest = (): Promise<void> => load(0);

  function clear(): void {
    token++;
    items.value = [];
    handovers.value = [];
    total.value = 0;
    offset.value = 0;
  }

  usePrivacyRegistry().register('acknowledgement-log', { scope: 'kiosk', hasPersonalData: () => items.value.length > 0 || handovers.value.length > 0, forget: clear });

  return {
    items,
    total: readonly(total),
    offset: readonly(offset),
    loading: readonly(loading),
    error: readonly(error),
    handovers,
    first,
    last,
    hasPrevious,
    hasNext,
    load,
    next,
    previous,
    newest,
    clear,
  };
});

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useAcknowledgementLogStore, import.meta.hot));
