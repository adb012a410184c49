/**
 * Photo upload store: sends the ID photo the officer chose to main (bytes over IPC; main checks
 * and uploads it) with its progress, and afterwards shows the photo just sent — the service has
 * no way to read a photo back — until the officer moves on: then the bytes and their object URL
 * are dropped. A photo used despite the capture's hints says so (main logs it). Talks to main
 * only through renderer/src/api.
 */
import { defineStore, acceptHMRUpdate } from 'pinia';
import { usePrivacyRegistry } from '../shell/privacy-registry';
import { readonly, ref, shallowRef } from 'vue';
import { kiosk, type KioskError } from '../api/kiosk';
import type { CardholderRecord, TaskProgress } from '../../../electron/contract/ipc';
import type { CapturedPhoto } from '../photo/captured-photo';

let uploads = 0;

export const usePhotoUploadStore = defineStore('photoUpload', () => {
  const uploading = ref(false);
  const progress = shallowRef<TaskProgress | null>(null);
  const error = ref<KioskError | null>(null);
  /** The record after the upload (photo_Exists from the service). */
  const saved = shallowRef<CardholderRecord | null>(null);
  /** The service could not be reached: the photo waits on this workstation. */
  const queued = ref(false);
  /** The photo just sent, to show once; revoked when the officer moves on. */
  const shownUrl = ref<string | null>(null);
  let pending: CapturedPhoto | null = null;

  function revoke(): void {
    if (shownUrl.value) URL.revokeObjectURL(shownUrl.value);
    shownUrl.value = null;
  }

  /** Sends `photo` for `record`; on a failure the photo stays ready to send again. */
  async function upload(record: CardholderRecord, photo: CapturedPhoto): Promise<CardholderRecord | null> {
    pending = photo;
    uploading.value = true;
    error.value = null;
    saved.value = null;
    queued.value = false;
    const taskId = `photo-${Date.now()}-${++uploads}`;
    // What the task is stays a code (`task`): the photo step words its progress itself, in the language shown.
    progress.value = { taskId, label: '', task: 'photoUpload', done: 0, total: photo.bytes.byteLength, finished: false };
    const unsubscribe = kiosk.onTaskProgress((update) => {
      if (update.taskId === taskId) progress.value = update;
    });
    try {
      const result = await kiosk.uploadCardholderPhoto({
        id: record.id,
        taskId,
        photo: photo.bytes,
        contentType: photo.contentType,
        overriddenHints: [...(photo.overridden ? photo.hints.map((h) => h.code) : []), ...(photo.confirmedWithoutFace ? ['no face, confirmed by the officer'] : [])],
      });
      if (!result.ok) {
        error.value = result.error;
        return null;
      }
      saved.value = result.value.record;
      queued.value = result.value.queued !== null;
      revoke();
      shownUrl.value = URL.createObjectURL(new Blob([new Uint8Array(photo.bytes)], { type: photo.contentType }));
      pending = null;
      return result.value.record;
    } finally {
      unsubscribe();
      uploading.value = false;
    }
  }

  /** Sends the photo that failed once more. */
  async function retry(record: CardholderRecord): Promise<CardholderRecord | null> {
    return pending ? upload(record, pending) : null;
  }

  const hasPending = (): boolean => pending !== null;

  /** Forgets the photo (bytes and object URL) and the upload's state. */
  function clear(): void {
    revoke();
    pending = null;
    uploading.value = false;
    progress.value = null;
    error.value = null;
    saved.value = null;
    queued.value = false;
  }

  usePrivacyRegistry().register('photo-upload', { scope: 'desk', hasPersonalData: () => pending !== null || saved.value !== null || shownUrl.value !== null, forget: clear });

  return { uploading: readonly(uploading), progress, error: readonly(error), saved, queued: readonly(queued), shownUrl: readonly(shownUrl), upload, retry, hasPending, clear };
});

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(usePhotoUploadStore, import.meta.hot));
