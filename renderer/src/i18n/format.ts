/**
 * Dates, times, numbers and durations in the language shown now (Intl.DateTimeFormat and
 * Intl.NumberFormat) and the workstation's time zone (the renderer runs on the workstation, so
 * its time zone is the default one). English formats as en-GB: day before month and the 24-hour
 * clock, as the kiosk has always shown and guard logs are kept; German, French and Spanish use
 * the 24-hour clock of their own. Formatters are made once per language and kept (formatting
 * 20,000 rows must stay cheap). Reads the i18n instance's locale, so a computed or a template
 * that formats is formatted again when the language changes.
 */
import { currentLocale } from './i18n';
import { INTL_LOCALE } from './locales';

type DateInput = string | number | Date | null | undefined;

const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat>(kind: string, make: (locale: string) => T): T {
  const locale = INTL_LOCALE[currentLocale()];
  const key = `${kind} ${locale}`;
  let formatter = cache.get(key) as T | undefined;
  if (!formatter) {
    formatter = make(locale);
    cache.set(key, formatter);
  }
  return formatter;
}

const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' };
const dateTimeFormat = (kind: 'time' | 'shortDateTime' | 'dateTime' | 'date'): Intl.DateTimeFormat =>
  cached(kind, (locale) =>
    kind === 'time'
      ? new Intl.DateTimeFormat(locale, TIME)
      : kind === 'shortDateTime'
        ? new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', ...TIME })
        : kind === 'dateTime'
          ? new Intl.DateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit', ...TIME })
          : new Intl.DateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit' }),
  );

export const toDate = (value: DateInput): Date | null => {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};
const raw = (value: DateInput): string => (value === null || value === undefined ? '' : String(value));

/** "14:05:09" (24-hour); the raw value when it is not a date. */
export function formatTime(value: DateInput): string {
  const date = toDate(value);
  return date ? dateTimeFormat('time').format(date) : raw(value);
}

/** "21 Nov, 14:05:09" (English), "21. Nov., 14:05:09" (German): month and day without the year. */
export function formatShortDateTime(value: DateInput): string {
  const date = toDate(value);
  return date ? dateTimeFormat('shortDateTime').format(date) : raw(value);
}

/** "21/11/2026, 14:05:09" (English), "21.11.2026, 14:05:09" (German). */
export function formatDateTime(value: DateInput): string {
  const date = toDate(value);
  return date ? dateTimeFormat('dateTime').format(date) : raw(value);
}

/** "21/11/2026" (English), "21.11.2026" (German). */
export function formatDate(value: DateInput): string {
  const date = toDate(value);
  return date ? dateTimeFormat('date').format(date) : raw(value);
}

/** "12,345" (English), "12.345" (German), "12 345" (French). */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  if (options) return new Intl.NumberFormat(INTL_LOCALE[currentLocale()], options).format(value);
  return cached('number', (locale) => new Intl.NumberFormat(locale)).format(value);
}

export type DatePart = 'day' | 'month' | 'year';

/**
 * How the language writes a date: the order of day, month and year and the separator, e.g.
 * English (en-GB) ["day", "month", "year"] "/", German ["day", "month", "year"] ".". Date fields
 * follow it (never the browser's default order).
 */
export function dateOrder(): { order: DatePart[]; separator: string } {
  const parts = dateTimeFormat('date').formatToParts(new Date(Date.UTC(2026, 10, 21, 12)));
  const order = parts.filter((p): p is Intl.DateTimeFormatPart & { type: DatePart } => p.type === 'day' || p.type === 'month' || p.type === 'year').map((p) => p.type);
  const separator = parts.find((p) => p.type === 'literal')?.value.trim() || '/';
  return { order, separator };
}

/** Reads a date typed in the language's order ("21.11.2026" in German); null when it is not one. */
export function parseDate(text: string): Date | null {
  const numbers = text.trim().split(/[^\d]+/).filter(Boolean).map(Number);
  const { order } = dateOrder();
  if (numbers.length !== 3) return null;
  const value = (part: DatePart) => numbers[order.indexOf(part)] ?? NaN;
  const year = value('year');
  const month = value('month');
  const day = value('day');
  const date = new Date(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day ? date : null;
}
