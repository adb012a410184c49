/**
 * The kiosk core: composes every capability behind the gateway from a validated configuration.
 * With no service configured it starts the demo service it is handed and runs in demo mode (the
 * composition roots, electron/main and electron/preview, hand it the embedded simulator; the core
 * never imports the simulator). It owns start-up order and shutdown; it knows nothing of Electron
 * or of how calls arrive (the Electron edge and the preview harness both take its gateway and
 * push bus). It only wires: each decision is its capability's (when the site catalogue is checked:
 * history/catalogue-watch.ts; whether badge photos are kept: badges/photo-cache-policy.ts; a
 * cardholder's provisional and confirmed ids: the outbox; which exports are journalled and the
 * admin lock at End shift: operators-capability.ts; keeping an uploaded photo for badges:
 * badges-capability.ts).
 */
import { join } from 'node:path';
import type { SiteNames } from '../contract/ipc';
import type { KioskConfig } from './config/config-schema';
import { serviceLabelOf, settingsFor, siteNamesFor } from './config/settings';
import { createAdminOverviewHandler } from './config/admin-overview';
import type { CredentialVault } from './credentials/vault';
import { credentialDir } from './credentials/choose-vault';
import { credentialBindingProblem } from './credentials/credential-binding';
import { createAdminCapability, type AdminActions } from './admin-lock/admin-capability';
import type { KioskError, ScreenText } from '../contract/ipc';
import type { Secret } from './credentials/secret';
import { createCardholdersCapability, type CardholdersCapability } from './cardholders-capability';
import type { EngineFactory } from './cardholders/directory/engine-handle';
import { createEventsCapability, recordsMovedAside, type EventsCapability } from './events-capability';
import { KioskDatabase } from './storage/kiosk-database';
import { KioskRuns } from './storage/kiosk-runs';
import { RetentionSchedule } from './storage/retention';
import { serviceIdentity } from './connection/service-identity';
import { OutageAlarm } from './status/outage-alarm';
import type { PickSaveFile } from './ports/save-file';
import { siteCatalogue } from './history/site-catalogue';
import { watchCatalogue } from './history/catalogue-watch';
import { Gateway, type OperationHandlers } from './ipc/gateway';
import { PushBus } from './ipc/push-bus';
import { toKioskError } from './ipc/failure';
import type { Logger } from './log/logger';
import { clearCrashLeftovers } from './storage/crash-leftovers';
import { createServiceClient, type ServiceClient } from './service/service-client';
import { probeIntervalFor, ServiceWatch } from './status/service-watch';
import { createOperatorsCapability, type OperatorsCapability } from './operators/operators-capability';
import { createShiftRecord } from './operators/shift-record';
import { findEventPeople } from './cardholders/lookup/event-person';
import { createBadgesCapability } from './badges/badges-capability';
import { badgePersonReader } from './badges/badge-person';
import { NO_BADGE_PRINTER, type BadgePrinterPort } from './badges/badge-printer-port';
import { createOperatorLogExport } from './operators/operator-log-export';
import { hostname } from 'node:os';
import { openBadgePhotoCache } from './badges/photo-cache-policy';
import { createBadgeEditor } from './badges/template-editor';
import { resolveLocale, type SystemLanguages } from './config/locale';
import { ShownLanguage } from './language/shown-language';
import type { Words } from './language/words';
import { createDeskCapability, type DeskCapability } from './site-desk/desk-capability';
import { openSiteDirectoryStore, openSiteStore } from './site-desk/open-site-store';

