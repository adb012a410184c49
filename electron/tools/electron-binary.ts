/**
 * Finds Electron's binary without triggering its download: Electron >= 45 installs lazily, and
 * on machines with no route to its download host the binary cannot be had; and says whether it
 * can open a window here. Used by `npm start` (which then runs the browser harness) and the
 * Electron test suite (which then says clearly that it did not run, instead of failing).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';

export interface ElectronBinary {
  path: string | null;
  /** Why there is none, in one sentence, when there is none. */
  reason: string | null;
}

export function findElectronBinary(): ElectronBinary {
  const require = createRequire(__filename);
  let packageDir: string;
  try {
    packageDir = dirname(require.resolve('electron/package.json'));
  } catch {
    return { path: null, reason: 'the electron package is not installed (run npm ci)' };
  }
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  const pathFile = join(packageDir, 'path.txt');
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : null;
  const candidate = override ? join(override, relative ?? 'electron') : relative ? join(packageDir, 'dist', relative) : null;
  if (candidate && existsSync(candidate)) return { path: candidate, reason: null };
  return {
    path: null,
    reason: override
      ? `no Electron binary at ELECTRON_OVERRIDE_DIST_PATH (${override})`
      : 'no Electron binary: it is downloaded from outside the npm registry, which this machine cannot reach',
  };
}

/** Why Electron cannot open a window here, or null when it can be tried. */
export function electronUnavailable(binary: ElectronBinary, platform: NodeJS.Platform, env: Readonly<Record<string, string | undefined>>): string | null {
  if (!binary.path) return binary.reason ?? 'no Electron binary';
  if (platform === 'linux' && !env.DISPLAY && !env.WAYLAND_DISPLAY) return 'there is no display to open its window on (neither DISPLAY nor WAYLAND_DISPLAY is set)';
  return null;
}
