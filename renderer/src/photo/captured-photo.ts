/**
 * What PhotoCapture hands to its caller: the final image bytes and what the officer knew when
 * choosing them. The caller uploads the bytes and logs an override (a photo used despite hints).
 */
import type { PhotoContentType } from './encode-within-limit';
import type { PhotoHint } from './photo-hints';

export type { PhotoContentType } from './encode-within-limit';
export type { PhotoHint, PhotoHintCode } from './photo-hints';

export interface PhotoPixelSize {
  width: number;
  height: number;
}

export interface CapturedPhoto {
  /** The encoded image (JPEG or PNG), at most `maxBytes` long. */
  bytes: Uint8Array;
  width: number;
  height: number;
  contentType: PhotoContentType;
  /** Advisory hints still present when the officer chose the photo. */
  hints: PhotoHint[];
  /** True when the photo was used despite hints: the caller logs that choice. */
  overridden: boolean;
  /** No face was found, and the officer confirmed using the photo anyway (logged as such). */
  confirmedWithoutFace?: boolean;
}

export const DEFAULT_PIXEL_SIZE: PhotoPixelSize = { width: 600, height: 800 };
export const DEFAULT_MAX_BYTES = 2 * 1024 * 1024;
