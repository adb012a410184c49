// Configuration layering (defaults < system file < user file < environment < flags) and every
// kind of invalid configuration, each message naming the key, the value and the layer.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONFIG_SETTINGS,
  loadConfig,
  nodeUserConfigPath,
  systemConfigPath,
  type LoadConfigOptions,
} from '../../../electron/core/config/load-config';
import { DEFAULT_CONFIG, KioskConfigSchema } from '../../../electron/core/config/config-schema';
import { DEFAULT_ALARM_RULES } from '../../../electron/core/alarms/alarm-rules';
import { KioskFailure } from '../../../electron/core/ipc/failure';

let dir: string;
let systemFile: string;
let userFile: string;
let caFile: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'kiosk-config-'));
  systemFile = path.join(dir, 'system.json');
  userFile = path.join(dir, 'user.json');
  caFile = path.join(dir, 'ca.pem');
  writeFileSync(caFile, '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(file: string, value: unknown): string {
  writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value, null, 2));
  return file;
}

function load(options: Partial<LoadConfigOptions> = {}) {
  return loadConfig({ systemFile: null, userFile: null, env: {}, argv: [], platform: 'linux', cwd: dir, ...options });
}

/** The message of the config failure the load throws. */
function problem(options: Partial<LoadConfigOptions>): string {
  try {
    load(options);
  } catch (thrown) {
    expect(thrown).toBeInstanceOf(KioskFailure);
    expect((thrown as KioskFailure).error.code).toBe('config');
    return (thrown as KioskFailure).error.message;
  }
  throw new Error('expected the configuration to be refused');
}

describe('defaults', () => {
  it('no files, no environment, no flags → the documented defaults', () => {
    const config = load();
    expect(config.service).toEqual({ url: null, auth: { scheme: 'none' }, timeoutMs: 10_000, retries: 2, retryBaseDelayMs: 300, tls: { caFile: null, pinnedSha256: [] }, allowPlainHttp: false });
    expect(config.feed).toEqual({ pollIntervalMs: 500, initialEvents: 200, chunkSize: 500, bufferSize: 20_000, autoScrollResumeMs: 15_000, alarmMergeWindowMs: 60_000, maxBackoffMs: 30_000, catchUpMaxEvents: 1_000_000 });
    expect(config.alarms).toEqual({ rules: DEFAULT_ALARM_RULES, sound: true, muteMinutes: 5, escalateAfterMinutes: 10, soundFor: ['critical', 'high'], shiftHours: 12, maxOpen: 100_000, soundIntervalSeconds: 30, outageAfterSeconds: 10 });
    expect(config.search.defaultTenants).toEqual([]);
    expect(config.photo).toEqual({ upload: 'multipart', partName: 'file', contentType: 'image/jpeg', pixelSize: { width: 600, height: 800 }, maxBytes: 2 * 1024 * 1024 });
    expect(config.site).toEqual({ tenants: [], cardholderTypes: [], devices: [], deviceTypes: [], eventCategories: [], eventTypes: [], subcodeCategories: [], subcodes: [] });
    expect(config.directory).toEqual({ syncIntervalMinutes: 15 });
    expect(config.frontDesk).toEqual({ idleResetSeconds: 120, defaultTenants: [], defaultCardholderType: null, employeeIdPattern: null });
    expect(config.kiosk).toEqual({ fullscreen: true, homeView: 'front-desk', theme: 'light', locale: 'auto', dataDir: null, startAtLogin: false });
  });

  it('the defaults satisfy the exported schema', () => {
    expect(KioskConfigSchema.safeParse(DEFAULT_CONFIG).success).toBe(true);
  });

  it('missing files are skipped', () => {
    expect(load({ systemFile: path.join(dir, 'absent.json'), userFile: path.join(dir, 'absent-too.json') }).feed.pollIntervalMs).toBe(500);
  });

  it('documents the system-wide path per platform and the Node user path', () => {
    expect(systemConfigPath('linux')).toBe('/etc/access-kiosk/config.json');
    expect(systemConfigPath('darwin')).toBe('/Library/Application Support/AccessKiosk/config.json');
    expect(systemConfigPath('win32', { ProgramData: 'D:\\ProgramData' })).toBe('D:\\ProgramData\\AccessKiosk\\config.json');
    expect(nodeUserConfigPath('linux', {}, '/home/desk')).toBe('/home/desk/.config/access-kiosk/config.json');
    expect(nodeUserConfigPath('linux', { XDG_CONFIG_HOME: '/xdg' }, '/home/desk')).toBe('/xdg/access-kiosk/config.json');
    expect(nodeUserConfigPath('win32', { APPDATA: 'C:\\Users\\desk\\AppData\\Roaming' })).toBe('C:\\Users\\desk\\AppData\\Roaming\\AccessKiosk\\config.json');
  });

  it('reads the documented default files when none are named', () => {
    const home = '/home/desk';
    const files: Record<string, string> = {
      '/etc/access-kiosk/config.json': JSON.stringify({ feed: { pollIntervalMs: 750, chunkSize: 50 } }),
      '/home/desk/.config/access-kiosk/config.json': JSON.stringify({ feed: { pollIntervalMs: 900 } }),
    };
    const read: string[] = [];
    const config = loadConfig({ env: {}, argv: [], platform: 'linux', home, readFile: (f) => (read.push(f), files[f] ?? null) });
    expect(read).toEqual(['/etc/access-kiosk/config.json', '/home/desk/.config/access-kiosk/config.json']);
    expect(config.feed).toMatchObject({ pollIntervalMs: 900, chunkSize: 50 });
  });
});

