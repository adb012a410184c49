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
 * This module is the loader: it stacks the layers (config-layers.ts), validates the result against
 * the schema and checks the files it names. The platform paths are config-paths.ts, the
 * environment/flag table config-settings.ts, the wording of problems config-problems.ts.
 * Nothing here touches process globals: env, argv and platform are arguments.
 * The administrator's version of this is CONFIGURATION.md (a test keeps it in step).
 */
import path from 'node:path';
import { KioskFailure } from '../ipc/failure';
import { KioskConfigSchema, type KioskConfig } from './config-schema';
import { defaultsLayer, fileLayer, getIn, mergeLayers, originAt, readFileIfPresent, type Json, type Layer, type Origin } from './config-layers';
import { nodeUserConfigPath, systemConfigPath, type Env } from './config-paths';
import { configFailure, describeIssue, valueProblem, type ConfigProblem } from './config-problems';
import { envLayer, flagLayer } from './config-settings';

export { nodeUserConfigPath, nodeUserDir, systemConfigPath } from './config-paths';
export { CONFIG_SETTINGS, configFlagArgs, type ConfigSetting } from './config-settings';
export type { ConfigProblem } from './config-problems';

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

/** The options with their defaults filled in. */
function resolved(options: LoadConfigOptions) {
  const { env, platform } = options;
  return {
    cwd: options.cwd ?? process.cwd(),
    readFile: options.readFile ?? readFileIfPresent,
    systemFile: options.systemFile === undefined ? systemConfigPath(platform, env) : options.systemFile,
    userFile: options.userFile === undefined ? nodeUserConfigPath(platform, env, options.home) : options.userFile,
  };
}

export function loadConfig(options: LoadConfigOptions): KioskConfig {
  const { env, argv } = options;
  const { cwd, readFile, systemFile, userFile } = resolved(options);

  const layers: Layer[] = [defaultsLayer(cwd)];
  for (const file of [systemFile, userFile]) {
    const layer = file === null ? null : fileLayer(file, readFile);
    if (layer) layers.push(layer);
  }
  layers.push(envLayer(env, cwd), flagLayer(argv, cwd, options.ignoreFlags ?? []));

  const { merged, origins } = mergeLayers(layers);
  const parsed = KioskConfigSchema.safeParse(merged);
  if (!parsed.success) throw configFailure(parsed.error, merged, origins);
  return checkFiles(parsed.data, merged, origins, readFile);
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
  const { env, argv } = options;
  const { cwd, readFile, systemFile, userFile } = resolved(options);
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

  const layers: Layer[] = [defaultsLayer(cwd)];
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

  const { merged, origins } = mergeLayers(layers);
  const parsed = KioskConfigSchema.safeParse(merged);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problems.push(describeIssue(issue, merged, origins));
    return { files, problems, config: null };
  }
  const config = attempt(() => checkFiles(parsed.data, merged, origins, readFile));
  return { files, problems, config: problems.length === 0 ? config : null };
}

// ───────────────────────── files the configuration names ─────────────────────────

/** Checks the certificate-authority file exists and holds a certificate; resolves relative paths against their layer. */
function checkFiles(config: KioskConfig, merged: Json, origins: Map<string, Origin>, readFile: (file: string) => string | null): KioskConfig {
  const resolveAt = (keyPath: string[], value: string): string => path.resolve(originAt(keyPath, origins).baseDir, value);
  const fail = (keyPath: string[], why: string): KioskFailure => valueProblem(keyPath, why, merged, origins);

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