export interface KioskCoreOptions {
  config: KioskConfig;
  vault: CredentialVault;
  /** The shared alarm desk's store password (admin tool: set-site-store-password); absent: none is used. */
  siteStoreVault?: CredentialVault;
  /** Where the kiosk keeps its state (acknowledgements, the demo simulator's data). */
  dataDir: string;
  log: Logger;
  /** Asks the person where to save a file (an export, a badge PDF); null when they cancel. */
  pickSaveFile: PickSaveFile;
  /** Starts the demo service when no service is configured (the composition roots pass the embedded simulator). */
  startDemoService: StartDemoService;
  /** AES-256 key for personal data at rest (the directory snapshot), or null: owner-only files, unencrypted. */
  dataKey: Buffer | null;
  /** Why personal data is not encrypted, for the Administration view (null when it is). */
  dataKeyWarning?: string | ScreenText | null;
  /** Tests and benchmarks may run the directory engine in their own thread. */
  directoryEngines?: EngineFactory;
  /** Where the admin PIN and its lock-out state are kept (beside the credential); default <dataDir>/credentials. */
  adminLockDir?: string;
  /** The Electron edge's quit and leave-kiosk-mode (electron/main/admin-edge.ts); absent in the preview. */
  adminActions?: AdminActions | null;
  /** Where the shift handover reports are saved (owner-only); default <dataDir>/exports. */
  exportsDir?: string;
  /** Badges: the edge's printer (absent: nothing is installed, Save as PDF is refused). */
  badgePrinter?: BadgePrinterPort;
  /** Where the shipped badge fonts are (resources/badge-fonts; the built main's copy in out/main/badge-fonts). */
  badgeFontDir: string;
  /** The operating system's preferred languages, for `kiosk.locale: auto` (default: the process's LANG and Intl). */
  systemLanguages?: SystemLanguages;
}

/** A service the kiosk runs itself in demo mode: the embedded simulator, as the composition root started it. */
export interface DemoService {
  /** Its address, e.g. http://127.0.0.1:43123. */
  url: string;
  /** The names of its tenants and cardholder types, for the demo's screens. */
  site?: SiteNames;
  close(): Promise<void>;
}

/** Starts the demo service, keeping its data in `dataDir` (<the kiosk's dataDir>/simulator). */
export type StartDemoService = (dataDir: string) => Promise<DemoService>;

export interface KioskCore {
  gateway: Gateway;
  push: PushBus;
  mode: 'demo' | 'configured';
  serviceLabel: string;
  /** The embedded simulator's address in demo mode, null otherwise. */
  simulatorUrl: string | null;
  /** The language the page shows (main's native dialogs follow it). */
  language: ShownLanguage;
  events: EventsCapability;
  cardholders: CardholdersCapability;
  operators: OperatorsCapability;
  /** The outage alarm (main's). */
  outage: OutageAlarm;
  /** The kiosk's database (its records). */
  database: KioskDatabase;
  /** The shared alarm desk (off when no site store is configured). */
  desk: DeskCapability;
  stop(): Promise<void>;
}

