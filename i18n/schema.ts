/**
 * English is the schema of every language: `Messages` is the shape of the English messages with
 * each text widened to `string`, so a German, French or Spanish file that misses a key or has
 * one English does not fails the type check (the runtime test in test/renderer/i18n checks the
 * parameters and plural forms too). `MessageKey` is every key, for both runtimes' `t` (main's in
 * electron/core/language/words.ts, the renderer's in renderer/src/i18n/i18n.ts).
 */
import type en from './messages/en';

type Widen<T> = { readonly [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

export type Messages = Widen<typeof en>;

/** Every message key: the dotted path of each English text (`status.checkNow`). */
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
export type MessageKey = Leaves<Messages>;
/** Every key that holds messages rather than one (`documents.priorities`). */
type Branches<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? never : `${Prefix}${K}` | Branches<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
export type MessageBranch = Branches<Messages>;
export type MessageParams = Record<string, unknown>;
