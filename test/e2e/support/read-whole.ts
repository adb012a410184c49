/**
 * Layout checks for the languages' end-to-end tests: the page never scrolls sideways, and no text
 * that must be read whole is cut. Components mark such text with `data-read-whole` (alarm text,
 * people's names, the status bar's connection state, notices); an element so marked is "cut" when
 * its content is wider or taller than its box (clipped, or ended with an ellipsis) or it has no
 * size at all while visible to assistive technology.
 */
import type { Page } from '@playwright/test';

export interface CutText {
  /** The element's test id, or its tag and classes where it has none. */
  element: string;
  text: string;
  scrollWidth: number;
  clientWidth: number;
  scrollHeight: number;
  clientHeight: number;
}

/** The page's width against the window's: a page wider than its window scrolls sideways. */
export async function horizontalOverflow(page: Page): Promise<{ scrollWidth: number; innerWidth: number; fits: boolean }> {
  return page.evaluate(() => {
    const scrollWidth = document.documentElement.scrollWidth;
    return { scrollWidth, innerWidth: window.innerWidth, fits: scrollWidth <= window.innerWidth };
  });
}

/** Every visible `[data-read-whole]` element whose text does not fit its box (an empty list passes). */
export async function cutTexts(page: Page): Promise<CutText[]> {
  return page.evaluate(() => {
    const cut: CutText[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('[data-read-whole]'))) {
      const style = getComputedStyle(el);
      if (style.display === 'none' || style.visibility === 'hidden' || el.getClientRects().length === 0) continue;
      const over = el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1;
      if (!over) continue;
      cut.push({
        element: el.dataset.testid ?? `${el.tagName.toLowerCase()}.${Array.from(el.classList).join('.')}`,
        text: (el.textContent ?? '').trim().slice(0, 120),
        scrollWidth: el.scrollWidth,
        clientWidth: el.clientWidth,
        scrollHeight: el.scrollHeight,
        clientHeight: el.clientHeight,
      });
    }
    return cut;
  });
}

/** How many `[data-read-whole]` elements are visible: a check that found none checked nothing. */
export async function readWholeCount(page: Page): Promise<number> {
  return page.evaluate(() => Array.from(document.querySelectorAll<HTMLElement>('[data-read-whole]')).filter((el) => el.getClientRects().length > 0).length);
}
