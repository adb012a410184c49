// The mapping from what went wrong to the contract's typed errors, without a network: Node and
// axios error codes, HTTP statuses, and what the server said.
import { AxiosError } from 'axios';
import { describe, expect, it } from 'vitest';
import {
  CERTIFICATE_PIN_MISMATCH,
  failureForStatus,
  failureForTransport,
  serverMessage,
  type RequestContext,
} from '../../../electron/core/service/service-errors';

const ctx: RequestContext = { endpoint: 'GET /api/CardHolders/{id}', request: 'GET /api/CardHolders/5', subject: 'cardholder 5' };

const nodeError = (code: string, message = code) => Object.assign(new Error(message), { code });
/** As axios wraps a Node error: its own code, the Node error as cause, and a config with headers that must never leak. */
const axiosError = (cause: Error & { code?: string }) => {
  const error = AxiosError.from(cause, cause.code, { headers: { Authorization: 'Bearer leak-me-0123' } } as never);
  return Object.assign(error, { cause });
};

describe('failureForTransport', () => {
  it.each([
    ['ECONNREFUSED', 'unreachable', /connection was refused/, true],
    ['ENOTFOUND', 'unreachable', /cannot be found on the network/, true],
    ['EAI_AGAIN', 'unreachable', /cannot be found on the network/, true],
    ['ECONNRESET', 'unreachable', /cut off/, true],
    ['EHOSTUNREACH', 'unreachable', /network does not reach/, true],
    ['ETIMEDOUT', 'timeout', /taking too long/, true],
    ['ERR_CANCELED', 'cancelled', /cancelled/, false],
    ['SELF_SIGNED_CERT_IN_CHAIN', 'unreachable', /^The server's certificate is not trusted/, false],
    ['UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'unreachable', /^The server's certificate is not trusted/, false],
    ['DEPTH_ZERO_SELF_SIGNED_CERT', 'unreachable', /^The server's certificate is not trusted/, false],
    ['CERT_HAS_EXPIRED', 'unreachable', /has expired/, false],
    ['ERR_TLS_CERT_ALTNAME_INVALID', 'unreachable', /issued for a different address/, false],
    [CERTIFICATE_PIN_MISMATCH, 'unreachable', /fingerprint does not match/, false],
    ['EPROTO', 'unreachable', /secure \(HTTPS\) connection/, false],
  ] as const)('%s → %s', (code, expected, message, retryable) => {
    const failure = failureForTransport(ctx, axiosError(nodeError(code)));
    expect(failure.error.code).toBe(expected);
    expect(failure.error.message).toMatch(message);
    expect(failure.retryable).toBe(retryable);
    expect(failure.error.endpoint).toBe(ctx.endpoint);
    expect(failure.error.detail).toContain('GET /api/CardHolders/5');
    expect(failure.error.detail).toContain(code);
    expect(JSON.stringify(failure.error)).not.toContain('leak-me');
  });

  it('"socket hang up" without a useful code → unreachable, cut off', () => {
    expect(failureForTransport(ctx, new Error('socket hang up')).error).toMatchObject({ code: 'unreachable', message: expect.stringMatching(/cut off/) });
  });

  it('an axios timeout (ECONNABORTED) → timeout', () => {
    expect(failureForTransport(ctx, new AxiosError('timeout of 200ms exceeded', 'ECONNABORTED')).error.code).toBe('timeout');
  });

  it('messages carry no jargon or stack', () => {
    for (const code of ['ECONNREFUSED', 'ETIMEDOUT', 'SELF_SIGNED_CERT_IN_CHAIN']) {
      const { message } = failureForTransport(ctx, axiosError(nodeError(code))).error;
      expect(message).not.toMatch(/ECONN|ETIMEDOUT|SELF_SIGNED|axios|Error:|\bat\b.*\.ts/);
    }
  });
});

describe('failureForStatus', () => {
  const answer = (status: number, body: unknown = '', headers: Record<string, string> = {}) => ({
    status,
    body: typeof body === 'string' ? body : JSON.stringify(body),
    headers,
  });

  it.each([
    [400, 'rejected', false],
    [401, 'unauthorized', false],
    [403, 'forbidden', false],
    [404, 'not_found', false],
    [405, 'rejected', false],
    [408, 'timeout', true],
    [409, 'rejected', false],
    [413, 'too_large', false],
    [415, 'rejected', false],
    [422, 'rejected', false],
    [429, 'server_error', true],
    [500, 'server_error', true],
    [502, 'server_error', true],
    [503, 'server_error', true],
    [301, 'malformed_answer', false],
  ] as const)('%i → %s', (status, code, retryable) => {
    const failure = failureForStatus(ctx, answer(status));
    expect(failure.error).toMatchObject({ code, status, endpoint: ctx.endpoint });
    expect(failure.retryable).toBe(retryable);
  });

  it('404 names the subject', () => {
    expect(failureForStatus(ctx, answer(404)).error.message).toBe('The cardholder 5 was not found in the access-control service.');
  });

  it('Retry-After in seconds or as a date', () => {
    expect(failureForStatus(ctx, answer(503, '', { 'retry-after': '3' })).retryAfterMs).toBe(3000);
    const later = new Date(Date.now() + 5000).toUTCString();
    expect(failureForStatus(ctx, answer(429, '', { 'retry-after': later })).retryAfterMs).toBeGreaterThan(3000);
  });
});

describe('serverMessage', () => {
  const said = (body: string, headers: Record<string, string> = {}) => serverMessage({ status: 400, body, headers });
  it.each([
    ['{"error":"bad_request","message":"sex must be one letter","field":"sex"}', 'sex must be one letter', 'sex'],
    ['{"Message":"An error has occurred."}', 'An error has occurred.', null],
    ['{"error":{"message":"nested"}}', 'nested', null],
    ['{"title":"One or more validation errors occurred.","errors":{"$.email":["bad email"]}}', 'bad email', 'email'],
    ['{"errors":[{"propertyName":"Zip","errorMessage":"too long"}]}', 'too long', 'Zip'],
    ['"just a string"', 'just a string', null],
    ['Plain text refusal', 'Plain text refusal', null],
    ['<html><body>Bad</body></html>', null, null],
    ['', null, null],
  ])('%s', (body, text, field) => {
    expect(said(body)).toEqual({ text, field });
  });

  it('long and multi-line texts are flattened and shortened', () => {
    const { text } = said(JSON.stringify({ message: `line1\n\tline2 ${'x'.repeat(400)}` }));
    expect(text).toMatch(/^line1 line2 x+…$/);
    expect(text!.length).toBeLessThanOrEqual(300);
  });
});
