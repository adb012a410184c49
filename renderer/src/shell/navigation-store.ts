/**
 * Navigation store: which screen (tab) of the shell is shown. The shell's tabs set it; a panel
 * that sends the officer elsewhere (the outbox's "Open in the form" goes to the front desk) asks
 * for it here, so no component reaches into another's state. Holds the screen id only.
 */
import { defineStore, acceptHMRUpdate } from 'pinia';
import { readonly, ref } from 'vue';

export const useNavigationStore = defineStore('navigation', () => {
  /** Empty until the settings say which screen is home. */
  const current = ref('');

  function show(id: string): void {
    current.value = id;
  }

  /** The first screen to show: `home` when it is one of `ids`, else the first; only if none is shown yet. */
  function startAt(home: string | undefined, ids: readonly string[]): void {
    if (current.value !== '') return;
    current.value = home !== undefined && ids.includes(home) ? home : (ids[0] ?? '');
  }

  return { current: readonly(current), show, startAt };
});

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useNavigationStore, import.meta.hot));
