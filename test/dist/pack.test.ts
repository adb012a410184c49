/**
 * electron-builder really packs the app here, offline: the Linux `dir` target of
 * electron-builder.yml, with a stand-in for Electron's release zip (support/stand-in-electron.ts)
 * handed over as `npm run dist` hands the real one. Then the result is read back:
 * - the app archive (resources/app.asar) holds out/ and package.json, and in node_modules exactly
 *   the production dependencies (`npm ls --omit=dev`), none of the development ones, and no source
 *   map, TypeScript source, test folder or markdown anywhere;
 * - the release fuses were burnt into the executable (read with @electron/fuses, as
 *   `npx @electron/fuses read --app …` does), and the e2e test build keeps inspect on.
 * Installers (AppImage, deb, NSIS, dmg) need the real binary and their own tools: not built here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listPackage } from '@electron/asar';
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { FuseState } from '@electron/fuses/dist/constants';
import { standInElectronZip } from './support/stand-in-electron';

const root = join(__dirname, '..', '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
const electronVersion = pkg.devDependencies.electron ?? '';

let work: string;
let zipFile: string;
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'kiosk-pack-'));
  zipFile = join(work, `electron-v${electronVersion}-linux-x64.zip`);
  writeFileSync(zipFile, standInElectronZip(electronVersion));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

/**
 * The unit tests run before anything is built (a fresh clone has no out/): electron-builder's
 * sanity check wants the package's entry file inside the archive, so without a build the entry is
 * pointed at package.json for this test, and the test says so. With a build, the real entry is packed.
 */
const built = existsSync(join(root, 'out', 'main', 'index.js'));
if (!built) console.log('pack test: out/ is not built yet, so the packed entry is package.json (run `npx electron-vite build` to pack the real app)');
const entryOverride = built ? [] : ['-c.extraMetadata.main=package.json'];

function pack(configFile: string, output: string): string {
  const run = spawnSync(
    process.execPath,
    [join(root, 'node_modules', 'electron-builder', 'cli.js'), '--config', configFile, '--linux', 'dir', '--x64', `-c.electronDist=${zipFile}`, `-c.directories.output=${output}`, ...entryOverride],
    { cwd: root, encoding: 'utf8', env: { ...process.env, ELECTRON_BUILDER_CACHE: join(work, 'cache'), CI: 'true' } },
  );
  if (run.status !== 0) throw new Error(`electron-builder failed (${run.status}):\n${run.stdout}\n${run.stderr}`);
  return join(output, 'linux-unpacked');
}

const fusesOf = async (executable: string): Promise<Record<string, boolean>> => {
  const wire = await getCurrentFuseWire(executable);
  const named: Record<string, boolean> = {};
  for (const [key, state] of Object.entries(wire)) {
    const name = FuseV1Options[Number(key)];
    if (name) named[name] = state === FuseState.ENABLE;
  }
  return named;
};

describe('packing electron-builder.yml (Linux dir target, stand-in Electron)', () => {
  let app: string;
  beforeAll(() => {
    app = pack('electron-builder.yml', join(work, 'release'));
  }, 240_000);

  it('the archive holds out/, package.json and exactly the production dependencies', () => {
    const files = listPackage(join(app, 'resources', 'app.asar'), { isPack: false }).map((f) => f.replace(/\\/g, '/'));
    const top = new Set(files.map((f) => f.split('/')[1]));
    expect([...top].sort()).toEqual(built ? ['node_modules', 'out', 'package.json'] : ['node_modules', 'package.json']);
    if (built) expect(files).toContain('/out/main/index.js');

    const packed = new Set(files.flatMap((f) => {
      // A package's folder: `name` or `@scope/name` (the `@scope` folder itself is no package).
      const m = /^\/node_modules\/(@[^/]+\/[^/]+|[^@/][^/]*)$/.exec(f);
      return m?.[1] ? [m[1]] : [];
    }));
    const production = new Set(
      execFileSync('npm', ['ls', '--omit=dev', '--all', '--parseable'], { cwd: root, encoding: 'utf8' })
        .split('\n')
        .filter((line) => line.includes('node_modules'))
        .map((line) => line.slice(line.lastIndexOf('node_modules') + 'node_modules/'.length)),
    );
    expect([...packed].sort()).toEqual([...production].sort());
    for (const dev of Object.keys(pkg.devDependencies)) expect(packed.has(dev), dev).toBe(false);

    const junk = files.filter((f) => /\.(map|ts|md|markdown)$/i.test(f) || /\/(test|tests|__tests__)\//.test(f));
    expect(junk).toEqual([]);
  });

  it('the release fuses are burnt into the executable', async () => {
    expect(await fusesOf(join(app, 'access-kiosk'))).toMatchObject({
      RunAsNode: false,
      EnableCookieEncryption: true,
      EnableNodeOptionsEnvironmentVariable: false,
      EnableNodeCliInspectArguments: false,
      EnableEmbeddedAsarIntegrityValidation: true,
      OnlyLoadAppFromAsar: true,
      LoadBrowserProcessSpecificV8Snapshot: false,
      GrantFileProtocolExtraPrivileges: false,
    });
  });

  it('the e2e test build keeps inspect on, and nothing else', async () => {
    const e2e = pack('electron-builder.e2e.yml', join(work, 'e2e'));
    const release = await fusesOf(join(app, 'access-kiosk'));
    expect(await fusesOf(join(e2e, 'access-kiosk'))).toEqual({ ...release, EnableNodeCliInspectArguments: true });
  }, 240_000);
});
