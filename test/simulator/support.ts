// Shared pieces of the simulator contract tests: starting a small simulator on a free port with a
// temp data dir, JSON requests over real HTTP, a raw node:http request for what fetch hides
// (socket errors, exact headers), and tiny valid JPEG/PNG images.

import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
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
