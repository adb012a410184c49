/**
 * The HTTP machinery every endpoint of the access-control service shares: one axios instance
 * with its keep-alive agents, the credential's request header, the on-premises CA and pinning
 * (TLS), and `run`, which sends one call, retries reads — GETs and the two searches — after the
 * kiosk's retry policy (connection/retry-policy.ts: exponential back-off with jitter), never
 * retries a write (create, update, photo upload: the outbox decides about those), and throws
 * only scrubbed ServiceFailures (service-errors.ts). Every call has one overall deadline
 * (`service.timeoutMs`, retries included) and every answer a size limit fitting its endpoint
 * (answer-limits.ts): a service that drips its answer or sends too much is cut off, its request
 * aborted, never waited on or buffered whole. Also the small helpers the endpoint modules use to
 * read an answer: `json`, `validate`, `idSegment`.
 *
 * It owns the credential's use: the secret goes into one request header and is registered with
 * the logger's redaction in every form it takes on the wire; no error it throws carries it. It
 * must not log request or response bodies (they hold personal data) and never puts an axios
 * error or config (which carry headers) into a message or detail. It knows no endpoint: those
 * are in cardholder-endpoints.ts and system-event-endpoints.ts, assembled by service-client.ts.
 */
import axios, { type AxiosInstance, type AxiosRequestConfig } from 'axios';
import type { Readable } from 'node:stream';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import tls from 'node:tls';
import { setTimeout as wait } from 'node:timers/promises';
import type { z } from 'zod';
import { KioskFailure } from '../ipc/failure';
import type { Logger } from '../log/logger';
import type { KioskConfig } from '../config/config-schema';
import { normalizeFingerprint } from '../config/config-schema';
import { serviceLabelOf } from '../config/settings';
import type { Secret } from '../credentials/secret';
import { plainHttpProblem } from '../credentials/credential-binding';
import { keyedError, type KioskError } from '../../contract/ipc';
import type { CallOptions } from './access-service';
import { backoffDelay } from '../connection/retry-policy';
import {
  CERTIFICATE_PIN_MISMATCH,
  failureForStatus,
  failureForTransport,
  malformedAnswer,
  scrubFailure,
  ServiceFailure,
  type HttpAnswer,
  type RequestContext,
} from './service-errors';
import { fieldPath } from './service-schemas';
import { answerLimitFor, answerTooLarge, CallDeadline, deadlineFor, deadlinePassed, DIRECTORY_ANSWER_BYTES, isOverSizeLimit, sizeText, STREAM_PROGRESS_FLOOR_BYTES } from './answer-limits';

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export interface ServiceClientOptions {
  /** Only `service` and `photo` are read. */
  config: Pick<KioskConfig, 'service' | 'photo'>;
  /** Overrides config.service.url: the edge passes the embedded simulator's address in demo mode. */
  baseUrl?: string;
  /** From the vault; null when none is stored (then every call fails with code 'config' unless the scheme is 'none'). */
  secret: Secret | null;
  /** Why the stored credential may not be sent to this service (credential-binding.ts): every call answers it and nothing is sent. */
  credentialProblem?: KioskError | null;
  log: Logger;
  /** Waits between read retries; tests pass one that records and resolves at once. */
  sleep?: Sleep;
  /** For the jitter, in [0, 1). */
  random?: () => number;
  /** Reads service.tls.caFile; default node:fs. */
  readFile?: (file: string) => string;
}

/** Longest wait between two attempts of a read, whatever the backoff or Retry-After says. */
const MAX_RETRY_DELAY_MS = 30_000;
/** A streamed answer (the whole cardholder list) may be this large: over a million records. */
export const MAX_STREAM_BYTES = DIRECTORY_ANSWER_BYTES;
/** Of a streamed answer that is an error, this much is read for the server's message. */
const ERROR_BODY_BYTES = 64 * 1024;

/** Node's own abortable wait (rejects when the signal aborts). */
const defaultSleep: Sleep = (ms, signal) => wait(ms, undefined, signal ? { signal } : {});

export interface ServiceCall<T> {
  /** The endpoint as the spec names it, e.g. 'GET /api/CardHolders/{id}' (an ENDPOINTS value). */
  endpoint: string;
  path: string;
  subject?: string;
  /** Reads are retried; writes never. */
  read: boolean;
  params?: Record<string, number>;
  data?: unknown;
  headers?: Record<string, string>;
  /** Turns a 2xx answer into the result (throws ServiceFailure when it does not fit). */
  accept: (answer: HttpAnswer, ctx: RequestContext) => T | Promise<T>;
  /** Replaces the usual send-and-read-text (streamed answers); throws ServiceFailures. */
  send?: (signal: AbortSignal | undefined) => Promise<T>;
  /** Bytes of the request body sent so far, and its whole size when known (photo uploads). */
  onUploadProgress?: (sent: number, total: number | null) => void;
  /** Bytes of a large request body (a photo): its deadline grows by what a slow link needs to send them. */
  uploadBytes?: number;
}

