/**
 * The lookup answers the same whether a record came with the sync or was added after it: the same
 * records built whole, and built from a part with the rest then added one by one (as creations,
 * updates and re-reads arrive), give the same results in the same order for every kind of query —
 * names, prefixes, substrings, typos, IDs, e-mails, phones, tenants and types, single letters, empty.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DirectoryEngine } from '../../../../electron/core/cardholders/directory/directory-engine';
import type { LookupNames } from '../../../../electron/core/cardholders/lookup/lookup-extras';
import { checkCardholderList } from '../../../../electron/core/cardholders/checks/record-check';
import { seedCardholders } from '../../../../electron/simulator/cardholder-seed';
import { CARD_HOLDER_TYPES, TENANTS } from '../../../../electron/simulator/catalogue';
import { SeededRandom } from '../../../../electron/simulator/seeded-random';
import type { CardHolder } from '../../../../electron/core/service/access-service';

const RECORDS = 4_000;
/** Records the partial build leaves out, added one by one afterwards. */
const ADDED = 600;
/** Records of the partial build changed afterwards (renamed, so they move in the name order). */
const CHANGED = 60;
const download = { syncedAt: '2026-11-23T10:00:00.000Z', etag: null, lastModified: null };
const names: LookupNames = { tenants: TENANTS, cardholderTypes: CARD_HOLDER_TYPES };

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kiosk-index-order-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function engine(name: string, records: readonly CardHolder[]): DirectoryEngine {
  const built = new DirectoryEngine({ files: { snapshot: join(dir, `${name}.snapshot`), changes: join(dir, `${name}.changes`) }, key: null, service: 'sim:1' });
  built.receive(new Uint8Array(Buffer.from(JSON.stringify(records))));
  const outcome = built.build(download, null, true);
  if (outcome.outcome !== 'built') throw new Error(`the ${name} build failed: ${JSON.stringify(outcome)}`);
  return built;
}

/** One letter changed, dropped, doubled or two swapped: the slips an officer makes. */
function typos(word: string, rng: SeededRandom): string[] {
  if (word.length < 4) return [];
  const i = rng.int(1, word.length - 2);
  return [
    word.slice(0, i) + word.slice(i + 1),
    word.slice(0, i) + word.charAt(i + 1) + word.charAt(i) + word.slice(i + 2),
    word.slice(0, i) + 'x' + word.slice(i + 1),
    word.slice(0, i) + word.charAt(i) + word.slice(i),
    word.slice(0, Math.max(5, word.length - 2)) + 'q',
  ];
}

function queriesFor(records: readonly CardHolder[], seed: number): string[] {
  const rng = new SeededRandom(seed);
  const queries = new Set<string>(['', ' ', 'zzqxw', 'nobody here', '0', '1', '10', '100', '1001', '+33', '06']);
  for (const letter of 'abcdefghijklmnopqrstuvwxyzéø') queries.add(letter);
  for (const tenant of TENANTS) queries.add(tenant.name).add(tenant.name.split(' ')[0] as string);
  for (const type of CARD_HOLDER_TYPES) queries.add(type.name).add(type.name.slice(0, 4).toLowerCase());
  for (let k = 0; k < 100; k++) {
    const r = records[rng.int(0, records.length - 1)] as CardHolder;
    const last = r.last_Name.toLowerCase();
    const first = r.first_Name.toLowerCase();
    queries.add(r.last_Name).add(first).add(`${first} ${last}`).add(`${last} ${first}`).add(`${r.last_Name}, ${r.first_Name}`);
    for (const n of [2, 3, 4]) queries.add(last.slice(0, n)).add(`${first.slice(0, n)} ${last.slice(0, 1)}`);
    if (last.length >= 6) queries.add(last.slice(2, 6));
    for (const typo of typos(last, rng)) queries.add(typo);
    for (const typo of typos(first, rng)) queries.add(`${typo} ${last.slice(0, 3)}`);
    queries.add(r.employee_ID).add(r.employee_ID.slice(0, 4)).add(r.employee_ID.slice(0, 5));
    queries.add(String(r.id));
    if (r.email !== '') queries.add(r.email).add(r.email.slice(0, r.email.indexOf('@') + 1)).add(r.email.split('@')[0] as string);
    if (r.phone !== '') {
      const digits = r.phone.replace(/\D/g, '');
      queries.add(r.phone).add(digits.slice(-4)).add(digits.slice(-6)).add(r.phone.slice(0, 6));
    }
    if (r.middle_Name !== '') queries.add(r.middle_Name).add(`${first} ${r.middle_Name.toLowerCase()}`);
    if (r.city !== '') queries.add(r.city);
  }
  return [...queries];
}

/** What the officer sees for a query: the total, and the ids of the first pages. */
function answer(directory: DirectoryEngine, query: string): { total: number; ids: number[]; next: number[]; suggestions: string[] } {
  const first = directory.search(query, 0, 100, names);
  const next = directory.search(query, 100, 50, names);
  return { total: first.total, ids: first.records.map((r) => r.id), next: next.records.map((r) => r.id), suggestions: first.suggestions.map((s) => JSON.stringify(s)) };
}

describe('the lookup built whole or with later additions', () => {
  it('gives the same results in the same order for every kind of query', async () => {
    // The seed as the directory reads it from the service.
    const all: CardHolder[] = checkCardholderList(seedCardholders(RECORDS, 2111))?.records ?? [];
    expect(all).toHaveLength(RECORDS);
    const rng = new SeededRandom(21);
    // Some records renamed after the partial build: the whole build holds their new version.
    const changed = new Map<number, CardHolder>();
    while (changed.size < CHANGED) {
      const r = all[rng.int(0, RECORDS - ADDED - 1)] as CardHolder;
      const other = all[rng.int(0, RECORDS - 1)] as CardHolder;
      changed.set(r.id, { ...r, last_Name: other.last_Name, first_Name: other.first_Name, name: `${other.last_Name}, ${other.first_Name}`, displayName: `${other.last_Name} ${other.first_Name}`, updated: '2026-11-24T10:00:00+00:00' });
    }
    // The added records are taken from all over the name order (not the last ids only).
    const addedIds = new Set<number>();
    while (addedIds.size < ADDED) addedIds.add((all[rng.int(0, RECORDS - 1)] as CardHolder).id);
    for (const id of addedIds) changed.delete(id);
    const final = all.map((r) => changed.get(r.id) ?? r);
    const whole = engine('whole', final);
    const partial = engine('partial', all.filter((r) => !addedIds.has(r.id)));
    for (const r of final) if (addedIds.has(r.id)) await partial.upsert([r], false);
    for (const r of changed.values()) await partial.upsert([r], false);

    const queries = queriesFor(final, 7);
    expect(queries.length).toBeGreaterThan(1_000);
    const differing: string[] = [];
    for (const query of queries) {
      const a = answer(whole, query);
      const b = answer(partial, query);
      if (JSON.stringify(a) !== JSON.stringify(b)) differing.push(query);
    }
    expect(differing, `${differing.length} of ${queries.length} queries answered differently`).toEqual([]);
    // And the duplicate check of the enrolment form.
    for (const r of final.slice(0, 300)) {
      const person = { first_Name: r.first_Name, last_Name: r.last_Name, employee_ID: r.employee_ID, email: r.email };
      expect(partial.duplicates(person).map((m) => [m.record.id, m.reasons])).toEqual(whole.duplicates(person).map((m) => [m.record.id, m.reasons]));
    }
  }, 120_000);
});
