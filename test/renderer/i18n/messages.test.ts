// Every language has every English key, with the same {parameters} and the same number of plural
// forms, no empty text, and every message compiles and renders its parameters; the pseudo-locale
// keeps parameters and is about 40 % longer.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '../../../i18n/messages/en';
import { loadMessages } from '../../../renderer/src/i18n/locale-loader';
import { pseudoMessage, pseudoMessages, PSEUDO_GROWTH } from '../../../i18n/pseudo';
import { i18n } from '../../../renderer/src/i18n/i18n';
import { LOCALES, SWITCHABLE_LOCALES } from '../../../renderer/src/i18n/locales';

type Tree = { readonly [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

/** The named parameters of a message ({name}), not literals ({'@'}). */
const params = (message: string): string[] => [...new Set([...message.matchAll(/\{\s*([A-Za-z_]\w*)\s*\}/g)].map((m) => m[1]!))].sort();
/** Plural forms: the `|` outside braces. */
const forms = (message: string): number => message.replace(/\{[^}]*\}/g, '').split('|').length;

const english = flatten(en);
const OTHERS = SWITCHABLE_LOCALES.filter((code) => code !== 'en');

describe('message files', () => {
  it('are one folder per language of the one list (electron/contract/languages.ts)', () => {
    const folders = readdirSync(join(__dirname, '../../../i18n/messages'), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
    expect(folders.sort()).toEqual([...SWITCHABLE_LOCALES].sort());
  });

  it('English has texts', () => {
    expect(english.size).toBeGreaterThan(50);
  });

  for (const code of OTHERS) {
    it(`${code} has every English key and no other, same parameters and plural forms, none empty`, async () => {
      const messages = flatten((await loadMessages(code)) as Tree);
      expect([...messages.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [key, text] of english) {
        const translated = messages.get(key)!;
        expect(translated.trim(), `${code} ${key} is empty`).not.toBe('');
        expect(params(translated), `${code} ${key}: parameters`).toEqual(params(text));
        expect(forms(translated), `${code} ${key}: plural forms`).toBe(forms(text));
      }
    });
  }

  it('no English text is empty', () => {
    for (const [key, text] of english) expect(text.trim(), key).not.toBe('');
  });

  for (const code of LOCALES) {
    it(`every ${code} message compiles and shows its parameters`, async () => {
      i18n.global.setLocaleMessage(code, await loadMessages(code));
      i18n.global.locale.value = code;
      for (const [key, text] of english) {
        const values = Object.fromEntries(params(text).map((name) => [name, `<${name}>`]));
        const shown = i18n.global.t(key, values);
        expect(shown, key).not.toBe(key);
        for (const name of params(text)) expect(shown, `${code} ${key}`).toContain(`<${name}>`);
        expect(shown, `${code} ${key}: a brace left over`).not.toMatch(/[{}]/);
      }
    });
  }
});

describe('pseudo-locale en-XA', () => {
  it('keeps parameters, links and plural separators; accents letters; about 40 % longer', () => {
    expect(pseudoMessage('Last poll {time}')).toMatch(/^\[Ľášŧ þóľľ \{time\} ·+\]$/);
    expect(pseudoMessage('@:shell.title now')).toContain('@:shell.title');
    expect(pseudoMessage("{count} event | {count} events").split(' | ')).toHaveLength(2);
    expect(pseudoMessage("mail {'@'} desk")).toContain("{'@'}");
    const text = 'Service reachable, feed live';
    expect(pseudoMessage(text).length).toBeGreaterThanOrEqual(Math.floor(text.length * (1 + PSEUDO_GROWTH)));
  });

  it('has every English key with the same parameters and plural forms', () => {
    const pseudo = flatten(pseudoMessages(en));
    expect([...pseudo.keys()]).toEqual([...english.keys()]);
    for (const [key, text] of english) {
      expect(params(pseudo.get(key)!), key).toEqual(params(text));
      expect(forms(pseudo.get(key)!), key).toBe(forms(text));
      expect(pseudo.get(key), key).not.toMatch(/[<>]/);
    }
  });
});