describe('layering: each layer overrides the one below', () => {
  it('system < user < environment < flags, key by key', () => {
    write(systemFile, {
      service: { url: 'https://access.example.org', timeoutMs: 4000, auth: { scheme: 'apiKey', header: 'X-Api-Key' } },
      feed: { pollIntervalMs: 1000, initialEvents: 50, chunkSize: 100 },
      alarms: { muteMinutes: 10 },
    });
    write(userFile, { feed: { pollIntervalMs: 800, initialEvents: 60 }, search: { defaultTenants: [0, 4] } });
    const env = { KIOSK_POLL_INTERVAL_MS: '700', KIOSK_AUTH_HEADER: 'X-Kiosk-Key' };
    const config = load({ systemFile, userFile, env, argv: ['--poll-interval-ms=600'] });
    expect(config.service.url).toBe('https://access.example.org'); // system
    expect(config.service.timeoutMs).toBe(4000); // system
    expect(config.service.auth).toEqual({ scheme: 'apiKey', header: 'X-Kiosk-Key' }); // system scheme, env header
    expect(config.feed.chunkSize).toBe(100); // system
    expect(config.feed.initialEvents).toBe(60); // user over system
    expect(config.feed.pollIntervalMs).toBe(600); // flag over env over user over system
    expect(config.feed.bufferSize).toBe(20_000); // default
    expect(config.alarms.muteMinutes).toBe(10);
    expect(config.search.defaultTenants).toEqual([0, 4]); // lists replace
    expect(load({ systemFile, userFile, env }).feed.pollIntervalMs).toBe(700);
    expect(load({ systemFile, userFile }).feed.pollIntervalMs).toBe(800);
    expect(load({ systemFile }).feed.pollIntervalMs).toBe(1000);
  });

  it('every environment variable and flag in the table sets its key', () => {
    const samples: Record<string, [string, unknown]> = {
      'service.url': ['https://10.0.0.5:8080', 'https://10.0.0.5:8080'],
      'service.allowPlainHttp': ['yes', true],
      'service.auth.scheme': ['bearer', 'bearer'],
      'service.auth.header': ['X-Key', undefined],
      'service.auth.username': ['desk', undefined],
      'service.retries': ['3', 3],
      'service.tls.caFile': [caFile, caFile],
      'service.tls.pinnedSha256': [`${'AA:'.repeat(31)}AA, ${'bb'.repeat(32)}`, ['aa'.repeat(32), 'bb'.repeat(32)]],
      'alarms.rules': ['[{"id":"x","priority":"high","devices":["Gate"]}]', [{ id: 'x', priority: 'high', devices: ['Gate'] }]],
      'alarms.sound': ['off', false],
      'alarms.soundFor': ['critical, high, medium', ['critical', 'high', 'medium']],
      'alarms.shiftHours': ['8', 8],
      'alarms.maxOpen': ['2000', 2000],
      'alarms.soundIntervalSeconds': ['60', 60],
      'alarms.outageAfterSeconds': ['45', 45],
      'feed.catchUpMaxEvents': ['5000', 5000],
      'kiosk.fullscreen': ['no', false],
      'kiosk.startAtLogin': ['yes', true],
      'kiosk.dataDir': ['/var/lib/kiosk', '/var/lib/kiosk'],
      'badges.templatesDir': ['/etc/access-kiosk/badges', '/etc/access-kiosk/badges'],
      'badges.printer': ['Zebra_ZC300', 'Zebra_ZC300'],
      'badges.previewPrinters': ['CardPrinter-1, Office', ['CardPrinter-1', 'Office']],
      'badges.photoCache.enabled': ['on', true],
      'badges.photoCache.retentionDays': ['90', 90],
      'kiosk.homeView': ['live-feed', 'live-feed'],
      'kiosk.locale': ['de', 'de'],
      'directory.syncIntervalMinutes': ['0', 0],
      'site.tenants': ['[{"id":4,"name":"Annex"}]', [{ id: 4, name: 'Annex' }]],
      'site.cardholderTypes': ['[]', []],
      'site.devices': ['[{"id":301,"name":"Main Entrance Reader In","type":4},{"id":9,"name":"Gate"}]', [{ id: 301, name: 'Main Entrance Reader In', type: 4 }, { id: 9, name: 'Gate' }]],
      'site.deviceTypes': ['[{"id":4,"name":"Reader"}]', [{ id: 4, name: 'Reader' }]],
      'site.eventCategories': ['[{"id":3,"name":"Door Alarm"}]', [{ id: 3, name: 'Door Alarm' }]],
      'site.eventTypes': ['[{"id":403,"name":"Tamper"}]', [{ id: 403, name: 'Tamper' }]],
      'site.subcodeCategories': ['[{"id":4,"name":"Communication"}]', [{ id: 4, name: 'Communication' }]],
      'site.subcodes': ['[{"id":43,"name":"Enclosure opened"}]', [{ id: 43, name: 'Enclosure opened' }]],
      'kiosk.theme': ['dark', 'dark'],
      'search.defaultTenants': ['0, 2 5', [0, 2, 5]],
      'frontDesk.defaultTenants': ['0, 2', [0, 2]],
      'frontDesk.defaultCardholderType': ['3', 3],
      'frontDesk.employeeIdPattern': ['^E-[0-9]{4}$', '^E-[0-9]{4}$'],
      'photo.upload': ['raw', 'raw'],
      'photo.partName': ['picture', 'picture'],
      'photo.contentType': ['image/png', 'image/png'],
      'operators.signIn': ['off', 'off'],
      'operators.allowUnnamed': ['no', false],
      'siteStore.url': ['postgres://kiosk_desk_user@db.example.org:5432/kiosk', 'postgres://kiosk_desk_user@db.example.org:5432/kiosk'],
      'siteStore.desk': ['Front gate desk', 'Front gate desk'],
    };
    const get = (config: object, key: string) => key.split('.').reduce<unknown>((node, k) => (node as Record<string, unknown>)[k], config);
    for (const s of CONFIG_SETTINGS) {
      const [text, expected] = samples[s.key] ?? ['1234', 1234];
      for (const source of ['env', 'flag'] as const) {
        const options = source === 'env' ? { env: { [s.env]: text } } : { argv: [`--${s.flag}=${text}`] };
        const config = load(options) as unknown as object;
        if (expected !== undefined) expect(get(config, s.key), `${source} ${s.key}`).toEqual(expected);
      }
    }
  });

  it('flags: "--flag value", boolean "--flag" and "--no-flag", positionals ignored, "--" ends flags', () => {
    expect(load({ argv: ['.', '--poll-interval-ms', '900'] }).feed.pollIntervalMs).toBe(900);
    expect(load({ env: { KIOSK_FULLSCREEN: 'false' }, argv: ['--fullscreen'] }).kiosk.fullscreen).toBe(true);
    expect(load({ argv: ['--no-fullscreen'] }).kiosk.fullscreen).toBe(false);
    expect(load({ argv: ['--', '--nonsense'] }).kiosk.fullscreen).toBe(true);
    expect(load({ argv: ['--inspect=9229', '--retries=1'], ignoreFlags: ['inspect'] }).service.retries).toBe(1);
  });

  it('service.url null means demo mode, and a flag can return to it', () => {
    write(userFile, { service: { url: 'https://access.example.org' } });
    expect(load({ userFile }).service.url).toBe('https://access.example.org');
    expect(load({ userFile, argv: ['--service-url='] }).service.url).toBeNull();
    expect(load({ userFile, env: { KIOSK_SERVICE_URL: 'null' } }).service.url).toBeNull();
    expect(load({ userFile, env: { KIOSK_SERVICE_URL: '' } }).service.url).toBe('https://access.example.org');
    expect(load({ argv: ['--service-url=https://access.example.org/base/'] }).service.url).toBe('https://access.example.org/base');
  });

  it('a higher layer can change the auth scheme', () => {
    write(systemFile, { service: { auth: { scheme: 'basic', username: 'desk' } } });
    expect(load({ systemFile }).service.auth).toEqual({ scheme: 'basic', username: 'desk' });
    expect(load({ systemFile, env: { KIOSK_AUTH_SCHEME: 'bearer' } }).service.auth).toEqual({ scheme: 'bearer' });
  });

  it('relative paths are resolved against the file that names them, or the working directory', () => {
    write(systemFile, { service: { tls: { caFile: 'ca.pem' } }, kiosk: { dataDir: 'data' } });
    const config = load({ systemFile });
    expect(config.service.tls.caFile).toBe(caFile);
    expect(config.kiosk.dataDir).toBe(path.join(dir, 'data'));
    expect(load({ argv: ['--tls-ca-file=ca.pem'], cwd: dir }).service.tls.caFile).toBe(caFile);
  });

  it('allows $schema and $comment at the top of a file, and a byte-order mark', () => {
    write(userFile, `\uFEFF${JSON.stringify({ $schema: './schema.json', $comment: 'front desk 2', feed: { pollIntervalMs: 1200 } })}`);
    expect(load({ userFile }).feed.pollIntervalMs).toBe(1200);
  });
});

