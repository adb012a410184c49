/**
 * One group of unacknowledged alarms, a page at a time: the page shown is read from main (which
 * keeps the alarms in its database), never the whole group, so 100,000 waiting alarms cost this
 * page one page of rows. The page is read again when the alarms change (main's summary revision,
 * at most every REFRESH_MS), when the group or order changes, and on request (after an
 * acknowledgement, before focus moves). A page that became empty (its alarms acknowledged) moves
 * to the last page that has some. Holds the page and its place; renders nothing.
 */
import { computed, getCurrentScope, onScopeDispose, ref, shallowRef, toValue, watch, type MaybeRefOrGetter } from 'vue';
import type { AlarmFilter, AlarmGroup, AlarmGroupMark, AlarmOrder, KioskError, OpenAlarm } from '../../../electron/contract/ipc';
import { useOpenAlarmStore } from './open-alarms-store';

/** Least time between two reads caused by changes (a flood changes the summary several times a second). */
export const REFRESH_MS = 400;

export interface AlarmPagesOptions {
  group: MaybeRefOrGetter<AlarmGroup>;
  order: MaybeRefOrGetter<AlarmOrder>;
  pageSize: number;
  /** Read only while this is true (a group shown collapsed reads nothing). */
  enabled?: MaybeRefOrGetter<boolean>;
  /** Only the alarms matching the feed's filters (main matches them). */
  filter?: MaybeRefOrGetter<AlarmFilter | undefined>;
}

/** A filter that narrows something (a field typed), or undefined. */
export function activeFilter(filter: AlarmFilter | undefined): AlarmFilter | undefined {
  return filter && Object.values(filter).some((value) => typeof value === 'string' && value.trim() !== '') ? filter : undefined;
}

export function useAlarmPages(options: AlarmPagesOptions) {
  const store = useOpenAlarmStore();
  const offset = ref(0);
  const items = shallowRef<OpenAlarm[]>([]);
  const total = ref(0);
  /** What the last read counted: the total, where the groups stood then and the filter it was read with (acknowledging "all of these" refers to it). */
  const counted = shallowRef<{ total: number; asOf: AlarmGroupMark; filter: AlarmFilter | undefined } | null>(null);
  const loading = ref(false);
  const error = ref<KioskError | null>(null);
  let asked = 0;
  let lastReadAt = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const enabled = (): boolean => toValue(options.enabled ?? true);

  async function reload(): Promise<void> {
    if (!enabled()) return;
    const seq = ++asked;
    loading.value = true;
    lastReadAt = Date.now();
    try {
      const filter = toValue(options.filter);
      const result = await store.page(toValue(options.group), toValue(options.order), offset.value, options.pageSize, filter);
      if (seq !== asked) return;
      if (!result.ok) {
        error.value = result.error;
        return;
      }
      error.value = null;
      total.value = result.value.total;
      counted.value = { total: result.value.total, asOf: result.value.asOf, filter: activeFilter(filter) };
      if (result.value.items.length === 0 && offset.value > 0 && result.value.total > 0) {
        offset.value = Math.floor((result.value.total - 1) / options.pageSize) * options.pageSize;
        await reload();
        return;
      }
      // The same alarms in the same states: nothing to draw again (a flood changes the summary, not this page, many times a second).
      const same = result.value.items.length === items.value.length && result.value.items.every((alarm, i) => alarm.id === items.value[i]?.id && alarm.event.alarm?.state === items.value[i]?.event.alarm?.state);
      if (!same) items.value = result.value.items;
    } finally {
      if (seq === asked) loading.value = false;
    }
  }

  /** A read soon, at most one per REFRESH_MS (changes come in bursts). */
  function scheduleReload(): void {
    if (timer !== null || !enabled()) return;
    const wait = Math.max(0, lastReadAt + REFRESH_MS - Date.now());
    timer = setTimeout(() => {
      timer = null;
      void reload();
    }, wait);
  }

  watch(() => store.revision, scheduleReload);
  watch(
    () => [toValue(options.group), toValue(options.order), enabled(), JSON.stringify(toValue(options.filter) ?? null)] as const,
    () => {
      offset.value = 0;
      if (enabled()) void reload();
      else items.value = [];
    },
    { immediate: true },
  );

  async function go(to: number): Promise<void> {
    const last = total.value === 0 ? 0 : Math.floor((total.value - 1) / options.pageSize) * options.pageSize;
    offset.value = Math.max(0, Math.min(last, to));
    await reload();
  }

  const hasPrevious = computed(() => offset.value > 0);
  const hasNext = computed(() => offset.value + options.pageSize < total.value);
  /** The first and last position shown (1-based), 0 and 0 when empty. */
  const range = computed(() => (items.value.length === 0 ? { from: 0, to: 0 } : { from: offset.value + 1, to: offset.value + items.value.length }));

  const stop = (): void => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  if (getCurrentScope()) onScopeDispose(stop);

  return {
    items,
    total,
    counted,
    offset,
    loading,
    error,
    range,
    hasPrevious,
    hasNext,
    reload,
    next: () => go(offset.value + options.pageSize),
    previous: () => go(offset.value - options.pageSize),
    first: () => go(0),
    stop,
  };
}

export type AlarmPages = ReturnType<typeof useAlarmPages>;
