// One HTTP exchange at the byte level: typed API errors, reading request bodies under a size
// limit (draining what is left so the client still gets its answer), JSON parsing with field
// errors, query parameters, and writing a prepared response. Knows nothing about routes or the domain.

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { z } from 'zod';
import type { ApiErrorBody } from './records';

/** An answer prepared by a handler, written by the server (faults may alter it first). */
export interface SimResponse {
  status: number;
  headers?: Record<string, string>;
  /** One buffer, or parts written in order (large lists are sent from cached chunks). */
  body?: Buffer | readonly Buffer[];
}

const ERROR_CODES: Readonly<Record<number, string>> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  408: 'request_timeout',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'too_many_requests',
  500: 'internal_error',
  502: 'bad_gateway',
  503: 'service_unavailable',
  504: 'gateway_timeout',
};

export function errorCodeFor(status: number): string {
  return ERROR_CODES[status] ?? (status >= 500 ? 'server_error' : 'client_error');
}

/** An error with the status and JSON body it is answered with. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }

  toResponse(): SimResponse {
    const body: ApiErrorBody = { error: errorCodeFor(this.status), message: this.message };
    if (this.field !== undefined) body.field = this.field;
    return jsonResponse(this.status, body, this.headers);
  }
}

export function jsonResponse(status: number, value: unknown, headers: Record<string, string> = {}): SimResponse {
  return { status, headers: { 'content-type': JSON_TYPE, ...headers }, body: Buffer.from(JSON.stringify(value)) };
}

/** JSON that is already serialized (cached chunks, stored events). */
export function serializedJsonResponse(status: number, body: Buffer | readonly Buffer[]): SimResponse {
  return { status, headers: { 'content-type': JSON_TYPE }, body };
}

export function emptyResponse(status: number, headers: Record<string, string> = {}): SimResponse {
  return { status, headers };
}

export const JSON_TYPE = 'application/json; charset=utf-8';

/** How much of an unwanted body is read and thrown away so the client can read our answer. */
export const DRAIN_LIMIT_BYTES = 64 * 1024 * 1024;

/** Largest id the service hands out or accepts (a 32-bit database key). */
export const MAX_INT32 = 2147483647;

/**
 * Feeds what is left of a request body to `take` until the body ends (true) or `take` returns
 * false, or the request fails (false).
 */
function consumeRequest(req: IncomingMessage, take: (chunk: Buffer) => boolean): Promise<boolean> {
  if (req.readableEnded || req.destroyed) return Promise.resolve(!req.destroyed);
  return new Promise((resolve) => {
    const finish = (ok: boolean): void => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onFail);
      req.off('close', onFail);
      if (!ok) req.pause();
      resolve(ok);
    };
    const onData = (chunk: Buffer): void => {
      if (!take(chunk)) finish(false);
    };
    const onEnd = (): void => finish(true);
    const onFail = (): void => finish(req.readableEnded);
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onFail);
    req.on('close', onFail);
    req.resume();
  });
}

/** Reads and discards what is left of a request body; false when the body was too large or broken. */
export function drainRequest(req: IncomingMessage, limitBytes = DRAIN_LIMIT_BYTES): Promise<boolean> {
  let seen = 0;
  return consumeRequest(req, (chunk) => (seen += chunk.length) <= limitBytes);
}

/** Reads the whole body; over `limitBytes` it reads on and discards the rest, then throws 413. */
export async function readBody(req: IncomingMessage, limitBytes: number): Promise<Buffer> {
  const tooLarge = (): ApiError =>
    new ApiError(413, `The request body is larger than the ${limitBytes}-byte limit.`);
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limitBytes) {
    await drainRequest(req);
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  const complete = await consumeRequest(req, (chunk) => {
    size += chunk.length;
    if (size <= limitBytes) chunks.push(chunk);
    return size <= limitBytes + DRAIN_LIMIT_BYTES;
  });
  if (size > limitBytes) throw tooLarge();
  if (!complete) throw new ApiError(400, 'The request body ended early.');
  return Buffer.concat(chunks, size);
}

/** The media type of a request, lower case, without parameters ('' when absent). */
export function mediaTypeOf(req: IncomingMessage): string {
  const header = req.headers['content-type'] ?? '';
  return (header.split(';')[0] ?? '').trim().toLowerCase();
}

function isJsonMediaType(type: string): boolean {
  return type === 'application/json' || type === 'text/json' || /^application\/[\w.+-]+\+json$/.test(type);
}

