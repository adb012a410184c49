// HTTP endpoints of the cardholders: list (with its validators and 304 answers), read one,
// create, update (id in the body, only the fields sent change) and photo upload. Validates request
// bodies (400 naming the field) and turns directory results into responses; the directory, the
// list answer, the validators and the photo archive do the work.

import type { IncomingMessage } from 'node:http';
import { z } from 'zod';
import type { CardholderFields } from './cardholders';
import { ApiError, MAX_INT32, emptyResponse, jsonResponse, parseIdSegment, parseWith, readJsonBody, type SimResponse } from './http-exchange';
import { receivePhotoUpload } from './photos';
import type { Route } from './routing';
import type { Simulation } from './simulation';

const text = (max: number) => z.string().max(max, `must be at most ${max} characters`);
const personName = z.string().trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters');
const nonNegativeId = z.int().min(0).max(MAX_INT32);
const onlyNull = z.null({ error: 'only null is accepted (the service does not define a non-null value)' });

/** Fields a client may send; every one optional here. */
const writableFields = {
  first_Name: personName.optional(),
  last_Name: personName.optional(),
  middle_Name: text(100).optional(),
  card_Holder_Letter_ID: nonNegativeId.optional(),
  employee_ID: text(50).optional(),
  displayEmployeeId: text(50).optional(),
  email: text(254).optional(),
  sex: z.string().regex(/^[MFUXmfux]$/, 'must be one letter: m, f, u or x').optional(),
  phone: text(50).optional(),
  address1: text(200).optional(),
  address2: text(200).optional(),
  city: text(100).optional(),
  state: text(100).optional(),
  zip: text(20).optional(),
  birthday: onlyNull.optional(),
  tenant: z.array(nonNegativeId).max(64, 'at most 64 tenants').optional(),
  card_Holder_Type_ID: nonNegativeId.optional(),
  card_Holder_ID: onlyNull.optional(),
};

/** Fields the service computes: accepted (so a whole record can be sent back) and ignored. */
const derivedFields = {
  name: z.unknown().optional(),
  displayName: z.unknown().optional(),
  created: z.unknown().optional(),
  updated: z.unknown().optional(),
  photo_Exists: z.unknown().optional(),
};

const createSchema = z.strictObject({
  ...writableFields,
  ...derivedFields,
  id: z.unknown().optional(),
  first_Name: personName,
  last_Name: personName,
});

const updateSchema = z.strictObject({
  ...writableFields,
  ...derivedFields,
  id: z.int().min(1).max(MAX_INT32),
});

const KNOWN_FIELDS = Object.keys(updateSchema.shape);

function writable(body: Record<string, unknown>): CardholderFields {
  const fields: Record<string, unknown> = {};
  for (const key of Object.keys(writableFields)) {
    if (body[key] !== undefined) fields[key] = body[key];
  }
  return fields as CardholderFields;
}

/**
 * GET/HEAD /api/CardHolders: the list (or the test answer set through /_sim/), with validators on
 * 2xx answers when they are enabled; 304 when the request's conditions say the client has it.
 * The 304 decision needs no serialization: the validators come from revision counters.
 */
function answerList(sim: Simulation, req: IncomingMessage): SimResponse {
  const { listAnswer, listValidators, settings } = sim;
  const withValidators = settings.validators && listAnswer.status >= 200 && listAnswer.status < 300;
  if (!withValidators) {
    const { status, contentType, body } = listAnswer.body();
    return { status, headers: contentType === undefined ? {} : { 'content-type': contentType }, body };
  }
  const version = listValidators.current();
  if (listValidators.notModified(req.headers, version)) return emptyResponse(304, listValidators.headers(version));
  const { status, contentType, body } = listAnswer.body();
  return { status, headers: { ...(contentType === undefined ? {} : { 'content-type': contentType }), ...listValidators.headers(version) }, body };
}

export function cardholderRoutes(sim: Simulation): Route[] {
  const { directory, settings } = sim;
  return [
    {
      method: 'GET',
      path: '/api/CardHolders',
      handle: ({ req }) => answerList(sim, req),
    },
    {
      method: 'GET',
      path: '/api/CardHolders/{id}',
      handle: ({ params }) => {
        const id = parseIdSegment(params['id'] ?? '');
        const record = directory.get(id);
        if (record === undefined) throw new ApiError(404, `No cardholder with id ${id}.`, 'id');
        return jsonResponse(200, record);
      },
    },
    {
      method: 'POST',
      path: '/api/CardHolders/create',
      handle: async ({ req }) => {
        const body = parseWith(createSchema, await readJsonBody(req, settings.maxBodyBytes), KNOWN_FIELDS);
        const record = directory.create({ ...writable(body), first_Name: body.first_Name, last_Name: body.last_Name }, Date.now());
        return jsonResponse(201, record, { location: `/api/CardHolders/${record.id}` });
      },
    },
    {
      method: 'POST',
      path: '/api/CardHolders/update',
      handle: async ({ req }) => {
        const body = parseWith(updateSchema, await readJsonBody(req, settings.maxBodyBytes), KNOWN_FIELDS);
        const record = directory.update(body.id, writable(body), Date.now());
        if (record === undefined) throw new ApiError(404, `No cardholder with id ${body.id}.`, 'id');
        return jsonResponse(200, record);
      },
    },
    {
      method: 'POST',
      path: '/api/CardHolders/{id}/photo',
      handle: async ({ req, params }) => {
        const id = parseIdSegment(params['id'] ?? '');
        if (directory.get(id) === undefined) throw new ApiError(404, `No cardholder with id ${id}.`, 'id');
        const upload = await receivePhotoUpload(req, settings.maxPhotoBytes);
        await sim.photos.store(id, upload, Date.now());
        const record = directory.setPhotoStored(id, Date.now());
        if (record === undefined) throw new ApiError(404, `No cardholder with id ${id}.`, 'id');
        return jsonResponse(200, record);
      },
    },
  ];
}
