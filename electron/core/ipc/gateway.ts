/**
 * The IPC gateway: the only door from a renderer into the core. For every call it
 * (a) drops senders that the edge did not recognise as the app's own frame,
 * (b) validates the payload against the contract's schema and answers a typed error when it
 *     does not fit, and (c) runs the handler and turns whatever it throws into a typed error.
 * Electron's ipcMain and the preview harness both call `handle`; neither validates on its own.
 */
import type { z } from 'zod';
import {
  operations,
  type KioskError,
  type OperationName,
  type ParsedRequestOf,
  type Result,
  type ResultOf,
} from '../../contract/ipc';
import { toKioskError } from './failure';
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

export class Gateway {
  constructor(
    private readonly handlers: OperationHandlers,
    private readonly log: Logger,
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
      return { ok: false, error: { code: 'invalid_request', message: 'The kiosk asked for an operation that does not exist.', detail: `unknown operation "${name}"` } };
    }
    const operation = name as OperationName;
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

function invalidRequest(operation: OperationName, zodError: z.ZodError): KioskError {
  const issue = zodError.issues[0];
  const field = issue && issue.path.length > 0 ? issue.path.join('.') : undefined;
  const custom = issue?.code === 'custom' ? issue.message : undefined;
  return {
    code: 'invalid_request',
    message: custom ?? (field ? `The value of "${field}" is not valid.` : 'The request is not valid.'),
    detail: `${operation}: ${zodError.issues.map((i) => `${i.path.join('.') || '(payload)'}: ${i.message}`).join('; ')}`,
    ...(field ? { field } : {}),
  };
}
