/**
 * The byte limit of an ID photo (`photo.maxBytes`), checked in one place with one wording: by the
 * photo check before an enrolment sends or queues a photo (cardholders/checks/photo-check.ts) and by the
 * service client before it uploads one (cardholder-endpoints.ts). The renderer's encoder aims
 * under the same limit (renderer/src/photo/encode-within-limit.ts) and the IPC contract bounds the
 * payload much higher (MAX_PHOTO_BYTES); neither decides whether a photo is sent.
 */
import { keyedError, type KioskError } from '../../contract/ipc';

/** Worded by the error table's key (`message`: its English, for the log); `detail` for the log. */
export type PhotoLimitProblem = Pick<KioskError, 'key' | 'params' | 'message'> & { detail: string };

/** Null when the photo fits the limit; otherwise what to tell the officer and the log. */
export function photoOverLimit(byteLength: number, maxBytes: number): PhotoLimitProblem | null {
  if (byteLength <= maxBytes) return null;
  return {
    ...keyedError('photoTooLarge', { size: Math.ceil(byteLength / 1024), limit: Math.floor(maxBytes / 1024) }),
    detail: `${byteLength} bytes > photo.maxBytes ${maxBytes}`,
  };
}
