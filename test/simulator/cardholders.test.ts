// Contract of the cardholder endpoints over real HTTP: list, read, create, update, the spec's
// quirks (sex case, name/displayName, tenant 0, null fields, timestamps) and the decisions on
// status codes, defaults and validation (DECISIONS.md §1–§3).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../../electron/simulator/index';
import type { ApiErrorBody, CardHolderRecord } from '../../electron/simulator/records';
import { ISO_WITH_OFFSET, call, startSmallSimulator } from './support';

const CARDHOLDER_FIELDS = [
  'id', 'displayName', 'first_Name', 'last_Name', 'middle_Name', 'card_Holder_Letter_ID', 'employee_ID',
  'displayEmployeeId', 'email', 'sex', 'phone', 'address1', 'address2', 'city', 'state', 'zip', 'birthday',
  'created', 'updated', 'tenant', 'photo_Exists', 'card_Holder_Type_ID', 'card_Holder_ID', 'name',
];

let sim: RunningSimulator;
let base: string;

beforeAll(async () => {
  sim = await startSmallSimulator();
  base = sim.url;
});
afterAll(() => sim.close());

function create(body: unknown): ReturnType<typeof call<CardHolderRecord>> {
  return call<CardHolderRecord>(base, 'POST', '/api/CardHolders/create', body);
}

describe('GET /api/CardHolders', () => {
  it('returns every cardholder, ascending id, with exactly the spec fields', async () => {
    const answer = await call<CardHolderRecord[]>(base, 'GET', '/api/CardHolders');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(answer.body.length).toBeGreaterThanOrEqual(40);
    const ids = answer.body.map((record) => record.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    for (const record of answer.body) expect(Object.keys(record)).toEqual(CARDHOLDER_FIELDS);
  });

  it('shows the quirks on seeded records: names, upper-case sex, tenant with 0, nulls, offset timestamps', async () => {
    const { body } = await call<CardHolderRecord[]>(base, 'GET', '/api/CardHolders');
    for (const record of body) {
      expect(record.name).toBe(`${record.last_Name}, ${record.first_Name}`);
      expect(record.displayName).toBe(`${record.last_Name} ${record.first_Name}`);
      expect(record.sex).toMatch(/^[MF]$/);
      expect(record.tenant).toContain(0);
      expect(record.birthday).toBeNull();
      expect(record.card_Holder_ID).toBeNull();
      expect(record.created).toMatch(ISO_WITH_OFFSET);
      expect(record.updated).toMatch(ISO_WITH_OFFSET);
      expect(record.employee_ID).toMatch(/^\d+$/);
      expect(record.photo_Exists).toBe(false);
      expect(Date.parse(record.updated)).toBeGreaterThanOrEqual(Date.parse(record.created));
    }
  });

  it('answers HEAD with headers only', async () => {
    const response = await fetch(`${base}/api/CardHolders`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(Number(response.headers.get('content-length'))).toBeGreaterThan(100);
    expect(await response.text()).toBe('');
  });
});

describe('GET /api/CardHolders/{id}', () => {
  it('returns one record', async () => {
    const answer = await call<CardHolderRecord>(base, 'GET', '/api/CardHolders/3');
    expect(answer.status).toBe(200);
    expect(answer.body.id).toBe(3);
    expect(Object.keys(answer.body)).toEqual(CARDHOLDER_FIELDS);
  });

  it('is 404 for an unknown id', async () => {
    const answer = await call<ApiErrorBody>(base, 'GET', '/api/CardHolders/999999');
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ error: 'not_found', field: 'id' });
  });

  it.each(['abc', '1.5', '-1', '0', '99999999999', '%20'])('is 400 for the non-integer id %s', async (id) => {
    const answer = await call<ApiErrorBody>(base, 'GET', `/api/CardHolders/${id}`);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: 'bad_request', field: 'id' });
    expect(answer.body.message).toEqual(expect.any(String));
  });

  it('accepts leading zeros', async () => {
    expect((await call<CardHolderRecord>(base, 'GET', '/api/CardHolders/007')).body.id).toBe(7);
  });
});

