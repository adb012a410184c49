/**
 * Renders the handover report's one page as a PDF with pdfkit. Its text is drawn in the kiosk's
 * shipped DejaVu Sans (regular and bold, resources/badge-fonts: the badges' fonts, handed in by
 * the composition root) — Latin, Greek and Cyrillic among much else, embedded and extractable —
 * and, when they cannot be read, in pdfkit's standard Helvetica (WinAnsi: the accents of English,
 * German, French and Spanish). Whatever the font in use cannot draw — CJK, emoji, and the
 * right-to-left scripts, which pdfkit would lay out backwards — is written as one "[?]" per run,
 * never as other characters (mojibake); direction overrides and invisible characters are left out.
 * The alarms by priority are a table whose headings wrap within their column; every other line
 * wraps to at most two lines (then an ellipsis). The page is laid out before it is drawn: when
 * the sections do not fit, the longest lists are shortened first, each saying how many more are
 * in the CSV, so the report is one page whatever the shift held and the longest words of any language.
 */
import PDFDocument from 'pdfkit';
import { withoutHiddenCharacters } from '../../contract/cardholder-fields';
import { type HandoverItem, type HandoverPage, type HandoverSection, type HandoverTable } from './handover-report';

const MARGIN = 48;
const TITLE_SIZE = 16;
const MADE_AT_SIZE = 8;
const HEADING_SIZE = 11;
const BODY_SIZE = 9;
const TABLE_HEAD_SIZE = 8;
/** A line of text wraps to at most this many lines; a table heading to at most TABLE_HEAD_LINES. */
const MAX_LINES = 2;
const TABLE_HEAD_LINES = 3;
/** Items a section lists at most before the page is fitted (the CSV has them all). */
const MAX_ITEMS = 15;
const DETAIL_INDENT = 14;
const AFTER_TITLE = 4;
const AFTER_MADE_AT = 10;
const AFTER_HEADING = 3;
const AFTER_SECTION = 9;
const CELL_PAD = 4;
/** The most of the table's width the priority's column takes. */
const FIRST_COLUMN = 0.19;
/** Table headings get this small at the least to fit their longest word in their column. */
const MIN_TABLE_HEAD_SIZE = 6.5;

/** The fonts a page draws with, by name: pdfkit's standard ones, or the shipped ones as registered (they have no oblique). */
interface Faces {
  FONT: string;
  BOLD: string;
  ITALIC: string;
}
const STANDARD: Faces = { FONT: 'Helvetica', BOLD: 'Helvetica-Bold', ITALIC: 'Helvetica-Oblique' };
// Names of their own: pdfkit keeps the standard Helvetica it opens first under 'Helvetica'.
const SHIPPED: Faces = { FONT: 'kiosk-sans', BOLD: 'kiosk-sans-bold', ITALIC: 'kiosk-sans' };

/** What stands for a run of characters the font cannot draw. */
export const MISSING_GLYPHS = '[?]';

/** The shipped fonts (TrueType bytes) and which code points they draw (font-metrics.ts reads their map). */
export interface HandoverFonts {
  regular: Buffer;
  bold: Buffer;
  /** Both fonts draw this code point. */
  covers(code: number): boolean;
}

/** What the standard fonts draw: WinAnsi (Latin-1 and the few letters and signs Windows-1252 adds). */
const WIN_ANSI_EXTRA = new Set([...'€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ'].map((ch) => ch.codePointAt(0)!));
const winAnsi = (code: number): boolean => (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(code);
/** Scripts written right to left: pdfkit lays text out left to right only, so they would read backwards. */
const RIGHT_TO_LEFT = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Adlam}\p{Script=Samaritan}\p{Script=Mandaic}]/u;

/**
 * A text as the page draws it: NFC, without direction overrides and invisible characters, narrow
 * spaces as no-break spaces, and each run of characters `covers` does not draw (or that reads right
 * to left) as one MISSING_GLYPHS.
 */
export function drawableText(text: string, covers: (code: number) => boolean): string {
  let out = '';
  let missing = false;
  for (const ch of withoutHiddenCharacters(text.normalize('NFC')).replace(/[\u2007\u2009\u200A\u202F]/g, '\u00A0')) {
    const code = ch.codePointAt(0)!;
    if (ch === '\n' || (covers(code) && !RIGHT_TO_LEFT.test(ch))) {
      out += ch;
      missing = false;
    } else if (!missing) {
      out += MISSING_GLYPHS;
      missing = true;
    }
  }
  return out;
}

/** Each document's coverage (the fonts it was given, or WinAnsi). */
const coverageOf = new WeakMap<object, (code: number) => boolean>();
const forPage = (doc: object, text: string): string => drawableText(text, coverageOf.get(doc) ?? winAnsi);
const facesOf = (doc: object): Faces => (coverageOf.has(doc) ? SHIPPED : STANDARD);

