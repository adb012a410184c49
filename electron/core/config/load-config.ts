/**
 * Loads the configuration from its layers, each overriding the one below:
 *
 *   1. built-in defaults (config-schema.ts)
 *   2. the system-wide file an administrator provisions (systemConfigPath):
 *        Linux   /etc/access-kiosk/config.json
 *        Windows %ProgramData%\AccessKiosk\config.json
 *        macOS   /Library/Application Support/AccessKiosk/config.json
 *   3. the user's file (the Electron edge passes <userData>/config.json; Node runs default to
 *      ~/.config/access-kiosk/config.json, or %APPDATA%\AccessKiosk\config.json on Windows)
 *   4. environment variables (CONFIG_SETTINGS below: KIOSK_SERVICE_URL, KIOSK_AUTH_SCHEME, …)
 *   5. command-line flags (CONFIG_SETTINGS below: --service-url=…, --poll-interval-ms=…, …)
 *
 * Objects merge key by key; any other value (text, number, list) replaces the one below.
 * Every problem becomes a KioskFailure with code 'config' whose message names the key, the value
 * and the layer it came from. Unknown keys in files and unknown flags are errors (typos would
 * otherwise be silently ignored). A value that a higher layer replaces is not used and not checked.
 * Missing files are normal (the layer is skipped); unreadable or malformed files are errors.
 *
 * Nothing here touches process globals: env, argv and platform are arguments.
 * The administrator's version of this is CONFIGURATION.md (a test keeps it in step).
 */
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { KioskFailure } from '../ipc/failure';
import { DEFAULT_CONFIG, KioskConfigSchema, type KioskConfig } from './config-schema';

// ───────────────────────── environment variables and flags ─────────────────────────

type SettingKind = 'text' | 'nullableText' | 'integer' | 'nullableInteger' | 'boolean' | 'integerList' | 'textList' | 'json';

export interface ConfigSetting {
  /** Dotted key in the configuration, e.g. "feed.pollIntervalMs". */
  key: string;
  env: string;
  /** Without the leading dashes. Boolean flags also accept --no-<flag>. */
  flag: string;
  kind: SettingKind;
}

const setting = (key: string, env: string, flag: string, kind: SettingKind): ConfigSetting => ({ key, env, flag, kind });

/**
 * Every key that environment variables and flags can set. Lists are separated by commas or
 * spaces; booleans accept true/false, yes/no, on/off, 1/0; nullable texts accept "null" (and an
 * empty flag value) for null. An empty environment variable counts as not set.
 */
