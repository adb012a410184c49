/**
 * The rows the guard ticked to acknowledge together: only rows with alarms still waiting count,
 * acknowledged rows leave the selection, and selecting every waiting row asks first when there
 * are more than `askAbove` (a stray Enter must not select a flood).
 * The chosen keys are a plain Set, replaced (never changed) on each change: the rows (20,000 on a
 * full feed) are looked up in it at every update of the list, and a reactive Set would track each
 * lookup as a dependency of its own.
 */
import { computed, nextTick, ref, shallowRef, watch, type Ref } from 'vue';

export interface SelectableRow {
  key: string;
  /** The row's alarms nobody has acknowledged yet. */
  pendingIds: readonly number[];
}

export interface RowSelectionOptions<Row extends SelectableRow> {
  rows: Ref<readonly Row[]>;
  /** Changes when alarms are acknowledged (the selection is pruned then). */
  acknowledged: () => unknown;
  /** Selecting all asks first above this many waiting rows. */
  askAbove: number;
  /** Called (after render) when the question is put: focus its "No". */
  onAsk?: () => void;
}

export function useRowSelection<Row extends SelectableRow>(options: RowSelectionOptions<Row>) {
  const { rows } = options;
  const chosen = shallowRef<ReadonlySet<string>>(new Set());
  const waitingRows = computed(() => rows.value.filter((row) => row.pendingIds.length > 0));
  const chosenRows = computed(() => {
    const keys = chosen.value;
    return keys.size === 0 ? [] : rows.value.filter((row) => keys.has(row.key) && row.pendingIds.length > 0);
  });
  const chosenAlarms = computed(() => chosenRows.value.reduce((n, row) => n + row.pendingIds.length, 0));
  /** "Select all N waiting rows?" is on screen. */
  const confirmingAll = ref(false);

  const isChosen = (row: Row): boolean => chosen.value.has(row.key);
  function toggleChosen(row: Row, on: boolean): void {
    const next = new Set(chosen.value);
    if (on) next.add(row.key);
    else next.delete(row.key);
    chosen.value = next;
  }
  function chooseAllWaiting(): void {
    if (waitingRows.value.length > options.askAbove && !confirmingAll.value) {
      confirmingAll.value = true;
      void nextTick(() => options.onAsk?.());
      return;
    }
    confirmingAll.value = false;
    chosen.value = new Set(waitingRows.value.map((row) => row.key));
  }
  function clearSelection(): void {
    chosen.value = new Set();
  }
  watch(options.acknowledged, () => {
    const stillWaiting = new Set(waitingRows.value.map((row) => row.key));
    if ([...chosen.value].some((key) => !stillWaiting.has(key))) chosen.value = new Set([...chosen.value].filter((key) => stillWaiting.has(key)));
  });
  return { chosen, chosenRows, chosenAlarms, waitingRows, confirmingAll, isChosen, toggleChosen, chooseAllWaiting, clearSelection };
}
