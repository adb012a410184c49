// The lint plugin's no-missing-keys and no-unused-keys, for TypeScript message files (which the
// plugin cannot read): every literal t('…') key in renderer/src is an English key, and every
// English key is used by one — in renderer/src, or in main, which words its documents and dialogs
// with the same messages (electron/core/language/words.ts). Keys are literal in the renderer by
// rule (no-dynamic-keys), so the scan sees them all, except the errors' keys, which come from main
// (the contract's table). Main may build a key from a code (`t(\`documents.priorities.${p}\`)`,
// typecheck checks every code's key) or word every message under a key (`under('enrolment.field')`):
// each key under such a prefix counts as used.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '../../../i18n/messages/en';
import { ERROR_ACTION, ERROR_TEXT } from '../../../electron/contract/error-text';
import { SCREEN_TEXT } from '../../../electron/contract/screen-text';
import { BADGE_PROBLEM_TEXT } from '../../../electron/contract/badge-problem-text';

const ROOT = join(__dirname, '../../../renderer/src');
/** Main's code that words documents and dialogs. */
const MAIN = [join(__dirname, '../../../electron/core'), join(__dirname, '../../../electron/main')];

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return path.includes(`${join('i18n', 'messages')}`) ? [] : files(path);
    return /\.(ts|vue)$/.test(entry.name) ? [path] : [];
  });
}

/** Main's prefixes: `t(\`documents.priorities.${…}\`)` and `under('enrolment.field')` use every key under them. */
export function prefixesUsedIn(source: string): string[] {
  const built = [...source.matchAll(/\bt\(\s*`([\w.-]+)\.\$\{/g)].map((m) => m[1]!);
  const under = [...source.matchAll(/\bunder\(\s*(['"])([\w.-]+)\1/g)].map((m) => m[2]!);
  return [...built, ...under];
}

function flatKeys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string' ? [path] : flatKeys(value as object, path);
  });
}

/** `t('a.b')`, `$t("a.b")`, `i18n.global.t('a.b', …)`: the literal keys a file uses. */
export function keysUsedIn(source: string): string[] {
  return [...source.matchAll(/(?:\$t|\bt)\(\s*(['"])([\w.-]+)\1/g)].map((m) => m[2]!);
}

/**
 * Keys named in a table rather than a call (`{ lost: 'badges.reprint.lost' } satisfies
 * Record<Reason, MessageKey>`, then `t(REASON_KEY[reason])` in a store, whose `t` takes only a
 * MessageKey): every quoted string that is an English key.
 */
export function keysNamedIn(source: string, english: ReadonlySet<string>): string[] {
  return [...source.matchAll(/(['"`])([a-zA-Z]+(?:\.[\w-]+)+)\1/g)].map((m) => m[2]!).filter((key) => english.has(key));
}

describe('message keys', () => {
  const used = new Map<string, string>();
  const named = new Map<string, string>();
  const english = new Set(flatKeys(en));
  for (const file of files(ROOT)) {
    const source = readFileSync(file, 'utf8');
    for (const key of keysUsedIn(source)) used.set(key, relative(ROOT, file));
    for (const key of keysNamedIn(source, english)) named.set(key, relative(ROOT, file));
  }
  const mainKeys = new Map<string, string>();
  for (const file of MAIN.flatMap(files)) {
    const source = readFileSync(file, 'utf8');
    for (const key of keysUsedIn(source)) mainKeys.set(key, relative(ROOT, file));
    for (const prefix of prefixesUsedIn(source)) for (const key of english) if (key.startsWith(`${prefix}.`)) mainKeys.set(key, relative(ROOT, file));
  }

  it('finds the keys a table names', () => {
    expect(keysNamedIn(`const K = { lost: 'badges.reprint.lost', x: "not.a.key", file: 'a.ts' }`, new Set(['badges.reprint.lost']))).toEqual(['badges.reprint.lost']);
  });

  it("finds main's keys built from a code and the prefixes it words whole", () => {
    expect(prefixesUsedIn("words.t(`documents.priorities.${p}`); words.under('enrolment.field'); t('dialogs.stay')")).toEqual(['documents.priorities', 'enrolment.field']);
  });

  it("main's keys are English keys", () => {
    const missing = [...mainKeys].filter(([key]) => !english.has(key)).map(([key, file]) => `${key} (${file})`);
    expect(missing).toEqual([]);
    // Main words the documents and its dialogs.
    expect([...mainKeys.keys()].some((key) => key.startsWith('documents.handover.'))).toBe(true);
    expect(mainKeys.has('dialogs.quitAnyway')).toBe(true);
  });

  it('finds the keys of a source', () => {
    expect(keysUsedIn(`{{ t('status.checkNow') }} :aria-label="t('shell.keypad.digit', { digit })" i18n.global.t("a.b")`)).toEqual(['status.checkNow', 'shell.keypad.digit', 'a.b']);
  });

  it('every key used has an English text (no-missing-keys)', () => {
    const missing = [...used].filter(([key]) => !english.has(key)).map(([key, file]) => `${key} (${file})`);
    expect(missing).toEqual([]);
  });

  it('every English key is used (no-unused-keys)', () => {
    // The errors' keys are the contract's table, shown by key by i18n/error-text.ts (main sends
    // them; test/core/ipc/error-keys.test.ts and error-text.test.ts cover each). The contract's
    // text tables are the English messages themselves, so none can be missing either.
    for (const name of Object.keys(ERROR_TEXT)) used.set(`errors.${name}`, 'i18n/error-text.ts');
    for (const name of Object.keys(ERROR_ACTION)) used.set(`errors.action.${name}`, 'i18n/error-text.ts');
    // Likewise the sentences main sends (shell/main-text.ts) and the badge templates' problems (badges/badge-problem-text.ts).
    for (const [capability, table] of Object.entries(SCREEN_TEXT)) for (const name of Object.keys(table)) used.set(`${capability}.fromMain.${name}`, 'shell/main-text.ts');
    for (const name of Object.keys(BADGE_PROBLEM_TEXT)) used.set(`badges.problems.${name}`, 'badges/badge-problem-text.ts');
    expect([...english].filter((key) => !used.has(key) && !named.has(key) && !mainKeys.has(key))).toEqual([]);
  });
});
