import { describe, expect, it } from 'vitest';
import { CardholderIndex } from '../../../../electron/core/cardholders/lookup/cardholder-index';
import { WORD_CHARS, WORDS_PER_FIELD } from '../../../../electron/core/cardholders/lookup/search-text';
import type { CardHolder } from '../../../../electron/core/service/access-service';
import { person } from '../../../support/cardholders';

const names = (records: CardHolder[]): string[] => records.map((r) => `${r.first_Name} ${r.last_Name}`);
const find = (index: CardholderIndex, query: string, limit = 50): string[] => names(index.search(query, 0, limit).records);

describe('CardholderIndex lookup', () => {
  const index = CardholderIndex.build([
    person({ first_Name: 'Marie', last_Name: 'Dupont', email: 'marie.dupont@northwind.example', phone: '+33 4 72 12 34 56', employee_ID: '100042' }),
    person({ first_Name: 'Jürgen', last_Name: 'Müller' }),
    person({ first_Name: 'Øyvind', last_Name: 'Sørensen' }),
    person({ first_Name: 'Siobhán', last_Name: "O'Brien" }),
    person({ first_Name: 'Seán', last_Name: 'Ó Súilleabháin' }),
    person({ first_Name: 'Ana María', last_Name: 'García-López' }),
    person({ first_Name: 'Hans', last_Name: 'Weiß', middle_Name: 'Peter' }),
    person({ first_Name: 'Zoë', last_Name: 'Åberg' }),
    person({ first_Name: 'Lars', last_Name: 'Johansson' }),
    person({ first_Name: 'Paul', last_Name: 'Dupond', phone: '+1 217 555 0100', employee_ID: '200100' }),
  ]);

  it('finds accented names typed without accents, in any case', () => {
    expect(find(index, 'muller')).toEqual(['Jürgen Müller']);
    expect(find(index, 'JURGEN')).toEqual(['Jürgen Müller']);
    expect(find(index, 'oyvind sorensen')).toEqual(['Øyvind Sørensen']);
    expect(find(index, 'weiss')).toEqual(['Hans Weiß']);
    expect(find(index, 'zoe aberg')).toEqual(['Zoë Åberg']);
    expect(find(index, 'sean o suilleabhain')).toEqual(['Seán Ó Súilleabháin']);
  });

  it('finds names with apostrophes and hyphens however they are typed', () => {
    for (const query of ["o'brien", 'obrien', 'o brien', 'O’Brien', 'siobhan obrien']) expect(find(index, query)).toEqual(["Siobhán O'Brien"]);
    for (const query of ['garcia lopez', 'garcia-lopez', 'garcialopez', 'lopez ana maria']) expect(find(index, query)).toEqual(['Ana María García-López']);
  });

  it('takes the words in any order, first name, last name or the composed name', () => {
    expect(find(index, 'marie dupont')).toEqual(['Marie Dupont']);
    expect(find(index, 'dupont marie')).toEqual(['Marie Dupont']);
    expect(find(index, 'Dupont, Marie')).toEqual(['Marie Dupont']);
  });

  it('searches the middle name, the e-mail, the employee ID and the phone digits', () => {
    expect(find(index, 'peter')).toEqual(['Hans Weiß']);
    expect(find(index, 'marie.dupont@northwind')).toEqual(['Marie Dupont']);
    expect(find(index, 'MARIE.DUPONT@NORTHWIND.EXAMPLE')).toEqual(['Marie Dupont']);
    expect(find(index, '100042')).toEqual(['Marie Dupont']);
    expect(find(index, '+33 4 72 12 34')).toEqual(['Marie Dupont']);
    expect(find(index, '4721234')).toEqual(['Marie Dupont']);
    expect(find(index, '555 0100')).toEqual(['Paul Dupond']);
  });

  it('tolerates one typo in words of five letters or more, not in shorter ones', () => {
    expect(find(index, 'johanson')).toEqual(['Lars Johansson']);
    expect(find(index, 'mueller')).toEqual(['Jürgen Müller']);
    expect(find(index, 'sorenson')).toEqual(['Øyvind Sørensen']);
    expect(find(index, 'dupnot marie')).toEqual(['Marie Dupont']);
    expect(find(index, 'lras')).toEqual([]);
    expect(find(index, 'hnas')).toEqual([]);
    expect(find(index, 'larz')).toEqual([]);
  });

  it('finds a five-letter name typed with a letter missing, without opening typos to shorter names', () => {
    const names = CardholderIndex.build([person({ first_Name: 'Priya', last_Name: 'Patel' }), person({ first_Name: 'Lars', last_Name: 'Dahl' })]);
    expect(find(names, 'pael')).toEqual(['Priya Patel']);
    expect(find(names, 'prya pael')).toEqual(['Priya Patel']);
    expect(find(names, 'dhal')).toEqual([]);
  });

  it('tolerates a slip in a long name still being typed', () => {
    expect(find(index, 'jhoa')).toEqual([]); // four letters: too few to tell a slip from another name
    expect(find(index, 'johna')).toEqual(['Lars Johansson']);
    expect(find(index, 'jonhans')).toEqual(['Lars Johansson']);
  });

  it('finds nothing for words that match no one, and everyone for an empty query', () => {
    expect(find(index, 'xyzzy')).toEqual([]);
    expect(find(index, 'marie xyzzy')).toEqual([]);
    expect(index.search('', 0, 100).total).toBe(10);
    expect(index.search('   ', 0, 100).total).toBe(10);
  });
});

