/**
 * History: event searches, their results and the CSV export. Part of the IPC contract (index: ipc.ts).
 */
import { z } from 'zod';
import type { FeedEvent } from './feed';
import { MAX_SERVICE_ID, op, taskId, type ExportResult } from './operation';

/** A history result: the event classified by the kiosk's alarm rules, and what the service's own alarm flag says. */
export interface HistoryEvent extends FeedEvent {
  /** The service's isAlarm flag for this event; null when it could not be learnt. */
  serviceAlarm: boolean | null;
}

/**
 * Why older events of a search may be missing from its result (core/history/search-parts.ts decides):
 * - `service`: an answer of the service held as many events as its limit seems to be (10,000, the
 *   simulator's, unless the service was seen answering more): a service that answers exactly its
 *   limit has probably cut the answer;
 * - `kiosk`: the result holds as many events as the kiosk keeps of one search (every part read).
 */
export interface SearchCut {
  by: 'service' | 'kiosk';
  /** The limit reached: the events in the service's answer, or the most the kiosk keeps. */
  limit: number;
  /** Events of the search at this instant (ISO 8601 UTC) and before may be missing. */
  upTo: string;
  /**
   * Whether the next part can be read ("Read the next part"): false once the kiosk keeps no more,
   * or when the service's answers no longer reach further back (more events than its limit at one
   * instant): then only a narrower search finds them.
   */
  canReadNext: boolean;
}

export interface EventSearchResult {
  /** Handle main keeps for the result so it can be exported without sending it back. */
  resultId: string;
  /** Of a search: its events. Of a next part (`nextPartOf`): only the events that part added, none shown before. */
  events: HistoryEvent[];
  /** Which part this answer is: 1 for the search, 2, 3… for each next part. Absent means 1. */
  part?: number;
  /** How many events the result holds in all, every part read so far. Absent means `events.length`. */
  total?: number;
  /** Present when older events of the search may be missing; absent when the result is complete. */
  cut?: SearchCut;
  /** Elements the service sent that could not be read as events (every part so far; the log names them); absent when none. */
  unreadable?: number;
}

const isoTimestamp = z.iso.datetime({ offset: true });

const idList = z.array(z.number().int().nonnegative().max(MAX_SERVICE_ID)).max(1000);
/** Names seen in events that the site catalogue does not number: main searches them by text. */
export const MAX_SEEN_NAMES = 10;
const nameList = z.array(z.string().trim().min(1).max(200)).max(MAX_SEEN_NAMES);

/**
 * The range check of both searches, as a refinement of their own strict object: combining two
 * schemas with `.and(...)` would turn `.strict()` off (zod 4 merges the key sets of an
 * intersection), so unknown keys would be trimmed instead of refused. Both ends are inclusive:
 * a range may be one instant.
 */
const rangeInOrder = (r: { from: string; to: string }): boolean => Date.parse(r.from) <= Date.parse(r.to);
const RANGE_ORDER = { message: 'The start of the range must not be after its end.', path: ['to'] };

/**
 * "Read the next part" of a result that was cut: the id of that result, sent with the same search
 * again. Main reads the part from what it kept of the result (the search's own end moved back to
 * where the last part stopped), refuses a search that is not the one of that result, and answers
 * only the events not shown before, under the same result id.
 */
const nextPartOf = z.string().min(1).max(100);

export const EventSearchRequest = z
  .object({
    from: isoTimestamp,
    to: isoTimestamp,
    tenants: idList.optional(),
    searchstring: z.string().max(200).optional(),
    deviceIds: idList.optional(),
    /** Devices by the name events carry, for devices the site catalogue does not number. */
    deviceNames: nameList.optional(),
    /** Event categories by name, for categories the site catalogue does not number. */
    categoryNames: nameList.optional(),
    deviceType: z.number().int().nonnegative().max(MAX_SERVICE_ID).optional(),
    isAlarm: z.boolean().optional(),
    nextPartOf: nextPartOf.optional(),
  })
  .strict()
  .refine(rangeInOrder, RANGE_ORDER);
export type EventSearchRequest = z.infer<typeof EventSearchRequest>;

export const EventCodeSearchRequest = z
  .object({
    from: isoTimestamp,
    to: isoTimestamp,
    tenants: idList,
    deviceType: z.number().int().nonnegative().max(MAX_SERVICE_ID).optional(),
    deviceIds: idList.optional(),
    deviceNames: nameList.optional(),
    categoryNames: nameList.optional(),
    isAlarm: z.boolean().optional(),
    eventCategoryIDs: idList.optional(),
    eventTypeIDs: idList.optional(),
    subcodeCategoryIDs: idList.optional(),
    subcodeIDs: idList.optional(),
    nextPartOf: nextPartOf.optional(),
  })
  .strict()
  .refine(rangeInOrder, RANGE_ORDER);
export type EventCodeSearchRequest = z.infer<typeof EventCodeSearchRequest>;

/**
 * The columns of the search results' CSV, in their order: the service's SystemEvent fields, the
 * event time twice more (local as on screen with its offset, and UTC), then the kiosk's alarm, and
 * where the site shares one alarm desk, what guards did about it (alarm_Activity).
 * Fields the service sends beyond these follow facility_Code under their own names.
 */
export const HISTORY_CSV_COLUMNS = [
  'record_ID',
  'created',
  'created_Local_Time',
  'created_UTC',
  'event_Category_Name',
  'device_Name',
  'custom_Text',
  'origin_Name',
  'additional_Info',
  'cardnumber',
  'facility_Code',
  'alarm_Priority',
  'alarm_Rule',
  'service_Alarm_Flag',
  'alarm_Activity',
] as const;
export type HistoryCsvColumn = (typeof HISTORY_CSV_COLUMNS)[number];

export const historyOperations = {
  searchEvents: op<EventSearchResult>()(EventSearchRequest, { personal: 'Searching the event history' }),
  searchEventsByCodes: op<EventSearchResult>()(EventCodeSearchRequest, { personal: 'Searching the event history' }),
  /** Saves a kept result as CSV; main words its headings and fixed words in the language the page shows. */
  exportSearchCsv: op<ExportResult>()(
    z
      .object({
        resultId: z.string().min(1).max(100),
        taskId: taskId.optional(),
        sort: z
          .object({
            column: z.enum(['record_ID', 'created', 'event_Category_Name', 'device_Name', 'custom_Text']),
            direction: z.enum(['asc', 'desc']),
          })
          .strict()
          .optional(),
      })
      .strict(),
    { shift: 'Exporting search results', personal: false },
  ),
} as const;
