/**
 * AdminLock: the administrator PIN that unlocks the Administration view, the operator log's
 * export, leaving kiosk mode and quitting. It owns the PIN file (a salted scrypt hash, owner-only,
 * beside the credential), the lock-out after wrong PINs (persisted in an owner-only file, so a
 * restart does not reset it) and the unlock window (in memory only: a restart locks). Every
 * attempt is logged, never the PIN. Attempts are checked one at a time, so parallel guesses are
 * counted like sequential ones. Operations that need the PIN call `require`, which throws a typed
 * 'forbidden' failure without a fresh unlock.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { keyedError, type AdminLockState, type ErrorParams, type MainText } from '../../contract/ipc';
import { KioskFailure } from '../ipc/failure';
import type { Logger } from '../log/logger';
import { OwnerOnlyFileError, readOwnerOnly, writeOwnerOnly } from '../storage/owner-only-files';
import { hashPin, StoredPin, verifyPin } from './pin-hash';
import { pinProblem } from './pin-rules';

/** Why the PIN cannot be used: the error's name and parameters (for the unlock's refusal) and the screen's text. */
type PinFileProblem = MainText & { name: 'noAdminPin' | 'pinFileUnusable' | 'pinFileDamaged'; params: ErrorParams };
const pinFileProblem = (name: PinFileProblem['name'], params: ErrorParams): PinFileProblem => ({ name, ...keyedError(name, params), params });

export const PIN_FILE = 'admin-pin.json';
export const LOCKOUT_FILE = 'admin-lockout.json';
/** Wrong PINs in a row before a lock-out. */
export const MAX_ATTEMPTS = 5;
/** The first lock-out; each further one in a row doubles it, up to LOCKOUT_MAX_MS. */
export const LOCKOUT_BASE_MS = 60_000;
export const LOCKOUT_MAX_MS = 60 * 60_000;
/** How long an unlock lasts without use; each admin action done within it starts it again. */
export const UNLOCK_MS = 5 * 60_000;

export const SET_PIN_COMMAND = 'admin set-pin';

const Lockout = z
  .object({
    failures: z.number().int().min(0).max(1000),
    lockouts: z.number().int().min(0).max(1000),
    lockedUntil: z.number().nullable(),
  })
  .strict();
type Lockout = z.infer<typeof Lockout>;

export interface AdminLockOptions {
  /** The credential's directory (owner-only): the PIN and the lock-out state live there. */
  dir: string;
  log: Logger;
  now?: () => number;
  unlockMs?: number;
}

/** Writes a new admin PIN (after checking its rules) and clears any lock-out. Throws KioskFailure('invalid_request') for a PIN that breaks the rules. */
export async function setAdminPin(dir: string, pin: string, params?: Parameters<typeof hashPin>[1]): Promise<void> {
  const problem = pinProblem(pin);
  if (problem) throw KioskFailure.of('invalid_request', problem);
  const stored = await hashPin(pin, params);
  await writeOwnerOnly(join(dir, PIN_FILE), `${JSON.stringify(stored)}\n`);
  await rm(join(dir, LOCKOUT_FILE), { force: true });
}

export class AdminLock {
  private readonly now: () => number;
  private readonly unlockMs: number;
  private unlockedUntil: number | null = null;
  /** Attempts run one after another. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: AdminLockOptions) {
    this.now = options.now ?? Date.now;
    this.unlockMs = options.unlockMs ?? UNLOCK_MS;
  }

  get pinFile(): string {
    return join(this.options.dir, PIN_FILE);
  }

  get lockoutFile(): string {
    return join(this.options.dir, LOCKOUT_FILE);
  }

  async state(): Promise<AdminLockState> {
    const pin = await this.readPin();
    const lockout = await this.readLockout();
    const now = this.now();
    const unlocked = pin.stored !== null && this.unlockedUntil !== null && now < this.unlockedUntil;
    return {
      configured: pin.stored !== null,
      unlocked,
      unlockedUntil: unlocked && this.unlockedUntil !== null ? new Date(this.unlockedUntil).toISOString() : null,
      lockedUntil: lockout.lockedUntil !== null && lockout.lockedUntil > now ? new Date(lockout.lockedUntil).toISOString() : null,
      attemptsLeft: Math.max(0, MAX_ATTEMPTS - lockout.failures),
      problem: pin.problem?.message ?? null,
      problemText: pin.problem && { key: pin.problem.key, params: pin.problem.params, message: pin.problem.message },
      setCommand: SET_PIN_COMMAND,
    };
  }

  /** Checks one PIN. Resolves to the unlocked state; throws a typed failure (wrong PIN, locked out, no PIN). */
  unlock(pin: string): Promise<AdminLockState> {
    const attempt = this.queue.then(() => this.attempt(pin));
    this.queue = attempt.catch(() => undefined);
    return attempt;
  }

  lock(): Promise<AdminLockState> {
    if (this.unlockedUntil !== null) this.options.log.info('admin-lock', 'locked again');
    this.unlockedUntil = null;
    return this.state();
  }

