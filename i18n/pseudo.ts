/**
 * The pseudo-locale en-XA, made from English when it is loaded: every letter accented and each
 * text about 40 % longer (padding inside brackets), so a layout that cuts or overflows translated
 * text shows in English-reading tests. Kept as they are: `{param}` placeholders (and `{'@'}`
 * literals), `@:key` / `@.modifier:key` links, and the `|` between plural forms (each form is
 * padded on its own). No HTML is added. Pure: no Vue.
 */

const ACCENTED: Record<string, string> = {
  a: 'á', b: 'ƀ', c: 'ç', d: 'đ', e: 'é', f: 'ƒ', g: 'ğ', h: 'ĥ', i: 'í', j: 'ĵ', k: 'ķ', l: 'ľ', m: 'ɱ',
  n: 'ñ', o: 'ó', p: 'þ', q: 'ǫ', r: 'ŕ', s: 'š', t: 'ŧ', u: 'ú', v: 'ṽ', w: 'ŵ', x: 'ẋ', y: 'ý', z: 'ž',
  A: 'Á', B: 'Ɓ', C: 'Ç', D: 'Đ', E: 'É', F: 'Ƒ', G: 'Ğ', H: 'Ĥ', I: 'Í', J: 'Ĵ', K: 'Ķ', L: 'Ľ', M: 'Ṁ',
  N: 'Ñ', O: 'Ó', P: 'Þ', Q: 'Ǫ', R: 'Ŕ', S: 'Š', T: 'Ŧ', U: 'Ú', V: 'Ṽ', W: 'Ŵ', X: 'Ẋ', Y: 'Ý', Z: 'Ž',
};

/** A placeholder, a linked message, or one plural separator: copied as they are. */
const KEPT = /(\{[^{}]*\}|@(?:\.[a-zA-Z]+)?:(?:\([^()]*\)|[\w.-]+)|\s*\|\s*)/;

/** How much longer a pseudo text is than its English (the issue asks for 40 %). */
export const PSEUDO_GROWTH = 0.4;
const PAD = '·';

function pseudoForm(form: string): string {
  let letters = 0;
  const text = form
    .split(KEPT)
    .map((part, index) => {
      if (index % 2 === 1) return part; // a kept token
      letters += part.length;
      return [...part].map((ch) => ACCENTED[ch] ?? ch).join('');
    })
    .join('');
  if (text.trim() === '') return text;
  // "[" and "]" count towards the growth; the rest is padding.
  const pad = Math.max(0, Math.ceil(form.length * PSEUDO_GROWTH) - 2);
  return letters === 0 ? text : `[${text}${pad > 0 ? ` ${PAD.repeat(Math.max(1, pad - 1))}` : ''}]`;
}

/** One message: each plural form on its own, the separators kept. */
export function pseudoMessage(message: string): string {
  return message
    .split(/(\s*\|\s*)/)
    .map((part, index) => (index % 2 === 1 ? part : pseudoForm(part)))
    .join('');
}

type Tree = { readonly [key: string]: string | Tree };

/** The whole message tree, same keys, every text made pseudo. */
export function pseudoMessages<T extends Tree>(messages: T): T {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(messages)) out[key] = typeof value === 'string' ? pseudoMessage(value) : pseudoMessages(value);
  return out as T;
}
