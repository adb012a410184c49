import { describe, expect, it } from 'vitest';
import { checkCardholderList, describeProblem, FIELD_CHARS_LIMIT, MAX_PROBLEMS } from '../../../../electron/core/cardholders/checks/record-check';
import { CardHolderSchema } from '../../../../electron/core/service/service-schemas';
import { person } from '../../../support/cardholders';

describe('checkCardholderList', () => {
  it('keeps well-formed records, with their unknown fields, and fills the null-only fields a server left out', () => {
    const a = { ...person({ id: 1, first_Name: 'A', last_Name: 'B' }), badgeColour: 'blue' } as Record<string, unknown>;
    delete a.birthday;
    delete a.card_Holder_ID;
    const checked = checkCardholderList([a]);
    expect(checked?.records).toHaveLength(1);
    expect(checked?.records[0]).toMatchObject({ badgeColour: 'blue', birthday: null, card_Holder_ID: null });
    expect(checked?.problems).toEqual([]);
  });

  it('sets aside a malformed record and says where and what, the others stay usable', () => {
    const good = person({ id: 1, first_Name: 'A', last_Name: 'B' });
    const wrongType = { ...person({ id: 2, first_Name: 'C', last_Name: 'D' }), tenant: [0, 'one'] };
    const missing = person({ id: 3, first_Name: 'E', last_Name: 'F' }) as Record<string, unknown>;
    delete missing.email;
    const badTime = { ...person({ id: 4, first_Name: 'G', last_Name: 'H' }), updated: '2026-01-01 10:00' };
    const checked = checkCardholderList([good, wrongType, missing, badTime, 'not a record']);
    expect(checked?.records.map((r) => r.id)).toEqual([1]);
    expect(checked?.problemCount).toBe(4);
    expect(checked?.received).toBe(5);
    expect(checked?.problems.map((p) => [p.index, p.id, p.field])).toEqual([
      [1, 2, 'tenant[1]'],
      [2, 3, 'email'],
      [3, 4, 'updated'],
      [4, null, '(record)'],
    ]);
    expect(checked?.problems[1]?.message).toMatch(/text/);
  });

  it('sets aside a record with a 1 MB name word, named by its position and field, and keeps the others', () => {
    const huge = person({ id: 2, first_Name: 'Ada', last_Name: 'L'.repeat(1 << 20) });
    const checked = checkCardholderList([person({ id: 1, first_Name: 'A', last_Name: 'B' }), huge, person({ id: 3, first_Name: 'C', last_Name: 'D', city: 'x'.repeat(FIELD_CHARS_LIMIT) })]);
    expect(checked?.records.map((r) => r.id)).toEqual([1, 3]);
    expect(checked?.problems).toEqual([
      { index: 1, id: 2, field: 'last_Name', problem: 'tooLong', length: 1_048_576, limit: 1_000, message: 'field last_Name is 1,048,576 characters, over the limit 1,000' },
    ]);
    expect(describeProblem(checked?.problems[0] as NonNullable<typeof checked>['problems'][number])).toBe('record at position 2: field last_Name is 1,048,576 characters, over the limit 1,000');
  });

  it('keeps the first of two records with the same id and reports the second', () => {
    const checked = checkCardholderList([
      person({ id: 1, first_Name: 'A', last_Name: 'B' }),
      person({ id: 5, first_Name: 'C', last_Name: 'D' }),
      person({ id: 3, first_Name: 'E', last_Name: 'F' }),
      person({ id: 5, first_Name: 'G', last_Name: 'H' }),
    ]);
    expect(checked?.records.map((r) => r.first_Name)).toEqual(['A', 'C', 'E']);
    expect(checked?.problems).toEqual([{ index: 3, id: 5, field: 'id', problem: 'duplicateId', firstIndex: 1, message: 'the id 5 is already used by the record at position 2' }]);
  });

  it('finds the list in a wrapper, and answers null when there is no list at all', () => {
    expect(checkCardholderList({ items: [person({ id: 1, first_Name: 'A', last_Name: 'B' })] })?.records).toHaveLength(1);
    expect(checkCardholderList({ message: 'maintenance' })).toBeNull();
    expect(checkCardholderList('[]')).toBeNull();
    expect(checkCardholderList(null)).toBeNull();
    expect(checkCardholderList([])).toEqual({ records: [], problems: [], problemCount: 0, received: 0 });
  });

  it('keeps the detail of the first problems only, and counts them all', () => {
    const bad = Array.from({ length: MAX_PROBLEMS + 20 }, (_, i) => ({ ...person({ id: i + 1, first_Name: 'A', last_Name: 'B' }), id: 'x' }));
    const checked = checkCardholderList(bad);
    expect(checked?.problems).toHaveLength(MAX_PROBLEMS);
    expect(checked?.problemCount).toBe(MAX_PROBLEMS + 20);
  });

  it('accepts exactly what the client schema accepts (fuzzed records)', () => {
    let seed = 7;
    const random = (): number => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed / 0x7fffffff;
    };
    const odd: unknown[] = [null, undefined, 0, -1, 1.5, 2 ** 60, Number.NaN, '', 'x', '12', true, [], [1], [1.5], {}, '2026-02-29T00:00:00Z', '2028-02-29T00:00:00Z', '2026-01-01T00:00:00+01:00', '2026-01-01T24:00:00Z', '2026-01-01T00:00:00.5-05:30'];
    const base = person({ id: 1, first_Name: 'A', last_Name: 'B' }) as Record<string, unknown>;
    const fields = Object.keys(base);
    let agreed = 0;
    for (let round = 0; round < 3000; round++) {
      const record: Record<string, unknown> = { ...base, tenant: [0] };
      const changes = 1 + Math.floor(random() * 2);
      for (let c = 0; c < changes; c++) {
        const field = fields[Math.floor(random() * fields.length)] as string;
        const value = odd[Math.floor(random() * odd.length)];
        if (value === undefined) delete record[field];
        else record[field] = value;
      }
      const expected = CardHolderSchema.safeParse(structuredClone(record)).success;
      expect({ record, accepted: checkCardholderList([record])?.records.length === 1 }).toEqual({ record, accepted: expected });
      agreed++;
    }
    expect(agreed).toBe(3000);
  });
});
