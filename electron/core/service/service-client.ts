/**
 * The service client: the one place that talks HTTP to the access-control service. It
 * implements AccessService on axios for all ten endpoints of ../shared/spec/service-api.md,
 * validates every answer (service-schemas.ts), turns every failure into a typed ServiceFailure
 * (service-errors.ts), retries reads — GETs and the two searches — with exponential backoff and
 * jitter, and never retries create, update or photo upload (the outbox decides about those).
 *
 * It owns the credential's use: the secret goes into one request header and is registered with
 * the logger's redaction in every form it takes on the wire; no error it throws carries it. It
 * must not log request or response bodies (they hold personal data) and never puts an axios
 * error or config (which carry headers) into a message or detail.
 */
import axios, { type AxiosInstance, type AxiosRequestConfig } from 'axios';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import tls from 'node:tls';
import type { z } from 'zod';
import { KioskFailure } from '../ipc/failure';
import type { Logger } from '../log/logger';
import type { KioskConfig } from '../config/config-schema';
import { normalizeFingerprint } from '../config/config-schema';
import { serviceLabelOf } from '../config/settings';
import type { Secret } from '../credentials/secret';
import type {
  AccessService,
  CallOptions,
  CardHolder,
  CardHolderChanges,
  EventCodeSearch,
  EventList,
  EventSearch,
  NewCardHolder,
  PhotoUpload,
  SystemEvent,
} from './access-service';
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
import {
  CardHolderListSchema,
  CardHolderSchema,
  fieldPath,
  findEventList,
  ListMaxIdSchema,
  MaxIdSchema,
  SystemEventListSchema,
  SystemEventSchema,
} from './service-schemas';

export const ENDPOINTS = {
  listCardHolders: 'GET /api/CardHolders',
  getCardHolder: 'GET /api/CardHolders/{id}',
  uploadPhoto: 'POST /api/CardHolders/{id}/photo',
  createCardHolder: 'POST /api/CardHolders/create',
  updateCardHolder: 'POST /api/CardHolders/update',
  listEvents: 'GET /api/SystemEvents',
  getEvent: 'GET /api/SystemEvents/{id}',
  getMaxEventId: 'GET /api/SystemEvents/maxid',
  searchEvents: 'POST /api/SystemEvents/search',
  searchEventsByCodes: 'POST /api/SystemEvents/searchbycodes',
} as const;

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export interface ServiceClientOptions {
  /** Only `service` and `photo` are read. */
  config: Pick<KioskConfig, 'service' | 'photo'>;
  /** Overrides config.service.url: the edge passes the embedded simulator's address in demo mode. */
  baseUrl?: string;
  /** From the vault; null when none is stored (then every call fails with code 'config' unless the scheme is 'none'). */
  secret: Secret | null;
  log: Logger;
  /** Waits between read retries; tests pass one that records and resolves at once. */
  sleep?: Sleep;
  /** For the jitter, in [0, 1). */
  random?: () => number;
  /** Reads service.tls.caFile; default node:fs. */
  readFile?: (file: string) => string;
}

export interface ServiceClient extends AccessService {
  readonly baseUrl: string;
  /** host:port, for status and settings. */
  readonly serviceLabel: string;
  /** Closes idle keep-alive connections. */
  close(): void;
}

/** Longest wait between two attempts of a read, whatever the backoff or Retry-After says. */
const MAX_RETRY_DELAY_MS = 30_000;
/** Answers larger than this are refused (a list of every cardholder fits well within it). */
const MAX_ANSWER_BYTES = 256 * 1024 * 1024;

export function createServiceClient(options: ServiceClientOptions): ServiceClient {
  return new HttpServiceClient(options);
}

const defaultSleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

interface Call<T> {
  /** ENDPOINTS key. */
  name: keyof typeof ENDPOINTS;
  path: string;
  subject?: string;
  /** Reads are retried; writes never. */
  read: boolean;
  params?: Record<string, number>;
  data?: unknown;
  headers?: Record<string, string>;
  /** Turns a 2xx answer into the result (throws ServiceFailure when it does not fit). */
  accept: (answer: HttpAnswer, ctx: RequestContext) => T | Promise<T>;
}

