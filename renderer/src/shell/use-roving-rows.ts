/**
 * Keyboard movement over the rows of a long (virtualized) list, shared by the live feed and the
 * front desk's lookup. `useRovingRows` turns a key into the row it moves to: Up and Down one row,
 * Page Up/Down a screenful, Home and End the first and last (with Ctrl where the keys belong to a
 * text box's caret). `useRovingFocus` builds on it for a list that is one Tab stop (roving
 * tabindex): one control of one row is focusable at a time, arrow keys move between rows, Left and
 * Right between the controls of a row. Rows carry `data-index`, their controls `data-control`.
 */
import { computed, nextTick, ref, type Ref } from 'vue';

export interface RovingRowsOptions {
  /** How many rows the list has. */
  count: () => number;
  /** The scrolling element: its height makes a page. */
  scroller: Ref<HTMLElement | null>;
  rowHeight: number;
  /** Rows a page holds while the list has no height yet. */
  pageRowsBeforeLayout: number;
  /** Home and End move only with Ctrl (plain, they move a text box's caret). */
  homeEndWithCtrl?: boolean;
}

export interface RovingRows {
  /** Rows a Page Up/Down moves: a screenful less one, at least one. */
  pageRows(): number;
  /** The row the key moves to from `at` (never below 0; the caller clamps the top end), or null when the key does not move. */
  targetOf(event: Pick<KeyboardEvent, 'key' | 'ctrlKey'>, at: number): number | null;
}

export function useRovingRows(options: RovingRowsOptions): RovingRows {
  function pageRows(): number {
    const height = options.scroller.value?.clientHeight ?? options.rowHeight * options.pageRowsBeforeLayout;
    return Math.max(1, Math.floor(height / options.rowHeight) - 1);
  }
  function targetOf(event: Pick<KeyboardEvent, 'key' | 'ctrlKey'>, at: number): number | null {
    const homeEnd = !options.homeEndWithCtrl || event.ctrlKey;
    switch (event.key) {
      case 'ArrowDown':
        return at + 1;
      case 'ArrowUp':
        return Math.max(0, at - 1);
      case 'PageDown':
        return at + pageRows();
      case 'PageUp':
        return Math.max(0, at - pageRows());
      case 'Home':
        return homeEnd ? 0 : null;
      case 'End':
        return homeEnd ? options.count() - 1 : null;
      default:
        return null;
    }
  }
  return { pageRows, targetOf };
}

export interface RovingFocusOptions<Row extends { key: string }, Control extends string> extends Omit<RovingRowsOptions, 'count' | 'homeEndWithCtrl'> {
  rows: Ref<readonly Row[]>;
  /** The controls of a row, in order from left to right; every row has `defaultControl`. */
  controlsOf(row: Row): readonly Control[];
  /** The control a row is focused on when no other is asked for (the one every row has). */
  defaultControl: Control;
  /** Brings a row into the rendered window (the virtualizer). */
  scrollToIndex(index: number): void;
  /** Called on every key press and focus change inside the list (e.g. to pause auto-scroll). */
  onUse?(): void;
}

export interface RovingFocus<Control extends string> {
  /** The row holding the Tab stop (0 when none was chosen or it left the list). */
  activeIndex: Readonly<Ref<number>>;
  activeControl: Readonly<Ref<Control>>;
  /** 0 for the one control that is the list's Tab stop, -1 for every other. */
  tabIndexOf(index: number, control: Control): 0 | -1;
  /** Moves the Tab stop to this control of this row (clamped to the list) and focuses it once rendered. */
  focusControl(index: number, control: Control): Promise<void>;
  onFocusIn(event: FocusEvent): void;
  onKey(event: KeyboardEvent): void;
  indexOfRow(key: string): number;
  focusRowAt(index: number): void;
  /** Focuses the row with this key, else the row now at `fallbackIndex`. */
  focusRow(key: string, fallbackIndex?: number): void;
}

export function useRovingFocus<Row extends { key: string }, Control extends string>(options: RovingFocusOptions<Row, Control>): RovingFocus<Control> {
  const { rows, scroller } = options;
  const fallback = options.defaultControl;
  const moves = useRovingRows({ ...options, count: () => rows.value.length });
  const active = ref<{ key: string; control: Control } | null>(null) as Ref<{ key: string; control: Control } | null>;
  const activeIndex = computed(() => {
    const key = active.value?.key;
    const index = key === undefined ? -1 : rows.value.findIndex((row) => row.key === key);
    return index >= 0 ? index : 0;
  });
  const activeControl = computed<Control>(() => (active.value && rows.value[activeIndex.value]?.key === active.value.key ? active.value.control : fallback));
  const tabIndexOf = (index: number, control: Control): 0 | -1 => (index === activeIndex.value && control === activeControl.value ? 0 : -1);

  function controlElement(index: number, control: Control): HTMLElement | null {
    return scroller.value?.querySelector<HTMLElement>(`li[data-index="${index}"] [data-control="${control}"]`) ?? null;
  }
  async function focusControl(index: number, control: Control): Promise<void> {
    const target = Math.max(0, Math.min(rows.value.length - 1, index));
    const row = rows.value[target];
    if (!row) return;
    const kind = options.controlsOf(row).includes(control) ? control : fallback;
    active.value = { key: row.key, control: kind };
    options.scrollToIndex(target);
    for (let attempt = 0; attempt < 5; attempt++) {
      await nextTick();
      const el = controlElement(target, kind);
      if (el) {
        el.focus();
        return;
      }
      await new Promise((r) => requestAnimationFrame(() => r(undefined)));
    }
  }
  /** The row and control an event's target is, when it is one of the list's controls. */
  function placeOf(target: HTMLElement | null): { index: number; row: Row; control: Control } | null {
    const control = target?.dataset?.control as Control | undefined;
    const li = target?.closest?.('li[data-index]');
    if (!li || !control) return null;
    const index = Number(li.getAttribute('data-index'));
    const row = rows.value[index];
    return row ? { index, row, control } : null;
  }
  function onFocusIn(event: FocusEvent): void {
    options.onUse?.();
    const target = event.target as HTMLElement | null;
    if (target === scroller.value) {
      // The active row is scrolled out of the rendered window: bring it back and focus it.
      void focusControl(activeIndex.value, activeControl.value);
      return;
    }
    const place = placeOf(target);
    if (place) active.value = { key: place.row.key, control: place.control };
  }
  function onKey(event: KeyboardEvent): void {
    options.onUse?.();
    const place = placeOf(event.target as HTMLElement | null);
    if (!place) return;
    const { index, row, control } = place;
    if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
      const controls = options.controlsOf(row);
      const next = controls[controls.indexOf(control) + (event.key === 'ArrowRight' ? 1 : -1)];
      if (next) {
        event.preventDefault();
        void focusControl(index, next);
      }
      return;
    }
    const next = moves.targetOf(event, index);
    if (next === null) return;
    event.preventDefault();
    void focusControl(next, control);
  }
  function indexOfRow(key: string): number {
    return rows.value.findIndex((r) => r.key === key);
  }
  function focusRowAt(index: number): void {
    if (rows.value.length > 0) void focusControl(Math.min(index, rows.value.length - 1), fallback);
    else scroller.value?.focus();
  }
  function focusRow(key: string, fallbackIndex?: number): void {
    const index = indexOfRow(key);
    if (index >= 0) void focusControl(index, fallback);
    else if (fallbackIndex !== undefined) focusRowAt(Math.max(0, fallbackIndex));
  }
  return { activeIndex, activeControl, tabIndexOf, focusControl, onFocusIn, onKey, indexOfRow, focusRowAt, focusRow };
}
