/**
 * How the contract declares an operation: `op<Result>()(requestSchema, policy)`, where the policy
 * (declared for every operation) says what the gateway enforces before the handler runs (the admin
 * lock, the operator's shift, the read guard on personal data) and which request fields carry
 * bytes. Also the request pieces several capabilities share.
 * Part of the IPC contract (index: ipc.ts).
 */
import { z } from 'zod';
import type { ErrorActionText } from './error-text';
import type { DirectorySyncPhase } from './cardholders';

/**
 * What the gateway (core/ipc/gateway.ts) enforces for an operation, in one place, whatever order the
 * handlers are assembled in. Each guard names the action for the refusal the person reads
 * ("Quitting the kiosk needs the administrator PIN").
 */
export interface OperationPolicy {
  /** Runs only after a fresh unlock of the administrator PIN (core/admin-lock). */
  readonly admin?: ErrorActionText;
  /** Recorded with the operator's name: runs only while someone is on shift (core/operators). */
  readonly shift?: ErrorActionText;
  /**
   * Declared for every operation: whether its answer shows personal data (cardholders, their
   * photos, events naming them, the operator log's entries, enrolments waiting to be sent). One
   * that does names the action for the refusal ("Looking up cardholders needs an operator on
   * shift") and, while sign-in is required, answers only while someone is on shift: the read
   * guard. `false`: the answer holds none (states, counts, settings), or only what the screens
   * show by design before a sign-in (the operator list of the sign-in screen).
   * test/core/ipc/gateway-policy.test.ts walks the contract and calls each one with nobody on shift.
   */
  readonly personal: ErrorActionText | false;
  /**
   * The request fields that carry bytes (a Uint8Array) across IPC. Bytes anywhere else are refused
   * before the schema runs (core/ipc/plain-data.ts): a schema expecting an object would otherwise
   * walk a typed array's indexes as keys.
   */
  readonly bytes?: readonly string[];
}

export interface OperationSpec<Req extends z.ZodType, Res> {
  request: Req;
  policy: OperationPolicy;
  /** Phantom: carries the result type for inference, never read at run time. */
  result?: Res;
}
export const op =
  <Res>() =>
  <Req extends z.ZodType>(request: Req, policy: OperationPolicy): OperationSpec<Req, Res> => ({ request, policy });

export const noPayload = z.undefined();

/**
 * Long-running operations take a `taskId` chosen by the renderer; main reports their progress
 * under it as `taskProgress` push events, so the caller follows exactly its own task.
 */
export const taskId = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'A task id is 1 to 100 letters, digits, "-" or "_".');

export const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** A cardholder: its id on the service, or the negative provisional id of one created offline and waiting in the outbox. */
export const cardholderId = z
  .number()
  .int()
  .min(-Number.MAX_SAFE_INTEGER)
  .max(Number.MAX_SAFE_INTEGER)
  .refine((n) => n !== 0, { message: 'a cardholder id is never 0' });

/** The service's numbers are 32-bit (the renderer's form checks the same bound first, with its own words). */
export const MAX_SERVICE_ID = 2_147_483_647;

/** A number the service keeps (32-bit, never negative). */
export const databaseId = z.number().int().min(0).max(2_147_483_647);

/** Largest page of lookup results. */
export const MAX_PAGE = 500;

export interface ExportResult {
  saved: boolean;
  /** Where the file was written, when saved. */
  path: string | null;
  rows: number;
}

/** Progress of a long-running operation started by an operation call. */
export interface TaskProgress {
  taskId: string;
  /** What the task does, in English (the log); a task with a `task` code is worded by the renderer from it. */
  label: string;
  /** The front desk's tasks, as a code for the screen (never shown as `label`): the photo upload, the directory update and its phases. */
  task?: 'photoUpload' | 'directory' | DirectorySyncPhase;
  done: number;
  total: number | null;
  finished: boolean;
}
