/**
 * Renders the handover report's one page as a PDF with pdfkit and its embedded standard fonts
 * (Helvetica: nothing is fetched or read from the system, and the text stays extractable; its
 * WinAnsi encoding covers the accents of English, German, French and Spanish — the narrow spaces
 * some locales group digits with are written as no-break spaces, which it has). The alarms by
 * priority are a table whose headings wrap within their column; every other line wraps to at
 * most two lines (then an ellipsis). The page is laid out before it is drawn: when the sections do
 * not fit, the longest lists are shortened first, each saying how many more are in the CSV, so
 * the report is one page whatever the shift held and the longest words of any language.
 */
import PDFDocument from 'pdfkit';
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

const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';
const ITALIC = 'Helvetica-Oblique';

/** Characters the standard fonts' encoding lacks, written as the nearest it has (a narrow no-break space as a no-break space). */
const forWinAnsi = (text: string): string => text.replace(/[\u2007\u2009\u200A\u202F]/g, '\u00A0');

type Doc = InstanceType<typeof PDFDocument>;

interface Measured {
  section: HandoverSection;
  /** Height of what is always shown: heading, lead, table, tail (and "none"). */
  fixed: number;
  items: number[];
  shown: number;
}

export function renderHandoverPdf(page: HandoverPage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: forWinAnsi(page.title), Creator: 'Access Kiosk' } });
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
  const width = doc.page.width - 2 * MARGIN;
  const bottom = doc.page.height - MARGIN;
  const lineHeight = (font: string, size: number): number => doc.font(font).fontSize(size).currentLineHeight(true);
  /** Height of a text at most `lines` lines high within `w`. */
  const measure = (text: string, font: string, size: number, w: number, lines = MAX_LINES): number => {
    const one = lineHeight(font, size);
    const full = doc.font(font).fontSize(size).heightOfString(forWinAnsi(text), { width: w });
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
    doc.font(font).fontSize(size).text(forWinAnsi(value), options.x ?? MARGIN, y, { width: w, height, ellipsis: true, align: options.align ?? 'left' });
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
  const longestWord = (text: string, size: number): number => Math.max(0, ...forWinAnsi(text).split(/\s+/).map((word) => doc.font(BOLD).fontSize(size).widthOfString(word)));
  const cells = [table.columns[0] ?? '', ...table.rows.map((row) => row[0] ?? '')];
  const first = Math.min(width * FIRST_COLUMN, Math.max(...cells.map((cell) => Math.max(longestWord(cell, BODY_SIZE), longestWord(cell, TABLE_HEAD_SIZE)))) + CELL_PAD * 2);
  const rest = (width - first) / Math.max(1, table.columns.length - 1);
  const columns = table.columns.map((_, i) => (i === 0 ? { x: MARGIN, w: first } : { x: MARGIN + first + (i - 1) * rest, w: rest }));
  let headSize = TABLE_HEAD_SIZE;
  while (headSize > MIN_TABLE_HEAD_SIZE && table.columns.some((heading, i) => longestWord(heading, headSize) > columns[i]!.w - CELL_PAD)) headSize -= 0.5;
  return { columns, headSize };
}

function headHeight(doc: Doc, table: HandoverTable, width: number): number {
  const { columns, headSize } = columnsOf(doc, table, width);
  const one = doc.font(BOLD).fontSize(headSize).currentLineHeight(true);
  return Math.min(one * TABLE_HEAD_LINES, Math.max(one, ...table.columns.map((heading, i) => doc.font(BOLD).fontSize(headSize).heightOfString(forWinAnsi(heading), { width: columns[i]!.w - CELL_PAD }))));
}

function tableHeight(doc: Doc, table: HandoverTable, width: number): number {
  const row = doc.font(FONT).fontSize(BODY_SIZE).currentLineHeight(true) + 2;
  return headHeight(doc, table, width) + 4 + table.rows.length * row + 2;
}

function drawTable(doc: Doc, table: HandoverTable, width: number): void {
  const { columns, headSize } = columnsOf(doc, table, width);
  const head = headHeight(doc, table, width);
  const top = doc.y;
  table.columns.forEach((heading, i) => {
    const { x, w } = columns[i]!;
    // Headings sit on the rule under them, each wrapped within its column.
    const h = Math.min(head, doc.font(BOLD).fontSize(headSize).heightOfString(forWinAnsi(heading), { width: w - CELL_PAD }));
    doc.text(forWinAnsi(heading), i === 0 ? x : x + CELL_PAD, top + head - h, { width: w - CELL_PAD, height: head, ellipsis: true, align: i === 0 ? 'left' : 'right' });
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
        .text(forWinAnsi(cell), i === 0 ? x : x + CELL_PAD, y + 1, { width: w - CELL_PAD, height: row, ellipsis: true, lineBreak: false, align: i === 0 ? 'left' : 'right' });
    });
    y += row;
  });
  doc.x = MARGIN;
  doc.y = y + 2;
}
