/**
 * The cardholders capability of the front desk, wired for the IPC gateway: the operation handlers
 * (directory state and sync, lookup pages, the record view, removing the saved directory; the
 * enrolment: duplicate check, create, update, ID photo upload; the outbox of enrolments waiting
 * for the service and the enrolment log) and the factory that builds them from plain settings.
 * Most behaviour lives in cardholders/ (index, engine, directory, sync, enrolment, outbox); this
 * module also holds decisions of its own: how the outbox finds a cardholder an in-doubt create may
 * have made, which writes count in the directory's header, the record view's fallback to the
 * directory when the service is unreachable, and waking the outbox when the feed is live again.
 * kiosk-core.ts composes it with the other capabilities behind one gateway.
 */
import { join } from 'node:path';
import type { CardholderFields, CardholderSummary } from '../contract/ipc';
import type { ServiceConnection } from './connection/service-connection';
import { CardholderDirectory } from './cardholders/directory/cardholder-directory';
import { DirectorySync } from './cardholders/directory/directory-sync';
import { threadEngine, type EngineFactory } from './cardholders/directory/engine-handle';
import { Enrolment } from './cardholders/enrolment/enrolment';
import { EnrolmentLog } from './cardholders/enrolment/enrolment-log';
import type { KioskDatabase } from './storage/kiosk-database';
import { withQueuedChanges } from './cardholders/enrolment/cardholder-fields';
import { CardholderWrites } from './cardholders/enrolment/cardholder-writes';
import { Outbox } from './cardholders/outbox/outbox';
import type { PhotoRules } from './cardholders/checks/photo-check';
import { summaryOf } from './cardholders/lookup/summary';
import { enrolmentChoices, type EnrolmentDefaults } from './cardholders/enrolment/enrolment-choices';
import type { LookupNames } from './cardholders/lookup/lookup-extras';
import type { OperationHandlers } from './ipc/gateway';
import { KioskFailure, toKioskError } from './ipc/failure';
import type { PushBus } from './ipc/push-bus';
import type { Logger } from './log/logger';
import type { AccessService, CardHolder } from './service/access-service';
import type { SiteDirectoryStore } from './site-directory/site-directory-port';
import { SiteDirectorySync } from './site-directory/site-directory-sync';

export const OUTBOX_FILE = 'outbox.journal';

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
  | 'getOutbox'
  | 'retryOutbox'
  | 'discardOutboxItem'
  | 'resendOutboxItem'
  | 'listEnrolmentLog'
  | 'getEnrolmentChoices'
>;

export interface CardholdersCapabilityOptions {
  service: Pick<AccessService, 'downloadCardHolders' | 'getCardHolder' | 'createCardHolder' | 'updateCardHolder' | 'uploadPhoto'>;
  push: PushBus;
  /** The kiosk's connection state: what waits in the outbox goes when the service is heard answering (absent: on the outbox's own schedule only). */
  connection?: Pick<ServiceConnection, 'onReachable'>;
  log: Logger;
  /** Where the directory snapshot and the outbox live (and an earlier version's enrolment log may wait to be moved in). */
  dataDir: string;
  /** The kiosk's database: the enrolment log is kept there. */
  database: KioskDatabase;
  /** AES-256 key for personal data at rest, or null (owner-only files, unencrypted). */
  dataKey: Buffer | null;
  /** host:port of the service. */
  serviceLabel: string;
  syncIntervalMs: number;
  /** What an ID photo must be to be sent (configuration: photo.*). */
  photo: PhotoRules;
  /** The site catalogue's tenants and cardholder types (the lookup finds people by them; the form offers them). */
  site?: LookupNames;
  /** What a new cardholder starts with and the site's employee ID pattern (configuration: frontDesk.*). */
  enrolmentDefaults?: EnrolmentDefaults;
  /** Tests run the engine in their own thread. */
  engines?: EngineFactory;
  /** Tests shorten the outbox's back-off. */
  outboxRetry?: { baseMs: number; maxMs: number };
  /** Who is on shift (the operators capability): main stamps it on each entry of the enrolment log. */
  operatorName?: () => string | null;
  /**
   * The site's copy of the directory (siteStore.url, site-directory/): one desk downloads for the
   * site, the others follow the store; absent, this kiosk downloads on its own as before.
   */
  siteDirectory?: { store: SiteDirectoryStore; desk: string; fallbackMs: number; pollMs?: number; wholeAfter?: number };
}