describe('CardholderIndex ranking', () => {
  const index = CardholderIndex.build([
    person({ first_Name: 'Ann', last_Name: 'Lamartine' }), // substring
    person({ first_Name: 'Bob', last_Name: 'Martinez' }), // prefix
    person({ first_Name: 'Cid', last_Name: 'Marten' }), // one typo
    person({ first_Name: 'Dan', last_Name: 'Martin' }), // exact
    person({ first_Name: 'Eve', last_Name: 'Martin' }), // exact, ties by first name
    person({ first_Name: 'Ada', last_Name: 'Zola', middle_Name: 'Martin' }), // exact in the middle name
  ]);

  it('orders exact, then prefix, then substring, then typo matches, ties by last then first name', () => {
    expect(find(index, 'martin')).toEqual(['Dan Martin', 'Eve Martin', 'Ada Zola', 'Bob Martinez', 'Ann Lamartine', 'Cid Marten']);
  });

  it('puts the person whose employee ID was typed first, before IDs and phones that merely start with it', () => {
    const ids = CardholderIndex.build([
      person({ first_Name: 'Al', last_Name: 'Aaron', employee_ID: '1000421' }),
      person({ first_Name: 'Bo', last_Name: 'Baker', phone: '+44 100042 99' }),
      person({ first_Name: 'Cy', last_Name: 'Zed', employee_ID: '100042' }),
    ]);
    expect(find(ids, '100042')).toEqual(['Cy Zed', 'Al Aaron', 'Bo Baker']);
  });

  it('boosts a record once however many typed words are its employee ID', () => {
    const ids = CardholderIndex.build([
      person({ first_Name: 'Al', last_Name: 'Aaron', employee_ID: '100041' }),
      person({ first_Name: 'Bo', last_Name: 'Baker', employee_ID: '100042' }),
      person({ first_Name: 'Cy', last_Name: 'Zed', employee_ID: '100043' }),
    ]);
    expect(find(ids, '100043 zed 100043')).toEqual(['Cy Zed']);
    expect(find(ids, '100043 cy 100043 zed 100043 100043 100043 100043')).toEqual(['Cy Zed']);
  });

  it('pages through the ranked result and counts it whole', () => {
    const many = CardholderIndex.build(Array.from({ length: 250 }, (_, i) => person({ first_Name: `Name${String(i).padStart(3, '0')}`, last_Name: 'Smith' })));
    const first = many.search('smith', 0, 100);
    const third = many.search('smith', 200, 100);
    expect(first.total).toBe(250);
    expect(first.records).toHaveLength(100);
    expect(third.offset).toBe(200);
    expect(names(third.records)).toHaveLength(50);
    expect(third.records[0]?.first_Name).toBe('Name200');
    expect(many.search('smith', 1000, 100)).toEqual({ total: 250, offset: 250, records: [] });
  });
});