describe('invalid configuration: the message names the key, the value and the layer', () => {
  it('a bad type in the system file', () => {
    write(systemFile, { feed: { pollIntervalMs: 'fast' } });
    expect(problem({ systemFile })).toBe(`feed.pollIntervalMs = "fast" in ${systemFile}: expected a number of milliseconds`);
  });

  it('a bad type from an environment variable', () => {
    expect(problem({ env: { KIOSK_POLL_INTERVAL_MS: 'fast' } })).toBe('feed.pollIntervalMs = "fast" in environment variable KIOSK_POLL_INTERVAL_MS: expected a number of milliseconds');
  });

  it('a bad type from a flag', () => {
    expect(problem({ argv: ['--timeout-ms=soon'] })).toBe('service.timeoutMs = "soon" in command-line flag --timeout-ms: expected a number of milliseconds');
    expect(problem({ argv: ['--alarm-sound=loud'] })).toBe('alarms.sound = "loud" in command-line flag --alarm-sound: expected true or false');
  });

  it('out of range', () => {
    write(userFile, { feed: { pollIntervalMs: 5 } });
    expect(problem({ userFile })).toBe(`feed.pollIntervalMs = 5 in ${userFile}: expected at least 100 milliseconds`);
    expect(problem({ argv: ['--retries=-1'] })).toMatch(/^service\.retries = -1 in command-line flag --retries: expected at least 0/);
  });

  it('an unknown key, with a suggestion', () => {
    write(systemFile, { feed: { pollIntervallMs: 500 } });
    expect(problem({ systemFile })).toBe(`Unknown key "feed.pollIntervallMs" in ${systemFile}: did you mean "feed.pollIntervalMs"?`);
    write(userFile, { servce: {} });
    expect(problem({ userFile })).toMatch(new RegExp(`^Unknown key "servce" in ${userFile}: did you mean "service"\\?`));
    write(userFile, { photo: { colour: 'red' } });
    expect(problem({ userFile })).toMatch(/^Unknown key "photo\.colour" in .*known keys here: upload, partName/);
  });

  it('a secret in a configuration file is refused with the reason', () => {
    write(systemFile, { service: { auth: { scheme: 'bearer', token: 'abc' } } });
    expect(problem({ systemFile })).toMatch(/^Unknown key "service\.auth\.token" in .*: secrets do not belong in configuration; .*set-secret/);
  });

  it('there is no way to ignore certificate errors, and the message says what to do instead', () => {
    write(systemFile, { service: { tls: { rejectUnauthorized: false } } });
    expect(problem({ systemFile })).toMatch(/^Unknown key "service\.tls\.rejectUnauthorized" in .*: certificate errors cannot be ignored; give the service's certificate authority in service\.tls\.caFile/);
    expect(problem({ argv: ['--insecure'] })).toMatch(/^Unknown command-line flag --insecure/);
  });

  it('an unknown flag, with a suggestion', () => {
    expect(problem({ argv: ['--servce-url=http://x'] })).toBe('Unknown command-line flag --servce-url: did you mean --service-url?');
    expect(problem({ argv: ['--retries'] })).toMatch(/--retries needs a value/);
  });

  it.each([
    ['access.example.org', /expected an address such as/],
    ['ftp://access.example.org', /starting with http:\/\/ or https:\/\//],
    ['https://desk:pw@access.example.org', /must not contain a user name or password/],
    ['https://access.example.org/?key=abc', /must not contain "\?" or "#"/],
  ])('a bad URL: %s', (url, why) => {
    const message = problem({ env: { KIOSK_SERVICE_URL: url } });
    expect(message).toMatch(/^service\.url = ".*" in environment variable KIOSK_SERVICE_URL: /);
    expect(message).toMatch(why);
  });

  it('a bad enum', () => {
    write(userFile, { service: { auth: { scheme: 'kerberos' } } });
    expect(problem({ userFile })).toBe(`service.auth.scheme = "kerberos" in ${userFile}: expected one of "none", "apiKey", "basic", "bearer"`);
    expect(problem({ argv: ['--photo-upload=base64'] })).toBe('photo.upload = "base64" in command-line flag --photo-upload: expected one of "multipart", "raw"');
  });

  it('a scheme missing its companion key names the layer that chose the scheme', () => {
    expect(problem({ env: { KIOSK_AUTH_SCHEME: 'apiKey' } })).toMatch(/^service\.auth\.scheme = "apiKey" in environment variable KIOSK_AUTH_SCHEME: the apiKey scheme also needs service\.auth\.header/);
    expect(problem({ argv: ['--auth-scheme=basic'] })).toMatch(/needs service\.auth\.username/);
    expect(problem({ argv: ['--auth-scheme=apiKey', '--auth-header=X Key'] })).toMatch(/^service\.auth\.header = "X Key" in command-line flag --auth-header: expected the name of an HTTP header/);
  });

  it('a caFile that does not exist, or holds no certificate', () => {
    const missing = path.join(dir, 'nope.pem');
    expect(problem({ argv: [`--tls-ca-file=${missing}`] })).toBe(`service.tls.caFile = "${missing}" in command-line flag --tls-ca-file: the file does not exist`);
    write(systemFile, { service: { tls: { caFile: 'nope.pem' } } });
    expect(problem({ systemFile })).toBe(`service.tls.caFile = "nope.pem" in ${systemFile}: the file does not exist (looked for ${missing})`);
    const notPem = write(path.join(dir, 'not.pem'), 'hello');
    expect(problem({ env: { KIOSK_TLS_CA_FILE: notPem } })).toMatch(/in environment variable KIOSK_TLS_CA_FILE: the file holds no PEM certificate/);
  });

  it('a bad pinned fingerprint', () => {
    expect(problem({ argv: ['--tls-pinned-sha256=12:34'] })).toMatch(/^service\.tls\.pinnedSha256\[0\] = "12:34" in command-line flag --tls-pinned-sha256: expected a SHA-256 certificate fingerprint/);
  });

  it('a bad alarm rule', () => {
    write(userFile, { alarms: { rules: [{ id: 'x', priority: 'urgent', textIncludes: ['forced'] }] } });
    expect(problem({ userFile })).toMatch(new RegExp(`^alarms\\.rules\\[0\\]\\.priority = "urgent" in ${userFile}: `));
    write(userFile, { alarms: { rules: [{ id: 'x', priority: 'high' }] } });
    expect(problem({ userFile })).toMatch(/needs at least one of categories, textIncludes or devices/);
    expect(problem({ env: { KIOSK_ALARM_RULES: '[{' } })).toMatch(/^alarms\.rules in environment variable KIOSK_ALARM_RULES: expected JSON text/);
  });

  it('a bad tenant in a list names its position', () => {
    expect(problem({ env: { KIOSK_DEFAULT_TENANTS: '0,x' } })).toMatch(/^search\.defaultTenants\[1\] = "x" in environment variable KIOSK_DEFAULT_TENANTS: expected a number/);
  });

  it('a section of the wrong type', () => {
    write(userFile, { feed: 5 });
    expect(problem({ userFile })).toMatch(new RegExp(`^feed = 5 in ${userFile}: `));
  });

  it('a malformed JSON file names the file and the place', () => {
    write(userFile, '{\n  "feed": {\n    "pollIntervalMs": 500,\n  }\n}');
    const message = problem({ userFile });
    expect(message).toMatch(new RegExp(`^The configuration file ${userFile} is not valid JSON \\(line \\d+, column \\d+\\)\\.$`));
    write(userFile, '[1, 2]');
    expect(problem({ userFile })).toBe(`The configuration file ${userFile} must hold a JSON object ({ … }) at the top level.`);
  });

  it('an unreadable file is an error, not a skipped layer', () => {
    expect(problem({ systemFile: dir })).toMatch(/^The configuration file .* could not be read: it is a folder\.$/);
  });

  it('the failure carries the key as field and every problem in detail', () => {
    write(userFile, { feed: { pollIntervalMs: 'fast', chunkSize: 0 } });
    try {
      load({ userFile });
    } catch (thrown) {
      const error = (thrown as KioskFailure).error;
      expect(error.field).toBe('feed.pollIntervalMs');
      expect(error.detail).toContain('feed.chunkSize = 0');
    }
  });
});

describe('CONFIGURATION.md', () => {
  const doc = readFileSync(path.join(__dirname, '../../../electron/core/config/CONFIGURATION.md'), 'utf8');
  it('lists every key with its environment variable and flag', () => {
    for (const s of CONFIG_SETTINGS) {
      expect(doc, s.key).toMatch(new RegExp(`\\| \`${s.key.replace(/\./g, '\\.')}\` \\| \`${s.env}\` \\| \`--${s.flag}\``));
    }
  });

  it('names the system-wide path of every platform', () => {
    for (const platform of ['linux', 'darwin'] as const) expect(doc).toContain(systemConfigPath(platform));
    expect(doc).toContain('%ProgramData%\\AccessKiosk\\config.json');
  });
});
