/**
 * A template's fixed words in the language of the screen that asked for the badge: the words of
 * that language ("de-AT" takes "de"; the pseudo-locale en-XA takes English), else English, else
 * the first language given; a plain string is the same in every language. Also the issue date as
 * that language writes it (Intl, the workstation's time zone), and every language's words for
 * the checks (template-library.ts: the longest decides whether a text fits). And the words of a
 * cardholder type or tenant the site never named ("Typ 1", "Mieter 0" in German), the same the
 * screen shows (the kiosk's messages, i18n/messages/<language>/cardholders.ts).
 */
import { DEFAULT_LOCALE, INTL_LOCALE, isSpokenLanguage, spokenLanguageOf, type BadgeLocale } from '../../contract/ipc';
import { wordsIn as kioskWords } from '../language/words';
import type { TemplateWords } from './template-schema';

/** The words in `locale` (English when none is given). */
export function wordsIn(words: TemplateWords | undefined, locale: BadgeLocale | undefined): string {
  if (words === undefined) return '';
  if (typeof words === 'string') return words;
  const wanted = locale === undefined ? DEFAULT_LOCALE : spokenLanguageOf(locale);
  const base = wanted.split('-')[0] ?? wanted;
  return words[wanted] ?? words[base] ?? words.en ?? Object.values(words)[0] ?? '';
}

/** Every language's words: `[["en", "Issued"], ["de", "Ausgestellt"], …]`; a plain string is one entry with no language (null). */
export function everyLanguage(words: TemplateWords | undefined): Array<[string | null, string]> {
  if (words === undefined) return [];
  if (typeof words === 'string') return [[null, words]];
  return Object.entries(words);
}

/** Whether the words are given at all (an empty string or only empty languages is none). */
export const hasWords = (words: TemplateWords | undefined): boolean => everyLanguage(words).some(([, text]) => text.trim() !== '');

const pad = (n: number): string => String(n).padStart(2, '0');

/**
 * The issue date: in `locale` as it writes a date with digits (25.11.2026 in German, 25/11/2026
 * in English, French and Spanish: the Intl locale of electron/contract/languages.ts), in the workstation's time zone; YYYY-MM-DD when no language
 * is given (unambiguous in every country).
 */
export function issueDateText(date: Date, locale?: BadgeLocale): string {
  if (!locale) return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], { day: '2-digit', month: '2-digit', year: 'numeric' }).format(date);
}

/** The Intl locale of a template language key ("de" → de-DE), for a check's sample date; null when the kiosk does not speak it. */
export function badgeLocaleOf(language: string | null): BadgeLocale | undefined {
  const base = language?.split('-')[0];
  return isSpokenLanguage(base) ? base : undefined;
}

/** A cardholder type or tenant the site never named, by its number, in `locale` (English when none is given). */
export function unnamedWords(kind: 'cardholderType' | 'tenant', id: number, locale: BadgeLocale | undefined): string {
  return kioskWords(locale ?? DEFAULT_LOCALE).t(kind === 'cardholderType' ? 'cardholders.typeN' : 'cardholders.tenantN', { n: id });
}
