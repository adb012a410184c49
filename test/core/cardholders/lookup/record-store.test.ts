import { describe, expect, it } from 'vitest';
import { PackedRecords } from '../../../../electron/core/cardholders/lookup/record-store';
import { person } from '../../../support/cardholders';

describe('PackedRecords', () => {
  const records = [
    person({ id: 1, first_Name: 'Siobhán', last_Name: 'Ó Briain', city: 'a "quoted" city, with \\ and {braces}' }),
    // An unknown field holding an object with the same field names, a field name written with an escape.
    { ...person({ id: 2, first_Name: 'Åse', last_Name: 'Nygård' }), extra: { id: 'inner', last_Name: [1, { name: 'x' }] } },
    person({ id: 3, first_Name: '山田', last_Name: '太郎', email: 'taro@example.jp' }),
  ];
  const texts = [
    JSON.stringify(records[0], null, 2),
    JSON.stringify(records[1]).replace('"first_Name"', '"first\\u005fName"'),
    JSON.stringify(records[2], null, '\t').replaceAll('":', '" \r\n :'),
  ];

  it('gives each record back as it was sent (whitespace, escapes and unknown fields whatever they are), in less than its bytes', () => {
    const store = new PackedRecords();
    for (const text of texts) store.add(Buffer.from(text));
    store.seal();
    records.forEach((record, i) => expect(store.record(i)).toEqual(JSON.parse(texts[i] as string)));
    expect(store.record(1)).toEqual(record(1));
    const sent = texts.reduce((sum, text) => sum + Buffer.byteLength(text), 0);
    const packed = Buffer.concat([...store.arrayPieces()]);
    expect(JSON.parse(packed.toString('utf8'))).toEqual(texts.map((text) => JSON.parse(text) as unknown));
    // Field names as one byte each: the snapshot (unpacked, no whitespace) is still smaller than what was sent here.
    expect(packed.byteLength).toBeLessThan(sent);
  });

  it('spreads many records over blocks and writes them as one JSON array', () => {
    const store = new PackedRecords();
    const many = Array.from({ length: 5_000 }, (_, i) => person({ id: i + 1, first_Name: `First${i}`, last_Name: `Last${i}`, address1: 'x'.repeat(300) }));
    for (const record of many) store.add(Buffer.from(JSON.stringify(record)));
    store.seal();
    expect(store.byteLength).toBeGreaterThan(1 << 20);
    expect(store.record(4_999)).toEqual(many[4_999]);
    expect(JSON.parse(Buffer.concat([...store.arrayPieces()]).toString('utf8'))).toEqual(many);
    expect(Buffer.concat([...new PackedRecords().arrayPieces()]).toString()).toBe('[]');
  });

  function record(i: number): unknown {
    return records[i];
  }
});
