/**
 * OperatorSession: who is on shift at this kiosk. Main owns it; the renderer only asks. A shift
 * starts with a name from the provisioned list (operator-list.ts) and that operator's PIN, or —
 * where the site allows it (operators.allowUnnamed) — without a name ("unnamed"). Wrong PINs are
 * counted per name and across names by operator-lockout.ts (gentle, bounded locks an administrator
 * lifts; kept across restarts). Every attempt is logged, never the PIN. The shift itself is kept
 * in an owner-only file in the data directory so a restart (a crash, a power cut) keeps it; only
 * "End shift" ends it — the idle reset does not. That file is signed with the data key
 * (storage/seal.ts signatureOf): one whose signature does not match is refused and logged. At
 * start, a kept shift whose operator is no longer on the list, whose PIN was changed since, or
 * that is unnamed where the site no longer allows it, is ended (`endedAtStart`, for the record).
 * `name()` is what every recorded action is stamped with.
 */
import { join } from 'node:path';
import { z } from 'zod';
import { screenText, type OperatorState } from '../../contract/ipc';
import { KioskFailure } from '../ipc/failure';
import type { Logger } from '../log/logger';
import { readOwnerOnly, writeOwnerOnly } from '../storage/owner-only-files';
import { markOf, signatureMatches, signatureOf } from '../storage/seal';
import { rm } from 'node:fs/promises';
import { verifyPin } from '../admin-lock/pin-hash';
import { ADD_OPERATOR_COMMAND, findOperator, readSignInList, UNNAMED_OPERATOR, type OperatorEntry } from './operator-list';
import {
  damagedLockouts,
  kioskSlowedUntil,
  lockedNames,
  lockKey,
  nameLockedUntil,
  OPERATOR_LOCKOUT_FILE,
  readLockouts,
  recordFailure,
  recordSuccess,
  UNLOCK_OPERATOR_COMMAND,
  writeLockouts,
  type LockoutState,
} from './operator-lockout';

export { OPERATOR_LOCKOUT_FILE } from './operator-lockout';
export const SESSION_FILE = 'operator-session.json';

const Session = z.object({ name: z.string().min(1).max(100), unnamed: z.boolean(), since: z.iso.datetime({ offset: true }) }).strict();
export type Shift = z.infer<typeof Session>;
/** What is signed: the shift, and a mark of the operator's stored PIN when it began (null: unnamed). */
const SignedBody = z.object({ shift: Session, pin: z.string().max(64).nullable() }).strict();
type SignedBody = z.infer<typeof SignedBody>;
/** The file: the signed text as written, and its signature (null where the workstation has no data key). */
const SessionFile = z.object({ format: z.literal('access-kiosk-operator-session'), version: z.literal(2), body: z.string().max(4096), signature: z.string().max(100).nullable() }).strict();
const BINDING = { kind: 'operator-session', key: 'shift' } as const;

/** Why a kept shift was ended at start. */
export type EndedAtStartReason = 'notOnList' | 'pinChanged' | 'unnamedNotAllowed';

export interface OperatorSessionOptions {
  /** Where the operator list and the lock-outs live (the credential's directory, beside the admin PIN). */
  listDir: string;
  /** Where the shift under way is kept (the data directory). */
  dataDir: string;
  signIn: 'required' | 'off';
  allowUnnamed: boolean;
  log: Logger;
  /** The data key that signs the shift file; null where the workstation has none (the file is then kept unsigned, owner-only). */
  key?: Buffer | null;
  now?: () => number;
}

export class OperatorSession {
  private readonly now: () => number;
  private readonly key: Buffer | null;
  private shift: Shift | null = null;
  private loaded: Promise<void> | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  /** The shift kept across a restart that was ended at start, and why (null when none was). */
  endedAtStart: { shift: Shift; reason: EndedAtStartReason } | null = null;

  constructor(private readonly options: OperatorSessionOptions) {
    this.now = options.now ?? Date.now;
    this.key = options.key ?? null;
  }

  get sessionFile(): string {
    return join(this.options.dataDir, SESSION_FILE);
  }

