/**
 * Provisioning a workstation, against a temporary system directory (KIOSK_SYSTEM_CONFIG) and a
 * temporary home: the example files load; `admin check` prints the system path, every problem key
 * by key, and the missing credential; `admin set-secret` then `check` passes; with no configuration
 * the first start is the demo and check says so; start at login writes, keeps and removes the XDG
 * autostart entry, and asks for the login item elsewhere.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkConfig, loadConfig, systemConfigPath } from '../../electron/core/config/load-config';
import { siteCatalogue as simulatorCatalogue } from '../../electron/simulator/catalogue';
import { applyXdgAutostart, autostartPlan, desktopEntry, quoteExec } from '../../electron/core/provisioning/autostart';

const root = join(__dirname, '..', '..');
const examples = join(root, 'examples', 'provisioning');
const PEM = '-----BEGIN CERTIFICATE-----\nMIIBsite\n-----END CERTIFICATE-----\n';

let dir: string;
let systemDir: string;
let home: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'kiosk-provision-'));
  systemDir = join(dir, 'etc', 'access-kiosk');
  home = join(dir, 'home');
  mkdirSync(systemDir, { recursive: true });
  mkdirSync(home);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function provision(example: string): string {
  const file = join(systemDir, 'config.json');
  copyFileSync(join(examples, example), file);
  writeFileSync(join(systemDir, 'site-ca.pem'), PEM);
  return file;
}

function admin(args: string[], stdin = ''): { status: number | null; stdout: string; stderr: string } {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith('KIOSK_')) env[k] = v;
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'electron', 'tools', 'admin.ts'), ...args], {
    cwd: root,
    input: stdin,
    encoding: 'utf8',
    env: { ...env, HOME: home, XDG_CONFIG_HOME: join(home, '.config'), KIOSK_SYSTEM_CONFIG: join(systemDir, 'config.json') },
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('example provisioning files', () => {
  for (const [example, homeView, scheme] of [
    ['front-desk.json', 'front-desk', 'apiKey'],
    ['guard-station.json', 'live-feed', 'bearer'],
  ] as const) {
    it(`${example} is accepted as the system-wide file`, () => {
      const file = provision(example);
      const config = loadConfig({ systemFile: file, userFile: null, env: {}, argv: [], platform: 'linux' });
      expect(config.kiosk.homeView).toBe(homeView);
      expect(config.kiosk.startAtLogin).toBe(true);
      expect(config.service.auth.scheme).toBe(scheme);
      expect(config.service.tls.caFile).toBe(join(systemDir, 'site-ca.pem'));
    });
  }

  it('the guard station example names its site for History and keeps the reviewed alarm rules', () => {
    const config = loadConfig({ systemFile: provision('guard-station.json'), userFile: null, env: {}, argv: [], platform: 'linux' });
    expect(config.site.devices.length).toBeGreaterThan(0);
    // The example and the demo service agree: the numbers and names its events carry (issue 19).
    const demo = simulatorCatalogue();
    expect(config.site.tenants).toEqual(demo.tenants);
    expect(config.site.devices).toEqual(demo.devices);
    expect(config.site.eventCategories).toEqual(demo.eventCategories);
    expect(config.site.eventTypes).toEqual(demo.eventTypes);
    // Instructions for the guard, and a note required for the critical alarms.
    const forced = config.alarms.rules.find((r) => r.id === 'door-forced');
    expect(forced?.instructions?.length).toBeGreaterThan(0);
    expect(forced?.requireNote).toBe(true);
    expect(config.search.defaultTenants).toEqual([]);
    expect(config.alarms.rules.map((r) => r.id)).toEqual(expect.arrayContaining(['tamper', 'duress', 'door-forced']));
    expect(readFileSync(join(examples, 'guard-station.json'), 'utf8')).not.toMatch(/PLACEHOLDER/);
  });
});

describe('precedence of the system-wide file', () => {
  it('KIOSK_SYSTEM_CONFIG names it; the user file, environment and flags override it in that order', () => {
    expect(systemConfigPath('linux', { KIOSK_SYSTEM_CONFIG: '/tmp/x.json' })).toBe('/tmp/x.json');
    const files: Record<string, string> = {
      '/sys.json': JSON.stringify({ frontDesk: { idleResetSeconds: 10 }, feed: { pollIntervalMs: 1000, chunkSize: 50, initialEvents: 5 } }),
      '/user.json': JSON.stringify({ feed: { pollIntervalMs: 2000, chunkSize: 60 } }),
    };
    const config = loadConfig({
      env: { KIOSK_SYSTEM_CONFIG: '/sys.json', KIOSK_CHUNK_SIZE: '70', KIOSK_INITIAL_EVENTS: '6' },
      argv: ['--initial-events=7'],
      platform: 'linux',
      userFile: '/user.json',
      readFile: (file) => files[file] ?? null,
    });
    expect(config.frontDesk.idleResetSeconds).toBe(10); // system file
    expect(config.feed.pollIntervalMs).toBe(2000); // user file over system file
    expect(config.feed.chunkSize).toBe(70); // environment over files
    expect(config.feed.initialEvents).toBe(7); // flag over environment
  });
});

describe('admin check', () => {
  it('with no configuration: OK, and the first start is the demo on the embedded simulator', () => {
    const run = admin(['check']);
    expect(run.stdout).toContain(`System-wide file: ${join(systemDir, 'config.json')} (not present)`);
    expect(run.stdout).toContain('none configured: the kiosk runs the demo on its embedded simulator');
    expect(run.stdout).toContain('OK: the kiosk will start with this configuration.');
    expect(run.status).toBe(0);
  });

  it('provisioned front desk: the missing credential is a problem until set-secret, then OK', () => {
    provision('front-desk.json');
    const before = admin(['check']);
    expect(before.stdout).toContain(`System-wide file: ${join(systemDir, 'config.json')} (read)`);
    expect(before.stdout).toContain('Service:          https://access.example.org:8443');
    expect(before.stdout).toContain('Start at login:   yes');
    expect(before.stdout).toMatch(/credential: service\.auth\.scheme is "apiKey" but no credential is stored: run "--admin set-secret"/);
    expect(before.status).toBe(1);

    const set = admin(['set-secret'], 'k-123456789\n');
    expect(set.stdout).toContain('Credential saved');
    expect(set.status).toBe(0);

    const after = admin(['check']);
    expect(after.stdout).toMatch(/Credential:\s+stored in /);
    expect(after.stdout).not.toContain('k-123456789');
    expect(after.stdout).toContain('OK: the kiosk will start with this configuration.');
    expect(after.status).toBe(0);
  });

  it('prints every wrong key, not only the first, with the file it came from, and loses nothing', () => {
    const file = join(systemDir, 'config.json');
    const text = JSON.stringify({
      service: { url: 'ftp://access', timeoutMs: 'soon' },
      feed: { pollIntervalMs: -1 },
      kiosk: { homeView: 'lobby', startAtLogin: 'sometimes', colour: 'red' },
    });
    writeFileSync(file, text);
    const run = admin(['check']);
    expect(run.status).toBe(1);
    for (const key of ['service.url', 'service.timeoutMs', 'feed.pollIntervalMs', 'kiosk.homeView', 'kiosk.startAtLogin', 'kiosk.colour']) {
      expect(run.stdout, key).toMatch(new RegExp(`^ {2}${key.replace('.', '\\.')}: .*${file.replace(/[.]/g, '\\.')}`, 'm'));
    }
    expect(run.stdout).toMatch(/6 problems:/);
    expect(run.stdout).toContain('The kiosk will not start until these are fixed.');
    expect(readFileSync(file, 'utf8')).toBe(text);
  });

  it('a file that is not JSON is reported, and the other layers are still checked', () => {
    writeFileSync(join(systemDir, 'config.json'), '{ "service": ');
    const result = checkConfig({ env: { KIOSK_SYSTEM_CONFIG: join(systemDir, 'config.json'), KIOSK_POLL_INTERVAL_MS: 'fast' }, argv: [], platform: 'linux', userFile: null });
    expect(result.files).toEqual([{ layer: 'system', path: join(systemDir, 'config.json'), state: 'unreadable' }]);
    expect(result.problems.map((p) => p.text)).toEqual([
      expect.stringContaining('is not valid JSON'),
      expect.stringContaining('feed.pollIntervalMs = "fast" in environment variable KIOSK_POLL_INTERVAL_MS'),
    ]);
    expect(result.config).toBeNull();
  });

  it('a CA file that is missing is named by key', () => {
    provision('guard-station.json');
    rmSync(join(systemDir, 'site-ca.pem'));
    const run = admin(['check']);
    expect(run.stdout).toMatch(/^ {2}service\.tls\.caFile: .*the file does not exist/m);
    expect(run.status).toBe(1);
  });
});

describe('start at login', () => {
  const target = (extra: Record<string, string> = {}) => ({
    platform: 'linux' as const,
    env: { XDG_CONFIG_HOME: join(home, '.config'), ...extra },
    home,
    executable: '/opt/Access Kiosk/access-kiosk',
  });

  it('writes an XDG autostart entry for the installed program, quoted, and removes its own entry again', async () => {
    const on = autostartPlan(true, target());
    expect(on).toMatchObject({ kind: 'xdg', file: join(home, '.config', 'autostart', 'access-kiosk.desktop') });
    if (on.kind !== 'xdg') return;
    expect(await applyXdgAutostart(on)).toBe('written');
    const entry = readFileSync(on.file, 'utf8');
    expect(entry).toContain('Exec="/opt/Access Kiosk/access-kiosk"');
    expect(entry).toMatch(/^\[Desktop Entry\]\nType=Application\n/);
    expect(await applyXdgAutostart(on)).toBe('unchanged');

    const off = autostartPlan(false, target());
    if (off.kind !== 'xdg') return;
    expect(await applyXdgAutostart(off)).toBe('removed');
    expect(existsSync(on.file)).toBe(false);
    expect(await applyXdgAutostart(off)).toBe('absent');
  });

  it('starts the AppImage file, not its temporary mount', () => {
    const plan = autostartPlan(true, target({ APPIMAGE: '/home/kiosk/Access Kiosk-0.1.0-x86_64.AppImage' }));
    expect(plan.kind === 'xdg' && plan.contents).toContain('Exec="/home/kiosk/Access Kiosk-0.1.0-x86_64.AppImage"');
  });

  it('never removes or overwrites an administrator\'s own autostart file', async () => {
    const file = join(home, '.config', 'autostart', 'access-kiosk.desktop');
    mkdirSync(join(home, '.config', 'autostart'), { recursive: true });
    writeFileSync(file, '[Desktop Entry]\nExec=/usr/local/bin/my-wrapper\n');
    for (const enabled of [false, true]) {
      const plan = autostartPlan(enabled, target());
      if (plan.kind === 'xdg') expect(await applyXdgAutostart(plan)).toBe('kept-foreign');
    }
    expect(readFileSync(file, 'utf8')).toContain('my-wrapper');
  });

  it('quotes what the desktop entry specification reserves', () => {
    expect(quoteExec('/a "b"/$c`d\\e')).toBe('"/a \\"b\\"/\\$c\\`d\\\\e"');
    expect(desktopEntry('/x')).toContain('X-AccessKiosk-Managed=true');
  });

  it('is the login item on Windows and macOS', () => {
    expect(autostartPlan(true, { ...target(), platform: 'win32' })).toEqual({ kind: 'login-item', openAtLogin: true });
    expect(autostartPlan(false, { ...target(), platform: 'darwin' })).toEqual({ kind: 'login-item', openAtLogin: false });
  });
});
