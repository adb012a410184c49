/**
 * RangeReader: reads every system event whose record_ID lies in (lo, hi] from
 * GET /api/SystemEvents?FromID&MaxID and hands them on exactly once, in record_ID order.
 *
 * The spec leaves the meaning of FromID and MaxID open (inclusive or exclusive), as well as the
 * order of the answer and any page limit. This module assumes none of it:
 *  - it asks for the overlapping range FromID = f, MaxID = top + 1, which contains (f, top] under
 *    every combination of inclusive/exclusive bounds, and keeps only ids in (f, top];
 *  - it deduplicates by record_ID and sorts the answer itself;
 *  - when an answer does not reach `top` (a page limit cut it, or the ids above are gaps) it asks
 *    again from the highest id it received;
 *  - when the lowest new id leaves a hole above f (ids that never existed, or a page limit that
 *    kept the highest ids of the range), it reads the hole first, so nothing below is skipped;
 *  - when an answer holds no new id at all, the range is taken as empty and passed, so an id that
 *    never exists cannot stall the feed (when that answer showed a bound to be inclusive, the range
 *    is asked once more without the bound ids first, as they may have filled a limited page);
 *  - an answer over the size limit is asked again in halves, down to a range of one id; that one
 *    is then read alone (GET /api/SystemEvents/{id}), and when even that is too large (or cannot
 *    be read) it is set aside by its id and passed, so one huge event never stops the feed;
 *  - elements of an answer that cannot be read as events are handed to `setAside`, and passed.
 * It owns no state between calls and never talks to the renderer.
 */
import { KioskFailure } from '../ipc/failure';
import type { AccessService, SystemEvent, UnreadableEvent } from '../service/access-service';

export type RangeSource = Pick<AccessService, 'listEvents'>;

export interface RangeReadOptions {
  /** Widest id span asked for in one request. */
  chunkSize: number;
  signal?: AbortSignal;
  /**
   * FromID of the first request when lower than `lo`: the feed asks from just below the last
   * event it delivered so that the answer shows that event again, whatever the bound semantics.
   */
  probeFromId?: number;
  /** Every raw answer, before filtering (the feed uses it to check ids it delivered before). */
  inspect?: (events: readonly SystemEvent[]) => void;
  /** Receives each run of new events, ascending; every call continues where the previous one ended. */
  deliver: (events: SystemEvent[]) => void;
  /** Called whenever every id up to `frontier` is known to be delivered or not to exist. */
  advance?: (frontier: number) => void;
  /** Elements that could not be read (not events, no id) and ids too large to read even alone. */
  setAside?: (unreadable: UnreadableEvent[]) => void;
  /** Reads one event alone, when the range holding only its id is over the size limit (GET /api/SystemEvents/{id}). */
  readOne?: (id: number) => Promise<SystemEvent>;
  /** The first request, asked from `probeFromId`, was over the size limit (an event below the range is too large): it is asked again without. */
  onProbeTooLarge?: () => void;
}

export interface RangeReadStats {
  requests: number;
  delivered: number;
}

