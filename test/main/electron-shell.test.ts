/**
 * The real Electron setup (shell-setup.ts, app-scheme.ts, session-guard.ts,
 * web-contents-guard.ts, crash-recovery.ts, kiosk-window.ts, ipc-wiring.ts, the preload) run
 * against a fake `electron` module, item by item of Electron's security checklist
 * (docs/tutorial/security.md; the numbers below are its items, SECURITY.md maps them all).
 * What only the real binary can show is in test/electron/app.spec.ts.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { EventEmitter } from 'node:events';
import { OPERATION_NAMES, PUSH_NAMES, channelOf, listenerNameOf, pushChannelOf } from '../../electron/contract/ipc';
import type { Gateway, Sender } from '../../electron/core/ipc/gateway';
import { PushBus } from '../../electron/core/ipc/push-bus';
import { fake, fakeEvent, FakeBrowserWindow, FakeWebContents } from './fake-electron';

vi.mock('electron', async () => (await import('./fake-electron')).fakeElectronModule);
const { prepareShell } = await import('../../electron/main/shell-setup');

const lines: string[] = [];
const log = () => ({
  info: (scope: string, line: string) => lines.push(`info [${scope}] ${line}`),
  warn: (scope: string, line: string) => lines.push(`warn [${scope}] ${line}`),
  error: (scope: string, line: string) => lines.push(`error [${scope}] ${line}`),
});
const logged = (text: string): boolean => lines.some((line) => line.includes(text));

const rendererDir = mkdtempSync(join(tmpdir(), 'kiosk-shell-'));
writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>kiosk</title>');
mkdirSync(join(rendererDir, 'assets'));
writeFileSync(join(rendererDir, 'assets', 'app.js'), 'export {}');
writeFileSync(join(tmpdir(), 'kiosk-shell-outside.txt'), 'secret');

const calls: Array<{ name: string; sender: Sender }> = [];
const gateway = { handle: (name: string, _payload: unknown, sender: Sender) => (calls.push({ name, sender }), Promise.resolve({ ok: true })) } as unknown as Gateway;
const push = new PushBus();
const processEvents = new EventEmitter();

let window: FakeBrowserWindow;
const OWN = 'kiosk://app/index.html';
const get = (url: string, method = 'GET'): Promise<Response> => fake.protocol.handlers.get('kiosk')!(new Request(url, { method }));
const permissionRequest = (contents: FakeWebContents, permission: string, details: Record<string, unknown>): boolean => {
  let answer: boolean | null = null;
  (fake.session.defaultSession.permissionRequest as unknown as (...a: unknown[]) => void)(contents, permission, (granted: boolean) => (answer = granted), { isMainFrame: true, requestingUrl: OWN, ...details });
  return answer!;
};
const permissionCheck = (contents: FakeWebContents | null, permission: string, origin: string, details: Record<string, unknown> = {}): boolean =>
  (fake.session.defaultSession.permissionCheck as unknown as (...a: unknown[]) => boolean)(contents, permission, origin, { isMainFrame: true, ...details });
const outbound = (url: string, resourceType = 'xhr'): boolean => {
  let cancel: boolean | null = null;
  fake.session.defaultSession.beforeRequest!({ url, resourceType }, (answer) => (cancel = answer.cancel));
  return cancel!;
};
const keyDown = (contents: FakeWebContents, key: string, modifiers: Partial<Record<'control' | 'meta' | 'alt' | 'shift', boolean>> = {}): boolean => {
  const event = fakeEvent();
  contents.emit('before-input-event', event, { type: 'keyDown', key, control: false, meta: false, alt: false, shift: false, ...modifiers });
  return event.defaultPrevented;
};

describe('a packaged kiosk started with a debugging switch', () => {
  it('quits at once and registers nothing (checklist 19: what the fuses cannot stop at run time)', () => {
    for (const argv of [['kiosk', '--remote-debugging-port=9222'], ['kiosk', '--inspect=9229'], ['kiosk', '--inspect-brk']]) {
      const exits = fake.app.exitCodes.length;
      expect(prepareShell({ packaged: true, devServerUrl: undefined, rendererDir, argv, env: {}, log, processEvents })).toBeNull();
      expect(fake.app.exitCodes.slice(exits)).toEqual([1]);
    }
    expect(prepareShell({ packaged: true, devServerUrl: undefined, rendererDir, argv: ['kiosk'], env: { ELECTRON_RUN_AS_NODE: '1' }, log, processEvents })).toBeNull();
    expect(fake.protocol.privileged).toEqual([]);
    expect(fake.app.listeners.get('web-contents-created')).toBeUndefined();
    expect(logged('refused to start with --remote-debugging-port')).toBe(true);
  });

  it('refuses the prefixes Chromium also accepts: -name, /name on Windows, any case', () => {
    for (const [argv, platform] of [[['kiosk', '-remote-debugging-port=9222'], 'linux'], [['kiosk', '-remote-debugging-pipe'], 'linux'], [['kiosk.exe', '/remote-debugging-port=9222'], 'win32'], [['kiosk.exe', '/Remote-Debugging-Pipe'], 'win32'], [['kiosk', '-inspect-brk-node'], 'darwin']] as const) {
      const exits = fake.app.exitCodes.length;
      expect(prepareShell({ packaged: true, devServerUrl: undefined, rendererDir, argv, env: {}, log, processEvents, platform }), argv.join(' ')).toBeNull();
      expect(fake.app.exitCodes.slice(exits)).toEqual([1]);
    }
    expect(logged('refused to start with --remote-debugging-pipe')).toBe(true);
    expect(fake.protocol.privileged).toEqual([]);
  });

});

describe('the packaged kiosk shell, set up against a fake electron module', () => {
  beforeAll(async () => {
    const shell = prepareShell({ packaged: true, devServerUrl: 'http://localhost:5173/', rendererDir, argv: ['kiosk'], env: {}, log, processEvents });
    expect(shell).not.toBeNull();
    fake.app.ready = true;
    shell!.start();
    window = (await shell!.openKioskWindow({ gateway, push }, true)) as unknown as FakeBrowserWindow;
  });

  it('18: registers its own scheme as privileged before ready (standard, secure, no CSP bypass) and loads the page from it, not file://', () => {
    expect(fake.app.readyAtSchemeRegistration).toBe(false);
    expect(fake.protocol.privileged).toEqual([{ scheme: 'kiosk', privileges: expect.objectContaining({ standard: true, secure: true, bypassCSP: false, allowServiceWorkers: false }) }]);
    // A packaged build ignores ELECTRON_RENDERER_URL: the page comes from the built renderer only.
    expect(window.loaded).toEqual([OWN]);
  });

  it('18: the scheme serves only files of the built renderer, refusing traversal and encoded separators', async () => {
    expect((await get(OWN)).status).toBe(200);
    expect(await (await get('kiosk://app/assets/app.js')).text()).toBe('export {}');
    for (const path of ['/..%2fkiosk-shell-outside.txt', '/assets%2f..%2f..%2fx', '/assets%5capp.js', '/%E0%A4%A', '/%00']) {
      expect((await get(`kiosk://app${path}`)).status, path).toBe(400);
    }
    expect((await get('kiosk://app/../kiosk-shell-outside.txt')).status).toBe(404);
    expect((await get('kiosk://other/index.html')).status).toBe(400);
    expect((await get(OWN, 'POST')).status).toBe(405);
  });

  it('7: every answer of the scheme carries the Content-Security-Policy header (no inline script, no eval, no connections, no embedding)', async () => {
    for (const url of [OWN, 'kiosk://app/assets/app.js', 'kiosk://app/missing.js', 'kiosk://app/%ZZ']) {
      const csp = (await get(url)).headers.get('content-security-policy') ?? '';
      expect(csp, url).toContain("default-src 'none'");
      expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
      expect(csp).toContain("connect-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toMatch(/unsafe-inline|'unsafe-eval'/);
    }
  });

  it('2, 3, 4, 6, 8, 9, 10, 11: the window is sandboxed and context-isolated, without Node, web security on, nothing insecure or experimental, no <webview>, no DevTools', () => {
    expect(fake.app.sandboxEnabled).toBe(1);
    const prefs = window.options.webPreferences as Record<string, unknown>;
    expect(prefs).toMatchObject({
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      devTools: false,
    });
    expect(prefs.enableBlinkFeatures ?? '').toBe('');
    expect(window.options).toMatchObject({ kiosk: true, fullscreen: true });
  });

  it('13: navigations, frame navigations and redirects off the own origin are cancelled and logged, for every web contents', () => {
    const other = new FakeWebContents();
    fake.app.emit('web-contents-created', fakeEvent(), other);
    for (const contents of [window.webContents, other]) {
      for (const url of ['https://example.org/', 'file:///etc/passwd', 'file://otherhost/kiosk/index.html', 'http://localhost:5173/', 'kiosk://other/index.html', 'javascript:alert(1)']) {
        const navigate = fakeEvent();
        contents.emit('will-navigate', navigate, url);
        expect(navigate.defaultPrevented, url).toBe(true);
        const redirect = fakeEvent();
        contents.emit('will-redirect', redirect, url);
        expect(redirect.defaultPrevented, url).toBe(true);
        const frame = fakeEvent({ url });
        contents.emit('will-frame-navigate', frame);
        expect(frame.defaultPrevented, url).toBe(true);
      }
      const own = fakeEvent();
      contents.emit('will-navigate', own, 'kiosk://app/index.html#/feed');
      expect(own.defaultPrevented).toBe(false);
    }
    expect(logged('cancelled a navigation to https://example.org/')).toBe(true);
    expect(logged('cancelled a frame navigation to file://otherhost/')).toBe(true);
  });

  it('14, 15: window.open is denied for every URL and nothing is handed to the system browser', () => {
    for (const url of ['https://example.org/', 'kiosk://app/index.html', 'mailto:a@b.c', 'file:///']) {
      expect(window.webContents.windowOpenHandler!({ url })).toEqual({ action: 'deny' });
    }
    expect(fake.openExternal).toEqual([]);
    expect(logged('refused to open a window for https://example.org/')).toBe(true);
  });

  it('11, 12: a <webview> is never attached, whatever its options', () => {
    const event = fakeEvent();
    window.webContents.emit('will-attach-webview', event, { nodeIntegration: true }, { allowpopups: 'true', src: 'https://example.org/' });
    expect(event.defaultPrevented).toBe(true);
  });

  it('5: grants the camera (video only) to the own origin in the kiosk main frame; refuses the rest and logs it', () => {
    const contents = window.webContents;
    expect(permissionRequest(contents, 'media', { mediaTypes: ['video'] })).toBe(true);
    expect(permissionRequest(contents, 'media', { mediaTypes: ['audio'] })).toBe(false);
    expect(permissionRequest(contents, 'media', { mediaTypes: ['video', 'audio'] })).toBe(false);
    for (const permission of ['geolocation', 'notifications', 'midi', 'clipboard-read', 'openExternal', 'fullscreen', 'pointerLock']) {
      expect(permissionRequest(contents, permission, {}), permission).toBe(false);
    }
    expect(permissionRequest(contents, 'media', { mediaTypes: ['video'], isMainFrame: false })).toBe(false);
    expect(permissionRequest(contents, 'media', { mediaTypes: ['video'], requestingUrl: 'https://example.org/' })).toBe(false);
    expect(permissionRequest(contents, 'media', { mediaTypes: ['video'], requestingUrl: 'file://otherhost/index.html' })).toBe(false);
    expect(permissionRequest(new FakeWebContents(), 'media', { mediaTypes: ['video'] })).toBe(false);
    expect(permissionCheck(contents, 'media', 'kiosk://app', { mediaType: 'video' })).toBe(true);
    expect(permissionCheck(contents, 'media', 'kiosk://app', { mediaType: 'audio' })).toBe(false);
    expect(permissionCheck(contents, 'geolocation', 'kiosk://app')).toBe(false);
    expect(permissionCheck(null, 'media', 'kiosk://app')).toBe(false);
    // No media type, or one Chromium reports as unknown: refused (only video is granted).
    expect(permissionRequest(contents, 'media', {})).toBe(false);
    expect(permissionRequest(contents, 'media', { mediaTypes: [] })).toBe(false);
    expect(permissionCheck(contents, 'media', 'kiosk://app')).toBe(false);
    expect(permissionCheck(contents, 'media', 'kiosk://app', { mediaType: 'unknown' })).toBe(false);
    expect(logged('refused the permission "geolocation" to kiosk://app/index.html')).toBe(true);
    expect(logged('refused the permission "media" (audio) to kiosk://app/index.html')).toBe(true);
  });

  it('5: device permissions and HID, serial, USB and Bluetooth pickers are always refused', () => {
    const ses = fake.session.defaultSession;
    for (const deviceType of ['hid', 'serial', 'usb']) {
      expect((ses.devicePermission as unknown as (d: object) => boolean)({ deviceType, origin: 'kiosk://app' })).toBe(false);
    }
    const picked: unknown[] = [];
    for (const [name, args] of [
      ['select-hid-device', [{ deviceList: [{ deviceId: 'h1' }] }]],
      ['select-serial-port', [[{ portId: 's1' }], window.webContents]],
      ['select-usb-device', [{ deviceList: [{ deviceId: 'u1' }] }]],
    ] as const) {
      const event = fakeEvent();
      expect(ses.emit(name, event, ...args, (id: unknown) => picked.push(id))).toBe(1);
      expect(event.defaultPrevented, name).toBe(true);
    }
    const bluetooth = fakeEvent();
    window.webContents.emit('select-bluetooth-device', bluetooth, [{ deviceId: 'b1' }], (id: unknown) => picked.push(id));
    expect(bluetooth.defaultPrevented).toBe(true);
    expect(picked).toEqual(['', '', '', '']);
  });

  it('1: every request of the session but the own scheme is cancelled and logged (the renderer never talks to the network)', () => {
    expect(outbound('kiosk://app/assets/app.js', 'script')).toBe(false);
    expect(outbound('data:image/png;base64,AAAA', 'image')).toBe(false);
    for (const url of ['https://example.org/', 'http://127.0.0.1:8080/api', 'ws://localhost:5173/', 'file:///etc/passwd', 'devtools://devtools/bundled/inspector.html', 'kiosk://other/x']) {
      expect(outbound(url), url).toBe(true);
    }
    expect(logged('cancelled a xhr request to https://example.org/')).toBe(true);
  });

  it('17: IPC is handled for the kiosk window main frame of the own origin only (file://otherhost and other windows refused)', async () => {
    expect([...fake.ipcHandlers.keys()].sort()).toEqual(OPERATION_NAMES.map(channelOf).sort());
    const handler = fake.ipcHandlers.get(channelOf('getServiceStatus'))!;
    const contents = window.webContents;
    const mainFrame = { url: OWN };
    contents.mainFrame = mainFrame;
    const ask = async (sender: object, frame: object | null): Promise<boolean> => {
      await handler({ sender, senderFrame: frame }, {});
      return calls.at(-1)!.sender.trusted;
    };
    expect(await ask(contents, mainFrame)).toBe(true);
    for (const url of ['file://otherhost/opt/kiosk/index.html', 'file:///opt/kiosk/index.html', 'https://example.org/', 'kiosk://evil/index.html']) {
      const frame = { url };
      contents.mainFrame = frame;
      expect(await ask(contents, frame), url).toBe(false);
    }
    contents.mainFrame = mainFrame;
    expect(await ask(contents, { url: OWN })).toBe(false); // a sub-frame
    expect(await ask(new FakeWebContents(), mainFrame)).toBe(false);
    expect(await ask(contents, null)).toBe(false);
  });

  it('pushes events to the kiosk window only', () => {
    push.emit('feedNotice', { kind: 'info', message: 'x', at: '2026-01-01T00:00:00Z' });
    expect(window.webContents.sent.at(-1)).toEqual([pushChannelOf('feedNotice'), expect.objectContaining({ message: 'x' })]);
  });

  it('kiosk keys: no application menu; reload, zoom, DevTools, print and close shortcuts swallowed; DevTools closed if opened', () => {
    expect(fake.menu.set).toEqual([null]);
    const contents = window.webContents;
    for (const [key, mods] of [
      ['r', { control: true }],
      ['R', { control: true, shift: true }],
      ['F5', {}],
      ['+', { control: true }],
      ['-', { control: true }],
      ['0', { meta: true }],
      ['I', { control: true, shift: true }],
      ['F12', {}],
      ['p', { control: true }],
      ['w', { control: true }],
      ['q', { meta: true }],
      ['F4', { alt: true }],
    ] as const) {
      expect(keyDown(contents, key, mods), `${JSON.stringify(mods)}+${key}`).toBe(true);
    }
    for (const [key, mods] of [['a', {}], ['c', { control: true }], ['v', { control: true }], ['Enter', {}], ['Tab', { shift: true }]] as const) {
      expect(keyDown(contents, key, mods), key).toBe(false);
    }
    contents.emit('devtools-opened');
    expect(contents.devToolsClosed).toBe(1);
  });

  it('resilience: a crashed or hung page is reloaded 3 times in a minute with a notice to the officer, then the restart page', async () => {
    const notices: string[] = [];
    const stop = push.subscribe((name, payload) => {
      if (name === 'feedNotice') notices.push((payload as { message: string }).message);
    });
    window.loaded.length = 0;
    window.webContents.emit('render-process-gone', fakeEvent(), { reason: 'crashed', exitCode: 1 });
    expect(window.loaded).toEqual([OWN]);
    expect(notices).toEqual([]);
    window.webContents.emit('did-finish-load');
    expect(notices).toEqual(['The screen was reloaded after it crashed; the event feed kept running.']);
    window.emit('unresponsive');
    window.webContents.emit('render-process-gone', fakeEvent(), { reason: 'oom', exitCode: 1 });
    expect(window.loaded).toEqual([OWN, OWN, OWN]);
    expect((await get('kiosk://app/__error')).status).toBe(404); // no crash page while the budget lasts
    window.webContents.emit('render-process-gone', fakeEvent(), { reason: 'crashed', exitCode: 1 });
    expect(window.loaded.at(-1)).toBe('kiosk://app/__error');
    const page = await get('kiosk://app/__error');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Restart the kiosk');
    expect(fake.app.relaunched).toBe(0);
    await get('kiosk://app/__restart');
    expect(fake.app.relaunched).toBe(1);
    expect(fake.app.exitCodes.at(-1)).toBe(0);
    stop();
  });

  it('resilience: uncaught exceptions and unhandled rejections in main are logged and do not exit', () => {
    const exits = fake.app.exitCodes.length;
    processEvents.emit('uncaughtException', new Error('boom in main'));
    processEvents.emit('unhandledRejection', new Error('lost promise'));
    expect(logged('uncaught exception (the kiosk keeps running): Error: boom in main')).toBe(true);
    expect(logged('unhandled rejection (the kiosk keeps running): Error: lost promise')).toBe(true);
    expect(fake.app.exitCodes.length).toBe(exits);
  });
});

describe('the preload (20: no Electron API reaches the page)', () => {
  it('exposes one object, window.kiosk, with exactly the contract functions and no ipcRenderer', async () => {
    await import('../../electron/preload/index');
    expect([...fake.exposed.keys()]).toEqual(['kiosk']);
    const api = fake.exposed.get('kiosk') as Record<string, unknown>;
    expect(Object.keys(api).sort()).toEqual([...OPERATION_NAMES, ...PUSH_NAMES.map(listenerNameOf)].sort());
    for (const value of Object.values(api)) expect(typeof value).toBe('function');
    expect(Object.values(api)).not.toContain(fake.exposed);
  });
});

describe('16: a current Electron', () => {
  it('is pinned to an exact version of a supported major line (the three newest; updated with each release train)', () => {
    const version = (JSON.parse(readFileSync(resolve(__dirname, '../../package.json'), 'utf8')) as { devDependencies: Record<string, string> }).devDependencies.electron!;
    expect(version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(Number(version.split('.')[0])).toBeGreaterThanOrEqual(45);
  });
  it('is not older than the newest 45.x patch at the last check (45.5.0, `npm view electron versions`, 2026-11-28; `npm run check:electron-patch` asks the registry), and the lockfile installs that same version', () => {
    const version = (JSON.parse(readFileSync(resolve(__dirname, '../../package.json'), 'utf8')) as { devDependencies: Record<string, string> }).devDependencies.electron!;
    const lock = JSON.parse(readFileSync(resolve(__dirname, '../../package-lock.json'), 'utf8')) as { packages: Record<string, { version?: string; devDependencies?: Record<string, string> }> };
    const parts = (text: string): number[] => text.split('.').map(Number);
    const [major, minor, patch] = parts(version);
    expect(major! > 45 || (major === 45 && (minor! > 5 || (minor === 5 && patch! >= 0))), version).toBe(true);
    expect(lock.packages['node_modules/electron']?.version).toBe(version);
    expect(lock.packages['']?.devDependencies?.electron).toBe(version);
  });
});

// Last: these shells register listeners of their own on the fake app.
describe('a packaged kiosk at ready', () => {
  it('quits at ready when Electron itself reports a remote-debugging switch the argv check did not see', () => {
    for (const name of ['remote-debugging-port', 'remote-debugging-pipe']) {
      const shell = prepareShell({ packaged: true, devServerUrl: undefined, rendererDir, argv: ['kiosk'], env: {}, log, processEvents: new EventEmitter() });
      expect(shell).not.toBeNull();
      fake.app.switches.add(name);
      const exits = fake.app.exitCodes.length;
      expect(shell!.ready()).toBe(false);
      expect(fake.app.exitCodes.slice(exits)).toEqual([1]);
      expect(logged(`refused to run with --${name}`)).toBe(true);
      fake.app.switches.clear();
      expect(shell!.ready()).toBe(true);
    }
    // A development build keeps its debugging switches.
    fake.app.switches.add('remote-debugging-port');
    expect(prepareShell({ packaged: false, devServerUrl: undefined, rendererDir, argv: ['kiosk'], env: {}, log, processEvents: new EventEmitter() })!.ready()).toBe(true);
    fake.app.switches.clear();
  });
});
