/**
 * Time as the guard reads it: local wall-clock time on screen, the exact UTC instant on hover.
 * Formatters are built once (formatting 20,000 rows must stay cheap). Every screen formats times
 * here, so the kiosk has one clock format: the 24-hour clock (never "12:19:16 AM").
 */

// 24-hour clock, as guard logs are kept; month and day order follow the locale.
const timeOnly = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
const shortDateAndTime = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});
const dateAndTime = new Intl.DateTimeFormat(undefined, {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

const toDate = (value: string | number | Date | null | undefined): Date | null => {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

const sameLocalDay = (a: Date, b: Date): boolean =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/** "14:05:09" for today, "Nov 21, 14:05:09" otherwise; the raw value when it is not a date. */
export function formatLocal(value: string | number | Date | null | undefined, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return value === null || value === undefined ? '' : String(value);
  return sameLocalDay(date, now) ? timeOnly.format(date) : shortDateAndTime.format(date);
}

/** Always date and time, local. */
export function formatLocalDateTime(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  if (!date) return value === null || value === undefined ? '' : String(value);
  return dateAndTime.format(date);
}

/** "2026-11-21 10:32:05.123 UTC" — for the title attribute. */
export function formatUtc(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  if (!date) return value === null || value === undefined ? '' : String(value);
  return `${date.toISOString().replace('T', ' ').replace('Z', '')} UTC`;
}

/** "4:05" / "1:02:03" for a remaining duration; never negative. */
export function formatRemaining(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}
