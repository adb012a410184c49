/**
 * Search parts: whether an answer of the service was cut at its limit, where the next part of a
 * search ends, what the kiosk keeps of one search, and what the result says about it (SearchCut).
 * Pure functions over events and times; event-history.ts sends the requests and keeps the results.
 * It must not: call the service, know the screen's words, or import Electron.
 *
 * When an answer counts as cut. The spec has no paging and names no limit. A service that answers
 * with exactly its limit has probably cut the answer, so an answer holding at least as many events
 * as the service's limit seems to be is taken as cut. The kiosk starts from 10,000 events (the
 * simulator's limit) and learns a larger limit when the service answers with more: that larger
 * answer is taken as cut too (it is as many as the service was ever seen to send), later smaller
 * ones are not.
 *
 * Where the next part ends. The spec lists the highest record_ID first, and the simulator keeps the
 * 10,000 highest ids that match: the events left out have lower ids, so, ids rising with time,
 * none is more recent than the answer's lowest-id event. The next part is the same search with its
 * end moved to that event's time plus one millisecond: ends are inclusive, so events sharing that
 * instant are read again rather than lost, and the millisecond covers a service whose times are
 * finer than the millisecond the kiosk parses. Events read twice are dropped by id. For a service
 * that cuts by time instead, that end is at or after the oldest event of its answer: nothing is lost
 * there either, a few events are read again. When the end would not move back (more events than
 * the limit at one instant), reading further would bring the same answer: the part says so instead.
 */
import type { HistoryEvent, SearchCut, SystemEvent } from '../../contract/ipc';

/** The limit a service that says none is taken to have: the simulator's answer size. */
export const ASSUMED_SERVICE_LIMIT = 10_000;

/**
 * The most events the kiosk keeps of one search, every part read (main keeps a few results for
 * their export, the screen sorts them all): five parts of the simulator's limit.
 */
export const MAX_RESULT_EVENTS = 50_000;

/** The service's answer limit as the kiosk has seen it: an answer of at least it is cut. */
export class ServiceAnswerLimit {
  private limit: number;

  constructor(initial: number = ASSUMED_SERVICE_LIMIT) {
    this.limit = Math.max(1, Math.floor(initial));
  }

  get value(): number {
    return this.limit;
  }

  /** Whether an answer of `count` events may have been cut; a larger answer than ever teaches a larger limit. */
  judge(count: number): boolean {
    const cut = count >= this.limit;
    if (count > this.limit) this.limit = count;
    return cut;
  }
}

/** Where one query of a search stands after an answer. Times are milliseconds since the epoch. */
export type QueryState =
  /** Its answer was whole: the query is read over its whole range. */
  | { kind: 'done' }
  /** Cut: events up to `upTo` may be missing; the next part asks again with its end at `end` (inclusive). */
  | { kind: 'more'; end: number; upTo: number }
  /** Cut, and asking again would bring the same answer: events up to `upTo` may be missing. */
  | { kind: 'stuck'; upTo: number };

/** An event's time in milliseconds; null when `created` is not a time. */
export function eventTime(event: Pick<SystemEvent, 'created'>): number | null {
  const time = Date.parse(String(event.created));
  return Number.isNaN(time) ? null : time;
}

/**
 * The instant a cut answer stops at: the time of its lowest-id event (what the service left out has
 * lower ids), else its oldest time; null when no event of it has a time.
 */
export function answerBoundary(answer: readonly SystemEvent[]): number | null {
  let lowest: SystemEvent | undefined;
  let oldest: number | null = null;
  for (const event of answer) {
    const time = eventTime(event);
    if (time === null) continue;
    if (lowest === undefined || event.record_ID < lowest.record_ID) lowest = event;
    if (oldest === null || time < oldest) oldest = time;
  }
  return lowest ? eventTime(lowest) : oldest;
}

/**
 * Where a query stands after an answer it got with its end at `end` (and its start at `from`):
 * done when the answer was whole; else the next part's end, one millisecond after the boundary and
 * never later than `end`, or stuck when that would not move back (or the boundary is unknown).
 */
export function afterAnswer(answer: readonly SystemEvent[], cut: boolean, end: number, from: number): QueryState {
  if (!cut) return { kind: 'done' };
  const boundary = answerBoundary(answer);
  if (boundary === null) return { kind: 'stuck', upTo: end };
  const upTo = Math.min(boundary, end);
  const nextEnd = Math.min(boundary + 1, end);
  return nextEnd < end && nextEnd >= from ? { kind: 'more', end: nextEnd, upTo } : { kind: 'stuck', upTo };
}

