/**
 * The cardholder endpoints of the access-control service (/api/CardHolders: list, read, create,
 * update, photo upload), on the shared HTTP machinery of service-http.ts. Owns what is particular
 * to them: the schemas each answer must fit, the photo's size limit and upload form (multipart
 * or raw body, as configured), and the read-back by id when a write answers nothing usable.
 * Writes are never retried (service-http.ts retries reads only).
 */
import type { AccessService, CallOptions, CardHolder, CardHolderChanges, CardHolderListDownload, CardHolderListRequest, NewCardHolder, PhotoUpload, UploadOptions } from './access-service';
import { malformedAnswer, ServiceFailure, type HttpAnswer } from './service-errors';
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

  /** The record the write answered with, or — when it answered nothing usable — the record read back by id. */
  async function recordOrReadBack(answer: HttpAnswer, id: number, options: CallOptions | undefined): Promise<CardHolder> {
    if (answer.body.trim() !== '') {
      let body: unknown;
      try {
        body = JSON.parse(answer.body);
      } catch {
        body = undefined;
      }
      // The spec does not say what these answer; only a whole record with the same id is taken as the result.
      const record = CardHolderSchema.safeParse(body);
      if (record.success && record.data.id === id) return record.data;
    }
    return readBack(id, options);
  }

  async function readBack(id: number, options: CallOptions | undefined): Promise<CardHolder> {
    try {
      return await getCardHolder(id, options);
    } catch (thrown) {
      if (!(thrown instanceof ServiceFailure)) throw thrown;
      throw new ServiceFailure(
        { ...thrown.error, message: `The change was saved, but the kiosk could not read the record back. ${thrown.error.message}` },
        { writeAccepted: true },
      );
    }
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
        },
      );
      if (!('body' in answer)) return { modified: false };
      return { modified: true, etag: answer.headers.etag ?? null, lastModified: answer.headers['last-modified'] ?? null, length: answer.length, body: answer.body };
    },

    async createCardHolder(record: NewCardHolder, options?: CallOptions): Promise<CardHolder> {
      return http.run(
        {
          endpoint: CARDHOLDER_ENDPOINTS.createCardHolder,
          path: '/api/CardHolders/create',
          read: false,
          data: record,
          accept: async (answer, ctx) => {
            if (answer.body.trim() !== '') return validate(CardHolderSchema, json(answer, ctx), ctx, answer.status);
            // No body: a 201 may still say where the new record is.
            const created = /\/(\d+)\/?$/.exec(answer.headers.location ?? '');
            if (!created?.[1]) throw malformedAnswer(ctx, answer.status, undefined, 'the answer is empty and names no new record');
            return readBack(Number(created[1]), options);
          },
        },
        options,
      );
    },

    async updateCardHolder(changes: CardHolderChanges, options?: CallOptions): Promise<CardHolder> {
      const id = idSegment(changes.id);
      return http.run(
        {
          endpoint: CARDHOLDER_ENDPOINTS.updateCardHolder,
          path: '/api/CardHolders/update',
          subject: `cardholder ${id}`,
          read: false,
          data: changes,
          accept: (answer) => recordOrReadBack(answer, id, options),
        },
        options,
      );
    },

    async uploadPhoto(id: number, photo: PhotoUpload, options?: UploadOptions): Promise<CardHolder> {
      idSegment(id);
      const bytes = photo.bytes.byteLength;
      if (bytes > photoSettings.maxBytes) {
        const mb = (n: number) => `${(n / (1024 * 1024)).toFixed(1)} MB`;
        throw new ServiceFailure({
          code: 'too_large',
          message: `The photo is too large to send (${mb(bytes)}; the limit is ${mb(photoSettings.maxBytes)}). Take it again at a lower size.`,
          detail: `photo of ${bytes} bytes > photo.maxBytes ${photoSettings.maxBytes}`,
          endpoint: CARDHOLDER_ENDPOINTS.uploadPhoto,
        });
      }
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
          accept: (answer) => recordOrReadBack(answer, id, options),
        },
        options,
      );
    },
  };
}
