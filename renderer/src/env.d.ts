/// <reference types="vite/client" />
import type { KioskApi } from '../../electron/contract/ipc';

declare global {
  interface Window {
    /** Provided by the preload (Electron) or the loopback bridge (preview). Only renderer/src/api/ may touch it. */
    readonly kiosk?: KioskApi;
  }
}

declare module '*.vue' {
  import type { DefineComponent } from 'vue';
  const component: DefineComponent<object, object, unknown>;
  export default component;
}
