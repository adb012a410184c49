/**
 * Test-only page: mounts the real PhotoCapture (with Pinia, the kiosk's vue-i18n and the theme) until the
 * enrolment screen exists, and records what it emits on window.photoHarness for the test.
 * Props come from the query string: ?contentType=image/png&maxBytes=1000&width=300&height=400.
 */
import { createApp, h, ref, type Plugin } from 'vue';
import { createPinia } from 'pinia';
import PhotoCapture from '../../../renderer/src/photo/PhotoCapture.vue';
import HarnessI18n from './HarnessI18n.vue';
import '../../../renderer/src/shell/theme.css';

interface RecordedUse {
  bytes: number[];
  width: number;
  height: number;
  contentType: string;
  hints: Array<{ code: string; message: string }>;
  overridden: boolean;
  confirmedWithoutFace?: boolean;
}
export interface PhotoHarness {
  uses: RecordedUse[];
  skips: number;
  clear(): void;
  unmount(): void;
  /** Camera tracks handed out by getUserMedia that are still live (the camera light is on). */
  liveTracks(): number;
}
declare global {
  interface Window {
    photoHarness: PhotoHarness;
  }
}

const query = new URLSearchParams(location.search);
const props: Record<string, unknown> = {};
if (query.get('contentType')) props.contentType = query.get('contentType');
if (query.get('maxBytes')) props.maxBytes = Number(query.get('maxBytes'));
if (query.get('width') && query.get('height')) props.pixelSize = { width: Number(query.get('width')), height: Number(query.get('height')) };

// Every stream the component opens, so a test can see that it stops them.
const streams: MediaStream[] = [];
const mediaDevices = navigator.mediaDevices as MediaDevices | undefined;
if (mediaDevices) {
  const getUserMedia = mediaDevices.getUserMedia.bind(mediaDevices);
  mediaDevices.getUserMedia = async (constraints) => {
    const stream = await getUserMedia(constraints);
    streams.push(stream);
    return stream;
  };
}

const capture = ref<{ clear(): void } | null>(null);
const shown = ref(true);
const harness: PhotoHarness = {
  uses: [],
  skips: 0,
  clear: () => capture.value?.clear(),
  unmount: () => {
    shown.value = false;
  },
  liveTracks: () => streams.flatMap((s) => s.getTracks()).filter((t) => t.readyState === 'live').length,
};
window.photoHarness = harness;

createApp({
  render: () =>
    h('main', [
      h('h1', 'Photo capture harness'),
      shown.value
        ? h(PhotoCapture, {
            ...props,
            ref: capture,
            onUse: (photo: Omit<RecordedUse, 'bytes'> & { bytes: Uint8Array }) => harness.uses.push({ ...photo, bytes: Array.from(photo.bytes) }),
            onSkip: () => {
              harness.skips += 1;
            },
          })
        : h('p', 'Unmounted.'),
    ]),
})
  .use(createPinia())
  .use(HarnessI18n as unknown as Plugin)
  .mount('#app');
