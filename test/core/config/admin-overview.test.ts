import { describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { chmod, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAdminOverviewHandler } from '../../../electron/core/config/admin-overview';
import { loadConfig } from '../../../electron/core/config/load-config';
import { chooseVault } from '../../../electron/core/credentials/choose-vault';
import { Secret } from '../../../electron/core/credentials/secret';
import type { Encryptor } from '../../../electron/core/credentials/vault';

const config = (argv: string[]) => loadConfig({ systemFile: null, userFile: null, env: {}, argv, platform: 'linux' });
const dir = () => mkdtempSync(join(tmpdir(), 'kiosk-admin-'));
const SECRET = 'admin-overview-secret-123';
const DIRECTORY = {
  file: '/nonexistent/directory.snapshot',
  state: () => ({ status: 'empty' as const, records: 0, syncedAt: null, lastSync: null, syncing: null, lastFailure: null, held: null, snapshotProblem: null, intervalSeconds: 900 }),
  encrypted: false,
  warning: 'not encrypted',
};

describe('admin overview', () => {
  it('says plainly that the owner-only file is not encrypted, and never returns the secret', async () => {
    const vault = chooseVault(null, { dir: dir() });
    await vault.write(new Secret(SECRET, '2026-11-21T10:00:00.000Z'));
    const overview = await createAdminOverviewHandler({
      config: config(['--service-url=https://access.example.org', '--auth-scheme=apiKey', '--auth-header=X-Api-Key']),
      vault,
      mode: 'configured',
      serviceLabel: 'access.example.org:443',
      directory: DIRECTORY,
    })();
    expect(overview).toMatchObject({
      mode: 'configured',
      authScheme: 'apiKey',
      authDetail: 'header X-Api-Key',
      credential: { stored: true, savedAt: '2026-11-21T10:00:00.000Z', storage: 'owner-only-file', encrypted: false },
    });
    expect(overview.credential.warning).toMatch(/unencrypted/);
    expect(JSON.stringify(overview)).not.toContain(SECRET);
  });

  it('reports an encrypted keyring store without a warning', async () => {
    const encryptor: Encryptor = {
      backend: () => 'gnome_libsecret',
      isEncryptionAvailable: () => true,
      encryptString: (s) => Buffer.from([...Buffer.from(s)].reverse()),
      decryptString: (b) => Buffer.from([...b].reverse()).toString(),
    };
    const vault = chooseVault(encryptor, { dir: dir() });
    await vault.write(new Secret(SECRET));
    const overview = await createAdminOverviewHandler({ config: config(['--service-url=https://a.example', '--auth-scheme=bearer']), vault, mode: 'configured', serviceLabel: 'a.example:443', directory: DIRECTORY })();
    expect(overview.credential).toMatchObject({ stored: true, storage: 'os-keyring', encrypted: true, warning: null });
    expect(JSON.stringify(overview)).not.toContain(SECRET);
  });

  it('warns when the service needs a credential and none is stored', async () => {
    const overview = await createAdminOverviewHandler({
      config: config(['--service-url=https://a.example', '--auth-scheme=bearer']),
      vault: chooseVault(null, { dir: dir() }),
      mode: 'configured',
      serviceLabel: 'a.example:443',
      directory: DIRECTORY,
    })();
    expect(overview.credential.stored).toBe(false);
    expect(overview.credential.warning).toMatch(/No credential is stored/);
    expect(overview.credential.warnings).toContainEqual(expect.objectContaining({ key: 'admin.fromMain.noCredential' }));
  });

  it('turns an unreadable credential file into a message instead of failing', async () => {
    const d = dir();
    const vault = chooseVault(null, { dir: d });
    await vault.write(new Secret(SECRET));
    await chmod(vault.describe().location, 0o644);
    const overview = await createAdminOverviewHandler({ config: config([]), vault, mode: 'demo', serviceLabel: '127.0.0.1:1', directory: DIRECTORY })();
    expect(overview.authScheme).toBe('none');
    expect(overview.credential.stored).toBe(false);
    expect(overview.credential.warning).toBeTruthy();
    expect(JSON.stringify(overview)).not.toContain(SECRET);
  });

  it('describes the saved cardholder directory: where, how large, how protected', async () => {
    const d = dir();
    const file = join(d, 'directory.snapshot');
    await writeFile(file, 'x'.repeat(1234));
    const overview = await createAdminOverviewHandler({
      config: config([]),
      vault: chooseVault(null, { dir: d }),
      mode: 'demo',
      serviceLabel: '127.0.0.1:1',
      directory: { ...DIRECTORY, file, state: () => ({ ...DIRECTORY.state(), status: 'ready' as const, records: 200, syncedAt: '2026-11-21T10:00:00.000Z' }) },
    })();
    expect(overview.directory).toEqual({ saved: true, location: file, bytes: 1234, records: 200, syncedAt: '2026-11-21T10:00:00.000Z', encrypted: false, warning: 'not encrypted', warningText: null });
    const none = await createAdminOverviewHandler({ config: config([]), vault: chooseVault(null, { dir: d }), mode: 'demo', serviceLabel: '127.0.0.1:1', directory: DIRECTORY })();
    expect(none.directory).toMatchObject({ saved: false, bytes: null, records: 0 });
  });
});
