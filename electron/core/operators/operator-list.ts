/**
 * The provisioned list of operators (guards and front-desk officers) who may sign in at this
 * kiosk: each a name and a personal PIN kept as a salted scrypt hash exactly like the
 * administrator PIN (../admin-lock/pin-hash.ts, same rules in pin-rules.ts). The list lives in an
 * owner-only file beside the credential and the admin PIN (`operators.json`); the admin command
 * (`admin add-operator NAME`, `remove-operator NAME`, `list-operators`) writes it, the kiosk only
 * reads it; a new PIN or a removal also lifts the name's lock-out (operator-lockout.ts). A PIN or
 * its hash never leaves main.
 */
import { join } from 'node:path';
import { z } from 'zod';
import { KioskFailure } from '../ipc/failure';
import { OwnerOnlyFileError, readOwnerOnly, writeOwnerOnly } from '../storage/owner-only-files';
import { hashPin, StoredPin } from '../admin-lock/pin-hash';
import { pinProblem } from '../admin-lock/pin-rules';
import { screenText, type ScreenText } from '../../contract/ipc';
import { liftLockout } from './operator-lockout';

export const OPERATORS_FILE = 'operators.json';
/** The site's operators as the shared alarm desk's store last gave them (site-desk/): a copy, so sign-in works while the store is down. */
export const SITE_OPERATORS_FILE = 'site-operators.json';
export const ADD_OPERATOR_COMMAND = 'admin add-operator';
/** Most operators one kiosk's list holds. */
export const MAX_OPERATORS = 500;
/** The name written on records when the site lets a guard sign in without a name. */
export const UNNAMED_OPERATOR = 'unnamed';

const OperatorEntry = z.object({ name: z.string().min(1).max(100), pin: StoredPin }).strict();
export type OperatorEntry = z.infer<typeof OperatorEntry>;
const OperatorFile = z
  .object({ format: z.literal('access-kiosk-operators'), version: z.literal(1), operators: z.array(OperatorEntry).max(MAX_OPERATORS) })
  .strict();

/** Why `name` cannot be an operator's name, or null. */
export function operatorNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'the operator needs a name.';
  if (trimmed.length > 100) return 'an operator name can have at most 100 characters.';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(trimmed)) return 'an operator name cannot contain control characters.';
  if (trimmed.toLowerCase() === UNNAMED_OPERATOR) return `"${UNNAMED_OPERATOR}" is kept for signing in without a name.`;
  return null;
}

const sameName = (a: string, b: string): boolean => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

export interface OperatorListRead {
  operators: OperatorEntry[];
  /** Why the file cannot be used (damaged, too open), in English; null when it is fine or absent. */
  problem: string | null;
  /** The same as a key + parameters, for the screen to word in its language. */
  problemText: ScreenText | null;
}

export async function readOperatorList(dir: string, name: string = OPERATORS_FILE): Promise<OperatorListRead> {
  const file = join(dir, name);
  let bytes: Buffer | null;
  try {
    bytes = await readOwnerOnly(file, true);
  } catch (thrown) {
    const why = thrown instanceof OwnerOnlyFileError ? thrown.detail : thrown instanceof Error ? thrown.message : String(thrown);
    return unusable(screenText('operators.fromMain.listUnusable', { file, reason: why, command: ADD_OPERATOR_COMMAND }));
  }
  if (bytes === null) return { operators: [], problem: null, problemText: null };
  let parsed: unknown;
  try {
    parsed = JSON.parse(bytes.toString('utf8'));
  } catch {
    parsed = undefined;
  }
  const result = OperatorFile.safeParse(parsed);
  if (!result.success) return unusable(screenText('operators.fromMain.listDamaged', { file, command: ADD_OPERATOR_COMMAND }));
  return { operators: result.data.operators, problem: null, problemText: null };
}

const unusable = (text: ScreenText): OperatorListRead => ({ operators: [], problem: text.message, problemText: text });

async function writeList(dir: string, operators: OperatorEntry[], name: string = OPERATORS_FILE): Promise<void> {
  await writeOwnerOnly(join(dir, name), `${JSON.stringify({ format: 'access-kiosk-operators', version: 1, operators }, null, 1)}\n`);
}

/** Keeps the site's operators as the store gave them (entries that do not fit the list's rules are left out, and counted). */
export async function writeSiteOperators(dir: string, operators: readonly unknown[]): Promise<{ kept: number; refused: number }> {
  const kept = operators.flatMap((entry) => {
    const parsed = OperatorEntry.safeParse(entry);
    return parsed.success && operatorNameProblem(parsed.data.name) === null ? [parsed.data] : [];
  });
  await writeList(dir, kept.slice(0, MAX_OPERATORS), SITE_OPERATORS_FILE);
  return { kept: Math.min(kept.length, MAX_OPERATORS), refused: operators.length - Math.min(kept.length, MAX_OPERATORS) };
}

/**
 * Who may sign in at this kiosk: its own list, and the site's (the shared alarm desk's copy),
 * where a name on both is this kiosk's. The local list's problem is the one said.
 */
export async function readSignInList(dir: string): Promise<OperatorListRead> {
  const local = await readOperatorList(dir);
  const site = await readOperatorList(dir, SITE_OPERATORS_FILE);
  const extra = site.operators.filter((o) => !local.operators.some((l) => sameName(l.name, o.name)));
  return { ...local, operators: [...local.operators, ...extra] };
}

/** Adds an operator or replaces the PIN of one already listed (names compared regardless of case). Throws KioskFailure('invalid_request'). */
export async function setOperatorPin(dir: string, name: string, pin: string, params?: Parameters<typeof hashPin>[1]): Promise<'added' | 'replaced'> {
  const nameIssue = operatorNameProblem(name);
  if (nameIssue) throw KioskFailure.of('invalid_request', nameIssue);
  const pinIssue = pinProblem(pin);
  if (pinIssue) throw KioskFailure.of('invalid_request', pinIssue);
  const { operators, problem, problemText } = await readOperatorList(dir);
  if (problem && problemText?.key !== 'operators.fromMain.listDamaged') throw KioskFailure.of('config', problem);
  const stored = await hashPin(pin, params);
  const index = operators.findIndex((o) => sameName(o.name, name));
  if (index < 0 && operators.length >= MAX_OPERATORS) throw KioskFailure.of('invalid_request', `the list already holds ${MAX_OPERATORS} operators.`);
  const entry: OperatorEntry = { name: index < 0 ? name.trim() : (operators[index]?.name ?? name.trim()), pin: stored };
  const next = index < 0 ? [...operators, entry] : operators.map((o, i) => (i === index ? entry : o));
  await writeList(dir, next);
  // A new PIN lifts the name's lock-out (operator-lockout.ts): the administrator was there.
  await liftLockout(dir, entry.name);
  return index < 0 ? 'added' : 'replaced';
}

/** Removes an operator; false when the name is not listed. */
export async function removeOperator(dir: string, name: string): Promise<boolean> {
  const { operators, problem } = await readOperatorList(dir);
  if (problem) throw KioskFailure.of('config', problem);
  const next = operators.filter((o) => !sameName(o.name, name));
  if (next.length === operators.length) return false;
  await writeList(dir, next);
  await liftLockout(dir, name);
  return true;
}

export function findOperator(operators: readonly OperatorEntry[], name: string): OperatorEntry | null {
  return operators.find((o) => sameName(o.name, name)) ?? null;
}
