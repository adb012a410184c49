// The browser harness against hostile or slow clients: Host, Origin and token are checked before a
// body is read (a foreign caller announcing 31 MiB gets its 403 without sending a byte of it, and
// its body is never parsed), an announced body over the limit is refused at once, slow headers
// and slow bodies are cut off, and connections are capped. Each answer is awaited as an event
// (an answer, a closed socket), never timed.
import { connect, type Socket } from 'node:net';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Gateway } from '../../electron/core/ipc/gateway';
import { PushBus } from '../../electron/core/ipc/push-bus';
import { createLogger, memorySink } from '../../electron/core/log/logger';
import { startPreviewServer, type PreviewServerOptions, type RunningPreview } from '../../electron/preview/preview-server';
import { fakeHandlers } from '../support/fake-handlers';
import { openAccess } from '../support/open-access';

const rendererDir = mkdtempSync(join(tmpdir(), 'kiosk-preview-limits-'));
writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head></html>');
mkdirSync(join(rendererDir, 'assets'), { recursive: true });
writeFileSync(join(rendererDir, 'assets', 'app.js'), 'console.log(1)');

const MIB = 1024 * 1024;
let running: RunningPreview | null = null;
afterEach(async () => {
  await running?.close();
  running = null;
});

async function start(limits: Partial<PreviewServerOptions> = {}) {
  const handlers = fakeHandlers();
  const log = memorySink();
  running = await startPreviewServer({ gateway: new Gateway(handlers, createLogger(log.sink), openAccess), push: new PushBus(), log: createLogger(log.sink), rendererDir, ...limits });
  const port = Number(new URL(running.origin).port);
  const calls = () => (handlers.getServiceStatus as unknown as { mock: { calls: unknown[] } }).mock.calls.length;
  return { preview: running, port, log, calls };
}

/** A raw socket: what was written, everything the server sent until it closed the connection. */
function exchange(port: number, text: string): { socket: Socket; answer: Promise<string> } {
  const socket = connect(port, '127.0.0.1');
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (received += chunk));
  const answer = new Promise<string>((resolve) => {
    socket.on('close', () => resolve(received));
    socket.on('error', () => undefined);
  });
  socket.write(text);
  return { socket, answer };
}

const headers = (port: number, token: string, length: number, extra = ''): string =>
  `POST /__kiosk/op/getServiceStatus HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nx-kiosk-token: ${token}\r\ncontent-type: application/json\r\ncontent-length: ${length}\r\n${extra}\r\n`;

describe('the preview harness checks before it reads', () => {
  it('answers a foreign caller announcing a 31 MiB body with 403 before any of it is sent, and closes', async () => {
    const { port, log, calls } = await start();
    for (const [token, extra] of [['guess', ''], [running!.token, 'origin: http://evil.example\r\n']] as const) {
      const { answer } = exchange(port, headers(port, token, 31 * MIB, extra));
      const text = await answer;
      expect(text).toMatch(/^HTTP\/1\.1 403 /);
      expect(text.toLowerCase()).toContain('connection: close');
    }
    expect(calls()).toBe(0);
    expect(log.lines.filter((line) => line.includes('foreign sender (body not read)'))).toHaveLength(2);
  });

  it('never parses a foreign caller\'s body: a broken body from a caller without the token is a 403, not a 400', async () => {
    const { preview } = await start();
    const response = await fetch(`${preview.origin}/__kiosk/op/getServiceStatus`, { method: 'POST', headers: { 'x-kiosk-token': 'guess' }, body: '{not json' });
    expect(response.status).toBe(403);
  });

  it('refuses a body announced over the limit at once (413 too_large), and still takes one within it', async () => {
    const { port, preview, calls } = await start({ maxBodyBytes: 1 * MIB });
    const { answer } = exchange(port, headers(port, preview.token, 31 * MIB));
    const text = await answer;
    expect(text).toMatch(/^HTTP\/1\.1 413 /);
    expect(text).toContain('"code":"too_large"');
    expect(calls()).toBe(0);
    const ok = await fetch(`${preview.origin}/__kiosk/op/getServiceStatus`, { method: 'POST', headers: { 'x-kiosk-token': preview.token }, body: JSON.stringify({ pad: 'x'.repeat(MIB / 2) }) });
    expect(ok.status).toBe(200);
  });

  it('refuses a body that grows over the limit without announcing its length (chunked)', async () => {
    const { port, preview, calls } = await start({ maxBodyBytes: 64 * 1024 });
    const chunk = 'x'.repeat(32 * 1024);
    const head = `POST /__kiosk/op/getServiceStatus HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nx-kiosk-token: ${preview.token}\r\ntransfer-encoding: chunked\r\n\r\n`;
    const body = Array.from({ length: 4 }, () => `${chunk.length.toString(16)}\r\n${chunk}\r\n`).join('');
    const text = await exchange(port, head + body).answer;
    expect(text).toMatch(/^HTTP\/1\.1 413 /);
    expect(calls()).toBe(0);
  });
});

describe('slow clients and many connections', () => {
  it('closes a connection whose headers do not arrive in time (headersTimeoutMs)', async () => {
    const { port } = await start({ headersTimeoutMs: 200, requestTimeoutMs: 400 });
    const text = await exchange(port, `GET / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nx-slow: `).answer;
    expect(text === '' || /^HTTP\/1\.1 408 /.test(text)).toBe(true);
  });

  it('closes a connection whose body drips (requestTimeoutMs), without calling the gateway', async () => {
    const { port, preview, calls } = await start({ headersTimeoutMs: 200, requestTimeoutMs: 400 });
    const { socket, answer } = exchange(port, headers(port, preview.token, 100));
    socket.write('{"pay');
    const text = await answer;
    expect(text === '' || /^HTTP\/1\.1 408 /.test(text)).toBe(true);
    expect(calls()).toBe(0);
  });

  it('keeps at most maxConnections open: a further one is closed unanswered', async () => {
    const { port } = await start({ maxConnections: 2 });
    const keepAlive = `GET /assets/app.js HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`;
    const open: Socket[] = [];
    for (let i = 0; i < 2; i++) {
      const socket = connect(port, '127.0.0.1');
      await new Promise<void>((resolve) => {
        socket.once('data', () => resolve());
        socket.write(keepAlive);
      });
      open.push(socket);
    }
    expect(await exchange(port, keepAlive).answer).toBe('');
    open[0]!.destroy();
    await new Promise<void>((resolve) => open[0]!.once('close', () => resolve()));
    // Once one is closed, a new client is served again (the server may need a moment to count the close).
    let served = '';
    while (!served.startsWith('HTTP/1.1 200')) {
      const { socket, answer } = exchange(port, `GET /assets/app.js HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nconnection: close\r\n\r\n`);
      served = await answer;
      socket.destroy();
    }
    open[1]!.destroy();
  });
});