  /** Throws KioskFailure('forbidden') unless the admin actions are unlocked; `action` names what was refused, for the person and the log. */
  require(action: string): void {
    const now = this.now();
    if (this.unlockedUntil === null || now >= this.unlockedUntil) {
      this.unlockedUntil = null;
      this.options.log.warn('admin-lock', `refused without the admin PIN: ${action}`);
      throw KioskFailure.keyed('forbidden', 'adminNeeded', { action }, { detail: `admin lock: ${action} refused, not unlocked` });
    }
    this.unlockedUntil = now + this.unlockMs;
  }

  private async attempt(pin: string): Promise<AdminLockState> {
    const log = this.options.log;
    const { stored, problem } = await this.readPin();
    if (!stored) {
      log.warn('admin-lock', `unlock attempt refused: ${problem?.message ?? 'no admin PIN is set'}`);
      throw KioskFailure.keyed('config', problem?.name ?? 'noAdminPin', problem?.params ?? { command: SET_PIN_COMMAND });
    }
    const lockout = await this.readLockout();
    const now = this.now();
    if (lockout.lockedUntil !== null && lockout.lockedUntil > now) {
      log.warn('admin-lock', `unlock attempt refused: locked out until ${new Date(lockout.lockedUntil).toISOString()} (the PIN was not checked)`);
      throw KioskFailure.keyed('forbidden', 'lockedOut', { count: minutesOf(lockout.lockedUntil - now) }, { detail: 'admin lock: locked out' });
    }
    if (await verifyPin(pin, stored)) {
      await this.writeLockout({ failures: 0, lockouts: 0, lockedUntil: null });
      this.unlockedUntil = this.now() + this.unlockMs;
      log.info('admin-lock', 'unlock attempt accepted: the admin actions are unlocked');
      return this.state();
    }
    const failures = lockout.failures + 1;
    if (failures >= MAX_ATTEMPTS) {
      const lockouts = lockout.lockouts + 1;
      const span = Math.min(LOCKOUT_MAX_MS, LOCKOUT_BASE_MS * 2 ** Math.min(20, lockouts - 1));
      await this.writeLockout({ failures: 0, lockouts, lockedUntil: now + span });
      log.warn('admin-lock', `unlock attempt refused: wrong PIN (${failures} of ${MAX_ATTEMPTS}); locked out for ${minutesText(span)} (lock-out ${lockouts} in a row)`);
      throw KioskFailure.keyed('forbidden', 'wrongPinLockedOut', { count: minutesOf(span) }, { detail: 'admin lock: wrong PIN, locked out' });
    }
    await this.writeLockout({ ...lockout, failures, lockedUntil: null });
    log.warn('admin-lock', `unlock attempt refused: wrong PIN (${failures} of ${MAX_ATTEMPTS})`);
    const left = MAX_ATTEMPTS - failures;
    throw KioskFailure.keyed('forbidden', 'wrongPin', { count: left }, { detail: 'admin lock: wrong PIN' });
  }

  private async readPin(): Promise<{ stored: StoredPin | null; problem: PinFileProblem | null }> {
    const none = pinFileProblem('noAdminPin', { command: SET_PIN_COMMAND });
    let bytes: Buffer | null;
    try {
      bytes = await readOwnerOnly(this.pinFile, true);
    } catch (thrown) {
      const why = thrown instanceof OwnerOnlyFileError ? thrown.detail : thrown instanceof Error ? thrown.message : String(thrown);
      return { stored: null, problem: pinFileProblem('pinFileUnusable', { file: this.pinFile, reason: why, command: SET_PIN_COMMAND }) };
    }
    if (bytes === null) return { stored: null, problem: none };
    let parsed: unknown;
    try {
      parsed = JSON.parse(bytes.toString('utf8'));
    } catch {
      parsed = undefined;
    }
    const result = StoredPin.safeParse(parsed);
    if (!result.success) return { stored: null, problem: pinFileProblem('pinFileDamaged', { file: this.pinFile, command: SET_PIN_COMMAND }) };
    return { stored: result.data, problem: null };
  }

  private async readLockout(): Promise<Lockout> {
    let bytes: Buffer | null;
    try {
      bytes = await readOwnerOnly(this.lockoutFile, true);
    } catch {
      bytes = Buffer.from('damaged');
    }
    if (bytes === null) return { failures: 0, lockouts: 0, lockedUntil: null };
    let parsed: unknown;
    try {
      parsed = JSON.parse(bytes.toString('utf8'));
    } catch {
      parsed = undefined;
    }
    const result = Lockout.safeParse(parsed);
    if (result.success) return result.data;
    // A lock-out file that cannot be read is not a way around the lock-out: it counts as one.
    this.options.log.warn('admin-lock', `the lock-out state (${this.lockoutFile}) cannot be read: treated as a lock-out`);
    const lockout = { failures: 0, lockouts: 1, lockedUntil: this.now() + LOCKOUT_BASE_MS };
    await this.writeLockout(lockout);
    return lockout;
  }

  private async writeLockout(lockout: Lockout): Promise<void> {
    await writeOwnerOnly(this.lockoutFile, `${JSON.stringify(lockout)}\n`);
  }
}

function minutesOf(ms: number): number {
  return Math.max(1, Math.ceil(ms / 60_000));
}

function minutesText(ms: number): string {
  const minutes = minutesOf(ms);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}
