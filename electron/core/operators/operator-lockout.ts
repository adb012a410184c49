/**
 * The operators' lock-out after wrong PINs: one decision for the sign-in (operator-session.ts),
 * the sign-in screen's list of who is locked, and the administrator's commands that lift a lock
 * (`admin unlock-operator NAME`, and a new PIN by `admin add-operator NAME`). A lock-out must not
 * stop the guard station, so it is gentle and bounded:
 *   - per name: 5 wrong PINs in a row lock that name for 30 s, each further lock in a row doubles
 *     it, up to 5 minutes; a right PIN or an administrator clears it;
 *   - across names (the kiosk): after 10 wrong PINs within an hour, whatever the names, every
 *     sign-in waits a short delay after the last wrong one (5 s, doubling every 10 more, up to a
 *     minute), so guessing across many names is slow without locking anyone out of their own name.
 * The state is kept in an owner-only file beside the operator list (`operators-lockout.json`), so a
 * restart does not reset the guessing, and the admin command (another process) can lift it. Names
 * are kept in a Map written as a list (never as an object's keys: `__proto__` or `constructor` is
 * a name like any other). Pure rules and the file's read and write; no Electron.
 */
import { join } from 'node:path';
import { z } from 'zod';
import { readOwnerOnly, writeOwnerOnly } from '../storage/owner-only-files';

export const OPERATOR_LOCKOUT_FILE = 'operators-lockout.json';
/** Wrong PINs in a row that lock a name. */
export const NAME_ATTEMPTS = 5;
/** A name's first lock; each further one in a row doubles it, up to NAME_LOCK_MAX_MS. */
export const NAME_LOCK_BASE_MS = 30_000;
export const NAME_LOCK_MAX_MS = 5 * 60_000;
/** Wrong PINs across names, within KIOSK_WINDOW_MS, before every sign-in is slowed. */
export const KIOSK_FREE_FAILURES = 10;
export const KIOSK_WINDOW_MS = 60 * 60_000;
/** The delay after the last wrong PIN once the kiosk is slowed; doubles every KIOSK_FREE_FAILURES more, up to KIOSK_DELAY_MAX_MS. */
export const KIOSK_DELAY_BASE_MS = 5_000;
export const KIOSK_DELAY_MAX_MS = 60_000;
/** Most wrong-PIN times kept (enough to reach the longest delay). */
const KEPT_FAILURES = 200;

export const UNLOCK_OPERATOR_COMMAND = 'admin unlock-operator';

export interface NameLock {
  /** Wrong PINs since the last lock (or the last right PIN). */
  failures: number;
  /** Locks in a row: the next lock lasts NAME_LOCK_BASE_MS · 2^lockouts (bounded). */
  lockouts: number;
  lockedUntil: number | null;
}

export interface LockoutState {
  /** By name (lockKey), without a prototype. */
  names: Map<string, NameLock>;
  /** When wrong PINs were typed, any name, oldest first (within the window). */
  failures: number[];
}

/** The key a name's lock is kept under: names are compared regardless of case and outer spaces (operator-list.ts). */
export const lockKey = (name: string): string => name.trim().toLocaleLowerCase();

export const emptyLockouts = (): LockoutState => ({ names: new Map(), failures: [] });

/** How long a name's `count`-th lock in a row lasts. */
export const nameLockSpan = (count: number): number => Math.min(NAME_LOCK_MAX_MS, NAME_LOCK_BASE_MS * 2 ** Math.min(20, Math.max(0, count - 1)));

/** Until when `name` is locked, or null when it is not. */
export function nameLockedUntil(state: LockoutState, name: string, now: number): number | null {
  const until = state.names.get(lockKey(name))?.lockedUntil ?? null;
  return until !== null && until > now ? until : null;
}

const recent = (state: LockoutState, now: number): number[] => state.failures.filter((at) => at > now - KIOSK_WINDOW_MS && at <= now);

/** Until when every sign-in waits (wrong PINs across names), or null when it does not. */
export function kioskSlowedUntil(state: LockoutState, now: number): number | null {
  const failures = recent(state, now);
  if (failures.length < KIOSK_FREE_FAILURES) return null;
  const steps = Math.floor((failures.length - KIOSK_FREE_FAILURES) / KIOSK_FREE_FAILURES);
  const delay = Math.min(KIOSK_DELAY_MAX_MS, KIOSK_DELAY_BASE_MS * 2 ** Math.min(20, steps));
  const until = (failures[failures.length - 1] ?? now) + delay;
  return until > now ? until : null;
}

/** The names locked now and until when, soonest first. */
export function lockedNames(state: LockoutState, now: number): Array<{ key: string; until: number }> {
  return [...state.names]
    .flatMap(([key, lock]) => (lock.lockedUntil !== null && lock.lockedUntil > now ? [{ key, until: lock.lockedUntil }] : []))
    .sort((a, b) => a.until - b.until);
}

