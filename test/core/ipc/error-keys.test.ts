// Main words its errors by key (issue 23): each typed error carries a key of the renderer's
// `errors` messages and the parameters its English sentence was built from, and its English
// `message` is that key rendered in English (the one table, electron/contract/error-text.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { englishErrorText, ERROR_TEXT, keyedError, type ErrorTextName, type KioskError } from '../../../electron/contract/ipc';
import { KioskFailure, toKioskError } from '../../../electron/core/ipc/failure';
import { failureForStatus, failureForTransport, malformedAnswer, scrubFailure, type RequestContext } from '../../../electron/core/service/service-errors';
import { answerTooLarge, deadlinePassed } from '../../../electron/core/service/answer-limits';
import { AdminLock, setAdminPin } from '../../../electron/core/admin-lock/admin-lock';
import { createLogger, memorySink } from '../../../electron/core/log/logger';

const ctx: RequestContext = { endpoint: 'GET /api/CardHolders/{id}', request: 'GET /api/CardHolders/5' };
const answer = (status: number, body = '') => ({ status, body, headers: {} });
const nodeError = (code: string) => Object.assign(new Error(code), { code });

/** The error's message is its key rendered in English with its parameters. */
function expectKeyed(error: KioskError, key: string, params: Record<string, string | number> = {}): void {
  expect(error.key).toBe(key);
  expect(error.params).toEqual(params);
  expect(error.message).toBe(englishErrorText(key.replace(/^errors\./, '') as ErrorTextName, params));
}

describe('errors made by main carry a key and parameters', () => {
  it('an unexpected exception', () => {
    expectKeyed(toKioskError(new Error('boom')), 'errors.internal');
    expect(toKioskError(new Error('boom')).message).toBe('Something went wrong inside the kiosk. The problem has been logged.');
  });

  it('transport failures, one key per cause', () => {
    expectKeyed(failureForTransport(ctx, nodeError('ECONNREFUSED')).error, 'errors.refused');
    expectKeyed(failureForTransport(ctx, nodeError('ENOTFOUND')).error, 'errors.notFoundOnNetwork');
    expectKeyed(failureForTransport(ctx, nodeError('ETIMEDOUT')).error, 'errors.timeout');
    expectKeyed(failureForTransport(ctx, nodeError('CERT_HAS_EXPIRED')).error, 'errors.tlsExpired');
    expectKeyed(failureForTransport(ctx, nodeError('EWHATEVER')).error, 'errors.unreachable');
  });

  it('HTTP statuses, with the status and what the server said as parameters', () => {
    expectKeyed(failureForStatus(ctx, answer(503)).error, 'errors.serverError', { status: 503 });
    expectKeyed(failureForStatus(ctx, answer(409, '{"message":"Card 42 is in use"}')).error, 'errors.conflictSaid', { server: 'Card 42 is in use' });
    expect(failureForStatus(ctx, answer(409, '{"message":"Card 42 is in use"}')).error.message).toBe(
      'The access-control service refused the change because it conflicts with its records: Card 42 is in use',
    );
    expectKeyed(failureForStatus(ctx, answer(422)).error, 'errors.refusedData');
    expectKeyed(failureForStatus(ctx, answer(418)).error, 'errors.refusedStatus', { status: 418 });
    expectKeyed(failureForStatus({ ...ctx, subject: 'cardholder 5' }, answer(404)).error, 'errors.subjectNotFound', { subject: 'cardholder 5' });
    expectKeyed(malformedAnswer(ctx, 200, 'FirstName', 'not a string').error, 'errors.malformedField', { field: 'FirstName' });
  });

  it('answer limits and deadlines', () => {
    expectKeyed(deadlinePassed(ctx, 1500, 'reading').error, 'errors.deadline', { seconds: 1.5 });
    expect(deadlinePassed(ctx, 20_000, 'reading').error.message).toContain('(no complete answer within 20 s)');
    expectKeyed(answerTooLarge(ctx, 2 * 1024 * 1024, 'over 2097152').error, 'errors.answerTooLarge', { size: '2.0 MB' });
  });

  it('the credential is scrubbed from the parameters too', () => {
    const scrubbed = scrubFailure(failureForStatus(ctx, answer(400, '{"message":"bad token s3cret"}')), (text) => text.replaceAll('s3cret', '[secret]'));
    expect((scrubbed as KioskFailure).error.params).toEqual({ server: 'bad token [secret]' });
    expect((scrubbed as KioskFailure).error.message).not.toContain('s3cret');
  });

  describe('the admin lock', () => {
    let dir: string;
    afterEach(() => rmSync(dir, { recursive: true, force: true }));
    it('a refusal names the action; a wrong PIN counts the tries left (plural)', async () => {
      dir = mkdtempSync(path.join(tmpdir(), 'kiosk-keys-'));
      const lock = new AdminLock({ dir, log: createLogger(memorySink().sink) });
      let thrown: unknown;
      try {
        lock.require('Quitting the kiosk');
      } catch (error) {
        thrown = error;
      }
      // The action travels as its id (each language words it); the English message names it.
      expectKeyed((thrown as KioskFailure).error, 'errors.adminNeeded', { action: 'quitKiosk' });
      expect((thrown as KioskFailure).error.message).toBe('Quitting the kiosk needs the administrator PIN. Unlock it first.');
      await expect(lock.unlock('123456')).rejects.toMatchObject({ error: { key: 'errors.noAdminPin', params: { command: 'admin set-pin' } } });
      await setAdminPin(dir, '480261', { N: 1024, r: 8, p: 1, keyLength: 32, saltLength: 16 });
      const wrong = await lock.unlock('111111').then(
        () => {
          throw new Error('expected a wrong PIN');
        },
        (error: unknown) => error as KioskFailure,
      );
      expect(wrong.error.key).toBe('errors.wrongPin');
      expect(wrong.error.message).toMatch(/^Wrong PIN\. \d+ tries left before the PIN is locked for a while\.$/);
    });
  });
});

describe('the English table', () => {
  it('plural messages pick the form by {count}, as vue-i18n does in English', () => {
    expect(englishErrorText('wrongPin', { count: 1 })).toBe('Wrong PIN. 1 try left before the PIN is locked for a while.');
    expect(englishErrorText('wrongPin', { count: 4 })).toBe('Wrong PIN. 4 tries left before the PIN is locked for a while.');
  });

  it('keyedError fills in every parameter', () => {
    for (const name of Object.keys(ERROR_TEXT) as ErrorTextName[]) {
      const params = Object.fromEntries([...ERROR_TEXT[name].matchAll(/\{(\w+)\}/g)].map((m) => [m[1]!, m[1] === 'count' ? 2 : 'x']));
      expect(keyedError(name, params).message, name).not.toMatch(/[{}|]/);
    }
  });

  it('a KioskFailure made by key has the key, the parameters and the English message', () => {
    const failure = KioskFailure.keyed('config', 'caFileUnreadable', { file: '/etc/ca.pem' }, { field: 'service.tls.caFile' });
    expect(failure.error).toEqual({
      code: 'config',
      key: 'errors.caFileUnreadable',
      params: { file: '/etc/ca.pem' },
      message: 'The certificate authority file /etc/ca.pem (service.tls.caFile) cannot be read.',
      field: 'service.tls.caFile',
    });
  });
});
