/**
 * The renderer's checks and main's contract agree: a form the renderer lets through is accepted
 * by the contract's CardholderFields, and the cases the renderer refuses the contract refuses too
 * (where the contract has the rule). A renderer test, since the rules module is renderer code;
 * the contract is imported here as a value, which only tests may do.
 */
import { describe, expect, it } from 'vitest';
import { CardholderFields } from '../../../electron/contract/ipc';
import { CARDHOLDER_SEXES, CARDHOLDER_TEXT_FIELDS, MAX_TENANTS, REQUIRED_TEXT_FIELDS, TEXT_FIELD_NAMES, type CardholderTextField } from '../../../electron/contract/cardholder-fields';
import { checkForm, emptyForm, MAX_LENGTH, toFields, type EnrolmentForm } from '../../../renderer/src/enrolment/enrolment-rules';

const base: EnrolmentForm = { ...emptyForm({ tenant: [0], cardholderType: 1 }), first_Name: 'Marie', last_Name: 'Dupont', sex: 'f' };

describe('enrolment rules and the contract', () => {
  it('whatever the renderer accepts, the contract accepts', () => {
    let seed = 11;
    const random = (): number => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    const samples: Array<Partial<EnrolmentForm>> = [];
    const values = ['', ' ', 'x', 'E-1234', 'ab.c', 'Siobhán', "O'Brien", 'a'.repeat(100), 'a'.repeat(101), 'a@b.co', 'a@b', '123', '12a', '+33 (4) 72', 'x\u0001', '0, 2', '7 x', '\u202Elive', 'Ma\u200Brie', 'Jose\u0301', 'می\u200Cخواهم'];
    const fields: Array<keyof EnrolmentForm> = ['first_Name', 'last_Name', 'middle_Name', 'employee_ID', 'email', 'phone', 'city', 'zip', 'otherTenants', 'card_Holder_Type_ID'];
    for (let i = 0; i < 2000; i++) {
      const field = fields[Math.floor(random() * fields.length)] as keyof EnrolmentForm;
      samples.push({ [field]: values[Math.floor(random() * values.length)] });
    }
    let accepted = 0;
    for (const patch of samples) {
      const form = { ...base, ...patch } as EnrolmentForm;
      if (checkForm(form).length > 0) continue;
      accepted++;
      const parsed = CardholderFields.safeParse(toFields(form));
      expect({ patch, ok: parsed.success }).toEqual({ patch, ok: true });
    }
    expect(accepted).toBeGreaterThan(100);
  });

  it.each([
    ['a blank first name', { first_Name: ' ' }, { first_Name: ' ' }],
    ['a last name too long', { last_Name: 'x'.repeat(101) }, { last_Name: 'x'.repeat(101) }],
    ['a half e-mail address', { email: 'a@b' }, { email: 'a@b' }],
    ['an employee ID with a space or a slash', { employee_ID: 'E 1/2' }, { employee_ID: 'E 1/2' }],
    ['a right-to-left override in a last name', { last_Name: '\u202Elive' }, { last_Name: '\u202Elive' }],
    ['a zero-width space in an e-mail address', { email: 'marie\u200B@north.example' }, { email: 'marie\u200B@north.example' }],
  ] as Array<[string, Partial<EnrolmentForm>, Record<string, unknown>]>)('both refuse %s', (_what, formPatch, fieldsPatch) => {
    expect(checkForm({ ...base, ...formPatch }).length).toBeGreaterThan(0);
    expect(CardholderFields.safeParse({ ...toFields(base), ...fieldsPatch }).success).toBe(false);
  });
});

// The fields' rules are one definition (electron/contract/cardholder-fields.ts): the form reads
// it and main's schema is built from it, so each text field's limit is the same on both sides.
describe('one definition of the fields (contract/cardholder-fields.ts)', () => {
  const filled = (field: CardholderTextField, length: number): string => (field === 'email' ? `${'a'.repeat(length - 6)}@b.com` : (field === 'phone' ? '1' : 'a').repeat(length));

  it.each(TEXT_FIELD_NAMES)('%s: its longest text passes both; one character more is refused by both', (field) => {
    const { max } = CARDHOLDER_TEXT_FIELDS[field];
    expect(MAX_LENGTH[field]).toBe(max);
    const longest = { ...base, [field]: filled(field, max) } as EnrolmentForm;
    expect(checkForm(longest)).toEqual([]);
    expect(CardholderFields.safeParse(toFields(longest)).success).toBe(true);
    const over = { ...base, [field]: filled(field, max + 1) } as EnrolmentForm;
    expect(checkForm(over).map((p) => p.field)).toEqual([field]);
    expect(CardholderFields.safeParse({ ...toFields(base), [field]: filled(field, max + 1) }).success).toBe(false);
  });

  it('the required fields are the names, on both sides', () => {
    expect(REQUIRED_TEXT_FIELDS).toEqual(['first_Name', 'last_Name']);
    expect(checkForm({ ...base, first_Name: '', last_Name: '' }).map((p) => p.field)).toEqual(['first_Name', 'last_Name']);
    expect(CardholderFields.safeParse({ first_Name: 'Marie', last_Name: '' }).success).toBe(false);
    expect(CardholderFields.safeParse({ first_Name: 'Marie', last_Name: 'Dupont' }).success).toBe(true);
  });

  it('the values of sex and the number of tenants, on both sides', () => {
    for (const sex of CARDHOLDER_SEXES) {
      expect(checkForm({ ...base, sex })).toEqual([]);
      expect(CardholderFields.safeParse({ ...toFields(base), sex }).success).toBe(true);
    }
    expect(checkForm({ ...base, sex: 'q' }).map((p) => p.field)).toEqual(['sex']);
    expect(CardholderFields.safeParse({ ...toFields(base), sex: 'q' }).success).toBe(false);
    const tenants = Array.from({ length: MAX_TENANTS + 1 }, (_, i) => i);
    expect(checkForm({ ...base, tenant: tenants.slice(0, MAX_TENANTS) })).toEqual([]);
    expect(checkForm({ ...base, tenant: tenants }).map((p) => p.field)).toEqual(['tenant']);
    expect(CardholderFields.safeParse({ ...toFields(base), tenant: tenants.slice(0, MAX_TENANTS) }).success).toBe(true);
    expect(CardholderFields.safeParse({ ...toFields(base), tenant: tenants }).success).toBe(false);
  });
});
