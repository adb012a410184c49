/**
 * The byte limit of an ID photo (`photo.maxBytes`), checked in one place with one wording: by the
 * photo check before an enrolment sends or queues a photo (cardholders/photo-check.ts) and by the
 * service client before it uploads one (cardholder-endpoints.ts). The renderer's encoder aims
 * under the same limit (renderer/src/photo/encode-within-limit.ts) and the IPC contract bounds the
 * payload much higher (MAX_PHOTO_BYTES); neither decides whether a photo is sent.
 */
export interface PhotoLimitProblem {
  message: string;
  detail: string;
}

/** Null when the photo fits the limit; otherwise what to tell the officer and the log. */
export function photoOverLimit(byteLength: number, maxBytes: number): PhotoLimitProblem | null {
  if (byteLength <= maxBytes) return null;
  return {
    message: `The photo is too large to send (${Math.ceil(byteLength / 1024)} KB; the limit is ${Math.floor(maxBytes / 1024)} KB). Take it again.`,
    detail: `${byteLength} bytes > photo.maxBytes ${maxBytes}`,
  };
}
