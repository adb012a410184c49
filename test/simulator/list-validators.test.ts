// Validators of GET /api/CardHolders over real HTTP: a strong ETag that changes with every change
// of the directory (create, update, photo, reset, a restart) and not with a read, Last-Modified,
// Cache-Control, 304 for If-None-Match (lists, weak tags, *) and If-Modified-Since (only without
// If-None-Match, never for an ambiguous second), HEAD, and the switch that turns them all off
// (DECISIONS.md §3 "Validators of the list").

import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SimulatorControls } from '../../electron/simulator/control-client';
import type { RunningSimulator } from '../../electron/simulator/index';
import { parseEntityTags, parseHttpDate } from '../../electron/simulator/list-validators';
import type { CardHolderRecord } from '../../electron/simulator/records';
import { TINY_JPEG, call, makeTempDir, rawRequest, sleep, startSmallSimulator } from './support';

let sim: RunningSimulator;
let controls: SimulatorControls;

beforeAll(async () => {
  sim = await startSmallSimulator();
  controls = new SimulatorControls(sim.url);
});
afterAll(() => sim.close());
beforeEach(() => controls.reset());

const LIST = '/api/CardHolders';

async function listHead(headers: Record<string, string> = {}): Promise<{ status: number; etag: string | null; lastModified: string | null; cacheControl: string | null; text: string; length: string | null }> {
  const response = await fetch(`${sim.url}${LIST}`, { headers });
  const text = await response.text();
  return {
    status: response.status,
    etag: response.headers.get('etag'),
    lastModified: response.headers.get('last-modified'),
    cacheControl: response.headers.get('cache-control'),
    length: response.headers.get('content-length'),
    text,
  };
}

async function etag(): Promise<string> {
  const { etag: value } = await listHead();
  if (value === null) throw new Error('no ETag');
  return value;
}

