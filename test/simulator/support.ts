// Shared pieces of the simulator contract tests: starting a small simulator on a free port with a
// temp data dir, JSON requests over real HTTP, a raw node:http request for what fetch hides
// (socket errors, exact headers), a bare TCP GET for how a body arrives (cut off, in pieces,
// stalled), and tiny valid JPEG/PNG images.

import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { connect, type Socket } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSimulator, type RunningSimulator, type SimulatorOptions } from '../../electron/simulator/index';

/** Small and quiet: 40 cardholders, 300 history events, no generator, test controls on. */
export function startSmallSimulator(options: SimulatorOptions = {}): Promise<RunningSimulator> {
  return startSimulator({ cardholders: 40, historyEvents: 300, eventRate: 0, testControls: true, ...options });
}

export async function makeTempDir(): Promise<{ path: string; remove: () => Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), 'simulator-test-'));
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
}

export interface JsonAnswer<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** A request with an optional JSON body; parses the answer when it is JSON. */
export async function call<T = unknown>(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<JsonAnswer<T>> {
  const init: RequestInit = { method, headers: { ...headers } };
  if (body !== undefined) {
    init.headers = { 'content-type': 'application/json', ...headers };
    init.body = typeof body === 'string' ? body : JSON.stringify(body);
  }
  const response = await fetch(`${base}${path}`, init);
  const text = await response.text();
  let parsed: unknown = undefined;
  if (text !== '' && (response.headers.get('content-type') ?? '').includes('json')) parsed = JSON.parse(text);
  return { status: response.status, headers: response.headers, body: parsed as T, text };
}

export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** node:http request with a raw body; rejects with the socket error when the connection dies. */
export function rawRequest(url: string, method: string, body?: Buffer | string, headers: Record<string, string | number> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The smallest JPEG-looking bytes the simulator accepts (magic FF D8 FF …, end FF D9). */
export const TINY_JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xd9]);

/** A real 1×1 PNG. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

export const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+00:00$/;
export const ISO_UTC_Z = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** What arrived on a bare TCP connection: the head parsed, the body bytes as they came. */
export interface RawGet {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: Buffer;
  /** Socket 'data' events that carried body bytes. */
  bodyChunks: number;
}

/**
 * A GET over a bare TCP socket (`Connection: close`), for what HTTP clients hide: how many body
 * bytes came against the Content-Length, in how many pieces, and whether the server closed.
 */
export class RawConnection {
  private readonly socket: Socket;
  private buffer = Buffer.alloc(0);
  private headLength = -1;
  private bodyChunkCount = 0;
  private readonly waiters: (() => void)[] = [];
  /** Resolves when the connection is closed (by either side). */
  readonly closed: Promise<void>;

  constructor(url: string, path: string, headers: Record<string, string> = {}, method = 'GET') {
    const { hostname, port } = new URL(url);
    this.socket = connect({ host: hostname.replace(/^\[|\]$/g, ''), port: Number(port) });
    const lines = [`${method} ${path} HTTP/1.1`, `Host: ${hostname}:${port}`, 'Connection: close', ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)];
    this.socket.write(`${lines.join('\r\n')}\r\n\r\n`);
    this.socket.on('data', (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      if (this.headLength < 0) {
        const end = this.buffer.indexOf('\r\n\r\n');
        if (end >= 0) {
          this.headLength = end + 4;
          if (this.buffer.length > this.headLength) this.bodyChunkCount++;
        }
      } else {
        this.bodyChunkCount++;
      }
      this.wake();
    });
    this.closed = new Promise((resolve) => this.socket.once('close', () => resolve()));
    this.socket.on('error', () => undefined);
    void this.closed.then(() => this.wake());
  }

  /** What arrived so far (status 0 before the head is complete). */
  get received(): RawGet {
    if (this.headLength < 0) return { status: 0, headers: {}, body: Buffer.alloc(0), bodyChunks: 0 };
    const [statusLine = '', ...headerLines] = this.buffer.subarray(0, this.headLength - 4).toString('latin1').split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of headerLines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    return { status: Number(statusLine.split(' ')[1]), headers, body: this.buffer.subarray(this.headLength), bodyChunks: this.bodyChunkCount };
  }

  get isClosed(): boolean {
    return this.socket.destroyed;
  }

  /** Resolves once the head and at least `bytes` body bytes arrived (or the connection closed). */
  async bodyBytes(bytes: number): Promise<RawGet> {
    while (!this.socket.destroyed && (this.headLength < 0 || this.buffer.length - this.headLength < bytes)) {
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
    return this.received;
  }

  /** Everything, once the connection is closed. */
  async all(): Promise<RawGet> {
    await this.closed;
    return this.received;
  }

  destroy(): void {
    this.socket.destroy();
  }

  private wake(): void {
    for (const resolve of this.waiters.splice(0)) resolve();
  }
}
