// The enrolment's confirmations in the language shown (issue 23): the stores keep what happened (a
// code), not an English sentence, so a confirmation already on screen is worded again when the
// officer switches the language after a save.
import { beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { createFakeKiosk, fake, makeCardholder, makeOutboxItem, ok } from '../support/fake-kiosk';
import { noticeText, useEnrolmentStore, type EnrolmentNotice } from '../../../renderer/src/enrolment/enrolment-store';
import { useFrontDeskStore } from '../../../renderer/src/cardholders/front-desk-store';
import { showLanguage as show } from '../support/show-language';

beforeEach(() => {
  fake.current = createFakeKiosk();
  setActivePinia(createPinia());
});

function fillNew(store: ReturnType<typeof useEnrolmentStore>): void {
  store.configure({ tenant: [0], cardholderType: 1, knownTenants: [0, 2] });
  store.startCreate();
  Object.assign(store.form, { first_Name: 'Aoife', last_Name: 'Kelly', sex: 'f', employee_ID: '700100' });
}

describe('enrolment confirmations in the language shown', () => {
  it('a create saved on this workstation is said in English, and in German once the language is switched', async () => {
    const store = useEnrolmentStore();
    fillNew(store);
    const record = makeCardholder(-1, { first_Name: 'Aoife', last_Name: 'Kelly' });
    fake.current.api.createCardholder.mockResolvedValueOnce(ok({ record, queued: makeOutboxItem('q', { label: 'Kelly, Aoife' }) }));
    await store.create();
    expect(store.said).toEqual({ code: 'savedLocally', itemId: 'q' });
    expect(store.notice).toBe('Saved on this workstation; it will be sent as soon as the service takes it.');
    await show('de');
    expect(store.notice).toBe('Auf diesem Arbeitsplatz gespeichert; wird gesendet, sobald der Dienst es annimmt.');
  });

  it('the desk’s confirmation after a save is worded again after a language switch', async () => {
    const store = useEnrolmentStore();
    const record = fake.current.cardholders[0];
    if (!record) throw new Error('no record');
    store.configure({ tenant: [0], cardholderType: 1, knownTenants: [0] });
    store.startEdit(record);
    store.form.phone = '+353 1 555 0101';
    store.form.city = 'Galway';
    const saved = await store.saveChanges();
    if (!saved || saved === 'unchanged') throw new Error('not saved');
    const desk = useFrontDeskStore();
    desk.showSaved(saved, store.said);
    expect(desk.confirmation).toBe('Saved: 2 fields changed.');
    await show('de');
    expect(desk.confirmation).toBe('Gespeichert: 2 Felder geändert.');
    await show('fr');
    expect(desk.confirmation).toBe('Enregistré : 2 champs modifiés.');
    await show('en');
    expect(desk.confirmation).toBe('Saved: 2 fields changed.');
  });

  it('words every notice in German, one field singular', async () => {
    await show('de');
    const cases: Array<[EnrolmentNotice, string]> = [
      [{ code: 'created' }, 'Der Ausweisinhaber wurde angelegt.'],
      [{ code: 'noAnswer' }, 'Der Dienst hat nicht geantwortet; diese Erfassung wird geprüft und gesendet – bitte nicht noch einmal eingeben.'],
      [{ code: 'unchanged' }, 'Es wurde nichts geändert, daher wurde nichts gesendet.'],
      [{ code: 'saved', count: 1 }, 'Gespeichert: 1 Feld geändert.'],
      [{ code: 'sameValues' }, 'Der Dienst hat diese Werte bereits; es wurde nichts gesendet.'],
      [{ code: 'showsService' }, 'Das Formular zeigt jetzt den Datensatz, wie ihn der Dienst hat.'],
      [{ code: 'backInOutbox' }, 'Wieder im Postausgang: wird jetzt erneut gesendet.'],
    ];
    for (const [notice, text] of cases) expect(noticeText(notice)).toBe(text);
  });
});