describe('validators on the list', () => {
  it('sends a strong ETag, an HTTP-date Last-Modified and Cache-Control: private, no-cache', async () => {
    const answer = await listHead();
    expect(answer.status).toBe(200);
    expect(answer.etag).toMatch(/^"[!#-~]+"$/);
    expect(answer.lastModified).toMatch(/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
    expect(Date.parse(answer.lastModified ?? '')).toBeLessThanOrEqual(Date.now());
    expect(answer.cacheControl).toBe('private, no-cache');
    expect(Number(answer.length)).toBe(Buffer.byteLength(answer.text));
  });

  it('keeps the ETag across reads, of the list and of single records', async () => {
    const first = await etag();
    await call(sim.url, 'GET', '/api/CardHolders/3');
    await call(sim.url, 'GET', LIST);
    await fetch(`${sim.url}${LIST}`, { method: 'HEAD' });
    expect(await etag()).toBe(first);
  });

  it('changes the ETag on create, update, photo and reset, never repeating one', async () => {
    const seen = [await etag()];
    await call(sim.url, 'POST', '/api/CardHolders/create', { first_Name: 'Neue', last_Name: 'Person' });
    seen.push(await etag());
    await call(sim.url, 'POST', '/api/CardHolders/update', { id: 2, phone: '+49 89 1' });
    seen.push(await etag());
    // An update that changes no field still refreshes `updated`, so the list changed.
    await call(sim.url, 'POST', '/api/CardHolders/update', { id: 2 });
    seen.push(await etag());
    const photo = await fetch(`${sim.url}/api/CardHolders/4/photo`, { method: 'POST', headers: { 'content-type': 'image/jpeg' }, body: TINY_JPEG });
    expect(photo.status).toBe(200);
    seen.push(await etag());
    await controls.reset();
    seen.push(await etag());
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('does not change the ETag on a rejected write', async () => {
    const before = await etag();
    expect((await call(sim.url, 'POST', '/api/CardHolders/update', { id: 999_999, phone: 'x' })).status).toBe(404);
    expect((await call(sim.url, 'POST', '/api/CardHolders/create', { first_Name: '' })).status).toBe(400);
    expect(await etag()).toBe(before);
  });

  it('answers HEAD with the same validators and Content-Length as GET', async () => {
    const get = await listHead();
    const head = await fetch(`${sim.url}${LIST}`, { method: 'HEAD' });
    expect(head.headers.get('etag')).toBe(get.etag);
    expect(head.headers.get('last-modified')).toBe(get.lastModified);
    expect(head.headers.get('content-length')).toBe(get.length);
  });

  it('gets a new ETag after a restart on the same data, and after --fresh', async () => {
    const dir = await makeTempDir();
    try {
      const first = await startSmallSimulator({ dataDir: dir.path });
      const firstTag = (await fetch(`${first.url}${LIST}`)).headers.get('etag');
      const firstBody = await (await fetch(`${first.url}${LIST}`)).text();
      await first.close();
      const again = await startSmallSimulator({ dataDir: dir.path });
      const againResponse = await fetch(`${again.url}${LIST}`);
      expect(await againResponse.text()).toBe(firstBody);
      expect(againResponse.headers.get('etag')).not.toBe(firstTag);
      const notModified = await fetch(`${again.url}${LIST}`, { headers: { 'if-none-match': firstTag ?? '' } });
      expect(notModified.status).toBe(200);
      await notModified.body?.cancel();
      await again.close();
      const fresh = await startSmallSimulator({ dataDir: dir.path, fresh: true });
      const freshTag = (await fetch(`${fresh.url}${LIST}`)).headers.get('etag');
      expect([firstTag, againResponse.headers.get('etag')]).not.toContain(freshTag);
      await fresh.close();
    } finally {
      await dir.remove();
    }
  });
});

describe('If-None-Match', () => {
  it('answers 304 with ETag, Last-Modified and Cache-Control and no body when the tag matches', async () => {
    const full = await listHead();
    const answer = await rawRequest(`${sim.url}${LIST}`, 'GET', undefined, { 'if-none-match': full.etag ?? '' });
    expect(answer.status).toBe(304);
    expect(answer.body.length).toBe(0);
    expect(answer.headers['etag']).toBe(full.etag);
    expect(answer.headers['last-modified']).toBe(full.lastModified);
    expect(answer.headers['cache-control']).toBe('private, no-cache');
    expect(answer.headers['content-type']).toBeUndefined();
  });

  it('matches within a list, with weak comparison, and * always', async () => {
    const tag = await etag();
    for (const value of [`"other", ${tag}`, `"a","b",${tag}`, `W/${tag}`, `"x", W/${tag}`, '*']) {
      expect((await listHead({ 'if-none-match': value })).status, value).toBe(304);
    }
    expect((await rawRequest(`${sim.url}${LIST}`, 'HEAD', undefined, { 'if-none-match': tag })).status).toBe(304);
  });

  it('answers 200 with the list when no tag matches, or after a change', async () => {
    const tag = await etag();
    for (const value of ['"other"', `${tag.slice(0, -2)}"`, tag.slice(1, -1), '', 'W/"nope", "also-nope"']) {
      const answer = await listHead({ 'if-none-match': value });
      expect(answer.status, value).toBe(200);
      expect((JSON.parse(answer.text) as unknown[]).length).toBe(40);
    }
    await call(sim.url, 'POST', '/api/CardHolders/update', { id: 1, city: 'Tromsø' });
    const changed = await listHead({ 'if-none-match': tag });
    expect(changed.status).toBe(200);
    expect((JSON.parse(changed.text) as CardHolderRecord[])[0]?.city).toBe('Tromsø');
    expect(changed.etag).not.toBe(tag);
  });

  it('turns into a 200 with a broken body under the malformedJson fault', async () => {
    const tag = await etag();
    await controls.setFaults({ malformedJson: { count: 1 } });
    const answer = await listHead({ 'if-none-match': tag });
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('#');
  });

  it('answers 304 after a change without serializing the changed records', async () => {
    const before = await etag();
    await call(sim.url, 'POST', '/api/CardHolders/update', { id: 7, address2: 'Hinterhaus' });
    // The tag is "<instance>-<revision>" and the update was one change (DECISIONS.md §3).
    const [, instance = '', revision = ''] = /^"(.+)-(\d+)"$/.exec(before) ?? [];
    const predicted = `"${instance}-${Number(revision) + 1}"`;
    const stringify = vi.spyOn(JSON, 'stringify');
    try {
      for (const condition of [predicted, '*']) {
        const answer = await rawRequest(`${sim.url}${LIST}`, 'GET', undefined, { 'if-none-match': condition });
        expect(answer.status, condition).toBe(304);
        expect(answer.headers['etag']).toBe(predicted);
      }
      expect(stringify.mock.calls.filter(([value]) => Array.isArray(value))).toEqual([]);
      await listHead();
      expect(stringify.mock.calls.filter(([value]) => Array.isArray(value)).length).toBeGreaterThan(0);
    } finally {
      stringify.mockRestore();
    }
  });

  it('decides alone: a matching If-Modified-Since does not help a stale tag', async () => {
    const { lastModified } = await listHead();
    const answer = await listHead({ 'if-none-match': '"stale"', 'if-modified-since': lastModified ?? '' });
    expect(answer.status).toBe(200);
  });
});

describe('If-Modified-Since', () => {
  it('answers 304 when the list did not change since that second, 200 for an earlier date', async () => {
    // A change in a second of its own: no earlier version of the list was handed out in that
    // second, so its Last-Modified is unambiguous (the ambiguous case is the next test).
    await sleep(1000 - (Date.now() % 1000) + 10);
    await call(sim.url, 'POST', '/api/CardHolders/update', { id: 6, state: 'BY' });
    const { lastModified, etag: tag } = await listHead();
    const same = await rawRequest(`${sim.url}${LIST}`, 'GET', undefined, { 'if-modified-since': lastModified ?? '' });
    expect(same.status).toBe(304);
    expect(same.body.length).toBe(0);
    expect(same.headers['etag']).toBe(tag);
    const earlier = new Date(Date.parse(lastModified ?? '') - 1000).toUTCString();
    expect((await listHead({ 'if-modified-since': earlier })).status).toBe(200);
  });

  it('never answers 304 to the Last-Modified a client had before a change', async () => {
    for (let round = 0; round < 3; round++) {
      const before = await listHead();
      await call(sim.url, 'POST', '/api/CardHolders/update', { id: 5, zip: String(round) });
      const answer = await listHead({ 'if-modified-since': before.lastModified ?? '' });
      expect(answer.status).toBe(200);
      expect((JSON.parse(answer.text) as CardHolderRecord[])[4]?.zip).toBe(String(round));
    }
  });

  it('is ignored when the date is not an HTTP-date or lies in the future', async () => {
    const { lastModified } = await listHead();
    const future = new Date(Date.now() + 3600_000).toUTCString();
    for (const value of ['yesterday', '2026-01-01T00:00:00Z', `${lastModified ?? ''}, ${lastModified ?? ''}`, future]) {
      expect((await listHead({ 'if-modified-since': value })).status, value).toBe(200);
    }
  });
});

describe('with credentials required', () => {
  it('checks the credentials before any condition', async () => {
    const guarded = await startSmallSimulator({ auth: { scheme: 'bearer', token: 'secret-token' } });
    try {
      const unauthenticated = await rawRequest(`${guarded.url}${LIST}`, 'GET', undefined, { 'if-none-match': '*' });
      expect(unauthenticated.status).toBe(401);
      expect(unauthenticated.headers['etag']).toBeUndefined();
      const authorized = await rawRequest(`${guarded.url}${LIST}`, 'GET', undefined, { 'if-none-match': '*', authorization: 'Bearer secret-token' });
      expect(authorized.status).toBe(304);
    } finally {
      await guarded.close();
    }
  });
});

describe('validators switched off', () => {
  it('sends no ETag, Last-Modified or Cache-Control and ignores conditions', async () => {
    const plain = await startSmallSimulator({ validators: false });
    try {
      const response = await fetch(`${plain.url}${LIST}`);
      const text = await response.text();
      expect(response.status).toBe(200);
      expect(response.headers.get('etag')).toBeNull();
      expect(response.headers.get('last-modified')).toBeNull();
      expect(response.headers.get('cache-control')).toBeNull();
      expect(Number(response.headers.get('content-length'))).toBe(Buffer.byteLength(text));
      const conditional = await fetch(`${plain.url}${LIST}`, { headers: { 'if-none-match': '*', 'if-modified-since': new Date().toUTCString() } });
      expect(conditional.status).toBe(200);
      expect(await conditional.text()).toBe(text);
    } finally {
      await plain.close();
    }
  });
});

describe('parsing', () => {
  it('reads the three HTTP-date formats and refuses others', () => {
    const expected = Date.UTC(1994, 10, 6, 8, 49, 37);
    expect(parseHttpDate('Sun, 06 Nov 1994 08:49:37 GMT')).toBe(expected);
    expect(parseHttpDate('Sunday, 06-Nov-94 08:49:37 GMT', Date.UTC(2026, 0, 1))).toBe(expected);
    expect(parseHttpDate('Sun Nov  6 08:49:37 1994')).toBe(expected);
    for (const bad of ['', 'Sun, 06 Nov 1994 08:49:37', 'Sun, 31 Feb 2026 08:49:37 GMT', 'Sun, 06 Nov 1994 25:00:00 GMT', '1994-11-06T08:49:37Z', 'Sun, 6 Nov 1994 08:49:37 GMT']) {
      expect(parseHttpDate(bad), bad).toBeUndefined();
    }
  });

  it('reads entity-tag lists', () => {
    expect(parseEntityTags('*')).toBe('*');
    expect(parseEntityTags('"a", W/"b","c,d"')).toEqual(['a', 'b', 'c,d']);
    expect(parseEntityTags('nonsense')).toEqual([]);
  });
});
