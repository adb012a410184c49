/**
 * The Electron shell's setup, in the order Electron needs it, so index.ts stays a list of calls
 * and a test with a fake `electron` module can run the real thing:
 *  - prepareShell (before `ready`): refuse debugging switches in a packaged build (and again at
 *    `ready`, asking Electron's own command line: Shell.ready), sandbox every
 *    renderer, register the app scheme as privileged, guard every web contents as it is created,
 *    log uncaught exceptions and unhandled rejections instead of dying;
 *  - startShell (after `ready`): no application menu, the app scheme served from the built
 *    renderer, the session's permissions and outbound requests locked;
 *  - openKioskWindow: the window, its IPC wiring, crash recovery, then the page.
 */
import { app, Menu, session, type BrowserWindow } from 'electron';
import { join } from 'node:path';
import type { Gateway } from '../core/ipc/gateway';
import type { PushBus } from '../core/ipc/push-bus';
import { listRendererFiles } from '../serving/renderer-files';
import { registerAppScheme, serveAppScheme } from './app-scheme';
import { watchRenderer } from './crash-recovery';
import { wireIpc } from './ipc-wiring';
import { createKioskWindow, rendererUrl } from './kiosk-window';
import { forbiddenDebugSwitch, forbiddenSwitchAtReady } from './launch-policy';
import { guardSession } from './session-guard';
import { guardWebContents } from './web-contents-guard';

export interface ShellLog {
  info(scope: string, line: string): void;
  warn(scope: string, line: string): void;
  error(scope: string, line: string): void;
}

export interface ShellOptions {
  packaged: boolean;
  /** Vite's dev server (development only). */
  devServerUrl: string | undefined;
  /** The built renderer (out/renderer). */
  rendererDir: string;
  argv: readonly string[];
  env: Readonly<Record<string, string | undefined>>;
  /** The current log (stderr until the file log exists). */
  log: () => ShellLog;
  /** For the switch prefixes Chromium accepts (`/name` on Windows); process.platform unless a test says otherwise. */
  platform?: NodeJS.Platform;
  /** Where uncaught exceptions and unhandled rejections are heard (process; a test passes its own). */
  processEvents?: Pick<NodeJS.EventEmitter, 'on'>;
}

export interface Shell {
  readonly ownUrl: string;
  /**
   * First thing after `ready`: false (and the app exits) when a packaged build's command line, as
   * Chromium parsed it, has a remote-debugging switch the argv check did not recognise.
   */
  ready(): boolean;
  /** After `ready`. */
  start(): void;
  openKioskWindow(core: { gateway: Gateway; push: PushBus }, fullscreen: boolean): Promise<BrowserWindow>;
}

/** Before `ready`. Returns null (and quits) when a packaged build was started with a debugging switch. */
export function prepareShell(options: ShellOptions): Shell | null {
  const production = options.packaged;
  const devServerUrl = production ? undefined : options.devServerUrl;
  const ownUrl = rendererUrl({ devServerUrl });
  if (production) {
    const forbidden = forbiddenDebugSwitch(options.argv, options.env, options.platform ?? process.platform);
    if (forbidden !== null) {
      options.log().error('main', `refused to start with ${forbidden} (debugging is off in the packaged kiosk)`);
      app.exit(1);
      return null;
    }
  }
  app.enableSandbox();
  registerAppScheme();
  const processEvents = options.processEvents ?? process;
  processEvents.on('uncaughtException', (error: unknown) => options.log().error('main', `uncaught exception (the kiosk keeps running): ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`));
  processEvents.on('unhandledRejection', (reason: unknown) => options.log().error('main', `unhandled rejection (the kiosk keeps running): ${reason instanceof Error ? (reason.stack ?? reason.message) : String(reason)}`));
  app.on('web-contents-created', (_event, contents) => guardWebContents(contents, { ownUrl, production, log: (line) => options.log().warn('window', line) }));

  let kioskContentsId: number | null = null;
  let crashReason: string | null = null;
  return {
    ownUrl,
    ready() {
      if (!production) return true;
      const forbidden = forbiddenSwitchAtReady((name) => app.commandLine.hasSwitch(name));
      if (forbidden === null) return true;
      options.log().error('main', `refused to run with ${forbidden} (Electron reports it at ready; debugging is off in the packaged kiosk)`);
      app.exit(1);
      return false;
    },
    start() {
      Menu.setApplicationMenu(null);
      if (devServerUrl === undefined) {
        serveAppScheme({
          files: listRendererFiles(options.rendererDir),
          crashReason: () => crashReason,
          restart: () => {
            options.log().warn('main', 'restarting at the officer\'s request after repeated page failures');
            app.relaunch();
            app.exit(0);
          },
          log: (line) => options.log().warn('scheme', line),
        });
      }
      guardSession(session.defaultSession, { ownUrl, kioskContentsId: () => kioskContentsId, development: !production, log: (line) => options.log().warn('session', line) });
    },
    async openKioskWindow(core, fullscreen) {
      const window = createKioskWindow({ fullscreen, devServerUrl, devTools: !production });
      kioskContentsId = window.webContents.id;
      const unwire = wireIpc(core.gateway, core.push, window, ownUrl);
      watchRenderer(window, {
        ownUrl,
        setCrashReason: (reason) => (crashReason = reason),
        notify: (notice) => core.push.emit('feedNotice', { kind: 'info', ...notice, at: new Date().toISOString() }),
        log: (line) => options.log().warn('window', line),
      });
      window.on('closed', () => {
        unwire();
        kioskContentsId = null;
      });
      await window.loadURL(ownUrl);
      return window;
    },
  };
}

/** Where the built renderer is, next to the bundled main (out/main → out/renderer). */
export const builtRendererDir = (): string => join(__dirname, '../renderer');

/** Where the bundled main carries the badge fonts (resources/badge-fonts, copied by electron.vite.config.ts). */
export const builtBadgeFontDir = (): string => join(__dirname, 'badge-fonts');
