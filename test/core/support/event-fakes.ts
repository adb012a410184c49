/**
 * Test doubles for the events capability: an in-memory event service whose range endpoint can be
 * inclusive or exclusive at either bound, answer in any order, repeat events, cut answers to a
 * page (keeping the lowest or the highest ids), fail on demand and hang until aborted; a manual
 * clock that replaces the feed's timers; and a recorder of push events.
 */
import type { PushEvents, PushName, SystemEvent } from '../../../electron/contract/ipc';
import type { CallOptions, EventCodeSearch, EventSearch } from '../../../electron/core/service/access-service';
import { readSystemEvents, type UnreadableEvent } from '../../../electron/core/service/event-reading';
import { KioskFailure } from '../../../electron/core/ipc/failure';
import type { FeedTimers } from '../../../electron/core/feed/feed-engine';

export interface RangeSemantics {
  fromInclusive: boolean;
  maxInclusive: boolean;
  order: 'asc' | 'desc' | 'shuffled';
  /** The service answers at most this many events per range request. */
  pageLimit?: number;
  /** Which end of the range a page limit keeps. */
  keep?: 'lowest' | 'highest';
  /** Each answer repeats some of its events. */
  duplicates?: boolean;
}

export const INCLUSIVE_ASC: RangeSemantics = { fromInclusive: true, maxInclusive: true, order: 'asc' };

type Step = { kind: 'fail'; error: Error } | { kind: 'hang' } | { kind: 'hold'; held: Promise<void> };

export function unreachable(): KioskFailure {
  return KioskFailure.of('unreachable', 'The access-control service cannot be reached.', { detail: 'ECONNREFUSED (fake)' });
}

export class FakeEventService {
  semantics: RangeSemantics;
  /** Every call, in order: name and arguments. */
  readonly calls: Array<{ op: string; args: number[] }> = [];
  inFlight = 0;
  maxInFlight = 0;
  /** When set, getMaxEventId answers this once instead of the truth. */
  lieMaxIdOnce: number | null = null;
  /** While set, every call fails with a fresh error from it (the service is down). */
  down: (() => Error) | null = null;

  private readonly events = new Map<number, SystemEvent>();
  private sortedIds: number[] = [];
  private nextId = 1;
  private generation = 0;
  private readonly plan: Step[] = [];
  private listFailure: { remaining: number; error: Error } | null = null;
  private seed = 42;
  readonly searches: Array<{ op: 'search' | 'searchbycodes'; body: unknown }> = [];
  searchAnswer: SystemEvent[] = [];
  /** When set, the searches answer this instead of `searchAnswer` (to answer by body). */
  answerSearch: ((op: 'search' | 'searchbycodes', body: EventSearch | EventCodeSearch) => SystemEvent[]) | null = null;

  constructor(semantics: RangeSemantics = INCLUSIVE_ASC) {
    this.semantics = semantics;
  }

  // ───── data ─────

  /** Appends `count` events with consecutive ids; returns their ids. */
  append(count: number): number[] {
    const ids: number[] = [];
    for (let i = 0; i < count; i++) ids.push(this.nextId++);
    for (const id of ids) this.put(id);
    return ids;
  }

  /** Leaves `count` ids unused (they never exist). */
  skip(count: number): void {
    this.nextId += count;
  }

  /** The server restored from a backup: events above maxId vanish and their ids are handed out again. */
  restore(maxId: number): void {
    for (const id of this.sortedIds) if (id > maxId) this.events.delete(id);
    this.sortedIds = this.sortedIds.filter((id) => id <= maxId);
    this.nextId = maxId + 1;
    this.generation++;
  }

  get maxId(): number {
    return this.sortedIds[this.sortedIds.length - 1] ?? 0;
  }

  allIds(): number[] {
    return [...this.sortedIds];
  }

  eventText(id: number): string | undefined {
    return this.events.get(id)?.custom_Text as string | undefined;
  }

  private put(id: number, text?: string): void {
    this.events.set(id, {
      record_ID: id,
      created: new Date(Date.UTC(2026, 0, 1) + id * 1000 + this.generation * 86_400_000).toISOString(),
      event_Category_Name: 'Access',
      device_Name: `Door ${id % 7}`,
      custom_Text: text ?? `event ${id} (generation ${this.generation})`,
      origin_Name: null,
      additional_Info: null,
      cardnumber: null,
      facility_Code: null,
    });
    this.sortedIds.push(id);
  }