describe('CardholderIndex changes after the build', () => {
  it('finds a created record at once, in its name position', () => {
    const index = CardholderIndex.build([person({ id: 1, first_Name: 'Anna', last_Name: 'Berg' }), person({ id: 2, first_Name: 'Carl', last_Name: 'Dahl' })]);
    expect(index.search('', 0, 10).total).toBe(2);
    index.upsert(person({ id: 3, first_Name: 'Bea', last_Name: 'Cole' }));
    expect(find(index, '')).toEqual(['Anna Berg', 'Bea Cole', 'Carl Dahl']);
    expect(find(index, 'cole')).toEqual(['Bea Cole']);
    expect(index.get(3)?.first_Name).toBe('Bea');
    expect(index.size).toBe(3);
  });

  it('replaces an updated record: the old name no longer finds it, the new one does', () => {
    const index = CardholderIndex.build([person({ id: 1, first_Name: 'Anna', last_Name: 'Berg' }), person({ id: 2, first_Name: 'Carl', last_Name: 'Dahl' })]);
    expect(find(index, 'berg')).toEqual(['Anna Berg']);
    index.upsert(person({ id: 1, first_Name: 'Anna', last_Name: 'Zeller' }));
    expect(find(index, 'berg')).toEqual([]);
    expect(find(index, 'zeller')).toEqual(['Anna Zeller']);
    expect(find(index, 'anna')).toEqual(['Anna Zeller']);
    expect(find(index, '')).toEqual(['Carl Dahl', 'Anna Zeller']);
    expect(index.size).toBe(2);
    expect(index.overlayRecords().map((r) => r.last_Name)).toEqual(['Zeller']);
  });

  it('ranks overlay and built records together', () => {
    const index = CardholderIndex.build([person({ id: 1, first_Name: 'Dan', last_Name: 'Martin' }), person({ id: 2, first_Name: 'Bob', last_Name: 'Martinez' })]);
    index.upsert(person({ id: 3, first_Name: 'Abe', last_Name: 'Martin' }));
    index.upsert(person({ id: 4, first_Name: 'Zed', last_Name: 'Martinelli' }));
    // Exact before prefix; inside each, by last then first name, wherever the record lives.
    expect(find(index, 'martin')).toEqual(['Abe Martin', 'Dan Martin', 'Zed Martinelli', 'Bob Martinez']);
  });

  it('lists every record in id order, built and changed', () => {
    const index = CardholderIndex.build([person({ id: 5, first_Name: 'A', last_Name: 'Z' }), person({ id: 2, first_Name: 'B', last_Name: 'Y' })]);
    index.upsert(person({ id: 9, first_Name: 'C', last_Name: 'X' }));
    index.upsert(person({ id: 5, first_Name: 'A', last_Name: 'W' }));
    expect(index.allRecords().map((r) => [r.id, r.last_Name])).toEqual([[2, 'Y'], [5, 'W'], [9, 'X']]);
  });
});

describe('CardholderIndex.findDuplicates', () => {
  const index = CardholderIndex.build([
    person({ id: 1, first_Name: 'Marie', last_Name: 'Dupont', employee_ID: '100042', email: 'marie.dupont@northwind.example' }),
    person({ id: 2, first_Name: 'José', last_Name: 'García', employee_ID: '100043', email: 'jgarcia@contoso.example' }),
    person({ id: 3, first_Name: 'Marie', last_Name: 'Dupontel', employee_ID: '100044' }),
  ]);

  it('finds the same employee ID, the same first and last name (accents and case ignored) and the same e-mail', () => {
    const byId = index.findDuplicates({ first_Name: 'Anne', last_Name: 'Other', employee_ID: '100043' });
    expect(byId.map((d) => [d.record.id, d.reasons])).toEqual([[2, ['employeeId']]]);
    const byName = index.findDuplicates({ first_Name: 'JOSE', last_Name: 'garcia' });
    expect(byName.map((d) => [d.record.id, d.reasons])).toEqual([[2, ['name']]]);
    const byEmail = index.findDuplicates({ first_Name: 'M', last_Name: 'D', email: ' Marie.Dupont@Northwind.Example ' });
    expect(byEmail.map((d) => [d.record.id, d.reasons])).toEqual([[1, ['email']]]);
  });

  it('puts the record matching on most counts first and never the record being edited', () => {
    const all = index.findDuplicates({ first_Name: 'Marie', last_Name: 'Dupont', employee_ID: '100044', email: 'marie.dupont@northwind.example' });
    expect(all.map((d) => [d.record.id, d.reasons])).toEqual([[1, ['email', 'name']], [3, ['employeeId']]]);
    expect(index.findDuplicates({ first_Name: 'Marie', last_Name: 'Dupont' }, 1)).toEqual([]);
  });

  it('does not take a prefix for a duplicate', () => {
    expect(index.findDuplicates({ first_Name: 'Marie', last_Name: 'Dupon', employee_ID: '10004', email: 'marie.dupont@northwind' })).toEqual([]);
  });

  it('sees records created after the build', () => {
    const changed = CardholderIndex.build([person({ id: 1, first_Name: 'A', last_Name: 'B' })]);
    changed.upsert(person({ id: 2, first_Name: 'Chloé', last_Name: 'Lefèvre', employee_ID: 'E-7' }));
    expect(changed.findDuplicates({ first_Name: 'chloe', last_Name: 'LEFEVRE', employee_ID: 'e7' }).map((d) => d.reasons)).toEqual([['employeeId', 'name']]);
  });
});