export interface CardholdersCapability {
  handlers: CardholderHandlers;
  directory: CardholderDirectory;
  sync: DirectorySync;
  /** The site's copy of the directory (null without a site store). */
  siteCopy: SiteDirectorySync | null;
  outbox: Outbox;
  enrolmentLog: EnrolmentLog;
  /** Loads the saved directory and outbox, and starts syncing and sending (does not wait for the service). */
  start(): Promise<void>;
  stop(): Promise<void>;
}

const NO_DEFAULTS: EnrolmentDefaults = { defaultTenants: [], defaultCardholderType: null, employeeIdPattern: null };

/** Minutes of clock difference allowed when a create in doubt is looked for by its creation time. */
const CREATED_SLACK_MS = 10 * 60_000;

export function createCardholdersCapability(options: CardholdersCapabilityOptions): CardholdersCapability {
  const directory = new CardholderDirectory({
    dataDir: options.dataDir,
    key: options.dataKey,
    service: options.serviceLabel,
    engines: options.engines ?? threadEngine,
    // The engine's phases (checking, indexing, saving) reach the front desk through the sync under way.
    onProgress: (phase, done, total) => sync.engineProgress(phase, done, total),
  });
  const siteDirectory = options.siteDirectory;
  const sync: DirectorySync = new DirectorySync({
    service: options.service,
    directory,
    push: options.push,
    log: options.log,
    intervalMs: options.syncIntervalMs,
    ...(siteDirectory ? { site: { downloading: (): Promise<void> => siteCopy!.hooks.downloading(), downloaded: (report): Promise<void> => siteCopy!.hooks.downloaded(report) } } : {}),
  });
  const siteCopy: SiteDirectorySync | null = siteDirectory
    ? new SiteDirectorySync({ ...siteDirectory, directory, sync, dataDir: options.dataDir, log: options.log, intervalMs: options.syncIntervalMs })
    : null;
  /** Where records the service confirmed go: the lookup, then at once the site's copy (without waiting for it). */
  const confirmed = async (records: CardHolder[]): Promise<void> => {
    await directory.upsert(records);
    if (siteCopy) void siteCopy.confirmed(records);
  };
  const enrolmentLog = new EnrolmentLog({ database: options.database, dataDir: options.dataDir, log: options.log, key: options.dataKey, ...(options.operatorName ? { operator: options.operatorName } : {}) });
  /** The log of enrolment actions; a cardholder created on the service also counts in the directory's header at once. */
  const audit: Pick<EnrolmentLog, 'add'> = {
    async add(entry) {
      await enrolmentLog.add(entry);
      const created = entry.kind === 'created' || (entry.kind === 'replayed' && entry.cardholderId > 0 && typeof entry.outcome === 'object' && entry.outcome.code === 'createdAfterWaiting');
      if (created) await sync.noteEnrolled().catch(() => undefined);
    },
  };

  /**
   * A cardholder a create in doubt may have made: the directory is brought up to date from the
   * service first (by a sync started now, not one that was already running) (a failure there is an outage for the outbox: it tries again later), then the
   * same employee ID and name — or, without an employee ID, the same name and e-mail created since
   * the create was queued.
   */
  const findCreated = async (fields: CardholderFields, since: string): Promise<CardHolder | null> => {
    // A sync already under way may have read the list before the create reached the service: its
    // answer cannot settle the question, so it is let finish and a new one is asked for.
    await sync.settle();
    const synced = await sync.sync();
    if (synced.outcome === 'held') {
      // The list the service gave is held back for the administrator: it cannot settle the question.
      throw KioskFailure.of('server_error', 'The kiosk could not yet check whether the service already has this cardholder: the directory update waits for confirmation in Administration.', {
        detail: 'outbox: in-doubt create not resolved while the directory sync is held',
      });
    }
    const employeeId = fields.employee_ID ?? '';
    const email = fields.email ?? '';
    const matches = await directory.duplicates({ first_Name: fields.first_Name, last_Name: fields.last_Name, employee_ID: employeeId, email });
    const earliest = Date.parse(since) - CREATED_SLACK_MS;
    for (const { record, reasons } of matches) {
      if (record.id < 0 || !reasons.includes('name')) continue;
      if (employeeId !== '' && reasons.includes('employeeId')) return record;
      if (employeeId === '' && (email === '' || reasons.includes('email')) && Date.parse(record.created) >= earliest) return record;
    }
    return null;
  };

  const outbox = new Outbox({
    file: join(options.dataDir, OUTBOX_FILE),
    key: options.dataKey,
    service: options.service,
    directory: {
      setProvisional: (record) => directory.setProvisional(record),
      removeProvisional: (id) => directory.removeProvisional(id),
      upsert: confirmed,
      findCreated,
    },
    audit,
    push: options.push,
    log: options.log,
    ...(options.outboxRetry ? { retryBaseMs: options.outboxRetry.baseMs, retryMaxMs: options.outboxRetry.maxMs } : {}),
  });
  const writes = new CardholderWrites({ service: options.service, directory: { upsert: confirmed, removeProvisional: (id) => directory.removeProvisional(id) }, audit, log: options.log });
  const enrolment = new Enrolment({ writes, directory, outbox, push: options.push, log: options.log, photo: options.photo });

  const site: LookupNames = options.site ?? { tenants: [], cardholderTypes: [] };
  const withPending = (record: CardHolder): CardholderSummary => ({ ...summaryOf(record), pending: outbox.hasPendingFor(record.id) });

  // The service answers again (the connection heard it): what waits in the outbox goes now.
  let unsubscribe: (() => void) | null = null;

  const handlers: CardholderHandlers = {
    getDirectoryState: () => sync.state(),
    syncDirectory: (request) => {
      const asked = { ...(request.taskId ? { taskId: request.taskId } : {}), acceptShrink: request.acceptShrink ?? false };
      return siteCopy ? siteCopy.syncNow(asked) : sync.sync(asked);
    },
    searchCardholders: async ({ query, offset, limit }) => {
      const page = await directory.search(query, offset, limit, site);
      return { query, total: page.total, offset: page.offset, items: page.records.map(withPending), ...(page.suggestions.length > 0 ? { suggestions: page.suggestions } : {}) };
    },
    getCardholder: async (request) => {
      // A cardholder created offline and confirmed since: its real id.
      const id = outbox.resolveId(request.id);
      const queued = outbox.itemsFor(id);
      const held = await directory.get(id);
      // Created here while offline: the service does not know it yet.
      if (id < 0) {
        if (!held) throw KioskFailure.of('not_found', 'This cardholder is no longer waiting to be created. Search again.', { detail: `provisional ${id}` });
        return { record: withQueuedChanges(held, queued), refreshed: false, warning: null, queued };
      }
      try {
        const record = await options.service.getCardHolder(id);
        await confirmed([record]);
        return { record: withQueuedChanges(record, queued), refreshed: true, warning: null, queued };
      } catch (thrown) {
        const error = toKioskError(thrown);
        if (error.code === 'not_found') {
          throw KioskFailure.of('not_found', 'This cardholder is not in the access-control service (any more). Search again.', { ...(error.detail ? { detail: error.detail } : {}), status: 404 });
        }
        if (!held) throw thrown;
        options.log.info('directory', `cardholder ${id} shown from the directory: ${error.code}`);
        return { record: withQueuedChanges(held, queued), refreshed: false, warning: error, queued };
      }
    },
    removeDirectorySnapshot: () => sync.clear(),
    findDuplicateCardholders: (person) => enrolment.duplicates(person),
    createCardholder: (fields) => enrolment.create(fields),
    updateCardholder: (request) => enrolment.update(request),
    uploadCardholderPhoto: (request) => enrolment.uploadPhoto(request),
    getOutbox: () => outbox.state(),
    retryOutbox: () => outbox.retry(),
    discardOutboxItem: ({ itemId }) => outbox.discard(itemId),
    resendOutboxItem: ({ itemId, create, changes }) => outbox.resend(itemId, { ...(create ? { create } : {}), ...(changes ? { changes } : {}) }),
    listEnrolmentLog: () => enrolmentLog.list(),
    getEnrolmentChoices: async () => enrolmentChoices(site, options.enrolmentDefaults ?? NO_DEFAULTS, await directory.valueCounts()),
  };

  return {
    handlers,
    directory,
    sync,
    siteCopy,
    outbox,
    enrolmentLog,
    async start() {
      await sync.start();
      await siteCopy?.start();
      await outbox.start();
      const keep = new Set(outbox.state().items.filter((item) => item.kind === 'create').map((item) => item.cardholderId));
      await directory.pruneProvisional(keep);
      unsubscribe = options.connection?.onReachable(() => outbox.wake()) ?? null;
    },
    async stop() {
      unsubscribe?.();
      sync.stop();
      await siteCopy?.stop();
      await outbox.stop();
      await sync.settle();
      await enrolmentLog.flush();
      await directory.close();
    },
  };
}
