// The operators' lock-out after wrong PINs (audit 32, Medium 4 and the Low on names): wrong PINs
// for every name lock nobody out for long, a lock grows gently and is bounded, guessing across
// names is slowed, an administrator lifts a lock (unlock or a new PIN), the screen's state says who
// is locked and until when, the state survives a restart, and names such as `__proto__` or
// `constructor` are names like any other. The clock is injected: no test waits.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger, memorySink } from '../../../electron/core/log/logger';
import { setOperatorPin } from '../../../electron/core/operators/operator-list';
import { OperatorSession } from '../../../electron/core/operators/operator-session';
import {
  KIOSK_DELAY_BASE_MS,
  KIOSK_DELAY_MAX_MS,
  KIOSK_FREE_FAILURES,
  liftLockout,
  NAME_ATTEMPTS,
  NAME_LOCK_BASE_MS,
  NAME_LOCK_MAX_MS,
  OPERATOR_LOCKOUT_FILE,
} from '../../../electron/core/operators/operator-lockout';

const FAST = { N: 2 ** 10, r: 8, p: 1, keyLength: 32, saltLength: 16 };
const WRONG = '000111';
const PINS: Record<string, string> = { 'Ada Guard': '482915', 'Bo Officer': '591734', 'Cy Night': '739164' };

let dir: string;
let t: number;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'kiosk-lockout-'));
  t = Date.parse('2026-11-25T01:00:00Z');
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function session() {
  const logged = memorySink();
  const s = new OperatorSession({ listDir: dir, dataDir: dir, signIn: 'required', allowUnnamed: true, log: createLogger(logged.sink), now: () => t });
  return { s, lines: logged.lines };
}

async function provision(names: Record<string, string> = PINS): Promise<void> {
  for (const [name, pin] of Object.entries(names)) await setOperatorPin(dir, name, pin, FAST);
}

/** Wrong PINs for `name` until it is locked, waiting as the kiosk tells between them; resolves to the last refusal's message. */
async function lock(s: OperatorSession, name: string): Promise<string> {
  let last = '';
  for (let i = 0; i < NAME_ATTEMPTS; i++) {
    const slowed = (await s.state()).slowedUntil;
    if (slowed) t = Date.parse(slowed);
    try {
      await s.signIn(name, WRONG);
    } catch (thrown) {
      last = (thrown as { error: { message: string } }).error.message;
    }
  }
  return last;
}

