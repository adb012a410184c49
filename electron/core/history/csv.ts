/**
 * CSV writing for exported search results: RFC 4180 quoting, CRLF line ends, a UTF-8 byte-order
 * mark so spreadsheet programs read accented names, and protection against formula injection
 * (a text cell that starts like a formula is prefixed with an apostrophe). The file is written
 * in slices to a temporary file beside the target and renamed into place, so a failed export
 * never leaves half a file under the name the guard chose. No knowledge of events here.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';

export const CSV_BOM = '\uFEFF';
export const CSV_LINE_END = '\r\n';

/** Characters a spreadsheet reads as the start of a formula (OWASP's list, with tab and CR). */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell: empty for null/undefined, JSON for objects, quoted when RFC 4180 needs it. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text: string;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') {
    text = String(value); // real numbers are data, never formulas: -5 stays -5
  } else {
    text = typeof value === 'string' ? value : JSON.stringify(value);
    if (FORMULA_START.test(text)) text = `'${text}`;
  }
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: readonly unknown[]): string {
  return values.map(csvCell).join(',') + CSV_LINE_END;
}

export interface CsvWriteOptions {
  /** Called after each slice with the number of data rows written so far. */
  onProgress?: (rowsWritten: number) => void;
  /** Rows per write call. */
  sliceRows?: number;
}

/**
 * Writes a BOM, the header and every row to `file` (replacing it), without holding the whole text
 * in memory. Returns the number of data rows written.
 */
export async function writeCsvFile(
  file: string,
  header: readonly string[],
  rows: Iterable<readonly unknown[]>,
  options: CsvWriteOptions = {},
): Promise<number> {
  const sliceRows = Math.max(1, options.sliceRows ?? 1_000);
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${randomUUID()}.part`);
  const handle = await fs.open(temp, 'w');
  let written = 0;
  try {
    let slice = CSV_BOM + csvLine(header);
    let inSlice = 0;
    for (const row of rows) {
      slice += csvLine(row);
      inSlice++;
      if (inSlice === sliceRows) {
        await handle.write(slice, null, 'utf8');
        written += inSlice;
        slice = '';
        inSlice = 0;
        options.onProgress?.(written);
      }
    }
    if (slice.length > 0) await handle.write(slice, null, 'utf8');
    written += inSlice;
    await handle.sync();
    await handle.close();
    await fs.rename(temp, file);
  } catch (thrown) {
    await handle.close().catch(() => undefined);
    await fs.rm(temp, { force: true }).catch(() => undefined);
    throw thrown;
  }
  return written;
}