/** A GET whose answer body is read as it arrives (the whole cardholder list). */
export interface StreamCall {
  endpoint: string;
  path: string;
  headers?: Record<string, string>;
}

export type StreamAnswer =
  | { status: 304; headers: Readonly<Record<string, string>> }
  | { status: number; headers: Readonly<Record<string, string>>; length: number | null; body: AsyncIterable<Uint8Array> };

export interface StreamOptions extends CallOptions {
  /** Bytes received so far, and the whole length when the service said it. */
  onProgress?: (received: number, total: number | null) => void;
  /** Largest body accepted; default MAX_STREAM_BYTES. */
  maxBytes?: number;
}

export class ServiceHttp {
  readonly baseUrl: string;
  readonly serviceLabel: string;
  readonly photo: KioskConfig['photo'];
  private readonly http: AxiosInstance;
  private readonly httpAgent: http.Agent;
  private readonly httpsAgent: https.Agent;
  private readonly secretForms: string[];
  private readonly missingSecret: boolean;
  private readonly refusal: KioskError | null;
  private readonly log: Logger;
  private readonly sleep: Sleep;
  private readonly random: () => number;
  private readonly retries: number;
  private readonly retryBaseDelayMs: number;
  private readonly timeoutMs: number;

  constructor(options: ServiceClientOptions) {
    const { service, photo } = options.config;
    const baseUrl = options.baseUrl ?? service.url;
    if (!baseUrl) {
      throw KioskFailure.keyed('config', 'noServiceUrl', {}, { detail: 'createServiceClient: no service.url and no baseUrl' });
    }
    this.baseUrl = baseUrl.replace(/\/+$/, '');
    this.serviceLabel = serviceLabelOf(this.baseUrl);
    this.log = options.log;
    this.sleep = options.sleep ?? defaultSleep;
    this.random = options.random ?? Math.random;
    this.retries = service.retries;
    this.retryBaseDelayMs = service.retryBaseDelayMs;
    this.timeoutMs = service.timeoutMs;
    this.photo = photo;

    const plainHttp = plainHttpProblem(this.baseUrl, service.allowPlainHttp);
    this.refusal = plainHttp
      ? { code: 'config', message: `The kiosk will not use this service address: ${plainHttp}.`, detail: `refused plain http to ${this.serviceLabel}` }
      : (options.credentialProblem ?? null);
    // A refused credential never goes into a header, so no request can carry it.
    const auth = authHeaders(service.auth, this.refusal ? null : options.secret);
    if (this.refusal && options.secret) for (const form of [options.secret.reveal(), encodeURIComponent(options.secret.reveal())]) this.log.redact(form);
    this.secretForms = auth.secretForms;
    this.missingSecret = auth.missing;
    for (const form of this.secretForms) this.log.redact(form);

    this.httpAgent = new http.Agent({ keepAlive: true });
    this.httpsAgent = new https.Agent({ keepAlive: true, ...tlsOptions(service.tls, options.readFile) });
    this.http = axios.create({
      baseURL: this.baseUrl,
      // A path is always joined to the service's address: one that is an absolute URL (built from
      // something the service or the renderer said) never sends a request, or the credential, elsewhere.
      allowAbsoluteUrls: false,
      timeout: service.timeoutMs,
      headers: { Accept: 'application/json', ...auth.headers },
      httpAgent: this.httpAgent,
      httpsAgent: this.httpsAgent,
      // Environment proxies would bypass the CA and pinning settings; redirects could carry the
      // credential elsewhere. Every status is an answer the client maps itself.
      proxy: false,
      maxRedirects: 0,
      validateStatus: () => true,
      responseType: 'text',
      transformResponse: [(data: unknown) => data],
      transitional: { clarifyTimeoutError: true, silentJSONParsing: false, forcedJSONParsing: false },
      // Each call sets its endpoint's limit (answer-limits.ts); this is only the fallback.
      maxContentLength: answerLimitFor(''),
      maxBodyLength: Math.max(photo.maxBytes * 2, 1024 * 1024),
    });
  }

  /** Closes idle keep-alive connections. */
  close(): void {
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }

