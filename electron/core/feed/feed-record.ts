/**
 * The live feed's keeper in the kiosk's database (feed-keeper.ts's port): tables `feed_position`,
 * `feed_gap` and `set_aside_event`, for one service. A run of events is recorded in one
 * transaction with the alarms among them (alarms/alarm-store.ts) and the new position. The time
 * the service last answered is written at most every LAST_SUCCESS_WRITE_MS when nothing else
 * changes (a kiosk runs for years; a write every poll would be millions of flushes), and at stop.
 * An event set aside keeps its JSON as it came, sealed (storage/seal.ts), with why.
 */
import type { FeedEvent, SystemEvent } from '../../contract/ipc';
import type { AlarmStore } from '../alarms/alarm-store';
import type { UnreadableEvent } from '../service/event-reading';
import type { KioskDatabase } from '../storage/kiosk-database';
import { markOf, sealJson } from '../storage/seal';
import { fingerprint } from '../../contract/event-fingerprint';
import type { FeedGap, FeedKeeper, FeedPosition, GapAlarms, ReadVia } from './feed-keeper';

/** The service's last answer is written at least this often when only it changed. */
export const LAST_SUCCESS_WRITE_MS = 10_000;

interface PositionRow {
  numbering: number;
  frontier: number;
  last_id: number | null;
  last_mark: string | null;
  last_success_at: number | null;
}

interface GapRow {
  id: number;
  numbering: number;
  cause: 'stopped' | 'renumbered';
  from_id: number;
  to_id: number;
  next_id: number;
  read_events: number;
  set_aside: number;
  not_read_from: number | null;
  not_read_to: number | null;
  since_at: number | null;
  until_at: number;
  finished_at: number | null;
  state: 'reading' | 'done' | 'abandoned';
}

const toGap = (row: GapRow): FeedGap => ({
  id: Number(row.id),
  numbering: Number(row.numbering),
  cause: row.cause,
  fromId: Number(row.from_id),
  toId: Number(row.to_id),
  nextId: Number(row.next_id),
  readEvents: Number(row.read_events),
  setAside: Number(row.set_aside),
  notReadFrom: row.not_read_from === null ? null : Number(row.not_read_from),
  notReadTo: row.not_read_to === null ? null : Number(row.not_read_to),
  sinceAt: row.since_at === null ? null : Number(row.since_at),
  untilAt: Number(row.until_at),
  finishedAt: row.finished_at === null ? null : Number(row.finished_at),
  state: row.state,
});

const GAP_COLUMNS = 'id, numbering, cause, from_id, to_id, next_id, read_events, set_aside, not_read_from, not_read_to, since_at, until_at, finished_at, state';

export class DatabaseFeedKeeper implements FeedKeeper {
  private lastWritten: FeedPosition | null;
  private lastWrittenAt = Number.NEGATIVE_INFINITY;
  private pending: FeedPosition | null = null;

  constructor(
    private readonly db: KioskDatabase,
    private readonly serviceId: number,
    private readonly key: Buffer | null,
    private readonly alarms: AlarmStore,
    private readonly now: () => number = Date.now,
  ) {
    this.lastWritten = this.position();
  }

  position(): FeedPosition | null {
    if (this.pending) return this.pending;
    const row = this.db.get<PositionRow>('SELECT numbering, frontier, last_id, last_mark, last_success_at FROM feed_position WHERE service_id = ?', [this.serviceId]);
    if (!row) return null;
    return {
      numbering: Number(row.numbering),
      frontier: Number(row.frontier),
      lastId: row.last_id === null ? null : Number(row.last_id),
      lastMark: row.last_mark,
      lastSuccessAt: row.last_success_at === null ? null : Number(row.last_success_at),
    };
  }

  mark(event: SystemEvent): string {
    return markOf(this.key, fingerprint(event));
  }

  record(events: readonly FeedEvent[], via: ReadVia, position: FeedPosition): FeedEvent[] {
    return this.db.transaction(() => {
      const marked = this.alarms.observe(events, via, position.numbering);
      if (via !== 'catch-up') this.write(position);
      return marked;
    });
  }

  advance(position: FeedPosition): void {
    const last = this.lastWritten;
    const onlyTheTime = last !== null && last.numbering === position.numbering && last.frontier === position.frontier && last.lastId === position.lastId && last.lastMark === position.lastMark;
    if (onlyTheTime && this.now() - this.lastWrittenAt < LAST_SUCCESS_WRITE_MS) {
      this.pending = position;
      return;
    }
    this.write(position);
  }

  /** Writes a position kept back (only its time had changed): at stop. */
  flush(): void {
    if (this.pending) this.write(this.pending);
  }

  setAside(unreadable: readonly UnreadableEvent[], numbering: number): number {
    const at = this.now();
    let added = 0;
    this.db.transaction(() => {
      for (const item of unreadable) {
        const rawMark = item.raw === null ? `unread:${item.reason}` : markOf(this.key, item.raw);
        const exists = this.db.get('SELECT 1 AS x FROM set_aside_event WHERE service_id = ? AND numbering = ? AND record_id IS ? AND raw_mark = ?', [this.serviceId, numbering, item.recordId, rawMark]);
        if (exists) continue;
        const id = Number(this.db.get<{ id: number }>('SELECT COALESCE(MAX(id), 0) + 1 AS id FROM set_aside_event')?.id ?? 1);
        this.db.run('INSERT INTO set_aside_event (id, service_id, numbering, record_id, reason, detail, seen_at, raw, raw_mark) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)', [
          id,
          this.serviceId,
          numbering,
          item.recordId,
          item.reason,
          item.detail,
          at,
          item.raw === null ? null : sealJson(this.key, { kind: 'set-aside-event', key: id }, item.raw),
          rawMark,
        ]);
        added++;
      }
    });
    return added;
  }

