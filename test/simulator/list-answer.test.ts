// The list-answer test control over real HTTP: GET /api/CardHolders answering an empty list, an
// exact text (truncated JSON, HTML, a wrapper object, an error status) or the real list with
// records altered (wrong types, missing fields, a duplicate id); reading, clearing and reset; a
// different ETag for every answer that is not the normal list; validation (DECISIONS.md §7).

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SimulatorControls } from '../../electron/simulator/control-client';
import type { RunningSimulator } from '../../electron/simulator/index';
import type { ApiErrorBody, CardHolderRecord, ListAnswer } from '../../electron/simulator/records';
import { call, rawRequest, startSmallSimulator } from './support';

let sim: RunningSimulator;
let controls: SimulatorControls;
let normal: { text: string; etag: string };

const LIST = '/api/CardHolders';

async function getList(headers: Record<string, string> = {}): Promise<{ status: number; text: string; headers: Headers }> {
  const response = await fetch(`${sim.url}${LIST}`, { headers });
  const text = await response.text();
  expect(Number(response.headers.get('content-length') ?? '0')).toBe(Buffer.byteLength(text));
  return { status: response.status, text, headers: response.headers };
}

beforeAll(async () => {
  sim = await startSmallSimulator();
  controls = new SimulatorControls(sim.url);
});
afterAll(() => sim.close());
beforeEach(async () => {
  await controls.reset();
  const answer = await getList();
  normal = { text: answer.text, etag: answer.headers.get('etag') ?? '' };
});

describe('modes', () => {
  it('is normal by default', async () => {
    expect(await controls.listAnswer()).toEqual({ mode: 'normal' });
    expect((JSON.parse(normal.text) as unknown[]).length).toBe(40);
  });

  it('answers 200 [] in empty mode, with its own ETag', async () => {
    expect(await controls.answerEmptyList()).toEqual({ mode: 'empty' });
    const answer = await getList();
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('[]');
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(answer.headers.get('etag')).toMatch(/^".+"$/);
    expect(answer.headers.get('etag')).not.toBe(normal.etag);
  });

  it.each([
    ['truncated JSON', '[{"id":1,"first_Name":"Ma', undefined],
    ['HTML', '<!DOCTYPE html><html><body>Service Unavailable</body></html>', 'text/html; charset=utf-8'],
    ['a wrapper object', '{"value":[],"count":0}', undefined],
    ['non-ASCII text', '[{"id":1,"last_Name":"Ødegård","first_Name":"Siobhán"}]', undefined],
  ])('answers exact text in raw mode: %s', async (_what, body, contentType) => {
    const stored = await controls.answerRawList(body, contentType === undefined ? {} : { contentType });
    expect(stored).toEqual({ mode: 'raw', body, status: 200, contentType: contentType ?? 'application/json; charset=utf-8' });
    const answer = await getList();
    expect(answer.status).toBe(200);
    expect(answer.text).toBe(body);
    expect(answer.headers.get('content-type')).toBe(contentType ?? 'application/json; charset=utf-8');
    expect(answer.headers.get('etag')).not.toBe(normal.etag);
  });

  it('answers a raw error status without validators, and without a content type when asked', async () => {
    await controls.answerRawList('upstream timeout', { status: 502, contentType: '' });
    const answer = await rawRequest(`${sim.url}${LIST}`, 'GET', undefined, { 'if-none-match': '*' });
    expect(answer.status).toBe(502);
    expect(answer.body.toString('utf8')).toBe('upstream timeout');
    expect(answer.headers['content-type']).toBeUndefined();
    expect(answer.headers['etag']).toBeUndefined();
    expect(answer.headers['last-modified']).toBeUndefined();
  });

  it('answers a 304 nobody asked for in raw mode', async () => {
    await controls.answerRawList('', { status: 304 });
    expect((await rawRequest(`${sim.url}${LIST}`, 'GET')).status).toBe(304);
  });

  it('applies edits to the real list in mutate mode: wrong types, a missing field, a duplicate id, an extra field', async () => {
    await controls.answerMutatedList([
      { index: 0, set: { first_Name: 42, tenant: 'all', birthday: { year: 1990 } } },
      { index: 1, remove: ['last_Name', 'email'] },
      { index: 2, duplicateOf: 0 },
      { index: 3, set: { unexpected: [1, null, 'x'] } },
      { index: 3, set: { id: null } },
    ]);
    const answer = await getList();
    expect(answer.status).toBe(200);
    const mutated = JSON.parse(answer.text) as Record<string, unknown>[];
    const original = JSON.parse(normal.text) as Record<string, unknown>[];
    expect(mutated).toHaveLength(40);
    expect(mutated[0]).toEqual({ ...original[0], first_Name: 42, tenant: 'all', birthday: { year: 1990 } });
    expect(Object.keys(mutated[0] ?? {})).toEqual(Object.keys(original[0] ?? {}));
    const { last_Name: _lastName, email: _email, ...withoutRemoved } = original[1] ?? {};
    expect(mutated[1]).toEqual(withoutRemoved);
    expect(mutated[2]).toEqual({ ...original[2], id: 1 });
    expect(mutated[3]).toEqual({ ...original[3], unexpected: [1, null, 'x'], id: null });
    expect(mutated.slice(4)).toEqual(original.slice(4));
    expect(answer.headers.get('etag')).not.toBe(normal.etag);
  });

  it('applies edits to the list as it is now, including changes made since', async () => {
    await controls.answerMutatedList([{ index: 0, remove: ['phone'] }]);
    const before = await getList();
    const created = await call<CardHolderRecord>(sim.url, 'POST', '/api/CardHolders/create', { first_Name: 'Neu', last_Name: 'Angelegt' });
    await call(sim.url, 'POST', '/api/CardHolders/update', { id: 1, city: 'Zürich' });
    const after = await getList();
    const records = JSON.parse(after.text) as Record<string, unknown>[];
    expect(records).toHaveLength(41);
    expect(records[40]?.['id']).toBe(created.body.id);
    expect(records[0]?.['city']).toBe('Zürich');
    expect(records[0]).not.toHaveProperty('phone');
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
  });

  it('accepts edits in a later chunk of a large directory', async () => {
    const large = await startSmallSimulator({ cardholders: 2500 });
    try {
      const largeControls = new SimulatorControls(large.url);
      await largeControls.answerMutatedList([{ index: 2499, duplicateOf: 1000 }, { index: 1500, set: { sex: 'female' } }]);
      const records = (await call<CardHolderRecord[]>(large.url, 'GET', LIST)).body;
      expect(records).toHaveLength(2500);
      expect(records[2499]?.id).toBe(1001);
      expect(records[1500]?.sex).toBe('female');
      expect(records[1499]?.id).toBe(1500);
    } finally {
      await large.close();
    }
  });
});