export const CONFIG_SETTINGS: readonly ConfigSetting[] = [
  setting('service.url', 'KIOSK_SERVICE_URL', 'service-url', 'nullableText'),
  setting('service.auth.scheme', 'KIOSK_AUTH_SCHEME', 'auth-scheme', 'text'),
  setting('service.auth.header', 'KIOSK_AUTH_HEADER', 'auth-header', 'text'),
  setting('service.auth.username', 'KIOSK_AUTH_USERNAME', 'auth-username', 'text'),
  setting('service.timeoutMs', 'KIOSK_TIMEOUT_MS', 'timeout-ms', 'integer'),
  setting('service.retries', 'KIOSK_RETRIES', 'retries', 'integer'),
  setting('service.retryBaseDelayMs', 'KIOSK_RETRY_BASE_DELAY_MS', 'retry-base-delay-ms', 'integer'),
  setting('service.tls.caFile', 'KIOSK_TLS_CA_FILE', 'tls-ca-file', 'nullableText'),
  setting('service.tls.pinnedSha256', 'KIOSK_TLS_PINNED_SHA256', 'tls-pinned-sha256', 'textList'),
  setting('service.allowPlainHttp', 'KIOSK_ALLOW_PLAIN_HTTP', 'allow-plain-http', 'boolean'),
  setting('feed.pollIntervalMs', 'KIOSK_POLL_INTERVAL_MS', 'poll-interval-ms', 'integer'),
  setting('feed.initialEvents', 'KIOSK_INITIAL_EVENTS', 'initial-events', 'integer'),
  setting('feed.chunkSize', 'KIOSK_CHUNK_SIZE', 'chunk-size', 'integer'),
  setting('feed.bufferSize', 'KIOSK_BUFFER_SIZE', 'buffer-size', 'integer'),
  setting('feed.autoScrollResumeMs', 'KIOSK_AUTO_SCROLL_RESUME_MS', 'auto-scroll-resume-ms', 'integer'),
  setting('feed.alarmMergeWindowMs', 'KIOSK_ALARM_MERGE_WINDOW_MS', 'alarm-merge-window-ms', 'integer'),
  setting('feed.maxBackoffMs', 'KIOSK_MAX_BACKOFF_MS', 'max-backoff-ms', 'integer'),
  setting('alarms.rules', 'KIOSK_ALARM_RULES', 'alarm-rules', 'json'),
  setting('alarms.sound', 'KIOSK_ALARM_SOUND', 'alarm-sound', 'boolean'),
  setting('alarms.muteMinutes', 'KIOSK_MUTE_MINUTES', 'mute-minutes', 'integer'),
  setting('alarms.escalateAfterMinutes', 'KIOSK_ESCALATE_AFTER_MINUTES', 'escalate-after-minutes', 'integer'),
  setting('alarms.soundFor', 'KIOSK_ALARM_SOUND_FOR', 'alarm-sound-for', 'textList'),
  setting('alarms.shiftHours', 'KIOSK_ALARM_SHIFT_HOURS', 'alarm-shift-hours', 'integer'),
  setting('alarms.maxOpen', 'KIOSK_MAX_OPEN_ALARMS', 'max-open-alarms', 'integer'),
  setting('search.defaultTenants', 'KIOSK_DEFAULT_TENANTS', 'default-tenants', 'integerList'),
  setting('photo.upload', 'KIOSK_PHOTO_UPLOAD', 'photo-upload', 'text'),
  setting('photo.partName', 'KIOSK_PHOTO_PART_NAME', 'photo-part-name', 'text'),
  setting('photo.contentType', 'KIOSK_PHOTO_CONTENT_TYPE', 'photo-content-type', 'text'),
  setting('photo.pixelSize.width', 'KIOSK_PHOTO_WIDTH', 'photo-width', 'integer'),
  setting('photo.pixelSize.height', 'KIOSK_PHOTO_HEIGHT', 'photo-height', 'integer'),
  setting('photo.maxBytes', 'KIOSK_PHOTO_MAX_BYTES', 'photo-max-bytes', 'integer'),
  setting('site.tenants', 'KIOSK_SITE_TENANTS', 'site-tenants', 'json'),
  setting('site.cardholderTypes', 'KIOSK_SITE_CARDHOLDER_TYPES', 'site-cardholder-types', 'json'),
  setting('site.devices', 'KIOSK_SITE_DEVICES', 'site-devices', 'json'),
  setting('site.deviceTypes', 'KIOSK_SITE_DEVICE_TYPES', 'site-device-types', 'json'),
  setting('site.eventCategories', 'KIOSK_SITE_EVENT_CATEGORIES', 'site-event-categories', 'json'),
  setting('site.eventTypes', 'KIOSK_SITE_EVENT_TYPES', 'site-event-types', 'json'),
  setting('site.subcodeCategories', 'KIOSK_SITE_SUBCODE_CATEGORIES', 'site-subcode-categories', 'json'),
  setting('site.subcodes', 'KIOSK_SITE_SUBCODES', 'site-subcodes', 'json'),
  setting('directory.syncIntervalMinutes', 'KIOSK_DIRECTORY_SYNC_MINUTES', 'directory-sync-minutes', 'integer'),
  setting('frontDesk.idleResetSeconds', 'KIOSK_IDLE_RESET_SECONDS', 'idle-reset-seconds', 'integer'),
  setting('frontDesk.defaultTenants', 'KIOSK_ENROL_DEFAULT_TENANTS', 'enrol-default-tenants', 'integerList'),
  setting('frontDesk.defaultCardholderType', 'KIOSK_ENROL_DEFAULT_CARDHOLDER_TYPE', 'enrol-default-cardholder-type', 'nullableInteger'),
  setting('frontDesk.employeeIdPattern', 'KIOSK_EMPLOYEE_ID_PATTERN', 'employee-id-pattern', 'nullableText'),
  setting('operators.signIn', 'KIOSK_OPERATORS_SIGN_IN', 'operators-sign-in', 'text'),
  setting('operators.allowUnnamed', 'KIOSK_OPERATORS_ALLOW_UNNAMED', 'operators-allow-unnamed', 'boolean'),
  setting('kiosk.fullscreen', 'KIOSK_FULLSCREEN', 'fullscreen', 'boolean'),
  setting('kiosk.homeView', 'KIOSK_HOME_VIEW', 'home-view', 'text'),
  setting('kiosk.theme', 'KIOSK_THEME', 'theme', 'text'),
  setting('kiosk.locale', 'KIOSK_LOCALE', 'locale', 'text'),
  setting('kiosk.dataDir', 'KIOSK_DATA_DIR', 'data-dir', 'nullableText'),
  setting('kiosk.startAtLogin', 'KIOSK_START_AT_LOGIN', 'start-at-login', 'boolean'),
  setting('badges.templatesDir', 'KIOSK_BADGE_TEMPLATES_DIR', 'badge-templates-dir', 'nullableText'),
  setting('badges.printer', 'KIOSK_BADGE_PRINTER', 'badge-printer', 'nullableText'),
  setting('badges.previewPrinters', 'KIOSK_BADGE_PREVIEW_PRINTERS', 'badge-preview-printers', 'textList'),
  setting('badges.photoCache.enabled', 'KIOSK_BADGE_PHOTO_CACHE', 'badge-photo-cache', 'boolean'),
  setting('badges.photoCache.retentionDays', 'KIOSK_BADGE_PHOTO_CACHE_DAYS', 'badge-photo-cache-days', 'integer'),
];

