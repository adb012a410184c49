/**
 * Record store: the cardholder open in the record view — refreshed from the service when it
 * opens (main patches the directory with it), or shown from the directory with the reason when
 * the service cannot be asked. Clearing forgets it. Talks to main only through renderer/src/api.
 */
import { defineStore, acceptHMRUpdate } from 'pinia';
import { readonly, ref, shallowRef } from 'vue';
import { kiosk, type KioskError } from '../api/kiosk';
import type { CardholderSummary, CardholderView } from '../../../electron/contract/ipc';

export const useRecordStore = defineStore('cardholderRecord', () => {
  /** What the lookup row showed, until the full record arrives. */
  const summary = shallowRef<CardholderSummary | null>(null);
  const view = shallowRef<CardholderView | null>(null);
  const loading = ref(false);
  const error = ref<KioskError | null>(null);
  let token = 0;

  async function open(row: CardholderSummary): Promise<void> {
    const mine = ++token;
    summary.value = row;
    view.value = null;
    error.value = null;
    loading.value = true;
    const result = await kiosk.getCardholder({ id: row.id });
    if (mine !== token) return;
    loading.value = false;
    if (result.ok) view.value = result.value;
    else error.value = result.error;
  }

  /** Reads the open record again. */
  async function reload(): Promise<void> {
    if (summary.value) await open(summary.value);
  }

  function clear(): void {
    ++token;
    summary.value = null;
    view.value = null;
    loading.value = false;
    error.value = null;
  }

  return { summary, view, loading: readonly(loading), error: readonly(error), open, reload, clear };
});

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useRecordStore, import.meta.hot));
