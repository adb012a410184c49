/**
 * Encoding within a byte limit: tries JPEG qualities from high to low and keeps the first result
 * that fits; PNG has no quality, so it is one attempt. The encoder is injected (the component
 * passes canvas.toBlob), so the loop is plain TypeScript, tested under Node.
 */

import { formatNumber } from '../i18n/format';
import { t } from '../i18n/i18n';

export type PhotoContentType = 'image/jpeg' | 'image/png';

/** JPEG qualities tried in order; the first that fits the limit wins. */
export const JPEG_QUALITY_STEPS: readonly number[] = [0.92, 0.85, 0.8, 0.75, 0.7, 0.65, 0.6, 0.55, 0.5];

/** Encodes the prepared image at a quality (undefined for PNG); rejects if the browser cannot. */
export type ImageEncoder = (contentType: PhotoContentType, quality: number | undefined) => Promise<Uint8Array>;

export interface EncodeError {
  code: 'too-large' | 'encode-failed';
  message: string;
}

export type EncodeOutcome =
  | { ok: true; bytes: Uint8Array; quality: number | null; attempts: number }
  | { ok: false; error: EncodeError; attempts: number };

/** "1.5 MB", "820 KB" (German "1,5 MB"): sizes as a front-desk officer reads them (1 KB = 1024 bytes), in the language shown. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return t('photo.size.mb', { size: formatNumber(bytes / (1024 * 1024), { minimumFractionDigits: 1, maximumFractionDigits: 1 }) });
  if (bytes >= 1024) return t('photo.size.kb', { size: formatNumber(Math.round(bytes / 1024)) });
  return t('photo.size.bytes', { size: formatNumber(bytes) }, bytes);
}

export async function encodeWithinLimit(
  encode: ImageEncoder,
  contentType: PhotoContentType,
  maxBytes: number,
  qualities: readonly number[] = JPEG_QUALITY_STEPS,
): Promise<EncodeOutcome> {
  const steps: Array<number | undefined> = contentType === 'image/jpeg' ? [...qualities] : [undefined];
  let attempts = 0;
  let smallest = Number.POSITIVE_INFINITY;
  for (const quality of steps) {
    attempts += 1;
    let bytes: Uint8Array;
    try {
      bytes = await encode(contentType, quality);
    } catch {
      return { ok: false, attempts, error: { code: 'encode-failed', message: t('photo.capture.encodeFailed') } };
    }
    if (bytes.byteLength === 0) {
      return { ok: false, attempts, error: { code: 'encode-failed', message: t('photo.capture.encodeFailed') } };
    }
    if (bytes.byteLength <= maxBytes) return { ok: true, bytes, quality: quality ?? null, attempts };
    smallest = Math.min(smallest, bytes.byteLength);
  }
  return {
    ok: false,
    attempts,
    error: {
      code: 'too-large',
      message:
        contentType === 'image/jpeg'
          ? t('photo.capture.tooLargeLowest', { size: formatBytes(smallest), limit: formatBytes(maxBytes) })
          : t('photo.capture.tooLarge', { size: formatBytes(smallest), limit: formatBytes(maxBytes) }),
    },
  };
}
