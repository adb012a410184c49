// The /_sim/ test controls: set and clear faults, simulate a database restore, read stored photos,
// choose what the cardholder list answers, reset to the seeded state, read the catalogue, and the
// event controls of event-test-controls.ts (inject, malformed, bulk, stats, generator). Mounted only
// when test controls are enabled; never behind authentication, never subject to faults.

import { z } from 'zod';
import { catalogueSnapshot } from './catalogue';
import { eventTestControlRoutes } from './event-test-controls';
import { ApiError, MAX_INT32, emptyResponse, jsonResponse, parseIdSegment, parseWith, readJsonBody } from './http-exchange';
import type { FaultSpec, ListAnswer } from './records';
import type { Route } from './routing';
import type { Simulation } from './simulation';

const anyId = z.int().min(0).max(MAX_INT32);
const rate = z.number().min(0).max(1);
const count = z.int().min(0);

const faultSchema = z.strictObject({
  pathPrefix: z.string().startsWith('/', 'must start with /').optional(),
  latencyMs: z.int().min(0).max(120_000).optional(),
  error: z.strictObject({ status: z.int().min(400).max(599), rate: rate.optional(), count: count.optional() }).optional(),
  malformedJson: z.strictObject({ rate: rate.optional(), count: count.optional() }).optional(),
  drop: z.strictObject({ rate: rate.optional(), count: count.optional(), afterProcessing: z.boolean().optional() }).optional(),
  truncate: z.strictObject({ afterBytes: z.int().min(0), rate: rate.optional(), count: count.optional() }).optional(),
  throttle: z.strictObject({ bytesPerSecond: z.int().min(1).max(1_000_000_000), rate: rate.optional(), count: count.optional() }).optional(),
  stall: z.strictObject({ afterBytes: z.int().min(0), rate: rate.optional(), count: count.optional() }).optional(),
  drip: z.strictObject({ rate: rate.optional(), count: count.optional() }).optional(),
});

const position = z.int().min(0);
const listEditSchema = z.union([
  z.strictObject({ index: position, set: z.record(z.string(), z.json()) }),
  z.strictObject({ index: position, remove: z.array(z.string()).min(1) }),
  z.strictObject({ index: position, duplicateOf: position }),
], { error: 'must be one of {index, set: {field: value}}, {index, remove: [field]} or {index, duplicateOf}' });

const listAnswerSchema = z.discriminatedUnion('mode', [
  z.strictObject({ mode: z.literal('normal') }),
  z.strictObject({ mode: z.literal('empty') }),
  z.strictObject({
    mode: z.literal('raw'),
    body: z.string(),
    status: z.int().min(200).max(599).optional(),
    contentType: z.string().regex(/^[\x20-\x7e]*$/, 'must be printable ASCII (a header value)').optional(),
  }),
  z.strictObject({ mode: z.literal('mutate'), edits: z.array(listEditSchema).min(1).max(10_000) }),
]);

const restoreSchema = z.strictObject({ maxId: anyId });

export function testControlRoutes(sim: Simulation): Route[] {
  const limit = sim.settings.maxBodyBytes;
  return [
    ...eventTestControlRoutes(sim),
    {
      method: 'GET',
      path: '/_sim/faults',
      handle: () => jsonResponse(200, sim.faults.current()),
    },
    {
      method: 'POST',
      path: '/_sim/faults',
      handle: async ({ req }) => {
        const spec: FaultSpec = parseWith(faultSchema, await readJsonBody(req, limit));
        sim.faults.set(spec);
        return emptyResponse(204);
      },
    },
    {
      method: 'DELETE',
      path: '/_sim/faults',
      handle: () => {
        sim.faults.clear();
        return emptyResponse(204);
      },
    },
    {
      method: 'POST',
      path: '/_sim/restore',
      handle: async ({ req }) => {
        const { maxId } = parseWith(restoreSchema, await readJsonBody(req, limit));
        if (maxId > sim.events.maxId) {
          throw new ApiError(400, `maxId must not exceed the current highest id ${sim.events.maxId}.`, 'maxId');
        }
        sim.restore(maxId);
        return jsonResponse(200, { maxId: sim.events.maxId });
      },
    },
    {
      method: 'GET',
      path: '/_sim/photos/{id}',
      handle: async ({ params }) => {
        const id = parseIdSegment(params['id'] ?? '');
        const meta = await sim.photos.meta(id);
        if (meta === undefined) throw new ApiError(404, `No photo stored for cardholder ${id}.`, 'id');
        return jsonResponse(200, meta);
      },
    },
    {
      method: 'GET',
      path: '/_sim/photos/{id}/content',
      handle: async ({ params }) => {
        const id = parseIdSegment(params['id'] ?? '');
        const photo = await sim.photos.content(id);
        if (photo === undefined) throw new ApiError(404, `No photo stored for cardholder ${id}.`, 'id');
        return { status: 200, headers: { 'content-type': photo.meta.contentType }, body: photo.bytes };
      },
    },
    {
      method: 'GET',
      path: '/_sim/cardholders/list-answer',
      handle: () => jsonResponse(200, sim.listAnswer.current),
    },
    {
      method: 'POST',
      path: '/_sim/cardholders/list-answer',
      handle: async ({ req }) => {
        const answer: ListAnswer = parseWith(listAnswerSchema, await readJsonBody(req, limit));
        try {
          sim.listAnswer.set(answer);
        } catch (error) {
          if (error instanceof RangeError) throw new ApiError(400, error.message, answer.mode === 'raw' ? 'body' : 'edits');
          throw error;
        }
        return jsonResponse(200, sim.listAnswer.current);
      },
    },
    {
      method: 'DELETE',
      path: '/_sim/cardholders/list-answer',
      handle: () => {
        sim.listAnswer.reset();
        return emptyResponse(204);
      },
    },
    {
      method: 'POST',
      path: '/_sim/reset',
      handle: async () => {
        await sim.reset();
        return emptyResponse(204);
      },
    },
    {
      method: 'GET',
      path: '/_sim/catalogue',
      handle: () => jsonResponse(200, catalogueSnapshot()),
    },
  ];
}
