/**
 * `npm run dist`: without Electron's binary for the target it stops with ONE line that says what
 * is missing and how to provide it; with a pre-downloaded zip it hands that zip to electron-builder
 * (which then never tries a download). The real script is run once here, on this machine, which
 * has no binary.
 */
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { planDist, type DistInput } from '../../electron/tools/dist';

const root = join(__dirname, '..', '..');

function input(files: Record<string, string[]>, overrides: Partial<DistInput> = {}): DistInput {
  return {
    argv: [],
    env: {},
    platform: 'linux',
    arch: 'x64',
    electronVersion: '45.3.4',
    home: '/home/builder',
    localElectronDist: null,
    listDir: (dir) => files[dir] ?? [],
    ...overrides,
  };
}

describe('planDist', () => {
  it('without the binary: one line naming the zip, where it looked, and ELECTRON_CACHE / electron_config_cache', () => {
    const plan = planDist(input({}));
    expect(plan.ok).toBe(false);
    if (plan.ok) return;
    expect(plan.line).not.toContain('\n');
    expect(plan.line).toMatch(/^Cannot build the installers: Electron 45\.3\.4 for linux-x64 is missing/);
    expect(plan.line).toContain('electron-v45.3.4-linux-x64.zip');
    expect(plan.line).toContain('/home/builder/.cache/electron');
    expect(plan.line).toContain('ELECTRON_CACHE=<that folder>');
    expect(plan.line).toContain('electron_config_cache');
  });

  it('finds the zip in ELECTRON_CACHE and hands it to electron-builder', () => {
    const plan = planDist(input({ '/media/usb/electron': ['electron-v45.3.4-linux-x64.zip'] }, { env: { ELECTRON_CACHE: '/media/usb/electron' }, argv: ['--linux'] }));
    expect(plan).toEqual({
      ok: true,
      electronDist: '/media/usb/electron/electron-v45.3.4-linux-x64.zip',
      builderArgs: ['--config', 'electron-builder.yml', '--linux', '-c.electronDist=/media/usb/electron/electron-v45.3.4-linux-x64.zip'],
    });
  });

  it('finds it in electron_config_cache, also one folder down (@electron/get\'s hashed cache folders)', () => {
    const plan = planDist(input({ '/cache': ['a1b2'], '/cache/a1b2': ['electron-v45.3.4-linux-x64.zip'] }, { env: { electron_config_cache: '/cache' } }));
    expect(plan.ok && plan.electronDist).toBe('/cache/a1b2/electron-v45.3.4-linux-x64.zip');
  });

  it('asks for the target platform\'s zip, not the host\'s, and names the one missing of several', () => {
    const plan = planDist(input({ '/z': ['electron-v45.3.4-linux-x64.zip'] }, { env: { ELECTRON_CACHE: '/z' }, argv: ['--linux', '--win'] }));
    expect(plan.ok).toBe(false);
    if (!plan.ok) {
      expect(plan.line).toContain('electron-v45.3.4-win32-x64.zip');
      expect(plan.line).not.toContain('electron-v45.3.4-linux-x64.zip not');
    }
    const arm = planDist(input({}, { argv: ['--arm64'] }));
    expect(!arm.ok && arm.line).toContain('electron-v45.3.4-linux-arm64.zip');
  });

  it('uses node_modules/electron/dist when the host\'s binary was installed there', () => {
    const plan = planDist(input({}, { localElectronDist: '/work/node_modules/electron/dist' }));
    expect(plan.ok && plan.builderArgs).toContain('-c.electronDist=/work/node_modules/electron/dist');
  });
});

describe('npm run dist on this machine (no Electron binary)', () => {
  it('prints the one line and fails, before building anything', () => {
    const empty = mkdtempSync(join(tmpdir(), 'kiosk-dist-'));
    try {
      mkdirSync(join(empty, 'decoy'));
      writeFileSync(join(empty, 'decoy', 'electron-v1.0.0-linux-x64.zip'), '');
      const run = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'electron', 'tools', 'dist.ts')], {
        cwd: root,
        encoding: 'utf8',
        env: { ...process.env, HOME: empty, XDG_CACHE_HOME: join(empty, 'cache'), ELECTRON_CACHE: empty, electron_config_cache: '' },
      });
      expect(run.status).toBe(1);
      const lines = run.stderr.split('\n').filter((l) => l.trim() !== '' && !l.startsWith('npm warn'));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^Cannot build the installers: Electron \d+\.\d+\.\d+ for linux-\w+ is missing/);
      expect(lines[0]).toContain('ELECTRON_CACHE');
      expect(run.stdout).toBe('');
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
