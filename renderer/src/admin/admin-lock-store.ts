/**
 * Admin lock store: whether the administrator PIN is set and unlocked (as main reports it), the
 * PIN dialog's state, and the admin actions it protects (quit, leave kiosk mode). `ensureUnlocked`
 * is what the navigation and the export button call: it opens the PIN dialog when needed and
 * resolves once the person unlocked or cancelled. Main enforces the lock on its own; this store
 * only asks at the right moment. The PIN is never kept here.
 */
import { defineStore, acceptHMRUpdate } from 'pinia';
import { usePrivacyRegistry } from '../shell/privacy-registry';
import { readonly, ref } from 'vue';
import { kiosk, type KioskError } from '../api/kiosk';
import { t } from '../i18n/i18n';
import type { AdminLockState, MainText } from '../../../electron/contract/ipc';

export const useAdminLockStore = defineStore('adminLock', () => {
  const state = ref<AdminLockState | null>(null);
  const error = ref<KioskError | null>(null);
  const busy = ref(false);
  /** The PIN dialog, when open: what the unlock is for. */
  const dialog = ref<{ purpose: string } | null>(null);
  /** What the last edge action did (worded by the view in the language shown). */
  const actionMessage = ref<MainText | null>(null);
  let settle: ((unlocked: boolean) => void) | null = null;

  async function load(): Promise<AdminLockState | null> {
    const result = await kiosk.getAdminLock();
    if (result.ok) state.value = result.value;
    else error.value = result.error;
    return state.value;
  }

  function close(unlocked: boolean): void {
    dialog.value = null;
    error.value = null;
    const done = settle;
    settle = null;
    done?.(unlocked);
  }

  /**
   * Resolves true when the admin actions are unlocked (asking for the PIN if needed), false when
   * the person cancelled or no PIN is set (then `state.configured` is false and the view says so).
   */
  async function ensureUnlocked(purpose: string): Promise<boolean> {
    const current = await load();
    if (current?.unlocked) return true;
    if (!current?.configured) return false;
    if (settle) close(false);
    error.value = null;
    dialog.value = { purpose };
    return new Promise<boolean>((resolve) => {
      settle = resolve;
    });
  }

  /** Sends the PIN typed in the dialog; on success the dialog closes and the waiting action goes on. */
  async function submit(pin: string): Promise<boolean> {
    if (busy.value) return false;
    busy.value = true;
    try {
      const result = await kiosk.unlockAdmin({ pin });
      if (result.ok) {
        state.value = result.value;
        close(true);
        return true;
      }
      error.value = result.error;
      await load();
      return false;
    } finally {
      busy.value = false;
    }
  }

  function cancel(): void {
    close(false);
  }

  /** Locks the admin actions again (leaving the Administration view, the idle reset). */
  async function lock(): Promise<void> {
    actionMessage.value = null;
    if (!state.value?.unlocked) return;
    const result = await kiosk.lockAdmin();
    if (result.ok) state.value = result.value;
    else state.value = { ...state.value, unlocked: false, unlockedUntil: null };
  }

  async function run(purpose: string, action: () => ReturnType<typeof kiosk.quitKiosk>): Promise<void> {
    actionMessage.value = null;
    if (!(await ensureUnlocked(purpose))) return;
    const result = await action();
    if (result.ok) actionMessage.value = result.value;
    else error.value = result.error;
  }

  const quit = (): Promise<void> => run(t('admin.kiosk.quit'), () => kiosk.quitKiosk());
  const leaveKioskMode = (): Promise<void> => run(t('admin.kiosk.leave'), () => kiosk.leaveKioskMode());

  // Not personal data itself, but what opens it: the idle reset locks the admin actions again.
  usePrivacyRegistry().register('admin-lock', {
    scope: 'kiosk',
    hasPersonalData: () => state.value?.unlocked === true,
    forget: () => {
      cancel();
      void lock();
    },
  });

  return {
    state: readonly(state),
    error: readonly(error),
    busy: readonly(busy),
    dialog: readonly(dialog),
    actionMessage: readonly(actionMessage),
    load,
    ensureUnlocked,
    submit,
    cancel,
    lock,
    quit,
    leaveKioskMode,
  };
});

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useAdminLockStore, import.meta.hot));