  /** Appends one event with a chosen text (e.g. to match an alarm rule). */
  appendWithText(text: string): number {
    const id = this.nextId++;
    this.put(id, text);
    return id;
  }

  // ───── faults ─────

  /** The next `count` calls (any endpoint) fail with `error`. */
  failNext(count: number, error: () => Error = unreachable): void {
    for (let i = 0; i < count; i++) this.plan.push({ kind: 'fail', error: error() });
  }

  /** The next call hangs until its signal aborts. */
  hangNext(): void {
    this.plan.push({ kind: 'hang' });
  }

  /** The next call waits until the returned function is called (or its signal aborts), then answers. */
  holdNext(): () => void {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    this.plan.push({ kind: 'hold', held });
    return release;
  }

  /** The range request after `afterCalls` more successful range requests fails once. */
  failListAfter(afterCalls: number, error: Error = unreachable()): void {
    this.listFailure = { remaining: afterCalls, error };
  }

  // ───── the AccessService methods the events capability uses ─────

  async getMaxEventId(options?: CallOptions): Promise<number> {
    return this.call('maxid', [], options, () => {
      if (this.lieMaxIdOnce !== null) {
        const lie = this.lieMaxIdOnce;
        this.lieMaxIdOnce = null;
        return lie;
      }
      return this.maxId;
    });
  }

  /** Ids whose element in an answer is this raw value instead of their event (a poison element the kiosk must set aside). */
  readonly poison = new Map<number, unknown>();
  /** Ids whose event is too large: any answer holding one is over the size limit. */
  readonly tooLarge = new Set<number>();

  async listEvents(fromId: number, maxId: number, options?: CallOptions): Promise<{ maxID: number; events: SystemEvent[]; unreadable?: UnreadableEvent[] }> {
    return this.call('list', [fromId, maxId], options, () => {
      if (this.listFailure) {
        const failure = this.listFailure;
        if (failure.remaining === 0) {
          this.listFailure = null;
          throw failure.error;
        }
        failure.remaining--;
      }
      const s = this.semantics;
      const lo = s.fromInclusive ? fromId : fromId + 1;
      const hi = s.maxInclusive ? maxId : maxId - 1;
      let ids = this.sortedIds.filter((id) => id >= lo && id <= hi);
      if (s.pageLimit !== undefined && ids.length > s.pageLimit) {
        ids = s.keep === 'highest' ? ids.slice(ids.length - s.pageLimit) : ids.slice(0, s.pageLimit);
      }
      if (s.order === 'desc') ids.reverse();
      if (s.order === 'shuffled') ids = this.shuffle(ids);
      if (s.duplicates) ids = [...ids, ...ids.filter((_, i) => i % 3 === 0)];
      if (ids.some((id) => this.tooLarge.has(id))) throw KioskFailure.of('too_large', 'The answer is too large.', { detail: 'answer over the limit (fake)' });
      // As the real client reads an answer: each element on its own (service/event-reading.ts).
      const read = readSystemEvents(ids.map((id) => (this.poison.has(id) ? this.poison.get(id) : { ...this.events.get(id)! })));
      return { maxID: this.maxId, events: read.events, unreadable: read.unreadable };
    });
  }

  async getEvent(id: number, options?: CallOptions): Promise<SystemEvent> {
    return this.call('event', [id], options, () => {
      const event = this.events.get(id);
      if (!event) throw KioskFailure.of('not_found', 'That event does not exist.', { status: 404 });
      if (this.tooLarge.has(id)) throw KioskFailure.of('too_large', 'The answer is too large.', { detail: 'answer over the limit (fake)' });
      return { ...event };
    });
  }

  async searchEvents(search: EventSearch, options?: CallOptions): Promise<SystemEvent[]> {
    return this.call('search', [], options, () => {
      this.searches.push({ op: 'search', body: structuredClone(search) });
      return (this.answerSearch?.('search', search) ?? this.searchAnswer).map((e) => ({ ...e }));
    });
  }

  async searchEventsByCodes(search: EventCodeSearch, options?: CallOptions): Promise<SystemEvent[]> {
    return this.call('searchbycodes', [], options, () => {
      this.searches.push({ op: 'searchbycodes', body: structuredClone(search) });
      return (this.answerSearch?.('searchbycodes', search) ?? this.searchAnswer).map((e) => ({ ...e }));
    });
  }

  // ───── plumbing ─────

