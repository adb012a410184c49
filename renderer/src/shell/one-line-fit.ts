/**
 * One-line fit: keeps a wrapping bar (the title bar, the status bar) on one line for as long as it
 * can, in any language at any width, by stepping through levels of compaction until its items
 * share one row — instead of fixed breakpoints tuned to English, which left German, French and
 * Spanish on two rows where English had one, and gave room away where English did not need it.
 * The element gets the classes `fit-1` … `fit-N` for the level chosen (cumulative: level 2 has
 * `fit-1` and `fit-2`); the component's CSS says what each level hides or tightens. Re-chosen when
 * the window's width changes and when the bar's text or children change (a language, a name, a
 * count) — not by observing the bar's size, which the levels themselves change. Where no level
 * fits, the last one stays and the bar takes a second row (it never widens the page). An item
 * marked `data-fit-own-row` takes a row of its own on purpose and is left out of the measure; the
 * items of one marked `data-fit-row` (the tabs) are measured as the bar's own; a text marked
 * `data-fit-line` (the connection's state) must keep to one line for the bar to fit. A part marked
 * `data-fit-hide="N"` is hidden from sight from level N on by the one rule in theme.css.
 */
import { onBeforeUnmount, onMounted, type Ref } from 'vue';
import { useEventListener, useMutationObserver } from '@vueuse/core';

/** The lowest level from 0 to `max` at which `fits` says yes; `max` when none does. */
export function lowestFittingLevel(max: number, fits: (level: number) => boolean): number {
  for (let level = 0; level < max; level++) if (fits(level)) return level;
  return max;
}

/** Whether boxes share one row: some horizontal line crosses every one of them. */
export function crossedByOneLine(boxes: ReadonlyArray<{ top: number; bottom: number }>): boolean {
  if (boxes.length === 0) return true;
  return Math.max(...boxes.map((b) => b.top)) < Math.min(...boxes.map((b) => b.bottom)) - 1;
}

function shown(el: Element): el is HTMLElement {
  return el instanceof HTMLElement && el.getClientRects().length > 0 && getComputedStyle(el).position !== 'absolute';
}

/** How many lines an element's text takes (its text's boxes, by their tops). */
function lineCount(el: Element): number {
  const range = document.createRange();
  range.selectNodeContents(el);
  const tops = new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top / 4)));
  return tops.size;
}

/**
 * Whether the bar fits on one line: its items (and the items of its `data-fit-row` parts) share
 * one row, none reaches out of the bar, and each text marked `data-fit-line` is on one line.
 */
export function sharesOneRow(bar: HTMLElement): boolean {
  const mine = (el: Element): boolean => shown(el) && !el.closest('[data-fit-own-row]');
  const items = Array.from(bar.children).filter(mine);
  const inner = Array.from(bar.querySelectorAll('[data-fit-row] > *')).filter(mine);
  const boxes = [...items, ...inner].map((el) => el.getBoundingClientRect());
  const edge = bar.getBoundingClientRect();
  if (bar.scrollWidth > bar.clientWidth + 1 || boxes.some((b) => b.right > edge.right + 1 || b.left < edge.left - 1)) return false;
  if (!Array.from(bar.querySelectorAll('[data-fit-line]')).filter(mine).every((el) => lineCount(el) <= 1)) return false;
  return crossedByOneLine(boxes);
}

function applyLevel(bar: HTMLElement, level: number, max: number): void {
  for (let l = 1; l <= max; l++) bar.classList.toggle(`fit-${l}`, l <= level);
}

/** How long a level found stays trusted while it still fits (a lower one is tried after this). */
const RESEARCH_AFTER_MS = 2000;

/** Fits `bar` to one line with up to `levels` steps of compaction (sets its `fit-N` classes). */
export function useOneLineFit(bar: Ref<HTMLElement | null>, levels: number): void {
  function fit(): void {
    const el = bar.value;
    if (!el) return;
    // Each try is laid out at once (a synchronous measure), before anything is painted.
    const level = lowestFittingLevel(levels, (l) => {
      applyLevel(el, l, levels);
      return sharesOneRow(el);
    });
    applyLevel(el, level, levels);
  }
  let queued = false;
  let searchedAt = 0;
  let trailing: ReturnType<typeof setTimeout> | undefined;
  /**
   * After a text change: the level kept still fits, and a lower one was tried not long ago — one
   * measure (the layout the frame needs anyway). A counter changes many times a second on a busy
   * site; searching every level each time cost the guard's screen a forced layout per level.
   */
  function refit(): void {
    const el = bar.value;
    if (!el) return;
    const now = performance.now();
    if (now - searchedAt < RESEARCH_AFTER_MS && sharesOneRow(el)) {
      // The last change is searched once things are quiet (a shorter text may allow a lower level).
      if (trailing === undefined) trailing = setTimeout(() => ((trailing = undefined), soon()), RESEARCH_AFTER_MS);
      return;
    }
    searchedAt = now;
    fit();
  }
  function soon(): void {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      refit();
    });
  }
  useEventListener(window, 'resize', fit, { passive: true });
  // Text and children only: the classes set here are not watched, so fitting never feeds itself.
  useMutationObserver(bar, soon, { childList: true, characterData: true, subtree: true });
  onMounted(fit);
  onBeforeUnmount(() => clearTimeout(trailing));
}