describe('validators of test answers', () => {
  it('gives each different answer its own ETag, never the normal one, and the normal one back after clearing', async () => {
    const tags = new Set([normal.etag]);
    for (const answer of [
      { mode: 'empty' },
      { mode: 'raw', body: '[]' },
      { mode: 'raw', body: '[ ]' },
      { mode: 'mutate', edits: [{ index: 0, remove: ['id'] }] },
    ] as ListAnswer[]) {
      await controls.setListAnswer(answer);
      tags.add((await getList()).headers.get('etag') ?? '');
    }
    expect(tags.size).toBe(5);
    await controls.clearListAnswer();
    const back = await getList();
    expect(back.text).toBe(normal.text);
    expect(back.headers.get('etag')).toBe(normal.etag);
  });

  it('sends the test answer to a client holding the normal ETag, and 304 to one holding its own', async () => {
    await controls.answerEmptyList();
    const withNormalTag = await getList({ 'if-none-match': normal.etag });
    expect(withNormalTag.status).toBe(200);
    expect(withNormalTag.text).toBe('[]');
    const own = withNormalTag.headers.get('etag') ?? '';
    expect((await getList({ 'if-none-match': own })).status).toBe(304);
    await controls.clearListAnswer();
    const normalAgain = await getList({ 'if-none-match': own });
    expect(normalAgain.status).toBe(200);
    expect(normalAgain.text).toBe(normal.text);
  });

  it('does not let a Last-Modified of a test answer hide the normal list', async () => {
    await controls.answerEmptyList();
    const empty = await getList();
    await controls.clearListAnswer();
    const answer = await getList({ 'if-modified-since': empty.headers.get('last-modified') ?? '' });
    expect(answer.status).toBe(200);
    expect(answer.text).toBe(normal.text);
  });
});

describe('the control', () => {
  it('reads, clears (DELETE) and is cleared by reset', async () => {
    await controls.answerMutatedList([{ index: 0, set: { id: 'x' } }]);
    expect(await controls.listAnswer()).toEqual({ mode: 'mutate', edits: [{ index: 0, set: { id: 'x' } }] });
    const deleted = await call(sim.url, 'DELETE', '/_sim/cardholders/list-answer');
    expect(deleted.status).toBe(204);
    expect(await controls.listAnswer()).toEqual({ mode: 'normal' });
    await controls.answerEmptyList();
    await controls.reset();
    expect(await controls.listAnswer()).toEqual({ mode: 'normal' });
    expect((await getList()).text).toBe(normal.text);
  });

  it('does not apply to single records or to HEAD bodies', async () => {
    await controls.answerRawList('<html>', { contentType: 'text/html' });
    expect((await call<CardHolderRecord>(sim.url, 'GET', '/api/CardHolders/1')).body.id).toBe(1);
    const head = await fetch(`${sim.url}${LIST}`, { method: 'HEAD' });
    expect(head.headers.get('content-type')).toBe('text/html');
    expect(head.headers.get('content-length')).toBe('6');
  });

  it.each([
    [{}, 'mode'],
    [{ mode: 'chaos' }, 'mode'],
    [{ mode: 'raw' }, 'body'],
    [{ mode: 'raw', body: 5 }, 'body'],
    [{ mode: 'raw', body: 'x', status: 199 }, 'status'],
    [{ mode: 'raw', body: 'x', status: 204 }, 'body'],
    [{ mode: 'raw', body: 'x', contentType: 'text/plain\r\nX-Evil: 1' }, 'contentType'],
    [{ mode: 'mutate', edits: [] }, 'edits'],
    [{ mode: 'mutate', edits: [{ index: 40, set: { id: 1 } }] }, 'edits'],
    [{ mode: 'mutate', edits: [{ index: 0, duplicateOf: 40 }] }, 'edits'],
    [{ mode: 'mutate', edits: [{ index: -1, remove: ['id'] }] }, 'edits'],
    [{ mode: 'mutate', edits: [{ index: 0, remove: [] }] }, 'edits'],
    [{ mode: 'mutate', edits: [{ index: 0 }] }, 'edits'],
    [{ mode: 'empty', extra: true }, 'extra'],
  ])('refuses %j with 400 naming %s, and keeps the current answer', async (body, field) => {
    await controls.answerEmptyList();
    const answer = await call<ApiErrorBody>(sim.url, 'POST', '/_sim/cardholders/list-answer', body);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: 'bad_request', field, message: expect.any(String) });
    expect(await controls.listAnswer()).toEqual({ mode: 'empty' });
  });
});
