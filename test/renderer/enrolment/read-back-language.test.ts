// A change saved whose read-back failed (main, cardholder-writes.ts): the sentence is worded around
// the read-back's own error (contract keyedAround), so the renderer words both in the language
// shown; English is main's message word for word, as before keys.
import { describe, expect, it } from 'vitest';
import { keyedAround, keyedError, type KioskError } from '../../../electron/contract/ipc';
import { errorText } from '../../../renderer/src/i18n/error-text';
import { showLanguage as show } from '../support/show-language';

describe('an error worded around another', () => {
  it('keeps the inner error’s code and detail, says the whole in English as before, and words both parts in German', async () => {
    const inner: KioskError = { code: 'server_error', ...keyedError('serverError', { status: 503 }), detail: 'HTTP 503', status: 503 };
    const outer = keyedAround('savedUnread', inner);
    expect(outer).toMatchObject({ code: 'server_error', detail: 'HTTP 503', status: 503, key: 'errors.savedUnread' });
    expect(outer.message).toBe(`The change was saved, but the kiosk could not read the record back. ${inner.message}`);
    expect(errorText(outer)).toBe(outer.message);
    const warning = keyedAround('changeSavedUnread', inner);
    expect(warning.message).toBe(`The change was saved, but the record could not be read back; what is shown is the service's answer to the change. ${inner.message}`);
    await show('de');
    expect(errorText(outer)).toBe(
      'Die Änderung wurde gespeichert, aber der Kiosk konnte den Datensatz nicht zurücklesen. Im Zutrittskontrolldienst ist ein Fehler aufgetreten (Fehler 503). Versuchen Sie es gleich noch einmal. Wenn es wieder vorkommt, verständigen Sie die Administration.',
    );
    // An inner error without a key: its English sentence, as it came.
    expect(errorText(keyedAround('savedUnread', { code: 'unreachable', message: 'Socket closed.' }))).toBe(
      'Die Änderung wurde gespeichert, aber der Kiosk konnte den Datensatz nicht zurücklesen. Socket closed.',
    );
  });
});
