/**
 * History search store: the search form, the validated request (search or search-by-codes,
 * chosen from what the guard filled), the results with their sort, and the CSV export with its
 * progress. Talks to main only through renderer/src/api. A failed search leaves the live feed
 * untouched: the two stores share nothing but settings.
 */
import { defineStore, acceptHMRUpdate } from 'pinia';
import { computed, reactive, readonly, ref, shallowRef } from 'vue';
import { kiosk, type KioskError } from '../api/kiosk';
import type { ExportResult, FeedEvent, TaskProgress } from '../../../electron/contract/ipc';
import { emptySearchForm, endpointFor, planSearch, toLocalInputValue, type FieldProblem, type PlannedSearch, type SearchForm } from './search-form';
import { DEFAULT_SORT, nextSort, sortEvents, type ResultSort, type SortColumn } from './search-results';

export interface SearchOutcome {
  resultId: string;
  events: FeedEvent[];
  endpoint: PlannedSearch['endpoint'];
  at: string;
}

/** Range a fresh form starts with: the last 24 hours. */
export function defaultRange(now: Date = new Date()): Pick<SearchForm, 'from' | 'to'> {
  const to = new Date(now.getTime() + 60_000); // round up so events of this minute are included
  const from = new Date(now.getTime() - 24 * 3_600_000);
  return { from: toLocalInputValue(from), to: toLocalInputValue(to) };
}

export const useHistorySearchStore = defineStore('historySearch', () => {
  const form = reactive<SearchForm>({ ...emptySearchForm(), ...defaultRange() });
  const problems = ref<FieldProblem[]>([]);
  const searching = ref(false);
  const error = ref<KioskError | null>(null);
  const outcome = shallowRef<SearchOutcome | null>(null);
  const sort = ref<ResultSort>({ ...DEFAULT_SORT });
  const exporting = ref(false);
  const progress = ref<TaskProgress | null>(null);
  const exportResult = ref<ExportResult | null>(null);
  const exportError = ref<KioskError | null>(null);
  let tenantsInitialised = false;
  let searchToken = 0;

  const endpoint = computed(() => endpointFor(form));
  const sortedEvents = computed<FeedEvent[]>(() => (outcome.value ? sortEvents(outcome.value.events, sort.value) : []));
  const problemFor = (field: keyof SearchForm): string | null => problems.value.find((p) => p.field === field)?.message ?? null;

  /** Fills the tenants from the kiosk settings, once, if the guard has not typed any. */
  function applyDefaultTenants(tenants: readonly number[]): void {
    if (tenantsInitialised) return;
    tenantsInitialised = true;
    if (form.tenants.trim() === '' && tenants.length > 0) form.tenants = tenants.join(', ');
  }

  function resetForm(defaultTenants: readonly number[] = []): void {
    Object.assign(form, emptySearchForm(defaultTenants), defaultRange());
    problems.value = [];
    error.value = null;
  }

  /** Validates, then calls the endpoint the filled fields call for. Returns whether a request went out. */
  async function search(): Promise<boolean> {
    const plan = planSearch(form);
    if (!plan.ok) {
      problems.value = plan.problems;
      error.value = null;
      return false;
    }
    problems.value = [];
    error.value = null;
    searching.value = true;
    const mine = ++searchToken;
    try {
      const planned = plan.plan;
      const result =
        planned.endpoint === 'searchEventsByCodes'
          ? await kiosk.searchEventsByCodes(planned.request)
          : await kiosk.searchEvents(planned.request);
      if (mine !== searchToken) return true;
      if (result.ok) {
        outcome.value = { ...result.value, endpoint: planned.endpoint, at: new Date().toISOString() };
        exportResult.value = null;
        exportError.value = null;
        progress.value = null;
      } else {
        error.value = result.error;
      }
      return true;
    } finally {
      if (mine === searchToken) searching.value = false;
    }
  }

  function sortBy(column: SortColumn): void {
    sort.value = nextSort(sort.value, column);
  }

  let exportCount = 0;
  async function exportCsv(): Promise<void> {
    const current = outcome.value;
    if (!current || exporting.value) return;
    exporting.value = true;
    exportError.value = null;
    exportResult.value = null;
    progress.value = null;
    exportCount += 1;
    const taskId = `export-${Date.now().toString(36)}-${exportCount}`;
    const unsubscribe = kiosk.onTaskProgress((p) => {
      if (p.taskId === taskId) progress.value = p;
    });
    try {
      const result = await kiosk.exportSearchCsv({ resultId: current.resultId, taskId, sort: { ...sort.value } });
      if (result.ok) exportResult.value = result.value;
      else exportError.value = result.error;
    } finally {
      unsubscribe();
      exporting.value = false;
    }
  }

  function dismissError(): void {
    error.value = null;
  }

  return {
    form,
    problems: readonly(problems),
    searching: readonly(searching),
    error: readonly(error),
    outcome,
    sort: readonly(sort),
    sortedEvents,
    endpoint,
    exporting: readonly(exporting),
    progress: readonly(progress),
    exportResult: readonly(exportResult),
    exportError: readonly(exportError),
    problemFor,
    applyDefaultTenants,
    resetForm,
    search,
    sortBy,
    exportCsv,
    dismissError,
  };
});

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useHistorySearchStore, import.meta.hot));