describe('CardholderIndex employee IDs typed as they are written', () => {
  const index = CardholderIndex.build([
    person({ first_Name: 'Eva', last_Name: 'Berg', employee_ID: '123456' }), // first name E, ID starting 1234
    person({ first_Name: 'Emil', last_Name: 'Cole', employee_ID: '1234' }),
    person({ first_Name: 'Nora', last_Name: 'Dahl', employee_ID: 'E-1234' }),
    person({ first_Name: 'Omar', last_Name: 'Ekberg', employee_ID: 'E12345' }),
    person({ first_Name: 'Pia', last_Name: 'Fox', employee_ID: 'CH.77/2' }),
    person({ first_Name: 'Ed', last_Name: 'Lund', employee_ID: '4242' }),
  ]);

  it('finds a stored "E-1234" typed with the dash, without it, in any case, or with other punctuation', () => {
    for (const query of ['E-1234', 'e-1234', 'E1234', 'e1234', 'E.1234', 'E/1234', ' E_1234 ', 'E 1234', 'E-12-34']) {
      expect(find(index, query)[0], query).toBe('Nora Dahl');
    }
  });

  it('finds a stored "E12345" typed with a dash, and puts the exact ID before IDs that start with it', () => {
    expect(find(index, 'E-12345')).toEqual(['Omar Ekberg']);
    expect(find(index, 'E-1234')).toEqual(['Nora Dahl', 'Omar Ekberg']);
    expect(find(index, 'ch77/2')).toEqual(['Pia Fox']);
    expect(find(index, 'CH-77-2')).toEqual(['Pia Fox']);
  });

  it('does not read an ID as a first name starting with E and a number', () => {
    expect(find(index, 'E-1234')).not.toContain('Eva Berg');
    expect(find(index, 'E-1234')).not.toContain('Emil Cole');
    expect(find(index, 'E-9999')).toEqual([]);
    expect(find(index, 'E9999')).toEqual([]);
  });

  it('keeps a name with a number, and a short name with a number that is nobody\'s ID, as words', () => {
    expect(find(index, 'eva 123456')).toEqual(['Eva Berg']);
    expect(find(index, 'berg 1234')).toEqual(['Eva Berg']);
    expect(find(index, 'ed 4242')).toEqual(['Ed Lund']);
    expect(find(index, 'emil')).toEqual(['Emil Cole']);
  });

  it('finds an ID typed with its punctuation among 100,000 records: exact ID first, no strangers', () => {
    const firsts = ['Eva', 'Emil', 'Elena', 'Erik', 'Anna', 'Bo', 'Carl', 'Dana'];
    const records = Array.from({ length: 100_000 }, (_, i) => {
      // Every third ID is written "E-n", every third "En", the rest digits only.
      const n = 1000 + i;
      const employee_ID = i % 3 === 0 ? `E-${n}` : i % 3 === 1 ? `E${n}` : String(n);
      return person({ id: i + 1, first_Name: firsts[i % firsts.length] as string, last_Name: `Name${i}`, employee_ID });
    });
    const big = CardholderIndex.build(records);
    const ids = (query: string): string[] => big.search(query, 0, 200).records.map((r) => r.employee_ID);
    // 1234 = 1000 + 234: i = 234 is "E-1234" (234 % 3 === 0).
    for (const query of ['E-1234', 'E1234', 'e-1234', 'e1234']) {
      const found = ids(query);
      expect(found[0], query).toBe('E-1234');
      for (const id of found) expect(id.replace(/-/g, '').toLowerCase().startsWith('e1234'), `${query}: ${id}`).toBe(true);
    }
    // 1235 → i = 235 is "E1235": found typed with a dash.
    expect(ids('E-1235')[0]).toBe('E1235');
    // 1236 → i = 236 is digits only: "E-1236" is nobody's ID; only IDs that start with it are listed, no one named E….
    expect(ids('E-1236')).toEqual(['E-12361', 'E12362', 'E-12364', 'E12365', 'E-12367', 'E12368']);
    expect(ids('E-99999')).toEqual([]);
    expect(ids('1236')[0]).toBe('1236');
  });

  it('sees through zero-width characters, bidirectional controls, full-width forms and Cyrillic or Greek look-alikes (issue 32)', () => {
    const ids = (found: ReturnType<CardholderIndex['findDuplicates']>) => found.map((d) => [d.record.id, d.reasons]);
    const index = CardholderIndex.build([
      person({ id: 1, first_Name: 'Marie', last_Name: 'Dupont', employee_ID: '100042', email: 'marie.dupont@northwind.example' }),
      person({ id: 2, first_Name: 'José', last_Name: 'García', employee_ID: '100043', email: 'jgarcia@contoso.example' }),
    ]);
    // Typed at the desk against records of the directory…
    expect(ids(index.findDuplicates({ first_Name: 'Ma\u200Brie', last_Name: 'Dup\u200Dont' }))).toEqual([[1, ['name']]]);
    expect(ids(index.findDuplicates({ first_Name: 'Marie', last_Name: 'Dupоnt' }))).toEqual([[1, ['name']]]); // Cyrillic о
    expect(ids(index.findDuplicates({ first_Name: 'Jοsé', last_Name: 'Gаrcía' }))).toEqual([[2, ['name']]]); // Greek ο, Cyrillic а
    expect(ids(index.findDuplicates({ first_Name: 'M', last_Name: 'D', email: 'marie.dupont@northwind.examp\u202Ele' }))).toEqual([[1, ['email']]]);
    expect(ids(index.findDuplicates({ first_Name: 'ＭＡＲＩＥ', last_Name: 'ＤＵＰＯＮＴ' }))).toEqual([[1, ['name']]]);
    // … and a record of the service that holds them, against the name typed plainly.
    const spoofed = CardholderIndex.build([person({ id: 7, first_Name: 'Ivаn', last_Name: '\u202EPetrov\u202C', email: 'i\u200Bpetrov@x.example' })]);
    expect(ids(spoofed.findDuplicates({ first_Name: 'Ivan', last_Name: 'Petrov', email: 'ipetrov@x.example' }))).toEqual([[7, ['email', 'name']]]);
    // A Cyrillic or Greek name with letters of its own stays itself.
    const own = CardholderIndex.build([person({ id: 8, first_Name: 'Мария', last_Name: 'Иванова' }), person({ id: 9, first_Name: 'Σοφία', last_Name: 'Παπαδοπούλου' })]);
    expect(ids(own.findDuplicates({ first_Name: 'мария', last_Name: 'ИВАНОВА' }))).toEqual([[8, ['name']]]);
    expect(ids(own.findDuplicates({ first_Name: 'Σοφια', last_Name: 'Παπαδοπουλου' }))).toEqual([[9, ['name']]]);
    expect(own.findDuplicates({ first_Name: 'Maria', last_Name: 'Ivanova' })).toEqual([]);
  });
});

