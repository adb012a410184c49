/**
 * Checks an ID photo in main before it is sent to the service: that its bytes are the image type
 * the renderer says (JPEG by its FF D8 FF start, PNG by its signature), that it fits the
 * configured byte limit (service/photo-limit.ts), and that its pixel size is the configured one (read from the JPEG's
 * start-of-frame marker or the PNG's IHDR chunk, without decoding the image). Pure: bytes in, a
 * verdict out; the renderer is not trusted to have done it.
 */
import { keyedError, type KioskError } from '../../../contract/ipc';
import { photoOverLimit } from '../../service/photo-limit';

export interface PhotoRules {
  contentType: 'image/jpeg' | 'image/png';
  width: number;
  height: number;
  maxBytes: number;
}

/** A refusal is worded by a key of the error table (`message`: its English, for the log); `detail` for the log. */
export type PhotoVerdict = { ok: true } | ({ ok: false; detail: string } & Pick<KioskError, 'key' | 'params' | 'message'>);

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export function isJpeg(bytes: Uint8Array): boolean {
  return bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
}

export function isPng(bytes: Uint8Array): boolean {
  return bytes.length >= 8 && PNG_SIGNATURE.every((b, i) => bytes[i] === b);
}

/** Width and height from a JPEG's first start-of-frame marker; null when there is none. */
export function jpegSize(bytes: Uint8Array): { width: number; height: number } | null {
  if (!isJpeg(bytes)) return null;
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1] as number;
    if (marker === 0xff) {
      at++; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2; // markers without a length
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image or start of scan before any frame
    const length = ((bytes[at + 2] as number) << 8) | (bytes[at + 3] as number);
    if (length < 2) return null;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      if (at + 9 > bytes.length) return null;
      const height = ((bytes[at + 5] as number) << 8) | (bytes[at + 6] as number);
      const width = ((bytes[at + 7] as number) << 8) | (bytes[at + 8] as number);
      return { width, height };
    }
    at += 2 + length;
  }
  return null;
}

/** Width and height from a PNG's IHDR chunk; null when it is not there. */
export function pngSize(bytes: Uint8Array): { width: number; height: number } | null {
  if (!isPng(bytes) || bytes.length < 24) return null;
  const type = String.fromCharCode(...bytes.subarray(12, 16));
  if (type !== 'IHDR') return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

export function checkPhoto(bytes: Uint8Array, declared: 'image/jpeg' | 'image/png', rules: PhotoRules): PhotoVerdict {
  const kind = declared === 'image/png' ? 'PNG' : 'JPEG';
  if (declared !== rules.contentType) {
    return { ok: false, ...keyedError('photoWrongType', { kind: rules.contentType === 'image/png' ? 'PNG' : 'JPEG' }), detail: `declared ${declared}, configured ${rules.contentType}` };
  }
  const matches = declared === 'image/png' ? isPng(bytes) : isJpeg(bytes);
  if (!matches) return { ok: false, ...keyedError('photoNotKind', { kind }), detail: `bytes do not start like ${kind}` };
  const tooLarge = photoOverLimit(bytes.byteLength, rules.maxBytes);
  if (tooLarge) return { ok: false, ...tooLarge };
  const size = declared === 'image/png' ? pngSize(bytes) : jpegSize(bytes);
  if (!size) return { ok: false, ...keyedError('photoIncomplete', { kind }), detail: 'no image size found' };
  if (size.width !== rules.width || size.height !== rules.height) {
    return {
      ok: false,
      ...keyedError('photoWrongSize', { width: size.width, height: size.height, wantedWidth: rules.width, wantedHeight: rules.height }),
      detail: `size ${size.width}x${size.height}, configured ${rules.width}x${rules.height}`,
    };
  }
  return { ok: true };
}

/** A badge photo's longest side in pixels: a photo box is a few centimetres, and a bigger image only costs memory when the page decodes it. */
export const BADGE_PHOTO_MAX_SIDE = 4096;

/**
 * An image file the officer chose for a badge (a reprint with no photo at hand), checked as an
 * upload is: its bytes are the type it claims (JPEG or PNG, whichever the kiosk uploads), under
 * the photo byte limit, a complete image whose size can be read, and not larger than
 * BADGE_PHOTO_MAX_SIDE on a side. Its pixel size need not be the upload's: it is only printed.
 */
export function checkBadgePhoto(bytes: Uint8Array, declared: 'image/jpeg' | 'image/png', maxBytes: number): PhotoVerdict {
  const kind = declared === 'image/png' ? 'PNG' : 'JPEG';
  const matches = declared === 'image/png' ? isPng(bytes) : isJpeg(bytes);
  if (!matches) return { ok: false, ...keyedError('photoNotKind', { kind }), detail: `badge photo: bytes do not start like ${kind}` };
  const tooLarge = photoOverLimit(bytes.byteLength, maxBytes);
  if (tooLarge) return { ok: false, ...tooLarge, detail: `badge photo: ${tooLarge.detail}` };
  const size = declared === 'image/png' ? pngSize(bytes) : jpegSize(bytes);
  if (!size || size.width === 0 || size.height === 0) return { ok: false, ...keyedError('photoIncomplete', { kind }), detail: 'badge photo: no image size found' };
  if (size.width > BADGE_PHOTO_MAX_SIDE || size.height > BADGE_PHOTO_MAX_SIDE) {
    return { ok: false, ...keyedError('badgePhotoTooManyPixels', { width: size.width, height: size.height, limit: BADGE_PHOTO_MAX_SIDE }), detail: `badge photo: ${size.width}x${size.height} pixels` };
  }
  return { ok: true };
}
