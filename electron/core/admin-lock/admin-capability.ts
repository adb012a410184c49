/**
 * The admin lock wired for the gateway: the operations of the lock itself (state, unlock, lock)
 * and the edge's admin actions (quitting and leaving kiosk mode through the AdminActions port).
 * Which operations need a fresh unlock is declared in the contract (`op(schema, { admin })`) and
 * enforced by the gateway with this capability's `lock`, never by the order handlers are
 * assembled in. Plain TypeScript: the Electron side of quit and kiosk mode is the edge's
 * (electron/main/admin-edge.ts); the preview has none and says so.
 */
import { screenText, type AdminActionResult } from '../../contract/ipc';
import type { OperationHandlers } from '../ipc/gateway';
import { KioskFailure } from '../ipc/failure';
import type { Logger } from '../log/logger';
import { AdminLock } from './admin-lock';

/** What the Electron edge does for the admin actions; absent in the browser preview. */
export interface AdminActions {
  quit(): void | Promise<void>;
  leaveKioskMode(): void | Promise<void>;
}

export type AdminHandlers = Pick<OperationHandlers, 'getAdminLock' | 'unlockAdmin' | 'lockAdmin' | 'quitKiosk' | 'leaveKioskMode'>;

export interface AdminCapabilityOptions {
  /** The credential's directory: the PIN file and the lock-out state live beside the credential. */
  dir: string;
  log: Logger;
  actions: AdminActions | null;
  now?: () => number;
}

export interface AdminCapability {
  /** The gateway's admin guard (its `require` refuses without a fresh unlock). */
  lock: AdminLock;
  handlers: AdminHandlers;
}

export function createAdminCapability(options: AdminCapabilityOptions): AdminCapability {
  const { log } = options;
  const lock = new AdminLock({ dir: options.dir, log, ...(options.now ? { now: options.now } : {}) });
  const edge = (what: string): AdminActions => {
    if (!options.actions) throw KioskFailure.keyed('config', 'previewOnly', { action: what }, { detail: `${what}: no edge actions` });
    return options.actions;
  };
  const handlers: AdminHandlers = {
    getAdminLock: () => lock.state(),
    unlockAdmin: ({ pin }) => lock.unlock(pin),
    lockAdmin: () => lock.lock(),
    quitKiosk: async (): Promise<AdminActionResult> => {
      const actions = edge('Quitting');
      log.info('admin-lock', 'quit asked by the administrator');
      await actions.quit();
      return { done: true, ...screenText('admin.fromMain.quitting') };
    },
    leaveKioskMode: async (): Promise<AdminActionResult> => {
      const actions = edge('Leaving kiosk mode');
      log.info('admin-lock', 'kiosk mode left by the administrator');
      await actions.leaveKioskMode();
      return { done: true, ...screenText('admin.fromMain.kioskModeOff') };
    },
  };
  return { lock, handlers };
}
