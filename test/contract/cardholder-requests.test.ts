/** The contract's guard on the front desk's requests: what main refuses before any handler runs. */
import { describe, expect, it } from 'vitest';
import { operations } from '../../electron/contract/ipc';

const valid = {
  first_Name: 'Marie',
  last_Name: 'Dupont',
  middle_Name: '',
  employee_ID: '100042',
  email: 'marie.dupont@northwind.example',
  sex: 'f',
  phone: '',
  address1: '',
  address2: '',
  city: 'Lyon',
  state: '',
  zip: '',
  tenant: [0],
  card_Holder_Type_ID: 1,
};
const issue = (name: keyof typeof operations, payload: unknown): string | null => {
  const parsed = operations[name].request.safeParse(payload);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'invalid');
};

describe('cardholder requests', () => {
  it('accept a complete, valid enrolment', () => {
    expect(issue('createCardholder', valid)).toBeNull();
  });

  it.each([
    [{ ...valid, first_Name: '   ' }, 'The first name is required.'],
    [{ ...valid, last_Name: 'x'.repeat(101) }, 'The last name can have at most 100 characters.'],
    [{ ...valid, email: 'marie@' }, 'The e-mail address is not valid.'],
    [{ ...valid, tenant: [] }, 'Choose at least one tenant, or leave the tenants to the service.'],
    [{ ...valid, employee_ID: 'E 12/3' }, 'The employee ID can hold letters, digits, dashes and dots only.'],
  ])('refuse %j with a sentence', (payload, message) => {
    expect(issue('createCardholder', payload)).toBe(message);
  });

  it('accept the seed\'s six fields alone (nothing else has been shown to be required) and an E-1234 employee ID', () => {
    expect(issue('createCardholder', { first_Name: 'Ada', last_Name: 'Lovelace', employee_ID: 'E-1234', email: 'ada@fabrikam.example', sex: 'f', city: 'London' })).toBeNull();
    expect(issue('createCardholder', { first_Name: 'Ada', last_Name: 'Lovelace' })).toBeNull();
  });

  it.each([
    { ...valid, sex: 'F' },
    { ...valid, card_Holder_Type_ID: -1 },
    { ...valid, tenant: [0.5] },
    { ...valid, badge: 'gold' },
    { ...valid, __proto__: { polluted: true }, extra: 1 },
    (({ first_Name: _first, ...rest }) => rest)(valid),
  ])('refuse a malformed enrolment %#', (payload) => {
    expect(issue('createCardholder', payload)).not.toBeNull();
  });

  it('take a partial update, strictly', () => {
    expect(issue('updateCardholder', { id: 4, changes: { phone: '+33 1' }, expectedUpdated: '2026-01-01T00:00:00.000+00:00' })).toBeNull();
    expect(issue('updateCardholder', { id: 4, changes: {}, expectedUpdated: 'x' })).toBeNull();
    expect(issue('updateCardholder', { id: 4, changes: { id: 5 }, expectedUpdated: 'x' })).not.toBeNull();
    expect(issue('updateCardholder', { id: 0, changes: {}, expectedUpdated: 'x' })).not.toBeNull();
  });

  it('take the provisional (negative) id of a cardholder created offline, but never 0 or a fraction', () => {
    expect(issue('getCardholder', { id: -3 })).toBeNull();
    expect(issue('updateCardholder', { id: -3, changes: { city: 'Lyon' }, expectedUpdated: 'x' })).toBeNull();
    expect(issue('uploadCardholderPhoto', { id: -3, photo: new Uint8Array([0xff]), contentType: 'image/jpeg', overriddenHints: [] })).toBeNull();
    expect(issue('getCardholder', { id: 0 })).not.toBeNull();
    expect(issue('getCardholder', { id: -1.5 })).not.toBeNull();
    expect(issue('getCardholder', { id: -Number.MAX_SAFE_INTEGER - 10 })).not.toBeNull();
  });

  it('take photo bytes, not text or an empty photo', () => {
    const base = { id: 3, contentType: 'image/jpeg', overriddenHints: [] };
    expect(issue('uploadCardholderPhoto', { ...base, photo: new Uint8Array([0xff, 0xd8, 0xff]) })).toBeNull();
    expect(issue('uploadCardholderPhoto', { ...base, photo: Buffer.from([0xff, 0xd8, 0xff]) })).toBeNull();
    expect(issue('uploadCardholderPhoto', { ...base, photo: 'ffd8ff' })).not.toBeNull();
    expect(issue('uploadCardholderPhoto', { ...base, photo: new Uint8Array() })).toBe('The photo is empty or too large.');
    expect(issue('uploadCardholderPhoto', { ...base, photo: new Uint8Array([1]), contentType: 'image/gif' })).not.toBeNull();
  });

  it('bound the lookup', () => {
    expect(issue('searchCardholders', { query: 'a', offset: 0, limit: 100 })).toBeNull();
    expect(issue('searchCardholders', { query: 'a'.repeat(201), offset: 0, limit: 100 })).not.toBeNull();
    expect(issue('searchCardholders', { query: 'a', offset: -1, limit: 100 })).not.toBeNull();
    expect(issue('searchCardholders', { query: 'a', offset: 0, limit: 100_000 })).not.toBeNull();
  });
});
