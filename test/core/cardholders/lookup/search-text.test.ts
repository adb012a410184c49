import { describe, expect, it } from 'vitest';
import { compactKey, foldText, parseQuery, phoneDigits, withinOneEdit, WORD_CHARS, wordTokens } from '../../../../electron/core/cardholders/lookup/search-text';

const words = (text: string, joined = true): string[] => {
  const out: string[] = [];
  wordTokens(text, out, joined);
  return out;
};

describe('foldText', () => {
  it.each([
    ['Müller', 'muller'],
    ['Weiß', 'weiss'],
    ['Øyvind Ødegård', 'oyvind odegard'],
    ['Søren Sørensen', 'soren sorensen'],
    ['Åsa Åberg', 'asa aberg'],
    ['Siobhán Ó Súilleabháin', 'siobhan o suilleabhain'],
    ['Łukasz Wójcik', 'lukasz wojcik'],
    ['Þór Guðmundsdóttir', 'thor gudmundsdottir'],
    ['Çağla Yılmaz', 'cagla yilmaz'],
    ['Nguyễn Văn', 'nguyen van'],
    ['Æsa Cœur', 'aesa coeur'],
    ['JOSÉ GARCÍA', 'jose garcia'],
  ])('folds %s to %s', (input, expected) => {
    expect(foldText(input)).toBe(expected);
  });

  it('keeps plain lower-case text as it is', () => {
    const plain = 'marie.dupont@northwind.example';
    expect(foldText(plain)).toBe(plain);
  });
});

describe('wordTokens', () => {
  it('splits on spaces and punctuation and adds the joined form of a split word', () => {
    expect(words("O'Brien")).toEqual(['o', 'brien', 'obrien']);
    expect(words('García-López')).toEqual(['garcia', 'lopez', 'garcialopez']);
    expect(words('van der Berg')).toEqual(['van', 'der', 'berg']);
    expect(words('Anne-Sophie Marie')).toEqual(['anne', 'sophie', 'annesophie', 'marie']);
  });

  it('leaves the joined form out when asked (e-mail local parts)', () => {
    expect(words('marie.dupont', false)).toEqual(['marie', 'dupont']);
  });

  it('gives nothing for empty or punctuation-only text', () => {
    expect(words('')).toEqual([]);
    expect(words(' - ')).toEqual([]);
  });
});

describe('parseQuery', () => {
  it('folds and splits, joining words written with apostrophes', () => {
    expect(parseQuery("  Dupont  MARIE o’brien ").tokens.map((t) => t.text)).toEqual(['dupont', 'marie', 'obrien']);
    expect(parseQuery('garcía-lópez').tokens.map((t) => t.text)).toEqual(['garcia', 'lopez']);
  });

  it('reads a phone number typed with its punctuation as one numeric token', () => {
    expect(parseQuery('+33 4 72-12.34').tokens).toEqual([{ text: '33472123 4'.replace(' ', ''), numeric: true }]);
    expect(parseQuery('(212) 555 0100').tokens).toEqual([{ text: '2125550100', numeric: true }]);
  });

  it('marks digit words as numeric and keeps mixed words as text', () => {
    expect(parseQuery('dupont 100042 e12').tokens).toEqual([
      { text: 'dupont', numeric: false },
      { text: '100042', numeric: true },
      { text: 'e12', numeric: false },
    ]);
  });

  it('takes a word with @ as an e-mail address', () => {
    expect(parseQuery('Marie.Dupont@North')).toEqual({ tokens: [], emails: ['marie.dupont@north'] });
  });

  it('gives nothing for blank input and caps very long input', () => {
    expect(parseQuery('   ')).toEqual({ tokens: [], emails: [] });
    // The query is read up to 200 characters; a word as far as the index keeps one (WORD_CHARS).
    expect(parseQuery('a'.repeat(10_000)).tokens[0]?.text.length).toBe(WORD_CHARS);
    expect(parseQuery(`${'a'.repeat(150)} b`).tokens.map((t) => t.text)).toEqual(['a'.repeat(WORD_CHARS), 'b']);
  });
});

describe('keys', () => {
  it('compacts employee IDs to letters and digits', () => {
    expect(compactKey('E-10 042')).toBe('e10042');
    expect(compactKey('100042')).toBe('100042');
  });

  it('keeps only the digits of a phone number', () => {
    expect(phoneDigits('+33 4 72 12 34 56')).toBe('33472123456');
  });
});

describe('withinOneEdit', () => {
  it.each([
    ['dupont', 'dupont', true],
    ['dupont', 'dupond', true], // substitution
    ['dupont', 'dupnot', true], // swap of neighbours (o, n)
    ['dupont', 'dapint', false], // two substitutions
    ['dupont', 'duptno', false],
    ['dupont', 'dupotn', true], // swap of neighbours (n, t)
    ['dupont', 'dupot', true], // deletion
    ['dupont', 'duppont', true], // insertion
    ['johansson', 'johanson', true],
    ['muller', 'mueller', true],
    ['martin', 'marten', true],
    ['martin', 'mart', false],
    ['', 'a', true],
    ['abc', 'cba', false],
  ])('%s ~ %s: %s', (a, b, expected) => {
    expect(withinOneEdit(a, b)).toBe(expected);
    expect(withinOneEdit(b, a)).toBe(expected);
  });
});

describe('parseQuery: employee IDs', () => {
  it('reads an ID typed with its punctuation as one ID token without it', () => {
    for (const query of ['E-1234', 'e1234', 'E.1234', 'E/12/34', ' E_1234 ']) {
      expect(parseQuery(query), query).toEqual({ tokens: [{ text: 'e1234', numeric: false, employeeId: true }], emails: [] });
    }
  });

  it('keeps the words of an ID typed with spaces for when it is nobody\'s ID', () => {
    expect(parseQuery('E 1234')).toEqual({
      tokens: [{ text: 'e1234', numeric: false, employeeId: true }],
      emails: [],
      otherwise: [{ text: 'e', numeric: false }, { text: '1234', numeric: true }],
    });
  });

  it('leaves names, names with a number, phones and e-mails as they were', () => {
    expect(parseQuery('dupont 100042').tokens).toEqual([{ text: 'dupont', numeric: false }, { text: '100042', numeric: true }]);
    expect(parseQuery('E-').tokens).toEqual([{ text: 'e', numeric: false }]);
    expect(parseQuery('1234-56').tokens).toEqual([{ text: '123456', numeric: true }]);
    expect(parseQuery('e12@north').emails).toEqual(['e12@north']);
  });
});
