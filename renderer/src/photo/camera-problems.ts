/**
 * Camera problems as typed values with a message a front-desk officer understands: what the
 * browser's getUserMedia errors (DOMException names) and a camera that stops mean, and what to do.
 * Every problem offers "Try again" and "Continue without a photo" in the component.
 */

export type CameraProblemCode = 'denied' | 'no-camera' | 'busy' | 'unplugged' | 'unsupported' | 'failed';

export interface CameraProblem {
  code: CameraProblemCode;
  message: string;
}

export const CAMERA_MESSAGES: Record<CameraProblemCode, string> = {
  denied: 'The kiosk is not allowed to use the camera. Allow camera access for the kiosk, then try again.',
  'no-camera': 'No camera found. Connect a camera, then try again.',
  busy: 'The camera is in use by another program or is not responding. Close that program or reconnect the camera, then try again.',
  unplugged: 'The camera was disconnected. Reconnect it, then try again.',
  unsupported: 'This kiosk cannot use a camera here. Continue without a photo.',
  failed: 'The camera could not be started. Try again, or continue without a photo.',
};

export function cameraProblem(code: CameraProblemCode): CameraProblem {
  return { code, message: CAMERA_MESSAGES[code] };
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
