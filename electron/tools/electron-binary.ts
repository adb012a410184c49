/**
 * Finds Electron's binary without triggering its download: Electron >= 45 installs lazily, and
 * on machines with no route to its download host the binary cannot be had. Used by `npm start`
 * and the Electron test suite to say clearly that they did not run, instead of failing.
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
