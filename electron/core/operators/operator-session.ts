/**
 * OperatorSession: who is on shift at this kiosk. Main owns it; the renderer only asks. A shift
 * starts with a name from the provisioned list (operator-list.ts) and that operator's PIN, or —
 * where the site allows it (operators.allowUnnamed) — without a name ("unnamed"). Wrong PINs are
 * counted per operator with the administrator PIN's rules (5 in a row lock that name for 1 minute,
 * then 2, 4, … up to an hour, kept across restarts in an owner-only file). Every attempt is
 * logged, never the PIN. The shift itself is kept in an owner-only file in the data directory so
 * a restart (a crash, a power cut) keeps it; only "End shift" ends it — the idle reset does not.
 * `name()` is what every recorded action is stamped with.
 */
import { join } from 'node:path';
import { z } from 'zod';
import { screenText, type OperatorState } from '../../contract/ipc';
import { KioskFailure } from '../ipc/failure';
import type { Logger } from '../log/logger';
import { readOwnerOnly, writeOwnerOnly } from '../storage/owner-only-files';
import { rm } from 'node:fs/promises';
import { verifyPin } from '../admin-lock/pin-hash';
import { LOCKOUT_BASE_MS, LOCKOUT_MAX_MS, MAX_ATTEMPTS } from '../admin-lock/admin-lock';
import { ADD_OPERATOR_COMMAND, findOperator, readSignInList, UNNAMED_OPERATOR } from './operator-list';

export const SESSION_FILE = 'operator-session.json';
export const OPERATOR_LOCKOUT_FILE = 'operators-lockout.json';

const Lockout = z.object({ failures: z.number().int().min(0).max(1000), lockouts: z.number().int().min(0).max(1000), lockedUntil: z.number().nullable() }).strict();
type Lockout = z.infer<typeof Lockout>;
const Lockouts = z.record(z.string().max(200), Lockout);
const Session = z.object({ name: z.string().min(1).max(100), unnamed: z.boolean(), since: z.iso.datetime({ offset: true }) }).strict();
export type Shift = z.infer<typeof Session>;

export interface OperatorSessionOptions {
  /** Where the operator list and the lock-outs live (the credential's directory, beside the admin PIN). */
  listDir: string;
  /** Where the shift under way is kept (the data directory). */
  dataDir: string;
  signIn: 'required' | 'off';
  allowUnnamed: boolean;
  log: Logger;
  now?: () => number;
}

const NONE = { failures: 0, lockouts: 0, lockedUntil: null } satisfies Lockout;

