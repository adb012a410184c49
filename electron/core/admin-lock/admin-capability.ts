/**
 * The admin lock wired for the gateway: the operations of the lock itself (state, unlock, lock),
 * the admin actions it protects that live here (quitting and leaving kiosk mode through the edge's
 * AdminActions port, the operator log's CSV export), and `protect`, which the core uses to put the
 * lock in front of other capabilities' handlers (the Administration view's overview and its
 * directory removal). Plain TypeScript: the Electron side of quit and kiosk mode is the edge's
 * (electron/main/admin-edge.ts); the preview has none and says so.
 */
import type { Acknowledgement, AdminActionResult, BadgePrintEntry, EnrolmentLogEntry, ExportResult } from '../../contract/ipc';
import type { OperationHandlers } from '../ipc/gateway';
import { KioskFailure } from '../ipc/failure';
import type { Logger } from '../log/logger';
import type { PickSaveFile } from '../history/event-history';
import { writeCsvFile } from '../history/csv';
import { BADGE_LOG_COLUMNS, badgeLogRow } from '../badges/badge-log';
import { AdminLock } from './admin-lock';

/** What the Electron edge does for the admin actions; absent in the browser preview. */
export interface AdminActions {
  quit(): void | Promise<void>;
  leaveKioskMode(): void | Promise<void>;
}

export type AdminHandlers = Pick<OperationHandlers, 'getAdminLock' | 'unlockAdmin' | 'lockAdmin' | 'quitKiosk' | 'leaveKioskMode' | 'exportOperatorLog'>;

export interface AdminCapabilityOptions {
  /** The credential's directory: the PIN file and the lock-out state live beside the credential. */
  dir: string;
  log: Logger;
  actions: AdminActions | null;
  pickSaveFile: PickSaveFile;
  listAcknowledgements: () => Promise<readonly Acknowledgement[]> | readonly Acknowledgement[];
  listEnrolmentLog: () => Promise<readonly EnrolmentLogEntry[]> | readonly EnrolmentLogEntry[];
  /** The badge prints (badges/badge-log.ts); absent: the badge part is empty. */
  listBadgeLog?: () => Promise<BadgePrintEntry[]>;
  now?: () => number;
}

export interface AdminCapability {
  lock: AdminLock;
  handlers: AdminHandlers;
  /** Puts the lock in front of a handler: it runs only after a fresh unlock. */
  protect<Args extends unknown[], R>(action: string, handler: (...args: Args) => R): (...args: Args) => R;
}

export function createAdminCapability(options: AdminCapabilityOptions): AdminCapability {
  const { log } = options;
  const lock = new AdminLock({ dir: options.dir, log, ...(options.now ? { now: options.now } : {}) });
  const edge = (what: string): AdminActions => {
    if (!options.actions) throw KioskFailure.of('config', `${what} is only possible in the kiosk application, not in this browser preview.`, { detail: `${what}: no edge actions` });
    return options.actions;
  };
  const handlers: AdminHandlers = {
    getAdminLock: () => lock.state(),
    unlockAdmin: ({ pin }) => lock.unlock(pin),
    lockAdmin: () => lock.lock(),
    quitKiosk: lock.guard('Quitting the kiosk', async (): Promise<AdminActionResult> => {
      const actions = edge('Quitting');
      log.info('admin-lock', 'quit asked by the administrator');
      await actions.quit();
      return { done: true, message: 'The kiosk is quitting.' };
    }),
    leaveKioskMode: lock.guard('Leaving kiosk mode', async (): Promise<AdminActionResult> => {
      const actions = edge('Leaving kiosk mode');
      log.info('admin-lock', 'kiosk mode left by the administrator');
      await actions.leaveKioskMode();
      return { done: true, message: 'Kiosk mode is off: the window can be moved, resized and closed.' };
    }),
    exportOperatorLog: lock.guard('Exporting the operator log', async ({ part }): Promise<ExportResult> => {
      const stamp = new Date(options.now?.() ?? Date.now()).toISOString().slice(0, 19).replace(/[:T]/g, '-');
      const file = await options.pickSaveFile(`operator-log-${part}-${stamp}.csv`);
      if (file === null) return { saved: false, path: null, rows: 0 };
      // The same columns as the operator log's screen (event time, priority, operator), every entry.
      const rows =
        part === 'alarms'
          ? (await options.listAcknowledgements()).map((a) => [a.acknowledgedAt, a.eventCreated ?? '', a.priority ?? '', a.device, a.text, a.note, a.operator ?? '', a.recordIds.join(' ')])
          : part === 'badges'
            ? (await (options.listBadgeLog?.() ?? Promise.resolve([]))).map(badgeLogRow)
            : (await options.listEnrolmentLog()).map((e) => [e.at, e.kind, e.cardholderId, e.name, e.outcome, e.operator ?? '']);
      const header =
        part === 'alarms'
          ? ['acknowledgedAt', 'eventTime', 'priority', 'device', 'text', 'note', 'operator', 'recordIds']
          : part === 'badges'
            ? [...BADGE_LOG_COLUMNS]
            : ['at', 'kind', 'cardholderId', 'name', 'outcome', 'operator'];
      const written = await writeCsvFile(file, header, rows);
      log.info('admin-lock', `operator log (${part}) exported: ${written} rows`);
      return { saved: true, path: file, rows: written };
    }),
  };
  return { lock, handlers, protect: (action, handler) => lock.guard(action, handler) };
}
