// Each authentication mode over real HTTP: the right secret passes, a missing or wrong one gets
// 401 with a JSON body (and WWW-Authenticate for basic/bearer), unknown paths are 401 too, and
// the /_sim/ test controls are never behind auth (DECISIONS.md §6).

import { afterEach, describe, expect, it } from 'vitest';
import { SimulatorControls } from '../../electron/simulator/control-client';
import type { RunningSimulator, SimulatorAuth } from '../../electron/simulator/index';
import type { ApiErrorBody, MaxIdResult } from '../../electron/simulator/records';
import { call, startSmallSimulator } from './support';

let sim: RunningSimulator | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

async function start(auth: SimulatorAuth): Promise<RunningSimulator> {
  sim = await startSmallSimulator({ auth, historyEvents: 5 });
  return sim;
}

function basic(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}

async function expect401(base: string, headers: Record<string, string>, path = '/api/SystemEvents/maxid'): Promise<ApiErrorBody> {
  const answer = await call<ApiErrorBody>(base, 'GET', path, undefined, headers);
  expect(answer.status).toBe(401);
  expect(answer.body).toEqual({ error: 'unauthorized', message: expect.any(String) });
  return answer.body;
}

describe('authentication', () => {
  it('none: everything passes without credentials', async () => {
    const { url } = await start({ scheme: 'none' });
    expect((await call<MaxIdResult>(url, 'GET', '/api/SystemEvents/maxid')).body.maxId).toBe(5);
  });

  it('apiKey: the configured header and value (header name in any case)', async () => {
    const { url } = await start({ scheme: 'apiKey', header: 'X-Api-Key', value: 's3cret-kéy' });
    expect((await call(url, 'GET', '/api/SystemEvents/maxid', undefined, { 'x-api-key': 's3cret-kéy' })).status).toBe(200);
    expect((await call(url, 'GET', '/api/CardHolders/1', undefined, { 'X-API-KEY': 's3cret-kéy' })).status).toBe(200);
    expect((await expect401(url, {})).message).toContain('Missing');
    expect((await expect401(url, { 'x-api-key': 's3cret' })).message).toContain('not valid');
    await expect401(url, { 'x-other-key': 's3cret-kéy' });
    await expect401(url, { authorization: 'Bearer s3cret-kéy' });
  });

  it('basic: user and password, with a WWW-Authenticate challenge on failure', async () => {
    const { url } = await start({ scheme: 'basic', username: 'guard', password: 'pä:ss' });
    expect((await call(url, 'GET', '/api/SystemEvents/maxid', undefined, { authorization: basic('guard', 'pä:ss') })).status).toBe(200);
    const missing = await call(url, 'GET', '/api/SystemEvents/maxid');
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toMatch(/^Basic realm=/);
    await expect401(url, { authorization: basic('guard', 'wrong') });
    await expect401(url, { authorization: basic('other', 'pä:ss') });
    await expect401(url, { authorization: 'Basic not-base64!' });
    await expect401(url, { authorization: 'Bearer pä:ss' });
  });

  it('bearer: the token, with a WWW-Authenticate challenge on failure', async () => {
    const { url } = await start({ scheme: 'bearer', token: 'tok.en-123' });
    expect((await call(url, 'GET', '/api/SystemEvents/maxid', undefined, { authorization: 'Bearer tok.en-123' })).status).toBe(200);
    const wrong = await call(url, 'GET', '/api/SystemEvents/maxid', undefined, { authorization: 'Bearer tok.en-124' });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toContain('invalid_token');
    const missing = await call(url, 'GET', '/api/SystemEvents/maxid');
    expect(missing.headers.get('www-authenticate')).toMatch(/^Bearer realm=/);
    await expect401(url, { authorization: 'tok.en-123' });
    await expect401(url, { authorization: 'Basic tok.en-123' });
  });

  it('guards writes and unknown paths too (401 before 404/405), but never the test controls', async () => {
    const { url } = await start({ scheme: 'bearer', token: 't' });
    const write = await call(url, 'POST', '/api/CardHolders/create', { first_Name: 'A', last_Name: 'B' });
    expect(write.status).toBe(401);
    await expect401(url, {}, '/no/such/path');
    expect((await call(url, 'DELETE', '/api/CardHolders')).status).toBe(401);
    const controls = new SimulatorControls(url);
    expect((await controls.injectEvent()).record_ID).toBe(6);
    expect((await call(url, 'GET', '/_sim/catalogue')).status).toBe(200);
  });

  it('refuses incomplete auth options at start', async () => {
    await expect(startSmallSimulator({ auth: { scheme: 'bearer', token: '' } })).rejects.toThrow(/token/);
    await expect(startSmallSimulator({ auth: { scheme: 'apiKey', header: '', value: 'v' } })).rejects.toThrow(/header/);
  });
});