/** Reads a JSON body: 415 without a JSON content type, 400 when empty or not parseable. */
export async function readJsonBody(req: IncomingMessage, limitBytes: number): Promise<unknown> {
  const type = mediaTypeOf(req);
  if (!isJsonMediaType(type)) {
    await drainRequest(req);
    throw new ApiError(415, `Send the body as application/json (received ${type === '' ? 'no content type' : type}).`);
  }
  const raw = await readBody(req, limitBytes);
  const text = raw.toString('utf8').replace(/^\uFEFF/, '');
  if (text.trim() === '') throw new ApiError(400, 'The request body is empty; a JSON object is expected.');
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new ApiError(400, `The request body is not valid JSON: ${(error as Error).message}`);
  }
}

/**
 * Validates a parsed body against a schema; the first problem becomes a 400 naming the field.
 * `knownFields` lets an unknown field that only differs in letter case get a "did you mean" hint.
 */
export function parseWith<T>(schema: z.ZodType<T>, value: unknown, knownFields: readonly string[] = []): T {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new ApiError(400, 'The request body must be a JSON object.');
  }
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  // An unknown field usually explains the other problems (a misspelt required field), so it goes first.
  const issues = result.error.issues;
  const issue = issues.find((candidate) => candidate.code === 'unrecognized_keys') ?? issues[0];
  if (issue === undefined) throw new ApiError(400, 'The request body is invalid.');
  if (issue.code === 'unrecognized_keys') {
    const key = issue.keys[0] ?? '';
    const twin = knownFields.find((field) => field.toLowerCase() === key.toLowerCase());
    const hint = twin === undefined ? '' : ` This endpoint spells it "${twin}".`;
    throw new ApiError(400, `Unknown field "${key}".${hint}`, key);
  }
  const field = issue.path.length > 0 ? String(issue.path[0]) : undefined;
  const where = issue.path.map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`)).join('');
  throw new ApiError(400, `${where === '' ? 'body' : where.slice(1)}: ${issue.message}`, field);
}

/** A query parameter, its name matched without regard to case (FromID, fromid, fromId…). */
export function queryParam(url: URL, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of url.searchParams) if (key.toLowerCase() === wanted) return value;
  return undefined;
}

/** A non-negative 32-bit integer query parameter (undefined when absent); 400 naming it otherwise. */
export function queryId(url: URL, name: string): number | undefined {
  const raw = queryParam(url, name);
  if (raw === undefined) return undefined;
  if (!/^\d{1,10}$/.test(raw.trim()) || Number(raw) > MAX_INT32) {
    throw new ApiError(400, `${name} must be a non-negative integer (got "${raw}").`, name);
  }
  return Number(raw);
}

/** Positive 32-bit integer from a path segment; 400 naming `field` otherwise. */
export function parseIdSegment(value: string, field = 'id'): number {
  if (!/^\d{1,10}$/.test(value)) throw new ApiError(400, `${field} must be a positive integer (got "${value}").`, field);
  const id = Number(value);
  if (id < 1 || id > MAX_INT32) throw new ApiError(400, `${field} must be between 1 and ${MAX_INT32}.`, field);
  return id;
}

/** Total byte length of a response body. */
export function bodyLength(body: SimResponse['body']): number {
  if (body === undefined) return 0;
  if (Buffer.isBuffer(body)) return body.length;
  let total = 0;
  for (const part of body as readonly Buffer[]) total += part.length;
  return total;
}

export function bodyAsBuffer(body: SimResponse['body']): Buffer {
  if (body === undefined) return Buffer.alloc(0);
  if (Buffer.isBuffer(body)) return body;
  return Buffer.concat(body as readonly Buffer[]);
}

/** The headers a prepared response is sent with: its own, Content-Length (the whole body) and Connection. */
export function headersToSend(response: SimResponse, closeConnection: boolean): Record<string, string | number> {
  const headers: Record<string, string | number> = { ...response.headers };
  if (response.status !== 204 && response.status !== 304) headers['content-length'] = bodyLength(response.body);
  if (closeConnection) headers['connection'] = 'close';
  return headers;
}

/** Writes a prepared response; quietly does nothing when the client has gone. */
export function writeResponse(res: ServerResponse, response: SimResponse, closeConnection = false): void {
  if (res.destroyed || res.headersSent) return;
  const body = response.body;
  res.writeHead(response.status, headersToSend(response, closeConnection));
  if (body === undefined || response.status === 204) {
    res.end();
  } else if (Buffer.isBuffer(body)) {
    res.end(body);
  } else {
    for (const part of body as readonly Buffer[]) res.write(part);
    res.end();
  }
}
