/**
 * Record store: the cardholder open in the record view — refreshed from the service when it
 * opens (main patches the directory with it), or shown from the directory with the reason when
 * the service cannot be asked. It follows the outbox: a cardholder created offline is shown
 * under its real id once the service confirms it, and a record whose queued changes were sent is
 * read again (also when they were sent while the record was being read: the answer is checked
 * against the outbox store's state once more). Clearing forgets it. Talks to main only through renderer/src/api.
 */
import { defineStore, acceptHMRUpdate } from 'pinia';
import { usePrivacyRegistry } from '../shell/privacy-registry';
import { readonly, ref, shallowRef } from 'vue';
import { kiosk, type KioskError } from '../api/kiosk';
import { useOutboxStore } from '../outbox/outbox-store';
import type { CardholderSummary, CardholderView, OutboxState } from '../../../electron/contract/ipc';

export const useRecordStore = defineStore('cardholderRecord', () => {
  /** What the lookup row showed, until the full record arrives. */
  const summary = shallowRef<CardholderSummary | null>(null);
  const view = shallowRef<CardholderView | null>(null);
  const loading = ref(false);
  const error = ref<KioskError | null>(null);
  let token = 0;
  /** The outbox as main last pushed it (a read that began before it may list work sent since). */
  const outbox = useOutboxStore();

  /** The record shown lists queued work that the outbox no longer holds: it was sent, read it again. */
  function sentSinceRead(state: OutboxState): boolean {
    const current = summary.value;
    const shown = view.value;
    if (!current || !shown || shown.queued.length === 0) return false;
    const waiting = new Set(state.items.filter((item) => item.cardholderId === current.id).map((item) => item.id));
    return shown.queued.some((item) => !waiting.has(item.id));
  }

  /** After a read: work sent while it was under way is read once more (once: a newer push follows anyway). */
  async function recheck(mine: number): Promise<void> {
    if (mine === token && outbox.state && sentSinceRead(outbox.state)) await refresh(false);
  }

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
    await recheck(mine);
  }

  /** Reads the open record again. */
  async function reload(): Promise<void> {
    if (summary.value) await open(summary.value);
  }

  /** The outbox changed: follow a confirmed cardholder to its real id, re-read a record whose queued work was sent. */
  async function follow(state: OutboxState): Promise<void> {
    const current = summary.value;
    if (!current) return;
    const confirmed = current.id < 0 ? state.confirmed.find((c) => c.provisionalId === current.id) : undefined;
    if (confirmed) {
      await open({ ...current, id: confirmed.id, pending: false });
      return;
    }
    if (sentSinceRead(state)) await refresh();
  }

  /** Reads the open record again without clearing what is shown (after queued work was sent). */
  async function refresh(thenRecheck = true): Promise<void> {
    const current = summary.value;
    if (!current) return;
    const mine = ++token;
    const result = await kiosk.getCardholder({ id: current.id });
    if (mine !== token) return;
    if (result.ok) {
      view.value = result.value;
      error.value = null;
    }
    if (thenRecheck) await recheck(mine);
  }

  function clear(): void {
    ++token;
    summary.value = null;
    view.value = null;
    loading.value = false;
    error.value = null;
  }

  usePrivacyRegistry().register('record', { scope: 'desk', hasPersonalData: () => summary.value !== null || view.value !== null, forget: clear });

  return { summary, view, loading: readonly(loading), error: readonly(error), open, reload, follow, clear };
});

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useRecordStore, import.meta.hot));