type Doc = InstanceType<typeof PDFDocument>;

interface Measured {
  section: HandoverSection;
  /** Height of what is always shown: heading, lead, table, tail (and "none"). */
  fixed: number;
  items: number[];
  shown: number;
}

/** The page as a PDF, drawn in `fonts` when given (see the header), else in the standard fonts. */
export function renderHandoverPdf(page: HandoverPage, fonts: HandoverFonts | null = null): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: drawableText(page.title, fonts ? fonts.covers : winAnsi), Creator: 'Access Kiosk' } });
    if (fonts) {
      doc.registerFont(SHIPPED.FONT, fonts.regular);
      doc.registerFont(SHIPPED.BOLD, fonts.bold);
      coverageOf.set(doc, fonts.covers);
    }
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      layOut(doc, page);
      doc.end();
    } catch (thrown) {
      reject(thrown instanceof Error ? thrown : new Error(String(thrown)));
    }
  });
}

function layOut(doc: Doc, page: HandoverPage): void {
  const { FONT, BOLD, ITALIC } = facesOf(doc);
  const width = doc.page.width - 2 * MARGIN;
  const bottom = doc.page.height - MARGIN;
  const lineHeight = (font: string, size: number): number => doc.font(font).fontSize(size).currentLineHeight(true);
  /** Height of a text at most `lines` lines high within `w`. */
  const measure = (text: string, font: string, size: number, w: number, lines = MAX_LINES): number => {
    const one = lineHeight(font, size);
    const full = doc.font(font).fontSize(size).heightOfString(forPage(doc, text), { width: w });
    return Math.min(Math.max(full, one), one * lines);
  };
  const measureItem = (item: HandoverItem): number => measure(item.text, FONT, BODY_SIZE, width) + item.details.reduce((h, d) => h + measure(d, FONT, BODY_SIZE, width - DETAIL_INDENT), 0);
  const moreLine = lineHeight(ITALIC, BODY_SIZE);

  const measured: Measured[] = page.sections.map((section) => {
    const empty = section.lead.length === 0 && section.table === null && section.items.length === 0 && section.tail.length === 0;
    let fixed = measure(section.heading, BOLD, HEADING_SIZE, width) + AFTER_HEADING + AFTER_SECTION;
    for (const line of [...section.lead, ...section.tail]) fixed += measure(line, FONT, BODY_SIZE, width);
    if (section.table) fixed += tableHeight(doc, section.table, width);
    if (empty) fixed += lineHeight(FONT, BODY_SIZE);
    const items = section.items.map(measureItem);
    return { section, fixed, items, shown: Math.min(items.length, MAX_ITEMS) };
  });
  const top = MARGIN + measure(page.title, BOLD, TITLE_SIZE, width, 1) + AFTER_TITLE + measure(page.madeAt, FONT, MADE_AT_SIZE, width, 1) + AFTER_MADE_AT;
  const used = (): number =>
    measured.reduce((total, m) => total + m.fixed + m.items.slice(0, m.shown).reduce((h, i) => h + i, 0) + (m.shown < m.items.length ? moreLine : 0), top);
  // Shorten the longest list, one item at a time, until the page holds everything.
  while (used() > bottom) {
    const longest = measured.reduce<Measured | null>((best, m) => (m.shown > 0 && (best === null || m.shown >= best.shown) ? m : best), null);
    if (!longest) break;
    longest.shown--;
  }

  const text = (value: string, font: string, size: number, options: { x?: number; w?: number; lines?: number; align?: 'left' | 'right' } = {}): void => {
    const w = options.w ?? width;
    const height = measure(value, font, size, w, options.lines ?? MAX_LINES);
    const y = doc.y;
    doc.font(font).fontSize(size).text(forPage(doc, value), options.x ?? MARGIN, y, { width: w, height, ellipsis: true, align: options.align ?? 'left' });
    doc.x = MARGIN;
    doc.y = y + height;
  };

  doc.y = MARGIN;
  text(page.title, BOLD, TITLE_SIZE, { lines: 1 });
  doc.y += AFTER_TITLE;
  text(page.madeAt, FONT, MADE_AT_SIZE, { lines: 1 });
  doc.y += AFTER_MADE_AT;
  for (const m of measured) {
    const { section } = m;
    text(section.heading, BOLD, HEADING_SIZE);
    doc.y += AFTER_HEADING;
    for (const line of section.lead) text(line, FONT, BODY_SIZE);
    if (section.table) drawTable(doc, section.table, width);
    for (const item of section.items.slice(0, m.shown)) {
      text(item.text, FONT, BODY_SIZE);
      for (const detail of item.details) text(detail, FONT, BODY_SIZE, { x: MARGIN + DETAIL_INDENT, w: width - DETAIL_INDENT });
    }
    if (m.shown < section.items.length) text(page.moreInCsv(section.items.length - m.shown), ITALIC, BODY_SIZE, { lines: 1 });
    for (const line of section.tail) text(line, FONT, BODY_SIZE);
    if (section.lead.length === 0 && section.table === null && section.items.length === 0 && section.tail.length === 0) text(page.none, FONT, BODY_SIZE, { lines: 1 });
    doc.y += AFTER_SECTION;
  }
}

