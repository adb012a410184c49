/**
 * The installers' configuration, checked without building (Electron's binary is not needed):
 * electron-builder's own loader and schema accept electron-builder.yml and the e2e test build;
 * the targets, the app archive's contents, the release fuses, the update feed, the icons (present,
 * of the right sizes), and no development dependency among what electron-builder packs.
 */
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { FuseV1Options } from '@electron/fuses';
import type { Configuration } from 'app-builder-lib';
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config';
import { DebugLogger } from 'builder-util';
import { LINUX_ICON_SIZES, generateIcons } from '../../electron/tools/dist-icons';

const root = join(__dirname, '..', '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  name: string;
  productName: string;
  main: string;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

async function load(file: string): Promise<Configuration> {
  const config = await getConfig(root, join(root, file), null);
  await validateConfiguration(config, new DebugLogger(false));
  return config;
}

/** electron-builder normalises `files` to file sets; their patterns, in order. */
const patternsOf = (files: Configuration['files']): string[] =>
  ([files ?? []].flat() as (string | { filter?: string | string[] })[]).flatMap((f) => (typeof f === 'string' ? [f] : [f.filter ?? []].flat()));

const targetsOf = (platform: { target?: unknown } | null | undefined): string[] =>
  ((platform?.target ?? []) as (string | { target: string })[]).map((t) => (typeof t === 'string' ? t : t.target));

describe('electron-builder.yml', async () => {
  const config = await load('electron-builder.yml');

  it('is accepted by electron-builder\'s own schema, with the app id and product name', () => {
    expect(config.appId).toBe('com.accesskiosk.app');
    expect(config.productName).toBe(pkg.productName);
    expect(config.directories?.output).toBe('dist');
    expect(config.directories?.buildResources).toBe('build');
  });

  it('makes AppImage and deb, a per-machine NSIS installer and a portable exe, and a dmg', () => {
    expect(targetsOf(config.linux)).toEqual(['AppImage', 'deb']);
    expect(targetsOf(config.win)).toEqual(['nsis', 'portable']);
    expect(targetsOf(config.mac)).toEqual(['dmg']);
    expect(config.nsis?.perMachine).toBe(true);
    expect(config.nsis?.oneClick).toBe(false);
    expect(config.nsis?.deleteAppDataOnUninstall).toBe(false);
    // The installer's provisioning macro exists and copies into %ProgramData%\AccessKiosk.
    const include = readFileSync(join(root, String(config.nsis?.include)), 'utf8');
    expect(include).toMatch(/!macro customInstall/);
    expect(include).toMatch(/PROGRAMDATA[\s\S]*AccessKiosk/);
    // Two Windows artifacts, two names.
    expect(config.portable?.artifactName).not.toBe(config.nsis?.artifactName);
  });

  it('packs the built app only, into an ASAR, with no source maps, sources or tests', () => {
    expect(config.asar).toBe(true);
    expect(config.asarUnpack).toEqual([]);
    const files = patternsOf(config.files);
    const included = files.filter((f) => !f.startsWith('!'));
    expect(included.sort()).toEqual(['out/**', 'package.json']);
    for (const excluded of ['!**/*.map', '!**/*.ts']) expect(files).toContain(excluded);
    expect(pkg.main.startsWith('out/')).toBe(true);
  });

  it('burns the release fuses of issue 12', () => {
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      loadBrowserProcessSpecificV8Snapshot: false,
      grantFileProtocolExtraPrivileges: false,
    });
    // Every fuse named here is one that @electron/fuses knows (a renamed option would be ignored).
    const known = Object.keys(FuseV1Options).filter((k) => Number.isNaN(Number(k))).map((k) => k.toLowerCase());
    for (const option of Object.keys(config.electronFuses ?? {})) {
      const fuse = option.replace(/^enable/, '').toLowerCase();
      expect(known.some((k) => k === fuse || k === `enable${fuse}`), option).toBe(true);
    }
  });

  it('has no update feed by default', () => {
    expect(config.publish).toBeNull();
  });

  it('names icons that exist, of the right sizes, made from build/icon.png', () => {
    expect(config.linux?.icon).toBe('build/icons');
    for (const size of LINUX_ICON_SIZES) {
      const png = PNG.sync.read(readFileSync(join(root, 'build', 'icons', `${size}x${size}.png`)));
      expect([png.width, png.height], `${size}x${size}.png`).toEqual([size, size]);
    }
    expect(readdirSync(join(root, 'build', 'icons')).sort()).toEqual(LINUX_ICON_SIZES.map((s) => `${s}x${s}.png`).sort());
    const source = PNG.sync.read(readFileSync(join(root, 'build', 'icon.png')));
    expect(source.width).toBeGreaterThanOrEqual(512);

    // ICO: a directory of images; Windows needs 256×256 (written as 0) and the small sizes.
    const ico = readFileSync(join(root, String(config.win?.icon)));
    expect(ico.readUInt16LE(2)).toBe(1);
    const icoSizes = Array.from({ length: ico.readUInt16LE(4) }, (_, i) => ico[6 + i * 16] || 256);
    for (const size of [16, 32, 48, 256]) expect(icoSizes, 'sizes in icon.ico').toContain(size);

    // ICNS: chunks by type; ic09 is 512×512, ic08 256×256, ic07 128×128.
    const icns = readFileSync(join(root, String(config.mac?.icon)));
    expect(icns.toString('latin1', 0, 4)).toBe('icns');
    expect(icns.readUInt32BE(4)).toBe(icns.length);
    const types: string[] = [];
    for (let at = 8; at < icns.length; at += icns.readUInt32BE(at + 4)) types.push(icns.toString('latin1', at, at + 4));
    for (const type of ['ic07', 'ic08', 'ic09']) expect(types).toContain(type);
  });

  it('checked-in icons are what the generator makes from the source', () => {
    const { files } = generateIcons(readFileSync(join(root, 'build', 'icon.png')));
    for (const [name, bytes] of files) {
      if (!name.endsWith('.png')) continue;
      expect(readFileSync(join(root, 'build', name)).equals(bytes), `build/${name} is stale: run npm run dist:icons`).toBe(true);
    }
  });

  it('packs no development dependency (npm ls --omit=dev)', () => {
    const tree = JSON.parse(execFileSync('npm', ['ls', '--omit=dev', '--all', '--json'], { cwd: root, encoding: 'utf8' })) as Tree;
    const packed = new Set<string>();
    const walk = (node: Tree) => {
      for (const [name, child] of Object.entries(node.dependencies ?? {})) {
        if (packed.has(name)) continue;
        packed.add(name);
        walk(child);
      }
    };
    walk(tree);
    expect([...packed]).toEqual(expect.arrayContaining(Object.keys(pkg.dependencies)));
    for (const dev of Object.keys(pkg.devDependencies)) expect(packed.has(dev), `${dev} would be packed`).toBe(false);
    // The heavy tools in particular.
    for (const name of ['electron', 'electron-builder', 'vite', 'typescript', 'playwright', '@playwright/test']) expect(packed.has(name), name).toBe(false);
  });
});

