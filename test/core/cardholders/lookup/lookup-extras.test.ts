/**
 * What the lookup adds around the name index, through the directory engine (in this thread and in
 * its worker thread): an exact full name first, people found by company, type, city and a part of
 * their e-mail address, the nearest names for a name with two slips, and the counts of tenants and
 * cardholder types the enrolment form offers.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { localEngine, threadEngine, type EngineFactory, type EngineHandle } from '../../../../electron/core/cardholders/directory/engine-handle';
import { editDistance } from '../../../../electron/core/cardholders/lookup/lookup-extras';
import { enrolmentChoices } from '../../../../electron/core/cardholders/enrolment/enrolment-choices';
import type { CardHolder } from '../../../../electron/core/service/access-service';
import { person } from '../../../support/cardholders';

const SITE = {
  tenants: [{ id: 0, name: 'Building (shared)' }, { id: 1, name: 'Northwind Traders' }, { id: 3, name: 'Fabrikam Logistics' }],
  cardholderTypes: [{ id: 1, name: 'Employee' }, { id: 3, name: 'Visitor' }],
};

const PEOPLE: CardHolder[] = [
  person({ id: 1, first_Name: 'Liam', middle_Name: 'Joseph', last_Name: 'Smith', tenant: [0, 1], card_Holder_Type_ID: 1, city: 'Springfield', email: 'liam.smith@northwind.example' }),
  person({ id: 2, first_Name: 'Liam', last_Name: 'Smith', tenant: [0, 3], card_Holder_Type_ID: 3, city: 'Lyon', email: 'l.smith@fabrikam.example' }),
  person({ id: 3, first_Name: 'Łukasz', last_Name: 'Lewandowski', tenant: [0], card_Holder_Type_ID: 1, city: 'Kraków', email: 'lukasz.lewandowski@mail.example.org' }),
  person({ id: 4, first_Name: 'Inés', last_Name: 'Muñoz', tenant: [0, 1], card_Holder_Type_ID: 3, city: 'Springfield', email: 'ines.nunez@contoso.example' }),
  person({ id: 5, first_Name: 'Marie', last_Name: 'Dupont', tenant: [0], card_Holder_Type_ID: 1, city: 'Paris', email: '' }),
];

let dir: string;
const engines: EngineHandle[] = [];
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kiosk-lookup-extras-'));
});
afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.close();
  await rm(dir, { recursive: true, force: true });
});

for (const [kind, factory] of [['in this thread', localEngine], ['in a worker thread', threadEngine]] as Array<[string, EngineFactory]>) {
  describe(`the lookup's extras ${kind}`, () => {
    const built = async (): Promise<EngineHandle> => {
      const engine = factory({ files: { snapshot: join(dir, 'directory.snapshot'), changes: join(dir, 'directory.changes') }, key: null, service: 'sim:1' }, () => undefined);
      engines.push(engine);
      engine.receive(new Uint8Array(Buffer.from(JSON.stringify(PEOPLE))));
      await engine.build({ syncedAt: '2026-11-23T10:00:00.000Z', etag: null, lastModified: null }, null, false);
      return engine;
    };
    const ids = async (engine: EngineHandle, query: string): Promise<number[]> => (await engine.search(query, 0, 50, SITE)).records.map((r) => r.id);

    it('"Liam Smith" puts the exact "Smith, Liam" above "Smith, Liam Joseph"', async () => {
      const engine = await built();
      expect(await ids(engine, 'Liam Smith')).toEqual([2, 1]);
      expect(await ids(engine, 'smith liam')).toEqual([2, 1]);
    });

    it('finds people by company, cardholder type and city typed as words, and by a part of their e-mail', async () => {
      const engine = await built();
      expect(await ids(engine, 'Northwind')).toEqual([4, 1]);
      expect(await ids(engine, 'Visitor')).toEqual([4, 2]);
      expect(await ids(engine, 'Springfield')).toEqual([4, 1]);
      expect(await ids(engine, 'nunez@')).toEqual([4]);
      expect(await ids(engine, 'fabrikam')).toEqual([2]);
      expect(await ids(engine, 'Smith Springfield')).toEqual([1]);
      // Where the catalogue names none: by the number the screens show.
      expect(await ids(engine, 'Type 3')).toEqual([4, 2]);
      expect(await ids(engine, 'tenant 3')).toEqual([2]);
    });

    it('a cardholder enrolled or changed here since is found by what they are too', async () => {
      const engine = await built();
      expect(await ids(engine, 'Springfield')).toEqual([4, 1]);
      await engine.upsert([person({ id: 6, first_Name: 'Ada', last_Name: 'Byron', city: 'Springfield', tenant: [0], card_Holder_Type_ID: 3 }), { ...(PEOPLE[0] as CardHolder), city: 'Leeds', updated: '2026-11-24T10:00:00.000+00:00' }], false);
      expect(await ids(engine, 'Springfield')).toEqual([6, 4]);
      expect(await ids(engine, 'Leeds')).toEqual([1]);
    });

    it('"Lewandosky" (two slips) finds nobody and suggests "Lewandowski"', async () => {
      const engine = await built();
      const page = await engine.search('Lewandosky', 0, 50, SITE);
      expect(page.total).toBe(0);
      expect(page.suggestions).toEqual(['Lewandowski']);
    });

    it('counts the tenants and cardholder types the records carry', async () => {
      const engine = await built();
      const counts = await engine.valueCounts();
      expect(counts.records).toBe(5);
      expect(counts.tenants).toEqual([{ id: 0, count: 5 }, { id: 1, count: 2 }, { id: 3, count: 1 }]);
      expect(counts.cardholderTypes).toEqual([{ id: 1, count: 3 }, { id: 3, count: 2 }]);
      expect(counts.tenantSets[0]).toEqual({ ids: [0], count: 2 });
    });
  });
}

describe('the enrolment choices', () => {
  const counts = { records: 10, tenants: [{ id: 0, count: 10 }, { id: 7, count: 4 }], cardholderTypes: [{ id: 2, count: 6 }, { id: 1, count: 4 }], tenantSets: [{ ids: [0, 7], count: 4 }] };

  it('without a site catalogue: the values seen, with their counts, none preselected (not the most common)', () => {
    const choices = enrolmentChoices({ tenants: [], cardholderTypes: [] }, { defaultTenants: [], defaultCardholderType: null, employeeIdPattern: null }, counts);
    expect(choices.tenants).toEqual([{ id: 0, name: 'Tenant 0', named: false, count: 10 }, { id: 7, name: 'Tenant 7', named: false, count: 4 }]);
    expect(choices.cardholderTypes.map((t) => [t.name, t.count])).toEqual([['Type 2', 6], ['Type 1', 4]]);
    expect(choices.defaults).toEqual({ tenants: [], cardholderType: null });
  });

  it('named where the catalogue names them, the configured defaults first', () => {
    const choices = enrolmentChoices({ tenants: [{ id: 0, name: 'Building' }, { id: 9, name: 'Annex' }], cardholderTypes: [{ id: 1, name: 'Employee' }] }, { defaultTenants: [9], defaultCardholderType: 1, employeeIdPattern: '^E-' }, counts);
    expect(choices.tenants).toEqual([
      { id: 0, name: 'Building', named: true, count: 10 },
      { id: 7, name: 'Tenant 7', named: false, count: 4 },
      { id: 9, name: 'Annex', named: true, count: 0 },
    ]);
    expect(choices.defaults).toEqual({ tenants: [9], cardholderType: 1 });
    expect(choices.employeeIdPattern).toBe('^E-');
  });

  it('with a catalogue but no configured defaults: still none preselected (not the catalogue\'s first)', () => {
    const choices = enrolmentChoices({ tenants: [{ id: 0, name: 'Building' }], cardholderTypes: [{ id: 1, name: 'Employee' }, { id: 3, name: 'Visitor' }] }, { defaultTenants: [], defaultCardholderType: null, employeeIdPattern: null }, counts);
    expect(choices.defaults).toEqual({ tenants: [], cardholderType: null });
  });

  it('a configured type alone preselects the type only; configured tenants alone, the tenants only', () => {
    const none = { tenants: [], cardholderTypes: [] };
    expect(enrolmentChoices(none, { defaultTenants: [], defaultCardholderType: 4, employeeIdPattern: null }, counts).defaults).toEqual({ tenants: [], cardholderType: 4 });
    expect(enrolmentChoices(none, { defaultTenants: [0, 7], defaultCardholderType: null, employeeIdPattern: null }, counts).defaults).toEqual({ tenants: [0, 7], cardholderType: null });
  });
});

describe('editDistance', () => {
  it('counts insertions, deletions, substitutions and swaps, capped', () => {
    expect(editDistance('lewandosky', 'lewandowski', 2)).toBe(2);
    expect(editDistance('smith', 'smtih', 2)).toBe(1);
    expect(editDistance('dupont', 'martin', 2)).toBe(3);
  });
});
