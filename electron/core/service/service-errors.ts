/**
 * Typed service errors: turns what went wrong talking to the access-control service (a network
 * failure, an HTTP status, an answer that does not fit the spec) into a ServiceFailure — a
 * KioskFailure carrying the contract's ErrorCode, a sentence a front-desk officer understands,
 * and a `detail` for the log (request, status, low-level code). It never reads axios's error
 * config or headers (they carry the credential): only the error's code and its root cause's code
 * and message. The client scrubs the credential from message and detail once more before throwing.
 */
import { keyedError, type ErrorCode, type ErrorParams, type ErrorTextName, type KioskError } from '../../contract/ipc';
import { KioskFailure } from '../ipc/failure';

/** What a failure is about. */
export interface RequestContext {
  /** The endpoint as the spec names it, e.g. "GET /api/CardHolders/{id}". */
  endpoint: string;
  /** The request actually made, e.g. "GET /api/CardHolders/17". */
  request: string;
  /** What was asked for, for "not found" messages, e.g. "cardholder 17". */
  subject?: string;
}

export class ServiceFailure extends KioskFailure {
  /** Whether trying the same read again may succeed (unreachable except TLS, timeout, 5xx, 429). */
  readonly retryable: boolean;
  /** The server's Retry-After, when it sent one. */
  readonly retryAfterMs: number | undefined;
  /**
   * True when a create, update or upload reached the service and was accepted, and only what came
   * after (reading the record back) failed: sending the write again may apply it twice.
   */
  readonly writeAccepted: boolean;
  /**
   * False only when the request certainly never reached the service (the connection was refused,
   * the name not found, the network not reached, the certificate refused): a write that failed
   * otherwise — cut off, timed out — may have been applied, and must not simply be sent again.
   */
  readonly mayHaveArrived: boolean;

  constructor(error: KioskError, options: { retryable?: boolean; retryAfterMs?: number; writeAccepted?: boolean; mayHaveArrived?: boolean } = {}) {
    super(error);
    this.name = 'ServiceFailure';
    this.retryable = options.retryable ?? false;
    this.retryAfterMs = options.retryAfterMs;
    this.writeAccepted = options.writeAccepted ?? false;
    this.mayHaveArrived = options.mayHaveArrived ?? true;
  }
}

/** A sentence of the error table (contract/error-text.ts) with its parameters. */
type Worded = [ErrorTextName, ErrorParams?];

function failure(ctx: RequestContext, code: ErrorCode, [name, params]: Worded, detail: string, extra: Partial<KioskError> = {}, options: ConstructorParameters<typeof ServiceFailure>[1] = {}): ServiceFailure {
  return new ServiceFailure({ code, ...keyedError(name, params), detail, endpoint: ctx.endpoint, ...extra }, options);
}

// ───────────────────────── transport failures (no HTTP answer) ─────────────────────────

const UNTRUSTED_CERTIFICATE = new Set([
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_DECRYPT_CERT_SIGNATURE',
  'CERT_SIGNATURE_FAILURE',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
  'INVALID_CA',
  'PATH_LENGTH_EXCEEDED',
  'INVALID_PURPOSE',
  'CERT_REVOKED',
]);

/** Set by the client's checkServerIdentity when the certificate is not one of the pinned ones. */
export const CERTIFICATE_PIN_MISMATCH = 'ERR_KIOSK_CERTIFICATE_PIN';

interface ErrorFacts {
  code: string | undefined;
  message: string;
}

/** The codes and messages along an error's cause chain (axios error → Node error), nothing else. */
function factsOf(thrown: unknown): ErrorFacts[] {
  const facts: ErrorFacts[] = [];
  let current: unknown = thrown;
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    facts.push({ code: typeof code === 'string' ? code : undefined, message: current.message });
    current = (current as { cause?: unknown }).cause;
  }
  return facts;
}

