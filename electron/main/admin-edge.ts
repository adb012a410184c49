/**
 * The Electron side of the admin actions the admin PIN protects (core/admin-lock): quitting and
 * leaving kiosk mode. The core checks the unlock before calling these; this module only does
 * them. Quitting goes through app.quit(), so the usual before-quit path (the outbox warning,
 * the core's orderly stop) runs as for any other quit.
 */
import { app, type BrowserWindow } from 'electron';
import type { AdminActions } from '../core/admin-lock/admin-capability';

export function adminEdgeActions(getWindow: () => BrowserWindow | null): AdminActions {
  return {
    quit() {
      // After the answer has gone back to the renderer.
      setImmediate(() => app.quit());
    },
    leaveKioskMode() {
      const window = getWindow();
      if (!window || window.isDestroyed()) return;
      window.setKiosk(false);
      window.setFullScreen(false);
      window.setClosable(true);
      window.setMinimizable(true);
    },
  };
}
