/**
 * OpenAlarmStore: every alarm nobody has acknowledged yet, kept apart from the feed's rolling ring
 * of ordinary events until it is acknowledged, whatever the event rate. It is fed with the events
 * the feed delivers (alarms only are kept, minus those already in the operator log), loses an
 * alarm only when the guard acknowledges it, and saves itself (owner-only, encrypted with the data
 * key where there is one, as other personal data) so the list survives a restart of the kiosk —
 * the service has no acknowledgement to ask about.
 *
 * A bound (alarms.maxOpen) keeps memory flat under a flood. Reaching it is never silent: the
 * lowest-priority, oldest alarm is set aside, the log says so (error), and `overflow` — shown on
 * the guard's screen — counts them. Alarms created before this shift (older than
 * alarms.shiftHours at start) are marked `preShift`: the renderer groups them instead of raising
 * them one by one.
 *
 * It owns the file `open-alarms.json` in the data directory; it never talks to the service.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { rename } from 'node:fs/promises';
import path from 'node:path';
import { ALARM_PRIORITIES, screenText, type AlarmPriority, type FeedEvent, type OpenAlarm, type OpenAlarmsChange, type OpenAlarmsOverflow, type OpenAlarmsSnapshot, type ScreenText } from '../../contract/ipc';
import type { Logger } from '../log/logger';
import { readOwnerOnly, writeOwnerOnly } from '../storage/owner-only-files';

export const OPEN_ALARMS_FILE = 'open-alarms.json';
const SCOPE = 'alarms';
/** Encrypted files start with this, then the IV, the ciphertext and the GCM tag. */
const MAGIC = Buffer.from('KOA1');
const IV = 12;
const TAG = 16;

export interface OpenAlarmTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface OpenAlarmStoreOptions {
  dataDir: string;
  log: Logger;
  /** AES-256 key for the saved list, or null: an owner-only file, unencrypted. */
  key: Buffer | null;
  /** Most alarms kept. */
  bound: number;
  /** Alarms older than this many hours at start are "from before this shift". */
  shiftHours: number;
  /** Told about every change (the push to the renderer). */
  onChange?: (change: OpenAlarmsChange) => void;
  /** Whether an alarm is already in the operator log (never opened again). */
  isAcknowledged?: (recordId: number) => boolean;
  /** Pause between a change and its save (changes in between are saved together). */
  saveDelayMs?: number;
  now?: () => number;
  timers?: OpenAlarmTimers;
}

interface Stored {
  version: 1;
  alarms: FeedEvent[];
  overflow: OpenAlarmsOverflow | null;
}

