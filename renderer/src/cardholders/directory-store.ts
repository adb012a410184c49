/**
 * Directory store: the state of the cardholder directory as main pushes it (records, last sync
 * and its summary, a sync in progress, why the last one failed, a list held back for the
 * officer's word) and the officer's "Sync now", "Replace with the new list" and "Keep". Talks to
 * main only through renderer/src/api; renders nothing.
 */
import { defineStore, acceptHMRUpdate } from 'pinia';
import { readonly, ref, shallowRef } from 'vue';
import { kiosk, type KioskError } from '../api/kiosk';
import { mirrorFromMain } from '../api/main-mirror';
import type { DirectoryState, DirectorySyncResult } from '../../../electron/contract/ipc';

let taskCounter = 0;

export const useDirectoryStore = defineStore('cardholderDirectory', () => {
  const state = shallowRef<DirectoryState | null>(null);
  /** Why the state could not be read or a sync could not be asked for (not a failed sync: that is in state). */
  const error = ref<KioskError | null>(null);
  const requesting = ref(false);
  /** The officer chose to keep the directory over a list that was held back. */
  const keptHeldAt = ref<string | null>(null);
  const mirror = mirrorFromMain<DirectoryState, DirectoryState>({
    subscribe: (listener) => kiosk.onDirectoryState(listener),
    read: () => kiosk.getDirectoryState(),
    onPush: (next) => {
      state.value = next;
    },
    onSnapshot: (snapshot, pushedMeanwhile) => {
      if (!pushedMeanwhile) state.value = snapshot;
      error.value = null;
    },
    onError: (failure) => {
      error.value = failure;
    },
  });
  const start = mirror.start;
  const stop = mirror.stop;

  /** Asks main to sync now; `acceptShrink` takes a list that was held back. */
  async function syncNow(acceptShrink = false): Promise<DirectorySyncResult | null> {
    requesting.value = true;
    error.value = null;
    try {
      const result = await kiosk.syncDirectory({ taskId: `directory-${Date.now()}-${++taskCounter}`, acceptShrink });
      // A failed sync is reported in the pushed state (lastFailure); keep the error for the
      // cases where no state says it (the request itself was refused).
      if (!result.ok) {
        if (result.error.code === 'invalid_request' || result.error.code === 'internal') error.value = result.error;
        return null;
      }
      return result.value;
    } finally {
      requesting.value = false;
    }
  }

  function keepHeld(): void {
    keptHeldAt.value = state.value?.held?.at ?? null;
  }

  return { state, error: readonly(error), requesting: readonly(requesting), keptHeldAt: readonly(keptHeldAt), start, stop, syncNow, keepHeld };
});

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useDirectoryStore, import.meta.hot));
