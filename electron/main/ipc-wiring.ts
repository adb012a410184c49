/**
 * Wires the core's Gateway and PushBus to Electron: one ipcMain handler per contract operation,
 * each call passed to the gateway with the sender's trust decided here (the kiosk window's main
 * frame, loaded from the app's own page), and push events sent to that window only.
 */
import { ipcMain, type BrowserWindow, type IpcMainInvokeEvent } from 'electron';
import { OPERATION_NAMES, channelOf, pushChannelOf, type PushEvents, type PushName } from '../contract/ipc';
import type { Gateway, Sender } from '../core/ipc/gateway';
import type { PushBus } from '../core/ipc/push-bus';
import { isOwnPage } from './kiosk-window';

export function wireIpc(gateway: Gateway, push: PushBus, window: BrowserWindow, ownUrl: string): () => void {
  const senderOf = (event: IpcMainInvokeEvent): Sender => {
    const frame = event.senderFrame;
    const fromKioskWindow = !window.isDestroyed() && event.sender.id === window.webContents.id;
    const mainFrame = frame !== null && frame === event.sender.mainFrame;
    const ownPage = frame !== null && isOwnPage(frame.url, ownUrl);
    return {
      trusted: fromKioskWindow && mainFrame && ownPage,
      description: `webContents ${event.sender.id} frame ${frame?.url ?? '(gone)'}`,
    };
  };
  for (const name of OPERATION_NAMES) {
    ipcMain.handle(channelOf(name), (event, payload: unknown) => gateway.handle(name, payload, senderOf(event)));
  }
  const unsubscribe = push.subscribe(<P extends PushName>(name: P, payload: PushEvents[P]) => {
    if (!window.isDestroyed()) window.webContents.send(pushChannelOf(name), payload);
  });
  return () => {
    unsubscribe();
    for (const name of OPERATION_NAMES) ipcMain.removeHandler(channelOf(name));
  };
}