// ───────────────────────── well-known paths ─────────────────────────

type Env = Readonly<Record<string, string | undefined>>;

/**
 * Where an administrator provisions the system-wide file on each platform. KIOSK_SYSTEM_CONFIG
 * names another file instead (installers that stage a configuration, tests with a temporary
 * system directory); it gives no more power than the user's file, which overrides it anyway.
 */
export function systemConfigPath(platform: NodeJS.Platform, env: Env = {}): string {
  if (env.KIOSK_SYSTEM_CONFIG) return env.KIOSK_SYSTEM_CONFIG;
  if (platform === 'win32') {
    return path.win32.join(env.ProgramData ?? env.PROGRAMDATA ?? 'C:\\ProgramData', 'AccessKiosk', 'config.json');
  }
  if (platform === 'darwin') return '/Library/Application Support/AccessKiosk/config.json';
  return '/etc/access-kiosk/config.json';
}

/** The per-user directory of Node runs (admin tool, preview); the Electron edge uses its userData instead. */
export function nodeUserDir(platform: NodeJS.Platform, env: Env = {}, home: string = homedir()): string {
  if (platform === 'win32') {
    return path.win32.join(env.APPDATA ?? path.win32.join(home, 'AppData', 'Roaming'), 'AccessKiosk');
  }
  return path.posix.join(env.XDG_CONFIG_HOME || path.posix.join(home, '.config'), 'access-kiosk');
}

export function nodeUserConfigPath(platform: NodeJS.Platform, env: Env = {}, home?: string): string {
  const dir = nodeUserDir(platform, env, home);
  return platform === 'win32' ? path.win32.join(dir, 'config.json') : path.posix.join(dir, 'config.json');
}

// ───────────────────────── the loader ─────────────────────────

export interface LoadConfigOptions {
  /** The administrator's file; undefined: systemConfigPath(platform); null: no such layer. */
  systemFile?: string | null;
  /** The user's file; undefined: nodeUserConfigPath(platform); null: no such layer. */
  userFile?: string | null;
  env: Env;
  /** Arguments after the program (and script) name. Positional arguments are ignored. */
  argv: readonly string[];
  platform: NodeJS.Platform;
  /** Base of relative paths given by environment or flags; default process.cwd(). */
  cwd?: string;
  /** Home directory for the default user file; default os.homedir(). */
  home?: string;
  /** Flags the caller handles itself (names without dashes): skipped, not errors. */
  ignoreFlags?: readonly string[];
  /** Reads a file; returns null when it does not exist. Default: node:fs. */
  readFile?: (file: string) => string | null;
}

interface Origin {
  /** Where the value came from, as the message names it. */
  label: string;
  /** Relative paths in this layer are resolved against it. */
  baseDir: string;
}

