// Cardholder photos: receiving an upload (multipart/form-data with one file part, or a raw
// image/jpeg or image/png body), checking size and magic bytes, and keeping the image with its
// metadata in <dataDir>/photos. Does not touch cardholder records (the API marks photo_Exists).

import busboy from 'busboy';
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { ApiError, drainRequest, mediaTypeOf, readBody } from './http-exchange';
import type { PhotoMeta } from './records';
import { writeAtomically } from './store';

export type ImageType = PhotoMeta['contentType'];

export interface PhotoUpload {
  bytes: Buffer;
  contentType: ImageType;
  receivedAs: PhotoMeta['receivedAs'];
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The image type the bytes really are, by their magic numbers; undefined for anything else. */
export function detectImageType(bytes: Buffer): ImageType | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'image/png';
  return undefined;
}

/** Part types that say nothing about the content: the bytes decide (busboy reports text/plain when a part has none). */
const UNDECLARED_PART_TYPES = new Set(['application/octet-stream', 'text/plain']);

/** Checks that the bytes are an image and agree with what was declared; 415 otherwise. */
function checkImage(bytes: Buffer, declared: string): ImageType {
  if (bytes.length === 0) throw new ApiError(400, 'The photo is empty.', 'photo');
  const actual = detectImageType(bytes);
  if (declared === 'image/jpeg' || declared === 'image/png') {
    if (actual !== declared) {
      throw new ApiError(415, `The photo was sent as ${declared} but its content is ${actual ?? 'not a JPEG or PNG image'}.`);
    }
    return declared;
  }
  if (!UNDECLARED_PART_TYPES.has(declared)) throw new ApiError(415, `The photo must be image/jpeg or image/png (received ${declared}).`);
  if (actual === undefined) throw new ApiError(415, 'The photo must be a JPEG or PNG image.');
  return actual;
}

/** Reads a photo upload from the request; all errors are ApiErrors (400, 413, 415). */
export async function receivePhotoUpload(req: IncomingMessage, maxPhotoBytes: number): Promise<PhotoUpload> {
  const type = mediaTypeOf(req);
  if (type === 'image/jpeg' || type === 'image/png') {
    const bytes = await readBody(req, maxPhotoBytes);
    return { bytes, contentType: checkImage(bytes, type), receivedAs: 'raw' };
  }
  if (type === 'multipart/form-data') {
    const part = await readSingleFilePart(req, maxPhotoBytes);
    return { bytes: part.bytes, contentType: checkImage(part.bytes, part.mimeType), receivedAs: 'multipart' };
  }
  await drainRequest(req);
  throw new ApiError(415, `Send the photo as multipart/form-data or as an image/jpeg or image/png body (received ${type === '' ? 'no content type' : type}).`);
}

/** Room for part headers and small form fields around the file itself. */
const MULTIPART_OVERHEAD_BYTES = 256 * 1024;

function readSingleFilePart(req: IncomingMessage, maxPhotoBytes: number): Promise<{ bytes: Buffer; mimeType: string }> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxPhotoBytes + MULTIPART_OVERHEAD_BYTES) {
    return drainRequest(req).then(() => {
      throw new ApiError(413, `The photo is larger than the ${maxPhotoBytes}-byte limit.`);
    });
  }
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { fileSize: maxPhotoBytes, files: 10, fields: 20, parts: 30, fieldSize: 64 * 1024 } });
    } catch (error) {
      const unreadable = (): void => reject(new ApiError(400, `The multipart body cannot be read: ${(error as Error).message}`));
      drainRequest(req).then(unreadable, unreadable);
      return;
    }
    const files: { bytes: Buffer; mimeType: string }[] = [];
    let tooLarge = false;
    let settled = false;
    const fail = (error: ApiError): void => {
      if (settled) return;
      settled = true;
      req.unpipe(parser);
      drainRequest(req).then(() => reject(error), () => reject(error)); // a drain that fails changes nothing
    };
    parser.on('file', (_name, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => {
        tooLarge = true;
      });
      stream.on('end', () => files.push({ bytes: Buffer.concat(chunks), mimeType: info.mimeType.toLowerCase() }));
      // A body cut short fails the file stream too; the parser's own error answers the request.
      stream.on('error', () => undefined);
    });
    parser.on('error', (error: Error) => fail(new ApiError(400, `The multipart body cannot be read: ${error.message}`)));
    parser.on('close', () => {
      if (settled) return;
      settled = true;
      const [first] = files;
      if (tooLarge) reject(new ApiError(413, `The photo is larger than the ${maxPhotoBytes}-byte limit.`));
      else if (first === undefined) reject(new ApiError(400, 'The multipart body has no file part (a part with a filename).', 'photo'));
      else if (files.length > 1) reject(new ApiError(400, `Send exactly one file part (received ${files.length}).`, 'photo'));
      else resolve(first);
    });
    req.pipe(parser);
  });
}

/** Photos on disk: <dir>/<id>.img and <dir>/<id>.json (PhotoMeta). */
export class PhotoArchive {
  constructor(private readonly dir: string) {}

  async store(cardholderId: number, upload: PhotoUpload, nowMs: number): Promise<PhotoMeta> {
    await mkdir(this.dir, { recursive: true });
    const meta: PhotoMeta = {
      contentType: upload.contentType,
      bytes: upload.bytes.length,
      sha256: createHash('sha256').update(upload.bytes).digest('hex'),
      receivedAs: upload.receivedAs,
      storedAt: new Date(nowMs).toISOString(),
    };
    await writeAtomically(join(this.dir, `${cardholderId}.img`), [upload.bytes]);
    await writeAtomically(join(this.dir, `${cardholderId}.json`), [Buffer.from(JSON.stringify(meta))]);
    return meta;
  }

  async meta(cardholderId: number): Promise<PhotoMeta | undefined> {
    try {
      return JSON.parse(await readFile(join(this.dir, `${cardholderId}.json`), 'utf8')) as PhotoMeta;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async content(cardholderId: number): Promise<{ meta: PhotoMeta; bytes: Buffer } | undefined> {
    const meta = await this.meta(cardholderId);
    if (meta === undefined) return undefined;
    return { meta, bytes: await readFile(join(this.dir, `${cardholderId}.img`)) };
  }

  async clear(): Promise<void> {
    await rm(this.dir, { recursive: true, force: true });
  }
}
