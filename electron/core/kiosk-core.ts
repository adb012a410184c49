/**
 * The kiosk core: composes every capability behind the gateway from a validated configuration.
 * With no service configured it starts the demo service it is handed and runs in demo mode (the
 * composition roots, electron/main and electron/preview, hand it the embedded simulator; the core
 * never imports the simulator). It owns start-up order and shutdown; it knows nothing of Electron
 * or of how calls arrive (the Electron edge and the preview harness both take its gateway and
 * push bus).
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
import type { EngineFactory } from './cardholders/engine-handle';
import { createEventsCapability, recordsMovedAside, type EventsCapability } from './events-capability';
import { KioskDatabase } from './storage/kiosk-database';
import { KioskRuns } from './storage/kiosk-runs';
import { RetentionSchedule } from './storage/retention';
import { serviceIdentity } from './connection/service-identity';
import { OutageAlarm } from './status/outage-alarm';
import type { PickSaveFile } from './ports/save-file';
import { siteCatalogue } from './history/site-catalogue';
import { catalogueWarningText, EVENTS_BEFORE_CHECK } from './history/catalogue-check';
import { Gateway, type OperationHandlers } from './ipc/gateway';
import { PushBus } from './ipc/push-bus';
import { toKioskError } from './ipc/failure';
import type { Logger } from './log/logger';
import { clearCrashLeftovers } from './storage/crash-leftovers';
import { createServiceClient, type ServiceClient } from './service/service-client';
import { probeIntervalFor, ServiceWatch } from './status/service-watch';
import { createOperatorsCapability, type OperatorsCapability } from './operators/operators-capability';
import { createShiftRecord } from './operators/shift-record';
import { findEventPeople } from './cardholders/event-person';
import { createBadgesCapability } from './badges/badges-capability';
import type { BadgePrinterPort } from './badges/badge-printer-port';
import { createOperatorLogExport } from './operators/operator-log-export';
import { hostname } from 'node:os';
import { BadgePhotoCache } from './badges/photo-cache';
import { createBadgeEditor } from './badges/template-editor';
import { resolveLocale, type SystemLanguages } from './config/locale';
import { ShownLanguage } from './language/shown-language';

export interface KioskCoreOptions {
  config: KioskConfig;
  vault: CredentialVault;
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
  /** Where the shipped badge fonts are (the built renderer's badge-fonts). */
  badgeFontDir?: string;
  /** The operating system's preferred languages, for `kiosk.locale: auto` (default: the process's LANG and Intl). */
  systemLanguages?: SystemLanguages;
}

