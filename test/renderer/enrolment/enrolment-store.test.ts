/** The enrolment store: create with duplicates, update of changed fields only, conflicts, refusals, clearing. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { createFakeKiosk, fail, fake, makeCardholder, makeOutboxItem, ok, outboxWith } from '../support/fake-kiosk';


import { useEnrolmentStore } from '../../../renderer/src/enrolment/enrolment-store';
import { usePhotoUploadStore } from '../../../renderer/src/enrolment/photo-upload-store';
import { unusedText } from '../../../renderer/src/enrolment/enrolment-choices';

beforeEach(() => {
  fake.current = createFakeKiosk();
  setActivePinia(createPinia());
});

function fillNew(store: ReturnType<typeof useEnrolmentStore>): void {
  store.configure({ tenant: [0], cardholderType: 1, knownTenants: [0, 2] });
  store.startCreate();
  Object.assign(store.form, { first_Name: 'Aoife', last_Name: 'Kelly', sex: 'f', employee_ID: '700100' });
}

describe('enrolment store, create', () => {
  it('checks the form first and sends nothing while it has problems', async () => {
    const store = useEnrolmentStore();
    store.startCreate();
    expect(await store.create()).toBeNull();
    expect(store.problems.map((p) => p.field)).toContain('first_Name');
    expect(fake.current.api.createCardholder).not.toHaveBeenCalled();
  });

  it('stops on likely duplicates until the officer says it is another person', async () => {
    const store = useEnrolmentStore();
    fillNew(store);
    fake.current.api.findDuplicateCardholders.mockResolvedValue(ok([{ cardholder: makeCardholder(4, { first_Name: 'Aoife', last_Name: 'Kelly' }), reasons: ['name'] }]));
    expect(await store.create()).toBeNull();
    expect(store.duplicates).toHaveLength(1);
    expect(fake.current.api.createCardholder).not.toHaveBeenCalled();
    store.acceptDuplicates();
    const created = await store.create();
    expect(created?.first_Name).toBe('Aoife');
    expect(fake.current.api.createCardholder).toHaveBeenCalledWith(expect.objectContaining({ first_Name: 'Aoife', sex: 'f', tenant: [0] }));
  });

  it('asks again for duplicates after a name changes, and does not let a lost check block the officer', async () => {
    vi.useFakeTimers();
    try {
      const store = useEnrolmentStore();
      fillNew(store);
      store.touched('last_Name');
      await vi.advanceTimersByTimeAsync(300);
      expect(fake.current.api.findDuplicateCardholders).toHaveBeenCalledTimes(1);
      fake.current.api.findDuplicateCardholders.mockResolvedValueOnce(fail('internal', 'lost'));
      const created = await store.create();
      expect(created).not.toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps everything typed and places a refusal next to the field it names', async () => {
    const store = useEnrolmentStore();
    fillNew(store);
    fake.current.api.createCardholder.mockResolvedValueOnce({ ok: false, error: { code: 'rejected', message: 'employee ID already used', field: 'employee_ID' } });
    expect(await store.create()).toBeNull();
    expect(store.problemFor('employee_ID')).toBe('employee ID already used');
    expect(store.form.employee_ID).toBe('700100');
    store.touched('employee_ID');
    expect(store.problemFor('employee_ID')).toBeNull();
  });
});

describe('enrolment store, offline and refused enrolments', () => {
  it('says the create is saved on this workstation when the service could not take it', async () => {
    const store = useEnrolmentStore();
    fillNew(store);
    const record = makeCardholder(-1, { first_Name: 'Aoife', last_Name: 'Kelly' });
    fake.current.api.createCardholder.mockResolvedValueOnce(ok({ record, queued: makeOutboxItem('q', { label: 'Kelly, Aoife' }) }));
    expect(await store.create()).toEqual(record);
    expect(store.notice).toBe('Saved on this workstation; it will be sent as soon as the service takes it.');
  });

  it('says when the service never answered: it will be checked and sent, do not enter it again', async () => {
    const store = useEnrolmentStore();
    fillNew(store);
    const record = makeCardholder(-1, { first_Name: 'Aoife', last_Name: 'Kelly' });
    fake.current.api.createCardholder.mockResolvedValueOnce(ok({ record, queued: makeOutboxItem('q', { label: 'Kelly, Aoife', attempts: 1, inDoubt: true }) }));
    expect(await store.create()).toEqual(record);
    expect(store.notice).toBe('The service did not answer; this enrolment will be checked and sent, do not enter it again.');
    expect(store.unanswered).toBe(true);
  });

  it('offers the types and tenants seen in the directory and starts a new cardholder with the site\'s configured ones', async () => {
    const store = useEnrolmentStore();
    fake.current.api.getEnrolmentChoices.mockResolvedValueOnce(
      ok({
        tenants: [{ id: 0, name: 'Tenant 0', named: false, count: 9 }, { id: 4, name: 'Tenant 4', named: false, count: 3 }],
        cardholderTypes: [{ id: 2, name: 'Type 2', named: false, count: 7 }],
        defaults: { tenants: [0, 4], cardholderType: 2 },
        employeeIdPattern: '^E-[0-9]+$',
        records: 12,
      }),
    );
    store.startCreate();
    await vi.waitFor(() => expect(store.choices).not.toBeNull());
    expect(store.form.tenant).toEqual([0, 4]);
    expect(store.form.card_Holder_Type_ID).toBe('2');
    // The site's pattern narrows employee IDs.
    Object.assign(store.form, { first_Name: 'Aoife', last_Name: 'Kelly', employee_ID: '700100' });
    expect(await store.create()).toBeNull();
    expect(store.problems.map((p) => p.field)).toEqual(['employee_ID']);
  });

  it('asks before sending a tenant nobody in the directory has, then sends it', async () => {
    const store = useEnrolmentStore();
    store.startCreate();
    await vi.waitFor(() => expect(store.choices).not.toBeNull());
    Object.assign(store.form, { first_Name: 'Aoife', last_Name: 'Kelly', otherTenants: '99' });
    expect(await store.create()).toBeNull();
    expect(store.unused.map(unusedText)).toEqual(['tenant 99']);
    expect(fake.current.api.createCardholder).not.toHaveBeenCalled();
    store.acceptUnused();
    expect(await store.create()).not.toBeNull();
    expect(fake.current.api.createCardholder).toHaveBeenCalledWith(expect.objectContaining({ tenant: [0, 99] }));
  });

  it('fixes a refused create: the refusal beside its field, the fixed fields sent back to the outbox', async () => {
    const store = useEnrolmentStore();
    store.configure({ tenant: [0], cardholderType: 1, knownTenants: [0, 2] });
    const fields = { first_Name: 'Aoife', last_Name: 'Kelly', middle_Name: '', employee_ID: '1', email: '', sex: 'f' as const, phone: '', address1: '', address2: '', city: '', state: '', zip: '', tenant: [0], card_Holder_Type_ID: 1 };
    const item = makeOutboxItem('refused', { state: 'failed', fields, lastError: { code: 'rejected', message: 'Employee ID already used.', field: 'employee_ID' } });
    store.startFix(item, null);
    expect(store.mode).toBe('fix');
    expect(store.form.first_Name).toBe('Aoife');
    expect(store.problemFor('employee_ID')).toBe('Employee ID already used.');
    store.form.employee_ID = '';
    store.form.first_Name = '';
    expect(await store.resendFix()).toBeNull();
    expect(fake.current.api.resendOutboxItem).not.toHaveBeenCalled();
    store.form.first_Name = 'Aoife';
    store.form.employee_ID = '700200';
    fake.current.api.resendOutboxItem.mockResolvedValueOnce(fail('not_found', 'This item is no longer waiting to be sent.'));
    expect(await store.resendFix()).toBeNull();
    expect(store.refusal?.error.message).toBe('This item is no longer waiting to be sent.');
    fake.current.api.resendOutboxItem.mockResolvedValueOnce(ok(outboxWith([{ ...item, state: 'pending', lastError: null }])));
    const sent = await store.resendFix();
    expect(sent?.item.id).toBe('refused');
    expect(fake.current.api.resendOutboxItem).toHaveBeenLastCalledWith({ itemId: 'refused', create: expect.objectContaining({ first_Name: 'Aoife', employee_ID: '700200' }) });
    expect(store.notice).toBe('Back in the outbox: it will be sent again now.');
  });

  it('opens a refused create that holds no type, tenant or sex (a first-day site where none was chosen) and sends it back without them', async () => {
    const store = useEnrolmentStore();
    store.configure({ tenant: [], cardholderType: null, knownTenants: [] });
    const item = makeOutboxItem('bare', { kind: 'create', state: 'failed', fields: { first_Name: 'Aoife', last_Name: 'Byrne', employee_ID: 'E-1' }, lastError: { code: 'rejected', message: 'Employee ID already used.', field: 'employee_ID' } });
    store.startFix(item, null);
    expect(store.mode).toBe('fix');
    expect(store.form.tenant).toEqual([]);
    expect(store.form.card_Holder_Type_ID).toBe('');
    expect(store.form.sex).toBe('');
    store.form.employee_ID = 'E-2';
    fake.current.api.resendOutboxItem.mockResolvedValueOnce(ok(outboxWith([{ ...item, state: 'pending', lastError: null }])));
    expect((await store.resendFix())?.item.id).toBe('bare');
    const sent = fake.current.api.resendOutboxItem.mock.lastCall?.[0] as { create: Record<string, unknown> };
    expect(sent.create).toMatchObject({ first_Name: 'Aoife', last_Name: 'Byrne', employee_ID: 'E-2' });
    expect(sent.create).not.toHaveProperty('tenant');
    expect(sent.create).not.toHaveProperty('card_Holder_Type_ID');
  });

  it('fixes a refused change over the record as the service has it, sending only what differs from it', async () => {
    const store = useEnrolmentStore();
    store.configure({ tenant: [0], cardholderType: 1, knownTenants: [0, 2] });
    const base = makeCardholder(5, { city: 'Cork', phone: '+353 1' });
    const item = makeOutboxItem('u', { kind: 'update', cardholderId: 5, state: 'failed', fields: { city: 'Cork!!', phone: '+353 2' }, lastError: { code: 'rejected', message: 'City not valid.', field: 'city' } });
    store.startFix(item, base);
    expect(store.form.city).toBe('Cork!!');
    store.form.city = 'Cork';
    await store.resendFix();
    expect(fake.current.api.resendOutboxItem).toHaveBeenLastCalledWith({ itemId: 'u', changes: { phone: '+353 2' } });
  });
});

describe('enrolment store, update', () => {
  it('sends only the changed fields with the updated stamp of when it was opened, and shows what was saved', async () => {
    const store = useEnrolmentStore();
    const record = fake.current.cardholders[0];
    if (!record) throw new Error('no record');
    store.configure({ tenant: [0], cardholderType: 1, knownTenants: [0] });
    store.startEdit(record);
    store.form.phone = '+353 1 555 0101';
    store.form.city = 'Galway';
    const saved = await store.saveChanges();
    expect(fake.current.api.updateCardholder).toHaveBeenCalledWith({ id: record.id, changes: { phone: '+353 1 555 0101', city: 'Galway' }, expectedUpdated: record.updated });
    expect(saved).toMatchObject({ phone: '+353 1 555 0101', city: 'Galway' });
    expect(store.notice).toBe('Saved: 2 fields changed.');
  });

  it('sends nothing when nothing changed', async () => {
    const store = useEnrolmentStore();
    store.configure({ tenant: [0], cardholderType: 1, knownTenants: [0] });
    store.startEdit(fake.current.cardholders[1] ?? makeCardholder(9));
    expect(await store.saveChanges()).toBe('unchanged');
    expect(fake.current.api.updateCardholder).not.toHaveBeenCalled();
  });

  it('on a conflict shows both versions; keeping mine sends over the service version, taking theirs resets the form', async () => {
    const store = useEnrolmentStore();
    const record = fake.current.cardholders[0];
    if (!record) throw new Error('no record');
    store.configure({ tenant: [0], cardholderType: 1, knownTenants: [0] });
    store.startEdit(record);
    // Someone changes the record on the service meanwhile.
    fake.current.cardholders[0] = { ...record, phone: '+1 000', updated: '2026-11-22T00:00:00.000Z' };
    store.form.phone = '+1 999';
    expect(await store.saveChanges()).toBeNull();
    expect(store.conflict?.current.phone).toBe('+1 000');
    expect(store.conflict?.mine).toEqual({ phone: '+1 999' });
    const kept = await store.keepMine();
    expect(kept?.phone).toBe('+1 999');
    expect(fake.current.api.updateCardholder).toHaveBeenLastCalledWith({ id: record.id, changes: { phone: '+1 999' }, expectedUpdated: '2026-11-22T00:00:00.000Z' });

    const again = fake.current.cardholders[0];
    if (!again) throw new Error('no record');
    store.startEdit(again);
    fake.current.cardholders[0] = { ...again, city: 'Oslo', updated: '2026-11-23T00:00:00.000Z' };
    store.form.zip = '0150';
    await store.saveChanges();
    store.takeTheirs();
    expect(store.conflict).toBeNull();
    expect(store.form.city).toBe('Oslo');
    expect(store.form.zip).toBe('');
  });

  it('forgets the form and the person when cleared', () => {
    const store = useEnrolmentStore();
    fillNew(store);
    store.clear();
    expect(store.mode).toBe('closed');
    expect(store.form.first_Name).toBe('');
    expect(store.duplicates).toEqual([]);
  });
});

describe('photo upload store', () => {
  const captured = { bytes: new Uint8Array([0xff, 0xd8, 0xff, 1]), width: 600, height: 800, contentType: 'image/jpeg' as const, hints: [{ code: 'no-face' as const, message: 'No face found.' }], overridden: true };

  it('sends the bytes with the hints overridden, follows its task, and shows the photo just sent until cleared', async () => {
    const urls: string[] = [];
    const revoked: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => (urls.push(`blob:${urls.length}`), `blob:${urls.length - 1}`), revokeObjectURL: (u: string) => revoked.push(u) }));
    const upload = usePhotoUploadStore();
    const record = fake.current.cardholders[0];
    if (!record) throw new Error('no record');
    const saved = await upload.upload(record, captured);
    expect(saved?.photo_Exists).toBe(true);
    const request = fake.current.api.uploadCardholderPhoto.mock.calls[0]?.[0];
    expect(request).toMatchObject({ id: record.id, contentType: 'image/jpeg', overriddenHints: ['no-face'] });
    expect(request?.taskId).toMatch(/^photo-/);
    expect(upload.shownUrl).toBe('blob:0');
    upload.clear();
    expect(upload.shownUrl).toBeNull();
    expect(revoked).toEqual(['blob:0']);
  });

  it('keeps the photo to send again when the upload fails', async () => {
    const upload = usePhotoUploadStore();
    const record = fake.current.cardholders[0];
    if (!record) throw new Error('no record');
    fake.current.api.uploadCardholderPhoto.mockResolvedValueOnce(fail('unreachable', 'The access-control service is not answering.'));
    expect(await upload.upload(record, captured)).toBeNull();
    expect(upload.error?.message).toBe('The access-control service is not answering.');
    expect(upload.hasPending()).toBe(true);
    expect((await upload.retry(record))?.photo_Exists).toBe(true);
    expect(upload.hasPending()).toBe(false);
  });
});