  get lockoutFile(): string {
    return join(this.options.listDir, OPERATOR_LOCKOUT_FILE);
  }

  /** Reads the shift kept across a restart (once): refused when its signature does not match, ended when its operator may no longer sign in. */
  load(): Promise<void> {
    this.loaded ??= this.loadOnce();
    return this.loaded;
  }

  private async loadOnce(): Promise<void> {
    const log = this.options.log;
    let body: SignedBody;
    try {
      const bytes = await readOwnerOnly(this.sessionFile, true);
      if (bytes === null) return;
      const read = this.verified(bytes.toString('utf8'));
      if (typeof read === 'string') {
        log.warn('operators', `the shift file (${this.sessionFile}) is refused: ${read}. Nobody is signed in.`);
        await rm(this.sessionFile, { force: true });
        return;
      }
      body = read;
    } catch (thrown) {
      log.warn('operators', `the shift file (${this.sessionFile}) cannot be read: ${thrown instanceof Error ? thrown.message : String(thrown)}`);
      return;
    }
    const reason = await this.noLongerAllowed(body);
    if (reason) {
      this.endedAtStart = { shift: body.shift, reason };
      await rm(this.sessionFile, { force: true });
      const why = reason === 'notOnList' ? 'is no longer on the operator list' : reason === 'pinChanged' ? "'s PIN was changed since the shift began" : 'is an unnamed shift, which the site no longer allows';
      log.warn('operators', `shift ended at start: ${body.shift.name} (since ${body.shift.since}) ${why}`);
      return;
    }
    this.shift = body.shift;
    log.info('operators', `the shift of ${body.shift.name} (since ${body.shift.since}) goes on after a restart`);
  }

