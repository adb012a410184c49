/** The enrolment form's rules: checks with their sentences, the fields sent, the update diff, refusals placed. */
import { describe, expect, it } from 'vitest';
import { changedFields, checkForm, emptyForm, fieldsOf, formFieldOf, formFromRecord, toFields, type EnrolmentForm } from '../../../renderer/src/enrolment/enrolment-rules';
import { makeCardholder } from '../support/fake-kiosk';

const filled = (patch: Partial<EnrolmentForm> = {}): EnrolmentForm => ({
  ...emptyForm({ tenant: [0], cardholderType: 1 }),
  first_Name: 'Marie',
  last_Name: 'Dupont',
  sex: 'f',
  ...patch,
});
const messages = (form: EnrolmentForm): Record<string, string> => Object.fromEntries(checkForm(form).map((p) => [p.field, p.message]));

describe('checkForm', () => {
  it('passes a form with names, sex, a type and a tenant', () => {
    expect(checkForm(filled())).toEqual([]);
  });

  it('asks only for the names: nothing else has been shown to be required', () => {
    const problems = checkForm({ ...emptyForm({ tenant: [] }), otherTenants: '' });
    expect(problems.map((p) => p.field)).toEqual(['first_Name', 'last_Name']);
    expect(problems.map((p) => p.message)).toEqual(['Enter the first name.', 'Enter the last name.']);
    expect(messages(filled({ first_Name: '   ' })).first_Name).toBe('Enter the first name.');
  });

  it('checks formats and lengths with a sentence that says what to do', () => {
    expect(messages(filled({ email: 'marie@' })).email).toBe('E-mail: enter an address such as name@example.org.');
    expect(messages(filled({ email: 'marie.dupont@northwind.example' })).email).toBeUndefined();
    expect(messages(filled({ employee_ID: 'E-1234' })).employee_ID).toBeUndefined();
    expect(messages(filled({ employee_ID: 'CH.77-b' })).employee_ID).toBeUndefined();
    expect(messages(filled({ employee_ID: 'E 1234' })).employee_ID).toBe('Employee ID: letters, digits, dashes and dots only (for example E-1234).');
    expect(messages(filled({ employee_ID: 'E/1234' })).employee_ID).toBe('Employee ID: letters, digits, dashes and dots only (for example E-1234).');
    expect(messages(filled({ phone: '+33 (4) 72-12.34/5' })).phone).toBeUndefined();
    expect(messages(filled({ phone: 'call me' })).phone).toBe('Phone: digits, spaces and + ( ) - . / only.');
    expect(messages(filled({ last_Name: 'x'.repeat(101) })).last_Name).toBe('Last name: at most 100 characters (now 101).');
    expect(messages(filled({ city: 'Lyon\u0007' })).city).toBe('City: remove the invisible control characters.');
    expect(messages(filled({ otherTenants: '4, x' })).otherTenants).toBe('Other tenant numbers: whole numbers separated by commas.');
    expect(messages(filled({ tenant: [], otherTenants: '7' })).tenant).toBeUndefined();
  });

  it('narrows employee IDs to the site\'s pattern when it has one', () => {
    const site = { employeeIdPattern: '^E-[0-9]{4}$' };
    expect(checkForm(filled({ employee_ID: 'E-1234' }), site)).toEqual([]);
    expect(checkForm(filled({ employee_ID: '1234' }), site).map((p) => p.field)).toEqual(['employee_ID']);
  });

  it('takes names with accents, apostrophes and hyphens as they are', () => {
    expect(checkForm(filled({ first_Name: 'Siobhán', last_Name: "Ó Súilleabháin-O'Brien" }))).toEqual([]);
  });
});

describe('toFields', () => {
  it('trims, merges ticked and typed tenants, and keeps sex in lower case', () => {
    expect(toFields(filled({ first_Name: ' Marie ', tenant: [2, 0], otherTenants: '7 3, 2', card_Holder_Type_ID: ' 3 ' }))).toMatchObject({
      first_Name: 'Marie',
      tenant: [0, 2, 3, 7],
      card_Holder_Type_ID: 3,
      sex: 'f',
    });
  });
});

describe('toFields for a create', () => {
  it('sends only what was filled: the seed\'s six fields give exactly those six', () => {
    const form = { ...emptyForm({ tenant: [] }), first_Name: 'Ada', last_Name: 'Lovelace', employee_ID: 'E-1234', email: 'ada@fabrikam.example', sex: 'f', city: 'London' };
    expect(toFields(form)).toEqual({ first_Name: 'Ada', last_Name: 'Lovelace', employee_ID: 'E-1234', email: 'ada@fabrikam.example', sex: 'f', city: 'London' });
  });

  it('an edit sends an emptied text field as a change', () => {
    const record = makeCardholder(9, { first_Name: 'Ada', last_Name: 'Lovelace', city: 'London', tenant: [0], card_Holder_Type_ID: 1 });
    const form = { ...formFromRecord(record, [0]), city: '' };
    expect(changedFields(fieldsOf(record), toFields(form, 'edit'))).toEqual({ city: '' });
  });
});

describe('changedFields', () => {
  const record = makeCardholder(5, { first_Name: 'Marie', last_Name: 'Dupont', phone: '+33 1', tenant: [0, 2], sex: 'F', card_Holder_Type_ID: 1 });

  it('is empty when nothing changed, whatever the order of tenants or the case of sex', () => {
    const form = formFromRecord(record, [0, 2]);
    expect(changedFields(fieldsOf(record), toFields(form, 'edit'))).toEqual({});
    expect(changedFields(fieldsOf(record), { ...toFields(form, 'edit'), tenant: [2, 0] })).toEqual({});
  });

  it('holds only the fields that changed', () => {
    const form = { ...formFromRecord(record, [0, 2]), phone: '+33 2', zip: '69001' };
    expect(changedFields(fieldsOf(record), toFields(form, 'edit'))).toEqual({ phone: '+33 2', zip: '69001' });
    expect(changedFields(fieldsOf(record), { ...toFields(form, 'edit'), tenant: [0] })).toMatchObject({ tenant: [0] });
  });

  it('keeps tenants the site list does not name in the "other" field when editing', () => {
    const form = formFromRecord(makeCardholder(6, { tenant: [0, 9] }), [0, 2]);
    expect(form.tenant).toEqual([0]);
    expect(form.otherTenants).toBe('9');
    expect(toFields({ ...form, sex: 'f' }).tenant).toEqual([0, 9]);
  });
});

describe('formFieldOf', () => {
  it.each([
    ['last_Name', 'last_Name'],
    ['LastName', 'last_Name'],
    ['$.email', 'email'],
    ['tenant[1]', 'tenant'],
    ['Tenants', 'tenant'],
    ['employeeId', 'employee_ID'],
    ['card_Holder_Type_ID', 'card_Holder_Type_ID'],
    ['photo', null],
    [undefined, null],
  ])('%s → %s', (server, field) => {
    expect(formFieldOf(server)).toBe(field);
  });
});
