/**
 * The IPC gateway: the only door from a renderer into the core. For every call it
 * (a) drops senders that the edge did not recognise as the app's own frame,
 * (b) validates the payload against the contract's schema and answers a typed error when it
 *     does not fit, (c) enforces the operation's policy as the contract declares it (the operator's
 *     shift, then the admin lock, then the read guard on personal data) with the policy objects it
 *     is given, in this one place, whatever
 *     order the handlers were assembled in, and (d) runs the handler and turns whatever it throws
 *     into a typed error.
 * Electron's ipcMain and the preview harness both call `handle`; neither validates on its own.
 */
import type { z } from 'zod';
import {
  BYTES_FIELDS,
  keyedError,
  operations,
  policyOf,
  type KioskError,
  type OperationName,
  type ParsedRequestOf,
  type Result,
  type ResultOf,
} from '../../contract/ipc';
import { toKioskError } from './failure';
import { plainDataProblem } from './plain-data';
import type { Logger } from '../log/logger';
import { personalValuesOf } from '../log/personal-data';

/** What the edge knows about who is calling. */
export interface Sender {
  /** True only when the edge has checked that the call comes from the app's own frame. */
  trusted: boolean;
  /** For the log: which frame or client it was. */
  description: string;
}

export type OperationHandler<K extends OperationName> = (request: ParsedRequestOf<K>) => Promise<ResultOf<K>> | ResultOf<K>;
export type OperationHandlers = { [K in OperationName]: OperationHandler<K> };

/** A policy the gateway enforces: throws a typed refusal (KioskFailure) naming `action` when the call may not run. */
export interface AccessGuard {
  require(action: string): void;
}

/** The policy objects behind the contract's `{ admin }`, `{ shift }` and `{ personal }` declarations. */
export interface AccessPolicy {
  /** The admin lock (core/admin-lock/admin-lock.ts): a fresh unlock of the administrator PIN. */
  admin: AccessGuard;
  /** The operator's session (core/operators): someone is on shift. */
  shift: AccessGuard;
  /** The read guard (core/operators): an answer with personal data only while someone is on shift, when sign-in is required. */
  personal: AccessGuard;
}

export class Gateway {
  constructor(
    private readonly handlers: OperationHandlers,
    private readonly log: Logger,
    private readonly access: AccessPolicy,
  ) {}

  /**
   * Answers one call. Returns `null` for a sender that is not trusted (the call is ignored and
   * logged); otherwise always a Result, never a rejection.
   */
  async handle(name: string, payload: unknown, sender: Sender): Promise<Result<unknown> | null> {
    if (!sender.trusted) {
      this.log.warn('ipc', `ignored a call to "${name}" from a foreign sender: ${sender.description}`);
      return null;
    }
    if (!Object.hasOwn(operations, name)) {
      return { ok: false, error: { code: 'invalid_request', ...keyedError('unknownOperation'), detail: `unknown operation "${shorten(name)}"` } };
    }
    const operation = name as OperationName;
    const shape = plainDataProblem(payload, BYTES_FIELDS[operation]);
    if (shape) {
      const error: KioskError = {
        code: 'invalid_request',
        ...(shape.path === '' ? keyedError('invalidRequest') : keyedError('invalidField', { field: shorten(shape.path) })),
        detail: `${operation}: ${shorten(shape.path) || '(payload)'}: ${shape.reason}`,
        ...(shape.path !== '' ? { field: shorten(shape.path) } : {}),
      };
      this.log.warn('ipc', `rejected "${operation}": ${error.detail}`);
      return { ok: false, error };
    }
    const schema: z.ZodType = operations[operation].request;
    const parsed = schema.safeParse(payload);
    if (!parsed.success) {
      const error = invalidRequest(operation, parsed.error);
      this.log.warn('ipc', `rejected "${operation}": ${error.detail ?? error.message}`);
      return { ok: false, error };
    }
    // The personal data of the request never reaches the log, whatever logs it later.
    for (const value of personalValuesOf(parsed.data)) this.log.redactPersonal(value);
    try {
      // Declared in the contract, enforced here: a refusal is a typed error like any other failure.
      const policy = policyOf(operation);
      if (policy.shift !== undefined) this.access.shift.require(policy.shift);
      if (policy.admin !== undefined) this.access.admin.require(policy.admin);
      if (policy.personal !== false) this.access.personal.require(policy.personal);
      const handler = this.handlers[operation] as (request: unknown) => Promise<unknown> | unknown;
      const value = await handler(parsed.data);
      return { ok: true, value };
    } catch (thrown) {
      const error = toKioskError(thrown);
      const level = error.code === 'internal' ? 'error' : 'info';
      this.log[level]('ipc', `"${operation}" failed: ${error.code}${error.detail ? ` — ${error.detail}` : ''}`);
      return { ok: false, error };
    }
  }
}

/** Names and paths a renderer sent, cut to a length a log line can carry. */
function shorten(text: string): string {
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
}

function invalidRequest(operation: OperationName, zodError: z.ZodError): KioskError {
  const issue = zodError.issues[0];
  const field = issue && issue.path.length > 0 ? shorten(issue.path.join('.')) : undefined;
  const custom = issue?.code === 'custom' ? issue.message : undefined;
  const issues = zodError.issues.slice(0, 5).map((i) => shorten(`${i.path.join('.') || '(payload)'}: ${i.message}`));
  if (zodError.issues.length > 5) issues.push(`and ${zodError.issues.length - 5} more`);
  return {
    code: 'invalid_request',
    ...(custom !== undefined ? { message: custom } : field ? keyedError('invalidField', { field }) : keyedError('invalidRequest')),
    detail: `${operation}: ${issues.join('; ')}`,
    ...(field ? { field } : {}),
  };
}