describe('POST /api/CardHolders/create', () => {
  it('is 201 with the record and a Location; sex sent lower case reads back upper case', async () => {
    const answer = await create({ first_Name: 'Marie', last_Name: 'Dupont', employee_ID: '4711', email: 'marie.dupont@example.org', sex: 'f', city: 'Lyon' });
    expect(answer.status).toBe(201);
    const record = answer.body;
    expect(answer.headers.get('location')).toBe(`/api/CardHolders/${record.id}`);
    expect(Object.keys(record)).toEqual(CARDHOLDER_FIELDS);
    expect(record).toMatchObject({
      first_Name: 'Marie',
      last_Name: 'Dupont',
      name: 'Dupont, Marie',
      displayName: 'Dupont Marie',
      employee_ID: '4711',
      displayEmployeeId: '4711',
      email: 'marie.dupont@example.org',
      sex: 'F',
      city: 'Lyon',
      birthday: null,
      card_Holder_ID: null,
      photo_Exists: false,
      tenant: [0],
      middle_Name: '',
      phone: '',
      card_Holder_Type_ID: 1,
      card_Holder_Letter_ID: 1,
    });
    expect(record.created).toMatch(ISO_WITH_OFFSET);
    expect(record.updated).toBe(record.created);
    const read = await call<CardHolderRecord>(base, 'GET', `/api/CardHolders/${record.id}`);
    expect(read.body).toEqual(record);
  });

  it('keeps accents, hyphens and apostrophes, and trims names', async () => {
    const { body } = await create({ first_Name: '  Jean-Luc ', last_Name: "O'Brien-Ødegård" });
    expect(body.first_Name).toBe('Jean-Luc');
    expect(body.name).toBe("O'Brien-Ødegård, Jean-Luc");
  });

  it('applies the documented defaults: sex U, tenant always with 0, sorted and unique', async () => {
    const { body } = await create({ first_Name: 'Zoë', last_Name: 'Martin', tenant: [3, 1, 3] });
    expect(body.sex).toBe('U');
    expect(body.tenant).toEqual([0, 1, 3]);
  });

  it('accepts and ignores the fields the service computes', async () => {
    const answer = await create({ id: 1, first_Name: 'José', last_Name: 'García', name: 'x', displayName: 'y', created: 'z', updated: 'w', photo_Exists: true });
    expect(answer.status).toBe(201);
    expect(answer.body.id).not.toBe(1);
    expect(answer.body).toMatchObject({ name: 'García, José', displayName: 'García José', photo_Exists: false });
  });

  it.each([
    [{ last_Name: 'Dupont' }, 'first_Name'],
    [{ first_Name: 'Marie' }, 'last_Name'],
    [{ first_Name: '  ', last_Name: 'Dupont' }, 'first_Name'],
    [{ first_Name: 42, last_Name: 'Dupont' }, 'first_Name'],
    [{ first_Name: 'A', last_Name: 'B', sex: 'female' }, 'sex'],
    [{ first_Name: 'A', last_Name: 'B', tenant: [0, 'x'] }, 'tenant'],
    [{ first_Name: 'A', last_Name: 'B', tenant: 3 }, 'tenant'],
    [{ first_Name: 'A', last_Name: 'B', card_Holder_Type_ID: 1.5 }, 'card_Holder_Type_ID'],
    [{ first_Name: 'A', last_Name: 'B', birthday: '1990-01-01' }, 'birthday'],
    [{ first_Name: 'A', last_Name: 'B', email: null }, 'email'],
    [{ first_Name: 'A', last_Name: 'B', favouriteColour: 'blue' }, 'favouriteColour'],
    [{ first_Name: 'A', last_Name: 'B', zip: 'x'.repeat(21) }, 'zip'],
  ])('is 400 naming the field for %j', async (body, field) => {
    const answer = await call<ApiErrorBody>(base, 'POST', '/api/CardHolders/create', body);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: 'bad_request', field });
  });

  it('hints at the right spelling of a field sent in the wrong case', async () => {
    const answer = await call<ApiErrorBody>(base, 'POST', '/api/CardHolders/create', { first_name: 'A', last_Name: 'B' });
    expect(answer.status).toBe(400);
    expect(answer.body.field).toBe('first_name');
    expect(answer.body.message).toContain('first_Name');
  });

  it('gives unique ids to concurrent creates', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) => create({ first_Name: `Person${index}`, last_Name: 'Parallel' })),
    );
    const ids = answers.map((answer) => answer.body.id);
    expect(answers.every((answer) => answer.status === 201)).toBe(true);
    expect(new Set(ids).size).toBe(40);
  });
});

