/**
 * "Enrol “…” as a new cardholder": what the officer typed in the lookup goes into the field it
 * belongs to — an employee ID into Employee ID, an e-mail address into E-mail, a name into the names.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { createFakeKiosk, fake } from '../support/fake-kiosk';
import { prefillFromTyped, useFrontDeskStore } from '../../../renderer/src/cardholders/front-desk-store';
import { useEnrolmentStore } from '../../../renderer/src/enrolment/enrolment-store';

beforeEach(() => {
  fake.current = createFakeKiosk();
  setActivePinia(createPinia());
});

describe('prefillFromTyped', () => {
  it('puts an employee ID into Employee ID, as typed', () => {
    expect(prefillFromTyped(' E-1234 ')).toEqual({ employee_ID: 'E-1234' });
    expect(prefillFromTyped('e1234')).toEqual({ employee_ID: 'e1234' });
    expect(prefillFromTyped('100042')).toEqual({ employee_ID: '100042' });
  });

  it('puts an e-mail address into E-mail', () => {
    expect(prefillFromTyped('Marie.Dupont@northwind.example')).toEqual({ email: 'Marie.Dupont@northwind.example' });
  });

  it('keeps a name in the names, as before', () => {
    expect(prefillFromTyped('Lewandosky')).toEqual({ last_Name: 'Lewandosky' });
    expect(prefillFromTyped('Jane van der Berg')).toEqual({ first_Name: 'Jane', last_Name: 'van der Berg' });
  });
});

describe('front desk: enrol what was typed', () => {
  it('opens the form with a typed ID in Employee ID and the names empty', () => {
    useFrontDeskStore().startNew('E-1234');
    const { form } = useEnrolmentStore();
    expect([form.employee_ID, form.first_Name, form.last_Name, form.email]).toEqual(['E-1234', '', '', '']);
  });

  it('opens the form with a typed e-mail in E-mail', () => {
    useFrontDeskStore().startNew('marie.dupont@northwind.example');
    const { form } = useEnrolmentStore();
    expect([form.email, form.employee_ID, form.first_Name, form.last_Name]).toEqual(['marie.dupont@northwind.example', '', '', '']);
  });

  it('opens the form with a typed name in the names', () => {
    useFrontDeskStore().startNew('Jane Smith');
    const { form } = useEnrolmentStore();
    expect([form.first_Name, form.last_Name, form.employee_ID]).toEqual(['Jane', 'Smith', '']);
  });
});
