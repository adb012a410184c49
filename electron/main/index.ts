/**
 * Electron entry: the thin edge. Loads the configuration, picks the credential vault (the OS
 * keyring through safeStorage when a real one exists), starts the core (handing it the embedded
 * simulator to start in demo mode), opens the kiosk window
 * and wires it to the gateway. `--admin <command>` runs the administrator's credential commands
 * instead (secret read from standard input), with the same vault the kiosk uses.
 */
import { app, dialog, type BrowserWindow } from 'electron';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { configFlagArgs, loadConfig, nodeUserDir, systemConfigPath } from '../core/config/load-config';
import type { KioskConfig } from '../core/config/config-schema';
import { runAdminCommand } from '../core/credentials/admin-command';
import { parseAdminArgs } from '../core/credentials/admin-args';
import { chooseSiteStoreVault, chooseVault, credentialDir } from '../core/credentials/choose-vault';
import type { CredentialVault } from '../core/credentials/vault';
import { chooseDataKey } from '../core/credentials/data-key';
import { toKioskError } from '../core/ipc/failure';
import { quitWarning } from '../core/cardholders/outbox/quit-warning';
import { nativeWords } from '../core/language/native-words';
import { DEFAULT_LOCALE } from '../contract/ipc';
import type { ShownLanguage } from '../core/language/shown-language';
import { startKioskCore, type KioskCore } from '../core/kiosk-core';
import { createLogger, type Logger } from '../core/log/logger';
import { applyXdgAutostart, autostartPlan } from '../core/provisioning/autostart';
import { runCheckCommand } from '../core/provisioning/check-command';
import { startSimulator } from '../simulator';
import { electronLogSink, safeStorageEncryptor, saveDialog } from './electron-ports';
import { electronBadgePrinter } from './badge-printer';
import { builtBadgeFontDir, builtRendererDir, prepareShell, type ShellLog } from './shell-setup';
import { adminEdgeActions } from './admin-edge';

// One place for the kiosk's files, shared with the Node admin tool (electron/tools/admin.ts).
app.setPath('userData', nodeUserDir(process.platform, process.env));

const args = process.argv.slice(app.isPackaged ? 1 : 2);
const adminIndex = args.indexOf('--admin');
let kioskLog: Logger | null = null;
const earlyLog: ShellLog = {
  info: (scope, line) => process.stderr.write(`[${scope}] ${line}\n`),
  warn: (scope, line) => process.stderr.write(`[${scope}] ${line}\n`),
  error: (scope, line) => process.stderr.write(`[${scope}] ${line}\n`),
};
// Before ready: debugging switches refused in a packaged build, sandbox, the app scheme, guards for every web contents.
const shell = prepareShell({
  packaged: app.isPackaged,
  devServerUrl: process.env.ELECTRON_RENDERER_URL,
  rendererDir: builtRendererDir(),
  argv: process.argv,
  env: process.env,
  log: () => kioskLog ?? earlyLog,
});
/** Chromium and Electron add switches of their own; only the kiosk's configuration flags are read. */
const kioskArgs = configFlagArgs(args);

function loadKioskConfig(): KioskConfig {
  return loadConfig({
    env: process.env,
    argv: kioskArgs,
    platform: process.platform,
    userFile: join(app.getPath('userData'), 'config.json'),
  });
}

/** The one credential vault of the app and of its --admin commands (the keyring when a real one exists). */
function kioskVault(config: KioskConfig): CredentialVault {
  return chooseVault(safeStorageEncryptor(process.platform), { dir: credentialDir(config.kiosk.dataDir ?? app.getPath('userData')) });
}

/** The shared alarm desk's store password, in a vault of its own beside the credential (same rule). */
function siteStoreVault(config: KioskConfig): CredentialVault {
  return chooseSiteStoreVault(safeStorageEncryptor(process.platform), { dir: credentialDir(config.kiosk.dataDir ?? app.getPath('userData')) });
}

async function runAdmin(log: Logger): Promise<void> {
  const adminArgs = args.slice(adminIndex + 1);
  const parsed = parseAdminArgs(adminArgs);
  // A command line that cannot be read is refused before any configuration is (exit code 2).
  if ('problem' in parsed) {
    process.stdout.write(`${parsed.problem.join('\n')}\n`);
    app.exit(2);
    return;
  }
  if (parsed.command === 'check') {
    const load = { env: process.env, argv: kioskArgs, platform: process.platform, userFile: join(app.getPath('userData'), 'config.json') };
    app.exit(await runCheckCommand({ load, stdout: process.stdout, vaultFor: kioskVault, badgeFontDir: builtBadgeFontDir() }));
    return;
  }
  const config = loadKioskConfig();
  // runAdminCommand reads its command and flags with parseAdminArgs (configuration was read above).
  const code = await runAdminCommand({ args: adminArgs, stdin: process.stdin, stdout: process.stdout, vault: kioskVault(config), siteStoreVault: siteStoreVault(config), config, log });
  app.exit(code);
}

