/**
 * The preview harness's HTTP server: serves the built renderer on loopback and carries
 * `window.kiosk` calls to the same Gateway Electron uses (same validation, same handlers), plus
 * push events as Server-Sent Events. A per-run token, the Host header and the Origin header
 * decide whether a caller is "the app's own frame"; anything else is refused before its body is
 * read (a body is read only for a caller that passed Host, Origin and token, and only up to
 * maxBodyBytes, refused at once when Content-Length says more). Slow clients cannot hold the
 * harness: headers must arrive within headersTimeoutMs, a whole request within requestTimeoutMs,
 * and at most maxConnections sockets are open at once.
 * Development and end-to-end tests use it where Electron's binary is missing; Electron never opens it.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import type { AddressInfo, Socket } from 'node:net';
import { build } from 'esbuild';
import { pushChannelOf, type PushEvents, type PushName } from '../contract/ipc';
import type { Gateway, Sender } from '../core/ipc/gateway';
import type { PushBus } from '../core/ipc/push-bus';
import type { Logger } from '../core/log/logger';
import { pageSecurityHeaders } from '../serving/page-headers';
import { CONTENT_TYPES, listRendererFiles, rendererPathOf } from '../serving/renderer-files';

export interface PreviewServerOptions {
  gateway: Gateway;
  push: PushBus;
  log: Logger;
  /** The built renderer (electron-vite's out/renderer). */
  rendererDir: string;
  host?: string;
  port?: number;
  /** Largest accepted call body (a photo of photo.maxBytes travels as base64, a third larger). */
  maxBodyBytes?: number;
  /** Time for a client to send its request headers (Node's headersTimeout). */
  headersTimeoutMs?: number;
  /** Time for a client to send its whole request, body included (Node's requestTimeout). */
  requestTimeoutMs?: number;
  /** Open connections at most; a further one is closed at once (the page needs a few: one push stream and its calls). */
  maxConnections?: number;
}

export const PREVIEW_LIMITS = { maxBodyBytes: 32 * 1024 * 1024, headersTimeoutMs: 10_000, requestTimeoutMs: 30_000, maxConnections: 64 } as const;

