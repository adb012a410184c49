/**
 * CSV writing for exported search results: RFC 4180 quoting, CRLF line ends, a UTF-8 byte-order
 * mark so spreadsheet programs read accented names, and protection against formula injection
 * (a text cell that starts like a formula is prefixed with an apostrophe, and so is any part of
 * it after a comma, semicolon, tab or line end; such a cell is quoted whatever its separator). The file is written
 * in slices by the kiosk's one file writer (storage/owner-only-files.ts: a temporary file beside
 * the target, renamed into place), so a failed export never leaves half a file under the name the
 * guard chose. Exports hold personal data: the file is readable by its owner only (0600); the
 * folder the guard chose is left as it is. Times are written twice, as the screen shows them (the
 * kiosk's local time, with its UTC offset) and in UTC (csvTimes). Lines may precede the header
 * (a note that the file is incomplete: `before`). No knowledge of events here.
 */
import { writeOwnerOnly } from '../storage/owner-only-files';

export const CSV_BOM = '\uFEFF';
export const CSV_LINE_END = '\r\n';

/** Characters a spreadsheet reads as the start of a formula (OWASP's list, with tab and CR). */
const FORMULA_START = /^[=+\-@\t\r]/;
/**
 * A formula at the start of a part a spreadsheet could split out of a cell at a separator it
 * takes (comma, semicolon — Excel's with German, French or Spanish settings — or tab) or a line
 * end: "=", "+", "@", or "-" before anything but a digit, a space or a dot ("-5", "- note" stay).
 */
const FORMULA_AFTER_SEPARATOR = /([,;\t\r\n])(?=[=+@]|-[^0-9 .])/g;
/** Quoted whenever it holds a quote, a line end or a separator of any common kind, so that no spreadsheet splits it. */
const NEEDS_QUOTES = /[",;\t\r\n]/;

/** One cell: empty for null/undefined, JSON for objects, quoted when it holds a separator of any common kind. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text: string;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') {
    text = String(value); // real numbers are data, never formulas: -5 stays -5
  } else {
    text = typeof value === 'string' ? value : JSON.stringify(value);
    if (FORMULA_START.test(text)) text = `'${text}`;
    text = text.replace(FORMULA_AFTER_SEPARATOR, "$1'");
  }
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/**
 * A time in two cells: local as on screen, 24-hour, with its offset ("2026-02-01 13:00:01 +01:00"),
 * and UTC ("2026-02-01 12:00:01 UTC"). A value that is not a time gives itself and an empty cell.
 */
export function csvTimes(value: unknown): [string, string] {
  if (value === null || value === undefined || value === '') return ['', ''];
  const date = value instanceof Date ? value : new Date(typeof value === 'number' ? value : String(value));
  if (Number.isNaN(date.getTime())) return [String(value), ''];
  const offset = -date.getTimezoneOffset();
  const zone = `${offset < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
  const local = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())} ${zone}`;
  const utc = `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
  return [local, utc];
}

export function csvLine(values: readonly unknown[]): string {
  return values.map(csvCell).join(',') + CSV_LINE_END;
}

export interface CsvWriteOptions {
  /** Called after each slice with the number of data rows written so far. */
  onProgress?: (rowsWritten: number) => void;
  /** Rows per write call. */
  sliceRows?: number;
  /** Lines written before the header (each a row of cells), not counted as data rows. */
  before?: ReadonlyArray<readonly unknown[]>;
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
  let written = 0;
  // Each slice is written before the next is made: progress counts rows on disk.
  function* slices(): Generator<Uint8Array> {
    let slice = CSV_BOM + (options.before ?? []).map(csvLine).join('') + csvLine(header);
    let inSlice = 0;
    for (const row of rows) {
      slice += csvLine(row);
      inSlice++;
      if (inSlice === sliceRows) {
        yield Buffer.from(slice, 'utf8');
        written += inSlice;
        slice = '';
        inSlice = 0;
        options.onProgress?.(written);
      }
    }
    if (slice.length > 0) yield Buffer.from(slice, 'utf8');
    written += inSlice;
  }
  await writeOwnerOnly(file, slices(), { folder: 'as-is' });
  return written;
}