const defaultTimers: OpenAlarmTimers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Only what the guard sees of an event is kept (the service's extra fields stay in the service). */
function kept(event: FeedEvent): FeedEvent {
  return {
    record_ID: event.record_ID,
    created: String(event.created),
    event_Category_Name: String(event.event_Category_Name ?? ''),
    device_Name: String(event.device_Name ?? ''),
    custom_Text: String(event.custom_Text ?? ''),
    origin_Name: event.origin_Name ?? null,
    additional_Info: event.additional_Info ?? null,
    cardnumber: event.cardnumber ?? null,
    facility_Code: event.facility_Code ?? null,
    alarm: event.alarm,
  };
}

const isFeedEvent = (value: unknown): value is FeedEvent => {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  const alarm = v.alarm as Record<string, unknown> | null | undefined;
  return (
    typeof v.record_ID === 'number' &&
    Number.isSafeInteger(v.record_ID) &&
    typeof v.created === 'string' &&
    typeof alarm === 'object' &&
    alarm !== null &&
    typeof alarm.rule === 'string' &&
    (ALARM_PRIORITIES as readonly unknown[]).includes(alarm.priority)
  );
};

export class OpenAlarmStore {
  readonly file: string;
  readonly bound: number;
  /** Alarms created before this are from before this shift (ms). */
  readonly shiftStartedAt: number;
  private readonly log: Logger;
  private readonly key: Buffer | null;
  private readonly onChange: ((change: OpenAlarmsChange) => void) | undefined;
  private readonly isAcknowledged: (recordId: number) => boolean;
  private readonly saveDelayMs: number;
  private readonly now: () => number;
  private readonly timers: OpenAlarmTimers;
  /** One insertion-ordered map per priority: the first entry of the lowest non-empty one is set aside first. */
  private readonly byPriority = new Map<AlarmPriority, Map<number, OpenAlarm>>(ALARM_PRIORITIES.map((p) => [p, new Map()]));
  private readonly byId = new Map<number, OpenAlarm>();
  private revision = 0;
  private overflow: OpenAlarmsOverflow | null = null;
  private loadProblem: ScreenText | null = null;
  private saveTimer: unknown = null;
  private saving: Promise<void> = Promise.resolve();
  private dirty = false;

  constructor(options: OpenAlarmStoreOptions) {
    this.file = path.join(options.dataDir, OPEN_ALARMS_FILE);
    this.log = options.log;
    this.key = options.key;
    this.bound = Math.max(1, Math.floor(options.bound));
    this.onChange = options.onChange;
    this.isAcknowledged = options.isAcknowledged ?? (() => false);
    this.saveDelayMs = options.saveDelayMs ?? 1_000;
    this.now = options.now ?? Date.now;
    this.timers = options.timers ?? defaultTimers;
    this.shiftStartedAt = this.now() - options.shiftHours * 3_600_000;
  }

  get size(): number {
    return this.byId.size;
  }

  has(recordId: number): boolean {
    return this.byId.has(recordId);
  }

  get(recordId: number): OpenAlarm | undefined {
    return this.byId.get(recordId);
  }

  /** Reads the saved list (once, at start). A file that cannot be read is kept aside and said, never a crash. */
  async load(): Promise<void> {
    let raw: Buffer | null;
    try {
      raw = await readOwnerOnly(this.file, true);
    } catch (thrown) {
      this.loadProblem = screenText('alarms.fromMain.savedListUnreadable', { reason: String(thrown) });
      this.log.error(SCOPE, this.loadProblem.message);
      return;
    }
    if (raw === null) return;
    let stored: Stored;
    try {
      stored = JSON.parse(this.open(raw).toString('utf8')) as Stored;
      if (stored.version !== 1 || !Array.isArray(stored.alarms)) throw new Error('not a list of alarms');
    } catch (thrown) {
      const aside = `${this.file}.unreadable-${this.now()}`;
      await rename(this.file, aside).catch(() => undefined);
      this.loadProblem = screenText('alarms.fromMain.savedListKeptAside', { file: path.basename(aside) });
      this.log.error(SCOPE, `${this.loadProblem.message} (${String(thrown)})`);
      return;
    }
    this.overflow = stored.overflow ?? null;
    const events = stored.alarms.filter(isFeedEvent).filter((event) => !this.isAcknowledged(event.record_ID));
    this.insert(events, false);
    this.log.info(SCOPE, `${this.size} unacknowledged alarm(s) restored from ${this.file}`);
  }

  /** Events the feed delivered: the alarms among them wait here until acknowledged. */
  observe(events: readonly FeedEvent[]): void {
    const alarms = events.filter((event) => event.alarm !== null && !this.byId.has(event.record_ID) && !this.isAcknowledged(event.record_ID));
    if (alarms.length === 0) return;
    this.insert(alarms.map(kept), true);
  }

  /** Alarms acknowledged: they leave the list. */
  remove(recordIds: readonly number[]): void {
    const removed: number[] = [];
    for (const id of recordIds) {
      const alarm = this.byId.get(id);
      if (!alarm || !alarm.event.alarm) continue;
      this.byId.delete(id);
      this.byPriority.get(alarm.event.alarm.priority)?.delete(id);
      removed.push(id);
    }
    if (removed.length === 0) return;
    this.changed([], removed);
  }

  snapshot(): OpenAlarmsSnapshot {
    const alarms = [...this.byId.values()].sort((a, b) => a.event.record_ID - b.event.record_ID);
    return {
      revision: this.revision,
      alarms,
      bound: this.bound,
      shiftStartedAt: new Date(this.shiftStartedAt).toISOString(),
      overflow: this.overflow,
      loadProblem: this.loadProblem?.message ?? null,
      loadProblemText: this.loadProblem,
    };
  }

  /** Saves now what changed (at stop), and resolves when it reached the disk. */
  async flush(): Promise<void> {
    if (this.saveTimer !== null) {
      this.timers.clearTimeout(this.saveTimer);
      this.saveTimer = null;
      this.saving = this.saving.then(() => this.save());
    }
    await this.saving;
  }

  private insert(events: readonly FeedEvent[], live: boolean): void {
    const added: OpenAlarm[] = [];
    const removed: number[] = [];
    let dropped = 0;
    for (const event of events) {
      const priority = event.alarm?.priority;
      if (!priority || this.byId.has(event.record_ID)) continue;
      if (this.byId.size >= this.bound) {
        const victim = this.victimFor(priority);
        if (!victim) {
          dropped += 1; // lower than everything held: this one is set aside
          continue;
        }
        this.byId.delete(victim.event.record_ID);
        this.byPriority.get(victim.event.alarm!.priority)?.delete(victim.event.record_ID);
        removed.push(victim.event.record_ID);
        dropped += 1;
      }
      const created = Date.parse(event.created);
      const alarm: OpenAlarm = { event, preShift: Number.isFinite(created) && created < this.shiftStartedAt };
      this.byId.set(event.record_ID, alarm);
      this.byPriority.get(priority)?.set(event.record_ID, alarm);
      added.push(alarm);
    }
    if (dropped > 0) this.noteOverflow(dropped);
    // An alarm added then set aside in the same batch is neither added nor removed.
    const gone = new Set(removed);
    const addedNow = added.filter((a) => !gone.has(a.event.record_ID));
    const addedIds = new Set(added.map((a) => a.event.record_ID));
    const removedNow = removed.filter((id) => !addedIds.has(id));
    if (addedNow.length === 0 && removedNow.length === 0 && dropped === 0) return;
    this.changed(addedNow, removedNow, live || dropped > 0);
  }

  /** The alarm to set aside for a new one of `priority`: the oldest of the lowest priority, not above the new one's. */
  private victimFor(priority: AlarmPriority): OpenAlarm | null {
    const rankOfNew = ALARM_PRIORITIES.indexOf(priority);
    for (let r = ALARM_PRIORITIES.length - 1; r >= rankOfNew; r--) {
      const first = this.byPriority.get(ALARM_PRIORITIES[r]!)?.values().next();
      if (first && !first.done) return first.value;
    }
    return null;
  }

  private noteOverflow(dropped: number): void {
    const at = new Date(this.now()).toISOString();
    const total = (this.overflow?.dropped ?? 0) + dropped;
    this.overflow = {
      dropped: total,
      firstAt: this.overflow?.firstAt ?? at,
      lastAt: at,
      ...screenText('alarms.fromMain.overflow', { bound: this.bound, count: total }),
    };
    this.log.error(SCOPE, `unacknowledged alarms at their bound of ${this.bound}: ${dropped} set aside now, ${total} since ${this.overflow.firstAt}`);
  }

  private changed(added: OpenAlarm[], removed: number[], save = true): void {
    this.revision += 1;
    this.onChange?.({ revision: this.revision, added, removed, overflow: this.overflow });
    if (save) this.scheduleSave();
  }

  private scheduleSave(): void {
    this.dirty = true;
    if (this.saveTimer !== null) return;
    this.saveTimer = this.timers.setTimeout(() => {
      this.saveTimer = null;
      this.saving = this.saving.then(() => this.save());
    }, this.saveDelayMs);
  }

  private async save(): Promise<void> {
    if (!this.dirty) return;
    this.dirty = false;
    const stored: Stored = { version: 1, alarms: [...this.byId.values()].map((a) => a.event), overflow: this.overflow };
    try {
      await writeOwnerOnly(this.file, this.seal(Buffer.from(JSON.stringify(stored), 'utf8')));
    } catch (thrown) {
      this.dirty = true;
      this.log.error(SCOPE, `could not save the unacknowledged alarms to ${this.file}: ${String(thrown)}`);
    }
  }

  private seal(plain: Buffer): Buffer {
    if (!this.key) return plain;
    const iv = randomBytes(IV);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    return Buffer.concat([MAGIC, iv, cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
  }

  private open(raw: Buffer): Buffer {
    const sealed = raw.subarray(0, MAGIC.length).equals(MAGIC);
    if (!sealed) {
      if (this.key) throw new Error('the file is not encrypted while a data key exists');
      return raw;
    }
    if (!this.key) throw new Error('the file is encrypted and there is no data key');
    const body = raw.subarray(MAGIC.length);
    if (body.length < IV + TAG) throw new Error('the file is too short');
    const decipher = createDecipheriv('aes-256-gcm', this.key, body.subarray(0, IV));
    decipher.setAuthTag(body.subarray(body.length - TAG));
    return Buffer.concat([decipher.update(body.subarray(IV, body.length - TAG)), decipher.final()]);
  }
}