/**
 * The table's columns: the first (the priority's) as wide as its longest cell or heading word, the
 * figures sharing the rest; and the headings' size, smaller where a word would not fit its column.
 */
function columnsOf(doc: Doc, table: HandoverTable, width: number): { columns: Array<{ x: number; w: number }>; headSize: number } {
  const { BOLD } = facesOf(doc);
  const longestWord = (text: string, size: number): number => Math.max(0, ...forPage(doc, text).split(/\s+/).map((word) => doc.font(BOLD).fontSize(size).widthOfString(word)));
  const cells = [table.columns[0] ?? '', ...table.rows.map((row) => row[0] ?? '')];
  const first = Math.min(width * FIRST_COLUMN, Math.max(...cells.map((cell) => Math.max(longestWord(cell, BODY_SIZE), longestWord(cell, TABLE_HEAD_SIZE)))) + CELL_PAD * 2);
  const rest = (width - first) / Math.max(1, table.columns.length - 1);
  const columns = table.columns.map((_, i) => (i === 0 ? { x: MARGIN, w: first } : { x: MARGIN + first + (i - 1) * rest, w: rest }));
  let headSize = TABLE_HEAD_SIZE;
  while (headSize > MIN_TABLE_HEAD_SIZE && table.columns.some((heading, i) => longestWord(heading, headSize) > columns[i]!.w - CELL_PAD)) headSize -= 0.5;
  return { columns, headSize };
}

function headHeight(doc: Doc, table: HandoverTable, width: number): number {
  const { BOLD } = facesOf(doc);
  const { columns, headSize } = columnsOf(doc, table, width);
  const one = doc.font(BOLD).fontSize(headSize).currentLineHeight(true);
  return Math.min(one * TABLE_HEAD_LINES, Math.max(one, ...table.columns.map((heading, i) => doc.font(BOLD).fontSize(headSize).heightOfString(forPage(doc, heading), { width: columns[i]!.w - CELL_PAD }))));
}

function tableHeight(doc: Doc, table: HandoverTable, width: number): number {
  const { FONT } = facesOf(doc);
  const row = doc.font(FONT).fontSize(BODY_SIZE).currentLineHeight(true) + 2;
  return headHeight(doc, table, width) + 4 + table.rows.length * row + 2;
}

function drawTable(doc: Doc, table: HandoverTable, width: number): void {
  const { FONT, BOLD } = facesOf(doc);
  const { columns, headSize } = columnsOf(doc, table, width);
  const head = headHeight(doc, table, width);
  const top = doc.y;
  table.columns.forEach((heading, i) => {
    const { x, w } = columns[i]!;
    // Headings sit on the rule under them, each wrapped within its column.
    const h = Math.min(head, doc.font(BOLD).fontSize(headSize).heightOfString(forPage(doc, heading), { width: w - CELL_PAD }));
    doc.text(forPage(doc, heading), i === 0 ? x : x + CELL_PAD, top + head - h, { width: w - CELL_PAD, height: head, ellipsis: true, align: i === 0 ? 'left' : 'right' });
  });
  let y = top + head + 2;
  doc.moveTo(MARGIN, y).lineTo(MARGIN + width, y).lineWidth(0.5).stroke();
  y += 2;
  const row = doc.font(FONT).fontSize(BODY_SIZE).currentLineHeight(true) + 2;
  table.rows.forEach((cells, r) => {
    const total = table.lastIsTotal && r === table.rows.length - 1;
    if (total) doc.moveTo(MARGIN, y).lineTo(MARGIN + width, y).lineWidth(0.5).stroke();
    cells.forEach((cell, i) => {
      const { x, w } = columns[i]!;
      doc
        .font(total ? BOLD : FONT)
        .fontSize(BODY_SIZE)
        .text(forPage(doc, cell), i === 0 ? x : x + CELL_PAD, y + 1, { width: w - CELL_PAD, height: row, ellipsis: true, lineBreak: false, align: i === 0 ? 'left' : 'right' });
    });
    y += row;
  });
  doc.x = MARGIN;
  doc.y = y + 2;
}
