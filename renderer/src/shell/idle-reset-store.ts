/**
 * The kiosk-wide idle reset: after `frontDesk.idleResetSeconds` without activity (0: never) the
 * kiosk goes back to the screen it opened on and forgets the personal data on screen — the front
 * desk's search, record, form, duplicate warnings and photo; the history search's form and
 * results; an open event's detail; the operator log's enrolment entries; the Administration
 * view's overview — and locks the admin actions again. The live feed and the outbox keep running
 * in main: enrolments already saved to the outbox stay there; a form that was not sent is cleared,
 * and the one-line notice says so. The timer itself is the useIdleReset composable.
 */
import { defineStore, acceptHMRUpdate } from 'pinia';
import { readonly, ref } from 'vue';
import { useNavigationStore } from './navigation-store';
import { useFrontDeskStore } from '../cardholders/front-desk-store';
import { useLookupStore } from '../cardholders/lookup-store';
import { useEnrolmentStore } from '../enrolment/enrolment-store';
import { useHistorySearchStore } from '../history/history-search-store';
import { useEventDetailStore } from '../feed/event-detail-store';
import { useEnrolmentLogStore } from '../operator-log/enrolment-log-store';
import { useAdminStore } from '../admin/admin-store';
import { useAdminLockStore } from '../admin/admin-lock-store';

export const useIdleResetStore = defineStore('idleReset', () => {
  /** The one-line notice after a reset (until the next one or dismissed). */
  const notice = ref<string | null>(null);

  /** True when a reset would change something: another screen than home, or personal data on screen. */
  function armed(): boolean {
    const navigation = useNavigationStore();
    const history = useHistorySearchStore();
    return (
      (navigation.home !== '' && navigation.current !== navigation.home) ||
      useFrontDeskStore().step !== 'idle' ||
      useLookupStore().query !== '' ||
      history.outcome !== null ||
      history.form.text.trim() !== '' ||
      useEventDetailStore().event !== null ||
      useEnrolmentLogStore().entries.length > 0 ||
      useAdminStore().overview !== null ||
      useAdminLockStore().state?.unlocked === true
    );
  }

  function reset(idleSeconds: number): void {
    const formLost = useEnrolmentStore().dirty;
    useAdminLockStore().cancel();
    void useAdminLockStore().lock();
    useAdminStore().forget();
    useFrontDeskStore().nextPerson(true);
    const history = useHistorySearchStore();
    history.resetForm();
    history.outcome = null;
    useEventDetailStore().close();
    useEnrolmentLogStore().entries = [];
    useNavigationStore().goHome();
    const after = idleSeconds >= 60 ? `${Math.round(idleSeconds / 60)} min` : `${idleSeconds} s`;
    notice.value = formLost
      ? `After ${after} without activity the kiosk went back to its start screen and cleared the screens; a form that was not sent was cleared (enrolments already saved on this workstation are kept).`
      : `After ${after} without activity the kiosk went back to its start screen and cleared the screens.`;
  }

  function dismiss(): void {
    notice.value = null;
  }

  return { notice: readonly(notice), armed, reset, dismiss };
});

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useIdleResetStore, import.meta.hot));
