import { describe, expect, it } from 'vitest';
import { ListStream, parseItems } from '../../../../electron/core/cardholders/directory/list-stream';

/** Pushes `text` in pieces of `size` bytes; answers the items found (parsed one by one from their bytes) and the final state. */
function split(text: string, size: number): { items: unknown[]; state: ListStream['state'] } {
  const bytes = Buffer.from(text);
  const stream = new ListStream();
  const items: unknown[] = [];
  for (let at = 0; at < bytes.length; at += size) {
    const batch = stream.push(bytes.subarray(at, at + size));
    if (!batch) continue;
    const parsed = parseItems(batch);
    expect(parsed).not.toBeNull();
    batch.starts.forEach((start, k) => {
      // Each item's own bytes are one JSON value (what the directory keeps of a record).
      const own = JSON.parse(batch.buffer.toString('utf8', start, batch.ends[k])) as unknown;
      expect(own).toEqual(parsed?.[k]);
      items.push(own);
    });
  }
  return { items, state: stream.state };
}

describe('ListStream', () => {
  const tricky = [
    { id: 1, name: 'quote \\" and \\\\ backslash', note: 'brackets ] } [ { and , commas' },
    { id: 2, nested: { list: [1, [2, { deep: ']' }]], text: '\\\\' }, tail: '\\\\\\"' },
    'a string item with "quotes" and \\',
    42,
    null,
    true,
    [],
    {},
    { id: 3, written: 'Siobhán Ó Briain, Åse Nygård, 山田 太郎, emoji 🙂' },
  ];
  const text = ` \n[ ${tricky.map((item) => JSON.stringify(item)).join(' ,\n ')} ] \n`;

  it('finds every item of an array whatever the pieces it arrives in (inside strings, escapes and multi-byte characters too)', () => {
    for (let size = 1; size <= 17; size++) {
      const { items, state } = split(text, size);
      expect(items, `pieces of ${size}`).toEqual(tricky);
      expect(state).toBe('end');
    }
    expect(split(text, 1 << 20).items).toEqual(tricky);
  });

  it('skips a byte-order mark, and reads an empty array', () => {
    expect(split(`\ufeff${JSON.stringify([{ id: 1 }])}`, 3)).toEqual({ items: [{ id: 1 }], state: 'end' });
    expect(split('[]', 1)).toEqual({ items: [], state: 'end' });
    expect(split(' [ \n ] ', 2)).toEqual({ items: [], state: 'end' });
  });

  it('leaves an answer that is no bare array to be read whole', () => {
    expect(split('{"value":[{"id":1}]}', 4).state).toBe('whole');
    expect(split('<html>oops</html>', 4).state).toBe('whole');
    expect(split('   ', 1).state).toBe('start');
  });

  it('tells an array that is not JSON, or not complete', () => {
    for (const broken of ['[1,,2]', '[1,]', '[,1]', '[1] x', '[{"a":1}}]']) expect(split(broken, 2).state, broken).toBe('broken');
    expect(split('[{"a":1},{"b":', 3).state).toBe('items');
    const stream = new ListStream();
    const batch = stream.push(Buffer.from('[{"a":1} {"b":2},'));
    expect(batch && parseItems(batch)).toBeNull();
  });
});
