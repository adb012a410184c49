// Errors from main in the language shown (issue 23): for every key main can send, the renderer's
// English rendering of key + parameters is main's English `message` word for word; German, French
// and Spanish render the same key with its parameters; an error without a key (or with one this
// renderer does not know) shows its English message.
import { describe, expect, it } from 'vitest';
import { ERROR_TEXT, keyedError, operations, policyOf, type ErrorKey, type ErrorTextName, type KioskError, type OperationName } from '../../../electron/contract/ipc';
import { errorText } from '../../../renderer/src/i18n/error-text';
import { i18n } from '../../../renderer/src/i18n/i18n';
import { loadMessages } from '../../../renderer/src/i18n/locale-loader';

/** Sample parameters for a message: every {name} it uses, {count} both singular and plural. */
function samples(name: ErrorTextName): Record<string, string | number>[] {
  const names = [...new Set([...ERROR_TEXT[name].matchAll(/\{(\w+)\}/g)].map((m) => m[1]!))];
  const base = Object.fromEntries(names.filter((n) => n !== 'count').map((n) => [n, n === 'status' ? 503 : `‹${n}›`]));
  return names.includes('count') ? [{ ...base, count: 1 }, { ...base, count: 3 }] : [base];
}

async function show(locale: 'de' | 'fr' | 'es'): Promise<void> {
  i18n.global.setLocaleMessage(locale, await loadMessages(locale));
  i18n.global.locale.value = locale;
}

describe('errorText', () => {
  it('in English, every key main sends renders exactly main’s message', () => {
    for (const name of Object.keys(ERROR_TEXT) as ErrorTextName[]) {
      for (const params of samples(name)) {
        const error: KioskError = { code: 'internal', ...keyedError(name, params) };
        expect(errorText(error), `${name} ${JSON.stringify(params)}`).toBe(error.message);
      }
    }
  });

  it('renders German from the key and parameters, not the English message', async () => {
    await show('de');
    expect(errorText({ code: 'server_error', ...keyedError('serverError', { status: 503 }) })).toBe(
      'Im Zutrittskontrolldienst ist ein Fehler aufgetreten (Fehler 503). Versuchen Sie es gleich noch einmal. Wenn es wieder vorkommt, verständigen Sie die Administration.',
    );
    expect(errorText({ code: 'forbidden', ...keyedError('wrongPin', { count: 1 }) })).toBe('Falsche PIN. Noch 1 Versuch, dann wird die PIN für eine Weile gesperrt.');
    expect(errorText({ code: 'forbidden', ...keyedError('wrongPin', { count: 4 }) })).toBe('Falsche PIN. Noch 4 Versuche, dann wird die PIN für eine Weile gesperrt.');
    // What the server said is shown as it came.
    expect(errorText({ code: 'rejected', ...keyedError('refusedDataSaid', { server: 'Card 42 is in use' }) })).toBe(
      'Der Zutrittskontrolldienst hat die Daten abgelehnt: Card 42 is in use',
    );
  });

  it('every key renders in French and Spanish with its parameters filled in', async () => {
    for (const locale of ['fr', 'es'] as const) {
      await show(locale);
      for (const name of Object.keys(ERROR_TEXT) as ErrorTextName[]) {
        for (const params of samples(name)) {
          const error: KioskError = { code: 'internal', ...keyedError(name, params) };
          const text = errorText(error);
          expect(text, `${locale} ${name}`).not.toBe(error.message);
          expect(text, `${locale} ${name}`).not.toMatch(/[{}]/);
          for (const value of Object.values(params)) expect(text, `${locale} ${name}`).toContain(String(value));
        }
      }
    }
  });

  it('a refusal by the policy names the action in the language shown, for every action the policy names', async () => {
    await show('de');
    expect(errorText({ code: 'forbidden', ...keyedError('adminNeeded', { action: 'Quitting the kiosk' }) })).toBe(
      'Kiosk beenden: Dafür ist die Administrator-PIN nötig. Bitte zuerst entsperren.',
    );
    const actions = new Set((Object.keys(operations) as OperationName[]).flatMap((name) => [policyOf(name).admin, policyOf(name).shift, policyOf(name).personal || undefined]).filter((a) => a !== undefined));
    expect(actions.size).toBeGreaterThan(5);
    for (const action of [...actions, 'Quitting', 'Leaving kiosk mode']) {
      expect(errorText({ code: 'forbidden', ...keyedError('shiftNeeded', { action }) }), action).not.toContain(action);
    }
    // The read guard: what an answer with personal data shows, in the language shown.
    expect(errorText({ code: 'forbidden', ...keyedError('readNeedsShift', { action: 'Looking up cardholders' }) })).toBe(
      'Ausweisinhaber nachschlagen: Das zeigt personenbezogene Daten. Melden Sie sich zuerst zu Schichtbeginn an.',
    );
    // An action this renderer does not know is shown as it came.
    expect(errorText({ code: 'forbidden', ...keyedError('adminNeeded', { action: 'Doing something new' }) })).toMatch(/^Doing something new: /);
  });

  it('falls back to the English message without a key or with an unknown one', async () => {
    await show('de');
    expect(errorText({ code: 'rejected', message: 'The service said no.' })).toBe('The service said no.');
    expect(errorText({ code: 'rejected', message: 'From a newer main.', key: 'errors.notYetKnown' as ErrorKey, params: {} })).toBe('From a newer main.');
    expect(errorText({ code: 'internal', message: 'x', key: 'errors.internal' })).toBe('Im Kiosk ist ein Fehler aufgetreten. Das Problem wurde protokolliert.');
  });
});

describe('numbers in errors', () => {
  it('a fraction in the language shown, a whole number (a record number, a status) as sent', async () => {
    await show('de');
    expect(errorText({ code: 'timeout', ...keyedError('deadline', { seconds: 1.5 }) })).toContain('1,5 s');
    expect(errorText({ code: 'server_error', ...keyedError('serverError', { status: 503 }) })).toContain('503');
    i18n.global.locale.value = 'en';
    expect(errorText({ code: 'timeout', ...keyedError('deadline', { seconds: 1.5 }) })).toContain('1.5 s');
  });
});