export function failureForTransport(ctx: RequestContext, thrown: unknown): ServiceFailure {
  if (thrown instanceof ServiceFailure) return thrown;
  const facts = factsOf(thrown);
  const codes = [...new Set(facts.map((f) => f.code).filter((c): c is string => c !== undefined))];
  const has = (...wanted: string[]) => codes.some((c) => wanted.includes(c));
  const root = facts[facts.length - 1];
  const detail = `${ctx.request}: ${codes.join('/') || 'no code'}${root ? ` (${root.message})` : ''}`;
  const name = thrown instanceof Error ? thrown.name : '';

  if (has('ERR_CANCELED') || name === 'CanceledError' || name === 'AbortError') {
    return failure(ctx, 'cancelled', ['cancelled'], detail);
  }
  if (has('ETIMEDOUT', 'ECONNABORTED', 'ESOCKETTIMEDOUT') || facts.some((f) => /timeout/i.test(f.message))) {
    return failure(ctx, 'timeout', ['timeout'], detail, {}, { retryable: true });
  }

  const tls = tlsMessage(codes, facts);
  if (tls) return failure(ctx, 'unreachable', [tls], detail, {}, { retryable: false, mayHaveArrived: false });

  let message: ErrorTextName = 'unreachable';
  if (has('ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_FAIL')) {
    message = 'notFoundOnNetwork';
  } else if (has('ECONNREFUSED')) {
    message = 'refused';
  } else if (has('ECONNRESET', 'EPIPE') || facts.some((f) => /socket hang up/i.test(f.message))) {
    message = 'cutOff';
  } else if (has('EHOSTUNREACH', 'ENETUNREACH', 'ENETDOWN', 'EHOSTDOWN')) {
    message = 'networkUnreachable';
  }
  const neverSent = has('ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_FAIL', 'EHOSTUNREACH', 'ENETUNREACH', 'ENETDOWN', 'EHOSTDOWN');
  return failure(ctx, 'unreachable', [message], detail, {}, { retryable: true, mayHaveArrived: !neverSent });
}

function tlsMessage(codes: string[], facts: ErrorFacts[]): ErrorTextName | null {
  const has = (...wanted: string[]) => codes.some((c) => wanted.includes(c));
  if (has(CERTIFICATE_PIN_MISMATCH)) {
    return 'tlsPin';
  }
  if (has('ERR_TLS_CERT_ALTNAME_INVALID', 'HOSTNAME_MISMATCH')) {
    return 'tlsHostname';
  }
  if (has('CERT_HAS_EXPIRED', 'CERT_NOT_YET_VALID', 'CRL_HAS_EXPIRED')) {
    return 'tlsExpired';
  }
  if (codes.some((c) => UNTRUSTED_CERTIFICATE.has(c))) {
    return 'tlsUntrusted';
  }
  if (has('EPROTO', 'ERR_SSL_WRONG_VERSION_NUMBER') || codes.some((c) => c.startsWith('ERR_SSL_') || c.startsWith('ERR_TLS_')) || facts.some((f) => /SSL routines|TLS/i.test(f.message))) {
    return 'tlsHandshake';
  }
  return null;
}

// ───────────────────────── HTTP status failures ─────────────────────────

export interface HttpAnswer {
  status: number;
  body: string;
  headers: Readonly<Record<string, string | undefined>>;
}

export function failureForStatus(ctx: RequestContext, answer: HttpAnswer): ServiceFailure {
  const { status } = answer;
  const said = serverMessage(answer);
  const detail = `${ctx.request} → ${status}${said.text ? `: ${said.text}` : ''}`;
  const extra: Partial<KioskError> = { status, ...(said.field ? { field: said.field } : {}) };
  const retryAfterMs = retryAfterOf(answer.headers['retry-after']);
  const withServer = (plain: ErrorTextName, saidIt: ErrorTextName, params: ErrorParams = {}): Worded => (said.text ? [saidIt, { ...params, server: said.text }] : [plain, params]);

  if (status >= 300 && status < 400) {
    return failure(ctx, 'malformed_answer', ['redirect'], detail, extra);
  }
  switch (status) {
    case 401:
      return failure(ctx, 'unauthorized', ['unauthorized'], detail, extra);
    case 403:
      return failure(ctx, 'forbidden', ['forbidden'], detail, extra);
    case 404:
      return failure(
        ctx,
        'not_found',
        ctx.subject ? ['subjectNotFound', { subject: ctx.subject }] : ['notFound'],
        detail,
        extra,
      );
    case 408:
      return failure(ctx, 'timeout', ['requestTimeout'], detail, extra, { retryable: true });
    case 409:
      return failure(ctx, 'rejected', withServer('conflict', 'conflictSaid'), detail, extra);
    case 413:
      return failure(ctx, 'too_large', ['tooLarge'], detail, extra);
    case 415:
      return failure(ctx, 'rejected', withServer('unsupportedFormat', 'unsupportedFormatSaid'), detail, extra);
    case 400:
    case 422:
      return failure(ctx, 'rejected', withServer('refusedData', 'refusedDataSaid'), detail, extra);
    case 429:
      return failure(ctx, 'server_error', ['busy'], detail, extra, { retryable: true, ...(retryAfterMs !== undefined ? { retryAfterMs } : {}) });
  }
  if (status >= 500) {
    return failure(ctx, 'server_error', ['serverError', { status }], detail, extra, { retryable: true, ...(retryAfterMs !== undefined ? { retryAfterMs } : {}) });
  }
  if (status >= 400) return failure(ctx, 'rejected', withServer('refusedStatus', 'refusedStatusSaid', { status }), detail, extra);
  return failure(ctx, 'malformed_answer', ['unexpectedStatus', { status }], detail, extra);
}

