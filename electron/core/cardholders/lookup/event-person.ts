/**
 * Which cardholders of the directory an event's text names ("Access denied — Marie Dupont",
 * "DUPONT, Marie: card expired"): adjacent words of the text are looked up in the directory and
 * a record counts only when its first and last names both stand in the text side by side (in
 * either order; accents and case aside). The guard's detail panel links to those records, read-only.
 */
import type { EventPerson } from '../../../contract/ipc';
import type { CardHolder } from '../../service/access-service';

/** Word pairs of one text looked up at most, and people returned at most. */
export const MAX_PAIRS = 20;
export const MAX_PEOPLE = 5;

const fold = (text: string): string => text.normalize('NFD').replace(/\p{M}+/gu, '').toLocaleLowerCase();
const wordsOf = (text: string): string[] => fold(text).split(/[^\p{L}\p{N}'-]+/u).filter((w) => w.length > 0);

type Search = (query: string, offset: number, limit: number) => Promise<{ records: ReadonlyArray<Pick<CardHolder, 'id' | 'first_Name' | 'last_Name' | 'displayName'>> }>;

/** True when `needle`'s words appear in `hay` in order, side by side. */
function containsRun(hay: readonly string[], needle: readonly string[]): number {
  if (needle.length === 0) return -1;
  outer: for (let i = 0; i + needle.length <= hay.length; i++) {
    for (let j = 0; j < needle.length; j++) if (hay[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

/** Does the text name this person: first and last name next to each other, in either order? */
export function namesPerson(textWords: readonly string[], first: string, last: string): boolean {
  const f = wordsOf(first);
  const l = wordsOf(last);
  if (f.length === 0 || l.length === 0) return false;
  return containsRun(textWords, [...f, ...l]) >= 0 || containsRun(textWords, [...l, ...f]) >= 0;
}

export async function findEventPeople(text: string, search: Search): Promise<EventPerson[]> {
  const words = wordsOf(text.slice(0, 2000));
  const found = new Map<number, EventPerson>();
  const asked = new Set<string>();
  for (let i = 0; i + 1 < words.length && asked.size < MAX_PAIRS && found.size < MAX_PEOPLE; i++) {
    const query = `${words[i]} ${words[i + 1]}`;
    if (asked.has(query) || (words[i] ?? '').length < 2 || (words[i + 1] ?? '').length < 2) continue;
    asked.add(query);
    const page = await search(query, 0, 10);
    for (const record of page.records) {
      if (found.has(record.id) || !namesPerson(words, record.first_Name, record.last_Name)) continue;
      found.set(record.id, { id: record.id, displayName: record.displayName || `${record.last_Name}, ${record.first_Name}`, matched: `${record.first_Name} ${record.last_Name}` });
      if (found.size >= MAX_PEOPLE) break;
    }
  }
  return [...found.values()];
}
