// The photo check's refusals (main, electron/core/cardholders/checks/photo-check.ts) carry a key of the
// error table and its parameters: the officer reads them in the language shown (issue 23), and
// English exactly as main's message.
import { describe, expect, it } from 'vitest';
import { keyedError, type ErrorParams, type ErrorTextName } from '../../../electron/contract/ipc';
import { errorText } from '../../../renderer/src/i18n/error-text';
import { showLanguage as show } from '../support/show-language';

/** A refusal as main sends it (test/core/cardholders/checks/photo-check.test.ts checks main sends these keys). */
const refusal = (name: ErrorTextName, params: ErrorParams = {}) => ({ code: 'invalid_request' as const, ...keyedError(name, params) });

describe('the photo check’s refusals in the language shown', () => {
  it('are keyed: English as main words them, German from the key and parameters', async () => {
    const wrongSize = refusal('photoWrongSize', { width: 640, height: 480, wantedWidth: 600, wantedHeight: 800 });
    const notJpeg = refusal('photoNotKind', { kind: 'JPEG' });
    const incomplete = refusal('photoIncomplete', { kind: 'JPEG' });
    const png = refusal('photoWrongType', { kind: 'JPEG' });
    const tooLarge = refusal('photoTooLarge', { size: 3072, limit: 2048 });
    expect(errorText(wrongSize)).toBe('The photo is 640×480 pixels; this kiosk uploads 600×800. Take it again.');
    for (const error of [wrongSize, notJpeg, incomplete, png, tooLarge]) expect(errorText(error)).toBe(error.message);
    await show('de');
    expect(errorText(wrongSize)).toBe('Das Foto hat 640×480 Pixel; dieser Kiosk lädt 600×800 hoch. Nehmen Sie es erneut auf.');
    expect(errorText(notJpeg)).toBe('Das Foto ist kein JPEG-Bild; nehmen Sie es erneut auf.');
    expect(errorText(incomplete)).toBe('Das Foto ist kein vollständiges JPEG-Bild; nehmen Sie es erneut auf.');
    expect(errorText(png)).toBe('Dieser Kiosk lädt Ausweisfotos als JPEG-Bilder hoch; nehmen Sie das Foto erneut auf.');
    expect(errorText(tooLarge)).toBe('Das Foto ist zu groß zum Senden (3072 KB; die Grenze liegt bei 2048 KB). Nehmen Sie es erneut auf.');
    expect(errorText(refusal('photoNotOnFile'))).toBe('Der Dienst hat das Foto angenommen, aber der Datensatz zeigt kein vorhandenes Foto. Versuchen Sie es erneut oder verständigen Sie die Administration.');
  });
});
