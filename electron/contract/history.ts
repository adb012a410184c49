/**
 * History: event searches, their results and the CSV export. Part of the IPC contract (index: ipc.ts).
 */
import { z } from 'zod';
import type { FeedEvent } from './feed';
import { MAX_SERVICE_ID, op, taskId, type ExportResult } from './operation';
import { priorityWords, wordsFor } from './document-words';

/** A history result: the event classified by the kiosk's alarm rules, and what the service's own alarm flag says. */
export interface HistoryEvent extends FeedEvent {
  /** The service's isAlarm flag for this event; null when it could not be learnt. */
  serviceAlarm: boolean | null;
}

export interface EventSearchResult {
  /** Handle main keeps for the result so it can be exported without sending it back. */
  resultId: string;
  events: HistoryEvent[];
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
  })
  .strict()
  .refine(rangeInOrder, RANGE_ORDER);
export type EventCodeSearchRequest = z.infer<typeof EventCodeSearchRequest>;

/**
 * The columns of the search results' CSV, in their order: the service's SystemEvent fields, the
 * event time twice more (local as on screen with its offset, and UTC), then the kiosk's alarm.
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
] as const;
export type HistoryCsvColumn = (typeof HISTORY_CSV_COLUMNS)[number];

/**
 * The words of the CSV in the language of the screen that exports it: a heading for every column
 * and the alarm priorities. Without them (a script) the headings are the column names above and
 * the priorities their codes, which is what English writes.
 */
export const HistoryCsvWords = z.strictObject({ headings: wordsFor(HISTORY_CSV_COLUMNS), priorities: priorityWords });
export type HistoryCsvWords = z.infer<typeof HistoryCsvWords>;

export const historyOperations = {
  searchEvents: op<EventSearchResult>()(EventSearchRequest),
  searchEventsByCodes: op<EventSearchResult>()(EventCodeSearchRequest),
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
        words: HistoryCsvWords.optional(),
      })
      .strict(),
    { shift: 'Exporting search results' },
  ),
} as const;
