// The person an event's text names: a directory record counts only when its first and last
// names stand side by side in the text (either order, accents and case aside).
import { describe, expect, it, vi } from 'vitest';
import { findEventPeople, namesPerson } from '../../../../electron/core/cardholders/lookup/event-person';

const records = [
  { id: 11, first_Name: 'Marie', last_Name: 'Dupont', displayName: 'Dupont, Marie' },
  { id: 12, first_Name: 'Paul', last_Name: 'Dupont', displayName: 'Dupont, Paul' },
  { id: 13, first_Name: 'Zoë', last_Name: 'Åberg', displayName: 'Åberg, Zoë' },
];
/** A fake directory search: every record sharing a word with the query. */
const search = vi.fn(async (query: string) => ({
  records: records.filter((r) => query.split(' ').some((w) => `${r.first_Name} ${r.last_Name}`.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').includes(w))),
}));

describe('findEventPeople', () => {
  it('links the cardholder named in the text, in either order, accents and case aside', async () => {
    expect(await findEventPeople('Access denied — MARIE DUPONT: card expired', search)).toEqual([{ id: 11, displayName: 'Dupont, Marie', matched: 'Marie Dupont' }]);
    expect((await findEventPeople('Badge of aberg, zoe used at Gate 7', search)).map((p) => p.id)).toEqual([13]);
  });

  it('does not link a namesake who shares only one name', async () => {
    expect(await findEventPeople('Dupont wing door held open', search)).toEqual([]);
    expect(namesPerson(['marie', 'x', 'dupont'], 'Marie', 'Dupont')).toBe(false);
  });

  it('asks the directory a bounded number of times for a long text', async () => {
    search.mockClear();
    await findEventPeople('word '.repeat(500), search);
    expect(search.mock.calls.length).toBeLessThanOrEqual(20);
  });
});
