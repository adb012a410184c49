/** What a query typed in the lookup looks like (cardholder-fields.ts): an employee ID, an e-mail address, or neither (a name). */
import { describe, expect, it } from 'vitest';
import { looksLikeEmail, looksLikeEmployeeId } from '../../electron/contract/cardholder-fields';

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