/** No printing edge: no printer is installed and no PDF can be made. */
const NO_BADGE_PRINTER: BadgePrinterPort = {
  listPrinters: async () => [],
  print: async () => {
    throw new Error('this kiosk has no print edge');
  },
  toPdf: async () => {
    throw new Error('this kiosk has no print edge');
  },
};

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
      record: createShiftRecord({
        alarms: () => eventsRef?.alarms ?? null,
        feed: () => eventsRef?.keeper ?? null,
        outages: () => outageRef,
        runs: () => runs,
        database: () => (eventsRef ? { db, serviceId: eventsRef.serviceId } : null),
      }),
    });
    const operatorName = (): string | null => operators.name();
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
      operatorName,
      loadProblem: opened.movedAside ? recordsMovedAside(opened.movedAside.file, opened.movedAside.reason) : null,
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
    });
    const admin = createAdminCapability({
      dir: options.adminLockDir ?? credentialDir(options.dataDir),
      log,
      actions: options.adminActions ?? null,
    });
    const operatorLog = createOperatorLogExport({
      log,
      pickSaveFile: options.pickSaveFile,
      // Every entry, newest first (the screen pages; the export carries them all).
      listAcknowledgements: async () => events.alarms.acknowledgements().reverse(),
      listEnrolmentLog: async () => [...(await cardholders.enrolmentLog.all())].reverse(),
      listBadgeLog: () => badges.log.list(),
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
    let loggedCatalogueWarning: string | null = null;
    const checkCatalogue = (): ScreenText | null => {
      const held = events.feed.snapshot().events;
      const devices = config.site.devices.map((d) => ({ id: d.id, name: d.name, type: d.type ?? null }));
      const warning = catalogueWarningText(devices, [...held.map((e) => e.device_Name), ...events.history.seenNames().devices], events.feed.stats().delivered);
      if (warning && warning.message !== loggedCatalogueWarning) log.warn('core', warning.message);
      loggedCatalogueWarning = warning?.message ?? null;
      return warning;
    };
    // Checked once by itself, as soon as enough events were seen to tell (the log), and at each Administration view.
    if (config.site.devices.length > 0) {
      const unsubscribe = events.connection.onChange(() => {
        if (events.feed.stats().delivered < EVENTS_BEFORE_CHECK) return;
        unsubscribe();
        checkCatalogue();
      });
    }
    // badges.photoCache: only with the keyring's data key (an unencrypted copy is never kept).
    let photoCache: BadgePhotoCache | null = null;
    if (config.badges.photoCache.enabled) {
      if (options.dataKey) {
        const cache = new BadgePhotoCache(options.dataDir, options.dataKey, config.badges.photoCache.retentionDays * 86_400_000);
        photoCache = cache;
        void cache
          .migrate()
          .then((n) => n > 0 && log.info('badges', `photo cache: ${n} copies of an earlier version sealed anew`))
          .then(() => cache.purge())
          .then((n) => n > 0 && log.info('badges', `photo cache: ${n} copies past ${config.badges.photoCache.retentionDays} days removed`));
      } else {
        log.warn('badges', 'badges.photoCache is on but this workstation has no keyring data key: no photo is kept (they are never kept unencrypted)');
      }
    }
    const badges = createBadgesCapability({
      photoCache,
      templatesDir: config.badges.templatesDir,
      fontDir: options.badgeFontDir ?? join(__dirname, '../../renderer/public/badge-fonts'),
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
      sameCardholder: (id) => {
        const ids = new Set([id]);
        for (const c of cardholders.outbox.state().confirmed) if (c.id === id || c.provisionalId === id) ids.add(c.id).add(c.provisionalId);
        return [...ids];
      },
    });
    // What the kiosk keeps past its retention (configuration retention.*) goes in batches, a minute after start and every six hours.
    const retention = new RetentionSchedule({ database: db, days: config.retention, log, alsoRun: photoCache ? [{ label: 'badge photo copies', run: () => photoCache.purge() }] : [] });
    const watch = new ServiceWatch({ service: client, connection: events.connection, mode, serviceLabel, intervalMs: probeIntervalFor(config.feed.pollIntervalMs) });
    const language = new ShownLanguage(resolveLocale(config.kiosk.locale, options.systemLanguages));
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
        const catalogue = checkCatalogue();
        return { ...(await overview()), catalogueWarning: catalogue?.message ?? null, catalogueWarningText: catalogue };
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
      // The photo just taken is kept in memory for this session's badges (the service cannot send it back).
      uploadCardholderPhoto: async (request) => {
        const written = await cardholders.handlers.uploadCardholderPhoto(request);
        badges.rememberPhoto(request.id, request.photo, request.contentType);
        if (written.record.id !== request.id) badges.rememberPhoto(written.record.id, request.photo, request.contentType);
        return written;
      },
      // Each saved export goes into the shift journal with the operator's name.
      exportSearchCsv: operators.journalExport('historySearch', events.handlers.exportSearchCsv),
      exportOperatorLog: operators.journalExport('operatorLog', operatorLog.exportOperatorLog),
      // The end of a shift locks the admin actions too: the next person starts from a locked kiosk.
      endShift: async (request) => {
        const report = await operators.handlers.endShift(request);
        await admin.lock.lock();
        return report;
      },
      findEventPeople: ({ text }) => findEventPeople(text, (query, offset, limit) => cardholders.directory.search(query, offset, limit)),
    };
    const gateway = new Gateway(handlers, log, { admin: admin.lock, shift: operators.shift });
    await operators.start();
    runs.start();
    await events.start();
    outage.start();
    watch.start();
    await cardholders.start();
    retention.start();
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
      async stop() {
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
