/**
 * The badge page: one HTML document per print job, each side one page at the card's true size in
 * millimetres (CSS @page with no margin), the shipped font embedded (nothing is fetched: the page
 * works offline and prints the same everywhere), images and barcodes as data: URLs, no script.
 * The print edges (Electron's hidden window, the browser harness's Chromium) print exactly this.
 */
import type { BadgeBox, BadgeSideLayout } from '../../contract/ipc';

export interface BadgeFontFiles {
  regular: Uint8Array;
  bold: Uint8Array;
  /** The same fonts cut to Latin (DejaVuSans-Latin.ttf): a tenth of the size, the same glyphs and widths there. */
  regularLatin?: Uint8Array;
  boldLatin?: Uint8Array;
}

/** What the Latin cut holds (resources/badge-fonts/README.md says how it was made). */
const LATIN_ONLY = /^[\u0020-\u007e\u00a0-\u024f\u1e00-\u1eff\u2010-\u2027\u2030-\u203a\u20ac]*$/;

/** The badge page's own policy: nothing from anywhere, no script; its styles and data: images only. */
export const BADGE_PAGE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:; base-uri 'none'; form-action 'none'";
export const BADGE_FONT_FAMILY = 'BadgeSans';

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
/** Only data: URLs of images go into the page (layout values come from the core, this is a second guard). */
const safeUrl = (url: string): string => (/^data:image\/(png|jpeg|svg\+xml);base64,[A-Za-z0-9+/=]+$/.test(url) ? url : '');
const safeColour = (colour: string | undefined, fallback: string): string => (colour && /^#[0-9a-fA-F]{6}$/.test(colour) ? colour : fallback);
const n = (value: number): string => `${Math.round(value * 1000) / 1000}mm`;

function boxHtml(box: BadgeBox): string {
  const place = `left:${n(box.x)};top:${n(box.y)};width:${n(box.width)};height:${n(box.height)}`;
  switch (box.kind) {
    case 'text': {
      const lines = (box.lines ?? []).map((line) => `<span class="line">${escapeHtml(line)}</span>`).join('');
      const justify = box.align === 'center' ? 'center' : box.align === 'right' ? 'flex-end' : 'flex-start';
      return `<div class="box text" data-element="${escapeHtml(box.id)}" style="${place};font-size:${box.fontSize ?? 10}pt;font-weight:${box.bold ? 700 : 400};color:${safeColour(box.color, '#000000')};align-items:${justify};text-align:${box.align ?? 'left'}">${lines}</div>`;
    }
    case 'photo':
    case 'image':
    case 'barcode': {
      const src = box.src ? safeUrl(box.src) : '';
      const border = box.kind === 'photo' && box.color ? `;outline:0.3mm solid ${safeColour(box.color, '#000000')};outline-offset:-0.3mm` : '';
      if (!src) return `<div class="box missing" data-element="${escapeHtml(box.id)}" style="${place}"></div>`;
      return `<img class="box" data-element="${escapeHtml(box.id)}" alt="" src="${src}" style="${place};object-fit:${box.fit ?? 'contain'}${border}">`;
    }
    case 'band':
      return `<div class="box" data-element="${escapeHtml(box.id)}" style="${place};background:${safeColour(box.fill, '#888888')}"></div>`;
    case 'border':
      return `<div class="box" data-element="${escapeHtml(box.id)}" style="${place};border:${n(box.thickness ?? 1)} solid ${safeColour(box.fill, '#888888')}"></div>`;
  }
}

function sideHtml(side: BadgeSideLayout): string {
  const background = side.backgroundImage ? `<img class="box" alt="" src="${safeUrl(side.backgroundImage)}" style="left:0;top:0;width:100%;height:100%;object-fit:cover">` : '';
  return `<section class="side" data-side="${side.side}" style="background:${safeColour(side.background, '#ffffff')}">${background}${side.boxes.map(boxHtml).join('')}</section>`;
}

const fontFace = (bytes: Uint8Array, weight: number): string =>
  `@font-face{font-family:${BADGE_FONT_FAMILY};src:url(data:font/ttf;base64,${Buffer.from(bytes).toString('base64')}) format("truetype");font-weight:${weight};font-style:normal}`;

/** The whole document; every side has the same size (one template). `lang`: the language its words are in. */
export function badgePageHtml(sides: readonly BadgeSideLayout[], fonts: BadgeFontFiles, title: string, lang = 'en'): string {
  const first = sides[0];
  const width = first?.widthMm ?? 53.98;
  const height = first?.heightMm ?? 85.6;
  const bold = sides.some((s) => s.boxes.some((b) => b.kind === 'text' && b.bold));
  // The whole font only when a text needs more than Latin (Chromium lays a PDF out faster with the small cut).
  const latin = sides.every((s) => s.boxes.every((b) => LATIN_ONLY.test((b.lines ?? []).join(''))));
  const regular = latin && fonts.regularLatin ? fonts.regularLatin : fonts.regular;
  const boldFont = latin && fonts.boldLatin ? fonts.boldLatin : fonts.bold;
  const css = [
    fontFace(regular, 400),
    bold ? fontFace(boldFont, 700) : '',
    `@page{size:${n(width)} ${n(height)};margin:0}`,
    'html,body{margin:0;padding:0;background:#ffffff}',
    '*{-webkit-print-color-adjust:exact;print-color-adjust:exact}',
    `.side{position:relative;width:${n(width)};height:${n(height)};overflow:hidden;break-after:page;page-break-after:always}`,
    '.side:last-child{break-after:auto;page-break-after:auto}',
    '.box{position:absolute;box-sizing:border-box;display:block;margin:0}',
    `.text{display:flex;flex-direction:column;justify-content:center;font-family:${BADGE_FONT_FAMILY},sans-serif;line-height:1.2;white-space:pre;overflow:visible}`,
    '.missing{background:repeating-linear-gradient(45deg,#eeeeee 0 2mm,#ffffff 2mm 4mm)}',
  ].join('\n');
  return `<!doctype html><html lang="${/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})?$/.test(lang) ? lang : 'en'}"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${BADGE_PAGE_POLICY}"><title>${escapeHtml(title)}</title><style>${css}</style></head><body>${sides.map(sideHtml).join('')}</body></html>`;
}
