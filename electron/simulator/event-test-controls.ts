// The /_sim/ test controls of the event stream: inject one event, a malformed ("poison") one, or
// many at once; count what the service produced; read and change the live generator's rate and
// alarm share. Validates the request bodies and query strings and maps them onto the Simulation;
// mounted by test-control-api.ts (only when test controls are enabled).

import { z } from 'zod';
import { MALFORMED_EVENT_KINDS, MAX_OVERSIZE_BYTES, toSystemEventRecord } from './event-json';
import { eventStats } from './event-stats';
import { parseIsoTimestamp, type StoredEvent } from './events';
import { ApiError, MAX_INT32, jsonResponse, parseWith, queryId, readJsonBody } from './http-exchange';
import type { BulkEventsRequest, InjectableEvent, MalformedEventRequest } from './records';
import type { Route, RouteRequest } from './routing';
import type { Simulation } from './simulation';

export const MAX_BULK_EVENTS = 1_000_000;
export const MAX_GENERATOR_RATE = 5000;

const anyId = z.int().min(0).max(MAX_INT32);
const required = (what: string) => ({
  error: (issue: { input: unknown }) => (issue.input === undefined ? 'is required' : `must be ${what}`),
});
const oneOf = (values: readonly string[]) => required(`one of ${values.map((value) => `"${value}"`).join(', ')}`);

/** The fields of POST /_sim/events, also accepted by the malformed and bulk controls. */
const injectSchema = z.strictObject({
  created: z
    .string()
    .refine((value) => parseIsoTimestamp(value) !== undefined, 'must be an ISO 8601 timestamp')
    .optional(),
  eventTypeId: anyId.optional(),
  eventCategoryId: anyId.optional(),
  subcodeId: anyId.optional(),
  subcodeCategoryId: anyId.optional(),
  deviceId: anyId.optional(),
  deviceType: anyId.optional(),
  tenant: anyId.optional(),
  isAlarm: z.boolean().optional(),
  event_Category_Name: z.string().max(200).optional(),
  device_Name: z.string().max(200).optional(),
  custom_Text: z.string().max(2000).optional(),
});

const malformedSchema = injectSchema.extend({
  kind: z.enum(MALFORMED_EVENT_KINDS, oneOf(MALFORMED_EVENT_KINDS)),
  bytes: z.int('must be a whole number of bytes').min(1).max(MAX_OVERSIZE_BYTES, `must be at most ${MAX_OVERSIZE_BYTES} (64 MiB)`).optional(),
});

const BULK_KINDS = ['ordinary', 'generated'] as const;
const bulkSchema = injectSchema.extend({
  count: z.int(required('a whole number')).min(1).max(MAX_BULK_EVENTS, `must be at most ${MAX_BULK_EVENTS}`),
  kind: z.enum(BULK_KINDS, oneOf(BULK_KINDS)),
});

const generatorSchema = z.strictObject({
  eventsPerSecond: z.number(required('a number of events per second')).min(0).max(MAX_GENERATOR_RATE, `must be at most ${MAX_GENERATOR_RATE}`),
  alarmShare: z.number('must be a number from 0 to 1').min(0).max(1).optional(),
});

export function eventTestControlRoutes(sim: Simulation): Route[] {
  const limit = sim.settings.maxBodyBytes;
  /** Test-control bodies may be empty: an empty body means {}. */
  const optionalBody = async (req: RouteRequest['req']): Promise<unknown> => {
    if (req.headers['content-length'] === '0' || (req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined)) {
      return {};
    }
    return readJsonBody(req, limit);
  };
  return [
    {
      method: 'POST',
      path: '/_sim/events',
      handle: async ({ req }) => {
        const partial: Partial<InjectableEvent> = parseWith(injectSchema, await optionalBody(req));
        return jsonResponse(201, toSystemEventRecord(sim.injectEvent(partial)));
      },
    },
    {
      method: 'POST',
      path: '/_sim/events/malformed',
      handle: async ({ req }) => {
        const request: MalformedEventRequest = parseWith(malformedSchema, await readJsonBody(req, limit));
        if (request.bytes !== undefined && request.kind !== 'oversize') {
          throw new ApiError(400, `bytes only applies to kind "oversize" (this one is "${request.kind}").`, 'bytes');
        }
        let event: StoredEvent;
        try {
          event = sim.injectMalformedEvent(request);
        } catch (error) {
          if (error instanceof RangeError) throw new ApiError(400, error.message, 'bytes');
          throw error;
        }
        return jsonResponse(201, { id: event.id, kind: request.kind, bytes: event.json.length });
      },
    },
    {
      method: 'POST',
      path: '/_sim/events/bulk',
      handle: async ({ req }) => {
        const request: BulkEventsRequest = parseWith(bulkSchema, await readJsonBody(req, limit));
        return jsonResponse(201, sim.appendBulk(request));
      },
    },
    {
      method: 'GET',
      path: '/_sim/events/stats',
      handle: ({ url }) => {
        const fromId = queryId(url, 'fromId') ?? 0;
        const toId = queryId(url, 'toId') ?? MAX_INT32;
        if (toId < fromId) throw new ApiError(400, 'toId must not be lower than fromId.', 'toId');
        return jsonResponse(200, eventStats(sim.events.between(fromId, toId)));
      },
    },
    {
      method: 'GET',
      path: '/_sim/generator',
      handle: () => jsonResponse(200, sim.generatorSettings),
    },
    {
      method: 'POST',
      path: '/_sim/generator',
      handle: async ({ req }) => {
        const change = parseWith(generatorSchema, await readJsonBody(req, limit));
        return jsonResponse(200, sim.setGenerator(change));
      },
    },
  ];
}
