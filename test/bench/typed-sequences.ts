/**
 * What an officer types into the front desk's cardholder lookup, keystroke by keystroke, for the
 * search benchmark: sequences derived from real (seeded) cardholders picked with a fixed seed.
 * Each keystroke is one query, the whole text typed so far. Names are typed the way a keyboard
 * without accents gives them ("Müller" → "muller", "Weiß" → "weiss"). Pure functions, no timing.
 */
import type { CardHolder } from '../../electron/core/service/access-service';
import { foldText, wordTokens } from '../../electron/core/cardholders/lookup/search-text';
import { SeededRandom } from '../../electron/simulator/seeded-random';

export const SEQUENCE_KINDS = ['surname', 'first name + surname', 'employee ID', 'misspelt name', 'phone fragment'] as const;
export type SequenceKind = (typeof SEQUENCE_KINDS)[number];

/** What the typed text should find once it is complete (for the quality check). */
export type Intended =
  | { by: 'name'; last: string; first: string | null }
  | { by: 'id'; id: number };

export interface TypedSequence {
  kind: SequenceKind;
  /** The person the sequence was derived from. */
  id: number;
  /** The text after each keystroke, in order: "m", "mu", "mul", … */
  keystrokes: string[];
  intended: Intended;
  /** The typo made, for misspelt names ("mulelr" for "muller"). */
  typo?: { typed: string; correct: string; how: TypoKind };
}

export type TypoKind = 'swap' | 'missing letter' | 'wrong letter';
const TYPO_KINDS: readonly TypoKind[] = ['swap', 'missing letter', 'wrong letter'];

/** Neighbours on a QWERTY keyboard: a wrong letter is one the finger could have hit instead. */
const NEIGHBOURS: Readonly<Record<string, string>> = {
  q: 'wa', w: 'qes', e: 'wrd', r: 'etf', t: 'ryg', y: 'tuh', u: 'yij', i: 'uok', o: 'ipl', p: 'ol',
  a: 'qsz', s: 'adw', d: 'sfe', f: 'dgr', g: 'fht', h: 'gjy', j: 'hku', k: 'jli', l: 'ko',
  z: 'xa', x: 'zcs', c: 'xvd', v: 'cbf', b: 'vng', n: 'bmh', m: 'nj',
};

/** The name as typed on a plain keyboard: folded (case, accents, ø/ß…), punctuation kept. */
export function typedForm(name: string): string {
  return foldText(name.trim()).replace(/\s+/g, ' ');
}

/** Every prefix of `text`, one per keystroke. */
export function keystrokes(text: string): string[] {
  const out: string[] = [];
  for (let i = 1; i <= text.length; i++) out.push(text.slice(0, i));
  return out;
}

/**
 * One typo in `word` (letters only), never in its first letter: a swap of two neighbouring
 * letters, a missing letter or a neighbouring key. Returns null when the result is no typo
 * (the same word, or another real word of the directory).
 */
export function misspell(word: string, how: TypoKind, rng: SeededRandom, vocabulary: ReadonlySet<string>): string | null {
  const at = rng.int(1, word.length - 2);
  let typed: string;
  if (how === 'swap') {
    if (word[at] === word[at + 1]) return null;
    typed = word.slice(0, at) + word.charAt(at + 1) + word.charAt(at) + word.slice(at + 2);
  } else if (how === 'missing letter') {
    typed = word.slice(0, at) + word.slice(at + 1);
  } else {
    const near = NEIGHBOURS[word.charAt(at)];
    if (near === undefined) return null;
    typed = word.slice(0, at) + near.charAt(rng.int(0, near.length - 1)) + word.slice(at + 1);
  }
  return typed === word || vocabulary.has(typed) ? null : typed;
}

/** Every folded name word of the records (a typo must not land on a real name). */
export function nameVocabulary(records: readonly CardHolder[]): Set<string> {
  const words = new Set<string>();
  const seen = new Set<string>();
  for (const r of records) {
    for (const text of [r.first_Name, r.last_Name, r.middle_Name]) {
      if (seen.has(text)) continue;
      seen.add(text);
      const out: string[] = [];
      wordTokens(text, out);
      for (const w of out) words.add(w);
    }
  }
  return words;
}

