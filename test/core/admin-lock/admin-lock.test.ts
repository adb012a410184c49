// The admin lock: a salted scrypt hash with its parameters, constant-time check, five wrong PINs
// lock it out for a growing time that survives a restart (a new AdminLock on the same files),
// every attempt logged and never the PIN, the unlock window, and parallel guesses counted.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AdminLock, LOCKOUT_BASE_MS, MAX_ATTEMPTS, PIN_FILE, UNLOCK_MS, setAdminPin } from '../../../electron/core/admin-lock/admin-lock';
import { hashPin, verifyPin } from '../../../electron/core/admin-lock/pin-hash';
import { pinProblem } from '../../../electron/core/admin-lock/pin-rules';
import { createLogger, memorySink } from '../../../electron/core/log/logger';
import { KioskFailure } from '../../../electron/core/ipc/failure';

const PIN = '480261';
/** Cheap scrypt parameters so the tests do not spend seconds hashing (the real ones are tested once). */
const FAST = { N: 1024, r: 8, p: 1, keyLength: 32, saltLength: 16 };

let dir: string;
let clock: number;
let lines: string[];
const lockAt = () => {
  const memory = memorySink();
  lines = memory.lines;
  return new AdminLock({ dir, log: createLogger(memory.sink), now: () => clock });
};
const failure = async (promise: Promise<unknown>): Promise<KioskFailure> => {
  try {
    await promise;
  } catch (thrown) {
    if (thrown instanceof KioskFailure) return thrown;
    throw thrown;
  }
  throw new Error('expected a failure');
};

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'kiosk-lock-'));
  clock = Date.parse('2026-11-23T10:00:00.000Z');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the stored PIN', () => {
  it('is a salted scrypt hash with its parameters; the same PIN hashes differently each time', async () => {
    const a = await hashPin(PIN);
    const b = await hashPin(PIN);
    expect(a).toMatchObject({ algorithm: 'scrypt', N: 32768, r: 8, p: 1, keyLength: 32 });
    expect(a.salt).not.toBe(b.salt);
    expect(a.hash).not.toBe(b.hash);
    expect(JSON.stringify(a)).not.toContain(PIN);
    expect(await verifyPin(PIN, a)).toBe(true);
    expect(await verifyPin('480262', a)).toBe(false);
  });

  it('is checked with the parameters recorded beside it', async () => {
    const cheap = await hashPin(PIN, FAST);
    expect(cheap.N).toBe(1024);
    expect(await verifyPin(PIN, cheap)).toBe(true);
  });

  it('is written owner-only beside the credential', async () => {
    await setAdminPin(dir, PIN, FAST);
    const file = path.join(dir, PIN_FILE);
    expect(readFileSync(file, 'utf8')).not.toContain(PIN);
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it.each([
    ['12345', /too short/],
    ['1234567890123', /too long/],
    ['12a456', /digits only/],
    ['000000', /repeated/],
    ['234567', /straight run/],
    ['876543', /straight run/],
    ['901234', /straight run/],
  ])('rule: %s is refused', (pin, why) => {
    expect(pinProblem(pin)).toMatch(why);
  });

  it('rule: an ordinary PIN passes', () => {
    expect(pinProblem('480261')).toBeNull();
    expect(pinProblem('135792468024')).toBeNull();
  });
});

