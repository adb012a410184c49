/**
 * The Node entry of the admin commands (electron/tools/admin.ts), run as an administrator runs it:
 * `add-operator "Maya Okafor" --data-dir /path` puts Maya Okafor (not "Maya Okafor /path") on the
 * operator list of that data folder, and a command line that cannot be read — an unknown flag, a
 * flag without its value — is refused with a sentence and exit code 2 before anything is read or
 * written. A fresh home folder each run: no configuration of this machine is read.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const root = join(__dirname, '..', '..');
let home: string;
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'kiosk-admin-entry-'));
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

function admin(args: string[], input = ''): { code: number | null; stdout: string; stderr: string } {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: home, XDG_CONFIG_HOME: join(home, '.config') };
  const run = spawnSync(process.execPath, [join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), join(root, 'electron', 'tools', 'admin.ts'), ...args], {
    cwd: root,
    env,
    input,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('electron/tools/admin.ts', () => {
  it('add-operator "Maya Okafor" --data-dir /path: Maya Okafor on the list in that data folder', () => {
    const data = join(home, 'kiosk-data');
    const added = admin(['add-operator', 'Maya Okafor', '--data-dir', data], '482915\n482915\n');
    expect(added, added.stderr).toMatchObject({ code: 0, stdout: expect.stringMatching(/^Maya Okafor was added to the operator list .* in .*kiosk-data/) });
    const listed = admin(['list-operators', '--data-dir', data]);
    expect(listed).toMatchObject({ code: 0, stdout: '  Maya Okafor\n' });
    expect(readdirSync(join(data, 'credentials'))).toContain('operators.json');
  }, 120_000);

  it('an unknown flag or a flag without its value: a clear sentence, exit code 2, nothing written', () => {
    const data = join(home, 'kiosk-data');
    expect(admin(['add-operator', 'Maya Okafor', '--data-dri', data], '482915\n482915\n')).toMatchObject({
      code: 2,
      stdout: expect.stringMatching(/^Unknown flag --data-dri: did you mean --data-dir\?/),
    });
    expect(admin(['add-operator', 'Maya Okafor', '--data-dir'], '482915\n482915\n')).toMatchObject({
      code: 2,
      stdout: expect.stringMatching(/^The flag --data-dir needs a value, e\.g\. --data-dir=…/),
    });
    expect(existsSync(data)).toBe(false);
    expect(existsSync(join(home, '.config', 'access-kiosk', 'credentials'))).toBe(false);
  }, 120_000);
});
