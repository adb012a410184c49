/**
 * Starts the whole kiosk without Electron: configuration, the core (with the embedded simulator
 * unless a service is configured) and the preview server. Used by `npm run preview`, the
 * end-to-end tests and the benchmarks. In the browser there is no save dialog, so exports are
 * written into <dataDir>/exports (owner-only, one name each) and the path is shown to the person.
 */
import { join, resolve } from 'node:path';
import { loadConfig, type LoadConfigOptions } from '../core/config/load-config';
import { chooseSiteStoreVault, chooseVault, credentialDir } from '../core/credentials/choose-vault';
import { startKioskCore, type KioskCore } from '../core/kiosk-core';
import { chooseDataKey } from '../core/credentials/data-key';
import type { EngineFactory } from '../core/cardholders/directory/engine-handle';
import { createLogger, stderrSink, type Logger } from '../core/log/logger';
import { exportFolder } from '../core/storage/export-folder';
import { startSimulator, type SimulatorOptions } from '../simulator';
import { startPreviewServer } from './preview-server';
import { previewBadgePrinter } from './badge-pdf-printer';

export interface PreviewOptions {
  host?: string;
  port?: number;
  /** Where the kiosk keeps its state; default: kiosk.dataDir from the configuration, else ./.data/preview. */
  dataDir?: string;
  /** Configuration layers (the same loader Electron uses). */
  config?: Partial<Pick<LoadConfigOptions, 'systemFile' | 'userFile' | 'env' | 'argv' | 'ignoreFlags'>>;
  /** Options for the embedded simulator in demo mode (tests turn on its test controls). */
  demo?: Partial<SimulatorOptions>;
  /** Benchmarks may run the directory engine in their own thread. */
  directoryEngines?: EngineFactory;
  /** The built renderer; default out/renderer. */
  rendererDir?: string;
  log?: Logger;
  /** Benchmarks, screenshots and tests of other screens: start with an unnamed shift under way (where nobody is signed in and the site allows it). */
  startShift?: 'unnamed';
}

export interface RunningKioskPreview {
  url: string;
  origin: string;
  core: KioskCore;
  close(): Promise<void>;
}

export async function startPreview(options: PreviewOptions = {}): Promise<RunningKioskPreview> {
  const log = options.log ?? createLogger(stderrSink);
  const config = loadConfig({
    env: options.config?.env ?? process.env,
    argv: options.config?.argv ?? [],
    platform: process.platform,
    ...(options.config?.systemFile !== undefined ? { systemFile: options.config.systemFile } : {}),
    ...(options.config?.userFile !== undefined ? { userFile: options.config.userFile } : {}),
    ...(options.config?.ignoreFlags ? { ignoreFlags: options.config.ignoreFlags } : {}),
  });
  const dataDir = resolve(options.dataDir ?? config.kiosk.dataDir ?? '.data/preview');
  const exportsDir = join(dataDir, 'exports');
  // The browser harness has no system keyring: personal data stays in owner-only files, and the
  // Administration view says so.
  const dataKey = chooseDataKey(null, credentialDir(dataDir));
  const rendererDir = options.rendererDir ?? resolve(__dirname, '../../out/renderer');
  // Badges: the harness's printers are PDFs in the exports folder, made by Chromium (badge-pdf-printer.ts).
  const badgePrinter = previewBadgePrinter({ printers: config.badges.previewPrinters, exportsDir });
  const core = await startKioskCore({
    config,
    vault: chooseVault(null, { dir: credentialDir(dataDir) }),
    siteStoreVault: chooseSiteStoreVault(null, { dir: credentialDir(dataDir) }),
    dataDir,
    log,
    // Owner-only folder, and a name of its own for each export (a second one never replaces the first).
    pickSaveFile: exportFolder(exportsDir),
    startDemoService: (simulatorDir) => startSimulator({ dataDir: simulatorDir, eventRate: 1, log: (line) => log.info('simulator', line), ...options.demo }),
    dataKey: await dataKey.key(),
    dataKeyWarning: dataKey.describe().warningText ?? dataKey.describe().warning,
    ...(options.directoryEngines ? { directoryEngines: options.directoryEngines } : {}),
    badgePrinter,
    // The badge fonts as the source tree has them (shared by both sides; the built app carries a copy in out/main).
    badgeFontDir: resolve(__dirname, '../../resources/badge-fonts'),
  });
  try {
    if (options.startShift === 'unnamed') {
      const operators = await core.operators.session.state();
      if (operators.signIn === 'required' && operators.current === null && operators.allowUnnamed) await core.operators.session.signIn(null, '');
    }
    const server = await startPreviewServer({
      gateway: core.gateway,
      push: core.push,
      log,
      rendererDir,
      ...(options.host ? { host: options.host } : {}),
      ...(options.port !== undefined ? { port: options.port } : {}),
    });
    return {
      url: server.url,
      origin: server.origin,
      core,
      async close() {
        await server.close();
        await core.stop();
        await badgePrinter.close();
      },
    };
  } catch (thrown) {
    await core.stop();
    await badgePrinter.close();
    throw thrown;
  }
}