/** Reads (lo, hi] in chunks of at most `chunkSize` ids. */
export async function readRange(source: RangeSource, lo: number, hi: number, options: RangeReadOptions): Promise<RangeReadStats> {
  const chunk = Math.max(1, Math.floor(options.chunkSize));
  const stats: RangeReadStats = { requests: 0, delivered: 0 };
  let probe = options.probeFromId;

  /** Delivers everything in (from, top] and returns top. */
  const cover = async (from: number, top: number): Promise<number> => {
    let frontier = from;
    // Learnt from answers, never assumed: an answer holding the id asked as FromID (or MaxID)
    // proves that bound inclusive, and that id may have taken a place in a limited page.
    let fromInclusive = false;
    let maxInclusive = false;
    while (frontier < top) {
      options.signal?.throwIfAborted();
      const fromId = probe !== undefined ? Math.min(probe, frontier) : fromInclusive ? frontier + 1 : frontier;
      const maxId = maxInclusive ? top : top + 1;
      const probing = fromId < frontier;
      probe = undefined;
      let answer: Awaited<ReturnType<RangeSource['listEvents']>>;
      try {
        answer = await source.listEvents(fromId, maxId, { signal: options.signal });
      } catch (thrown) {
        if (!isTooLarge(thrown)) throw thrown;
        stats.requests++;
        if (probing) {
          // The probe's extra id below the range made it too large: the range alone.
          options.onProbeTooLarge?.();
          continue;
        }
        // Over the size limit: the halves, down to one id read alone (or set aside).
        frontier = top - frontier > 1 ? await cover(frontier, frontier + Math.floor((top - frontier) / 2)) : await readAlone(frontier + 1, thrown);
        continue;
      }
      stats.requests++;
      if (answer.unreadable && answer.unreadable.length > 0) options.setAside?.(answer.unreadable);
      options.inspect?.(answer.events);
      const sawFrom = answer.events.some((event) => event.record_ID <= fromId);
      const sawMax = answer.events.some((event) => event.record_ID >= maxId);
      const learnt = (sawFrom && !fromInclusive) || (sawMax && !maxInclusive);
      fromInclusive ||= sawFrom;
      maxInclusive ||= sawMax;
      const fresh = newEventsIn(answer.events, frontier, top);
      const lowest = fresh[0];
      if (!lowest) {
        // Ask again without the ids already known, which may have filled a limited page.
        if (learnt || probing) continue;
        break; // nothing new between frontier and top: the ids there do not exist
      }
      if (lowest.record_ID > frontier + 1) {
        // A hole below the lowest id received: either ids that never existed or a page limit that
        // kept the top of the range. Read it before delivering anything above it.
        frontier = await cover(frontier, lowest.record_ID - 1);
      }
      options.deliver(fresh);
      stats.delivered += fresh.length;
      frontier = fresh[fresh.length - 1]!.record_ID;
      options.advance?.(frontier);
      // If the answer did not reach top, the loop asks again from the highest id received.
    }
    options.advance?.(top);
    return top;
  };

  /** The one id `id`, whose range was over the size limit: read alone, else set aside. Returns `id`. */
  const readAlone = async (id: number, tooLarge: KioskFailure): Promise<number> => {
    options.signal?.throwIfAborted();
    let event: SystemEvent | null = null;
    let why = tooLarge.error.detail ?? tooLarge.error.message;
    if (options.readOne) {
      try {
        event = await options.readOne(id);
        stats.requests++;
      } catch (thrown) {
        stats.requests++;
        if (thrown instanceof KioskFailure && thrown.error.code === 'not_found') {
          options.advance?.(id); // no such event: a neighbour made the range too large
          return id;
        }
        if (!(thrown instanceof KioskFailure) || !['too_large', 'malformed_answer'].includes(thrown.error.code)) throw thrown;
        why = thrown.error.detail ?? thrown.error.message;
      }
    }
    if (event && event.record_ID === id) {
      options.deliver([event]);
      stats.delivered += 1;
    } else {
      options.setAside?.([{ recordId: id, reason: 'too-large', detail: `event #${id} could not be read: ${why}`, raw: null }]);
    }
    options.advance?.(id);
    return id;
  };

  let frontier = lo;
  while (frontier < hi) {
    frontier = await cover(frontier, Math.min(frontier + chunk, hi));
  }
  return stats;
}

function isTooLarge(thrown: unknown): thrown is KioskFailure {
  return thrown instanceof KioskFailure && thrown.error.code === 'too_large';
}

/** The events of an answer with above < record_ID <= top, one per id, ascending. */
export function newEventsIn(events: readonly SystemEvent[], above: number, top: number): SystemEvent[] {
  const byId = new Map<number, SystemEvent>();
  for (const event of events) {
    const id = event.record_ID;
    if (id > above && id <= top && !byId.has(id)) byId.set(id, event);
  }
  return [...byId.values()].sort((a, b) => a.record_ID - b.record_ID);
}