interface Layer {
  values: Record<string, unknown>;
  originOf: (key: string) => Origin;
}

type Json = Record<string, unknown>;

export function loadConfig(options: LoadConfigOptions): KioskConfig {
  const { env, argv, platform } = options;
  const cwd = options.cwd ?? process.cwd();
  const readFile = options.readFile ?? readFileIfPresent;
  const systemFile = options.systemFile === undefined ? systemConfigPath(platform, env) : options.systemFile;
  const userFile = options.userFile === undefined ? nodeUserConfigPath(platform, env, options.home) : options.userFile;

  const layers: Layer[] = [
    { values: structuredClone(DEFAULT_CONFIG) as Json, originOf: () => ({ label: 'the built-in defaults', baseDir: cwd }) },
  ];
  for (const file of [systemFile, userFile]) {
    const layer = file === null ? null : fileLayer(file, readFile);
    if (layer) layers.push(layer);
  }
  layers.push(envLayer(env, cwd), flagLayer(argv, cwd, options.ignoreFlags ?? []));

  const merged: Json = {};
  const origins = new Map<string, Origin>();
  for (const layer of layers) mergeLayer(merged, layer, [], origins);

  const parsed = KioskConfigSchema.safeParse(merged);
  if (!parsed.success) throw configFailure(parsed.error, merged, origins);
  return checkFiles(parsed.data, merged, origins, readFile);
}

/** One thing wrong with a configuration, as `check` prints it. */
export interface ConfigProblem {
  /** Dotted key ("feed.pollIntervalMs"), or "" for a whole file or flag. */
  key: string;
  text: string;
}

export interface ConfigFileState {
  layer: 'system' | 'user';
  path: string;
  state: 'found' | 'absent' | 'unreadable';
}

export interface ConfigCheck {
  files: ConfigFileState[];
  /** Every problem, key by key (loadConfig stops at the first). */
  problems: ConfigProblem[];
  /** The configuration the kiosk would start with; null when there is any problem. */
  config: KioskConfig | null;
}

/**
 * Validates every layer as loadConfig does, but goes on after a problem: a file that cannot be
 * read or parsed is reported and left out, and every key that is wrong is reported.
 */
export function checkConfig(options: LoadConfigOptions): ConfigCheck {
  const { env, argv, platform } = options;
  const cwd = options.cwd ?? process.cwd();
  const readFile = options.readFile ?? readFileIfPresent;
  const systemFile = options.systemFile === undefined ? systemConfigPath(platform, env) : options.systemFile;
  const userFile = options.userFile === undefined ? nodeUserConfigPath(platform, env, options.home) : options.userFile;
  const problems: ConfigProblem[] = [];
  const files: ConfigFileState[] = [];
  const attempt = <T>(make: () => T): T | null => {
    try {
      return make();
    } catch (thrown) {
      const failure = thrown instanceof KioskFailure ? thrown.error : null;
      problems.push({ key: failure?.field ?? '', text: failure?.message ?? String(thrown) });
      return null;
    }
  };

  const layers: Layer[] = [
    { values: structuredClone(DEFAULT_CONFIG) as Json, originOf: () => ({ label: 'the built-in defaults', baseDir: cwd }) },
  ];
  for (const [layer, file] of [['system', systemFile], ['user', userFile]] as const) {
    if (file === null) continue;
    const before = problems.length;
    const values = attempt(() => fileLayer(file, readFile));
    files.push({ layer, path: file, state: problems.length > before ? 'unreadable' : values ? 'found' : 'absent' });
    if (values) layers.push(values);
  }
  for (const make of [() => envLayer(env, cwd), () => flagLayer(argv, cwd, options.ignoreFlags ?? [])]) {
    const layer = attempt(make);
    if (layer) layers.push(layer);
  }

  const merged: Json = {};
  const origins = new Map<string, Origin>();
  for (const layer of layers) mergeLayer(merged, layer, [], origins);
  const parsed = KioskConfigSchema.safeParse(merged);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problems.push(describeIssue(issue, merged, origins));
    return { files, problems, config: null };
  }
  const config = attempt(() => checkFiles(parsed.data, merged, origins, readFile));
  return { files, problems, config: problems.length === 0 ? config : null };
}

