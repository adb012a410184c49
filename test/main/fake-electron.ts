/**
 * A fake `electron` module for Node tests of the real shell setup (electron/main/shell-setup.ts
 * and everything it calls): it records what the code asks of app, protocol, session, Menu,
 * BrowserWindow, ipcMain and shell, and lets a test emit the events Electron would.
 */
import { EventEmitter } from 'node:events';

type Listener = (...args: never[]) => unknown;

export class FakeEmitter {
  readonly listeners = new Map<string, Listener[]>();
  on(name: string, listener: Listener): this {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
    return this;
  }
  once(name: string, listener: Listener): this {
    return this.on(name, listener);
  }
  /** Calls every listener of `name`; returns how many there were. */
  emit(name: string, ...args: unknown[]): number {
    const list = this.listeners.get(name) ?? [];
    for (const listener of list) (listener as (...a: unknown[]) => unknown)(...args);
    return list.length;
  }
}

/** An Electron-like event: preventDefault() is recorded. */
export function fakeEvent(extra: Record<string, unknown> = {}): { defaultPrevented: boolean; preventDefault(): void } & Record<string, unknown> {
  const event = {
    defaultPrevented: false,
    preventDefault() {
      event.defaultPrevented = true;
    },
    ...extra,
  };
  return event;
}

let nextId = 1;

export class FakeWebContents extends FakeEmitter {
  readonly id = nextId++;
  windowOpenHandler: ((details: { url: string }) => { action: string }) | null = null;
  devToolsClosed = 0;
  readonly sent: Array<[string, unknown]> = [];
  mainFrame = { url: '' };
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void {
    this.windowOpenHandler = handler;
  }
  closeDevTools(): void {
    this.devToolsClosed += 1;
  }
  send(channel: string, payload: unknown): void {
    this.sent.push([channel, payload]);
  }
  // Printing (badges): what was asked, and what the "operating system" answers.
  readonly printCalls: Array<Record<string, unknown>> = [];
  readonly pdfCalls: Array<Record<string, unknown>> = [];
  printAnswer: { success: boolean; failureReason: string } = { success: true, failureReason: '' };
  printers: Array<{ name: string }> = [];
  print(options: Record<string, unknown>, callback: (success: boolean, failureReason: string) => void): void {
    this.printCalls.push(options);
    callback(this.printAnswer.success, this.printAnswer.failureReason);
  }
  printToPDF(options: Record<string, unknown>): Promise<Buffer> {
    this.pdfCalls.push(options);
    return Promise.resolve(Buffer.from('%PDF-1.7 fake'));
  }
  getPrintersAsync(): Promise<Array<{ name: string }>> {
    return Promise.resolve(this.printers);
  }
}

export class FakeBrowserWindow extends FakeEmitter {
  static created: FakeBrowserWindow[] = [];
  readonly webContents = new FakeWebContents();
  readonly loaded: string[] = [];
  destroyed = false;
  constructor(readonly options: Record<string, unknown>) {
    super();
    FakeBrowserWindow.created.push(this);
    fake.app.emit('web-contents-created', fakeEvent(), this.webContents);
  }
  loadURL(url: string): Promise<void> {
    this.loaded.push(url);
    this.webContents.mainFrame.url = url;
    return Promise.resolve();
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  destroy(): void {
    this.destroyed = true;
  }
  show(): void {}
}

class FakeSession extends FakeEmitter {
  permissionRequest: ((...args: never[]) => void) | null = null;
  permissionCheck: ((...args: never[]) => boolean) | null = null;
  devicePermission: ((...args: never[]) => boolean) | null = null;
  beforeRequest: ((details: { url: string; resourceType: string }, callback: (answer: { cancel: boolean }) => void) => void) | null = null;
  setPermissionRequestHandler(handler: (...args: never[]) => void): void {
    this.permissionRequest = handler;
  }
  setPermissionCheckHandler(handler: (...args: never[]) => boolean): void {
    this.permissionCheck = handler;
  }
  setDevicePermissionHandler(handler: (...args: never[]) => boolean): void {
    this.devicePermission = handler;
  }
  readonly webRequest = {
    onBeforeRequest: (handler: FakeSession['beforeRequest']) => {
      this.beforeRequest = handler;
    },
  };
}

class FakeApp extends FakeEmitter {
  isPackaged = true;
  sandboxEnabled = 0;
  exitCodes: number[] = [];
  relaunched = 0;
  readyAtSchemeRegistration: boolean | null = null;
  ready = false;
  /** The switches Chromium parsed (what app.commandLine.hasSwitch answers); a test adds some. */
  readonly switches = new Set<string>();
  readonly commandLine = {
    hasSwitch: (name: string): boolean => this.switches.has(name),
  };
  enableSandbox(): void {
    this.sandboxEnabled += 1;
  }
  exit(code = 0): void {
    this.exitCodes.push(code);
  }
  relaunch(): void {
    this.relaunched += 1;
  }
}

/** A session of its own (session.fromPartition): its protocol handlers are recorded. */
class FakePartitionSession extends FakeSession {
  readonly protocolHandlers = new Map<string, (request: Request) => Response | Promise<Response>>();
  readonly protocol = {
    handle: (scheme: string, handler: (request: Request) => Response | Promise<Response>) => {
      this.protocolHandlers.set(scheme, handler);
    },
  };
}
const partitions = new Map<string, FakePartitionSession>();

export const fake = {
  app: new FakeApp(),
  session: {
    defaultSession: new FakeSession(),
    fromPartition(name: string): FakePartitionSession {
      const existing = partitions.get(name) ?? new FakePartitionSession();
      partitions.set(name, existing);
      return existing;
    },
  },
  protocol: {
    privileged: [] as Array<{ scheme: string; privileges: Record<string, boolean> }>,
    handlers: new Map<string, (request: Request) => Promise<Response>>(),
    registerSchemesAsPrivileged(schemes: Array<{ scheme: string; privileges: Record<string, boolean> }>) {
      fake.app.readyAtSchemeRegistration = fake.app.ready;
      this.privileged.push(...schemes);
    },
    handle(scheme: string, handler: (request: Request) => Promise<Response>) {
      this.handlers.set(scheme, handler);
    },
  },
  menu: { set: [] as unknown[] },
  ipcHandlers: new Map<string, (event: unknown, payload: unknown) => unknown>(),
  openExternal: [] as string[],
  exposed: new Map<string, unknown>(),
};

/** What vi.mock('electron') returns. */
export const fakeElectronModule = {
  app: fake.app,
  session: fake.session,
  protocol: fake.protocol,
  Menu: { setApplicationMenu: (menu: unknown) => fake.menu.set.push(menu) },
  BrowserWindow: FakeBrowserWindow,
  ipcMain: {
    handle: (channel: string, handler: (event: unknown, payload: unknown) => unknown) => fake.ipcHandlers.set(channel, handler),
    removeHandler: (channel: string) => fake.ipcHandlers.delete(channel),
  },
  shell: { openExternal: (url: string) => fake.openExternal.push(url) },
  contextBridge: { exposeInMainWorld: (name: string, api: unknown) => fake.exposed.set(name, api) },
  ipcRenderer: { invoke: () => Promise.resolve(), on: () => undefined, removeListener: () => undefined },
  dialog: {},
  safeStorage: {},
};

export { EventEmitter };
