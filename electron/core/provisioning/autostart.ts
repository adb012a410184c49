/**
 * Start at login (the provisioning key kiosk.startAtLogin), decided here and carried out by the
 * Electron edge: on Linux an XDG autostart entry in the user's ~/.config/autostart (written by
 * this module), on Windows and macOS the user's login item (Electron's setLoginItemSettings).
 * The kiosk only ever removes an entry it wrote itself (it carries X-AccessKiosk-Managed), so an
 * administrator's own autostart file is left alone. The entry is written atomically by the kiosk's
 * one file writer (storage/owner-only-files.ts), readable by others as desktop entries are.
 */
import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { writeOwnerOnly } from '../storage/owner-only-files';

type Env = Readonly<Record<string, string | undefined>>;

export const AUTOSTART_FILE_NAME = 'access-kiosk.desktop';
const MARKER = 'X-AccessKiosk-Managed=true';

export type AutostartPlan =
  | { kind: 'xdg'; file: string; contents: string | null }
  | { kind: 'login-item'; openAtLogin: boolean };

export interface AutostartTarget {
  platform: NodeJS.Platform;
  env: Env;
  home: string;
  /** The program to start: the AppImage file when run from one ($APPIMAGE), else the executable. */
  executable: string;
}

export function autostartPlan(enabled: boolean, target: AutostartTarget): AutostartPlan {
  if (target.platform === 'win32' || target.platform === 'darwin') return { kind: 'login-item', openAtLogin: enabled };
  const configHome = target.env.XDG_CONFIG_HOME || path.posix.join(target.home, '.config');
  const file = path.posix.join(configHome, 'autostart', AUTOSTART_FILE_NAME);
  return { kind: 'xdg', file, contents: enabled ? desktopEntry(target.env.APPIMAGE || target.executable) : null };
}

/** Quotes a program path for a desktop entry's Exec key (Desktop Entry Specification, "The Exec key"). */
export function quoteExec(program: string): string {
  return `"${program.replace(/[\\"`$]/g, (c) => `\\${c}`)}"`;
}

export function desktopEntry(executable: string): string {
  return [
    '[Desktop Entry]',
    'Type=Application',
    'Name=Access Kiosk',
    'Comment=Started at login (kiosk.startAtLogin in the kiosk configuration)',
    `Exec=${quoteExec(executable)}`,
    'Terminal=false',
    'X-GNOME-Autostart-enabled=true',
    MARKER,
    '',
  ].join('\n');
}

export type AutostartOutcome = 'written' | 'unchanged' | 'removed' | 'absent' | 'kept-foreign';

/** Makes the XDG autostart entry match the plan; never removes a file the kiosk did not write. */
export async function applyXdgAutostart(plan: Extract<AutostartPlan, { kind: 'xdg' }>): Promise<AutostartOutcome> {
  let existing: string | null = null;
  try {
    existing = await readFile(plan.file, 'utf8');
  } catch (thrown) {
    if ((thrown as NodeJS.ErrnoException).code !== 'ENOENT') throw thrown;
  }
  if (plan.contents === null) {
    if (existing === null) return 'absent';
    if (!existing.includes(MARKER)) return 'kept-foreign';
    await rm(plan.file, { force: true });
    return 'removed';
  }
  if (existing === plan.contents) return 'unchanged';
  if (existing !== null && !existing.includes(MARKER)) return 'kept-foreign';
  // The user's autostart folder: created if need be, never narrowed (other programs' entries live there).
  await mkdir(path.dirname(plan.file), { recursive: true });
  await writeOwnerOnly(plan.file, plan.contents, { folder: 'as-is', readableByOthers: true });
  return 'written';
}
