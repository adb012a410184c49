/**
 * What the lookup adds around the index (cardholder-index.ts), kept apart from it:
 * - an exact full-name match first ("Liam Smith" puts "Smith, Liam" above "Smith, Liam Joseph");
 * - the nearest names when nothing is found ("Lewandosky" → "Lewandowski"), two slips allowed.
 * The search by what a person is (company, type, city, e-mail domain) is the index's own
 * (record-keys.ts, segment-matcher.ts); `LookupNames` are the site's names it is given.
 * Plain data and loops; built lazily, once per generation.
 */
import type { NamedId } from '../../../contract/ipc';
import type { CardHolder } from '../../service/access-service';
import type { SearchPage } from './cardholder-index';
import { foldText, WORD_CHARS, wordTokens } from './search-text';

/** The site's names the lookup can search by (tenants and cardholder types). */
export interface LookupNames {
  tenants: readonly NamedId[];
  cardholderTypes: readonly NamedId[];
}

export interface LookupPage extends SearchPage {
  /** Names close to what was typed, when nothing was found. */
  suggestions: string[];
}

const MAX_SUGGESTIONS = 3;
const MAX_DISTANCE = 2;

/** Words of a folded text, as the lookup compares them. */
function words(text: string): string[] {
  const out: string[] = [];
  wordTokens(text, out);
  return out;
}

/** Optimal string alignment distance, or `cap + 1` as soon as it exceeds `cap`. */
export function editDistance(a: string, b: string, cap: number): number {
  if (Math.abs(a.length - b.length) > cap) return cap + 1;
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = new Array<number>(b.length + 1).fill(0);
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let value = Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, (previous[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a.charCodeAt(i - 1) === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1)) value = Math.min(value, (before[j - 2] as number) + 1);
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > cap) return cap + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length] as number;
}

/**
 * The distinct name words of one generation of the index and how they are written, read once
 * (names repeat: each distinct pair of names is read once), for the nearest names.
 */
export class LookupExtras {
  /** Distinct name words → how they are written (for suggestions). */
  private readonly spelled = new Map<string, string>();

  /** `each` visits the records of the generation. */
  constructor(each: (visit: (record: Pick<CardHolder, 'first_Name' | 'last_Name'>) => void) => void) {
    // Each distinct name is read once (no string is made per record: names repeat, and their hashes are kept).
    const seen = new Set<string>();
    const read = (name: string): void => {
      if (seen.has(name)) return;
      seen.add(name);
      for (const written of name.trim().split(/\s+/)) {
        if (written.length > WORD_CHARS) continue;
        const key = foldText(written).replace(/[^a-z0-9]/g, '');
        if (key.length >= 3 && !this.spelled.has(key)) this.spelled.set(key, written);
      }
    };
    each((record) => {
      read(record.first_Name);
      read(record.last_Name);
    });
  }

  /** Names within two slips of each typed word ("Lewandosky" → "Lewandowski"), nearest first. */
  suggest(query: string): string[] {
    const typed = foldText(query.trim()).split(/\s+/).map((word) => word.replace(/[^a-z0-9]/g, '')).filter((word) => word.length >= 4);
    if (typed.length === 0) return [];
    const perWord = typed.map((word) => {
      let best: Array<{ key: string; distance: number }> = [];
      for (const key of this.spelled.keys()) {
        const distance = editDistance(word, key, MAX_DISTANCE);
        if (distance <= MAX_DISTANCE && distance > 0) best.push({ key, distance });
      }
      best = best.sort((a, b) => a.distance - b.distance || a.key.localeCompare(b.key)).slice(0, MAX_SUGGESTIONS);
      return { word, best };
    });
    const out: string[] = [];
    // One suggestion per near name of the first word that needs one; the other words kept as typed or corrected.
    const fixable = perWord.find((w) => w.best.length > 0 && !this.spelled.has(w.word));
    if (!fixable) return [];
    for (const candidate of fixable.best) {
      const text = perWord
        .map((w) => (w === fixable ? (this.spelled.get(candidate.key) ?? candidate.key) : this.spelled.has(w.word) ? (this.spelled.get(w.word) ?? w.word) : (this.spelled.get(w.best[0]?.key ?? '') ?? w.word)))
        .join(' ');
      if (!out.includes(text)) out.push(text);
    }
    return out.slice(0, MAX_SUGGESTIONS);
  }
}

/**
 * Whether a record is exactly the full name typed: its first and last name (and middle name, when
 * it has one) are the typed words, in any order, and nothing else.
 */
export function isExactFullName(record: Pick<CardHolder, 'first_Name' | 'middle_Name' | 'last_Name'>, query: string): boolean {
  const typed = words(query).sort();
  if (typed.length < 2) return false;
  const own = [...words(record.first_Name), ...words(record.middle_Name), ...words(record.last_Name)].sort();
  // wordTokens adds the joined form of hyphenated names on both sides alike.
  return own.length === typed.length && own.every((word, i) => word === typed[i]);
}