describe('CardholderIndex: what a person is, in the same index as names', () => {
  const SITE = {
    tenants: [{ id: 0, name: 'Building (shared)' }, { id: 1, name: 'Northwind Traders' }, { id: 3, name: 'Fabrikam Logistics' }],
    cardholderTypes: [{ id: 1, name: 'Employee' }, { id: 3, name: 'Visitor' }],
  };
  const index = CardholderIndex.build([
    person({ id: 1, first_Name: 'Liam', last_Name: 'Smith', city: 'Springfield', tenant: [0, 1], card_Holder_Type_ID: 1, email: 'liam.smith@northwind.example' }),
    person({ id: 2, first_Name: 'Ana', last_Name: 'Paris', city: 'Lyon', tenant: [0], card_Holder_Type_ID: 3, email: 'ana.paris@fabrikam.example' }),
    person({ id: 3, first_Name: 'Inés', last_Name: 'Muñoz', city: 'Paris', tenant: [0, 3], card_Holder_Type_ID: 3, email: 'ines.nunez@contoso.example' }),
    person({ id: 4, first_Name: 'Marie', last_Name: 'Dupont', city: 'A Coruña', tenant: [0], card_Holder_Type_ID: 1, email: '' }),
    person({ id: 5, first_Name: 'Paul', last_Name: 'Parisot', city: 'Paris', tenant: [0, 1], card_Holder_Type_ID: 1, email: 'p@mail.example.org' }),
  ]);
  const ids = (query: string, names = SITE): number[] => index.search(query, 0, 50, names).records.map((r) => r.id);

  it('finds people by city, by the e-mail domain, by company and by type (by the site\'s names)', () => {
    expect(ids('springfield')).toEqual([1]);
    expect(ids('Spring')).toEqual([1]);
    expect(ids('a coruna')).toEqual([4]);
    expect(ids('fabrikam')).toEqual([3, 2]); // the tenant Fabrikam Logistics (3), the domain fabrikam.example (2)
    expect(ids('northwind traders')).toEqual([5, 1]);
    expect(ids('visitor')).toEqual([3, 2]);
    expect(ids('smith springfield')).toEqual([1]);
    expect(ids('mail.example.org')).toEqual([5]);
    expect(ids('nunez@')).toEqual([3]);
    expect(ids('@contoso')).toEqual([3]);
    expect(ids('type 3')).toEqual([3, 2]);
    expect(ids('tenant 1')).toEqual([5, 1]);
  });

  it('ranks a name match before a city match: "paris" lists Ana Paris and Paul Parisot before those who live in Paris', () => {
    expect(ids('paris')).toEqual([2, 5, 3]);
    expect(ids('pari')).toEqual([2, 5, 3]);
    expect(ids('pa')).toEqual([2, 5]); // two letters: the beginning of a name, not yet of a city
  });

  it('without the site\'s names, a company or type is found by its number only', () => {
    const none = { tenants: [], cardholderTypes: [] };
    expect(ids('visitor', none)).toEqual([]);
    expect(ids('type 3', none)).toEqual([3, 2]);
  });

  it('finds a record changed since the build by what it is now', () => {
    const changing = CardholderIndex.build([person({ id: 7, first_Name: 'Ada', last_Name: 'Byron', city: 'Leeds' }), person({ id: 8, first_Name: 'Bo', last_Name: 'Ek', city: 'Oslo' })]);
    changing.upsert(person({ id: 7, first_Name: 'Ada', last_Name: 'Byron', city: 'Oslo' }));
    expect(changing.search('oslo', 0, 50).records.map((r) => r.id)).toEqual([7, 8]);
    expect(changing.search('leeds', 0, 50).total).toBe(0);
  });
});