export class OperatorSession {
  private readonly now: () => number;
  private shift: Shift | null = null;
  private loaded = false;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: OperatorSessionOptions) {
    this.now = options.now ?? Date.now;
  }

  get sessionFile(): string {
    return join(this.options.dataDir, SESSION_FILE);
  }

  get lockoutFile(): string {
    return join(this.options.listDir, OPERATOR_LOCKOUT_FILE);
  }

  /** Reads the shift kept across a restart. */
  async load(): Promise<void> {
    if (this.loaded) return;
    this.loaded = true;
    try {
      const bytes = await readOwnerOnly(this.sessionFile, true);
      if (bytes === null) return;
      const parsed = Session.safeParse(JSON.parse(bytes.toString('utf8')));
      if (parsed.success) {
        this.shift = parsed.data;
        this.options.log.info('operators', `the shift of ${parsed.data.name} (since ${parsed.data.since}) goes on after a restart`);
      } else this.options.log.warn('operators', `the shift file (${this.sessionFile}) is damaged: nobody is signed in`);
    } catch (thrown) {
      this.options.log.warn('operators', `the shift file (${this.sessionFile}) cannot be read: ${thrown instanceof Error ? thrown.message : String(thrown)}`);
    }
  }

  /** The name every recorded action carries: the operator's, "unnamed", or null when nobody is signed in. */
  name(): string | null {
    return this.shift?.name ?? null;
  }

  current(): Shift | null {
    return this.shift ? { ...this.shift } : null;
  }

  async state(): Promise<OperatorState> {
    await this.load();
    const { operators, problem, problemText } = await readSignInList(this.options.listDir);
    const none = operators.length === 0 && !problem;
    const text = problemText ?? (none ? screenText('operators.fromMain.noneProvisioned', { command: ADD_OPERATOR_COMMAND }) : null);
    return {
      signIn: this.options.signIn,
      allowUnnamed: this.options.allowUnnamed,
      names: operators.map((o) => o.name),
      current: this.shift ? { ...this.shift } : null,
      problem: text?.message ?? null,
      problemText: text,
      addCommand: ADD_OPERATOR_COMMAND,
    };
  }

  /** Starts a shift. `name` null: unnamed (where allowed). Attempts are checked one at a time. */
  signIn(name: string | null, pin: string): Promise<OperatorState> {
    const attempt = this.queue.then(() => this.attempt(name, pin));
    this.queue = attempt.catch(() => undefined);
    return attempt;
  }

  /** Ends the shift; resolves to the shift that ended (null when nobody was signed in). */
  async end(): Promise<Shift | null> {
    await this.load();
    const ended = this.shift;
    this.shift = null;
    await rm(this.sessionFile, { force: true });
    if (ended) this.options.log.info('operators', `shift ended: ${ended.name} (since ${ended.since})`);
    return ended;
  }

  private async start(name: string, unnamed: boolean): Promise<OperatorState> {
    this.shift = { name, unnamed, since: new Date(this.now()).toISOString() };
    await writeOwnerOnly(this.sessionFile, `${JSON.stringify(this.shift)}\n`);
    this.options.log.info('operators', `shift started: ${name}`);
    return this.state();
  }

  private async attempt(name: string | null, pin: string): Promise<OperatorState> {
    await this.load();
    const log = this.options.log;
    if (this.shift) {
      throw KioskFailure.keyed('rejected', 'shiftUnderWay', { name: this.shift.name }, { detail: 'operators: sign-in while a shift is under way' });
    }
    if (name === null) {
      if (!this.options.allowUnnamed) {
        log.warn('operators', 'sign-in without a name refused: the site names its operators');
        throw KioskFailure.keyed('forbidden', 'unnamedShiftRefused');
      }
      return this.start(UNNAMED_OPERATOR, true);
    }
    const { operators, problem } = await readSignInList(this.options.listDir);
    const entry = findOperator(operators, name);
    if (!entry) {
      // A name not on the list may be a PIN typed in the wrong field: a personal value, never logged in clear.
      log.redactPersonal(name);
      log.warn('operators', `sign-in refused: "${name}" is not on the operator list`);
      throw problem ? KioskFailure.of('not_found', problem, { field: 'name' }) : KioskFailure.keyed('not_found', 'notOnOperatorList', {}, { field: 'name' });
    }
    const key = entry.name.toLocaleLowerCase();
    const lockouts = await this.readLockouts();
    const lockout = lockouts[key] ?? NONE;
    const now = this.now();
    if (lockout.lockedUntil !== null && lockout.lockedUntil > now) {
      log.warn('operators', `sign-in refused for ${entry.name}: locked out until ${new Date(lockout.lockedUntil).toISOString()} (the PIN was not checked)`);
      throw KioskFailure.keyed('forbidden', 'operatorLockedOut', { name: entry.name, count: minutesOf(lockout.lockedUntil - now) }, { detail: 'operators: locked out' });
    }
    if (await verifyPin(pin, entry.pin)) {
      delete lockouts[key];
      await this.writeLockouts(lockouts);
      log.info('operators', `sign-in accepted for ${entry.name}`);
      return this.start(entry.name, false);
    }
    const failures = lockout.failures + 1;
    if (failures >= MAX_ATTEMPTS) {
      const count = lockout.lockouts + 1;
      const span = Math.min(LOCKOUT_MAX_MS, LOCKOUT_BASE_MS * 2 ** Math.min(20, count - 1));
      lockouts[key] = { failures: 0, lockouts: count, lockedUntil: now + span };
      await this.writeLockouts(lockouts);
      log.warn('operators', `sign-in refused for ${entry.name}: wrong PIN (${failures} of ${MAX_ATTEMPTS}); locked out for ${minutesText(span)}`);
      throw KioskFailure.keyed('forbidden', 'wrongPinLockedOut', { count: minutesOf(span) }, { detail: 'operators: wrong PIN, locked out' });
    }
    lockouts[key] = { ...lockout, failures, lockedUntil: null };
    await this.writeLockouts(lockouts);
    log.warn('operators', `sign-in refused for ${entry.name}: wrong PIN (${failures} of ${MAX_ATTEMPTS})`);
    const left = MAX_ATTEMPTS - failures;
    throw KioskFailure.keyed('forbidden', 'operatorWrongPin', { count: left }, { detail: 'operators: wrong PIN' });
  }

  private async readLockouts(): Promise<Record<string, Lockout>> {
    let bytes: Buffer | null;
    try {
      bytes = await readOwnerOnly(this.lockoutFile, true);
    } catch {
      bytes = Buffer.from('damaged');
    }
    if (bytes === null) return {};
    let parsed: unknown;
    try {
      parsed = JSON.parse(bytes.toString('utf8'));
    } catch {
      parsed = undefined;
    }
    const result = Lockouts.safeParse(parsed);
    if (result.success) return result.data;
    // As for the admin PIN: a lock-out file that cannot be read is not a way around the lock-out.
    this.options.log.warn('operators', `the lock-out state (${this.lockoutFile}) cannot be read: every name is locked for a minute`);
    const { operators } = await readSignInList(this.options.listDir);
    const all = Object.fromEntries(operators.map((o) => [o.name.toLocaleLowerCase(), { failures: 0, lockouts: 1, lockedUntil: this.now() + LOCKOUT_BASE_MS }]));
    await this.writeLockouts(all);
    return all;
  }

  private async writeLockouts(lockouts: Record<string, Lockout>): Promise<void> {
    await writeOwnerOnly(this.lockoutFile, `${JSON.stringify(lockouts)}\n`);
  }
}

function minutesOf(ms: number): number {
  return Math.max(1, Math.ceil(ms / 60_000));
}

function minutesText(ms: number): string {
  const minutes = minutesOf(ms);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}