/**
 * Sequences of every kind, at least `keystrokesPerKind` keystrokes of each, from people picked
 * with `seed` among `records`:
 * - surname: the last name typed letter by letter ("o'brien", "garcia-lopez", "van der berg");
 * - first name + surname: "marie dupont";
 * - employee ID: digit by digit;
 * - misspelt name: one typo in a last name of 5+ letters (swap, missing letter, neighbouring key),
 *   alone or after the first name, letter by letter;
 * - phone fragment: the number without its country code, as written ("4 72 12 34 56").
 */
export function typedSequences(records: readonly CardHolder[], seed: number, keystrokesPerKind: number): TypedSequence[] {
  const rng = new SeededRandom(seed);
  const vocabulary = nameVocabulary(records);
  const pick = (accept: (r: CardHolder) => boolean): CardHolder => {
    for (;;) {
      const r = records[rng.int(0, records.length - 1)] as CardHolder;
      if (accept(r)) return r;
    }
  };
  const out: TypedSequence[] = [];
  for (const kind of SEQUENCE_KINDS) {
    let typed = 0;
    let typoTurn = 0;
    while (typed < keystrokesPerKind) {
      let sequence: TypedSequence | null = null;
      if (kind === 'surname') {
        const r = pick(() => true);
        sequence = { kind, id: r.id, keystrokes: keystrokes(typedForm(r.last_Name)), intended: { by: 'name', last: typedForm(r.last_Name), first: null } };
      } else if (kind === 'first name + surname') {
        const r = pick(() => true);
        const text = `${typedForm(r.first_Name)} ${typedForm(r.last_Name)}`;
        sequence = { kind, id: r.id, keystrokes: keystrokes(text), intended: { by: 'name', last: typedForm(r.last_Name), first: typedForm(r.first_Name) } };
      } else if (kind === 'employee ID') {
        const r = pick((c) => c.employee_ID.trim() !== '');
        sequence = { kind, id: r.id, keystrokes: keystrokes(r.employee_ID.trim()), intended: { by: 'id', id: r.id } };
      } else if (kind === 'phone fragment') {
        const r = pick((c) => /^\+\d+ \d/.test(c.phone));
        const fragment = r.phone.slice(r.phone.indexOf(' ') + 1).trim();
        sequence = { kind, id: r.id, keystrokes: keystrokes(fragment), intended: { by: 'id', id: r.id } };
      } else {
        const r = pick((c) => /^[a-z]{5,}$/.test(typedForm(c.last_Name)));
        const correct = typedForm(r.last_Name);
        const how = TYPO_KINDS[typoTurn % TYPO_KINDS.length] as TypoKind;
        const wrong = misspell(correct, how, rng, vocabulary);
        if (wrong === null) continue;
        typoTurn++;
        const withFirst = typoTurn % 2 === 0;
        const first = typedForm(r.first_Name);
        sequence = {
          kind,
          id: r.id,
          keystrokes: keystrokes(withFirst ? `${first} ${wrong}` : wrong),
          intended: { by: 'name', last: correct, first: withFirst ? first : null },
          typo: { typed: wrong, correct, how },
        };
      }
      out.push(sequence);
      typed += sequence.keystrokes.length;
    }
  }
  return out;
}

/** The sequences in a seeded random order (kinds interleaved), keystrokes kept in order within each. */
export function shuffled<T>(items: readonly T[], seed: number): T[] {
  const rng = new SeededRandom(seed);
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** Whether a first page of results holds what the sequence was after. */
export function pageHolds(page: readonly CardHolder[], intended: Intended): boolean {
  if (intended.by === 'id') return page.some((r) => r.id === intended.id);
  return page.some((r) => typedForm(r.last_Name) === intended.last && (intended.first === null || typedForm(r.first_Name) === intended.first));
}