function readFileIfPresent(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch (thrown) {
    if ((thrown as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw thrown;
  }
}

function fileLayer(file: string, readFile: (file: string) => string | null): Layer | null {
  let text: string | null;
  try {
    text = readFile(file);
  } catch (thrown) {
    const code = (thrown as NodeJS.ErrnoException).code ?? 'error';
    const why = code === 'EACCES' || code === 'EPERM' ? 'permission denied' : code === 'EISDIR' ? 'it is a folder' : code;
    throw KioskFailure.of('config', `The configuration file ${file} could not be read: ${why}.`, { detail: `read ${file}: ${code}` });
  }
  if (text === null) return null;
  let values: unknown;
  try {
    values = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (thrown) {
    const where = jsonErrorPosition(text, (thrown as Error).message);
    throw KioskFailure.of('config', `The configuration file ${file} is not valid JSON${where}.`, {
      detail: `parse ${file}: ${(thrown as Error).message}`,
    });
  }
  if (!isPlainObject(values)) {
    throw KioskFailure.of('config', `The configuration file ${file} must hold a JSON object ({ … }) at the top level.`);
  }
  // Room for editors and notes: "$schema" and "$comment" at the top level are allowed and ignored.
  delete values.$schema;
  delete values.$comment;
  const origin: Origin = { label: file, baseDir: path.dirname(file) };
  return { values, originOf: () => origin };
}

function jsonErrorPosition(text: string, message: string): string {
  const lineColumn = /line (\d+) column (\d+)/.exec(message);
  if (lineColumn) return ` (line ${lineColumn[1]}, column ${lineColumn[2]})`;
  const position = /position (\d+)/.exec(message);
  if (!position) return message.includes('end of JSON') ? ' (it ends too early)' : '';
  const before = text.slice(0, Number(position[1]));
  const line = before.split('\n').length;
  const column = before.length - before.lastIndexOf('\n');
  return ` (line ${line}, column ${column})`;
}

function envLayer(env: Env, cwd: string): Layer {
  const values: Json = {};
  const labels = new Map<string, string>();
  for (const s of CONFIG_SETTINGS) {
    const raw = env[s.env];
    if (raw === undefined || raw === '') continue;
    const label = `environment variable ${s.env}`;
    setIn(values, s.key, coerce(s, raw, label));
    labels.set(s.key, label);
  }
  return { values, originOf: (key) => ({ label: labels.get(key) ?? 'environment variables', baseDir: cwd }) };
}

function flagLayer(argv: readonly string[], cwd: string, ignore: readonly string[]): Layer {
  const values: Json = {};
  const labels = new Map<string, string>();
  const byFlag = new Map(CONFIG_SETTINGS.map((s) => [s.flag, s]));
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--') break;
    if (!arg.startsWith('--')) continue;
    const eq = arg.indexOf('=');
    const name = arg.slice(2, eq === -1 ? undefined : eq);
    if (ignore.includes(name)) continue;
    let value: string | undefined = eq === -1 ? undefined : arg.slice(eq + 1);
    let s = byFlag.get(name);
    if (!s && name.startsWith('no-')) {
      const positive = byFlag.get(name.slice(3));
      if (positive?.kind === 'boolean' && value === undefined) {
        s = positive;
        value = 'false';
      }
    }
    if (!s) {
      const near = closest(name, [...byFlag.keys()]);
      throw KioskFailure.of('config', `Unknown command-line flag --${name}${near ? `: did you mean --${near}?` : '.'}`, { field: name });
    }
    if (value === undefined) {
      if (s.kind === 'boolean') value = 'true';
      else {
        const next = argv[i + 1];
        if (next === undefined || next.startsWith('--')) {
          throw KioskFailure.of('config', `The command-line flag --${s.flag} needs a value, e.g. --${s.flag}=…`, { field: s.key });
        }
        value = next;
        i++;
      }
    }
    const label = `command-line flag --${s.flag}`;
    setIn(values, s.key, s.kind === 'nullableText' && value === '' ? null : coerce(s, value, label));
    labels.set(s.key, label);
  }
  return { values, originOf: (key) => ({ label: labels.get(key) ?? 'command-line flags', baseDir: cwd }) };
}

/** Turns the text of an environment variable or flag into the value it stands for; leaves it as text when it does not fit, so the schema reports it. */
function coerce(s: ConfigSetting, raw: string, label: string): unknown {
  const text = raw.trim();
  const integer = (t: string): unknown => (/^[+-]?\d+$/.test(t) ? Number(t) : t);
  const list = (t: string): string[] => t.split(/[\s,]+/).filter((part) => part !== '');
  switch (s.kind) {
    case 'text':
      return text;
    case 'nullableText':
      return text === 'null' ? null : text;
    case 'integer':
      return integer(text);
    case 'nullableInteger':
      return text === 'null' || text === '' ? null : integer(text);
    case 'boolean': {
      const lower = text.toLowerCase();
      if (['true', 'yes', 'on', '1'].includes(lower)) return true;
      if (['false', 'no', 'off', '0'].includes(lower)) return false;
      return text;
    }
    case 'integerList':
      return list(text).map(integer);
    case 'textList':
      return list(text);
    case 'json':
      try {
        return JSON.parse(text);
      } catch {
        throw KioskFailure.of('config', `${s.key} in ${label}: expected JSON text, e.g. [{"id":"forced","priority":"critical","textIncludes":["forced"]}].`, { field: s.key });
      }
  }
}

// ───────────────────────── merging with provenance ─────────────────────────

function isPlainObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function mergeLayer(target: Json, layer: Layer, at: string[], origins: Map<string, Origin>, values: Json = layer.values): void {
  for (const [key, value] of Object.entries(values)) {
    const keyPath = [...at, key];
    const dotted = keyPath.join('.');
    origins.set(dotted, layer.originOf(dotted));
    if (isPlainObject(value)) {
      if (!isPlainObject(target[key])) target[key] = {};
      mergeLayer(target[key] as Json, layer, keyPath, origins, value);
    } else {
      target[key] = structuredClone(value);
    }
  }
}

function setIn(target: Json, dotted: string, value: unknown): void {
  const keys = dotted.split('.');
  let node = target;
  for (const key of keys.slice(0, -1)) {
    if (!isPlainObject(node[key])) node[key] = {};
    node = node[key] as Json;
  }
  node[keys[keys.length - 1] ?? ''] = value;
}

function getIn(target: unknown, keyPath: readonly PropertyKey[]): unknown {
  let node = target;
  for (const key of keyPath) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<PropertyKey, unknown>)[key];
  }
  return node;
}

