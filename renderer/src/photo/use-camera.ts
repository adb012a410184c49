/**
 * The camera for the photo screen: the connected cameras (kept current when one is plugged in or
 * out), one live stream from the chosen camera (VueUse's useUserMedia), and what went wrong as a
 * typed CameraProblem. Starts are queued so two quick camera switches never leave a stream open;
 * the stream stops on stop(), when its camera is unplugged, and when the owning component unmounts.
 *
 * VueUse's useDevicesList is not used: it does not re-read the list once access is granted, so
 * the cameras would keep their empty labels; the list is read here after each start instead.
 */
import { readonly, ref, shallowRef } from 'vue';
import { useEventListener, useUserMedia } from '@vueuse/core';
import { cameraProblem, cameraProblemFrom, type CameraProblem } from './camera-problems';

export interface CameraChoice {
  id: string;
  label: string;
}

export type CameraState = 'idle' | 'starting' | 'live' | 'problem';

/** Resolution asked of the camera (it gives the nearest it has); 960 rows cover a 600×800 crop. */
export const CAMERA_IDEAL = { width: 1280, height: 960 } as const;

export function useCamera() {
  const cameras = ref<CameraChoice[]>([]);
  const state = ref<CameraState>('idle');
  const problem = shallowRef<CameraProblem | null>(null);
  /** deviceId of the camera that is streaming ('' when none or unknown). */
  const activeId = ref('');
  const media = useUserMedia({ autoSwitch: false, enabled: false, constraints: { audio: false, video: true } });
  let queue: Promise<unknown> = Promise.resolve();
  let endedTrack: MediaStreamTrack | null = null;

  const mediaDevices = (): MediaDevices | undefined => (typeof navigator === 'undefined' ? undefined : navigator.mediaDevices);

  async function refreshCameras(): Promise<void> {
    const devices = mediaDevices();
    if (!devices?.enumerateDevices) {
      cameras.value = [];
      return;
    }
    try {
      const all = await devices.enumerateDevices();
      cameras.value = all.filter((d) => d.kind === 'videoinput').map((d, i) => ({ id: d.deviceId, label: d.label || `Camera ${i + 1}` }));
    } catch {
      cameras.value = [];
    }
  }

  function onTrackEnded(): void {
    release();
    fail(cameraProblem('unplugged'));
  }

  function release(): void {
    endedTrack?.removeEventListener('ended', onTrackEnded);
    endedTrack = null;
    media.stop();
    activeId.value = '';
  }

  function fail(p: CameraProblem): void {
    problem.value = p;
    state.value = 'problem';
  }

  async function open(preferredId: string): Promise<boolean> {
    release();
    problem.value = null;
    if (!media.isSupported.value) {
      fail(cameraProblem('unsupported'));
      return false;
    }
    state.value = 'starting';
    await refreshCameras();
    if (cameras.value.length === 0) {
      fail(cameraProblem('no-camera'));
      return false;
    }
    const known = cameras.value.some((c) => c.id === preferredId && preferredId !== '');
    media.constraints.value = {
      audio: false,
      video: {
        ...(known ? { deviceId: { exact: preferredId } } : {}),
        width: { ideal: CAMERA_IDEAL.width },
        height: { ideal: CAMERA_IDEAL.height },
      },
    };
    try {
      const stream = await media.start();
      const track = stream?.getVideoTracks()[0];
      if (!track) {
        release();
        fail(cameraProblem('no-camera'));
        return false;
      }
      endedTrack = track;
      track.addEventListener('ended', onTrackEnded);
      activeId.value = track.getSettings().deviceId ?? (known ? preferredId : '');
      state.value = 'live';
      await refreshCameras(); // labels are readable once access is granted
      return true;
    } catch (error) {
      release();
      fail(cameraProblemFrom(error));
      return false;
    }
  }

  /** Starts the camera (the preferred one when it is connected, else the default); queued. */
  function start(preferredId = ''): Promise<boolean> {
    const next = queue.then(() => open(preferredId));
    queue = next.catch(() => undefined);
    return next;
  }

  /** Stops the stream (the camera light goes off); queued after any start in progress. */
  function stop(): Promise<void> {
    const next = queue.then(() => {
      release();
      if (state.value !== 'problem') state.value = 'idle';
    });
    queue = next.catch(() => undefined);
    return next;
  }

  const devices = mediaDevices();
  if (devices) useEventListener(devices, 'devicechange', () => void refreshCameras(), { passive: true });

  return {
    cameras: readonly(cameras),
    state: readonly(state),
    problem: readonly(problem),
    activeId: readonly(activeId),
    stream: media.stream,
    start,
    stop,
  };
}
