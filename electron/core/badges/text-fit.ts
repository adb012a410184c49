/**
 * Fits a value into a text element of the card: the template's size on one line if it fits, then
 * smaller type down to the element's smallest size, then (when the element allows two lines) two
 * lines broken at a space or a hyphen, largest size first. A value is never cut: when nothing
 * fits, the answer says so and the badge is not printed. Widths come from the shipped font's own
 * metrics (font-metrics.ts), with a small margin for the printer's rounding.
 */
import type { FontMetrics } from './font-metrics';

export const PT_TO_MM = 25.4 / 72;
export const LINE_HEIGHT = 1.2;
/** Widths are taken 3 % wider than the font says: rounding in the print path never pushes a glyph out. */
const SAFETY = 1.03;
const STEP_PT = 0.25;

export interface FitRequest {
  text: string;
  widthMm: number;
  heightMm: number;
  fontSize: number;
  minFontSize: number;
  maxLines: 1 | 2;
}

export interface FittedText {
  lines: string[];
  fontSize: number;
}

const widthMm = (metrics: FontMetrics, text: string, sizePt: number): number => metrics.widthEm(text) * sizePt * PT_TO_MM * SAFETY;
const heightMm = (lines: number, sizePt: number): number => lines * sizePt * LINE_HEIGHT * PT_TO_MM;

/** Where a value may break: after a space (dropped) or after a hyphen (kept on the first line). */
function splits(text: string): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (let i = 1; i < text.length - 1; i += 1) {
    const char = text[i];
    if (char === ' ') out.push([text.slice(0, i).trimEnd(), text.slice(i + 1).trimStart()]);
    else if (char === '-' || char === '\u2010') out.push([text.slice(0, i + 1), text.slice(i + 1).trimStart()]);
  }
  return out.filter(([a, b]) => a.length > 0 && b.length > 0);
}

export function fitText(metrics: FontMetrics, request: FitRequest): FittedText | null {
  const text = request.text.trim();
  const sizes: number[] = [];
  for (let size = request.fontSize; size >= request.minFontSize - 1e-9; size -= STEP_PT) sizes.push(Math.round(size * 100) / 100);
  if (text === '') return { lines: [], fontSize: request.fontSize };
  for (const size of sizes) {
    if (heightMm(1, size) <= request.heightMm + 1e-9 && widthMm(metrics, text, size) <= request.widthMm) return { lines: [text], fontSize: size };
  }
  if (request.maxLines < 2) return null;
  // The break that makes the longer of the two lines shortest.
  let best: [string, string] | null = null;
  let bestWidth = Infinity;
  for (const split of splits(text)) {
    const width = Math.max(metrics.widthEm(split[0]), metrics.widthEm(split[1]));
    if (width < bestWidth) {
      bestWidth = width;
      best = split;
    }
  }
  if (!best) return null;
  for (const size of sizes) {
    if (heightMm(2, size) <= request.heightMm + 1e-9 && widthMm(metrics, best[0], size) <= request.widthMm && widthMm(metrics, best[1], size) <= request.widthMm) {
      return { lines: [best[0], best[1]], fontSize: size };
    }
  }
  return null;
}

/** The smallest size a text element may shrink to. */
export function smallestSize(fontSize: number, minFontSize: number | undefined): number {
  return Math.min(fontSize, minFontSize ?? Math.max(5, Math.round(fontSize * 0.6 * 4) / 4));
}
