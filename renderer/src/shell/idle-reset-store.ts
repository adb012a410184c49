/**
 * The kiosk-wide idle reset: after `frontDesk.idleResetSeconds` without activity (0: never) the
 * kiosk goes back to the screen it opened on and forgets the personal data on screen — the front
 * desk's search, record, form, duplicate warnings and photo; the history search's form and
 * results; an open event's detail; the operator log's enrolment entries; the Administration
 * view's overview — locks the admin actions again and returns to the workstation's language (the locale store
 * registered too).
 * Each of those stores registered what it holds with the privacy registry (privacy-registry.ts):
 * this store asks the registry, and knows none of them. The live feed and the outbox keep running
 * in main: enrolments already saved to the outbox stay there; a form that was not sent is cleared,
 * and the one-line notice says so. The timer itself is the useIdleReset composable.
 */
import { defineStore, acceptHMRUpdate } from 'pinia';
import { computed, ref } from 'vue';
import { useNavigationStore } from './navigation-store';
import { usePrivacyRegistry } from './privacy-registry';
import { t } from '../i18n/i18n';

export const useIdleResetStore = defineStore('idleReset', () => {
  const privacy = usePrivacyRegistry();
  /** The last reset, for its one-line notice (until the next one or dismissed). */
  const last = ref<{ idleSeconds: number; formLost: boolean } | null>(null);
  /** The notice, in the language shown. */
  const notice = computed(() => {
    if (!last.value) return null;
    const seconds = last.value.idleSeconds;
    const after = seconds >= 60 ? t('shell.idle.minutes', { count: Math.round(seconds / 60) }) : t('shell.idle.seconds', { count: seconds });
    return last.value.formLost ? t('shell.idle.clearedFormLost', { after }) : t('shell.idle.cleared', { after });
  });

  /** True when a reset would change something: another screen than home, or personal data held (privacy registry). */
  function armed(): boolean {
    const navigation = useNavigationStore();
    return (navigation.home !== '' && navigation.current !== navigation.home) || privacy.hasPersonalData('idle');
  }

  function reset(idleSeconds: number): void {
    const { unsentLost } = privacy.forget('idle');
    useNavigationStore().goHome();
    last.value = { idleSeconds, formLost: unsentLost };
  }

  function dismiss(): void {
    last.value = null;
  }

  return { notice, armed, reset, dismiss };
});

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useIdleResetStore, import.meta.hot));
