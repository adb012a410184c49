/**
 * What the live feed keeps between two runs of the kiosk, as the feed engine sees it: where it
 * stands with the service (the numbering, the frontier, the last event read and a mark of its
 * content), the ranges of ids still to read after the fact (while the kiosk was stopped, after the
 * service's numbering restarted) with their progress, and the events set aside. Each run of events
 * read is recorded with the new position in one step, the alarms among them marked with their
 * number, so a crash can neither lose an alarm nor read one twice.
 *
 * This file holds the port and a keeper in memory (a kiosk that keeps nothing: tests, tools);
 * feed/feed-record.ts keeps it in the kiosk's database.
 */
import type { FeedEvent, SystemEvent } from '../../contract/ipc';
import type { UnreadableEvent } from '../service/event-reading';
import { fingerprint } from '../../contract/event-fingerprint';

/** How a run of events reached the kiosk: live polling, a catch-up over a gap, the recent events loaded at start. */
export type ReadVia = 'live' | 'catch-up' | 'start';

export interface FeedPosition {
  /** +1 each time the service's ids restarted. */
  numbering: number;
  /** Every id up to here was read or lies in a gap. */
  frontier: number;
  /** The last event read, and the mark of its content (to notice its id reused). */
  lastId: number | null;
  lastMark: string | null;
  /** When the service last answered a poll (ms), as far as kept. */
  lastSuccessAt: number | null;
}

export type GapCause = 'stopped' | 'renumbered';

/** A range of ids (fromId, toId] read after the fact. */
export interface FeedGap {
  id: number;
  numbering: number;
  cause: GapCause;
  fromId: number;
  toId: number;
  /** Read up to here (fromId ≤ nextId ≤ toId). */
  nextId: number;
  readEvents: number;
  setAside: number;
  /** Ids beyond the catch-up bound, never read: (notReadFrom, notReadTo]; null when all is read. */
  notReadFrom: number | null;
  notReadTo: number | null;
  /** The time span it covers: since the service last answered before, until it was found (ms). */
  sinceAt: number | null;
  untilAt: number;
  finishedAt: number | null;
  state: 'reading' | 'done' | 'abandoned';
}

export interface GapAlarms {
  total: number;
  critical: number;
  high: number;
  medium: number;
  low: number;
}

export interface FeedKeeper {
  /** Where the feed stood when this service was last read; null the first time. */
  position(): FeedPosition | null;
  /** A mark of an event's content, to compare with `lastMark`. */
  mark(event: SystemEvent): string;
  /** Events read: their alarms recorded (returned marked) with the new position, in one step. */
  record(events: readonly FeedEvent[], via: ReadVia, position: FeedPosition): FeedEvent[];
  /** The position moved without events (ids that do not exist, a poll that found nothing new). */
  advance(position: FeedPosition): void;
  /** Elements that could not be read: kept with why; returns how many were new. */
  setAside(unreadable: readonly UnreadableEvent[], numbering: number): number;
  /** How many events were set aside for this service, and the last one. */
  setAsideSummary(): { count: number; last: { recordId: number | null; reason: string; at: number } | null };
  openGap(gap: Omit<FeedGap, 'id' | 'nextId' | 'readEvents' | 'setAside' | 'finishedAt' | 'state'>): FeedGap;
  /** Gaps still being read, oldest first. */
  gapsToRead(): FeedGap[];
  /** Progress over a gap (read up to `nextId`, this many more events and set aside). */
  progress(gapId: number, nextId: number, readEvents: number, setAside: number): void;
  finishGap(gapId: number, at: number): FeedGap | null;
  /** Gaps of an older numbering can no longer be read (their ids now name other events). */
  abandonGaps(beforeNumbering: number, at: number): FeedGap[];
  /** The alarms recorded with ids in a gap. */
  gapAlarms(gap: FeedGap): GapAlarms;
}

/** A keeper that keeps nothing beyond this run (tests, a kiosk without a database). */
export class MemoryFeedKeeper implements FeedKeeper {
  private current: FeedPosition | null;
  private readonly gaps: FeedGap[] = [];
  private readonly unreadable: Array<{ recordId: number | null; reason: string; at: number; key: string }> = [];
  private readonly alarms = new Map<number, { numbering: number; priority: string }>();
  private nextGapId = 1;

  constructor(
    start: FeedPosition | null = null,
    private readonly now: () => number = Date.now,
  ) {
    this.current = start;
  }

  position(): FeedPosition | null {
    return this.current;
  }

  mark(event: SystemEvent): string {
    return fingerprint(event);
  }

  record(events: readonly FeedEvent[], _via: ReadVia, position: FeedPosition): FeedEvent[] {
    this.current = position;
    for (const event of events) if (event.alarm) this.alarms.set(event.record_ID, { numbering: position.numbering, priority: event.alarm.priority });
    return [...events];
  }

  advance(position: FeedPosition): void {
    this.current = position;
  }

  setAside(unreadable: readonly UnreadableEvent[]): number {
    let added = 0;
    for (const item of unreadable) {
      const key = `${item.recordId}:${item.raw}`;
      if (this.unreadable.some((u) => u.key === key)) continue;
      this.unreadable.push({ recordId: item.recordId, reason: item.reason, at: this.now(), key });
      added++;
    }
    return added;
  }

  setAsideSummary(): { count: number; last: { recordId: number | null; reason: string; at: number } | null } {
    const last = this.unreadable.at(-1);
    return { count: this.unreadable.length, last: last ? { recordId: last.recordId, reason: last.reason, at: last.at } : null };
  }

  openGap(gap: Omit<FeedGap, 'id' | 'nextId' | 'readEvents' | 'setAside' | 'finishedAt' | 'state'>): FeedGap {
    const opened: FeedGap = { ...gap, id: this.nextGapId++, nextId: gap.fromId, readEvents: 0, setAside: 0, finishedAt: null, state: 'reading' };
    this.gaps.push(opened);
    return { ...opened };
  }

  gapsToRead(): FeedGap[] {
    return this.gaps.filter((g) => g.state === 'reading').map((g) => ({ ...g }));
  }

  progress(gapId: number, nextId: number, readEvents: number, setAside: number): void {
    const gap = this.gaps.find((g) => g.id === gapId);
    if (!gap) return;
    gap.nextId = Math.max(gap.nextId, Math.min(nextId, gap.toId));
    gap.readEvents += readEvents;
    gap.setAside += setAside;
  }

  finishGap(gapId: number, at: number): FeedGap | null {
    const gap = this.gaps.find((g) => g.id === gapId);
    if (!gap) return null;
    gap.state = 'done';
    gap.finishedAt = at;
    gap.nextId = gap.toId;
    return { ...gap };
  }

  abandonGaps(beforeNumbering: number, at: number): FeedGap[] {
    const abandoned = this.gaps.filter((g) => g.state === 'reading' && g.numbering < beforeNumbering);
    for (const gap of abandoned) {
      gap.state = 'abandoned';
      gap.finishedAt = at;
    }
    return abandoned.map((g) => ({ ...g }));
  }

  gapAlarms(gap: FeedGap): GapAlarms {
    const counts: GapAlarms = { total: 0, critical: 0, high: 0, medium: 0, low: 0 };
    for (const [id, alarm] of this.alarms) {
      if (alarm.numbering !== gap.numbering || id <= gap.fromId || id > gap.toId) continue;
      counts.total++;
      counts[alarm.priority as keyof Omit<GapAlarms, 'total'>]++;
    }
    return counts;
  }
}