describe('unlocking', () => {
  beforeEach(() => setAdminPin(dir, PIN, FAST));

  it('without a PIN set: not configured, says what to run, refuses every unlock', async () => {
    rmSync(path.join(dir, PIN_FILE));
    const lock = lockAt();
    expect(await lock.state()).toMatchObject({ configured: false, unlocked: false, problem: expect.stringMatching(/admin set-pin/) });
    expect((await failure(lock.unlock(PIN))).error.code).toBe('config');
    expect(() => lock.require('Quitting the kiosk')).toThrow(/needs the administrator PIN/);
  });

  it('the right PIN unlocks for a while; each admin action keeps it unlocked; it lapses and can be locked again', async () => {
    const lock = lockAt();
    expect(() => lock.require('Opening the Administration view')).toThrow(KioskFailure);
    expect(await lock.unlock(PIN)).toMatchObject({ configured: true, unlocked: true, attemptsLeft: MAX_ATTEMPTS });
    expect(() => lock.require('Opening the Administration view')).not.toThrow();
    clock += UNLOCK_MS - 1;
    expect(() => lock.require('Opening the Administration view')).not.toThrow();
    clock += UNLOCK_MS;
    expect(() => lock.require('Opening the Administration view')).toThrow(/needs the administrator PIN/);
    await lock.unlock(PIN);
    expect(await lock.lock()).toMatchObject({ unlocked: false });
    expect(() => lock.require('Quitting the kiosk')).toThrow();
  });

  it('a restart locks (the unlock is not persisted)', async () => {
    await lockAt().unlock(PIN);
    expect((await lockAt().state()).unlocked).toBe(false);
  });

  it('five wrong PINs lock it out for a growing time, persisted across a restart; a good PIN resets', async () => {
    let lock = lockAt();
    for (let i = 1; i < MAX_ATTEMPTS; i++) {
      const wrong = await failure(lock.unlock('111112'));
      expect(wrong.error).toMatchObject({ code: 'forbidden', message: expect.stringMatching(new RegExp(`Wrong PIN\\. ${MAX_ATTEMPTS - i} tr`)) });
    }
    expect((await failure(lock.unlock('111112'))).error.message).toMatch(/try again in 1 minute/);
    // A restart does not reset it, and the right PIN is not even checked while locked out.
    lock = lockAt();
    expect(await lock.state()).toMatchObject({ lockedUntil: new Date(clock + LOCKOUT_BASE_MS).toISOString() });
    expect((await failure(lock.unlock(PIN))).error.message).toMatch(/Too many wrong PINs/);
    clock += LOCKOUT_BASE_MS;
    for (let i = 1; i < MAX_ATTEMPTS; i++) await failure(lock.unlock('111112'));
    expect((await failure(lock.unlock('111112'))).error.message).toMatch(/try again in 2 minutes/);
    clock += 2 * LOCKOUT_BASE_MS;
    for (let i = 1; i < MAX_ATTEMPTS; i++) await failure(lock.unlock('111112'));
    expect((await failure(lock.unlock('111112'))).error.message).toMatch(/try again in 4 minutes/);
    clock += 4 * LOCKOUT_BASE_MS;
    expect((await lock.unlock(PIN)).unlocked).toBe(true);
    await lock.lock();
    for (let i = 1; i < MAX_ATTEMPTS; i++) await failure(lock.unlock('111112'));
    expect((await failure(lock.unlock('111112'))).error.message).toMatch(/try again in 1 minute/);
  });

  it('parallel guesses are counted one by one: the sixth of six at once is refused unchecked', async () => {
    const lock = lockAt();
    const answers = await Promise.allSettled([...Array.from({ length: MAX_ATTEMPTS }, () => lock.unlock('111112')), lock.unlock(PIN)]);
    expect(answers.every((a) => a.status === 'rejected')).toBe(true);
    expect((await lock.state()).lockedUntil).not.toBeNull();
  });

  it('a damaged lock-out file is not a way around it: it counts as a lock-out', async () => {
    const lock = lockAt();
    await failure(lock.unlock('111112'));
    writeFileSync(path.join(dir, 'admin-lockout.json'), '{"failures": "none"}');
    chmodSync(path.join(dir, 'admin-lockout.json'), 0o600);
    expect((await failure(lock.unlock(PIN))).error.message).toMatch(/Too many wrong PINs/);
  });

  it('a damaged PIN file: not configured, the problem says to set it again', async () => {
    writeFileSync(path.join(dir, PIN_FILE), '{"format":"other"}');
    chmodSync(path.join(dir, PIN_FILE), 0o600);
    expect(await lockAt().state()).toMatchObject({ configured: false, problem: expect.stringMatching(/damaged.*set-pin/) });
    // The screen words it from its key (issue 23), and an unlock is refused with the same key.
    expect((await lockAt().state()).problemText).toMatchObject({ key: 'errors.pinFileDamaged', params: { file: expect.any(String), command: expect.stringMatching(/set-pin/) } });
    await expect(lockAt().unlock('1234')).rejects.toMatchObject({ error: { code: 'config', key: 'errors.pinFileDamaged' } });
  });

  it('logs every attempt and refusal, never the PIN', async () => {
    const lock = lockAt();
    await failure(lock.unlock('111112'));
    await lock.unlock(PIN);
    await lock.lock();
    expect(() => lock.require('Quitting the kiosk')).toThrow();
    const log = lines.join('\n');
    expect(log).toMatch(/unlock attempt refused: wrong PIN \(1 of 5\)/);
    expect(log).toMatch(/unlock attempt accepted/);
    expect(log).toMatch(/refused without the admin PIN: Quitting the kiosk/);
    expect(log).not.toContain(PIN);
    expect(log).not.toContain('111112');
  });
});
