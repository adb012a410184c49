/**
 * What the lookup adds around the name index (cardholder-index.ts), kept apart from it:
 * - an exact full-name match first ("Liam Smith" puts "Smith, Liam" above "Smith, Liam Joseph");
 * - a search by what a person is rather than who: tenant (company) and cardholder type by the
 *   site's names, city, and any part of an e-mail address ("Northwind", "Visitor", "Springfield",
 *   "nunez@", "fabrikam"), used when the names find nobody, every typed word matching a name word
 *   or one of those values;
 * - the nearest names when nothing is found ("Lewandosky" → "Lewandowski"), two slips allowed.
 * Plain data and loops over the records in name order; built lazily, once per change.
 */
import type { NamedId } from '../../../contract/ipc';
import type { CardHolder } from '../../service/access-service';
import type { SearchPage } from './cardholder-index';
import { foldText, wordTokens } from './search-text';

/** The site's names the lookup can search by (tenants and cardholder types). */
export interface LookupNames {
  tenants: readonly NamedId[];
  cardholderTypes: readonly NamedId[];
}

export interface LookupPage extends SearchPage {
  /** Names close to what was typed, when nothing was found. */
  suggestions: string[];
}

/** A typed word shorter than this is not looked for inside e-mail addresses. */
const EMAIL_FRAGMENT_MIN = 3;
const NO_WORDS: string[] = [];
const MAX_SUGGESTIONS = 3;
const MAX_DISTANCE = 2;

interface Entry {
  record: CardHolder;
  /** Folded name words (first, middle, last); arrays shared by records with the same names. */
  first: string[];
  middle: string[];
  last: string[];
  /** Folded city words (shared likewise). */
  city: string[];
  /** Words of the e-mail address's domain ("fabrikam", "example"; shared likewise). */
  domain: string[];
  /** The folded e-mail address. */
  email: string;
}

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
 * The records of one generation of the index, read once (names and cities repeat: their words are
 * computed once per distinct text and shared). Records changed on this workstation since (the
 * index's overlay, a few) are read at each search instead of rebuilding all of it.
 */
export class LookupExtras {
  private readonly entries: Entry[];
  private readonly words = new Map<string, string[]>();
  /** Distinct name words → how they are written (for suggestions). */
  private readonly spelled = new Map<string, string>();

  /** `records` in the lookup's name order. */
  constructor(records: readonly CardHolder[]) {
    this.entries = records.map((record) => this.entryOf(record));
  }

  private wordsOf(text: string): string[] {
    let list = this.words.get(text);
    if (list === undefined) {
      list = words(text);
      this.words.set(text, list);
    }
    return list;
  }

  private entryOf(record: CardHolder): Entry {
    const first = this.wordsOf(record.first_Name);
    const last = this.wordsOf(record.last_Name);
    if (!this.words.has(`\u0000${record.first_Name}\u0000${record.last_Name}`)) {
      this.words.set(`\u0000${record.first_Name}\u0000${record.last_Name}`, []);
      for (const part of [record.first_Name, record.last_Name]) {
        for (const written of part.trim().split(/\s+/)) {
          const key = foldText(written).replace(/[^a-z0-9]/g, '');
          if (key.length >= 3 && !this.spelled.has(key)) this.spelled.set(key, written);
        }
      }
    }
    const email = record.email === '' ? '' : foldText(record.email.trim());
    const at = email.lastIndexOf('@');
    return { record, first, middle: this.wordsOf(record.middle_Name), last, city: this.wordsOf(record.city), domain: at < 0 ? NO_WORDS : this.wordsOf(email.slice(at + 1)), email };
  }

  /**
   * Records whose typed words each match a name word (its beginning), the city (a word's
   * beginning), a tenant's or the cardholder type's name (a word's beginning), or a part of the
   * e-mail address — in name order. `changed`: the records changed since this was built (they
   * replace the ones with their ids).
   */
  searchByValues(query: string, names: LookupNames, changed: readonly CardHolder[] = []): CardHolder[] {
    // "Type 3", "Tenant 2": a type or tenant by the number the screens show where the catalogue names none.
    const byNumber: Array<(entry: Entry) => boolean> = [];
    const rest = foldText(query.trim()).replace(/\b(type|tenant)\s+(\d{1,10})\b/g, (_match, kind: string, digits: string) => {
      const id = Number(digits);
      byNumber.push(kind === 'type' ? (entry) => entry.record.card_Holder_Type_ID === id : (entry) => entry.record.tenant.includes(id));
      return ' ';
    });
    const typed = rest.split(/\s+/).filter((word) => word !== '');
    if (typed.length === 0 && byNumber.length === 0) return [];
    const tenantWords = names.tenants.map((t) => ({ id: t.id, words: words(t.name) }));
    const typeWords = names.cardholderTypes.map((t) => ({ id: t.id, words: words(t.name) }));
    const conditions = typed.map((raw) => {
      const parts = words(raw);
      const startsAny = (list: readonly string[]): boolean => parts.length > 0 && parts.every((part) => list.some((word) => word.startsWith(part)));
      // Records share their word arrays: each distinct array is judged once per search.
      const judged = new Map<readonly string[], boolean>();
      const starts = (list: readonly string[]): boolean => {
        let verdict = judged.get(list);
        if (verdict === undefined) {
          verdict = list.length > 0 && startsAny(list);
          judged.set(list, verdict);
        }
        return verdict;
      };
      const tenants = new Set(tenantWords.filter((t) => startsAny(t.words)).map((t) => t.id));
      const types = new Set(typeWords.filter((t) => startsAny(t.words)).map((t) => t.id));
      // A word with "@" or "." is looked for inside the addresses ("nunez@", "n.nunez"); a plain
      // word at the start of a word of the domain ("fabrikam"): the local part's words are the index's.
      const fragment = raw.length >= EMAIL_FRAGMENT_MIN && /[@.]/.test(raw) ? raw : null;
      return (entry: Entry): boolean =>
        starts(entry.first) ||
        starts(entry.last) ||
        starts(entry.middle) ||
        starts(entry.city) ||
        starts(entry.domain) ||
        (fragment !== null && entry.email !== '' && entry.email.includes(fragment)) ||
        (tenants.size > 0 && entry.record.tenant.some((t) => tenants.has(t))) ||
        (types.size > 0 && types.has(entry.record.card_Holder_Type_ID));
    });
    conditions.push(...byNumber);
    const matches = (entry: Entry): boolean => conditions.every((condition) => condition(entry));
    const replaced = new Set(changed.map((record) => record.id));
    const found: CardHolder[] = [];
    for (const entry of this.entries) if (!replaced.has(entry.record.id) && matches(entry)) found.push(entry.record);
    const local = changed.map((record) => this.entryOf(record)).filter(matches);
    if (local.length === 0) return found;
    const key = (r: CardHolder): string => `${foldText(r.last_Name.trim())}\u0000${foldText(r.first_Name.trim())}`;
    return [...found, ...local.map((entry) => entry.record)].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.id - b.id));
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
