/**
 * Keeps README "Install on a workstation" in step with what the packaging and the kiosk do:
 * every part an administrator needs is there; the file names it lists are the ones
 * electron-builder.yml makes for this version; the targets, the system-wide paths, the example
 * files, the admin commands, the autostart entry, the log file, the update feed and the demo line
 * are the ones in the code.
 */
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Configuration } from 'app-builder-lib';
import { getConfig } from 'app-builder-lib/out/util/config/config';
import { systemConfigPath } from '../../electron/core/config/load-config';
import { autostartPlan } from '../../electron/core/provisioning/autostart';
import { LOG_FILE_NAME } from '../../electron/main/log-file';
import { planDist } from '../../electron/tools/dist';

const root = join(__dirname, '..', '..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string; productName: string; devDependencies: Record<string, string> };

/** The section, from its heading to the next second-level heading. */
const section = (() => {
  const start = readme.indexOf('\n## Install on a workstation\n');
  if (start < 0) return '';
  const next = readme.indexOf('\n## ', start + 5);
  return readme.slice(start, next < 0 ? undefined : next);
})();

/** Commands admin-command.ts lists. */
const adminUsage = readFileSync(join(root, 'electron', 'core', 'credentials', 'admin-command.ts'), 'utf8');

const expand = (pattern: string, values: Record<string, string>): string => pattern.replace(/\$\{(\w+)\}/g, (_, name: string) => values[name] ?? `\${${name}}`);

describe('README "Install on a workstation"', async () => {
  const config: Configuration = await getConfig(root, join(root, 'electron-builder.yml'), null);

  it('has every part an administrator needs', () => {
    expect(section).not.toBe('');
    for (const part of ['Build', 'Copy', 'Install', 'Provision', 'First start', 'Update', 'Uninstall', 'Where logs and data live']) {
      expect(section, part).toContain(`\n### ${part}\n`);
    }
    const part = (heading: string): string => {
      const start = section.indexOf(`\n### ${heading}`);
      const end = section.indexOf('\n### ', start + 4);
      return section.slice(start, end < 0 ? undefined : end);
    };
    for (const heading of ['Install', 'Uninstall', 'Where logs and data live']) {
      for (const platform of [/Linux|Debian|AppImage/, /Windows/, /macOS/]) expect(part(heading), `${heading}: ${platform}`).toMatch(platform);
    }
  });

  it('lists the files electron-builder.yml makes for this version, one per target', () => {
    const base = { productName: pkg.productName, version: pkg.version };
    const names = {
      AppImage: expand(String(config.appImage?.artifactName), { ...base, arch: 'x86_64', ext: 'AppImage' }),
      deb: expand(String(config.deb?.artifactName), { ...base, arch: 'amd64', ext: 'deb' }),
      nsis: expand(String(config.nsis?.artifactName), { ...base, ext: 'exe' }),
      portable: expand(String(config.portable?.artifactName), { ...base, ext: 'exe' }),
      dmg: expand(String(config.dmg?.artifactName), { ...base, arch: 'arm64', ext: 'dmg' }),
    };
    for (const [target, name] of Object.entries(names)) expect(section, target).toContain(`\`${name}\``);
    const targets = [config.linux, config.win, config.mac].flatMap((p) => (p?.target ?? []) as string[]);
    expect(targets.sort()).toEqual(Object.keys(names).sort());
    // Per-machine installer, as the section says.
    expect(config.nsis?.perMachine).toBe(true);
    expect(section).toMatch(/per-machine/);
    // The install folders follow from the product and executable names.
    expect(section).toContain(`/opt/${config.productName}/${config.linux?.executableName}`);
    expect(section).toContain(`C:\\Program Files\\${config.productName}\\${config.productName}.exe`);
  });

  it('names the pinned Electron version and the same way out as npm run dist', () => {
    expect(section).toContain(`electron-v${pkg.devDependencies.electron}-linux-x64.zip`);
    const plan = planDist({ argv: [], env: {}, platform: 'linux', arch: 'x64', electronVersion: pkg.devDependencies.electron ?? '', home: '/h', localElectronDist: null, listDir: () => [] });
    expect(plan.ok).toBe(false);
    for (const name of ['ELECTRON_CACHE', 'electron_config_cache']) {
      expect(section).toContain(name);
      expect(!plan.ok && plan.line).toContain(name);
    }
  });

  it('gives the system-wide file of every platform as the loader reads it', () => {
    expect(section).toContain(`\`${systemConfigPath('linux')}\``);
    expect(section).toContain(`\`${systemConfigPath('darwin')}\``);
    expect(section).toContain('`%ProgramData%\\AccessKiosk\\config.json`');
    expect(systemConfigPath('win32', { ProgramData: '%ProgramData%' })).toBe('%ProgramData%\\AccessKiosk\\config.json');
  });

  it('points to example files that exist, and admin commands that exist', () => {
    const examples = [...section.matchAll(/`(examples\/provisioning\/[\w.-]+)`/g)].map((m) => m[1] ?? '');
    expect(examples.length).toBeGreaterThanOrEqual(2);
    for (const file of examples) expect(existsSync(join(root, file)), file).toBe(true);
    const commands = [...new Set([...section.matchAll(/--admin ([a-z-]+)/g)].map((m) => m[1] ?? ''))];
    expect(commands).toEqual(expect.arrayContaining(['check', 'set-secret', 'set-pin']));
    for (const command of commands) {
      expect(adminUsage, `--admin ${command}`).toContain(`  ${command}`);
    }
  });

  it('says where start at login, the log and the data are, as the code has them', () => {
    const plan = autostartPlan(true, { platform: 'linux', env: {}, home: '~', executable: '/x' });
    expect(plan.kind === 'xdg' && section.includes(`\`${plan.file}\``)).toBe(true);
    // The log's name lives in electron/main/log-file.ts since the owner-only log (issue 18).
    expect(LOG_FILE_NAME).toBe('kiosk.log');
    expect(section).toContain(`\`${LOG_FILE_NAME}\``);
    expect(section).toContain('`~/.config/access-kiosk/`');
    expect(section).toContain('`%APPDATA%\\AccessKiosk\\`');
  });

  it('says there is no update feed, as electron-builder.yml has it, and how a site adds its own', () => {
    expect(config.publish).toBeNull();
    expect(section).toContain('`publish: null`');
    expect(section).toMatch(/provider: generic/);
  });

  it('quotes the demo line the kiosk prints at a first start without configuration', () => {
    const main = readFileSync(join(root, 'electron', 'main', 'index.ts'), 'utf8');
    const line = /`(No service is configured) \([^`]*?\)(: running the demo on the embedded simulator\.)`/.exec(main);
    expect(line).not.toBeNull();
    expect(section).toContain(`${line?.[1]} (…)${line?.[2]}`);
  });
});