function originAt(keyPath: readonly PropertyKey[], origins: Map<string, Origin>): Origin {
  const keys = keyPath.filter((k) => typeof k === 'string');
  for (let n = keys.length; n > 0; n--) {
    const origin = origins.get(keys.slice(0, n).join('.'));
    if (origin) return origin;
  }
  return { label: 'the configuration', baseDir: '.' };
}

/** "alarms.rules[0].priority" */
const showKey = (keyPath: readonly PropertyKey[]): string => z.core.toDotPath(keyPath);

function showValue(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}

const SECRET_KEY = /^(secret|password|passwd|pass|token|apikey|api_key|key|value|credential|credentials)$/i;
const INSECURE_TLS_KEY = /reject|insecure|ignore|verify|skip|unsafe|allow/i;

function configFailure(error: z.ZodError, merged: Json, origins: Map<string, Origin>): KioskFailure {
  const lines = error.issues.map((issue) => describeIssue(issue, merged, origins));
  const first = lines[0] ?? { key: '', text: 'The configuration is not valid.' };
  return KioskFailure.of('config', first.text, { detail: lines.map((l) => l.text).join('; '), field: first.key });
}

function describeIssue(issue: z.core.$ZodIssue, merged: Json, origins: Map<string, Origin>): { key: string; text: string } {
  if (issue.code === 'unrecognized_keys') {
    const key = issue.keys[0] ?? '';
    const keyPath = [...issue.path, key];
    const where = originAt(keyPath, origins).label;
    const siblings = Object.keys((getIn(DEFAULT_CONFIG, issue.path) as Json | undefined) ?? {});
    if (showKey(issue.path) === 'service.auth') siblings.push('header', 'username');
    const near = closest(key, siblings);
    const hint = SECRET_KEY.test(key)
      ? ': secrets do not belong in configuration; store the credential with the admin tool ("set-secret" reads it from standard input)'
      : showKey(issue.path) === 'service.tls' && INSECURE_TLS_KEY.test(key)
        ? ': certificate errors cannot be ignored; give the service\'s certificate authority in service.tls.caFile (and optionally pin its certificate in service.tls.pinnedSha256)'
        : near
        ? `: did you mean "${showKey([...issue.path, near])}"?`
        : siblings.length > 0
          ? ` (known keys here: ${siblings.join(', ')})`
          : '';
    return { key: showKey(keyPath), text: `Unknown key "${showKey(keyPath)}" in ${where}${hint}` };
  }
  const key = showKey(issue.path);
  const value = getIn(merged, issue.path);
  const where = originAt(issue.path, origins).label;
  const what = value === undefined ? `${key} is missing in ${where}` : `${key || '(configuration)'} = ${showValue(value)} in ${where}`;
  return { key, text: `${what}: ${issue.message}` };
}