export interface RunningPreview {
  /** The page to open, token included. */
  url: string;
  origin: string;
  token: string;
  close(): Promise<void>;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

async function bundleBridge(): Promise<string> {
  const result = await build({
    entryPoints: [resolve(__dirname, 'browser-bridge.ts')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    write: false,
    minify: true,
    logLevel: 'silent',
  });
  const file = result.outputFiles[0];
  if (!file) throw new Error('the preview bridge did not bundle');
  return file.text;
}

export async function startPreviewServer(options: PreviewServerOptions): Promise<RunningPreview> {
  const host = options.host ?? '127.0.0.1';
  if (!LOOPBACK_HOSTS.has(host) && !host.startsWith('127.')) {
    throw new Error(`The preview harness listens on loopback only, not on ${host}.`);
  }
  const maxBodyBytes = options.maxBodyBytes ?? PREVIEW_LIMITS.maxBodyBytes;
  const headersTimeout = options.headersTimeoutMs ?? PREVIEW_LIMITS.headersTimeoutMs;
  const requestTimeout = Math.max(headersTimeout, options.requestTimeoutMs ?? PREVIEW_LIMITS.requestTimeoutMs);
  const token = randomBytes(24).toString('base64url');
  const files = listRendererFiles(resolve(options.rendererDir));
  const indexHtml = (await files.lookup('index.html')!.read()).toString('utf8');
  const bridgeJs = `const KIOSK_BRIDGE_TOKEN=${JSON.stringify(token)};\n${await bundleBridge()}`;
  const streams = new Set<ServerResponse>();
  const sockets = new Set<Socket>();
  let port = 0;

  /** The Host header names this server on loopback (not a name a rebinding DNS points here). */
  const hostOk = (req: IncomingMessage): boolean => [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`].includes(req.headers.host ?? '');

  const senderOf = (req: IncomingMessage, presentedToken: string | null): Sender => {
    const hostHeader = req.headers.host ?? '';
    const origin = req.headers.origin;
    const originOk = origin === undefined || origin === `http://${hostHeader}`;
    const tokenOk = presentedToken !== null && presentedToken === token;
    return {
      trusted: hostOk(req) && originOk && tokenOk,
      description: `preview client host=${hostHeader || '-'} origin=${origin ?? '-'} token=${tokenOk ? 'valid' : 'invalid'}`,
    };
  };

  const unsubscribe = options.push.subscribe(<P extends PushName>(name: P, payload: PushEvents[P]) => {
    const frame = `event: ${pushChannelOf(name)}\ndata: ${JSON.stringify(payload)}\n\n`;
    for (const stream of streams) stream.write(frame);
  });

  const server = createServer(
    {
      headersTimeout,
      requestTimeout,
      // Node checks those timeouts every connectionsCheckingInterval (30 s by default).
      connectionsCheckingInterval: Math.max(50, Math.min(1_000, Math.floor(headersTimeout / 2))),
    },
    (req, res) => {
      handle(req, res).catch((thrown: unknown) => {
        options.log.error('preview', `request failed: ${thrown instanceof Error ? thrown.message : String(thrown)}`);
        if (!res.headersSent) sendJson(res, 500, { error: 'internal' });
        else res.end();
      });
    },
  );
  server.maxConnections = options.maxConnections ?? PREVIEW_LIMITS.maxConnections;
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!hostOk(req)) {
      options.log.warn('preview', `refused a request for another host: ${JSON.stringify((req.headers.host ?? '').slice(0, 100))}`);
      return sendText(res, 400, 'text/plain; charset=utf-8', 'Wrong host.');
    }
    const raw = req.url ?? '/';
    const queryAt = raw.indexOf('?');
    const path = queryAt === -1 ? raw : raw.slice(0, queryAt);
    const query = new URLSearchParams(queryAt === -1 ? '' : raw.slice(queryAt + 1));

    if (path.startsWith('/__kiosk/op/')) {
      if (req.method !== 'POST') return refuseUnread(res, 405, { error: 'method_not_allowed' });
      let name: string;
      try {
        name = decodeURIComponent(path.slice('/__kiosk/op/'.length));
      } catch {
        return refuseUnread(res, 400, { ok: false, error: { code: 'invalid_request', message: 'The request could not be read.' } });
      }
      // Host (above), Origin and token first: the body of a foreign caller is never read.
      const sender = senderOf(req, headerValue(req, 'x-kiosk-token'));
      if (!sender.trusted) {
        options.log.warn('preview', `ignored a call to "${name.slice(0, 100)}" from a foreign sender (body not read): ${sender.description}`);
        return refuseUnread(res, 403, { ignored: true });
      }
      const declared = Number(headerValue(req, 'content-length') ?? '0');
      if (!Number.isFinite(declared) || declared > maxBodyBytes) return refuseUnread(res, 413, TOO_LARGE);
      let body: unknown;
      try {
        body = JSON.parse((await readBody(req, maxBodyBytes)) || '{}', decodeBytes);
      } catch (thrown) {
        if (thrown instanceof BodyTooLarge) return refuseUnread(res, 413, TOO_LARGE);
        return sendJson(res, 400, { ok: false, error: { code: 'invalid_request', message: 'The request could not be read.' } });
      }
      const payload = typeof body === 'object' && body !== null ? (body as { payload?: unknown }).payload : undefined;
      const answer = await options.gateway.handle(name, payload, sender);
      if (answer === null) return sendJson(res, 403, { ignored: true });
      return sendJson(res, 200, answer);
    }

    if (path === '/__kiosk/push') {
      const sender = senderOf(req, query.get('token'));
      if (!sender.trusted) {
        options.log.warn('preview', `refused a push stream to a foreign client: ${sender.description}`);
        return sendJson(res, 403, { ignored: true });
      }
      res.writeHead(200, {
        ...pageSecurityHeaders('self'),
        'content-type': 'text/event-stream; charset=utf-8',
        connection: 'keep-alive',
      });
      res.write(': connected\n\n');
      streams.add(res);
      const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), 15_000);
      req.on('close', () => {
        clearInterval(keepAlive);
        streams.delete(res);
      });
      return;
    }

    if (req.method !== 'GET' && req.method !== 'HEAD') return sendJson(res, 405, { error: 'method_not_allowed' });

    if (path === '/__kiosk/bridge.js') {
      if (query.get('token') !== token) return sendText(res, 403, 'text/plain', 'Wrong or missing token.');
      return sendText(res, 200, CONTENT_TYPES['.js']!, bridgeJs);
    }

    const judged = rendererPathOf(path);
    if (!judged.ok) return sendText(res, 400, 'text/plain; charset=utf-8', `Bad path: ${judged.reason}.`);

    // The one gate: the page is served for "/" and "/index.html" with this run's token, never otherwise.
    if (judged.name === 'index.html') {
      if (query.get('token') !== token) {
        return sendText(
          res,
          403,
          CONTENT_TYPES['.html']!,
          '<!doctype html><html lang="en"><title>Access Kiosk preview</title><p>Open the address printed by <code>npm run preview</code> (it carries this run\'s token).</p></html>',
        );
      }
      const bridgeTag = `<script src="/__kiosk/bridge.js?token=${encodeURIComponent(token)}"></script>`;
      const page = indexHtml.replace(/<script/i, `${bridgeTag}\n    <script`);
      return sendText(res, 200, CONTENT_TYPES['.html']!, page);
    }

    const file = files.lookup(judged.name);
    if (!file) return sendText(res, 404, 'text/plain', 'Not found');
    return sendText(res, 200, file.contentType, await file.read());
  }

  await new Promise<void>((resolveListen, rejectListen) => {
    server.once('error', rejectListen);
    server.listen(options.port ?? 0, host, () => resolveListen());
  });
  port = (server.address() as AddressInfo).port;
  const origin = `http://${host}:${port}`;

  return {
    url: `${origin}/?token=${encodeURIComponent(token)}`,
    origin,
    token,
    async close() {
      unsubscribe();
      for (const stream of streams) stream.end();
      await new Promise<void>((resolveClose) => {
        server.close(() => resolveClose());
        for (const socket of sockets) socket.destroy();
      });
    },
  };
}