  private async call<T>(op: string, args: number[], options: CallOptions | undefined, answer: () => T): Promise<T> {
    this.calls.push({ op, args });
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      await Promise.resolve();
      if (this.down) throw this.down();
      const step = this.plan.shift();
      if (step?.kind === 'fail') throw step.error;
      if (step?.kind === 'hang') await untilAborted(options?.signal);
      if (step?.kind === 'hold') await Promise.race([step.held, untilAborted(options?.signal)]);
      options?.signal?.throwIfAborted();
      return answer();
    } finally {
      this.inFlight--;
    }
  }

  private shuffle(ids: number[]): number[] {
    const out = [...ids];
    for (let i = out.length - 1; i > 0; i--) {
      this.seed = (this.seed * 1103515245 + 12345) % 2 ** 31;
      const j = this.seed % (i + 1);
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  }
}

function untilAborted(signal: AbortSignal | undefined): Promise<never> {
  return new Promise((_, reject) => {
    const cancelled = (): void => reject(KioskFailure.of('cancelled', 'The request was cancelled.'));
    if (!signal) return; // hangs for ever: the test must not do this
    if (signal.aborted) cancelled();
    else signal.addEventListener('abort', cancelled, { once: true });
  });
}

/** Lets every pending promise chain settle (the fakes answer through microtasks only). */
export async function settle(): Promise<void> {
  for (let i = 0; i < 3; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

/** Replaces the feed's timers and clock; time moves only when the test says so. */
export class ManualClock implements FeedTimers {
  time = Date.UTC(2026, 0, 1, 8, 0, 0);
  /** Every delay asked for, in order. */
  readonly requestedDelays: number[] = [];
  private timers: Array<{ id: number; at: number; callback: () => void }> = [];
  private nextHandle = 1;

  readonly now = (): number => this.time;

  setTimeout(callback: () => void, ms: number): unknown {
    const id = this.nextHandle++;
    this.requestedDelays.push(ms);
    this.timers.push({ id, at: this.time + ms, callback });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.timers = this.timers.filter((t) => t.id !== handle);
  }

  get pending(): number {
    return this.timers.length;
  }

  /** Runs the earliest timer (moving the clock to it) and lets the work it started settle. */
  async fireNext(): Promise<boolean> {
    await settle();
    const next = [...this.timers].sort((a, b) => a.at - b.at || a.id - b.id)[0];
    if (!next) return false;
    this.timers = this.timers.filter((t) => t !== next);
    this.time = Math.max(this.time, next.at);
    next.callback();
    await settle();
    return true;
  }

  /** Fires timers until the condition holds; throws after `maxSteps` so a broken feed fails fast. */
  async runUntil(condition: () => boolean, maxSteps = 5_000): Promise<void> {
    for (let step = 0; step < maxSteps; step++) {
      if (condition()) return;
      if (!(await this.fireNext())) break;
    }
    if (!condition()) throw new Error(`condition not reached after ${maxSteps} timer steps`);
  }

  /** Fires timers for `ms` of simulated time. */
  async advance(ms: number): Promise<void> {
    const until = this.time + ms;
    for (;;) {
      await settle();
      const next = [...this.timers].sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (!next || next.at > until) break;
      await this.fireNext();
    }
    this.time = until;
  }
}

/** Records every push event, by name. */
export class PushRecorder {
  readonly all: Array<{ name: PushName; payload: unknown }> = [];

  emit<P extends PushName>(name: P, payload: PushEvents[P]): void {
    this.all.push({ name, payload: structuredClone(payload) });
  }

  of<P extends PushName>(name: P): Array<PushEvents[P]> {
    return this.all.filter((e) => e.name === name).map((e) => e.payload as PushEvents[P]);
  }

  /** Ids of every delivered event, in delivery order. */
  deliveredIds(): number[] {
    return this.of('feedEvents').flatMap((batch) => batch.events.map((e) => e.record_ID));
  }

  /** Ids delivered after the last resync notice (all of them when there was none). */
  deliveredSinceLastResync(): number[] {
    let lastNotice = -1;
    this.all.forEach((e, i) => {
      if (e.name === 'feedNotice' && (e.payload as PushEvents['feedNotice']).kind === 'resync') lastNotice = i;
    });
    return this.all
      .slice(lastNotice + 1)
      .filter((e) => e.name === 'feedEvents')
      .flatMap((e) => (e.payload as PushEvents['feedEvents']).events.map((ev) => ev.record_ID));
  }
}

/** Ascending integers lo..hi. */
export function idsBetween(lo: number, hi: number): number[] {
  return Array.from({ length: Math.max(0, hi - lo + 1) }, (_, i) => lo + i);
}
