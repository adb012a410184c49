// Contract of POST /api/CardHolders/{id}/photo: multipart with any part name and raw JPEG/PNG
// bodies accepted, other types and lying bytes refused with 415, size limit 413, metadata and
// bytes stored (read back through the test controls), photo_Exists set (DECISIONS.md §3).

import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimulatorControls } from '../../electron/simulator/control-client';
import type { RunningSimulator } from '../../electron/simulator/index';
import type { ApiErrorBody, CardHolderRecord } from '../../electron/simulator/records';
import { ISO_UTC_Z, TINY_JPEG, TINY_PNG, rawRequest, startSmallSimulator } from './support';

const MAX_PHOTO_BYTES = 4096;

let sim: RunningSimulator;
let controls: SimulatorControls;

beforeAll(async () => {
  sim = await startSmallSimulator({ maxPhotoBytes: MAX_PHOTO_BYTES });
  controls = new SimulatorControls(sim.url);
});
afterAll(() => sim.close());

async function sendMultipart(id: number, parts: { name: string; bytes: Uint8Array; type?: string; filename?: string }[]): Promise<Response> {
  const form = new FormData();
  for (const part of parts) {
    form.append(part.name, new Blob([part.bytes], part.type === undefined ? {} : { type: part.type }), part.filename ?? 'photo.bin');
  }
  return fetch(`${sim.url}/api/CardHolders/${id}/photo`, { method: 'POST', body: form });
}

function sendRaw(id: number | string, bytes: Uint8Array, type: string): Promise<Response> {
  return fetch(`${sim.url}/api/CardHolders/${id}/photo`, { method: 'POST', headers: { 'content-type': type }, body: bytes });
}

const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

