/**
 * FeedBuffer: the bounded, deduplicated memory of the live feed. Owns ordering (oldest first
 * internally, read newest first by the views), deduplication by record_ID and eviction of the
 * oldest events beyond the capacity. Pure TypeScript: no Vue, no IPC, no timers.
 *
 * Resynchronisation is main's decision (core/feed/feed-engine.ts): every push and snapshot
 * carries main's *epoch*, and the buffer follows it — a higher epoch starts a new id space,
 * events of an older one are stale and dropped. Events are ordered by (epoch, record_ID), so the
 * new id space sorts above the old rows, which stay on screen. Within an epoch an id is accepted
 * once; across epochs an event is a duplicate when it is the same record as an older one (main's
 * own fingerprint, electron/contract/event-fingerprint.ts), so ids reused by the reset server are shown.
 */
import type { FeedEvent } from '../../../electron/contract/ipc';
import { fingerprint as recordFingerprint } from '../../../electron/contract/event-fingerprint';

export const DEFAULT_BUFFER_SIZE = 20_000;
/** Never go below this, whatever the settings say: the guard needs some history on screen. */
export const MIN_BUFFER_SIZE = 100;

export interface BufferedEvent {
  readonly event: FeedEvent;
  /** Resync epoch the event was accepted in. */
  readonly epoch: number;
  /** Arrival order: increases with every accepted event, never reused. */
  readonly seq: number;
  /** `created` in epoch milliseconds (NaN when the service sent something unparseable). */
  readonly time: number;
  /** Stable key for views: unique in the buffer. */
  readonly key: string;
}

export interface MergeOutcome {
  /** Accepted events, in buffer order (oldest first). */
  added: BufferedEvent[];
  /** Events already held (or already shown and evicted): not added again. */
  duplicates: number;
  /** Events without a usable record_ID. */
  rejected: number;
  /** Oldest events dropped to keep the bound. */
  evicted: number;
}

const fingerprint = (event: FeedEvent): string => `${event.record_ID}@${recordFingerprint(event)}`;

const isUsableId = (id: unknown): id is number => typeof id === 'number' && Number.isSafeInteger(id) && id >= 0;

const before = (a: BufferedEvent, b: { epoch: number; id: number }): boolean =>
  a.epoch < b.epoch || (a.epoch === b.epoch && a.event.record_ID < b.id);

export function normaliseCapacity(requested: unknown): number {
  if (typeof requested !== 'number' || !Number.isFinite(requested)) return DEFAULT_BUFFER_SIZE;
  return Math.max(MIN_BUFFER_SIZE, Math.floor(requested));
}

export class FeedBuffer {
  /** Ascending (epoch, record_ID): index 0 is the oldest. */
  private readonly entries: BufferedEvent[] = [];
  /** record_ID → entry, for the current epoch only. */
  private readonly currentIds = new Map<number, BufferedEvent>();
  /** Fingerprints of entries from earlier epochs (only non-empty after a resync). */
  private readonly olderFingerprints = new Set<string>();
  /** Highest record_ID evicted in the current epoch: anything at or below it was already shown. */
  private evictedUpTo = -1;
  private epochNo = 0;
  private nextSeq = 1;
  private cap: number;

  constructor(capacity: number = DEFAULT_BUFFER_SIZE) {
    this.cap = normaliseCapacity(capacity);
  }

  get capacity(): number {
    return this.cap;
  }
  get size(): number {
    return this.entries.length;
  }
  get epoch(): number {
    return this.epochNo;
  }
  /** The seq of the last accepted event (0 before any). */
  get lastSeq(): number {
    return this.nextSeq - 1;
  }

  /** The live array, oldest first. Read-only for callers; it changes in place on merge. */
  oldestFirst(): readonly BufferedEvent[] {
    return this.entries;
  }

  /** The i-th newest event (0 = newest). */
  newest(index: number): BufferedEvent | undefined {
    return this.entries[this.entries.length - 1 - index];
  }

  /** An event of the current epoch by record_ID. */
  byId(recordId: number): BufferedEvent | undefined {
    return this.currentIds.get(recordId);
  }

  has(event: FeedEvent): boolean {
    return this.isDuplicate(event);
  }