  /** The kept shift when its file is this kiosk's, else why it is refused. */
  private verified(text: string): SignedBody | string {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return 'it is damaged';
    }
    const file = SessionFile.safeParse(parsed);
    if (!file.success) {
      // An earlier version's file (the shift alone, unsigned): kept only where nothing could have signed it.
      const earlier = Session.safeParse(parsed);
      if (earlier.success && this.key === null) return { shift: earlier.data, pin: null };
      return earlier.success ? 'it is not signed (written by an earlier version or by hand)' : 'it is damaged';
    }
    if (this.key !== null && (file.data.signature === null || !signatureMatches(this.key, BINDING, file.data.body, file.data.signature))) {
      return "its signature does not match (it was not written by this kiosk, or was changed since)";
    }
    let body: unknown;
    try {
      body = JSON.parse(file.data.body);
    } catch {
      return 'it is damaged';
    }
    const shift = SignedBody.safeParse(body);
    return shift.success ? shift.data : 'it is damaged';
  }

  private async noLongerAllowed(body: SignedBody): Promise<EndedAtStartReason | null> {
    if (body.shift.unnamed) return this.options.allowUnnamed ? null : 'unnamedNotAllowed';
    const { operators, problem } = await readSignInList(this.options.listDir);
    // A list that cannot be read confirms nothing and removes nobody (the screen says what is wrong with it).
    if (problem) return null;
    const entry = findOperator(operators, body.shift.name);
    if (!entry) return 'notOnList';
    return body.pin !== null && body.pin !== this.pinMark(entry) ? 'pinChanged' : null;
  }

  private pinMark(entry: OperatorEntry): string {
    return markOf(this.key, JSON.stringify(entry.pin));
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
    const now = this.now();
    const lockouts = await this.readLockouts(now);
    const slowed = kioskSlowedUntil(lockouts, now);
    return {
      signIn: this.options.signIn,
      allowUnnamed: this.options.allowUnnamed,
      names: operators.map((o) => o.name),
      current: this.shift ? { ...this.shift } : null,
      problem: text?.message ?? null,
      problemText: text,
      addCommand: ADD_OPERATOR_COMMAND,
      locked: lockedNames(lockouts, now).flatMap(({ key, until }) => {
        const entry = operators.find((o) => lockKey(o.name) === key);
        return entry ? [{ name: entry.name, until: new Date(until).toISOString() }] : [];
      }),
      slowedUntil: slowed === null ? null : new Date(slowed).toISOString(),
      unlockCommand: UNLOCK_OPERATOR_COMMAND,
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

  private async start(name: string, unnamed: boolean, entry: OperatorEntry | null): Promise<OperatorState> {
    const shift: Shift = { name, unnamed, since: new Date(this.now()).toISOString() };
    const body = JSON.stringify({ shift, pin: entry ? this.pinMark(entry) : null } satisfies SignedBody);
    const signature = this.key === null ? null : signatureOf(this.key, BINDING, body);
    await writeOwnerOnly(this.sessionFile, `${JSON.stringify({ format: 'access-kiosk-operator-session', version: 2, body, signature })}\n`);
    this.shift = shift;
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
      return this.start(UNNAMED_OPERATOR, true, null);
    }
    const { operators, problem } = await readSignInList(this.options.listDir);
    const entry = findOperator(operators, name);
    if (!entry) {
      // A name not on the list may be a PIN typed in the wrong field: a personal value, never logged in clear.
      log.redactPersonal(name);
      log.warn('operators', `sign-in refused: "${name}" is not on the operator list`);
      throw problem ? KioskFailure.of('not_found', problem, { field: 'name' }) : KioskFailure.keyed('not_found', 'notOnOperatorList', {}, { field: 'name' });
    }
    const now = this.now();
    const lockouts = await this.readLockouts(now);
    const until = nameLockedUntil(lockouts, entry.name, now);
    if (until !== null) {
      log.warn('operators', `sign-in refused for ${entry.name}: locked out until ${new Date(until).toISOString()} (the PIN was not checked)`);
      throw KioskFailure.keyed('forbidden', 'operatorLockedOut', { name: entry.name, count: secondsOf(until - now) }, { detail: 'operators: locked out' });
    }
    const slowed = kioskSlowedUntil(lockouts, now);
    if (slowed !== null) {
      log.warn('operators', `sign-in refused for ${entry.name}: many wrong PINs at this kiosk, next try from ${new Date(slowed).toISOString()} (the PIN was not checked)`);
      throw KioskFailure.keyed('forbidden', 'signInSlowed', { count: secondsOf(slowed - now) }, { detail: 'operators: sign-in slowed after wrong PINs across names' });
    }
    if (await verifyPin(pin, entry.pin)) {
      recordSuccess(lockouts, entry.name);
      await writeLockouts(this.options.listDir, lockouts);
      log.info('operators', `sign-in accepted for ${entry.name}`);
      return this.start(entry.name, false, entry);
    }
    const outcome = recordFailure(lockouts, entry.name, now);
    await writeLockouts(this.options.listDir, lockouts);
    if ('lockedFor' in outcome) {
      log.warn('operators', `sign-in refused for ${entry.name}: wrong PIN; locked out for ${secondsOf(outcome.lockedFor)} s (an administrator lifts it with "${UNLOCK_OPERATOR_COMMAND} NAME")`);
      throw KioskFailure.keyed('forbidden', 'operatorWrongPinLockedOut', { name: entry.name, count: secondsOf(outcome.lockedFor) }, { detail: 'operators: wrong PIN, locked out' });
    }
    log.warn('operators', `sign-in refused for ${entry.name}: wrong PIN (${outcome.left} left before a lock)`);
    throw KioskFailure.keyed('forbidden', 'operatorWrongPin', { count: outcome.left }, { detail: 'operators: wrong PIN' });
  }

  private async readLockouts(now: number): Promise<LockoutState> {
    const { state, damaged } = await readLockouts(this.options.listDir, now);
    if (!damaged) return state;
    // As for the admin PIN: a lock-out file that cannot be read is not a way around the limits; it locks nobody out of their name either.
    this.options.log.warn('operators', `the lock-out state (${this.lockoutFile}) cannot be read: every sign-in is slowed as after many wrong PINs`);
    const slowed = damagedLockouts(now);
    await writeLockouts(this.options.listDir, slowed);
    return slowed;
  }
}

function secondsOf(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}