async function runKiosk(log: Logger, kioskShell: NonNullable<typeof shell>): Promise<void> {
  let window: BrowserWindow | null = null;
  // The language the page shows, for the native dialogs (set once the core has started).
  let shown: ShownLanguage | null = null;
  const config = loadKioskConfig();
  if (config.service.url === null) {
    const line = `No service is configured (${systemConfigPath(process.platform, process.env)} or the user's file): running the demo on the embedded simulator.`;
    log.info('main', line);
    process.stdout.write(`${line}\n`);
  }
  applyStartAtLogin(config.kiosk.startAtLogin, log);
  const dataDir = config.kiosk.dataDir ?? join(app.getPath('userData'), 'data');
  const vault = kioskVault(config);
  const warning = vault.describe().warning;
  if (warning) log.warn('credentials', warning);
  const dataKey = chooseDataKey(safeStorageEncryptor(process.platform), credentialDir(config.kiosk.dataDir ?? app.getPath('userData')), (line) => log.warn('credentials', line));
  const dataKeyWarning = dataKey.describe().warning;
  if (dataKeyWarning) log.warn('credentials', dataKeyWarning);
  const core: KioskCore = await startKioskCore({
    siteStoreVault: siteStoreVault(config),
    config,
    vault,
    dataDir,
    log,
    pickSaveFile: saveDialog(() => window, app.getPath('documents'), () => shown?.nativeWords() ?? nativeWords(DEFAULT_LOCALE)),
    startDemoService: (simulatorDir) => startSimulator({ dataDir: simulatorDir, eventRate: 1, log: (line) => log.info('simulator', line) }),
    dataKey: await dataKey.key(),
    dataKeyWarning: dataKey.describe().warningText ?? dataKeyWarning,
    // The admin PIN lives beside the credential; quitting and leaving kiosk mode need it (admin-edge.ts).
    adminLockDir: credentialDir(config.kiosk.dataDir ?? app.getPath('userData')),
    adminActions: adminEdgeActions(() => window),
    // Badges: printed from a hidden window on the kiosk's scheme (badge-printer.ts), the fonts shipped with the renderer.
    badgePrinter: electronBadgePrinter(() => window?.webContents ?? null),
    badgeFontDir: builtBadgeFontDir(),
    // kiosk.locale "auto": the operating system's languages (electron/core/config/locale.ts).
    systemLanguages: () => [...app.getPreferredSystemLanguages(), app.getLocale()],
  });
  shown = core.language;
  window = await kioskShell.openKioskWindow(core, config.kiosk.fullscreen && app.isPackaged);
  window.on('closed', () => {
    window = null;
  });
  app.on('second-instance', () => {
    if (window) {
      if (window.isMinimized()) window.restore();
      window.focus();
    }
  });
  let stopping = false;
  let asking = false;
  app.on('before-quit', (event) => {
    if (stopping) return;
    event.preventDefault();
    if (asking) return;
    // Enrolments still waiting for the service: the officer decides (they are kept either way).
    const warning = quitWarning(core.cardholders.outbox.state(), core.language.nativeWords());
    let confirmed: Promise<boolean> = Promise.resolve(true);
    if (warning) {
      asking = true;
      confirmed = dialog
        .showMessageBox({ type: 'warning', buttons: [warning.stay, warning.quit], defaultId: 0, cancelId: 0, message: warning.message, detail: warning.detail, noLink: true })
        .then((answer) => answer.response === 1)
        .finally(() => {
          asking = false;
        });
    }
    void confirmed.then((quit) => {
      if (!quit) return;
      stopping = true;
      void core.stop().finally(() => app.quit());
    });
  });
}

/** kiosk.startAtLogin: the XDG autostart entry on Linux, the login item elsewhere (packaged app only). */
function applyStartAtLogin(enabled: boolean, log: Logger): void {
  if (!app.isPackaged) return;
  try {
    const plan = autostartPlan(enabled, { platform: process.platform, env: process.env, home: homedir(), executable: process.execPath });
    if (plan.kind === 'login-item') app.setLoginItemSettings({ openAtLogin: plan.openAtLogin });
    else
      void applyXdgAutostart(plan).then(
        (outcome) => log.info('main', `start at login (${plan.file}): ${outcome}`),
        (thrown: unknown) => log.warn('main', `start at login could not be set: ${toKioskError(thrown).detail ?? toKioskError(thrown).message}`),
      );
  } catch (thrown) {
    log.warn('main', `start at login could not be set: ${toKioskError(thrown).detail ?? toKioskError(thrown).message}`);
  }
}

async function main(): Promise<void> {
  await app.whenReady();
  const log = createLogger(electronLogSink(app.getPath('logs')));
  kioskLog = log;
  // A remote-debugging switch Chromium accepted under a spelling the argv check missed: quit.
  if (!shell!.ready()) return;
  try {
    if (adminIndex >= 0) await runAdmin(log);
    else {
      shell!.start();
      await runKiosk(log, shell!);
    }
  } catch (thrown) {
    const error = toKioskError(thrown);
    log.error('main', `the kiosk could not start: ${error.code} ${error.detail ?? error.message}`);
    if (adminIndex >= 0) {
      process.stderr.write(`${error.message}\n`);
      app.exit(1);
      return;
    }
    dialog.showErrorBox('The kiosk could not start', error.message);
    app.exit(1);
  }
}

if (shell === null) {
  // prepareShell refused the start (and exits).
} else if (adminIndex < 0 && !app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('window-all-closed', () => app.quit());
  void main();
}
