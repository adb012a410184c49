/**
 * Navigation store: which screen (tab) of the shell is shown. The shell's tabs set it; a panel
 * that sends the officer elsewhere (the outbox's "Open in the form" goes to the front desk) asks
 * for it here, so no component reaches into another's state. Holds the screen id only. The
 * Administration view is behind the admin PIN: showing it asks for the PIN first (when one is
 * set), and leaving it locks the admin actions again.
 */
import { defineStore, acceptHMRUpdate } from 'pinia';
import { readonly, ref } from 'vue';
import { useAdminLockStore } from '../admin/admin-lock-store';
import { t } from '../i18n/i18n';

/** The screen the admin PIN protects. */
export const ADMIN_VIEW_ID = 'admin';

export const useNavigationStore = defineStore('navigation', () => {
  /** Empty until the settings say which screen is home. */
  const current = ref('');
  /** The screen the kiosk opened on (the idle reset returns to it). */
  const home = ref('');

  function go(id: string): void {
    if (current.value === ADMIN_VIEW_ID && id !== ADMIN_VIEW_ID) void useAdminLockStore().lock();
    current.value = id;
  }

  /** Shows a screen; resolves false when it stays hidden (the PIN was not given). */
  function show(id: string): Promise<boolean> {
    if (id !== ADMIN_VIEW_ID || current.value === ADMIN_VIEW_ID) {
      go(id);
      return Promise.resolve(true);
    }
    const lock = useAdminLockStore();
    return lock.ensureUnlocked(t('shell.openAdministration')).then((unlocked) => {
      // Without a PIN set, the view opens to say so (main gives it nothing else).
      if (!unlocked && lock.state?.configured !== false) return false;
      go(id);
      return true;
    });
  }

  /** The first screen to show: `home` when it is one of `ids`, else the first; only if none is shown yet. */
  function startAt(homeId: string | undefined, ids: readonly string[]): void {
    if (current.value !== '') return;
    current.value = homeId !== undefined && ids.includes(homeId) ? homeId : (ids[0] ?? '');
    home.value = current.value;
  }

  /** Back to the screen the kiosk opened on. */
  function goHome(): void {
    if (home.value !== '') go(home.value);
  }

  return { current: readonly(current), home: readonly(home), show, startAt, goHome };
});

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useNavigationStore, import.meta.hot));
