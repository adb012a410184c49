/**
 * Outbox store: the enrolments saved on this workstation and not yet confirmed by the service,
 * as main pushes them — how many wait (always on the status bar), which the service refused
 * (they wait for the officer), whether the queue is paused — and the officer's actions: try now,
 * discard (after confirming), send a fixed item again; whether an item left the queue sent. Talks to main only through renderer/src/api.
 * Before a sign-in main refuses the outbox (it names people): the store reads it once someone is on shift.
 */
import { defineStore, acceptHMRUpdate } from 'pinia';
import { computed, readonly, ref, shallowRef, watch } from 'vue';
import { kiosk, type KioskError } from '../api/kiosk';
import { mirrorState } from '../api/main-mirror';
import type { CardholderFields, OutboxState } from '../../../electron/contract/ipc';
import { useOperatorStore } from '../operators/operator-store';
import { needsShiftToRead } from '../operators/shift-refusal';

export const useOutboxStore = defineStore('outbox', () => {
  const state = shallowRef<OutboxState | null>(null);
  const error = ref<KioskError | null>(null);
  const busy = ref(false);
  const mirror = mirrorState(
    (listener) => kiosk.onOutboxState(listener),
    () => kiosk.getOutbox(),
    (next) => {
      state.value = next;
    },
    (failure) => {
      error.value = failure;
    },
  );
  const start = mirror.start;
  // Refused for want of a shift: read again when someone signs in.
  const operators = useOperatorStore();
  watch(
    () => operators.needsSignIn,
    async (needs) => {
      if (needs || !needsShiftToRead(error.value)) return;
      if (await mirror.read()) error.value = null;
    },
  );
  const stop = mirror.stop;

  async function act(run: () => ReturnType<typeof kiosk.getOutbox>): Promise<boolean> {
    busy.value = true;
    try {
      const result = await run();
      if (result.ok) {
        state.value = result.value;
        error.value = null;
        return true;
      }
      error.value = result.error;
      return false;
    } finally {
      busy.value = false;
    }
  }

  const retry = (): Promise<boolean> => act(() => kiosk.retryOutbox());
  /** Items the officer discarded here: gone from the queue without being sent (not state: asked, never watched). */
  const discardedIds = new Set<string>();
  const discard = async (itemId: string): Promise<boolean> => {
    // Marked before the answer: the state it carries already lacks the item.
    discardedIds.add(itemId);
    const done = await act(() => kiosk.discardOutboxItem({ itemId }));
    if (!done) discardedIds.delete(itemId);
    return done;
  };
  /** The item left the queue because it was sent (not discarded by the officer, not refused and waiting). */
  const wasSent = (itemId: string): boolean => state.value !== null && !discardedIds.has(itemId) && !state.value.items.some((item) => item.id === itemId);
  const resend = (itemId: string, fix: { create?: CardholderFields; changes?: Partial<CardholderFields> }): Promise<boolean> => act(() => kiosk.resendOutboxItem({ itemId, ...fix }));

  const pending = computed(() => state.value?.pending ?? 0);
  const failed = computed(() => state.value?.failed ?? 0);

  return { state, error: readonly(error), busy: readonly(busy), pending, failed, start, stop, retry, discard, resend, wasSent };
});

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useOutboxStore, import.meta.hot));