  /**
   * Runs a call with retries (reads only), all within one overall deadline of service.timeoutMs,
   * and throws only scrubbed ServiceFailures. A retry that could not begin before the deadline is
   * not attempted: the last failure is thrown at once.
   */
  async run<T>(call: ServiceCall<T>, options: CallOptions = {}): Promise<T> {
    const method = call.endpoint.split(' ')[0] ?? 'GET';
    const query = call.params ? `?${new URLSearchParams(Object.entries(call.params).map(([k, v]): [string, string] => [k, String(v)])).toString()}` : '';
    const ctx: RequestContext = { endpoint: call.endpoint, request: `${method} ${call.path}${query}`, ...(call.subject ? { subject: call.subject } : {}) };
    const deadline = new CallDeadline(deadlineFor(this.timeoutMs, call.uploadBytes ?? 0), options.signal);
    try {
      if (this.refusal) throw new ServiceFailure({ ...this.refusal, endpoint: ctx.endpoint });
      if (this.missingSecret) {
        throw new ServiceFailure({
          code: 'config',
          ...keyedError('noSecret'),
          detail: `${ctx.request}: not sent, the vault holds no secret`,
          endpoint: ctx.endpoint,
        });
      }
      const attempts = call.read ? 1 + Math.max(0, options.retries ?? this.retries) : 1;
      for (let attempt = 1; ; attempt++) {
        try {
          return call.send ? await call.send(deadline.signal) : await this.once(call, method, ctx, deadline.signal);
        } catch (thrown) {
          if (deadline.expired && !options.signal?.aborted) throw deadlinePassed(ctx, deadline.ms, `attempt ${attempt}`);
          if (!(thrown instanceof ServiceFailure) || !thrown.retryable || attempt >= attempts || options.signal?.aborted) throw thrown;
          const delay = this.delayBefore(attempt + 1, thrown.retryAfterMs);
          const late = delay >= deadline.remaining();
          this.log.info('service', `${ctx.request} failed (${thrown.error.code}${thrown.error.status ? ` ${thrown.error.status}` : ''}); ${late ? 'no time left for' : ''} attempt ${attempt + 1} of ${attempts}${late ? '' : ` in ${delay} ms`}`);
          if (late) throw thrown;
          try {
            await this.sleep(delay, deadline.signal);
          } catch {
            if (deadline.expired && !options.signal?.aborted) throw deadlinePassed(ctx, deadline.ms, `waiting to retry`);
            throw failureForTransport(ctx, Object.assign(new Error('aborted while waiting to retry'), { code: 'ERR_CANCELED' }));
          }
        }
      }
    } catch (thrown) {
      throw scrubFailure(thrown, this.scrub);
    } finally {
      deadline.clear();
    }
  }

  /**
   * Sends a GET whose body is read as it arrives. Getting the answer's head is retried like any
   * read, within the call's deadline; once the body flows it is not (the caller starts over later).
   * A 304 comes back as such; any other status outside 2xx is a ServiceFailure, with what the
   * server said. Iterating the body throws a ServiceFailure when the download breaks off: the
   * connection drops, less than STREAM_PROGRESS_FLOOR_BYTES arrive within the configured timeout
   * (silent or dripping), or it grows past `maxBytes`.
   */
  async stream(call: StreamCall, options: StreamOptions = {}): Promise<StreamAnswer> {
    const ctx: RequestContext = { endpoint: call.endpoint, request: `GET ${call.path}` };
    return this.run<StreamAnswer>(
      {
        endpoint: call.endpoint,
        path: call.path,
        read: true,
        ...(call.headers ? { headers: call.headers } : {}),
        accept: () => {
          throw new Error('stream answers are accepted by stream()');
        },
        send: async (signal) => {
          let response;
          try {
            response = await this.http.request<NodeJS.ReadableStream & AsyncIterable<Buffer>>({
              method: 'GET',
              url: call.path,
              responseType: 'stream',
              // The body's size is checked as it arrives (bodyOf); axios's own check would wrap
              // the socket in a stream that cannot be torn down while the server stalls.
              maxContentLength: -1,
              ...(call.headers ? { headers: call.headers } : {}),
              ...(signal ? { signal } : {}),
            });
          } catch (thrown) {
            throw failureForTransport(ctx, thrown);
          }
          const headers: Record<string, string> = {};
          for (const [key, value] of Object.entries(response.headers ?? {})) {
            if (typeof value === 'string') headers[key.toLowerCase()] = value;
          }
          const source = response.data as unknown as Readable;
          if (response.status === 304) {
            source.destroy();
            return { status: 304, headers };
          }
          if (response.status < 200 || response.status >= 300) {
            const body = await readSome(source, ERROR_BODY_BYTES);
            throw failureForStatus(ctx, { status: response.status, body, headers });
          }
          const declared = Number(headers['content-length']);
          const length = headers['content-encoding'] === undefined && Number.isSafeInteger(declared) && declared >= 0 ? declared : null;
          const maxBytes = options.maxBytes ?? MAX_STREAM_BYTES;
          if (length !== null && length > maxBytes) {
            source.destroy();
            throw answerTooLarge(ctx, maxBytes, `content-length ${length}`, length);
          }
          return { status: response.status, headers, length, body: this.bodyOf(source, ctx, length, maxBytes, options.onProgress) };
        },
      },
      options,
    );
  }

