/**
 * The cardholders capability of the front desk, wired for the IPC gateway: the operation handlers
 * (directory state and sync, lookup pages, the record view, removing the saved directory, and the
 * enrolment: duplicate check, create, update, ID photo upload) and the
 * factory that builds the directory and its sync from plain settings. It only assembles; the
 * behaviour lives in cardholders/ (index, engine, directory, sync). kiosk-core.ts composes it
 * with the other capabilities behind one gateway.
 */
import { CardholderDirectory } from './cardholders/cardholder-directory';
import { DirectorySync } from './cardholders/directory-sync';
import { threadEngine, type EngineFactory } from './cardholders/engine-handle';
import { Enrolment } from './cardholders/enrolment';
import type { PhotoRules } from './cardholders/photo-check';
import { summaryOf } from './cardholders/summary';
import type { OperationHandlers } from './ipc/gateway';
import { KioskFailure, toKioskError } from './ipc/failure';
import type { PushBus } from './ipc/push-bus';
import type { Logger } from './log/logger';
import type { AccessService } from './service/access-service';

export type CardholderHandlers = Pick<
  OperationHandlers,
  | 'getDirectoryState'
  | 'syncDirectory'
  | 'searchCardholders'
  | 'getCardholder'
  | 'removeDirectorySnapshot'
  | 'findDuplicateCardholders'
  | 'createCardholder'
  | 'updateCardholder'
  | 'uploadCardholderPhoto'
>;

export interface CardholdersCapabilityOptions {
  service: Pick<AccessService, 'downloadCardHolders' | 'getCardHolder' | 'createCardHolder' | 'updateCardHolder' | 'uploadPhoto'>;
  push: PushBus;
  log: Logger;
  /** Where the directory snapshot lives. */
  dataDir: string;
  /** AES-256 key for personal data at rest, or null (owner-only files, unencrypted). */
  dataKey: Buffer | null;
  /** host:port of the service. */
  serviceLabel: string;
  syncIntervalMs: number;
  /** What an ID photo must be to be sent (configuration: photo.*). */
  photo: PhotoRules;
  /** Tests run the engine in their own thread. */
  engines?: EngineFactory;
}

export interface CardholdersCapability {
  handlers: CardholderHandlers;
  directory: CardholderDirectory;
  sync: DirectorySync;
  /** Loads the saved directory and starts syncing (does not wait for the service). */
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createCardholdersCapability(options: CardholdersCapabilityOptions): CardholdersCapability {
  const directory = new CardholderDirectory({
    dataDir: options.dataDir,
    key: options.dataKey,
    service: options.serviceLabel,
    engines: options.engines ?? threadEngine,
  });
  const enrolment = new Enrolment({ service: options.service, directory, push: options.push, log: options.log, photo: options.photo });
  const sync = new DirectorySync({ service: options.service, directory, push: options.push, log: options.log, intervalMs: options.syncIntervalMs });

  const handlers: CardholderHandlers = {
    getDirectoryState: () => sync.state(),
    syncDirectory: (request) => sync.sync({ ...(request.taskId ? { taskId: request.taskId } : {}), acceptShrink: request.acceptShrink ?? false }),
    searchCardholders: async ({ query, offset, limit }) => {
      const page = await directory.search(query, offset, limit);
      return { query, total: page.total, offset: page.offset, items: page.records.map(summaryOf) };
    },
    getCardholder: async ({ id }) => {
      try {
        const record = await options.service.getCardHolder(id);
        await directory.upsert([record]);
        return { record, refreshed: true, warning: null };
      } catch (thrown) {
        const error = toKioskError(thrown);
        if (error.code === 'not_found') {
          throw KioskFailure.of('not_found', 'This cardholder is not in the access-control service (any more). Search again.', { ...(error.detail ? { detail: error.detail } : {}), status: 404 });
        }
        const held = await directory.get(id);
        if (!held) throw thrown;
        options.log.info('directory', `cardholder ${id} shown from the directory: ${error.code}`);
        return { record: held, refreshed: false, warning: error };
      }
    },
    removeDirectorySnapshot: () => sync.clear(),
    findDuplicateCardholders: (person) => enrolment.duplicates(person),
    createCardholder: (fields) => enrolment.create(fields),
    updateCardholder: (request) => enrolment.update(request),
    uploadCardholderPhoto: (request) => enrolment.uploadPhoto(request),
  };

  return {
    handlers,
    directory,
    sync,
    start: () => sync.start(),
    async stop() {
      sync.stop();
      await sync.settle();
      await directory.close();
    },
  };
}