class HttpServiceClient implements ServiceClient {
  readonly baseUrl: string;
  readonly serviceLabel: string;
  private readonly http: AxiosInstance;
  private readonly httpAgent: http.Agent;
  private readonly httpsAgent: https.Agent;
  private readonly secretForms: string[];
  private readonly missingSecret: boolean;
  private readonly log: Logger;
  private readonly sleep: Sleep;
  private readonly random: () => number;
  private readonly retries: number;
  private readonly retryBaseDelayMs: number;
  private readonly photo: KioskConfig['photo'];

  constructor(options: ServiceClientOptions) {
    const { service, photo } = options.config;
    const baseUrl = options.baseUrl ?? service.url;
    if (!baseUrl) {
      throw KioskFailure.of('config', 'No address of the access-control service is configured.', { detail: 'createServiceClient: no service.url and no baseUrl' });
    }
    this.baseUrl = baseUrl.replace(/\/+$/, '');
    this.serviceLabel = serviceLabelOf(this.baseUrl);
    this.log = options.log;
    this.sleep = options.sleep ?? defaultSleep;
    this.random = options.random ?? Math.random;
    this.retries = service.retries;
    this.retryBaseDelayMs = service.retryBaseDelayMs;
    this.photo = photo;

    const auth = authHeaders(service.auth, options.secret);
    this.secretForms = auth.secretForms;
    this.missingSecret = auth.missing;
    for (const form of this.secretForms) this.log.redact(form);

    this.httpAgent = new http.Agent({ keepAlive: true });
    this.httpsAgent = new https.Agent({ keepAlive: true, ...tlsOptions(service.tls, options.readFile) });
    this.http = axios.create({
      baseURL: this.baseUrl,
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
      maxContentLength: MAX_ANSWER_BYTES,
      maxBodyLength: Math.max(photo.maxBytes * 2, 1024 * 1024),
    });
  }

  close(): void {
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }

  // ───────────────────────── cardholders ─────────────────────────

  async listCardHolders(options?: CallOptions): Promise<CardHolder[]> {
    return this.run(
      { name: 'listCardHolders', path: '/api/CardHolders', read: true, accept: (answer, ctx) => validate(CardHolderListSchema, json(answer, ctx), ctx, answer.status) },
      options,
    );
  }

  async getCardHolder(id: number, options?: CallOptions): Promise<CardHolder> {
    return this.run(
      {
        name: 'getCardHolder',
        path: `/api/CardHolders/${idSegment(id)}`,
        subject: `cardholder ${id}`,
        read: true,
        accept: (answer, ctx) => validate(CardHolderSchema, json(answer, ctx), ctx, answer.status),
      },
      options,
    );
  }

  async createCardHolder(record: NewCardHolder, options?: CallOptions): Promise<CardHolder> {
    return this.run(
      {
        name: 'createCardHolder',
        path: '/api/CardHolders/create',
        read: false,
        data: record,
        accept: async (answer, ctx) => {
          if (answer.body.trim() !== '') return validate(CardHolderSchema, json(answer, ctx), ctx, answer.status);
          // No body: a 201 may still say where the new record is.
          const created = /\/(\d+)\/?$/.exec(answer.headers.location ?? '');
          if (!created?.[1]) throw malformedAnswer(ctx, answer.status, undefined, 'the answer is empty and names no new record');
          return this.readBack(Number(created[1]), options);
        },
      },
      options,
    );
  }

  async updateCardHolder(changes: CardHolderChanges, options?: CallOptions): Promise<CardHolder> {
    const id = idSegment(changes.id);
    return this.run(
      {
        name: 'updateCardHolder',
        path: '/api/CardHolders/update',
        subject: `cardholder ${id}`,
        read: false,
        data: changes,
        accept: (answer) => this.recordOrReadBack(answer, id, options),
      },
      options,
    );
  }

  async uploadPhoto(id: number, photo: PhotoUpload, options?: CallOptions): Promise<CardHolder> {
    idSegment(id);
    const bytes = photo.bytes.byteLength;
    if (bytes > this.photo.maxBytes) {
      const mb = (n: number) => `${(n / (1024 * 1024)).toFixed(1)} MB`;
      throw new ServiceFailure({
        code: 'too_large',
        message: `The photo is too large to send (${mb(bytes)}; the limit is ${mb(this.photo.maxBytes)}). Take it again at a lower size.`,
        detail: `photo of ${bytes} bytes > photo.maxBytes ${this.photo.maxBytes}`,
        endpoint: ENDPOINTS.uploadPhoto,
      });
    }
    const fileName = photo.fileName ?? `photo-${id}.${photo.contentType === 'image/png' ? 'png' : 'jpg'}`;
    let data: unknown;
    let headers: Record<string, string>;
    if (this.photo.upload === 'raw') {
      data = Buffer.from(photo.bytes.buffer, photo.bytes.byteOffset, photo.bytes.byteLength);
      headers = { 'Content-Type': photo.contentType };
    } else {
      const form = new FormData();
      form.append(this.photo.partName, new Blob([new Uint8Array(photo.bytes)], { type: photo.contentType }), fileName);
      data = form;
      headers = {};
    }
    return this.run(
      {
        name: 'uploadPhoto',
        path: `/api/CardHolders/${id}/photo`,
        subject: `cardholder ${id}`,
        read: false,
        data,
        headers,
        accept: (answer) => this.recordOrReadBack(answer, id, options),
      },
      options,
    );
  }

