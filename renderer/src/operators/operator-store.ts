/**
 * Operator store: who is on shift, as main reports it (main owns the shift and stamps the name on
 * every recorded action; this store only shows it), the sign-in's state (busy, main's answer:
 * wrong PIN with the tries left, a lock-out; after a refusal main's state again, with who is
 * locked and until when), "End shift" and the handover report it made. The
 * idle reset never touches this store: only "End shift" signs the operator out. The PIN is never
 * kept here. Ending a shift clears the screens as the idle reset does, and locks the admin actions.
 */
import { defineStore, acceptHMRUpdate } from 'pinia';
import { computed, readonly, ref, shallowRef } from 'vue';
import { kiosk, type KioskError } from '../api/kiosk';
import type { HandoverReport, OperatorState } from '../../../electron/contract/ipc';
import { useIdleResetStore } from '../shell/idle-reset-store';

export const useOperatorStore = defineStore('operators', () => {
  const state = shallowRef<OperatorState | null>(null);
  const error = ref<KioskError | null>(null);
  const busy = ref(false);
  const loaded = ref(false);
  /** The handover report of the shift that just ended (shown on the sign-in screen). */
  const lastReport = shallowRef<HandoverReport | null>(null);

  async function load(): Promise<void> {
    const result = await kiosk.getOperatorState();
    if (result.ok) {
      state.value = result.value;
      error.value = null;
    } else error.value = result.error;
    loaded.value = true;
  }

  /** The screens wait for a sign-in: required by the site and nobody on shift (or the state unknown). */
  const needsSignIn = computed(() => loaded.value && (state.value === null || (state.value.signIn === 'required' && state.value.current === null)));
  const current = computed(() => state.value?.current ?? null);

  async function attempt(request: Parameters<typeof kiosk.signInOperator>[0]): Promise<boolean> {
    if (busy.value) return false;
    busy.value = true;
    try {
      const result = await kiosk.signInOperator(request);
      if (result.ok) {
        state.value = result.value;
        error.value = null;
        lastReport.value = null;
        return true;
      }
      // A refusal may have locked a name or slowed the kiosk: the screen shows who is locked and until when.
      const refreshed = await kiosk.getOperatorState();
      if (refreshed.ok) state.value = refreshed.value;
      error.value = result.error;
      return false;
    } finally {
      busy.value = false;
    }
  }

  const signIn = (name: string, pin: string): Promise<boolean> => attempt({ name, pin });
  const signInUnnamed = (): Promise<boolean> => attempt({ unnamed: true });

  /** Ends the shift: main makes the handover report (PDF and CSV, worded by main in the language shown) and signs the operator out. */
  async function endShift(handoverWords = ''): Promise<boolean> {
    if (busy.value) return false;
    busy.value = true;
    try {
      // The words for the next guard reach the site's handover (shared alarm desk) before End shift writes it.
      if (handoverWords.trim() !== '') {
        const kept = await kiosk.setHandoverWords({ words: handoverWords });
        if (!kept.ok) {
          error.value = kept.error;
          return false;
        }
      }
      const result = await kiosk.endShift();
      if (!result.ok) {
        error.value = result.error;
        return false;
      }
      lastReport.value = result.value;
      error.value = null;
      // The next person starts from clean screens: what the idle reset clears goes now (without its notice).
      const idle = useIdleResetStore();
      idle.reset(0);
      idle.dismiss();
      await load();
      return true;
    } finally {
      busy.value = false;
    }
  }

  function clearError(): void {
    error.value = null;
  }

  return {
    state: readonly(state),
    error: readonly(error),
    busy: readonly(busy),
    loaded: readonly(loaded),
    lastReport: computed(() => lastReport.value),
    needsSignIn,
    current,
    load,
    signIn,
    signInUnnamed,
    endShift,
    clearError,
  };
});

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useOperatorStore, import.meta.hot));
