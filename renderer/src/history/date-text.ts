/**
 * The History range's dates as the guard types and reads them: in the order of the language
 * shown (German 21.11.2026, English 21/11/2026), never the browser's; the form keeps ISO
 * ("2026-11-21", what search-form.ts validates). An ISO date typed as such is taken too.
 * Pure: no Vue, no IPC.
 */
import { dateOrder, parseDate } from '../i18n/format';
import { t } from '../i18n/i18n';
import { toDateInput } from './search-form';

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

/** "2026-11-21" → "21.11.2026" in German; anything else (what the guard typed) as it is. */
export function showDate(value: string): string {
  const match = ISO.exec(value.trim());
  if (!match) return value;
  const parts = { year: match[1] ?? '', month: match[2] ?? '', day: match[3] ?? '' };
  const { order, separator } = dateOrder();
  return order.map((part) => parts[part]).join(separator);
}

/** What the guard typed → the form's value: ISO when it is a date, else the text (the form then says it is not one). */
export function readDate(text: string): string {
  const typed = text.trim();
  if (typed === '' || ISO.test(typed)) return typed;
  const date = parseDate(typed);
  return date ? toDateInput(date) : typed;
}

/** "DD/MM/YYYY" (English), "TT.MM.JJJJ" (German): how to type a date, for the field's hint. */
export function datePattern(): string {
  const { order, separator } = dateOrder();
  const words = { day: t('history.datePattern.day'), month: t('history.datePattern.month'), year: t('history.datePattern.year') };
  return order.map((part) => words[part]).join(separator);
}