  // ───────────────────────── system events ─────────────────────────

  async listEvents(fromId: number, maxId: number, options?: CallOptions): Promise<EventList> {
    return this.run(
      {
        name: 'listEvents',
        path: '/api/SystemEvents',
        params: { FromID: integerArgument(fromId), MaxID: integerArgument(maxId) },
        read: true,
        accept: (answer, ctx) => {
          const body = json(answer, ctx);
          const events = eventsIn(body, ctx, answer.status);
          const wrapper = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
          const maxID = validate(ListMaxIdSchema, wrapper.maxID, ctx, answer.status, 'maxID');
          return { maxID, events };
        },
      },
      options,
    );
  }

  async getEvent(id: number, options?: CallOptions): Promise<SystemEvent> {
    return this.run(
      {
        name: 'getEvent',
        path: `/api/SystemEvents/${idSegment(id)}`,
        subject: `event ${id}`,
        read: true,
        accept: (answer, ctx) => validate(SystemEventSchema, json(answer, ctx), ctx, answer.status),
      },
      options,
    );
  }

  async getMaxEventId(options?: CallOptions): Promise<number> {
    return this.run(
      {
        name: 'getMaxEventId',
        path: '/api/SystemEvents/maxid',
        read: true,
        accept: (answer, ctx) => validate(MaxIdSchema, json(answer, ctx), ctx, answer.status).maxId,
      },
      options,
    );
  }

  async searchEvents(search: EventSearch, options?: CallOptions): Promise<SystemEvent[]> {
    return this.run(
      { name: 'searchEvents', path: '/api/SystemEvents/search', read: true, data: search, accept: (answer, ctx) => eventsIn(json(answer, ctx), ctx, answer.status) },
      options,
    );
  }

  async searchEventsByCodes(search: EventCodeSearch, options?: CallOptions): Promise<SystemEvent[]> {
    return this.run(
      {
        name: 'searchEventsByCodes',
        path: '/api/SystemEvents/searchbycodes',
        read: true,
        data: search,
        accept: (answer, ctx) => eventsIn(json(answer, ctx), ctx, answer.status),
      },
      options,
    );
  }

  // ───────────────────────── the machinery ─────────────────────────

  /** Runs a call with retries (reads only) and throws only scrubbed ServiceFailures. */
  private async run<T>(call: Call<T>, options: CallOptions = {}): Promise<T> {
    const method = ENDPOINTS[call.name].split(' ')[0] ?? 'GET';
    const query = call.params ? `?${new URLSearchParams(Object.entries(call.params).map(([k, v]): [string, string] => [k, String(v)])).toString()}` : '';
    const ctx: RequestContext = { endpoint: ENDPOINTS[call.name], request: `${method} ${call.path}${query}`, ...(call.subject ? { subject: call.subject } : {}) };
    try {
      if (this.missingSecret) {
        throw new ServiceFailure({
          code: 'config',
          message: 'No credential for the access-control service has been set on this kiosk. Ask the administrator to set it (admin tool: set-secret).',
          detail: `${ctx.request}: not sent, the vault holds no secret`,
          endpoint: ctx.endpoint,
        });
      }
      const attempts = call.read ? 1 + this.retries : 1;
      for (let attempt = 1; ; attempt++) {
        try {
          return await this.once(call, method, ctx, options.signal);
        } catch (thrown) {
          if (!(thrown instanceof ServiceFailure) || !thrown.retryable || attempt >= attempts || options.signal?.aborted) throw thrown;
          const delay = this.delayBefore(attempt + 1, thrown.retryAfterMs);
          this.log.info('service', `${ctx.request} failed (${thrown.error.code}${thrown.error.status ? ` ${thrown.error.status}` : ''}); attempt ${attempt + 1} of ${attempts} in ${delay} ms`);
          try {
            await this.sleep(delay, options.signal);
          } catch {
            throw failureForTransport(ctx, Object.assign(new Error('aborted while waiting to retry'), { code: 'ERR_CANCELED' }));
          }
        }
      }
    } catch (thrown) {
      throw scrubFailure(thrown, this.scrub);
    }
  }

