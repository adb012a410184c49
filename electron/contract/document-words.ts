/**
 * The words of the documents main writes (CSV files, the handover PDF), sent by the renderer in
 * the language shown with the request that makes the document: main keeps no copy of them. Each
 * set is a strict object with every key present; each word or line is bounded (the pseudo-locale
 * en-XA makes a text about 40 % longer and accented, and fits). A line that main fills in names
 * its `{placeholders}`, and the schema refuses a line that lacks one. Part of the IPC contract
 * (index: ipc.ts).
 */
import { z } from 'zod';
import { ALARM_PRIORITIES } from './feed';

/** A column heading or one word written in a cell. */
export const MAX_DOCUMENT_WORD = 120;
/** A line of the handover page, with its placeholders. */
export const MAX_DOCUMENT_LINE = 300;

export const documentWord = z.string().trim().min(1).max(MAX_DOCUMENT_WORD);

/** A line with placeholders main fills in: each named one must be there. */
export function documentLine(...placeholders: string[]): z.ZodType<string, string> {
  return z
    .string()
    .trim()
    .min(1)
    .max(MAX_DOCUMENT_LINE)
    .refine((text) => placeholders.every((name) => text.includes(`{${name}}`)), {
      message: `The line must contain ${placeholders.map((name) => `{${name}}`).join(', ') || 'text'}.`,
    });
}

/** One bounded word for each key, every key present, no other. */
export function wordsFor<const K extends string>(keys: readonly K[], text: z.ZodType<string, string> = documentWord): z.ZodType<Record<K, string>, Record<K, string>> {
  return z.strictObject(Object.fromEntries(keys.map((key) => [key, text])) as Record<K, z.ZodType<string, string>>) as unknown as z.ZodType<Record<K, string>, Record<K, string>>;
}

/** A word with a number: its plural forms, chosen by main with Intl.PluralRules of the locale ("one", anything else "other"). */
export const pluralLine = (...placeholders: string[]): z.ZodType<{ one: string; other: string }, { one: string; other: string }> =>
  z.strictObject({ one: documentLine(...placeholders), other: documentLine(...placeholders) });

/** The alarm priorities as the documents write them ("critical"). */
export const priorityWords = wordsFor(ALARM_PRIORITIES);

/** A BCP 47 locale tag Intl knows ("de-DE"): how main formats the dates, times and numbers of a document. */
export const localeTag = z
  .string()
  .min(2)
  .max(35)
  .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'A locale tag such as "de-DE".')
  .refine(
    (tag) => {
      try {
        return Intl.DateTimeFormat.supportedLocalesOf([tag]).length > 0;
      } catch {
        return false;
      }
    },
    { message: 'A locale this kiosk can format dates in.' },
  );
