/**
 * History search store: the search form, the site catalogue its pick lists offer (read from main
 * when the screen opens), the validated request (search or search-by-codes, chosen from what the
 * guard filled), the results with their sort, and the CSV export with its progress. Results of an
 * earlier search stay on screen marked stale when a new one is refused or fails, so nobody takes
 * them for the answer to the new question. A result main says may lack older events (SearchCut:
 * the service answered with its limit, or the kiosk keeps no more) is read on a part at a time
 * ("Read the next part"): main answers only the events new to the result, which join it below
 * those shown, so the guard keeps one list to sort and export. Talks to main only through
 * renderer/src/api.
 */
import { defineStore, acceptHMRUpdate } from 'pinia';
import { usePrivacyRegistry } from '../shell/privacy-registry';
import { computed, reactive, readonly, ref, shallowRef } from 'vue';
import { kiosk, type KioskError } from '../api/kiosk';
import type { ExportResult, HistoryEvent, SearchCut, SiteCatalogue, TaskProgress } from '../../../electron/contract/ipc';
import { emptySearchForm, endpointFor, idKey, planSearch, toDateInput, toTimeInput, type FieldProblem, type PlannedSearch, type SearchForm } from './search-form';
import { DEFAULT_SORT, nextSort, sortEvents, type ResultSort, type SortColumn } from './search-results';
import { knownTenants, searchOptions, startingTenants, type SearchOptions } from './search-catalogue';

export interface SearchOutcome {
  resultId: string;
  events: HistoryEvent[];
  endpoint: PlannedSearch['endpoint'];
  at: string;
  /** Why these results no longer answer the form: a newer search was refused or failed. */
  stale: 'refused' | 'failed' | null;
  /** The search as it was sent: its next part is asked with the same request. */
  search: PlannedSearch;
  /** Parts read: 1 after the search, one more for each next part. */
  parts: number;
  /** Why older events of the search may be missing; null when the result is complete. */
  cut: SearchCut | null;
  /** The ids the last next part added (empty after the search itself): the table shows where they start. */
  added: readonly number[];
  /** Elements the service sent that could not be read as events (every part so far). */
  unreadable: number;
}

/** The saved export of a result that was cut: the file holds only the events read (and says so). */
export interface ExportOutcome extends ExportResult {
  cut: SearchCut | null;
}

/** Range a fresh form starts with: the last 24 hours, up to the end of this minute. */
export function defaultRange(now: Date = new Date()): Pick<SearchForm, 'fromDate' | 'fromTime' | 'toDate' | 'toTime'> {
  const from = new Date(now.getTime() - 24 * 3_600_000);
  const to = new Date(now.getTime());
  to.setSeconds(59, 0);
  return { fromDate: toDateInput(from), fromTime: toTimeInput(from).slice(0, 5), toDate: toDateInput(to), toTime: `${toTimeInput(to).slice(0, 5)}:59` };
}

const EMPTY_OPTIONS: SearchOptions = { tenants: [], devices: [], deviceTypes: [], eventCategories: [], eventTypes: [], subcodeCategories: [], subcodes: [] };

