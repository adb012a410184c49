/**
 * Time as the guard reads it: local wall-clock time on screen, the exact UTC instant on hover.
 * Every screen formats times here or in renderer/src/i18n/format.ts (which this builds on), so the
 * kiosk has one clock format: the 24-hour clock (never "12:19:16 AM"), day and month in the order
 * of the language shown.
 */

import { formatDateTime, formatShortDateTime, formatTime, toDate } from '../i18n/format';

type DateInput = string | number | Date | null | undefined;

const sameLocalDay = (a: Date, b: Date): boolean =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/** "14:05:09" for today, "21 Nov, 14:05:09" otherwise (in the language shown); the raw value when it is not a date. */
export function formatLocal(value: DateInput, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return value === null || value === undefined ? '' : String(value);
  return sameLocalDay(date, now) ? formatTime(date) : formatShortDateTime(date);
}

/** Always date and time, local. */
export function formatLocalDateTime(value: DateInput): string {
  return formatDateTime(value);
}

/** "2026-11-21 10:32:05.123 UTC" — for the title attribute. */
export function formatUtc(value: DateInput): string {
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
