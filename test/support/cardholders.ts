/** Cardholder records for tests of the core and the renderer: a whole record from a few fields. */
import type { CardholderRecord } from '../../electron/contract/ipc';

let nextId = 1;

export function person(fields: Partial<CardholderRecord> & { first_Name: string; last_Name: string }): CardholderRecord {
  const id = fields.id ?? nextId++;
  const employee = fields.employee_ID ?? String(500000 + id);
  return {
    id,
    displayName: `${fields.last_Name} ${fields.first_Name}`,
    name: `${fields.last_Name}, ${fields.first_Name}`,
    middle_Name: '',
    card_Holder_Letter_ID: 1,
    employee_ID: employee,
    displayEmployeeId: employee,
    email: '',
    sex: 'U',
    phone: '',
    address1: '',
    address2: '',
    city: '',
    state: '',
    zip: '',
    birthday: null,
    created: '2026-01-01T00:00:00.000+00:00',
    updated: '2026-01-01T00:00:00.000+00:00',
    tenant: [0],
    photo_Exists: false,
    card_Holder_Type_ID: 1,
    card_Holder_ID: null,
    ...fields,
  };
}
