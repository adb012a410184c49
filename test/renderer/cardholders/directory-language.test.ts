// The directory's update in the language shown (issue 23): main sends the failure itself (keyed)
// and how many cardholders the lookup still uses, and the set-aside records as codes; the front
// desk words them, in English exactly as main's sentence, and in German.
import { describe, expect, it } from 'vitest';
import { flushPromises } from '@vue/test-utils';
import { DIRECTORY_READY, fake } from '../support/fake-kiosk';
import { useComponentHarness } from '../support/component-harness';
import { keyedError, type DirectoryState, type KioskError } from '../../../electron/contract/ipc';
import DirectoryStatus from '../../../renderer/src/cardholders/DirectoryStatus.vue';
import { useDirectoryStore } from '../../../renderer/src/cardholders/directory-store';
import { showLanguage as show } from '../support/show-language';

const { mountView } = useComponentHarness(fake);

const cause: KioskError = { code: 'malformed_answer', ...keyedError('directoryNoList') };
const failed: DirectoryState = {
  ...DIRECTORY_READY,
  records: 1200,
  lastFailure: {
    at: '2026-11-21T11:00:00.000Z',
    error: { code: 'malformed_answer', message: `The cardholder directory could not be updated. ${cause.message} The lookup still uses the 1,200 cardholders received before.` },
    cause,
    kept: 1200,
  },
};

describe('the directory update in the language shown', () => {
  it('words a failed update from its cause: English as main says it, German after a switch', async () => {
    const view = await mountView(DirectoryStatus);
    await useDirectoryStore().start();
    fake.current.emit('directoryState', failed);
    await flushPromises();
    const banner = () => view.get('[data-testid="directory-failure"]').text();
    expect(banner()).toContain(failed.lastFailure?.error.message);
    await show('de');
    expect(banner()).toContain(
      'Das Ausweisinhaber-Verzeichnis konnte nicht aktualisiert werden. Die Antwort des Dienstes enthält keine Liste von Ausweisinhabern. Die Suche verwendet weiterhin die zuvor empfangenen 1.200 Ausweisinhaber.',
    );
  });

  it('lists the records set aside with what is wrong, in German', async () => {
    const view = await mountView(DirectoryStatus);
    await useDirectoryStore().start();
    const lastSync = DIRECTORY_READY.lastSync as NonNullable<DirectoryState['lastSync']>;
    fake.current.emit('directoryState', {
      ...DIRECTORY_READY,
      lastSync: {
        ...lastSync,
        rejected: 3,
        problems: [
          { position: 5, id: 41, field: 'tenant', problem: 'invalid' },
          { position: 10, id: 7, field: 'id', problem: 'duplicateId', firstPosition: 3 },
          { position: 12, id: 9, field: 'last_Name', problem: 'tooLong', length: 1_048_576, limit: 1_000 },
        ],
      },
    });
    await flushPromises();
    const items = () => view.findAll('[data-testid="directory-set-aside"] li').map((li) => li.text());
    expect(view.get('[data-testid="directory-set-aside"] summary').text()).toBe('3 records the service sent were set aside');
    expect(items()).toEqual([
      'Record 5: “tenant” does not fit the specification.',
      'Record 10: the id 7 is already used by the record at position 3.',
      'Record at position 12: field “last_Name” is 1,048,576 characters, over the limit 1,000.',
    ]);
    await show('de');
    expect(view.get('[data-testid="directory-set-aside"] summary').text()).toBe('3 vom Dienst gesendete Datensätze wurden zurückgestellt');
    expect(items()).toEqual([
      'Datensatz 5: „tenant“ entspricht nicht der Spezifikation.',
      'Datensatz 10: Die ID 7 wird bereits vom Datensatz an Position 3 verwendet.',
      'Datensatz an Position 12: Das Feld „last_Name“ hat 1.048.576 Zeichen, mehr als die Grenze von 1.000.',
    ]);
  });

  it('says why the saved directory is not used, from its code: English as main says it, German after a switch', async () => {
    const view = await mountView(DirectoryStatus);
    await useDirectoryStore().start();
    fake.current.emit('directoryState', {
      ...DIRECTORY_READY,
      snapshotProblem: 'The saved directory cannot be used: it cannot be decrypted (damaged, or written with another key).',
      snapshotIssue: { code: 'cannotDecrypt' },
    });
    await flushPromises();
    const banner = () => view.get('[data-testid="directory-snapshot-problem"]').text();
    expect(banner()).toBe('The saved directory cannot be used: it cannot be decrypted (damaged, or written with another key).');
    await show('de');
    expect(banner()).toBe('Das gespeicherte Verzeichnis kann nicht verwendet werden: Es kann nicht entschlüsselt werden (beschädigt oder mit einem anderen Schlüssel geschrieben).');
    fake.current.emit('directoryState', { ...DIRECTORY_READY, snapshotProblem: 'x', snapshotIssue: { code: 'notSaved' } });
    await flushPromises();
    expect(banner()).toBe('Das Verzeichnis konnte auf diesem Arbeitsplatz nicht gespeichert werden; die Suche verwendet es, und beim nächsten Start wird es erneut heruntergeladen.');
  });
});
