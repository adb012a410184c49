/**
 * `npm run dist [-- electron-builder flags]`: builds the installers (electron-builder.yml) where
 * Electron's binary for the target platform is available, and otherwise stops with one line
 * saying what is missing and how to provide it, instead of electron-builder's attempt to download
 * it. Air-gapped build machines bring the release zip (electron-v<version>-<platform>-<arch>.zip)
 * on a USB stick and name its folder with ELECTRON_CACHE or electron_config_cache.
 *
 * planDist is pure (file system and environment are arguments) so the message is tested;
 * main() runs electron-vite and electron-builder.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';

type Env = Readonly<Record<string, string | undefined>>;

export type DistPlatform = 'linux' | 'win32' | 'darwin';

export interface DistInput {
  /** Arguments after `npm run dist --`, handed on to electron-builder. */
  argv: readonly string[];
  env: Env;
  platform: NodeJS.Platform;
  arch: string;
  /** The pinned Electron version (package.json). */
  electronVersion: string;
  home: string;
  /** The folder of node_modules/electron's unpacked binary, when there is one (host platform only). */
  localElectronDist: string | null;
  /** Files directly in a folder; [] when it does not exist. */
  listDir: (dir: string) => string[];
}

export type DistPlan =
  | { ok: true; builderArgs: string[]; electronDist: string | null }
  | { ok: false; line: string };

const PLATFORM_FLAGS: Record<string, DistPlatform> = {
  '--linux': 'linux',
  '-l': 'linux',
  '--win': 'win32',
  '-w': 'win32',
  '--windows': 'win32',
  '--mac': 'darwin',
  '-m': 'darwin',
  '--macos': 'darwin',
};
const ARCH_FLAGS = ['x64', 'arm64', 'ia32', 'armv7l', 'universal'] as const;

/** The folders where a pre-downloaded Electron zip is looked for, in order, with how the line names them. */
export function electronZipFolders(env: Env, platform: NodeJS.Platform, home: string): { dir: string; name: string }[] {
  const folders: { dir: string; name: string }[] = [];
  if (env.ELECTRON_CACHE) folders.push({ dir: env.ELECTRON_CACHE, name: 'ELECTRON_CACHE' });
  if (env.electron_config_cache) folders.push({ dir: env.electron_config_cache, name: 'electron_config_cache' });
  if (env.npm_config_electron_config_cache) folders.push({ dir: env.npm_config_electron_config_cache, name: 'npm_config_electron_config_cache' });
  const standard =
    platform === 'darwin'
      ? path.posix.join(home, 'Library', 'Caches', 'electron')
      : platform === 'win32'
        ? path.win32.join(env.LOCALAPPDATA ?? path.win32.join(home, 'AppData', 'Local'), 'electron', 'Cache')
        : path.posix.join(env.XDG_CACHE_HOME || path.posix.join(home, '.cache'), 'electron');
  folders.push({ dir: standard, name: standard });
  return folders;
}

const builderPlatformName = (platform: DistPlatform): string => (platform === 'win32' ? 'win32' : platform);

export function planDist(input: DistInput): DistPlan {
  const targets = [...new Set(input.argv.flatMap((arg) => (PLATFORM_FLAGS[arg] ? [PLATFORM_FLAGS[arg]] : [])))];
  const platforms: DistPlatform[] = targets.length > 0 ? targets : [hostPlatform(input.platform)];
  const arch = ARCH_FLAGS.find((a) => input.argv.includes(`--${a}`)) ?? input.arch;
  const folders = electronZipFolders(input.env, input.platform, input.home);

  const found: string[] = [];
  const missing: string[] = [];
  for (const platform of platforms) {
    const zip = `electron-v${input.electronVersion}-${builderPlatformName(platform)}-${arch}.zip`;
    const hit = findZip(zip, folders, input.listDir);
    if (hit) found.push(hit);
    else if (platform === input.platform && input.localElectronDist && platforms.length === 1) found.push(input.localElectronDist);
    else missing.push(zip);
  }
  if (missing.length > 0) {
    const where = folders.map((f) => f.name).join(', ');
    return {
      ok: false,
      line:
        `Cannot build the installers: Electron ${input.electronVersion} for ${platforms.join(', ')}-${arch} is missing ` +
        `(${missing.join(', ')} not found in ${where}); download ${missing.length === 1 ? 'it' : 'them'} from Electron's releases on a connected machine, ` +
        `put ${missing.length === 1 ? 'it' : 'them'} in a folder and run again with ELECTRON_CACHE=<that folder> (or electron_config_cache), e.g. ELECTRON_CACHE=/media/usb/electron npm run dist`,
    };
  }
  // One platform: hand its binary to electron-builder, so it never tries a download of its own.
  const electronDist = platforms.length === 1 ? (found[0] ?? null) : null;
  const builderArgs = ['--config', 'electron-builder.yml', ...input.argv, ...(electronDist ? [`-c.electronDist=${electronDist}`] : [])];
  return { ok: true, builderArgs, electronDist };
}

function hostPlatform(platform: NodeJS.Platform): DistPlatform {
  return platform === 'win32' || platform === 'darwin' ? platform : 'linux';
}

/** The zip directly in one of the folders, or one level down (@electron/get keeps its cache in hashed sub-folders). */
function findZip(zip: string, folders: { dir: string }[], listDir: (dir: string) => string[]): string | null {
  const join = (dir: string, name: string) => (dir.includes('\\') && !dir.includes('/') ? path.win32.join(dir, name) : path.join(dir, name));
  for (const { dir } of folders) {
    const entries = listDir(dir);
    if (entries.includes(zip)) return join(dir, zip);
    for (const entry of entries) {
      const sub = join(dir, entry);
      if (listDir(sub).includes(zip)) return join(sub, zip);
    }
  }
  return null;
}

function listDirSafe(dir: string): string[] {
  try {
    return statSync(dir).isDirectory() ? readdirSync(dir) : [];
  } catch {
    return [];
  }
}

function main(): void {
  const root = path.resolve(__dirname, '..', '..');
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
  const electronVersion = pkg.devDependencies.electron ?? '';
  const localDist = path.join(root, 'node_modules', 'electron', 'dist');
  const plan = planDist({
    argv: process.argv.slice(2),
    env: process.env,
    platform: process.platform,
    arch: process.arch,
    electronVersion,
    home: homedir(),
    localElectronDist: existsSync(path.join(localDist, 'version')) ? localDist : null,
    listDir: listDirSafe,
  });
  if (!plan.ok) {
    process.stderr.write(`${plan.line}\n`);
    process.exitCode = 1;
    return;
  }
  const shell = process.platform === 'win32';
  const built = spawnSync('npx', ['electron-vite', 'build'], { cwd: root, stdio: 'inherit', shell });
  if (built.status !== 0) {
    process.exitCode = built.status ?? 1;
    return;
  }
  const packed = spawnSync('npx', ['electron-builder', ...plan.builderArgs], { cwd: root, stdio: 'inherit', shell });
  process.exitCode = packed.status ?? 1;
}

if (require.main === module) main();
