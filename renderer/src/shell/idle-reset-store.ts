/**
 * The kiosk-wide idle reset: after `frontDesk.idleResetSeconds` without activity (0: never) the
 * kiosk goes back to the screen it opened on and forgets the personal data on screen — the front
 * desk's search, record, form, duplicate warnings and photo; the history search's form and
 * results; an open event's detail; the operator log's enrolment entries; the Administration
 * view's overview — and locks the admin actions again. Each of those stores registered what it
 * holds with the privacy registry (privacy-registry.ts): this store asks the registry, and knows
 * none of them. The live feed and the outbox keep running
 * in main: enrolments already saved to the outbox stay there; a form that was not sent is cleared,
 * and the one-line notice says so. The timer itself is the useIdleReset composable.
 */
import { defineStore, acceptHMRUpdate } from 'pinia';
import { readonly, ref } from 'vue';
import { useNavigationStore } from './navigation-store';
import { usePrivacyRegistry } from './privacy-registry';

export const useIdleResetStore = defineStore('idleReset', () => {
  /** The one-line notice after a reset (until the next one or dismissed). */
  const notice = ref<string | null>(null);
  const privacy = usePrivacyRegistry();

  /** True when a reset would change something: another screen than home, or personal data held (privacy registry). */
  function armed(): boolean {
    const navigation = useNavigationStore();
    return (navigation.home !== '' && navigation.current !== navigation.home) || privacy.hasPersonalData('idle');
  }

  function reset(idleSeconds: number): void {
    const { unsentLost } = privacy.forget('idle');
    useNavigationStore().goHome();
    const after = idleSeconds >= 60 ? `${Math.round(idleSeconds / 60)} min` : `${idleSeconds} s`;
    notice.value = unsentLost
      ? `After ${after} without activity the kiosk went back to its start screen and cleared the screens; a form that was not sent was cleared (enrolments already saved on this workstation are kept).`
      : `After ${after} without activity the kiosk went back to its start screen and cleared the screens.`;
  }

  function dismiss(): void {
    notice.value = null;
  }

  return { notice: readonly(notice), armed, reset, dismiss };
});

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useIdleResetStore, import.meta.hot));