  private async *bodyOf(source: Readable, ctx: RequestContext, length: number | null, maxBytes: number, onProgress: StreamOptions['onProgress']): AsyncGenerator<Uint8Array> {
    let received = 0;
    let idle: ReturnType<typeof setTimeout> | null = null;
    let stalled = false;
    // Judged on progress: less than the floor within the timeout is a stall, silent or dripping.
    let mark = 0;
    const arm = (): void => {
      if (idle) clearTimeout(idle);
      mark = received;
      idle = setTimeout(() => {
        stalled = true;
        source.destroy(new Error('stalled'));
      }, this.timeoutMs);
    };
    const mb = sizeText;
    const cutOff = (why: string): ServiceFailure =>
      scrubFailure(
        new ServiceFailure({
          code: stalled ? 'timeout' : 'unreachable',
          message: stalled
            ? `The access-control service stopped sending, or sends far too slowly, in the middle of the answer (after ${mb(received)}). Try again in a moment.`
            : `The connection to the access-control service was cut off in the middle of the answer (after ${mb(received)}${length !== null ? ` of ${mb(length)}` : ''}). Try again in a moment.`,
          detail: `${ctx.request}: body ${why} after ${received}${length !== null ? ` of ${length}` : ''} bytes`,
          endpoint: ctx.endpoint,
        }),
        this.scrub,
      ) as ServiceFailure;
    arm();
    try {
      try {
        for await (const chunk of source) {
          received += chunk.length;
          if (received > maxBytes) {
            source.destroy();
            throw answerTooLarge(ctx, maxBytes, `more than ${maxBytes} bytes`);
          }
          if (received - mark >= STREAM_PROGRESS_FLOOR_BYTES) arm();
          onProgress?.(received, length);
          yield chunk;
        }
      } catch (thrown) {
        if (thrown instanceof ServiceFailure) throw thrown;
        throw cutOff(stalled ? 'stalled' : `failed (${(thrown as { code?: string }).code ?? (thrown instanceof Error ? thrown.message : 'error')})`);
      }
      if (length !== null && received < length) throw cutOff('ended early');
    } finally {
      if (idle) clearTimeout(idle);
      if (!source.destroyed) source.destroy();
    }
  }

  private async once<T>(call: ServiceCall<T>, method: string, ctx: RequestContext, signal: AbortSignal | undefined): Promise<T> {
    const limit = answerLimitFor(call.endpoint);
    const request: AxiosRequestConfig = {
      method,
      url: call.path,
      maxContentLength: limit,
      ...(call.params ? { params: call.params } : {}),
      ...(call.data !== undefined ? { data: call.data } : {}),
      ...(call.headers ? { headers: call.headers } : {}),
      ...(signal ? { signal } : {}),
      ...(call.onUploadProgress
        ? { onUploadProgress: (event: { loaded: number; total?: number }) => call.onUploadProgress?.(event.loaded, event.total ?? null) }
        : {}),
    };
    const started = Date.now();
    let answer: HttpAnswer;
    try {
      const response = await this.http.request<string>(request);
      const headers: Record<string, string> = {};
      for (const [key, value] of Object.entries(response.headers ?? {})) {
        if (typeof value === 'string') headers[key.toLowerCase()] = value;
      }
      answer = { status: response.status, body: typeof response.data === 'string' ? response.data : '', headers };
    } catch (thrown) {
      const failure = isOverSizeLimit(thrown) ? answerTooLarge(ctx, limit, `more than ${limit} bytes`) : failureForTransport(ctx, thrown);
      this.log.debug('service', `${ctx.request} → ${failure.error.code} after ${Date.now() - started} ms`);
      throw failure;
    }
    this.log.debug('service', `${ctx.request} → ${answer.status} in ${Date.now() - started} ms`);
    if (answer.status < 200 || answer.status >= 300) throw failureForStatus(ctx, answer);
    return call.accept(answer, ctx);
  }