describe('POST /api/CardHolders/update', () => {
  it('changes only the fields sent, refreshes updated, answers 200 with the whole record', async () => {
    const { body: before } = await create({ first_Name: 'Øyvind', last_Name: 'Hansen', email: 'o@example.org', phone: '1', zip: '0150', city: 'Oslo', sex: 'm', tenant: [2] });
    const answer = await call<CardHolderRecord>(base, 'POST', '/api/CardHolders/update', { id: before.id, phone: '+47 22 00 00 00', zip: '0151' });
    expect(answer.status).toBe(200);
    const after = answer.body;
    expect(after).toEqual({ ...before, phone: '+47 22 00 00 00', zip: '0151', updated: after.updated });
    expect(after.updated).toMatch(ISO_WITH_OFFSET);
    expect(Date.parse(after.updated)).toBeGreaterThan(Date.parse(before.updated));
    expect(after.created).toBe(before.created);
    expect((await call<CardHolderRecord>(base, 'GET', `/api/CardHolders/${before.id}`)).body).toEqual(after);
  });

  it('recomputes name and displayName when a name changes', async () => {
    const { body: before } = await create({ first_Name: 'Marie', last_Name: 'Dupont' });
    const { body: after } = await call<CardHolderRecord>(base, 'POST', '/api/CardHolders/update', { id: before.id, last_Name: 'Dupont-Moreau' });
    expect(after).toMatchObject({ first_Name: 'Marie', last_Name: 'Dupont-Moreau', name: 'Dupont-Moreau, Marie', displayName: 'Dupont-Moreau Marie' });
  });

  it('refreshes updated even when nothing else is sent', async () => {
    const { body: before } = await create({ first_Name: 'A', last_Name: 'B' });
    const { status, body: after } = await call<CardHolderRecord>(base, 'POST', '/api/CardHolders/update', { id: before.id });
    expect(status).toBe(200);
    expect(Date.parse(after.updated)).toBeGreaterThan(Date.parse(before.updated));
  });

  it('upper-cases sex, keeps tenant 0, and lets displayEmployeeId follow employee_ID', async () => {
    const { body: before } = await create({ first_Name: 'A', last_Name: 'B', employee_ID: '1' });
    const { body: after } = await call<CardHolderRecord>(base, 'POST', '/api/CardHolders/update', { id: before.id, sex: 'x', tenant: [2], employee_ID: '2' });
    expect(after).toMatchObject({ sex: 'X', tenant: [0, 2], employee_ID: '2', displayEmployeeId: '2' });
    const { body: custom } = await call<CardHolderRecord>(base, 'POST', '/api/CardHolders/update', { id: before.id, displayEmployeeId: 'E-2' });
    const { body: later } = await call<CardHolderRecord>(base, 'POST', '/api/CardHolders/update', { id: before.id, employee_ID: '3' });
    expect(custom.displayEmployeeId).toBe('E-2');
    expect(later).toMatchObject({ employee_ID: '3', displayEmployeeId: 'E-2' });
  });

  it('is 404 for an unknown id and 400 without an integer id', async () => {
    expect((await call<ApiErrorBody>(base, 'POST', '/api/CardHolders/update', { id: 987654, phone: '1' })).status).toBe(404);
    for (const body of [{ phone: '1' }, { id: '5', phone: '1' }, { id: 1.5 }, { id: 0 }]) {
      const answer = await call<ApiErrorBody>(base, 'POST', '/api/CardHolders/update', body);
      expect(answer.status).toBe(400);
      expect(answer.body.field).toBe('id');
    }
  });

  it('is 400 for wrong types, empty names and null strings, and changes nothing then', async () => {
    const { body: before } = await create({ first_Name: 'A', last_Name: 'B', phone: '5' });
    for (const [body, field] of [
      [{ id: before.id, phone: 5 }, 'phone'],
      [{ id: before.id, last_Name: '' }, 'last_Name'],
      [{ id: before.id, phone: null }, 'phone'],
    ] as const) {
      const answer = await call<ApiErrorBody>(base, 'POST', '/api/CardHolders/update', body);
      expect(answer.status).toBe(400);
      expect(answer.body.field).toBe(field);
    }
    expect((await call<CardHolderRecord>(base, 'GET', `/api/CardHolders/${before.id}`)).body).toEqual(before);
  });
});