class BodyTooLarge extends Error {}

const TOO_LARGE = { ok: false, error: { code: 'too_large', message: 'The request is too large.' } };

/** Answers without reading the request's body, and closes the connection after the answer (the unread body is never parsed). */
function refuseUnread(res: ServerResponse, status: number, body: unknown): void {
  res.shouldKeepAlive = false;
  sendJson(res, status, body);
}

/** {"$kioskBytes": base64} — bytes as the browser bridge sends them (browser-bridge.ts) — back to bytes. */
function decodeBytes(_key: string, value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const text = (value as { $kioskBytes?: unknown }).$kioskBytes;
  if (keys.length !== 1 || typeof text !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(text)) return value;
  return new Uint8Array(Buffer.from(text, 'base64'));
}

function readBody(req: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolveBody, rejectBody) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        // Stop here: nothing more is kept or parsed (the answer closes the connection).
        req.removeAllListeners('data');
        req.pause();
        rejectBody(new BodyTooLarge());
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolveBody(Buffer.concat(chunks).toString('utf8')));
    req.on('error', rejectBody);
  });
}

function headerValue(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  return typeof value === 'string' ? value : null;
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  sendText(res, status, 'application/json; charset=utf-8', JSON.stringify(body));
}

function sendText(res: ServerResponse, status: number, type: string, body: string | Buffer): void {
  res.writeHead(status, { ...pageSecurityHeaders('self'), 'content-type': type });
  res.end(body);
}