  /** The wait before attempt n (n ≥ 2): the kiosk's retry policy, from the configured base, its first retry at step 0. */
  private delayBefore(attempt: number, retryAfterMs: number | undefined): number {
    return backoffDelay({ baseMs: this.retryBaseDelayMs, maxMs: MAX_RETRY_DELAY_MS }, attempt - 2, this.random, retryAfterMs);
  }

  private readonly scrub = (text: string): string => {
    let out = text;
    for (const form of this.secretForms) out = out.split(form).join('[redacted]');
    return out;
  };
}

// ───────────────────────── helpers ─────────────────────────

function authHeaders(auth: KioskConfig['service']['auth'], secret: Secret | null): { headers: Record<string, string>; secretForms: string[]; missing: boolean } {
  if (auth.scheme === 'none') return { headers: {}, secretForms: [], missing: false };
  const value = secret?.reveal() ?? '';
  if (!value) return { headers: {}, secretForms: [], missing: true };
  // Every form the secret takes on the wire, longest first so the scrubber replaces whole forms.
  const forms = (...candidates: string[]) => [...new Set(candidates.flatMap((c) => [c, encodeURIComponent(c)]))].filter((c) => c.length > 0).sort((a, b) => b.length - a.length);
  switch (auth.scheme) {
    case 'apiKey':
      return { headers: { [auth.header]: value }, secretForms: forms(value), missing: false };
    case 'bearer':
      return { headers: { Authorization: `Bearer ${value}` }, secretForms: forms(`Bearer ${value}`, value), missing: false };
    case 'basic': {
      const token = Buffer.from(`${auth.username}:${value}`, 'utf8').toString('base64');
      return { headers: { Authorization: `Basic ${token}` }, secretForms: forms(`Basic ${token}`, token, `${auth.username}:${value}`, value), missing: false };
    }
  }
}

function tlsOptions(settings: KioskConfig['service']['tls'], readFile: (file: string) => string = (file) => readFileSync(file, 'utf8')): https.AgentOptions {
  const options: https.AgentOptions = {};
  if (settings.caFile) {
    let pem: string;
    try {
      pem = readFile(settings.caFile);
    } catch (thrown) {
      throw KioskFailure.keyed('config', 'caFileUnreadable', { file: settings.caFile }, {
        detail: `read ${settings.caFile}: ${(thrown as NodeJS.ErrnoException).code ?? 'error'}`,
        field: 'service.tls.caFile',
      });
    }
    // Added to the built-in authorities, as NODE_EXTRA_CA_CERTS would.
    options.ca = [...tls.rootCertificates, pem];
  }
  const pins = new Set(settings.pinnedSha256.map(normalizeFingerprint));
  if (pins.size > 0) {
    options.checkServerIdentity = (host, cert) => {
      const wrongName = tls.checkServerIdentity(host, cert);
      if (wrongName) return wrongName;
      if (!pins.has(normalizeFingerprint(cert.fingerprint256 ?? ''))) {
        return Object.assign(new Error(`certificate SHA-256 ${cert.fingerprint256} is not among the pinned fingerprints`), { code: CERTIFICATE_PIN_MISMATCH });
      }
      return undefined;
    };
  }
  return options;
}

/** Reads up to `limit` bytes of a stream as text (an error's body), then lets it go. */
async function readSome(source: Readable, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= limit) break;
    }
  } catch {
    // What arrived is enough for a message.
  } finally {
    source.destroy();
  }
  return Buffer.concat(chunks).subarray(0, limit).toString('utf8');
}

/** A record id for a path segment (or an integer query argument); refused before anything is sent when it is not an integer. */
export function idSegment(id: number): number {
  if (!Number.isSafeInteger(id)) {
    throw KioskFailure.keyed('invalid_request', 'badRecordNumber', {}, { detail: `not an integer id: ${String(id)}` });
  }
  return id;
}

/** The answer's body as JSON, or a malformed_answer failure saying why not. */
export function json(answer: HttpAnswer, ctx: RequestContext): unknown {
  const body = answer.body.trim();
  if (body === '') throw malformedAnswer(ctx, answer.status, undefined, 'the answer is empty');
  try {
    return JSON.parse(body);
  } catch {
    const type = answer.headers['content-type'];
    throw malformedAnswer(ctx, answer.status, undefined, `the answer is not valid JSON${type ? ` (content type ${type.split(';')[0]})` : ''}`);
  }
}

/** The value as the schema types it, or a malformed_answer failure naming the first field that does not fit. */
export function validate<S extends z.ZodType>(schema: S, value: unknown, ctx: RequestContext, status: number, base: string | null = null): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw malformedAnswer(ctx, status, fieldPath(base, issue?.path ?? []), issue?.message ?? 'does not fit the specification');
}
