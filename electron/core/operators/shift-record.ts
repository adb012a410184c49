/**
 * What the kiosk's record (its database) says of a shift, for the handover report: the port the
 * operators capability reads (`ShiftRecord`) and `createShiftRecord`, which answers it from the
 * stores that own each table — alarms and acknowledgements (alarms/alarm-store.ts), outages
 * (status/outage-alarm.ts), the kiosk's runs (storage/kiosk-runs.ts), the feed's gaps and the
 * events set aside (feed/feed-record.ts). Nothing here comes from the feed's ring in memory, and
 * nothing is written: it only reads.
 *
 * Two counts are read from the tables here, where no store answers them yet: the events set aside
 * in a span, and the alarms "found by catch-up" — those whose event lies in a range the feed read
 * after the fact (a gap), however they reached the alarm list: the last events of a gap are loaded
 * for the screen at start before the catch-up reads the rest, so counting by arrival alone would
 * miss them, and would not match what the screen and the catch-up section say the gap held.
 */
import { ALARM_PRIORITIES, type Acknowledgement, type AlarmPriority, type HandoverUnacknowledged, type OpenAlarm } from '../../contract/ipc';
import type { AlarmStore, ShiftAlarmFigures } from '../alarms/alarm-store';
import type { FeedGap, GapAlarms } from '../feed/feed-keeper';
import type { OutageAlarm, RecordedOutage } from '../status/outage-alarm';
import type { KioskDatabase } from '../storage/kiosk-database';
import type { KioskRuns } from '../storage/kiosk-runs';

/** An outage as recorded, with who acknowledged it where that is known. */
export interface ShiftOutage extends RecordedOutage {
  acknowledgedBy: string | null;
}

/** A time the kiosk was not running (ms). */
export interface ShiftDowntime {
  from: number;
  to: number;
  cleanStop: boolean;
}

/** A gap of the feed read after the fact, and the alarms recorded with ids in it. */
export interface ShiftCatchUp {
  gap: FeedGap;
  alarms: GapAlarms;
}

/** What the kiosk's record says of a span of time (ms since the epoch), for the handover report. */
export interface ShiftRecord {
  /** The alarms raised in the span by priority, and the acknowledgements made in it. */
  figures(from: number, to: number): ShiftAlarmFigures[];
  /** Every alarm unacknowledged now, whichever shift raised it: the status bar's count and its groups. */
  unacknowledged(): HandoverUnacknowledged;
  /** Unacknowledged alarms now, most urgent first, at most `limit`. */
  stillWaiting(limit: number): OpenAlarm[];
  /** The acknowledgements made in the span (the operator log's entries). */
  acknowledgements(from: number, to: number): Acknowledgement[];
  /** Outages that touch the span, with their true start and end. */
  outages(from: number, to: number): ShiftOutage[];
  /** The kiosk's own downtime that touches the span. */
  downtime(from: number, to: number): ShiftDowntime[];
  /** The feed's gaps (read after the fact) that touch the span. */
  catchUps(from: number, to: number): ShiftCatchUp[];
  /** Events the service sent in the span that could not be read (set aside). */
  setAsideEvents(from: number, to: number): number;
}

/** The stores the record is read from; each may not exist yet (kiosk-core builds them after the operators capability). */
export interface ShiftRecordSources {
  alarms: () => Pick<AlarmStore, 'shiftFigures' | 'summary' | 'stillWaiting' | 'acknowledgements'> | null;
  feed: () => { gapsBetween(from: number, to: number): FeedGap[]; gapAlarms(gap: FeedGap): GapAlarms } | null;
  outages: () => Pick<OutageAlarm, 'between' | 'state'> | null;
  runs: () => Pick<KioskRuns, 'downtimeBetween'> | null;
  /** The kiosk's database and the service's number in it (the events set aside, the alarms found by catch-up). */
  database: () => { db: KioskDatabase; serviceId: number } | null;
}

const NOTHING_WAITS: HandoverUnacknowledged = { total: 0, waiting: 0, preShift: 0, setAside: 0, bound: 0 };

export function createShiftRecord(sources: ShiftRecordSources): ShiftRecord {
  return {
    figures: (from, to) => {
      const figures = sources.alarms()?.shiftFigures(from, to) ?? [];
      const database = sources.database();
      if (!database) return figures;
      const caughtUp = caughtUpBetween(database.db, database.serviceId, from, to);
      return figures.map((figure) => ({ ...figure, caughtUp: caughtUp[figure.priority] }));
    },
    unacknowledged: () => {
      const summary = sources.alarms()?.summary();
      if (!summary) return { ...NOTHING_WAITS };
      return { total: summary.unacknowledged, waiting: summary.waitingTotal, preShift: summary.preShift, setAside: summary.setAside, bound: summary.bound };
    },
    stillWaiting: (limit) => sources.alarms()?.stillWaiting(limit) ?? [],
    acknowledgements: (from, to) => sources.alarms()?.acknowledgements(from, to) ?? [],
    outages: (from, to) => {
      const outages = sources.outages();
      if (!outages) return [];
      // Who acknowledged an outage is kept with the one on screen only (the table has no column for it).
      const current = outages.state().current;
      return outages.between(from, to).map((o) => ({ ...o, acknowledgedBy: current && current.id === o.id ? current.acknowledgedBy : null }));
    },
    downtime: (from, to) => sources.runs()?.downtimeBetween(from, to) ?? [],
    catchUps: (from, to) => {
      const feed = sources.feed();
      return feed ? feed.gapsBetween(from, to).map((gap) => ({ gap, alarms: feed.gapAlarms(gap) })) : [];
    },
    setAsideEvents: (from, to) => {
      const database = sources.database();
      return database ? setAsideEventsBetween(database.db, database.serviceId, from, to) : 0;
    },
  };
}

/** Events of one service set aside (table `set_aside_event`) when they arrived in [from, to]. */
export function setAsideEventsBetween(database: KioskDatabase, serviceId: number, from: number, to: number): number {
  return Number(database.get<{ n: number }>('SELECT COUNT(*) AS n FROM set_aside_event WHERE service_id = ? AND seen_at BETWEEN ? AND ?', [serviceId, from, to])?.n ?? 0);
}

/**
 * Alarms raised in [from, to] (as AlarmStore.shiftFigures counts them) whose event lies in a range
 * the feed read after the fact — (from_id, to_id] of a gap of the same numbering, as
 * DatabaseFeedKeeper.gapAlarms counts a gap's — or that a catch-up recorded, by priority.
 */
export function caughtUpBetween(database: KioskDatabase, serviceId: number, from: number, to: number): Record<AlarmPriority, number> {
  const rows = database.all<{ rank: number; n: number }>(
    `SELECT a.rank AS rank, COUNT(*) AS n FROM alarm a
      WHERE a.service_id = ? AND COALESCE(a.created_at, a.received_at) BETWEEN ? AND ?
        AND (a.via = 'catch-up' OR EXISTS (SELECT 1 FROM feed_gap g WHERE g.service_id = a.service_id AND g.numbering = a.numbering AND a.record_id > g.from_id AND a.record_id <= g.to_id))
      GROUP BY a.rank`,
    [serviceId, from, to],
  );
  const counts: Record<AlarmPriority, number> = { critical: 0, high: 0, medium: 0, low: 0 };
  for (const row of rows) {
    const priority = ALARM_PRIORITIES[Number(row.rank)];
    if (priority) counts[priority] += Number(row.n);
  }
  return counts;
}