export async function startKioskCore(options: KioskCoreOptions): Promise<KioskCore> {
  const { config, log } = options;
  const push = new PushBus();
  await clearCrashLeftovers([options.dataDir, options.adminLockDir ?? credentialDir(options.dataDir)], log);
  let demo: DemoService | null = null;
  let baseUrl: string;
  if (config.service.url === null) {
    demo = await options.startDemoService(join(options.dataDir, 'simulator'));
    baseUrl = demo.url;
    log.info('core', `demo mode: embedded simulator at ${demo.url}`);
  } else {
    baseUrl = config.service.url;
  }
  const mode = demo ? 'demo' : 'configured';
  const serviceLabel = serviceLabelOf(baseUrl);
  // In demo mode the simulator needs no credential, whatever the configuration says.
  const effectiveConfig: KioskConfig = demo ? { ...config, service: { ...config.service, auth: { scheme: 'none' } } } : config;

  let secret: Secret | null = null;
  let credentialProblem: KioskError | null = null;
  if (effectiveConfig.service.auth.scheme !== 'none') {
    try {
      secret = await options.vault.read();
      if (!secret) log.warn('core', 'no service credential is stored: set one with the admin tool (set-secret)');
      // The credential goes only to the origin it was set for.
      credentialProblem = secret ? credentialBindingProblem(secret, baseUrl) : null;
      if (credentialProblem) log.error('core', `the service credential is not used: ${credentialProblem.detail ?? credentialProblem.message}`);
    } catch (thrown) {
      const error = toKioskError(thrown);
      log.error('core', `the service credential cannot be used: ${error.message}`);
    }
  }

  let client: ServiceClient | null = null;
  let database: KioskDatabase | null = null;
  try {
    // The kiosk's records (alarms, the operator log, the feed's position, outages): one database.
    const opened = KioskDatabase.open(options.dataDir, { info: (m) => log.info('storage', m), error: (m) => log.error('storage', m) });
    database = opened.database;
    const db = database;
    const runs = new KioskRuns(db);
    client = createServiceClient({ config: effectiveConfig, baseUrl, secret, credentialProblem, log });
    // Who is on shift: main stamps this name on every recorded action, never the renderer's word.
    let eventsRef: EventsCapability | null = null;
    let outageRef: OutageAlarm | null = null;
    const admin = createAdminCapability({
      dir: options.adminLockDir ?? credentialDir(options.dataDir),
      log,
      actions: options.adminActions ?? null,
    });
    // The language the page shows: main words its documents and dialogs in it (language/).
    const language = new ShownLanguage(resolveLocale(config.kiosk.locale, options.systemLanguages));
    const documentWords = (): Words => language.documentWords();
    const shiftRecord = createShiftRecord({
      alarms: () => eventsRef?.alarms ?? null,
      feed: () => eventsRef?.keeper ?? null,
      outages: () => outageRef,
      runs: () => runs,
      database: () => (eventsRef ? { db, serviceId: eventsRef.serviceId } : null),
    });
    const operators = createOperatorsCapability({
      listDir: options.adminLockDir ?? credentialDir(options.dataDir),
      dataDir: options.dataDir,
      database: db,
      dataKey: options.dataKey,
      exportsDir: options.exportsDir ?? join(options.dataDir, 'exports'),
      signIn: config.operators.signIn,
      allowUnnamed: config.operators.allowUnnamed,
      log,
      // The handover report's figures: the kiosk's record of the shift (its database), never the feed's ring.
      record: shiftRecord,
      adminLock: admin.lock,
      words: documentWords,
      fontDir: options.badgeFontDir,
    });
    const operatorName = (): string | null => operators.name();
    // The shared alarm desk (siteStore.url): what guards do, shared with the site's other desks.
    const readSiteStorePassword = async (): Promise<string | null> => (await options.siteStoreVault?.read())?.reveal() ?? null;
    const desk = createDeskCapability({
      config: config.siteStore,
      operatorListDir: options.adminLockDir ?? credentialDir(options.dataDir),
      store: config.siteStore.url ? await openSiteStore({ url: config.siteStore.url, log, readPassword: readSiteStorePassword }) : null,
      database: db,
      dataKey: options.dataKey,
      push,
      log,
      shift: () => {
        const current = operators.session.current();
        return current ? { name: current.name, since: current.since } : null;
      },
      alarms: () => {
        const alarms = eventsRef?.alarms;
        if (!alarms) return null;
        return {
          alarmIdsOf: (key) => alarms.alarmIdsOf(key),
          siteKeysOf: (ids) => alarms.siteKeysOf(ids),
          describe: (ids) => alarms.describe(ids),
          acknowledgeFromSite: (key, by) => alarms.acknowledgeFromSite(key, by),
          stillWaiting: (limit) => alarms.stillWaiting(limit),
          unacknowledged: () => alarms.unacknowledged(),
          outages: (from, to) => shiftRecord.outages(from, to).map((o) => ({ since: new Date(o.startedAt).toISOString(), endedAt: o.endedAt === null ? null : new Date(o.endedAt).toISOString() })),
        };
      },
    });
    const identity = serviceIdentity(demo ? null : baseUrl);
    const events = createEventsCapability({
      service: client,
      push,
      log,
      database: db,
      serviceIdentity: identity,
      dataDir: options.dataDir,
      dataKey: options.dataKey,
      // The feed stops saying "live" once no poll has succeeded for longer than the service's timeout,
      // and at the latest when the outage alarm is raised (the banner and the status bar agree).
      feedConfig: { ...config.feed, stalledAfterMs: Math.min(config.service.timeoutMs, config.alarms.outageAfterSeconds * 1000) },
      alarmRules: config.alarms.rules,
      alarms: {
        bound: config.alarms.maxOpen,
        shiftHours: config.alarms.shiftHours,
        escalateAfterMinutes: config.alarms.escalateAfterMinutes,
        soundFor: config.alarms.soundFor,
        soundIntervalSeconds: config.alarms.soundIntervalSeconds,
      },
      defaultTenants: config.search.defaultTenants,
      pickSaveFile: options.pickSaveFile,
      words: documentWords,
      operatorName,
      loadProblem: opened.movedAside ? recordsMovedAside(opened.movedAside.file, opened.movedAside.reason) : null,
      sharedDesk: desk.alarmHooks,
      ...(desk.sync.enabled ? { deskActivity: (alarmId: number) => desk.sync.activity(alarmId) } : {}),
    });
    eventsRef = events;
    // Losing the service is an alarm, main's: raised after alarms.outageAfterSeconds with its true start.
    const outage = new OutageAlarm({
      connection: events.connection,
      push,
      log,
      afterMs: config.alarms.outageAfterSeconds * 1000,
      guardStation: config.kiosk.homeView === 'live-feed',
      operator: operatorName,
      database: { db, serviceId: events.serviceId, key: options.dataKey },
      previousRunEnd: runs.previous?.endedAt ?? null,
    });
    outageRef = outage;
    const cardholders = createCardholdersCapability({
      service: client,
      push,
      connection: events.connection,
      log,
      dataDir: options.dataDir,
      database: db,
      dataKey: options.dataKey,
      serviceLabel,
      syncIntervalMs: config.directory.syncIntervalMinutes * 60_000,
      site: siteNamesFor(config.site, demo?.site ?? null),
      enrolmentDefaults: config.frontDesk,
      photo: { contentType: config.photo.contentType, width: config.photo.pixelSize.width, height: config.photo.pixelSize.height, maxBytes: config.photo.maxBytes },
      ...(options.directoryEngines ? { engines: options.directoryEngines } : {}),
      operatorName,
      // The site's copy of the directory (siteStore.url): one desk downloads for the site.
      ...(config.siteStore.url
        ? {
            siteDirectory: {
              store: await openSiteDirectoryStore({ url: config.siteStore.url, log, readPassword: readSiteStorePassword }),
              desk: desk.sync.desk,
              fallbackMs: config.siteStore.directoryFallbackMinutes * 60_000,
            },
          }
        : {}),
    });
    const operatorLog = createOperatorLogExport({
      log,
      pickSaveFile: options.pickSaveFile,
      // Every entry, newest first (the screen pages; the export carries them all).
      listAcknowledgements: async () => events.alarms.acknowledgements().reverse(),
      listEnrolmentLog: async () => [...(await cardholders.enrolmentLog.all())].reverse(),
      listBadgeLog: () => badges.log.list(),
      words: documentWords,
    });
    const site = siteNamesFor(config.site, demo?.site ?? null);
    const overview = createAdminOverviewHandler({
      config,
      vault: options.vault,
      mode,
      serviceLabel,
      directory: { file: cardholders.directory.files.snapshot, state: () => cardholders.sync.state(), encrypted: options.dataKey !== null, warning: options.dataKeyWarning ?? null },
      credentialProblem,
    });
    // A configured catalogue whose devices no event names is said in Administration and, once, in the log.
    const catalogue = watchCatalogue({
      devices: config.site.devices,
      seenDeviceNames: () => [...events.feed.snapshot().events.map((e) => e.device_Name), ...events.history.seenNames().devices],
      delivered: () => events.feed.stats().delivered,
      onFeedChange: (listener) => events.connection.onChange(listener),
      log,
    });
    // badges.photoCache: only with the keyring's data key (badges/photo-cache-policy.ts).
    const photoCache = openBadgePhotoCache(config.badges.photoCache, options.dataDir, options.dataKey, log);
    const badges = createBadgesCapability({
      photoCache,
      templatesDir: config.badges.templatesDir,
      fontDir: options.badgeFontDir,
      printerName: config.badges.printer,
      port: options.badgePrinter ?? NO_BADGE_PRINTER,
      pickPdfFile: options.pickSaveFile,
      site: () => site,
      dataDir: options.dataDir,
      database: db,
      dataKey: options.dataKey,
      operatorName,
      log,
      workstation: hostname(),
      // A cardholder created offline keeps its badge photo and its print count once the service numbers it.
      sameCardholder: (id) => cardholders.outbox.sameCardholder(id),
      // Who is on a badge: the directory's record (or the outbox's provisional one) with its queued changes, never the renderer's word.
      cardholder: badgePersonReader({ resolveId: (id) => cardholders.outbox.resolveId(id), get: (id) => cardholders.directory.get(id), queued: (id) => cardholders.outbox.itemsFor(id) }),
      photoMaxBytes: config.photo.maxBytes,
    });
    // What the kiosk keeps past its retention (configuration retention.*) goes in batches, a minute after start and every six hours.
    const retention = new RetentionSchedule({ database: db, days: config.retention, log, alsoRun: photoCache ? [{ label: 'badge photo copies', run: () => photoCache.purge() }] : [] });
    const watch = new ServiceWatch({ service: client, connection: events.connection, mode, serviceLabel, intervalMs: probeIntervalFor(config.feed.pollIntervalMs) });
    const handlers: OperationHandlers = {
      // "Check now" (and the status bar's checks): a probe; when the service answers, the
      // connection wakes the feed and what waits in the outbox.
      getServiceStatus: () => watch.checkNow(),
      getSettings: () => settingsFor(config, mode, serviceLabel, demo?.site ?? null, options.systemLanguages),
      showLanguage: ({ locale }) => {
        language.show(locale);
        return { locale: language.current() };
      },
      getSiteCatalogue: async () =>
        siteCatalogue(site, {
          events: events.feed.snapshot().events,
          history: events.history.seenNames(),
          tenants: await cardholders.directory.tenants().catch(() => []),
        }),
      // Who may call what (the admin lock, someone on shift) is declared in the contract and
      // enforced by the gateway, whatever the order of what follows.
      getAdminOverview: async () => {
        const warning = catalogue.check();
        return { ...(await overview()), catalogueWarning: warning?.message ?? null, catalogueWarningText: warning };
      },
      ...events.handlers,
      getOutageAlarm: () => outage.state(),
      // The live feed screen opened: alarm and outage tones sound at this kiosk from now on.
      openedGuardScreen: () => {
        outage.watchedNow();
        return outage.state();
      },
      acknowledgeOutage: ({ id }) => outage.acknowledge(id),
      ...cardholders.handlers,
      ...badges.handlers,
      ...createBadgeEditor(badges, log),
      ...admin.handlers,
      ...operators.handlers,
      ...desk.handlers,
      // The site learns who signs in here, and at End shift the site's handover is written first.
      signInOperator: async (request) => {
        const state = await operators.handlers.signInOperator(request);
        if (state.current) desk.signedIn(state.current.name);
        return state;
      },
      endShift: async () => {
        const shift = operators.session.current();
        if (shift) desk.endingShift(shift);
        return operators.handlers.endShift(undefined);
      },
      // The photo just taken is kept for this session's badges (badges-capability.ts).
      uploadCardholderPhoto: badges.keepingUploadedPhotos(cardholders.handlers.uploadCardholderPhoto),
      // Each saved export goes into the shift journal with the operator's name (operators-capability.ts).
      ...operators.journalledExports({ exportSearchCsv: events.handlers.exportSearchCsv, exportOperatorLog: operatorLog.exportOperatorLog }),
      findEventPeople: ({ text }) => findEventPeople(text, (query, offset, limit) => cardholders.directory.search(query, offset, limit)),
    };
    const gateway = new Gateway(handlers, log, { admin: admin.lock, shift: operators.shift, personal: operators.personal });
    await operators.start();
    runs.start();
    await events.start();
    outage.start();
    watch.start();
    await cardholders.start();
    retention.start();
    desk.start();
    const started = client;
    return {
      gateway,
      push,
      mode,
      serviceLabel,
      simulatorUrl: demo?.url ?? null,
      language,
      events,
      cardholders,
      operators,
      outage,
      database: db,
      desk,
      async stop() {
        await desk.stop();
        await operators.stop();
        await cardholders.stop();
        await watch.stop();
        await events.stop();
        await outage.stop();
        await retention.stop();
        runs.stop();
        db.close();
        started.close();
        await demo?.close();
      },
    };
  } catch (thrown) {
    client?.close();
    database?.close();
    await demo?.close();
    throw thrown;
  }
}
