/**
 * The kiosk core: composes every capability behind the gateway from a validated configuration.
 * With no service configured it starts the embedded simulator and runs in demo mode. It owns
 * start-up order and shutdown; it knows nothing of Electron or of how calls arrive (the Electron
 * edge and the preview harness both take its gateway and push bus).
 */
import { join } from 'node:path';
import { startSimulator, type RunningSimulator, type SimulatorOptions } from '../simulator';
import type { KioskConfig } from './config/config-schema';
import { serviceLabelOf, settingsFor } from './config/settings';
import { createAdminOverviewHandler } from './config/admin-overview';
import type { CredentialVault } from './credentials/vault';
import type { Secret } from './credentials/secret';
import { createEventsCapability, type EventsCapability } from './events-capability';
import type { PickSaveFile } from './history/event-history';
import { Gateway, type OperationHandlers } from './ipc/gateway';
import { PushBus } from './ipc/push-bus';
import { toKioskError } from './ipc/failure';
import type { Logger } from './log/logger';
import { createServiceClient, type ServiceClient } from './service/service-client';
import { createStatusHandler } from './status/service-status';

export interface KioskCoreOptions {
  config: KioskConfig;
  vault: CredentialVault;
  /** Where the kiosk keeps its state (acknowledgements, the demo simulator's data). */
  dataDir: string;
  log: Logger;
  /** Asks the person where to save an export; null when they cancel. */
  pickSaveFile: PickSaveFile;
  /** Options for the embedded simulator in demo mode (tests turn on its test controls). */
  demo?: Partial<SimulatorOptions>;
}

export interface KioskCore {
  gateway: Gateway;
  push: PushBus;
  mode: 'demo' | 'configured';
  serviceLabel: string;
  /** The embedded simulator's address in demo mode, null otherwise. */
  simulatorUrl: string | null;
  events: EventsCapability;
  stop(): Promise<void>;
}

export async function startKioskCore(options: KioskCoreOptions): Promise<KioskCore> {
  const { config, log } = options;
  const push = new PushBus();
  let simulator: RunningSimulator | null = null;
  let baseUrl: string;
  if (config.service.url === null) {
    simulator = await startSimulator({
      dataDir: join(options.dataDir, 'simulator'),
      eventRate: 1,
      log: (line) => log.info('simulator', line),
      ...options.demo,
    });
    baseUrl = simulator.url;
    log.info('core', `demo mode: embedded simulator at ${simulator.url}`);
  } else {
    baseUrl = config.service.url;
  }
  const mode = simulator ? 'demo' : 'configured';
  const serviceLabel = serviceLabelOf(baseUrl);
  // In demo mode the simulator needs no credential, whatever the configuration says.
  const effectiveConfig: KioskConfig = simulator ? { ...config, service: { ...config.service, auth: { scheme: 'none' } } } : config;

  let secret: Secret | null = null;
  if (effectiveConfig.service.auth.scheme !== 'none') {
    try {
      secret = await options.vault.read();
      if (!secret) log.warn('core', 'no service credential is stored: set one with the admin tool (set-secret)');
    } catch (thrown) {
      const error = toKioskError(thrown);
      log.error('core', `the service credential cannot be used: ${error.message}`);
    }
  }

  let client: ServiceClient | null = null;
  try {
    client = createServiceClient({ config: effectiveConfig, baseUrl, secret, log });
    const events = createEventsCapability({
      service: client,
      push,
      log,
      dataDir: options.dataDir,
      feedConfig: config.feed,
      alarmRules: config.alarms.rules,
      defaultTenants: config.search.defaultTenants,
      pickSaveFile: options.pickSaveFile,
    });
    const handlers: OperationHandlers = {
      getServiceStatus: createStatusHandler({ service: client, mode, serviceLabel }),
      getSettings: () => settingsFor(config, mode, serviceLabel),
      getAdminOverview: createAdminOverviewHandler({ config, vault: options.vault, mode, serviceLabel }),
      ...events.handlers,
    };
    const gateway = new Gateway(handlers, log);
    await events.start();
    const started = client;
    return {
      gateway,
      push,
      mode,
      serviceLabel,
      simulatorUrl: simulator?.url ?? null,
      events,
      async stop() {
        await events.stop();
        started.close();
        await simulator?.close();
      },
    };
  } catch (thrown) {
    client?.close();
    await simulator?.close();
    throw thrown;
  }
}
