/**
 * Switches a packaged kiosk refuses to start with, decided without Electron: any way to
 * attach a debugger or DevTools protocol client from outside (remote debugging, Node's inspector,
 * running as plain Node). Returns the switch found (normalised to `--name`), or null. Development
 * builds accept them.
 *
 * No fuse covers remote debugging, so this check is the only barrier: it reads switches as
 * Chromium does, not as exact strings. Chromium takes `--name`, `-name` and, on Windows, `/name`,
 * with or without `=value`; switch names are case-insensitive on Windows (Chromium lowercases
 * them there) and compared lowercased everywhere here (refusing a spelling Chromium would ignore
 * costs nothing). Every argument is read, including those after a `--` terminator.
 * At `ready`, shell-setup.ts also asks Electron itself (`app.commandLine.hasSwitch`).
 */
/** Exact names (without prefix) refused. */
const FORBIDDEN = new Set(['remote-debugging-port', 'remote-debugging-pipe', 'remote-debugging-address', 'remote-debugging-targets', 'remote-allow-origins', 'debug', 'debug-brk', 'debug-port', 'js-flags']);
/** Name prefixes refused: Node's inspector family (--inspect, --inspect-brk, --inspect-port, --inspect-wait, --inspect-brk-node, …). */
const FORBIDDEN_PREFIXES = ['inspect', 'remote-debugging'];

/** The switch name of one argument as Chromium would read it, lowercased; null when it is not a switch. */
export function switchName(arg: string, platform: NodeJS.Platform): string | null {
  let rest: string;
  if (arg.startsWith('--')) rest = arg.slice(2);
  else if (arg.startsWith('-')) rest = arg.slice(1);
  else if (platform === 'win32' && arg.startsWith('/')) rest = arg.slice(1);
  else return null;
  const name = rest.split('=')[0]!.trim().toLowerCase();
  return name === '' ? null : name;
}

export function forbiddenDebugSwitch(argv: readonly string[], env: Readonly<Record<string, string | undefined>>, platform: NodeJS.Platform = process.platform): string | null {
  for (const arg of argv) {
    const name = switchName(arg, platform);
    if (name === null) continue;
    if (FORBIDDEN.has(name) || FORBIDDEN_PREFIXES.some((prefix) => name.startsWith(prefix))) return `--${name}`;
  }
  if (env.ELECTRON_RUN_AS_NODE) return 'ELECTRON_RUN_AS_NODE';
  if (env.NODE_OPTIONS && forbiddenNodeOption(env.NODE_OPTIONS) !== null) return 'NODE_OPTIONS';
  return null;
}

/**
 * NODE_OPTIONS flags that attach a debugger or run code before the kiosk's own (the fuses block
 * NODE_OPTIONS in a packaged build; this check says so at start and holds where a fuse is off):
 * the inspector family, preloaded modules (`--require`, `-r`, `--import`), module loaders
 * (`--loader`, `--experimental-loader`) and an OpenSSL configuration (its engines load libraries).
 */
const NODE_OPTIONS_FORBIDDEN = new Set(['require', 'r', 'import', 'loader', 'experimental-loader', 'openssl-config', 'debug', 'debug-brk', 'debug-port']);

/**
 * The first forbidden flag of a NODE_OPTIONS value (normalised to `--name`), or null. Read as
 * Node reads it: whitespace-separated, a value after `=` or as the next word, `_` and `-` alike
 * in names, any case refused.
 */
export function forbiddenNodeOption(value: string): string | null {
  for (const word of value.split(/\s+/)) {
    const match = /^["']?--?([^=\s"']+)/.exec(word);
    if (!match) continue;
    const name = match[1]!.toLowerCase().replace(/_/g, '-');
    if (NODE_OPTIONS_FORBIDDEN.has(name) || name.startsWith('inspect')) return `--${name}`;
  }
  return null;
}

/** The switches asked of Electron itself at `ready` (what Chromium actually parsed). */
export const READY_SWITCHES = ['remote-debugging-port', 'remote-debugging-pipe'] as const;

/** At `ready`: the first switch Chromium reports as present, or null. */
export function forbiddenSwitchAtReady(hasSwitch: (name: string) => boolean): string | null {
  const found = READY_SWITCHES.find((name) => hasSwitch(name));
  return found === undefined ? null : `--${found}`;
}