  setAsideSummary(): { count: number; last: { recordId: number | null; reason: string; at: number } | null } {
    const count = Number(this.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM set_aside_event WHERE service_id = ?', [this.serviceId])?.n ?? 0);
    const last = this.db.get<{ record_id: number | null; reason: string; seen_at: number }>('SELECT record_id, reason, seen_at FROM set_aside_event WHERE service_id = ? ORDER BY id DESC LIMIT 1', [this.serviceId]);
    return { count, last: last ? { recordId: last.record_id === null ? null : Number(last.record_id), reason: last.reason, at: Number(last.seen_at) } : null };
  }

  openGap(gap: Omit<FeedGap, 'id' | 'nextId' | 'readEvents' | 'setAside' | 'finishedAt' | 'state'>): FeedGap {
    const id = this.db.run(
      `INSERT INTO feed_gap (service_id, numbering, cause, from_id, to_id, next_id, not_read_from, not_read_to, since_at, until_at, state) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'reading')`,
      [this.serviceId, gap.numbering, gap.cause, gap.fromId, gap.toId, gap.fromId, gap.notReadFrom, gap.notReadTo, gap.sinceAt, gap.untilAt],
    ).lastInsertRowid;
    return this.gap(id)!;
  }

  gapsToRead(): FeedGap[] {
    return this.db.all<GapRow>(`SELECT ${GAP_COLUMNS} FROM feed_gap WHERE service_id = ? AND state = 'reading' ORDER BY id`, [this.serviceId]).map(toGap);
  }

  progress(gapId: number, nextId: number, readEvents: number, setAside: number): void {
    this.db.run('UPDATE feed_gap SET next_id = MAX(next_id, MIN(?, to_id)), read_events = read_events + ?, set_aside = set_aside + ? WHERE id = ?', [nextId, readEvents, setAside, gapId]);
  }

  finishGap(gapId: number, at: number): FeedGap | null {
    this.db.run(`UPDATE feed_gap SET state = 'done', finished_at = ?, next_id = to_id WHERE id = ?`, [at, gapId]);
    return this.gap(gapId);
  }

  abandonGaps(beforeNumbering: number, at: number): FeedGap[] {
    const gaps = this.db.all<GapRow>(`SELECT ${GAP_COLUMNS} FROM feed_gap WHERE service_id = ? AND state = 'reading' AND numbering < ?`, [this.serviceId, beforeNumbering]).map(toGap);
    this.db.run(`UPDATE feed_gap SET state = 'abandoned', finished_at = ? WHERE service_id = ? AND state = 'reading' AND numbering < ?`, [at, this.serviceId, beforeNumbering]);
    return gaps.map((gap) => ({ ...gap, state: 'abandoned' as const, finishedAt: at }));
  }

  gapAlarms(gap: FeedGap): GapAlarms {
    const rows = this.db.all<{ rank: number; n: number }>('SELECT rank, COUNT(*) AS n FROM alarm WHERE service_id = ? AND numbering = ? AND record_id > ? AND record_id <= ? GROUP BY rank', [
      this.serviceId,
      gap.numbering,
      gap.fromId,
      gap.toId,
    ]);
    const counts: GapAlarms = { total: 0, critical: 0, high: 0, medium: 0, low: 0 };
    const names = ['critical', 'high', 'medium', 'low'] as const;
    for (const row of rows) {
      const name = names[Number(row.rank)];
      if (!name) continue;
      counts[name] += Number(row.n);
      counts.total += Number(row.n);
    }
    return counts;
  }

  /** Gaps that touch [from, to] (the handover report). */
  gapsBetween(from: number, to: number): FeedGap[] {
    return this.db.all<GapRow>(`SELECT ${GAP_COLUMNS} FROM feed_gap WHERE service_id = ? AND COALESCE(since_at, until_at) <= ? AND COALESCE(finished_at, ?) >= ? ORDER BY id`, [this.serviceId, to, to, from]).map(toGap);
  }

  private gap(id: number): FeedGap | null {
    const row = this.db.get<GapRow>(`SELECT ${GAP_COLUMNS} FROM feed_gap WHERE id = ?`, [id]);
    return row ? toGap(row) : null;
  }

  private write(position: FeedPosition): void {
    this.db.run(
      `INSERT INTO feed_position (service_id, numbering, frontier, last_id, last_mark, last_success_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (service_id) DO UPDATE SET numbering = excluded.numbering, frontier = excluded.frontier, last_id = excluded.last_id, last_mark = excluded.last_mark, last_success_at = excluded.last_success_at, updated_at = excluded.updated_at`,
      [this.serviceId, position.numbering, position.frontier, position.lastId, position.lastMark, position.lastSuccessAt, this.now()],
    );
    this.lastWritten = position;
    this.lastWrittenAt = this.now();
    this.pending = null;
  }
}
