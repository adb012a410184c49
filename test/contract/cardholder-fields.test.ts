/** What a query typed in the lookup looks like (cardholder-fields.ts): an employee ID, an e-mail address, or neither (a name). */
import { describe, expect, it } from 'vitest';
import { hasHiddenCharacters, looksLikeEmail, looksLikeEmployeeId, withoutHiddenCharacters } from '../../electron/contract/cardholder-fields';
import { CardholderFields } from '../../electron/contract/cardholders';

describe('looksLikeEmployeeId', () => {
  it.each(['E-1234', 'e1234', 'E 1234', 'CH.77', 'AB/12/34', 'EMP_0012', '100042', '1234-A', ' E-10 042 '])('takes %j for an ID', (typed) => {
    expect(looksLikeEmployeeId(typed)).toBe(true);
  });

  it.each(['', '  ', 'E-', 'Marie', 'Jane Smith', 'Dupont 100042', "O'Brien 12", 'marie@north.example', '+33 4 72', '-1234', 'E'.repeat(2) + '1'.repeat(60)])('does not take %j for an ID', (typed) => {
    expect(looksLikeEmployeeId(typed)).toBe(false);
  });
});

describe('looksLikeEmail', () => {
  it.each(['marie.dupont@northwind.example', ' m@north ', 'e-1234@site'])('takes %j for an e-mail address', (typed) => {
    expect(looksLikeEmail(typed)).toBe(true);
  });

  it.each(['', 'marie dupont', '@north', 'marie dupont@north', 'E-1234', 'a@b@c'])('does not take %j for an e-mail address', (typed) => {
    expect(looksLikeEmail(typed)).toBe(false);
  });
});

describe('names and e-mail addresses refuse what changes how they are drawn (issue 32)', () => {
  const base = { first_Name: 'Marie', last_Name: 'Dupont' };
  const refusal = (fields: Record<string, string>): string | undefined => {
    const result = CardholderFields.safeParse({ ...base, ...fields });
    return result.success ? undefined : result.error.issues[0]?.message;
  };

  it.each([
    ['a right-to-left override', { last_Name: '\u202Elive' }],
    ['a left-to-right mark', { first_Name: 'Ma\u200Erie' }],
    ['an isolate', { middle_Name: 'A\u2067B\u2069' }],
    ['a zero-width space', { first_Name: 'Ma\u200Brie' }],
    ['a word joiner', { last_Name: 'Du\u2060pont' }],
    ['a byte-order mark', { email: 'marie\uFEFF@north.example' }],
    ['a soft hyphen', { last_Name: 'Du\u00ADpont' }],
    ['a zero-width joiner inside a Latin name', { first_Name: 'Ma\u200Drie' }],
  ])('refuses %s with a message that names the field', (_what, fields) => {
    expect(refusal(fields)).toMatch(/^The (first name|middle name|last name|e-mail address) holds an invisible or direction-changing character/);
  });

  it('keeps the joiners that are part of a script\'s spelling, and NFC-normalises every text', () => {
    expect(refusal({ last_Name: 'می\u200Cخواهم' })).toBeUndefined(); // Persian: ZWNJ between Arabic letters
    const parsed = CardholderFields.parse({ ...base, first_Name: 'Jose\u0301', city: 'Zu\u0308rich' });
    expect(parsed.first_Name).toBe('José');
    expect(parsed.first_Name).toHaveLength(4);
    expect(parsed.city).toBe('Zürich');
  });

  it('shows a record of the service without its hidden characters', () => {
    expect(withoutHiddenCharacters('\u202Elive\u202C')).toBe('live');
    expect(withoutHiddenCharacters('Ma\u200Brie Du\u2066pont\u2069')).toBe('Marie Dupont');
    expect(withoutHiddenCharacters('Marie')).toBe('Marie');
    expect(hasHiddenCharacters('Marie Dupont')).toBe(false);
  });
});