/**
 * Whether the answer's ids rise with its times (each event no later than every one with a higher
 * id); when they do not, "older" and "lower id" differ, and the next part's end is an estimate.
 */
export function idsFollowTime(answer: readonly SystemEvent[]): boolean {
  const timed = answer.flatMap((event) => {
    const time = eventTime(event);
    return time === null ? [] : [{ id: event.record_ID, time }];
  });
  timed.sort((a, b) => b.id - a.id);
  let earliest = Infinity;
  for (const { time } of timed) {
    if (time > earliest) return false;
    earliest = time;
  }
  return true;
}

/**
 * The service's alarm flag of the events of a part, learnt from its answers to the same queries
 * asked with isAlarm: true. An event that is not among them is not an alarm for the service, unless
 * one of those answers was cut and the event is not more recent than where it stopped: then it may
 * have been left out, and its flag is unknown (null).
 */
export function flagsFromAlarmAnswers(answers: ReadonlyArray<{ events: readonly SystemEvent[]; cut: boolean }>): (event: SystemEvent) => boolean | null {
  const alarms = new Set<number>();
  let unknownUpTo = -Infinity;
  for (const answer of answers) {
    for (const event of answer.events) alarms.add(event.record_ID);
    if (answer.cut) {
      const boundary = answerBoundary(answer.events);
      unknownUpTo = Math.max(unknownUpTo, boundary === null ? Infinity : boundary + 1);
    }
  }
  return (event) => {
    if (alarms.has(event.record_ID)) return true;
    if (unknownUpTo === -Infinity) return false;
    const time = eventTime(event);
    return time === null || time <= unknownUpTo ? null : false;
  };
}

/**
 * The new events of a part that the kiosk keeps: all of them while the result stays within `max`,
 * else the most recent (by time, then id) that fit. `droppedUpTo` is the latest time of those left
 * out (an event without a time counts as `fallbackTime`), null when none was.
 */
export function keepWithin<T extends HistoryEvent>(
  held: number,
  fresh: readonly T[],
  max: number = MAX_RESULT_EVENTS,
  fallbackTime = -Infinity,
): { kept: T[]; droppedUpTo: number | null } {
  const room = Math.max(0, max - held);
  if (fresh.length <= room) return { kept: [...fresh], droppedUpTo: null };
  const timeOf = (event: T): number => eventTime(event) ?? fallbackTime;
  const newestFirst = [...fresh].sort((a, b) => timeOf(b) - timeOf(a) || b.record_ID - a.record_ID);
  const dropped = newestFirst.slice(room);
  return { kept: newestFirst.slice(0, room), droppedUpTo: Math.max(...dropped.map(timeOf)) };
}

const iso = (time: number): string => new Date(time).toISOString();

/**
 * What a result says about its completeness after a part: nothing when every query was read whole
 * and nothing was left out; `kiosk` when the kiosk left events out or holds as many as it keeps
 * while more could be read; else `service`, up to the latest instant where a query stopped.
 */
export function resultCut(
  states: readonly QueryState[],
  serviceLimit: number,
  total: number,
  droppedUpTo: number | null,
  max: number = MAX_RESULT_EVENTS,
): SearchCut | undefined {
  let serviceUpTo: number | null = null;
  let more = false;
  for (const state of states) {
    if (state.kind === 'done') continue;
    serviceUpTo = Math.max(serviceUpTo ?? -Infinity, state.upTo);
    if (state.kind === 'more') more = true;
  }
  if (droppedUpTo !== null || (total >= max && more)) {
    const upTo = Math.max(droppedUpTo ?? -Infinity, serviceUpTo ?? -Infinity);
    return { by: 'kiosk', limit: max, upTo: iso(upTo), canReadNext: false };
  }
  if (serviceUpTo === null) return undefined;
  return { by: 'service', limit: serviceLimit, upTo: iso(serviceUpTo), canReadNext: more };
}

/** A request as text with its keys sorted: two requests are the same search when these are equal. */
export function canonicalRequest(value: unknown): string {
  const sorted = (item: unknown): unknown => {
    if (Array.isArray(item)) return item.map(sorted);
    if (item !== null && typeof item === 'object') {
      return Object.fromEntries(
        Object.entries(item as Record<string, unknown>)
          .filter(([, field]) => field !== undefined)
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
          .map(([key, field]) => [key, sorted(field)]),
      );
    }
    return item;
  };
  return JSON.stringify(sorted(value));
}
