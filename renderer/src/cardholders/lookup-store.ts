/**
 * Lookup store: what the officer typed and the ranked result, fetched from main a page at a time
 * (the directory never comes to the renderer whole), with the highlighted row for the keyboard.
 * A page is the rows the list shows (the list says how many, `showRows`): every keystroke asks at
 * once for just those, in one message; further pages come as the list scrolls. An answer to an
 * older query is dropped. Clearing forgets the query and every result in memory (privacy: the
 * next person must not see the last one's search). Talks to main only through renderer/src/api.
 */
import { defineStore, acceptHMRUpdate } from 'pinia';
import { usePrivacyRegistry } from '../shell/privacy-registry';
import { computed, readonly, ref, shallowRef, triggerRef } from 'vue';
import { kiosk, type KioskError } from '../api/kiosk';
import type { CardholderSummary } from '../../../electron/contract/ipc';

/** Rows per request until the list says how many it shows (the list asks for more as it scrolls). */
export const PAGE_SIZE = 40;
/** A page is never smaller (a list laid out in a tiny window still asks for a useful page). */
const MIN_PAGE_SIZE = 8;
/** "Searching…" is said only when an answer takes longer than this (not on every keystroke). */
export const SLOW_SEARCH_MS = 200;

export const useLookupStore = defineStore('cardholderLookup', () => {
  const query = ref('');
  /** The query whose result is shown (may lag `query` by one answer). */
  const shownQuery = ref('');
  const total = ref(0);
  const pages = shallowRef(new Map<number, CardholderSummary[]>());
  const active = ref(-1);
  const searching = ref(false);
  /** A search has been waiting longer than SLOW_SEARCH_MS. */
  const slow = ref(false);
  let slowTimer: ReturnType<typeof setTimeout> | null = null;
  const error = ref<KioskError | null>(null);
  /** Names close to the query, when it found nobody. */
  const suggestions = shallowRef<string[]>([]);
  /** A row the officer highlighted while the answer to the last keystroke was on its way. */
  let movedWhileSearching: number | null = null;
  let token = 0;
  const pending = new Set<number>();
  /** Rows per page for the next search (the rows the list shows). */
  let nextPageSize = PAGE_SIZE;
  /** Rows per page of the result shown (the size it was asked with). */
  let pageSize = PAGE_SIZE;

  const hasQuery = computed(() => query.value.trim() !== '');

  function itemAt(index: number): CardholderSummary | null {
    return pages.value.get(Math.floor(index / pageSize))?.[index % pageSize] ?? null;
  }

  /** The list shows `rows` rows (visible and ready for a scroll): the next keystroke asks for that many. */
  function showRows(rows: number): void {
    if (Number.isFinite(rows)) nextPageSize = Math.max(MIN_PAGE_SIZE, Math.ceil(rows));
  }

  /**
   * Runs the lookup for `text` (each keystroke); a blank query shows nothing. `keepId`: the person
   * to keep highlighted when the answer holds them (a refresh after a save keeps the open record's row).
   */
  async function search(text: string, keepId: number | null = null): Promise<void> {
    if (text !== query.value) movedWhileSearching = null;
    query.value = text;
    const mine = ++token;
    pending.clear();
    if (text.trim() === '') {
      reset(false);
      return;
    }
    searching.value = true;
    if (slowTimer === null) slowTimer = setTimeout(() => (slow.value = true), SLOW_SEARCH_MS);
    const size = nextPageSize;
    const result = await kiosk.searchCardholders({ query: text, offset: 0, limit: size });
    if (mine !== token) return;
    searching.value = false;
    stopSlowTimer();
    if (!result.ok) {
      error.value = result.error;
      return;
    }
    error.value = null;
    shownQuery.value = text;
    pageSize = size;
    total.value = result.value.total;
    pages.value = new Map([[0, result.value.items]]);
    suggestions.value = result.value.suggestions ?? [];
    const kept = keepId === null ? -1 : result.value.items.findIndex((item) => item.id === keepId);
    const moved = movedWhileSearching;
    movedWhileSearching = null;
    if (result.value.total === 0) active.value = -1;
    else if (kept >= 0) active.value = kept;
    else if (moved !== null) active.value = Math.min(moved, result.value.total - 1);
    else active.value = 0;
  }

  /** Makes sure the rows from `start` to `end` (exclusive) are loaded. */
  async function ensureRows(start: number, end: number): Promise<void> {
    const mine = token;
    const size = pageSize;
    const first = Math.max(0, Math.floor(start / size));
    const last = Math.floor(Math.max(start, Math.min(end, total.value) - 1) / size);
    const loads: Promise<void>[] = [];
    for (let page = first; page <= last; page++) {
      if (pages.value.has(page) || pending.has(page)) continue;
      pending.add(page);
      loads.push(
        (async () => {
          const result = await kiosk.searchCardholders({ query: shownQuery.value, offset: page * size, limit: size });
          pending.delete(page);
          if (mine !== token) return;
          if (!result.ok) {
            error.value = result.error;
            return;
          }
          pages.value.set(page, result.value.items);
          total.value = result.value.total;
          triggerRef(pages);
        })(),
      );
    }
    await Promise.all(loads);
  }

  /**
   * Asks again for the query shown (the directory changed under it), keeping the highlight on
   * `keepId` (or on the person highlighted now) when they are still in the first page.
   */
  async function refresh(keepId: number | null = null): Promise<void> {
    const highlighted = active.value >= 0 ? (itemAt(active.value)?.id ?? null) : null;
    if (query.value.trim() !== '') await search(query.value, keepId ?? highlighted);
  }

  function move(to: number): void {
    // The answer to the last keystroke is on its way: the officer's choice is kept for it.
    if (searching.value) movedWhileSearching = Math.max(0, to);
    if (total.value === 0) return;
    active.value = Math.max(0, Math.min(total.value - 1, to));
  }

  function stopSlowTimer(): void {
    if (slowTimer !== null) clearTimeout(slowTimer);
    slowTimer = null;
    slow.value = false;
  }

  function reset(clearQuery: boolean): void {
    stopSlowTimer();
    if (clearQuery) query.value = '';
    shownQuery.value = '';
    total.value = 0;
    pages.value = new Map();
    active.value = -1;
    searching.value = false;
    error.value = null;
    suggestions.value = [];
    movedWhileSearching = null;
  }

  /** Forgets the query and every result (Next person, idle). */
  function clear(): void {
    ++token;
    pending.clear();
    reset(true);
  }

  usePrivacyRegistry().register('lookup', { scope: 'desk', hasPersonalData: () => query.value !== '', forget: clear });

  return {
    query: readonly(query),
    shownQuery: readonly(shownQuery),
    total: readonly(total),
    pages,
    active: readonly(active),
    searching: readonly(searching),
    slow: readonly(slow),
    error: readonly(error),
    suggestions,
    hasQuery,
    itemAt,
    showRows,
    search,
    ensureRows,
    refresh,
    move,
    clear,
  };
});

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useLookupStore, import.meta.hot));