describe('a lock-out does not stop the guard station', () => {
  it('a name is locked for 30 s after five wrong PINs, doubling, never longer than 5 minutes', async () => {
    await provision({ 'Ada Guard': PINS['Ada Guard']! });
    const { s } = session();
    const spans: number[] = [];
    for (let round = 0; round < 8; round++) {
      await lock(s, 'Ada Guard');
      const until = (await s.state()).locked?.[0]?.until;
      expect(until).toBeDefined();
      spans.push(Date.parse(until!) - t);
      t = Date.parse(until!) + 1;
    }
    expect(spans[0]).toBe(NAME_LOCK_BASE_MS);
    expect(spans.slice(0, 5)).toEqual([30_000, 60_000, 120_000, 240_000, NAME_LOCK_MAX_MS]);
    expect(Math.max(...spans)).toBe(NAME_LOCK_MAX_MS);
    // Once the lock has passed, the right PIN signs in and the name starts again from nothing.
    expect((await s.signIn('Ada Guard', PINS['Ada Guard']!)).current?.name).toBe('Ada Guard');
    await s.end();
    expect((await s.state()).locked).toEqual([]);
  });

  it('wrong PINs for every name lock each for 30 s only; guessing across names is slowed; everyone signs in again soon', async () => {
    await provision({ ...PINS, 'Di Day': '264819' });
    const { s, lines } = session();
    for (const name of Object.keys(PINS)) await lock(s, name);
    const state = await s.state();
    expect(state.locked?.map((l) => l.name).sort()).toEqual(Object.keys(PINS).sort());
    // 15 wrong PINs across names: every sign-in waits a short while after the last one, the right PIN unchecked.
    expect(state.slowedUntil).toBe(new Date(t + KIOSK_DELAY_BASE_MS).toISOString());
    await expect(s.signIn('Di Day', '264819')).rejects.toMatchObject({ error: { code: 'forbidden', key: 'errors.signInSlowed', params: { count: 5 } } });
    expect(lines.join('\n')).toMatch(/many wrong PINs at this kiosk/);
    // No name is kept out for long: the last one locked can sign in once its 30 s are over.
    t += NAME_LOCK_BASE_MS + 1;
    expect((await s.signIn('Cy Night', PINS['Cy Night']!)).current?.name).toBe('Cy Night');
  });

  it('the kiosk-wide wait grows with wrong PINs across names but stays under a minute', async () => {
    const many = Object.fromEntries(Array.from({ length: 14 }, (_, i) => [`Guard ${String.fromCharCode(65 + i)}`, '482915']));
    await provision(many);
    const { s } = session();
    let slowedFor = 0;
    for (const name of Object.keys(many)) {
      for (let i = 0; i < NAME_ATTEMPTS; i++) {
        const slowed = (await s.state()).slowedUntil;
        if (slowed) t = Date.parse(slowed); // the guesser waits as told
        await s.signIn(name, WRONG).catch(() => undefined);
      }
      const slowed = (await s.state()).slowedUntil;
      if (slowed) slowedFor = Math.max(slowedFor, Date.parse(slowed) - t);
    }
    expect(KIOSK_FREE_FAILURES).toBeLessThan(Object.keys(many).length * NAME_ATTEMPTS);
    expect(slowedFor).toBe(KIOSK_DELAY_MAX_MS);
  });

  it('an administrator lifts a lock (unlock-operator), and a new PIN (add-operator) lifts it too', async () => {
    await provision();
    const { s } = session();
    await lock(s, 'Ada Guard');
    await lock(s, 'Bo Officer');
    await expect(s.signIn('Ada Guard', PINS['Ada Guard']!)).rejects.toMatchObject({ error: { key: 'errors.operatorLockedOut' } });
    // The admin command runs in another process: it changes the file the kiosk reads at each attempt.
    expect(await liftLockout(dir, 'ada guard')).toBe(true);
    expect((await s.state()).locked?.map((l) => l.name)).toEqual(['Bo Officer']);
    expect((await s.signIn('Ada Guard', PINS['Ada Guard']!)).current?.name).toBe('Ada Guard');
    await s.end();
    await setOperatorPin(dir, 'Bo Officer', '264819', FAST);
    expect((await s.state()).locked).toEqual([]);
    expect((await s.signIn('Bo Officer', '264819')).current?.name).toBe('Bo Officer');
  });

  it('the state says who is locked and until when, and a restart keeps it (so guessing is not reset)', async () => {
    await provision();
    const { s } = session();
    const refusal = await lock(s, 'Bo Officer');
    expect(refusal).toMatch(/Too many wrong PINs for Bo Officer: the name is locked for 30 seconds\. An administrator can lift the lock\./);
    const restarted = session().s;
    const state = await restarted.state();
    expect(state.locked).toEqual([{ name: 'Bo Officer', until: new Date(t + NAME_LOCK_BASE_MS).toISOString() }]);
    expect(state.unlockCommand).toBe('admin unlock-operator');
    await expect(restarted.signIn('Bo Officer', PINS['Bo Officer']!)).rejects.toMatchObject({ error: { key: 'errors.operatorLockedOut', params: { name: 'Bo Officer', count: 30 } } });
    // The wrong PINs of the first run still count after the restart: one more lock doubles.
    t += NAME_LOCK_BASE_MS + 1;
    await lock(restarted, 'Bo Officer');
    expect((await restarted.state()).locked?.[0]?.until).toBe(new Date(t + 2 * NAME_LOCK_BASE_MS).toISOString());
  });

  it("an earlier version's hour-long lock is read, and shortened to today's longest", async () => {
    await provision();
    await writeFile(path.join(dir, OPERATOR_LOCKOUT_FILE), JSON.stringify({ 'ada guard': { failures: 0, lockouts: 7, lockedUntil: t + 60 * 60_000 } }), { mode: 0o600 });
    const state = await session().s.state();
    expect(state.locked).toEqual([{ name: 'Ada Guard', until: new Date(t + NAME_LOCK_MAX_MS).toISOString() }]);
  });

  it('a lock-out file that cannot be read locks nobody out of their name, but slows every sign-in', async () => {
    await provision();
    await writeFile(path.join(dir, OPERATOR_LOCKOUT_FILE), 'not json', { mode: 0o600 });
    const { s, lines } = session();
    await expect(s.signIn('Ada Guard', PINS['Ada Guard']!)).rejects.toMatchObject({ error: { key: 'errors.signInSlowed' } });
    expect(lines.join('\n')).toMatch(/cannot be read: every sign-in is slowed/);
    t += KIOSK_DELAY_BASE_MS;
    expect((await s.state()).locked).toEqual([]);
    expect((await s.signIn('Ada Guard', PINS['Ada Guard']!)).current?.name).toBe('Ada Guard');
  });
});

describe('names are names, whatever they spell', () => {
  it('`__proto__` is counted and locked like any name, and keeps its lock across a restart', async () => {
    await provision({ ['__proto__']: '482915', 'Ada Guard': '591734' });
    const { s } = session();
    const refusal = await lock(s, '__proto__');
    expect(refusal).toMatch(/Too many wrong PINs for __proto__/);
    await expect(session().s.signIn('__proto__', '482915')).rejects.toMatchObject({ error: { key: 'errors.operatorLockedOut' } });
    expect(JSON.parse(await readFile(path.join(dir, OPERATOR_LOCKOUT_FILE), 'utf8')).names).toEqual([{ name: '__proto__', failures: 0, lockouts: 1, lockedUntil: t + NAME_LOCK_BASE_MS }]);
    // The other name was never touched.
    expect((await s.signIn('Ada Guard', '591734')).current?.name).toBe('Ada Guard');
  });

  it('wrong PINs for `constructor` or `toString` lock those names only, never every operator', async () => {
    await provision({ constructor: '482915', toString: '591734', 'Ada Guard': '739164' });
    const { s, lines } = session();
    await expect(s.signIn('constructor', WRONG)).rejects.toMatchObject({ error: { key: 'errors.operatorWrongPin', params: { count: NAME_ATTEMPTS - 1 } } });
    await expect(s.signIn('toString', WRONG)).rejects.toMatchObject({ error: { key: 'errors.operatorWrongPin', params: { count: NAME_ATTEMPTS - 1 } } });
    expect(lines.join('\n')).not.toMatch(/cannot be read/);
    expect((await s.state()).locked).toEqual([]);
    expect((await s.signIn('Ada Guard', '739164')).current?.name).toBe('Ada Guard');
    await s.end();
    expect((await s.signIn('toString', '591734')).current?.name).toBe('toString');
  });
});
