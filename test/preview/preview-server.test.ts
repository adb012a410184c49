import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { request } from 'node:http';
import { Gateway } from '../../electron/core/ipc/gateway';
import { PushBus } from '../../electron/core/ipc/push-bus';
import { createLogger, memorySink } from '../../electron/core/log/logger';
import { startPreviewServer, type RunningPreview } from '../../electron/preview/preview-server';
import { pushChannelOf } from '../../electron/contract/ipc';
import { fakeHandlers, STATUS } from '../support/fake-handlers';
import { openAccess } from '../support/open-access';

let preview: RunningPreview;
let rendererDir = '';
const handlers = fakeHandlers();
const push = new PushBus();
const log = memorySink();

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kiosk-preview-'));
  rendererDir = dir;
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head></html>');
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(join(dir, '..', 'secret.txt'), 'not for the browser');
  preview = await startPreviewServer({ gateway: new Gateway(handlers, createLogger(log.sink), openAccess), push, log: createLogger(log.sink), rendererDir: dir });
});
afterAll(() => preview.close());

const call = (name: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${preview.origin}/__kiosk/op/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-kiosk-token': preview.token, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

/** A GET exactly as written (no URL normalisation by a client library), optionally for another Host. */
function rawGet(path: string, hostHeader?: string): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  const { port } = new URL(preview.origin);
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method: 'GET', path, headers: { host: hostHeader ?? `127.0.0.1:${port}` } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** A raw request, so the Host header can be forged the way a DNS-rebinding page would. */
function rawCall(hostHeader: string): Promise<number> {
  const { port } = new URL(preview.origin);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, method: 'POST', path: '/__kiosk/op/getServiceStatus', headers: { host: hostHeader, 'x-kiosk-token': preview.token, 'content-type': 'application/json' } },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end('{}');
  });
}

