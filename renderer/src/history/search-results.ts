/**
 * Sorting of history search results, matching the columns main can sort the CSV export by.
 * Pure: the table and the export use the same column names and direction.
 */
import type { FeedEvent } from '../../../electron/contract/ipc';
import { t } from '../i18n/i18n';

export const SORT_COLUMNS = ['record_ID', 'created', 'event_Category_Name', 'device_Name', 'custom_Text'] as const;
export type SortColumn = (typeof SORT_COLUMNS)[number];
export type SortDirection = 'asc' | 'desc';
export interface ResultSort {
  column: SortColumn;
  direction: SortDirection;
}

/** In the language shown (getters: reactive where they are read). */
export const COLUMN_LABELS: Readonly<Record<SortColumn, string>> = {
  get record_ID() {
    return t('history.table.columns.record_ID');
  },
  get created() {
    return t('history.table.columns.created');
  },
  get event_Category_Name() {
    return t('history.table.columns.event_Category_Name');
  },
  get device_Name() {
    return t('history.table.columns.device_Name');
  },
  get custom_Text() {
    return t('history.table.columns.custom_Text');
  },
};

export const DEFAULT_SORT: ResultSort = { column: 'created', direction: 'desc' };

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

function compare(a: FeedEvent, b: FeedEvent, column: SortColumn): number {
  switch (column) {
    case 'record_ID':
      return a.record_ID - b.record_ID;
    case 'created': {
      const ta = Date.parse(String(a.created));
      const tb = Date.parse(String(b.created));
      if (Number.isNaN(ta) || Number.isNaN(tb)) return collator.compare(String(a.created ?? ''), String(b.created ?? ''));
      return ta - tb;
    }
    default:
      return collator.compare(String(a[column] ?? ''), String(b[column] ?? ''));
  }
}

/** A sorted copy; ties keep record_ID order so the result is stable and deterministic. */
export function sortEvents<T extends FeedEvent>(events: readonly T[], sort: ResultSort): T[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...events].sort((a, b) => sign * (compare(a, b, sort.column) || a.record_ID - b.record_ID));
}

/** Clicking a header: same column flips the direction, a new column starts ascending (time: newest first). */
export function nextSort(current: ResultSort, column: SortColumn): ResultSort {
  if (current.column === column) return { column, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { column, direction: column === 'created' || column === 'record_ID' ? 'desc' : 'asc' };
}

export const ariaSortOf = (sort: ResultSort, column: SortColumn): 'ascending' | 'descending' | 'none' =>
  sort.column !== column ? 'none' : sort.direction === 'asc' ? 'ascending' : 'descending';
