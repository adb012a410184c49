// SECURITY.md item 16 kept checkable: the lockfile's Electron against the registry's list.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { judgeElectronPatch, lockedElectron, registryFailure, stableVersion } from '../../electron/tools/electron-patch';

const PUBLISHED = ['44.9.0', '45.0.0-beta.3', '45.3.4', '45.4.1', '45.5.0', '46.0.0-alpha.1'];

describe('check:electron-patch', () => {
  it('reads only exact stable versions', () => {
    expect(stableVersion('45.4.1')).toEqual([45, 4, 1]);
    expect(stableVersion('46.0.0-beta.2')).toBeNull();
    expect(stableVersion('^45.4.1')).toBeNull();
  });

  it('fails when a newer release of the same major is published (45.4.1 against 45.5.0), with the command that fixes it', () => {
    const verdict = judgeElectronPatch('45.4.1', PUBLISHED);
    expect(verdict).toMatchObject({ kind: 'behind', newest: '45.5.0' });
    expect(verdict.message).toContain('npm install --save-exact --package-lock-only electron@45.5.0');
  });

  it('passes on the newest of its line, ignores pre-releases, and only mentions a newer major', () => {
    expect(judgeElectronPatch('45.5.0', PUBLISHED).kind).toBe('current');
    expect(judgeElectronPatch('45.5.0', [...PUBLISHED, '46.0.0']).message).toContain('a newer major line exists: 46.0.0');
    expect(judgeElectronPatch('45.10.0', ['45.9.0', '45.10.0']).kind).toBe('current');
    expect(judgeElectronPatch('45.9.0', ['45.9.0', '45.10.0']).kind).toBe('behind');
  });

  it('says when it cannot judge instead of claiming the pin is current', () => {
    expect(judgeElectronPatch('^45.4.1', PUBLISHED).kind).toBe('unknown');
    expect(judgeElectronPatch('47.0.0', PUBLISHED).kind).toBe('unknown');
    expect(registryFailure('{"error":{"code":"ECONNREFUSED","summary":"request failed"}}', '', false)).toBe('ECONNREFUSED: request failed');
    expect(registryFailure('', 'npm error code ENOTFOUND\nmore', false)).toBe('npm error code ENOTFOUND');
    expect(registryFailure('', '', true)).toBe('no answer within 60 s');
  });

  it('reads the version the lockfile installs, which is the one package.json pins', () => {
    const root = resolve(__dirname, '../..');
    const installed = lockedElectron(readFileSync(resolve(root, 'package-lock.json'), 'utf8'));
    const pinned = (JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> }).devDependencies.electron;
    expect(installed).toBe(pinned);
    // The newest 45.x at the last check (2026-11-28): 45.5.0, published 2026-11-24.
    expect(judgeElectronPatch(installed!, ['45.4.1', '45.5.0']).kind).toBe('current');
  });
});
