// HTTP endpoints of the system events: id range (FromID/MaxID), one event, the highest id, and the
// two searches. Maps query strings and bodies (with the spec's two spellings of device filters)
// onto one EventFilter; the event log does the filtering.

import { z } from 'zod';
import { foldForSearch, parseIsoTimestamp, type EventFilter } from './events';
import { ApiError, MAX_INT32, jsonResponse, parseIdSegment, parseWith, queryId, readJsonBody, serializedJsonResponse, type SimResponse } from './http-exchange';
import type { Route } from './routing';
import type { Simulation } from './simulation';

/** Longest FromID..MaxID range of GET /api/SystemEvents, and most events one search returns. */
export const MAX_EVENTS_PER_ANSWER = 10_000;
const MAX_LIST_FILTER = 1000;

const required = (what: string) => ({
  error: (issue: { input: unknown }) => (issue.input === undefined ? 'is required' : `must be ${what}`),
});
const timestamp = (isRequired: boolean) =>
  (isRequired ? z.string(required('an ISO 8601 timestamp string')) : z.string()).refine(
    (value) => parseIsoTimestamp(value) !== undefined,
    'must be an ISO 8601 timestamp such as 2026-11-21T10:00:00Z',
  );
const idList = z.array(z.int().min(0).max(MAX_INT32)).max(MAX_LIST_FILTER, `at most ${MAX_LIST_FILTER} ids`);

const searchSchema = z.strictObject({
  from: timestamp(false).nullish(),
  to: timestamp(false).nullish(),
  tenants: idList.nullish(),
  searchstring: z.string().max(200, 'must be at most 200 characters').nullish(),
  DeviceIds: idList.nullish(),
  DeviceType: z.int().nullish(),
  isAlarm: z.boolean().nullish(),
});

const searchByCodesSchema = z.strictObject({
  from: timestamp(true),
  to: timestamp(true),
  tenants: z.array(z.int().min(0).max(MAX_INT32), required('an array of integers')).max(MAX_LIST_FILTER),
  deviceType: z.int().nullish(),
  deviceIds: idList.nullish(),
  isAlarm: z.boolean().nullish(),
  eventCategoryIDs: idList.nullish(),
  eventTypeIDs: idList.nullish(),
  subcodeCategoryIDs: idList.nullish(),
  subcodeIDs: idList.nullish(),
});

const SEARCH_FIELDS = Object.keys(searchSchema.shape);
const SEARCH_BY_CODES_FIELDS = Object.keys(searchByCodesSchema.shape);

function setOf(values: readonly number[] | null | undefined): ReadonlySet<number> | undefined {
  return values === null || values === undefined || values.length === 0 ? undefined : new Set(values);
}

function orUndefined<T>(value: T | null | undefined): T | undefined {
  return value ?? undefined;
}

/** from/to as milliseconds; 400 on "to" when the range runs backwards. */
function timeRange(from: string | null | undefined, to: string | null | undefined): Pick<EventFilter, 'fromMs' | 'toMs'> {
  const fromMs = from === null || from === undefined ? undefined : parseIsoTimestamp(from);
  const toMs = to === null || to === undefined ? undefined : parseIsoTimestamp(to);
  if (fromMs !== undefined && toMs !== undefined && toMs < fromMs) throw new ApiError(400, 'to must not be earlier than from.', 'to');
  return { fromMs, toMs };
}

export function eventRoutes(sim: Simulation): Route[] {
  const { events, settings } = sim;
  const listAnswer = (found: Parameters<typeof events.listJson>[0]): SimResponse => serializedJsonResponse(200, events.listJson(found));
  return [
    {
      method: 'GET',
      path: '/api/SystemEvents',
      handle: ({ url }) => {
        const fromId = queryId(url, 'FromID');
        if (fromId === undefined) throw new ApiError(400, 'FromID is required (the lowest record_ID wanted).', 'FromID');
        const maxId = queryId(url, 'MaxID') ?? fromId + MAX_EVENTS_PER_ANSWER - 1;
        if (maxId < fromId) throw new ApiError(400, 'MaxID must not be lower than FromID.', 'MaxID');
        if (maxId - fromId + 1 > MAX_EVENTS_PER_ANSWER) {
          throw new ApiError(400, `MaxID - FromID + 1 must be at most ${MAX_EVENTS_PER_ANSWER}.`, 'MaxID');
        }
        return listAnswer(events.range(fromId, maxId));
      },
    },
    {
      method: 'GET',
      path: '/api/SystemEvents/maxid',
      handle: () => jsonResponse(200, { maxId: events.maxId }),
    },
    {
      method: 'GET',
      path: '/api/SystemEvents/{id}',
      handle: ({ params }) => {
        const id = parseIdSegment(params['id'] ?? '');
        const event = events.get(id);
        if (event === undefined) throw new ApiError(404, `No system event with record_ID ${id}.`, 'id');
        return serializedJsonResponse(200, event.json);
      },
    },
    {
      method: 'POST',
      path: '/api/SystemEvents/search',
      handle: async ({ req }) => {
        const body = parseWith(searchSchema, await readJsonBody(req, settings.maxBodyBytes), SEARCH_FIELDS);
        const filter: EventFilter = {
          ...timeRange(body.from, body.to),
          tenants: setOf(body.tenants),
          text: body.searchstring === null || body.searchstring === undefined ? undefined : foldForSearch(body.searchstring),
          deviceIds: setOf(body.DeviceIds),
          deviceType: orUndefined(body.DeviceType),
          isAlarm: orUndefined(body.isAlarm),
        };
        return listAnswer(events.search(filter, MAX_EVENTS_PER_ANSWER));
      },
    },
    {
      method: 'POST',
      path: '/api/SystemEvents/searchbycodes',
      handle: async ({ req }) => {
        const body = parseWith(searchByCodesSchema, await readJsonBody(req, settings.maxBodyBytes), SEARCH_BY_CODES_FIELDS);
        const filter: EventFilter = {
          ...timeRange(body.from, body.to),
          tenants: setOf(body.tenants),
          deviceIds: setOf(body.deviceIds),
          deviceType: orUndefined(body.deviceType),
          isAlarm: orUndefined(body.isAlarm),
          categoryIds: setOf(body.eventCategoryIDs),
          typeIds: setOf(body.eventTypeIDs),
          subcodeCategoryIds: setOf(body.subcodeCategoryIDs),
          subcodeIds: setOf(body.subcodeIDs),
        };
        return listAnswer(events.search(filter, MAX_EVENTS_PER_ANSWER));
      },
    },
  ];
}