export const useHistorySearchStore = defineStore('historySearch', () => {
  const form = reactive<SearchForm>({ ...emptySearchForm(), ...defaultRange() });
  const problems = ref<FieldProblem[]>([]);
  const searching = ref(false);
  const error = ref<KioskError | null>(null);
  const outcome = shallowRef<SearchOutcome | null>(null);
  const sort = ref<ResultSort>({ ...DEFAULT_SORT });
  const exporting = ref(false);
  const progress = ref<TaskProgress | null>(null);
  const exportResult = ref<ExportOutcome | null>(null);
  const readingNext = ref(false);
  const nextError = ref<KioskError | null>(null);
  const exportError = ref<KioskError | null>(null);
  const catalogue = shallowRef<SiteCatalogue | null>(null);
  const catalogueError = ref<KioskError | null>(null);
  let configuredTenants: number[] = [];
  let tenantsTouched = false;
  let searchToken = 0;
  /** The "To" the form was given automatically; while the guard leaves it so, each search moves it to now. */
  let autoTo: Pick<SearchForm, 'toDate' | 'toTime'> = { toDate: form.toDate, toTime: form.toTime };

  const endpoint = computed(() => endpointFor(form));
  const options = computed<SearchOptions>(() => (catalogue.value ? searchOptions(catalogue.value) : EMPTY_OPTIONS));
  const sortedEvents = computed<HistoryEvent[]>(() => (outcome.value ? sortEvents(outcome.value.events, sort.value) : []));
  const problemFor = (field: keyof SearchForm): string | null => problems.value.find((p) => p.field === field)?.message ?? null;

  /** The configured default tenants (empty: every tenant of the catalogue), applied until the guard picks tenants. */
  function setDefaultTenants(tenants: readonly number[]): void {
    configuredTenants = [...tenants];
    if (!tenantsTouched) form.tenants = startingTenants(configuredTenants, catalogue.value).map(idKey);
  }

  function setTenants(keys: string[]): void {
    tenantsTouched = true;
    form.tenants = keys;
  }

  /** Reads the site catalogue (and what the kiosk has seen since); the pick lists follow. */
  async function loadCatalogue(): Promise<void> {
    const result = await kiosk.getSiteCatalogue();
    if (!result.ok) {
      catalogueError.value = result.error;
      return;
    }
    catalogueError.value = null;
    catalogue.value = result.value;
    if (!tenantsTouched) form.tenants = startingTenants(configuredTenants, result.value).map(idKey);
  }

  function resetForm(): void {
    tenantsTouched = false;
    Object.assign(form, emptySearchForm(startingTenants(configuredTenants, catalogue.value)), defaultRange());
    autoTo = { toDate: form.toDate, toTime: form.toTime };
    problems.value = [];
    error.value = null;
  }

  function markStale(why: 'refused' | 'failed'): void {
    if (outcome.value) outcome.value = { ...outcome.value, stale: why };
  }

  /** Validates, then calls the endpoint the filled fields call for. Returns whether a request went out. */
  async function search(): Promise<boolean> {
    // "To" defaults to now at each search (an alarm of a second ago is found) unless the guard set it.
    if (form.toDate === autoTo.toDate && form.toTime === autoTo.toTime) {
      const { toDate, toTime } = defaultRange();
      Object.assign(form, { toDate, toTime });
      autoTo = { toDate, toTime };
    }
    const plan = planSearch(form, catalogue.value ? knownTenants(catalogue.value) : []);
    if (!plan.ok) {
      problems.value = plan.problems;
      error.value = null;
      markStale('refused');
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
        const { resultId, events, part, cut } = result.value;
        outcome.value = { resultId, events, endpoint: planned.endpoint, at: new Date().toISOString(), stale: null, search: planned, parts: part ?? 1, cut: cut ?? null, added: [], unreadable: result.value.unreadable ?? 0 };
        nextError.value = null;
        exportResult.value = null;
        exportError.value = null;
        progress.value = null;
      } else {
        error.value = result.error;
        markStale('failed');
      }
      return true;
    } finally {
      if (mine === searchToken) searching.value = false;
    }
  }

  /**
   * Reads the next part of a cut result: the same search, with the result's id; the events main
   * adds join the list. Returns whether they did (a newer search or a failure: not).
   */
  async function readNextPart(): Promise<boolean> {
    const current = outcome.value;
    if (!current?.cut?.canReadNext || readingNext.value || exporting.value) return false;
    readingNext.value = true;
    nextError.value = null;
    const mine = searchToken;
    try {
      const planned = current.search;
      const result =
        planned.endpoint === 'searchEventsByCodes'
          ? await kiosk.searchEventsByCodes({ ...planned.request, nextPartOf: current.resultId })
          : await kiosk.searchEvents({ ...planned.request, nextPartOf: current.resultId });
      const now = outcome.value;
      if (mine !== searchToken || now?.resultId !== current.resultId) return false;
      if (!result.ok) {
        nextError.value = result.error;
        return false;
      }
      const { events, part, cut, unreadable } = result.value;
      outcome.value = { ...now, events: [...now.events, ...events], parts: part ?? now.parts + 1, cut: cut ?? null, added: events.map((e) => e.record_ID), unreadable: unreadable ?? now.unreadable };
      exportResult.value = null;
      exportError.value = null;
      return true;
    } finally {
      readingNext.value = false;
    }
  }

  function sortBy(column: SortColumn): void {
    sort.value = nextSort(sort.value, column);
  }

  let exportCount = 0;
  async function exportCsv(): Promise<void> {
    const current = outcome.value;
    if (!current || exporting.value || readingNext.value) return;
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
      // Main writes what it holds of the result now, which is what is shown: the cut as shown goes with it.
      const cut = current.cut;
      const result = await kiosk.exportSearchCsv({ resultId: current.resultId, taskId, sort: { ...sort.value } });
      if (result.ok) exportResult.value = { ...result.value, cut };
      else exportError.value = result.error;
    } finally {
      unsubscribe();
      exporting.value = false;
    }
  }

  function dismissError(): void {
    error.value = null;
  }

  function dismissNextError(): void {
    nextError.value = null;
  }

  usePrivacyRegistry().register('history-search', {
    scope: 'kiosk',
    hasPersonalData: () => outcome.value !== null || form.text.trim() !== '',
    forget: () => {
      resetForm();
      outcome.value = null;
      nextError.value = null;
    },
  });

  return {
    form,
    problems: readonly(problems),
    searching: readonly(searching),
    error: readonly(error),
    outcome,
    sort: readonly(sort),
    sortedEvents,
    endpoint,
    options,
    catalogue,
    catalogueError: readonly(catalogueError),
    exporting: readonly(exporting),
    progress: readonly(progress),
    exportResult: readonly(exportResult),
    exportError: readonly(exportError),
    readingNext: readonly(readingNext),
    nextError: readonly(nextError),
    problemFor,
    setDefaultTenants,
    setTenants,
    loadCatalogue,
    resetForm,
    search,
    sortBy,
    exportCsv,
    readNextPart,
    dismissError,
    dismissNextError,
  };
});

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useHistorySearchStore, import.meta.hot));