/** The candidate within two edits of `word` (or equal ignoring case), if any. */
function closest(word: string, candidates: readonly string[]): string | null {
  let best: { candidate: string; distance: number } | null = null;
  for (const candidate of candidates) {
    const distance = candidate.toLowerCase() === word.toLowerCase() ? 0 : editDistance(word, candidate);
    if (distance <= 2 && (!best || distance < best.distance)) best = { candidate, distance };
  }
  return best?.candidate ?? null;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

// ───────────────────────── files the configuration names ─────────────────────────

function checkFiles(config: KioskConfig, merged: Json, origins: Map<string, Origin>, readFile: (file: string) => string | null): KioskConfig {
  const resolveAt = (keyPath: string[], value: string): string => path.resolve(originAt(keyPath, origins).baseDir, value);
  const fail = (keyPath: string[], why: string): KioskFailure => {
    const key = keyPath.join('.');
    return KioskFailure.of('config', `${key} = ${showValue(getIn(merged, keyPath))} in ${originAt(keyPath, origins).label}: ${why}`, { field: key });
  };

  const caKey = ['service', 'tls', 'caFile'];
  let caFile = config.service.tls.caFile;
  if (caFile !== null) {
    caFile = resolveAt(caKey, caFile);
    let pem: string | null;
    try {
      pem = readFile(caFile);
    } catch (thrown) {
      throw fail(caKey, `the file could not be read (${(thrown as NodeJS.ErrnoException).code ?? 'error'})`);
    }
    if (pem === null) throw fail(caKey, `the file does not exist${caFile !== getIn(merged, caKey) ? ` (looked for ${caFile})` : ''}`);
    if (!pem.includes('-----BEGIN CERTIFICATE-----')) {
      throw fail(caKey, 'the file holds no PEM certificate (a "-----BEGIN CERTIFICATE-----" block)');
    }
  }
  const dataDir = config.kiosk.dataDir === null ? null : resolveAt(['kiosk', 'dataDir'], config.kiosk.dataDir);
  const templatesDir = config.badges.templatesDir === null ? null : resolveAt(['badges', 'templatesDir'], config.badges.templatesDir);
  return {
    ...config,
    service: { ...config.service, tls: { ...config.service.tls, caFile } },
    kiosk: { ...config.kiosk, dataDir },
    badges: { ...config.badges, templatesDir },
  };
}

/**
 * From a command line that also carries other programs' switches (Electron's and Chromium's),
 * keeps the kiosk's configuration flags with their values, whether written `--name=value` or
 * `--name value`, so that loadConfig sees them and nothing else.
 */
export function configFlagArgs(argv: readonly string[]): string[] {
  const flags = new Set(CONFIG_SETTINGS.flatMap((s) => (s.kind === 'boolean' ? [s.flag, `no-${s.flag}`] : [s.flag])));
  const valueFlags = new Set(CONFIG_SETTINGS.filter((s) => s.kind !== 'boolean').map((s) => s.flag));
  const kept: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (!arg.startsWith('--')) continue;
    const name = arg.slice(2).split('=')[0] ?? '';
    if (!flags.has(name)) continue;
    kept.push(arg);
    const next = argv[i + 1];
    if (!arg.includes('=') && valueFlags.has(name) && next !== undefined && !next.startsWith('--')) {
      kept.push(next);
      i++;
    }
  }
  return kept;
}
