/**
 * Shared by the service-client tests: a configuration built by the real loader, a sleep that
 * records delays instead of waiting, a tiny node:http stub server for answers the simulator
 * never gives, and small fixtures (a valid cardholder, a valid event, JPEG bytes).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../../../electron/core/config/load-config';
import type { KioskConfig } from '../../../electron/core/config/config-schema';
import { createLogger, memorySink, type Logger } from '../../../electron/core/log/logger';
import { KioskFailure } from '../../../electron/core/ipc/failure';
import type { KioskError } from '../../../electron/contract/ipc';
import { systemEvent as anEvent } from '../../support/events';

/** A configuration as loaded from flags only (no files, no environment). */
export function configWith(...flags: string[]): KioskConfig {
  return loadConfig({ systemFile: null, userFile: null, env: {}, argv: flags, platform: 'linux' });
}

export function recordingSleep(): { sleep: (ms: number) => Promise<void>; delays: number[] } {
  const delays: number[] = [];
  return { delays, sleep: async (ms) => void delays.push(ms) };
}

export function memoryLog(): { log: Logger; lines: string[] } {
  const { sink, lines } = memorySink();
  return { log: createLogger(sink), lines };
}

/** Runs the promise and returns the KioskError it failed with (fails the test when it succeeds). */
export async function failureOf(promise: Promise<unknown>): Promise<KioskError> {
  try {
    await promise;
  } catch (thrown) {
    if (thrown instanceof KioskFailure) return thrown.error;
    throw thrown;
  }
  throw new Error('expected the call to fail, but it succeeded');
}

export interface StubRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface StubAnswer {
  status?: number;
  headers?: Record<string, string>;
  body?: unknown;
}

export type StubHandler = (request: StubRequest) => StubAnswer | undefined;

/** Answers with the first handler's answer (JSON-encodes non-string bodies); 404 when none. Records every request. */
export async function startStub(handler: StubHandler): Promise<{ url: string; requests: StubRequest[]; close(): Promise<void> }> {
  const requests: StubRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request: StubRequest = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) };
      requests.push(request);
      const answer = handler(request) ?? { status: 404, body: { message: 'no stub for this request' } };
      const body = answer.body === undefined ? '' : typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
      const headers = { ...(typeof answer.body === 'string' || answer.body === undefined ? {} : { 'content-type': 'application/json' }), ...answer.headers };
      res.writeHead(answer.status ?? 200, headers);
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Answers to an update or a photo upload that carry no usable record (the spec does not say what they answer). */
export const ANSWERS_WITHOUT_RECORD: Array<[string, StubAnswer]> = [
  ['204 No Content', { status: 204 }],
  ['200 with an empty body', { status: 200, body: '' }],
  ['200 true', { status: 200, body: true }],
  ['200 {"success":true}', { status: 200, body: { success: true } }],
  ['201 with the id only', { status: 201, body: 7 }],
];

export function cardHolder(id: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id,
    displayName: 'Dupont Marie',
    first_Name: 'Marie',
    last_Name: 'Dupont',
    middle_Name: '',
    card_Holder_Letter_ID: 1,
    employee_ID: '1001',
    displayEmployeeId: '1001',
    email: 'marie.dupont@example.org',
    sex: 'F',
    phone: '',
    address1: '1 rue de la Paix',
    address2: '',
    city: 'Paris',
    state: '',
    zip: '75001',
    birthday: null,
    created: '2026-01-05T08:00:00.000+00:00',
    updated: '2026-01-05T08:00:00.000+01:00',
    tenant: [0, 3],
    photo_Exists: false,
    card_Holder_Type_ID: 2,
    card_Holder_ID: null,
    name: 'Dupont, Marie',
    ...extra,
  };
}

export function systemEvent(id: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...anEvent(id), ...extra };
}

/** The smallest bytes the simulator accepts as a JPEG (it checks the magic number). */
export function jpegBytes(size = 64): Uint8Array {
  const bytes = new Uint8Array(size);
  bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  for (let i = 4; i < size; i++) bytes[i] = i % 251;
  return bytes;
}
