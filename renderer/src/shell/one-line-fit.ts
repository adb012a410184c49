/**
 * One-line fit: keeps a wrapping bar (the title bar) on one line for as long as it can, in any
 * language at any width, by stepping through levels of compaction until its items share one row —
 * instead of fixed breakpoints tuned to English, which left German, French and Spanish on two rows
 * up to 1440 px and gave room away where English did not need it. The element gets the classes
 * `fit-1` … `fit-N` for the level chosen (cumulative: level 2 has `fit-1` and `fit-2`); the
 * component's CSS says what each level hides or tightens. Re-chosen when the window's width changes
 * and when a given source (the language, who is on shift) changes — not by observing the bar
 * itself, whose height the levels change (a ResizeObserver would report a loop). Where no level fits, the last
 * one stays and the bar takes a second row (it never widens the page).
 */
import { nextTick, onMounted, watch, type Ref, type WatchSource } from 'vue';
import { useEventListener } from '@vueuse/core';

/** The lowest level from 0 to `max` at which `fits` says yes; `max` when none does. */
export function lowestFittingLevel(max: number, fits: (level: number) => boolean): number {
  for (let level = 0; level < max; level++) if (fits(level)) return level;
  return max;
}

/**
 * Whether a flex row's items share one line: the content is no taller than its tallest item, and
 * no item's own rows (a tab list that wraps) are taller than their tallest child.
 */
export function sharesOneRow(bar: HTMLElement): boolean {
  const style = getComputedStyle(bar);
  const content = bar.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
  const items = Array.from(bar.children).filter((el): el is HTMLElement => el instanceof HTMLElement && el.getClientRects().length > 0 && getComputedStyle(el).position !== 'absolute');
  const tallest = Math.max(0, ...items.map((el) => el.getBoundingClientRect().height));
  if (content > tallest + 2) return false;
  // An item that wraps inside itself (the tabs): taller than each of its own items.
  return items.every((item) => {
    const rows = item.querySelectorAll<HTMLElement>('[data-fit-row]');
    if (rows.length === 0) return true;
    return Array.from(rows).every((row) => {
      const kids = Array.from(row.children).filter((el): el is HTMLElement => el instanceof HTMLElement);
      const kid = Math.max(0, ...kids.map((el) => el.getBoundingClientRect().height));
      return row.getBoundingClientRect().height <= kid + 2;
    });
  });
}

function applyLevel(bar: HTMLElement, level: number, max: number): void {
  for (let l = 1; l <= max; l++) bar.classList.toggle(`fit-${l}`, l <= level);
}

/** Fits `bar` to one line with up to `levels` steps of compaction; returns nothing, sets classes. */
export function useOneLineFit(bar: Ref<HTMLElement | null>, levels: number, sources: WatchSource[]): void {
  let fitting = false;
  function fit(): void {
    const el = bar.value;
    if (!el || fitting) return;
    fitting = true;
    try {
      // Each try is laid out at once (a synchronous measure), before anything is painted.
      const level = lowestFittingLevel(levels, (l) => {
        applyLevel(el, l, levels);
        return sharesOneRow(el);
      });
      applyLevel(el, level, levels);
    } finally {
      fitting = false;
    }
  }
  useEventListener(window, 'resize', fit, { passive: true });
  onMounted(fit);
  watch(sources, () => void nextTick(fit));
}
