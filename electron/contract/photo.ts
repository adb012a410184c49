/**
 * The ID photo: its upload and the bytes that cross IPC. Part of the IPC contract (index: ipc.ts).
 */
import { z } from 'zod';
import type { EnrolmentWrite } from './cardholders';
import { cardholderId, op, taskId } from './operation';

/** Largest ID photo that crosses IPC (main checks it against the configured limit too). */
export const MAX_PHOTO_BYTES = 20 * 1024 * 1024;

/** An image as bytes: never empty, never over MAX_PHOTO_BYTES. */
export const photoBytes = z
  .custom<Uint8Array>((value) => value instanceof Uint8Array, 'The photo must be sent as bytes.')
  .refine((bytes) => bytes.byteLength > 0 && bytes.byteLength <= MAX_PHOTO_BYTES, 'The photo is empty or too large.');

export const photoOperations = {
  uploadCardholderPhoto: op<EnrolmentWrite>()(
    z
      .object({
        id: cardholderId,
        taskId: taskId.optional(),
        photo: photoBytes,
        contentType: z.enum(['image/jpeg', 'image/png']),
        /** Hints the officer saw and used the photo anyway (for the log). */
        overriddenHints: z.array(z.string().max(100)).max(20),
      })
      .strict(),
    { shift: 'Uploading a photo', bytes: ['photo'], personal: 'Looking up cardholders' },
  ),
} as const;
