/**
 * The renderer's checks and main's contract agree: a form the renderer lets through is accepted
 * by the contract's CardholderFields, and the cases the renderer refuses the contract refuses too
 * (where the contract has the rule). A renderer test, since the rules module is renderer code;
 * the contract is imported here as a value, which only tests may do.
 */
import { describe, expect, it } from 'vitest';
import { CardholderFields } from '../../../electron/contract/ipc';
import { checkForm, emptyForm, toFields, type EnrolmentForm } from '../../../renderer/src/enrolment/enrolment-rules';

const base: EnrolmentForm = { ...emptyForm({ tenant: [0], cardholderType: 1 }), first_Name: 'Marie', last_Name: 'Dupont', sex: 'f' };

describe('enrolment rules and the contract', () => {
  it('whatever the renderer accepts, the contract accepts', () => {
    let seed = 11;
    const random = (): number => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    const samples: Array<Partial<EnrolmentForm>> = [];
    const values = ['', ' ', 'x', 'E-1234', 'ab.c', 'Siobhán', "O'Brien", 'a'.repeat(100), 'a'.repeat(101), 'a@b.co', 'a@b', '123', '12a', '+33 (4) 72', 'x\u0001', '0, 2', '7 x'];
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
  ] as Array<[string, Partial<EnrolmentForm>, Record<string, unknown>]>)('both refuse %s', (_what, formPatch, fieldsPatch) => {
    expect(checkForm({ ...base, ...formPatch }).length).toBeGreaterThan(0);
    expect(CardholderFields.safeParse({ ...toFields(base), ...fieldsPatch }).success).toBe(false);
  });
});
