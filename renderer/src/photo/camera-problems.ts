/**
 * Camera problems as typed values with a message a front-desk officer understands: what the
 * browser's getUserMedia errors (DOMException names) and a camera that stops mean, and what to do.
 * Every problem offers "Try again" and "Continue without a photo" in the component.
 */

import { t } from '../i18n/i18n';

export type CameraProblemCode = 'denied' | 'no-camera' | 'busy' | 'unplugged' | 'unsupported' | 'failed';

export interface CameraProblem {
  code: CameraProblemCode;
  message: string;
}

/** In the language shown (getters: reactive where they are read). */
export const CAMERA_MESSAGES: Readonly<Record<CameraProblemCode, string>> = {
  get denied() {
    return t('photo.camera.denied');
  },
  get 'no-camera'() {
    return t('photo.camera.noCamera');
  },
  get busy() {
    return t('photo.camera.busy');
  },
  get unplugged() {
    return t('photo.camera.unplugged');
  },
  get unsupported() {
    return t('photo.camera.unsupported');
  },
  get failed() {
    return t('photo.camera.failed');
  },
};

/** The problem keeps its code; its message is read in the language shown. */
export function cameraProblem(code: CameraProblemCode): CameraProblem {
  return {
    code,
    get message() {
      return CAMERA_MESSAGES[code];
    },
  };
}

/** The problem behind a getUserMedia rejection. */
export function cameraProblemFrom(error: unknown): CameraProblem {
  const name = typeof error === 'object' && error !== null && 'name' in error ? String((error as { name: unknown }).name) : '';
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return cameraProblem('denied');
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return cameraProblem('no-camera');
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return cameraProblem('busy');
    case 'TypeError':
    case 'NotSupportedError':
      return cameraProblem('unsupported');
    default:
      return cameraProblem('failed');
  }
}
