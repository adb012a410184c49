// Bad input in general never crashes the simulator: malformed JSON, wrong content types, bodies
// that are not objects, oversized bodies, unknown paths, wrong methods, exact-case paths,
// malformed HTTP (DECISIONS.md §1–§2).

import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../../electron/simulator/index';
import type { ApiErrorBody } from '../../electron/simulator/records';
import { call, rawRequest, startSmallSimulator } from './support';

let sim: RunningSimulator;

beforeAll(async () => {
  sim = await startSmallSimulator({ maxBodyBytes: 64 * 1024 });
});
afterAll(() => sim.close());

function expectErrorBody(body: unknown, error: string): void {
  expect(body).toEqual(expect.objectContaining({ error, message: expect.any(String) }));
}

describe('JSON bodies', () => {
  it.each([
    ['{"first_Name": "A", '],
    ['{first_Name: "A"}'],
    ["{'a': 1}"],
    ['nul'],
  ])('is 400 with a JSON error body for malformed JSON %s', async (text) => {
    const answer = await call<ApiErrorBody>(sim.url, 'POST', '/api/CardHolders/create', text);
    expect(answer.status).toBe(400);
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expectErrorBody(answer.body, 'bad_request');
  });

  it.each([['[]'], ['"text"'], ['42'], ['null']])('is 400 when the JSON is %s instead of an object', async (text) => {
    const answer = await call<ApiErrorBody>(sim.url, 'POST', '/api/SystemEvents/search', text);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain('object');
  });

  it('is 400 for an empty body', async () => {
    const answer = await rawRequest(`${sim.url}/api/CardHolders/update`, 'POST', '', { 'content-type': 'application/json' });
    expect(answer.status).toBe(400);
    expectErrorBody(JSON.parse(answer.body.toString()), 'bad_request');
  });

  it('is 415 without a JSON content type, and accepts a charset and a BOM', async () => {
    const plain = await rawRequest(`${sim.url}/api/SystemEvents/search`, 'POST', '{}', { 'content-type': 'text/plain' });
    expect(plain.status).toBe(415);
    expectErrorBody(JSON.parse(plain.body.toString()), 'unsupported_media_type');
    const none = await rawRequest(`${sim.url}/api/SystemEvents/search`, 'POST', '{}');
    expect(none.status).toBe(415);
    const charset = await rawRequest(`${sim.url}/api/SystemEvents/search`, 'POST', '\uFEFF{}', { 'content-type': 'application/json; charset=utf-8' });
    expect(charset.status).toBe(200);
  });

  it('is 413 for a body over the limit, and the connection still gets its answer', async () => {
    const huge = JSON.stringify({ first_Name: 'A', last_Name: 'B', address1: 'x'.repeat(200 * 1024) });
    const answer = await call<ApiErrorBody>(sim.url, 'POST', '/api/CardHolders/create', huge);
    expect(answer.status).toBe(413);
    expectErrorBody(answer.body, 'payload_too_large');
    const chunked = await new Promise<number>((resolve, reject) => {
      // Without Content-Length (chunked): the limit is found while reading.
      import('node:http').then(({ request }) => {
        const req = request(`${sim.url}/api/CardHolders/create`, { method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        for (let index = 0; index < 20; index++) req.write(Buffer.alloc(8 * 1024, 0x20));
        req.end('{}');
      }, reject);
    });
    expect(chunked).toBe(413);
  });
});

describe('paths and methods', () => {
  it.each(['/nothing', '/api', '/api/CardHolders/', '/api/cardholders', '/API/CardHolders', '/api/SystemEvents/maxid/extra', '/api/CardHolders/1/photo/2', '//api/CardHolders'])(
    'is 404 with a JSON body for %s',
    async (path) => {
      const answer = await call<ApiErrorBody>(sim.url, 'GET', path);
      expect(answer.status).toBe(404);
      expectErrorBody(answer.body, 'not_found');
    },
  );

  it.each([
    ['DELETE', '/api/CardHolders', 'GET'],
    ['PUT', '/api/CardHolders/1', 'GET'],
    ['POST', '/api/CardHolders/1', 'GET'],
    ['GET', '/api/CardHolders/create', 'POST'],
    ['GET', '/api/CardHolders/update', 'POST'],
    ['GET', '/api/SystemEvents/search', 'POST'],
    ['GET', '/api/SystemEvents/searchbycodes', 'POST'],
    ['PATCH', '/api/SystemEvents', 'GET'],
  ])('is 405 for %s %s, allowing %s', async (method, path, allow) => {
    const answer = await call<ApiErrorBody>(sim.url, method, path);
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe(allow);
    expectErrorBody(answer.body, 'method_not_allowed');
  });

  it('answers malformed HTTP with 400 and keeps serving', async () => {
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = connect(sim.port, '127.0.0.1', () => socket.write('THIS IS NOT HTTP\r\n\r\n'));
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(reply).toMatch(/^HTTP\/1\.1 400/);
    expect((await call(sim.url, 'GET', '/api/SystemEvents/maxid')).status).toBe(200);
  });

  it('survives a client that disconnects in the middle of a body', async () => {
    await new Promise<void>((resolve) => {
      const socket = connect(sim.port, '127.0.0.1', () => {
        socket.write('POST /api/CardHolders/create HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"first_Na');
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 50);
      });
    });
    expect((await call(sim.url, 'GET', '/api/SystemEvents/maxid')).status).toBe(200);
  });
});
