import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { effectScope, nextTick } from 'vue';
import { useCamera } from '../../../renderer/src/photo/use-camera';

class FakeTrack extends EventTarget {
  readyState: 'live' | 'ended' = 'live';
  constructor(readonly deviceId: string) {
    super();
  }
  stop(): void {
    this.readyState = 'ended';
  }
  getSettings(): { deviceId: string } {
    return { deviceId: this.deviceId };
  }
}
class FakeStream {
  constructor(readonly track: FakeTrack) {}
  getTracks(): FakeTrack[] {
    return [this.track];
  }
  getVideoTracks(): FakeTrack[] {
    return [this.track];
  }
}

interface Devices {
  list: Array<{ kind: string; deviceId: string; label: string }>;
  failWith: string | null;
  tracks: FakeTrack[];
  constraints: MediaStreamConstraints[];
}

let devices: Devices;

beforeEach(() => {
  devices = { list: [], failWith: null, tracks: [], constraints: [] };
  const mediaDevices = Object.assign(new EventTarget(), {
    enumerateDevices: vi.fn(async () => devices.list),
    getUserMedia: vi.fn(async (constraints: MediaStreamConstraints) => {
      devices.constraints.push(constraints);
      await Promise.resolve();
      if (devices.failWith) throw Object.assign(new Error('raw'), { name: devices.failWith });
      const video = constraints.video as { deviceId?: { exact: string } };
      const track = new FakeTrack(video.deviceId?.exact ?? devices.list.find((d) => d.kind === 'videoinput')?.deviceId ?? '');
      devices.tracks.push(track);
      return new FakeStream(track);
    }),
  });
  Object.defineProperty(window.navigator, 'mediaDevices', { value: mediaDevices, configurable: true });
});
afterEach(() => {
  Reflect.deleteProperty(window.navigator, 'mediaDevices');
});

const TWO_CAMERAS = [
  { kind: 'audioinput', deviceId: 'mic', label: 'Microphone' },
  { kind: 'videoinput', deviceId: 'cam-a', label: 'Desk camera' },
  { kind: 'videoinput', deviceId: 'cam-b', label: '' },
];

function setup() {
  const scope = effectScope();
  const camera = scope.run(() => useCamera());
  if (!camera) throw new Error('no camera');
  return { camera, scope };
}
const live = (): number => devices.tracks.filter((t) => t.readyState === 'live').length;

describe('useCamera', () => {
  it('with no camera connected: "no camera", without asking for one', async () => {
    const { camera } = setup();
    expect(await camera.start()).toBe(false);
    expect(camera.state.value).toBe('problem');
    expect(camera.problem.value?.code).toBe('no-camera');
    expect(devices.constraints).toEqual([]);
  });

  it('permission refused: "denied", and no stream is left', async () => {
    devices.list = TWO_CAMERAS;
    devices.failWith = 'NotAllowedError';
    const { camera } = setup();
    expect(await camera.start()).toBe(false);
    expect(camera.problem.value?.code).toBe('denied');
    expect(camera.stream.value).toBeUndefined();
  });

  it('starts the preferred camera when connected, lists the cameras with readable names', async () => {
    devices.list = TWO_CAMERAS;
    const { camera } = setup();
    expect(await camera.start('cam-b')).toBe(true);
    expect(camera.state.value).toBe('live');
    expect(camera.activeId.value).toBe('cam-b');
    expect(devices.constraints[0]).toMatchObject({ audio: false, video: { deviceId: { exact: 'cam-b' } } });
    expect(camera.cameras.value).toEqual([
      { id: 'cam-a', label: 'Desk camera' },
      { id: 'cam-b', label: 'Camera 2' },
    ]);
  });

  it('a remembered camera that is gone: the default camera instead', async () => {
    devices.list = TWO_CAMERAS;
    const { camera } = setup();
    expect(await camera.start('unplugged-yesterday')).toBe(true);
    expect((devices.constraints[0]?.video as { deviceId?: unknown }).deviceId).toBeUndefined();
    expect(camera.activeId.value).toBe('cam-a');
  });

  it('two quick switches leave exactly one camera running', async () => {
    devices.list = TWO_CAMERAS;
    const { camera } = setup();
    const first = camera.start('cam-a');
    const second = camera.start('cam-b');
    await Promise.all([first, second]);
    expect(live()).toBe(1);
    expect(camera.activeId.value).toBe('cam-b');
  });

  it('a camera unplugged while in use: "unplugged", stream released', async () => {
    devices.list = TWO_CAMERAS;
    const { camera } = setup();
    await camera.start();
    devices.tracks[0]?.dispatchEvent(new Event('ended'));
    await nextTick();
    expect(camera.problem.value?.code).toBe('unplugged');
    expect(camera.stream.value).toBeUndefined();
  });

  it('stop() and the end of the owner stop the stream', async () => {
    devices.list = TWO_CAMERAS;
    const { camera, scope } = setup();
    await camera.start();
    await camera.stop();
    expect(live()).toBe(0);
    expect(camera.state.value).toBe('idle');
    await camera.start();
    expect(live()).toBe(1);
    scope.stop();
    expect(live()).toBe(0);
  });

  it('a camera plugged in later shows up in the list', async () => {
    const { camera } = setup();
    await camera.start();
    devices.list = TWO_CAMERAS;
    navigator.mediaDevices.dispatchEvent(new Event('devicechange'));
    await vi.waitFor(() => expect(camera.cameras.value).toHaveLength(2));
  });
});