/** Counts a wrong PIN for `name` (and for the kiosk); says how long the name is now locked, or how many tries are left. */
export function recordFailure(state: LockoutState, name: string, now: number): { lockedFor: number } | { left: number } {
  state.failures = [...recent(state, now), now].slice(-KEPT_FAILURES);
  const key = lockKey(name);
  const lock = state.names.get(key) ?? { failures: 0, lockouts: 0, lockedUntil: null };
  const failures = lock.failures + 1;
  if (failures >= NAME_ATTEMPTS) {
    const lockouts = lock.lockouts + 1;
    const span = nameLockSpan(lockouts);
    state.names.set(key, { failures: 0, lockouts, lockedUntil: now + span });
    return { lockedFor: span };
  }
  state.names.set(key, { failures, lockouts: lock.lockouts, lockedUntil: null });
  return { left: NAME_ATTEMPTS - failures };
}

/** A right PIN: the name starts again from nothing (the kiosk's count of wrong PINs stays). */
export function recordSuccess(state: LockoutState, name: string): void {
  state.names.delete(lockKey(name));
}

const NameEntry = z.object({ name: z.string().max(200), failures: z.number().int().min(0).max(1000), lockouts: z.number().int().min(0).max(1000), lockedUntil: z.number().nullable() }).strict();
const LockoutFile = z
  .object({
    format: z.literal('access-kiosk-operator-lockouts'),
    version: z.literal(2),
    names: z.array(NameEntry).max(10_000),
    failures: z.array(z.number()).max(10_000),
  })
  .strict();
/** What an earlier version wrote: an object by name, locks of up to an hour. */
const EarlierEntry = NameEntry.omit({ name: true });

export type LockoutRead = { state: LockoutState; damaged: boolean };

/** Reads the state; a file that cannot be read is reported `damaged` (the caller decides what that costs). */
export async function readLockouts(dir: string, now: number): Promise<LockoutRead> {
  let bytes: Buffer | null;
  try {
    bytes = await readOwnerOnly(join(dir, OPERATOR_LOCKOUT_FILE), true);
  } catch {
    return { state: emptyLockouts(), damaged: true };
  }
  if (bytes === null) return { state: emptyLockouts(), damaged: false };
  let parsed: unknown;
  try {
    parsed = JSON.parse(bytes.toString('utf8'));
  } catch {
    return { state: emptyLockouts(), damaged: true };
  }
  const file = LockoutFile.safeParse(parsed);
  if (file.success) {
    const names = new Map<string, NameLock>();
    for (const { name, ...lock } of file.data.names) names.set(lockKey(name), lock);
    return { state: { names, failures: file.data.failures.filter((at) => at > now - KIOSK_WINDOW_MS).slice(-KEPT_FAILURES) }, damaged: false };
  }
  // An earlier version's object by name: its locks kept, none longer than today's longest.
  if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) {
    const names = new Map<string, NameLock>();
    for (const [name, value] of Object.entries(parsed)) {
      const lock = EarlierEntry.safeParse(value);
      if (!lock.success) return { state: emptyLockouts(), damaged: true };
      const until = lock.data.lockedUntil === null ? null : Math.min(lock.data.lockedUntil, now + NAME_LOCK_MAX_MS);
      names.set(lockKey(name), { ...lock.data, lockedUntil: until });
    }
    return { state: { names, failures: [] }, damaged: false };
  }
  return { state: emptyLockouts(), damaged: true };
}

export async function writeLockouts(dir: string, state: LockoutState): Promise<void> {
  const names = [...state.names].map(([name, lock]) => ({ name, ...lock }));
  const file = { format: 'access-kiosk-operator-lockouts', version: 2, names, failures: state.failures };
  await writeOwnerOnly(join(dir, OPERATOR_LOCKOUT_FILE), `${JSON.stringify(file)}\n`);
}

/**
 * What a file that cannot be read costs: nobody is locked out of their name, but every sign-in is
 * slowed as after many wrong PINs (it is no way around the limits either).
 */
export function damagedLockouts(now: number): LockoutState {
  return { names: new Map(), failures: Array.from({ length: KIOSK_FREE_FAILURES }, () => now) };
}

/**
 * The administrator lifts `name`'s lock (`admin unlock-operator NAME`, or a new PIN with
 * `admin add-operator NAME`), and the kiosk-wide slowdown with it. Resolves to whether the name
 * was locked (or counting wrong PINs).
 */
export async function liftLockout(dir: string, name: string, now: number = Date.now()): Promise<boolean> {
  const { state } = await readLockouts(dir, now);
  const had = state.names.delete(lockKey(name));
  state.failures = [];
  await writeLockouts(dir, state);
  return had;
}