describe('photo upload', () => {
  it('accepts multipart with any part name, answers 200 with the record, sets photo_Exists', async () => {
    const before = (await (await fetch(`${sim.url}/api/CardHolders/5`)).json()) as CardHolderRecord;
    const response = await sendMultipart(5, [{ name: 'whatever-name', bytes: TINY_JPEG, type: 'image/jpeg', filename: 'me.jpg' }]);
    expect(response.status).toBe(200);
    const record = (await response.json()) as CardHolderRecord;
    expect(record.id).toBe(5);
    expect(record.photo_Exists).toBe(true);
    expect(Date.parse(record.updated)).toBeGreaterThan(Date.parse(before.updated));
    const meta = await controls.photo(5);
    expect(meta).toEqual({ contentType: 'image/jpeg', bytes: TINY_JPEG.length, sha256: sha256(TINY_JPEG), receivedAs: 'multipart', storedAt: expect.stringMatching(ISO_UTC_Z) });
    expect(Buffer.from((await controls.photoContent(5)) ?? [])).toEqual(TINY_JPEG);
    expect(((await (await fetch(`${sim.url}/api/CardHolders/5`)).json()) as CardHolderRecord).photo_Exists).toBe(true);
  });

  it('accepts a multipart part typed application/octet-stream: the bytes decide', async () => {
    const response = await sendMultipart(6, [{ name: 'file', bytes: TINY_PNG, type: 'application/octet-stream' }]);
    expect(response.status).toBe(200);
    expect((await controls.photo(6))?.contentType).toBe('image/png');
  });

  it('accepts raw image/jpeg and image/png bodies, and a new upload replaces the old one', async () => {
    expect((await sendRaw(7, TINY_JPEG, 'image/jpeg')).status).toBe(200);
    expect(await controls.photo(7)).toMatchObject({ contentType: 'image/jpeg', receivedAs: 'raw', bytes: TINY_JPEG.length });
    expect((await sendRaw(7, TINY_PNG, 'image/png')).status).toBe(200);
    expect(await controls.photo(7)).toMatchObject({ contentType: 'image/png', receivedAs: 'raw', sha256: sha256(TINY_PNG) });
  });

  it('reports no photo for a cardholder without one', async () => {
    expect(await controls.photo(8)).toBeNull();
    expect(await controls.photoContent(8)).toBeNull();
  });

  it.each([
    ['text/plain', Buffer.from('hello')],
    ['image/gif', Buffer.from('GIF89a')],
    ['application/json', Buffer.from('{}')],
  ])('is 415 for a raw %s body', async (type, bytes) => {
    const response = await sendRaw(9, bytes, type);
    expect(response.status).toBe(415);
    expect(((await response.json()) as ApiErrorBody).error).toBe('unsupported_media_type');
  });

  it('is 415 (not 400) for a "jpeg" whose bytes are not a JPEG, raw or multipart', async () => {
    expect((await sendRaw(9, Buffer.from('not really a jpeg'), 'image/jpeg')).status).toBe(415);
    expect((await sendRaw(9, TINY_PNG, 'image/jpeg')).status).toBe(415);
    expect((await sendMultipart(9, [{ name: 'photo', bytes: Buffer.from('plain text'), type: 'image/jpeg' }])).status).toBe(415);
    expect((await sendMultipart(9, [{ name: 'photo', bytes: Buffer.from('plain text'), type: 'application/octet-stream' }])).status).toBe(415);
    expect((await sendMultipart(9, [{ name: 'photo', bytes: TINY_JPEG, type: 'application/pdf' }])).status).toBe(415);
    expect(await controls.photo(9)).toBeNull();
  });

  it('is 415 without any content type', async () => {
    const answer = await rawRequest(`${sim.url}/api/CardHolders/9/photo`, 'POST', TINY_JPEG);
    expect(answer.status).toBe(415);
  });

  it('is 413 over the configured size, raw or multipart, and stores nothing', async () => {
    const big = Buffer.concat([TINY_JPEG.subarray(0, 4), Buffer.alloc(MAX_PHOTO_BYTES)]);
    const raw = await sendRaw(10, big, 'image/jpeg');
    expect(raw.status).toBe(413);
    expect(((await raw.json()) as ApiErrorBody).error).toBe('payload_too_large');
    expect((await sendMultipart(10, [{ name: 'photo', bytes: big, type: 'image/jpeg' }])).status).toBe(413);
    expect(await controls.photo(10)).toBeNull();
  });

  it('is 400 for an empty photo, no file part, or two file parts', async () => {
    expect((await sendRaw(11, new Uint8Array(0), 'image/jpeg')).status).toBe(400);
    const fieldsOnly = new FormData();
    fieldsOnly.append('note', 'no file here');
    expect((await fetch(`${sim.url}/api/CardHolders/11/photo`, { method: 'POST', body: fieldsOnly })).status).toBe(400);
    const two = await sendMultipart(11, [
      { name: 'a', bytes: TINY_JPEG, type: 'image/jpeg' },
      { name: 'b', bytes: TINY_JPEG, type: 'image/jpeg' },
    ]);
    expect(two.status).toBe(400);
    expect(((await two.json()) as ApiErrorBody).field).toBe('photo');
  });

  it('is 400 for a broken multipart body', async () => {
    const answer = await rawRequest(`${sim.url}/api/CardHolders/11/photo`, 'POST', 'garbage', { 'content-type': 'multipart/form-data' });
    expect(answer.status).toBe(400);
    const truncated = await rawRequest(`${sim.url}/api/CardHolders/11/photo`, 'POST', '--xyz\r\nContent-Disposition: form-data; name="a"; filename="a.jpg"\r\n\r\n\xff\xd8', {
      'content-type': 'multipart/form-data; boundary=xyz',
    });
    expect(truncated.status).toBe(400);
    expect(JSON.parse(truncated.body.toString()).error).toBe('bad_request');
  });

  it('is 404 for an unknown cardholder and 400 for a bad id, even with a body', async () => {
    expect((await sendRaw(424242, TINY_JPEG, 'image/jpeg')).status).toBe(404);
    expect((await sendRaw('abc', TINY_JPEG, 'image/jpeg')).status).toBe(400);
  });

  it('is 405 for GET on the photo path', async () => {
    const response = await fetch(`${sim.url}/api/CardHolders/5/photo`);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
  });
});