  /**
   * Merges a batch in any order; duplicates (reloads, replays) are skipped. `epoch`: main's epoch
   * of the batch (absent: the current one); a newer one is followed first, an older one is stale.
   */
  merge(events: readonly FeedEvent[], epoch?: number): MergeOutcome {
    const outcome: MergeOutcome = { added: [], duplicates: 0, rejected: 0, evicted: 0 };
    if (epoch !== undefined && epoch < this.epochNo) {
      outcome.duplicates = events.length; // already replaced by main's resync
      return outcome;
    }
    this.follow(epoch);
    const fresh: FeedEvent[] = [];
    const batchIds = new Set<number>();
    for (const event of events) {
      if (!event || !isUsableId(event.record_ID)) {
        outcome.rejected += 1;
        continue;
      }
      if (batchIds.has(event.record_ID) || this.isDuplicate(event)) {
        outcome.duplicates += 1;
        continue;
      }
      batchIds.add(event.record_ID);
      fresh.push(event);
    }
    if (fresh.length === 0) return outcome;
    fresh.sort((a, b) => a.record_ID - b.record_ID);

    const current = this.epochNo;
    for (const event of fresh) {
      const time = Date.parse(String(event.created));
      const entry: BufferedEvent = { event, epoch: current, seq: this.nextSeq++, time, key: `${current}:${event.record_ID}` };
      this.insert(entry);
      this.currentIds.set(event.record_ID, entry);
      outcome.added.push(entry);
    }
    const evicted = this.evictOverflow();
    outcome.evicted = evicted.length;
    if (evicted.length > 0) {
      const gone = new Set(evicted);
      outcome.added = outcome.added.filter((e) => !gone.has(e));
    }
    return outcome;
  }

  /**
   * Main's current copy of events already held (a snapshot read again): an alarm's state that
   * changed since it arrived (acknowledged at another screen) replaces the held one. Returns how
   * many changed.
   */
  refreshStates(events: readonly FeedEvent[]): number {
    let changed = 0;
    for (const event of events) {
      const held = this.currentIds.get(event.record_ID);
      if (!held || !event.alarm || held.event.alarm?.id !== event.alarm.id || held.event.alarm?.state === event.alarm.state) continue;
      const replaced: BufferedEvent = { ...held, event };
      const index = this.positionOf(held);
      if (index >= 0) this.entries[index] = replaced;
      this.currentIds.set(event.record_ID, replaced);
      changed++;
    }
    return changed;
  }

  /** Follows main's epoch: true when it is newer than the buffer's (a resync in main). */
  follow(epoch: number | undefined): boolean {
    if (epoch === undefined || epoch <= this.epochNo) return false;
    this.startEpoch(epoch);
    return true;
  }

  /** The service's ids went down: events from now on form a new id space, ordered above. */
  startEpoch(epoch: number = this.epochNo + 1): void {
    for (const entry of this.currentIds.values()) this.olderFingerprints.add(fingerprint(entry.event));
    this.currentIds.clear();
    this.evictedUpTo = -1;
    this.epochNo = Math.max(epoch, this.epochNo + 1);
  }

  /** Changes the bound; evicts the oldest when shrinking. Returns how many were evicted. */
  resize(capacity: number): number {
    this.cap = normaliseCapacity(capacity);
    return this.evictOverflow().length;
  }

  private isDuplicate(event: FeedEvent): boolean {
    const id = event.record_ID;
    if (this.currentIds.has(id)) return true;
    if (id <= this.evictedUpTo) return true;
    return this.olderFingerprints.size > 0 && this.olderFingerprints.has(fingerprint(event));
  }

  private positionOf(entry: BufferedEvent): number {
    const target = { epoch: entry.epoch, id: entry.event.record_ID };
    let lo = 0;
    let hi = this.entries.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (before(this.entries[mid] as BufferedEvent, target)) lo = mid + 1;
      else hi = mid;
    }
    return this.entries[lo] === entry ? lo : -1;
  }

  private insert(entry: BufferedEvent): void {
    const list = this.entries;
    const last = list[list.length - 1];
    const target = { epoch: entry.epoch, id: entry.event.record_ID };
    if (!last || before(last, target)) {
      list.push(entry); // the usual case: newer than everything held
      return;
    }
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (before(list[mid] as BufferedEvent, target)) lo = mid + 1;
      else hi = mid;
    }
    list.splice(lo, 0, entry);
  }

  private evictOverflow(): BufferedEvent[] {
    const excess = this.entries.length - this.cap;
    if (excess <= 0) return [];
    const evicted = this.entries.splice(0, excess);
    for (const entry of evicted) {
      if (entry.epoch === this.epochNo) {
        this.currentIds.delete(entry.event.record_ID);
        if (entry.event.record_ID > this.evictedUpTo) this.evictedUpTo = entry.event.record_ID;
      } else {
        this.olderFingerprints.delete(fingerprint(entry.event));
      }
    }
    return evicted;
  }
}
