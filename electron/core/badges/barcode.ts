/**
 * Barcodes of the badge (Code 128, QR, PDF417), made by bwip-js as SVG, never by hand: the SVG to
 * place on the card, and how many modules it has, so the template check can tell whether a value
 * fits the element at a size a card printer and a reader can resolve.
 */
import bwipjs from 'bwip-js/node';
import type { BarcodeSymbology } from './template-schema';

/** The narrowest module printed: 0.25 mm (3 dots at 300 dpi). */
export const MIN_MODULE_MM = 0.25;
/** Quiet zone on each side, in modules. */
const QUIET: Record<BarcodeSymbology, number> = { code128: 10, qrcode: 4, pdf417: 2 };

export interface EncodedBarcode {
  /** An SVG document (white background, quiet zone included) that scales to the element's box. */
  svg: string;
  /** Width and height in modules, quiet zone included (a 1D code's height is its own: it stretches). */
  modulesX: number;
  modulesY: number;
}

export type BarcodeResult = { ok: true; barcode: EncodedBarcode } | { ok: false; reason: string };

export function encodeBarcode(symbology: BarcodeSymbology, value: string): BarcodeResult {
  if (value === '') return { ok: false, reason: 'the value is empty' };
  if (symbology === 'code128' && /[^\x20-\x7e]/.test(value)) return { ok: false, reason: 'Code 128 holds only plain ASCII letters, digits and signs' };
  const quiet = QUIET[symbology];
  try {
    const options = { bcid: symbology, text: value, scale: 1, includetext: false, backgroundcolor: 'FFFFFF', paddingwidth: quiet, paddingheight: symbology === 'code128' ? 0 : quiet, ...(symbology === 'code128' ? { height: 8 } : {}) };
    const raw = bwipjs.raw(options)[0] as { sbs?: number[]; pixx?: number; pixy?: number } | undefined;
    if (!raw) return { ok: false, reason: 'the barcode could not be made' };
    const modulesX = (raw.sbs ? raw.sbs.reduce((sum, width) => sum + width, 0) : (raw.pixx ?? 0)) + 2 * quiet;
    const modulesY = raw.sbs ? 0 : (raw.pixy ?? 0) + 2 * quiet;
    let svg = bwipjs.toSVG(options);
    // A 1D code stretches to its box (its bars keep their proportions across); a 2D code keeps its aspect.
    svg = svg.replace('<svg ', `<svg preserveAspectRatio="${raw.sbs ? 'none' : 'xMidYMid meet'}" `);
    return { ok: true, barcode: { svg, modulesX, modulesY } };
  } catch (thrown) {
    const message = thrown instanceof Error ? thrown.message : String(thrown);
    return { ok: false, reason: `the value cannot be encoded (${message.replace(/^bwipp\.\w+#?\d*:\s*/, '').slice(0, 160)})` };
  }
}

/** What `barcode` lacks in a box of widthMm × heightMm (lengths to one decimal), or null when it fits. */
export type BarcodeShortfall = { need: 'width'; neededMm: string } | { need: 'height1d' } | { need: 'area'; neededWidthMm: string; neededHeightMm: string };

export function barcodeShortfall(barcode: EncodedBarcode, widthMm: number, heightMm: number): BarcodeShortfall | null {
  const across = widthMm / barcode.modulesX;
  if (barcode.modulesY === 0) {
    if (across < MIN_MODULE_MM) return { need: 'width', neededMm: (barcode.modulesX * MIN_MODULE_MM).toFixed(1) };
    return heightMm < 5 ? { need: 'height1d' } : null;
  }
  if (Math.min(across, heightMm / barcode.modulesY) < MIN_MODULE_MM) return { need: 'area', neededWidthMm: (barcode.modulesX * MIN_MODULE_MM).toFixed(1), neededHeightMm: (barcode.modulesY * MIN_MODULE_MM).toFixed(1) };
  return null;
}

/** Why `barcode` does not fit a box of widthMm × heightMm (English, for the officer's refusal and the log), or null when it does. */
export function barcodeFitProblem(barcode: EncodedBarcode, widthMm: number, heightMm: number): string | null {
  const short = barcodeShortfall(barcode, widthMm, heightMm);
  if (!short) return null;
  if (short.need === 'width') return `it needs ${short.neededMm} mm of width, the element has ${widthMm} mm`;
  if (short.need === 'height1d') return `a 1D barcode needs at least 5 mm of height, the element has ${heightMm} mm`;
  return `it needs ${short.neededWidthMm} × ${short.neededHeightMm} mm, the element has ${widthMm} × ${heightMm} mm`;
}

/** The longest value a template promises (maxChars), made of the characters that take most room. */
export function worstCaseValue(symbology: BarcodeSymbology, chars: number): string {
  return (symbology === 'code128' ? 'W' : 'w').repeat(chars);
}
