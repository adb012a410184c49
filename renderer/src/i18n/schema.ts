/**
 * English is the schema of every language: `Messages` is the shape of the English messages with
 * each text widened to `string`, so a German, French or Spanish file that misses a key or has
 * one English does not fails the type check (the runtime test in test/renderer/i18n checks the
 * parameters and plural forms too).
 */
import type en from './messages/en';

type Widen<T> = { readonly [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

export type Messages = Widen<typeof en>;
