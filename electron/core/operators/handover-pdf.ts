/**
 * Renders the handover report's one page as a PDF with pdfkit and its embedded standard fonts
 * (Helvetica: nothing is fetched or read from the system, and the text stays extractable; its
 * WinAnsi encoding covers the accents of English, German, French and Spanish). Each
 * line is kept to one line of the page (cut with an ellipsis) and each section to a few lines, so
 * the report is one page whatever the shift held; the CSV carries everything.
 */
import PDFDocument from 'pdfkit';
import { fill, type HandoverPage } from './handover-report';

/** Lines a section shows on the page at most (the report's builder already cuts the long ones). */
const MAX_SECTION_LINES = 12;

export function renderHandoverPdf(page: HandoverPage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 48, info: { Title: page.title, Creator: 'Access Kiosk' } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    const width = doc.page.width - 96;
    const line = (text: string, font: string, size: number, gap = 0): void => {
      doc.font(font).fontSize(size).text(text, { width, lineBreak: false, ellipsis: true, height: size * 1.3 });
      doc.moveDown(gap);
    };
    line(page.title, 'Helvetica-Bold', 16, 0.4);
    line(page.madeAt, 'Helvetica', 8, 0.6);
    for (const section of page.sections) {
      line(section.heading, 'Helvetica-Bold', 11, 0.15);
      const shown = section.lines.slice(0, MAX_SECTION_LINES);
      for (const text of shown) line(text, 'Helvetica', 9);
      if (section.lines.length > shown.length) line(fill(page.moreInCsv, { count: page.number(section.lines.length - shown.length) }), 'Helvetica-Oblique', 9);
      doc.moveDown(0.6);
    }
    doc.end();
  });
}