function retryAfterOf(header: string | undefined): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

const MAX_SERVER_TEXT = 300;

function clean(text: string): string {
  // eslint-disable-next-line no-control-regex
  const flat = text.replace(/[\u0000-\u001f\u007f]+/g, ' ').replace(/\s+/g, ' ').trim();
  return flat.length > MAX_SERVER_TEXT ? `${flat.slice(0, MAX_SERVER_TEXT - 1)}…` : flat;
}

/**
 * What the server said about a refusal, when it said something readable: a JSON text, an object
 * with message/error/title/detail, ASP.NET validation problems ({ errors: { Field: ["…"] } }),
 * a list of { field|propertyName, message|errorMessage }, or a short plain-text body. Never HTML.
 */
export function serverMessage(answer: HttpAnswer): { text: string | null; field: string | null } {
  const body = answer.body.trim();
  if (!body) return { text: null, field: null };
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    const looksLikeMarkup = body.startsWith('<') || /html|xml/i.test(answer.headers['content-type'] ?? '');
    return { text: looksLikeMarkup || body.length > 1000 ? null : clean(body), field: null };
  }
  return messageInJson(json);
}

function messageInJson(json: unknown): { text: string | null; field: string | null } {
  const none = { text: null, field: null };
  if (typeof json === 'string') return { text: clean(json) || null, field: null };
  if (typeof json !== 'object' || json === null) return none;
  const record = json as Record<string, unknown>;
  const pick = (...keys: string[]): string | null => {
    for (const key of keys) {
      for (const actual of Object.keys(record)) {
        if (actual.toLowerCase() !== key) continue;
        const value = record[actual];
        if (typeof value === 'string' && value.trim()) return clean(value);
        if (typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string') {
          return clean((value as { message: string }).message);
        }
      }
    }
    return null;
  };
  const problems = fieldProblem(record.errors ?? record.Errors);
  const general = pick('message', 'error', 'detail', 'title', 'error_description', 'errormessage');
  if (problems) return { text: general && !/validation errors occurred/i.test(general) ? `${general} (${problems.text})` : problems.text, field: problems.field };
  const field = pick('field', 'property', 'propertyname', 'param');
  return { text: general, field: general ? field : null };
}

function fieldProblem(errors: unknown): { text: string; field: string } | null {
  const stripJsonPath = (name: string) => name.replace(/^\$\.?/, '');
  if (Array.isArray(errors)) {
    for (const entry of errors) {
      if (typeof entry !== 'object' || entry === null) continue;
      const e = entry as Record<string, unknown>;
      const field = [e.field, e.propertyName, e.PropertyName, e.name].find((v): v is string => typeof v === 'string');
      const message = [e.message, e.errorMessage, e.ErrorMessage].find((v): v is string => typeof v === 'string');
      if (field && message) return { field: stripJsonPath(field), text: clean(message) };
    }
    return null;
  }
  if (typeof errors === 'object' && errors !== null) {
    for (const [field, value] of Object.entries(errors)) {
      const message = Array.isArray(value) ? value.find((v): v is string => typeof v === 'string') : typeof value === 'string' ? value : undefined;
      if (message) return { field: stripJsonPath(field), text: clean(message) };
    }
  }
  return null;
}

// ───────────────────────── answers that do not fit the spec ─────────────────────────

export function malformedAnswer(ctx: RequestContext, status: number, field: string | undefined, problem: string): ServiceFailure {
  return failure(
    ctx,
    'malformed_answer',
    field ? ['malformedField', { field }] : ['malformed'],
    `${ctx.request} → ${status}: ${field ? `${field}: ` : ''}${problem}`,
    { status, ...(field ? { field } : {}) },
  );
}

/** A failure with the credential's forms replaced in message and detail (and the same options). */
export function scrubFailure(thrown: unknown, scrub: (text: string) => string): unknown {
  if (!(thrown instanceof KioskFailure)) return thrown;
  const error: KioskError = { ...thrown.error, message: scrub(thrown.error.message) };
  if (error.detail !== undefined) error.detail = scrub(error.detail);
  if (error.field !== undefined) error.field = scrub(error.field);
  if (error.params !== undefined) error.params = Object.fromEntries(Object.entries(error.params).map(([name, value]) => [name, typeof value === 'string' ? scrub(value) : value]));
  if (thrown instanceof ServiceFailure) {
    return new ServiceFailure(error, {
      retryable: thrown.retryable,
      writeAccepted: thrown.writeAccepted,
      mayHaveArrived: thrown.mayHaveArrived,
      ...(thrown.retryAfterMs !== undefined ? { retryAfterMs: thrown.retryAfterMs } : {}),
    });
  }
  return new KioskFailure(error);
}