  private async once<T>(call: Call<T>, method: string, ctx: RequestContext, signal: AbortSignal | undefined): Promise<T> {
    const request: AxiosRequestConfig = {
      method,
      url: call.path,
      ...(call.params ? { params: call.params } : {}),
      ...(call.data !== undefined ? { data: call.data } : {}),
      ...(call.headers ? { headers: call.headers } : {}),
      ...(signal ? { signal } : {}),
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
      const failure = failureForTransport(ctx, thrown);
      this.log.debug('service', `${ctx.request} → ${failure.error.code} after ${Date.now() - started} ms`);
      throw failure;
    }
    this.log.debug('service', `${ctx.request} → ${answer.status} in ${Date.now() - started} ms`);
    if (answer.status < 200 || answer.status >= 300) throw failureForStatus(ctx, answer);
    return call.accept(answer, ctx);
  }

  /** The record the write answered with, or — when it answered nothing usable — the record read back by id. */
  private async recordOrReadBack(answer: HttpAnswer, id: number, options: CallOptions | undefined): Promise<CardHolder> {
    if (answer.body.trim() !== '') {
      let body: unknown;
      try {
        body = JSON.parse(answer.body);
      } catch {
        body = undefined;
      }
      // The spec does not say what these answer; only a whole record with the same id is taken as the result.
      const record = CardHolderSchema.safeParse(body);
      if (record.success && record.data.id === id) return record.data;
    }
    return this.readBack(id, options);
  }

  private async readBack(id: number, options: CallOptions | undefined): Promise<CardHolder> {
    try {
      return await this.getCardHolder(id, options);
    } catch (thrown) {
      if (!(thrown instanceof ServiceFailure)) throw thrown;
      throw new ServiceFailure(
        { ...thrown.error, message: `The change was saved, but the kiosk could not read the record back. ${thrown.error.message}` },
        { writeAccepted: true },
      );
    }
  }

  /** Exponential backoff with jitter: base·2^(n−2) for attempt n, between half and all of it. */
  private delayBefore(attempt: number, retryAfterMs: number | undefined): number {
    if (retryAfterMs !== undefined) return Math.min(retryAfterMs, MAX_RETRY_DELAY_MS);
    const ceiling = Math.min(this.retryBaseDelayMs * 2 ** (attempt - 2), MAX_RETRY_DELAY_MS);
    return Math.round(ceiling / 2 + (ceiling / 2) * this.random());
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
      throw KioskFailure.of('config', `The certificate authority file ${settings.caFile} (service.tls.caFile) cannot be read.`, {
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

function idSegment(id: number): number {
  if (!Number.isSafeInteger(id)) {
    throw KioskFailure.of('invalid_request', 'The record number is not valid.', { detail: `not an integer id: ${String(id)}` });
  }
  return id;
}

const integerArgument = idSegment;

/** The answer's body as JSON, or a malformed_answer failure saying why not. */
function json(answer: HttpAnswer, ctx: RequestContext): unknown {
  const body = answer.body.trim();
  if (body === '') throw malformedAnswer(ctx, answer.status, undefined, 'the answer is empty');
  try {
    return JSON.parse(body);
  } catch {
    const type = answer.headers['content-type'];
    throw malformedAnswer(ctx, answer.status, undefined, `the answer is not valid JSON${type ? ` (content type ${type.split(';')[0]})` : ''}`);
  }
}

function validate<S extends z.ZodType>(schema: S, value: unknown, ctx: RequestContext, status: number, base: string | null = null): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw malformedAnswer(ctx, status, fieldPath(base, issue?.path ?? []), issue?.message ?? 'does not fit the specification');
}

function eventsIn(body: unknown, ctx: RequestContext, status: number): SystemEvent[] {
  const list = findEventList(body);
  if (!list) throw malformedAnswer(ctx, status, undefined, 'the answer holds no list of events');
  return validate(SystemEventListSchema, list.items, ctx, status, list.at);
}
