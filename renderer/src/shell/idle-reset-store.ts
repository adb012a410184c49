/**
 * The kiosk-wide idle reset: after `frontDesk.idleResetSeconds` without activity (0: never) the
 * kiosk goes back to the screen it opened on and forgets the personal data on screen — the front
 * desk's search, record, form, duplicate warnings and photo; the history search's form and
 * results; an open event's detail; the operator log's enrolment entries; the Administration
 * view's overview — locks the admin actions again and returns to the workstation's language. The live feed and the outbox keep running
 * in main: enrolments already saved to the outbox stay there; a form that was not sent is cleared,
 * and the one-line notice says so. The timer itself is the useIdleReset composable.
 */
import { defineStore, acceptHMRUpdate } from 'pinia';
import { computed, ref } from 'vue';
import { useNavigationStore } from './navigation-store';
import { useFrontDeskStore } from '../cardholders/front-desk-store';
import { useLookupStore } from '../cardholders/lookup-store';
import { useEnrolmentStore } from '../enrolment/enrolment-store';
import { useHistorySearchStore } from '../history/history-search-store';
import { useEventDetailStore } from '../feed/event-detail-store';
import { useEnrolmentLogStore } from '../operator-log/enrolment-log-store';
import { useAdminStore } from '../admin/admin-store';
import { useAdminLockStore } from '../admin/admin-lock-store';
import { useLocaleStore } from '../i18n/locale-store';
import { t } from '../i18n/i18n';

export const useIdleResetStore = defineStore('idleReset', () => {
  /** The last reset, for its one-line notice (until the next one or dismissed). */
  const last = ref<{ idleSeconds: number; formLost: boolean } | null>(null);
  /** The notice, in the language shown. */
  const notice = computed(() => {
    if (!last.value) return null;
    const seconds = last.value.idleSeconds;
    const after = seconds >= 60 ? t('shell.idle.minutes', { count: Math.round(seconds / 60) }) : t('shell.idle.seconds', { count: seconds });
    return last.value.formLost ? t('shell.idle.clearedFormLost', { after }) : t('shell.idle.cleared', { after });
  });

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
    void useLocaleStore().forget(); // back to the workstation's language
    last.value = { idleSeconds, formLost };
  }

  function dismiss(): void {
    last.value = null;
  }

  return { notice, armed, reset, dismiss };
});

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useIdleResetStore, import.meta.hot));