describe('preview server', () => {
  it('listens on loopback and prints a URL carrying the run token', () => {
    expect(preview.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=/);
    expect(preview.token.length).toBeGreaterThanOrEqual(24);
  });

  it('refuses to listen on a non-loopback address', async () => {
    await expect(
      startPreviewServer({ gateway: new Gateway(handlers, createLogger(() => {}), openAccess), push, log: createLogger(() => {}), rendererDir: '.', host: '0.0.0.0' }),
    ).rejects.toThrow(/loopback/);
  });

  it('serves the page only with the token, with the bridge script before the app', async () => {
    expect((await fetch(`${preview.origin}/`)).status).toBe(403);
    const page = await (await fetch(preview.url)).text();
    expect(page.indexOf('/__kiosk/bridge.js')).toBeGreaterThan(-1);
    expect(page.indexOf('/__kiosk/bridge.js')).toBeLessThan(page.indexOf('/assets/app.js'));
    expect((await fetch(`${preview.origin}/__kiosk/bridge.js`)).status).toBe(403);
    const bridge = await fetch(`${preview.origin}/__kiosk/bridge.js?token=${preview.token}`);
    expect(bridge.status).toBe(200);
    expect(await bridge.text()).toContain(preview.token);
  });

  it('serves renderer assets but nothing outside the renderer folder', async () => {
    expect(await (await fetch(`${preview.origin}/assets/app.js`)).text()).toBe('console.log(1)');
    expect((await fetch(`${preview.origin}/assets/missing.js`)).status).toBe(404);
    expect((await rawGet('/..%2fsecret.txt')).status).toBe(400);
    expect((await rawGet('/assets/..%2f..%2fsecret.txt')).status).toBe(400);
    expect((await rawGet('/../secret.txt')).status).toBe(400);
    expect((await rawGet('/assets%5capp.js')).status).toBe(400);
  });

  it('answers 400, not 500, to malformed percent-encodings, and logs no error', async () => {
    const errorsBefore = log.lines.filter((l) => l.startsWith('error')).length;
    for (const path of ['/%', '/%E0%A4%A', '/assets/%ZZ.js']) expect((await rawGet(path)).status, path).toBe(400);
    const op = await call('%ZZ', {});
    expect(op.status).toBe(400);
    expect(await op.json()).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
    expect(log.lines.filter((l) => l.startsWith('error')).length).toBe(errorsBefore);
  });

  it('serves the page only through the token gate, however the path is spelled', async () => {
    const around = await rawGet(`/..%2f${basename(rendererDir)}%2findex.html`);
    expect(around.status).toBe(400);
    expect(around.body).not.toContain('/assets/app.js');
    for (const path of ['/index.html', '/./index.html', '/assets/../index.html', '//index.html']) {
      const answer = await rawGet(path);
      expect(answer.status, path).toBeGreaterThanOrEqual(400);
      expect(answer.body, path).not.toContain('/assets/app.js');
    }
    expect((await rawGet(`/index.html?token=${preview.token}`)).body).toContain('/assets/app.js');
  });

  it('answers only for its own loopback Host (no DNS rebinding), page and assets alike', async () => {
    const { port } = new URL(preview.origin);
    expect((await rawGet(`/?token=${preview.token}`, `attacker.example:${port}`)).status).toBe(400);
    expect((await rawGet('/assets/app.js', `attacker.example:${port}`)).status).toBe(400);
    expect((await rawGet('/assets/app.js', `localhost:${port}`)).status).toBe(200);
  });

  it('sends the Content-Security-Policy and Permissions-Policy with the page and every other answer', async () => {
    const page = await rawGet(`/?token=${preview.token}`);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(String(page.headers['permissions-policy'])).toContain('microphone=()');
    expect(String(page.headers['permissions-policy'])).toContain('camera=(self)');
    expect((await rawGet('/assets/app.js')).headers['content-security-policy']).toBe(csp);
    expect((await rawGet('/nope%2f')).headers['content-security-policy']).toBe(csp);
  });

  it('carries a call with the token through the gateway', async () => {
    const response = await call('getServiceStatus', {});
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, value: STATUS });
  });

  it('answers a malformed payload with the gateway typed error', async () => {
    const response = await call('getEvent', { payload: { id: 'x' } });
    expect(await response.json()).toMatchObject({ ok: false, error: { code: 'invalid_request', field: 'id' } });
    const broken = await call('getEvent', '{not json');
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
  });

  it('ignores callers without the token, from another origin, or through a forged Host', async () => {
    const calls = (handlers.getServiceStatus as unknown as { mock: { calls: unknown[] } }).mock.calls.length;
    expect((await call('getServiceStatus', {}, { 'x-kiosk-token': 'guess' })).status).toBe(403);
    expect((await call('getServiceStatus', {}, { origin: 'http://evil.example' })).status).toBe(403);
    expect(await rawCall('attacker.example:80')).toBe(400);
    expect((handlers.getServiceStatus as unknown as { mock: { calls: unknown[] } }).mock.calls.length).toBe(calls);
    expect(log.lines.filter((l) => l.includes('foreign sender')).length).toBeGreaterThanOrEqual(2);
    expect(log.lines.some((l) => l.includes('refused a request for another host'))).toBe(true);
  });

  it('streams push events to a client with the token and refuses one without', async () => {
    expect((await fetch(`${preview.origin}/__kiosk/push?token=wrong`)).status).toBe(403);
    const controller = new AbortController();
    const response = await fetch(`${preview.origin}/__kiosk/push?token=${preview.token}`, { signal: controller.signal });
    expect(response.headers.get('content-type')).toMatch(/text\/event-stream/);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    push.emit('feedNotice', { kind: 'info', message: 'hello guard', at: '2026-11-21T10:00:00.000Z' });
    while (!text.includes('hello guard')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value);
    }
    controller.abort();
    expect(text).toContain(`event: ${pushChannelOf('feedNotice')}`);
    expect(text).toContain('"message":"hello guard"');
  });
});

describe('bytes over the bridge', () => {
  it('turns {"$kioskBytes": base64} back into bytes before the gateway validates the payload', async () => {
    const bytes = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
    const response = await call('uploadCardholderPhoto', { payload: { id: 3, contentType: 'image/jpeg', overriddenHints: [], photo: { $kioskBytes: bytes.toString('base64') } } });
    expect(await response.json()).toMatchObject({ ok: true, value: { record: { photo_Exists: true } } });
    const received = (handlers.uploadCardholderPhoto as unknown as { mock: { calls: Array<[{ photo: Uint8Array }]> } }).mock.calls.at(-1)?.[0].photo;
    expect(received).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(received ?? []).equals(bytes)).toBe(true);
  });

  it('leaves other objects as they are, so a look-alike is refused by the contract', async () => {
    const response = await call('uploadCardholderPhoto', { payload: { id: 3, contentType: 'image/jpeg', overriddenHints: [], photo: { $kioskBytes: 'not base64!', extra: 1 } } });
    expect(await response.json()).toMatchObject({ ok: false, error: { code: 'invalid_request', field: 'photo' } });
  });
});
