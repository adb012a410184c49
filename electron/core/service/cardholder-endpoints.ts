/**
 * The cardholder endpoints of the access-control service (/api/CardHolders: list, read, create,
 * update, photo upload), on the shared HTTP machinery of service-http.ts. Owns what is particular
 * to them: the schemas each answer must fit, the photo's size limit and upload form (multipart
 * or raw body, as configured). A write returns what the service answered — the record when it
 * sent one (whole, alone in a list or in a wrapper), otherwise nothing (a create: the id its
 * Location names); reading the record back is cardholders/enrolment/cardholder-writes.ts's decision.
 * Writes are never retried (service-http.ts retries reads only).
 */
import type { AccessService, CallOptions, CardHolder, CardHolderChanges, CardHolderListDownload, CardHolderListRequest, CreateAnswer, NewCardHolder, PhotoUpload, UploadOptions } from './access-service';
import { photoOverLimit } from './photo-limit';
import { malformedAnswer, ServiceFailure } from './service-errors';
import { CardHolderListSchema, CardHolderSchema } from './service-schemas';
import { idSegment, json, validate, type ServiceHttp } from './service-http';

export const CARDHOLDER_ENDPOINTS = {
  listCardHolders: 'GET /api/CardHolders',
  downloadCardHolders: 'GET /api/CardHolders',
  getCardHolder: 'GET /api/CardHolders/{id}',
  uploadPhoto: 'POST /api/CardHolders/{id}/photo',
  createCardHolder: 'POST /api/CardHolders/create',
  updateCardHolder: 'POST /api/CardHolders/update',
} as const;

/** Keys under which a write's answer may wrap the record (case-insensitive). */
const WRAPPER_KEYS = ['data', 'result', 'record', 'value', 'item', 'cardholder'];

/**
 * The record a write answered with: the whole record, the one record of a list, or the record in
 * a wrapper object; null for anything else (empty, `true`, an id, `{ success: true }`, not JSON).
 */
export function answeredRecord(body: string): CardHolder | null {
  if (body.trim() === '') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  const whole = (value: unknown): CardHolder | null => {
    const record = CardHolderSchema.safeParse(value);
    return record.success ? record.data : null;
  };
  if (Array.isArray(parsed)) return parsed.length === 1 ? whole(parsed[0]) : null;
  const direct = whole(parsed);
  if (direct || parsed === null || typeof parsed !== 'object') return direct;
  for (const [key, value] of Object.entries(parsed)) if (WRAPPER_KEYS.includes(key.toLowerCase())) return whole(value);
  return null;
}

/** The spec does not say what update and photo answer: only a record with the same id is taken as theirs. */
const sameRecord = (record: CardHolder | null, id: number): CardHolder | null => (record?.id === id ? record : null);

export type CardholderEndpoints = Pick<AccessService, keyof typeof CARDHOLDER_ENDPOINTS>;

export function cardholderEndpoints(http: ServiceHttp): CardholderEndpoints {
  const photoSettings = http.photo;

  async function getCardHolder(id: number, options?: CallOptions): Promise<CardHolder> {
    return http.run(
      {
        endpoint: CARDHOLDER_ENDPOINTS.getCardHolder,
        path: `/api/CardHolders/${idSegment(id)}`,
        subject: `cardholder ${id}`,
        read: true,
        accept: (answer, ctx) => validate(CardHolderSchema, json(answer, ctx), ctx, answer.status),
      },
      options,
    );
  }

  return {
    async listCardHolders(options?: CallOptions): Promise<CardHolder[]> {
      return http.run(
        {
          endpoint: CARDHOLDER_ENDPOINTS.listCardHolders,
          path: '/api/CardHolders',
          read: true,
          accept: (answer, ctx) => validate(CardHolderListSchema, json(answer, ctx), ctx, answer.status),
        },
        options,
      );
    },

    getCardHolder,

    async downloadCardHolders(request: CardHolderListRequest): Promise<CardHolderListDownload> {
      const headers: Record<string, string> = {};
      if (request.etag) headers['If-None-Match'] = request.etag;
      if (request.lastModified) headers['If-Modified-Since'] = request.lastModified;
      const answer = await http.stream(
        { endpoint: CARDHOLDER_ENDPOINTS.downloadCardHolders, path: '/api/CardHolders', headers },
        {
          ...(request.signal ? { signal: request.signal } : {}),
          ...(request.onProgress ? { onProgress: request.onProgress } : {}),
          ...(request.maxBytes !== undefined ? { maxBytes: request.maxBytes } : {}),
        },
      );
      if (!('body' in answer)) return { modified: false };
      return { modified: true, etag: answer.headers.etag ?? null, lastModified: answer.headers['last-modified'] ?? null, length: answer.length, body: answer.body };
    },

    async createCardHolder(record: NewCardHolder, options?: CallOptions): Promise<CreateAnswer> {
      return http.run(
        {
          endpoint: CARDHOLDER_ENDPOINTS.createCardHolder,
          path: '/api/CardHolders/create',
          read: false,
          data: record,
          accept: (answer, ctx) => {
            if (answer.body.trim() !== '') return answeredRecord(answer.body) ?? validate(CardHolderSchema, json(answer, ctx), ctx, answer.status);
            // No body: a 201 may still say where the new record is.
            const created = /\/(\d+)\/?$/.exec(answer.headers.location ?? '');
            if (!created?.[1]) throw malformedAnswer(ctx, answer.status, undefined, 'the answer is empty and names no new record');
            return { id: Number(created[1]), onlyLocation: true as const };
          },
        },
        options,
      );
    },

    async updateCardHolder(changes: CardHolderChanges, options?: CallOptions): Promise<CardHolder | null> {
      const id = idSegment(changes.id);
      return http.run(
        {
          endpoint: CARDHOLDER_ENDPOINTS.updateCardHolder,
          path: '/api/CardHolders/update',
          subject: `cardholder ${id}`,
          read: false,
          data: changes,
          accept: (answer) => sameRecord(answeredRecord(answer.body), id),
        },
        options,
      );
    },

    async uploadPhoto(id: number, photo: PhotoUpload, options?: UploadOptions): Promise<CardHolder | null> {
      idSegment(id);
      const bytes = photo.bytes.byteLength;
      const tooLarge = photoOverLimit(bytes, photoSettings.maxBytes);
      if (tooLarge) throw new ServiceFailure({ code: 'too_large', ...tooLarge, endpoint: CARDHOLDER_ENDPOINTS.uploadPhoto });
      const fileName = photo.fileName ?? `photo-${id}.${photo.contentType === 'image/png' ? 'png' : 'jpg'}`;
      let data: unknown;
      let headers: Record<string, string>;
      if (photoSettings.upload === 'raw') {
        data = Buffer.from(photo.bytes.buffer, photo.bytes.byteOffset, photo.bytes.byteLength);
        headers = { 'Content-Type': photo.contentType };
      } else {
        const form = new FormData();
        form.append(photoSettings.partName, new Blob([new Uint8Array(photo.bytes)], { type: photo.contentType }), fileName);
        data = form;
        headers = {};
      }
      return http.run(
        {
          endpoint: CARDHOLDER_ENDPOINTS.uploadPhoto,
          path: `/api/CardHolders/${id}/photo`,
          subject: `cardholder ${id}`,
          read: false,
          data,
          headers,
          uploadBytes: bytes,
          ...(options?.onProgress ? { onUploadProgress: options.onProgress } : {}),
          accept: (answer) => sameRecord(answeredRecord(answer.body), id),
        },
        options,
      );
    },
  };
}
