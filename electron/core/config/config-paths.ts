/**
 * The platform's well-known configuration paths: where an administrator provisions the
 * system-wide file, and the per-user directory of Node runs. Pure functions of platform and
 * environment (passed in, never read from process globals). Loading the files is load-config.ts.
 */
import { homedir } from 'node:os';
import path from 'node:path';

export type Env = Readonly<Record<string, string | undefined>>;

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
