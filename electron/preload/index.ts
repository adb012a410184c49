/**
 * Preload (sandboxed, context-isolated): exposes `window.kiosk`, built from the IPC contract,
 * and nothing else. No Node API, no generic invoke, no raw ipcRenderer reaches the page.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { buildKioskApi } from '../contract/kiosk-api';

const kiosk = buildKioskApi({
  invoke: (channel, payload) => ipcRenderer.invoke(channel, payload),
  subscribe: (channel, listener) => {
    const handler = (_event: IpcRendererEvent, payload: unknown): void => listener(payload);
    ipcRenderer.on(channel, handler);
    return () => {
      ipcRenderer.removeListener(channel, handler);
    };
  },
});

contextBridge.exposeInMainWorld('kiosk', kiosk);
