// The enrolment log's outcomes in the language shown (issue 23): main stores a code with field
// ids; the renderer words it, English as main used to write it, German from the messages; a line
// written before (an English sentence) is shown as it is.
import { describe, expect, it } from 'vitest';
import { flushPromises } from '@vue/test-utils';
import { fake, ok } from '../support/fake-kiosk';
import { at, useComponentHarness } from '../support/component-harness';
import type { EnrolmentOutcome } from '../../../electron/contract/ipc';
import { enrolmentOutcomeText } from '../../../renderer/src/enrolment/enrolment-log-text';
import OperatorLogView from '../../../renderer/src/operator-log/OperatorLogView.vue';
import { showLanguage as show } from '../support/show-language';

const { mountView } = useComponentHarness(fake);

const refusal = { message: 'The access-control service refused the data.', key: 'errors.refusedData' as const, params: {} };
const CASES: Array<[EnrolmentOutcome, string, string]> = [
  [{ code: 'created' }, 'Created on the service.', 'Im Dienst angelegt.'],
  [{ code: 'createdAfterWaiting', recordId: 1000 }, 'Created on the service (record number 1000) after waiting on this workstation.', 'Im Dienst angelegt (Datensatznummer 1000), nachdem es auf diesem Arbeitsplatz gewartet hatte.'],
  [{ code: 'changed', fields: ['phone', 'zip'] }, 'Changed on the service: Phone, ZIP code.', 'Im Dienst geändert: Telefon, Postleitzahl.'],
  [{ code: 'changedAfterWaiting', fields: ['last_Name', 'birthday'] }, 'Changed on the service after waiting on this workstation: Last name, birthday.', 'Im Dienst geändert, nachdem es auf diesem Arbeitsplatz gewartet hatte: Nachname, birthday.'],
  [{ code: 'alreadyHad' }, 'The service already had these values; nothing was sent again.', 'Der Dienst hatte diese Werte bereits; es wurde nichts erneut gesendet.'],
  [{ code: 'photoUploaded', hints: [] }, 'Photo uploaded.', 'Foto hochgeladen.'],
  [
    { code: 'photoUploaded', hints: ['too-dark', 'no face, confirmed by the officer', 'some-new-hint'] },
    'Photo uploaded; used despite: too dark, no face, confirmed by the officer, some-new-hint.',
    'Foto hochgeladen; trotz folgender Hinweise verwendet: zu dunkel, kein Gesicht, vom Bediener bestätigt, some-new-hint.',
  ],
  [{ code: 'photoAfterWaiting' }, 'Photo uploaded after waiting on this workstation.', 'Foto hochgeladen, nachdem es auf diesem Arbeitsplatz gewartet hatte.'],
  [{ code: 'queued', subject: { kind: 'create' } }, 'The new cardholder was saved on this workstation; it will be sent as soon as the service takes it.', 'Der neue Ausweisinhaber wurde auf diesem Arbeitsplatz gespeichert; wird gesendet, sobald der Dienst es annimmt.'],
  [{ code: 'discarded', subject: { kind: 'update', fields: ['phone'] } }, 'Discarded by the officer: the change of phone was not sent.', 'Vom Bediener verworfen: die Änderung von Telefon wurde nicht gesendet.'],
  [{ code: 'refused', subject: { kind: 'photo' }, error: refusal }, 'The service refused the photo: The access-control service refused the data.', 'Der Dienst hat das Foto abgelehnt: Der Zutrittskontrolldienst hat die Daten abgelehnt.'],
  [{ code: 'linked', recordId: 61 }, 'The service already had this cardholder (record number 61): what waited was linked to it instead of creating a second one.', 'Der Dienst hatte diesen Ausweisinhaber bereits (Datensatznummer 61): Was wartete, wurde mit ihm verknüpft, statt einen zweiten anzulegen.'],
];

describe('enrolment log outcomes in the language shown', () => {
  it('words each code in English as main wrote it, and in German', async () => {
    for (const [outcome, english] of CASES) expect(enrolmentOutcomeText(outcome)).toBe(english);
    await show('de');
    for (const [outcome, , german] of CASES) expect(enrolmentOutcomeText(outcome)).toBe(german);
    // A line written before outcomes were codes: as it is, whatever the language.
    expect(enrolmentOutcomeText('Changed on the service: Phone.')).toBe('Changed on the service: Phone.');
  });

  it('the Operator log shows old and new lines, the new one worded again after a language switch', async () => {
    fake.current.api.listEnrolmentLog.mockResolvedValue(
      ok([
        { at: at(3), kind: 'updated', cardholderId: 7, name: 'Dupont, Marie', outcome: { code: 'changed', fields: ['last_Name', 'city'] } },
        { at: at(2), kind: 'updated', cardholderId: 7, name: 'Dupont, Marie', outcome: 'Changed on the service: Phone, ZIP code.' },
      ]),
    );
    const view = await mountView(OperatorLogView);
    await view.get('[data-testid="operator-log-enrolments"]').setValue(true);
    await flushPromises();
    const rows = () => view.findAll('[data-testid="enrolment-log-row"] .outcome').map((cell) => cell.text());
    expect(rows()).toEqual(['Changed on the service: Last name, City.', 'Changed on the service: Phone, ZIP code.']);
    await show('de');
    expect(rows()).toEqual(['Im Dienst geändert: Nachname, Ort.', 'Changed on the service: Phone, ZIP code.']);
  });
});