describe('CardholderIndex: what one field contributes is bounded', () => {
  const withWord = (length: number): CardHolder => person({ id: 1, first_Name: 'Ada', last_Name: `${'q'.repeat(length - 1)}z` });

  it('indexes a 1 MB name word with the same entries as a 100 kB one: the work does not grow with the word', () => {
    // Before the bound, the one-deletion variants of a word of n characters were n strings of n - 1 characters (n² work).
    const tenfold = CardholderIndex.build([withWord(1 << 20)]).entries();
    const once = CardholderIndex.build([withWord(100_000)]).entries();
    expect(tenfold).toEqual(once);
    // Each one-deletion variant is at most WORD_CHARS long, and there are at most WORD_CHARS + 1 per word.
    expect(tenfold.variantChars).toBeLessThanOrEqual(3 * (WORD_CHARS + 1) * WORD_CHARS);
  });

  it('indexes at most WORDS_PER_FIELD words of a field', () => {
    const many = Array.from({ length: 5_000 }, (_, i) => `w${i}`).join(' ');
    const entries = CardholderIndex.build([person({ id: 1, first_Name: 'Ada', last_Name: many })]).entries();
    expect(entries.words).toBeLessThanOrEqual(WORDS_PER_FIELD + 1);
  });

  it('still finds the person by the beginning of the long word, typed even longer than what is indexed', () => {
    const index = CardholderIndex.build([withWord(1 << 20), person({ id: 2, first_Name: 'Bo', last_Name: 'Quist' })]);
    expect(index.search('q'.repeat(100), 0, 10).records.map((r) => r.id)).toEqual([1]);
    expect(index.search('ada qqqq', 0, 10).records.map((r) => r.id)).toEqual([1]);
  });
});