interface Tree {
  dependencies?: Record<string, Tree>;
}

describe('electron-builder.e2e.yml (the test build for Playwright\'s _electron.launch)', async () => {
  const release = await load('electron-builder.yml');
  const e2e = await load('electron-builder.e2e.yml');

  it('is the release configuration with inspect on, unpacked, in its own folder', () => {
    expect(e2e.electronFuses).toEqual({ ...release.electronFuses, enableNodeCliInspectArguments: true });
    expect(e2e.directories?.output).toBe('dist-e2e');
    expect(e2e.appId).toBe(release.appId);
    expect(patternsOf(e2e.files)).toEqual(patternsOf(release.files));
    // Targets come from the command line (--dir): the release targets are not overridden here.
    expect(targetsOf(e2e.linux)).toEqual(targetsOf(release.linux));
    expect(readFileSync(join(root, 'electron-builder.e2e.yml'), 'utf8')).toMatch(/--config electron-builder\.e2e\.yml --dir/);
    expect(e2e.asar).toBe(true);
  });

  it('is not what npm run dist builds, and its output is ignored by git', () => {
    const dist = readFileSync(join(root, 'electron', 'tools', 'dist.ts'), 'utf8');
    expect(dist).toMatch(/'--config', 'electron-builder\.yml'/);
    const ignored = existsSync(join(root, '.gitignore')) ? readFileSync(join(root, '.gitignore'), 'utf8') : '';
    expect(ignored).toMatch(/^\/?dist-e2e\/?$/m);
  });
});
