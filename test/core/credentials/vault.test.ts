// The credential vaults: owner-only file (0600 in a 0700 folder, wider permissions refused),
// encrypted with a fake Encryptor, and chooseVault's honest choice.
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Secret } from '../../../electron/core/credentials/secret';
import { OwnerOnlyFileVault } from '../../../electron/core/credentials/file-vault';
import { EncryptedVault } from '../../../electron/core/credentials/encrypted-vault';
import type { Encryptor } from '../../../electron/core/credentials/vault';
import { chooseVault, credentialDir, ENCRYPTED_FILE, PLAIN_FILE } from '../../../electron/core/credentials/choose-vault';
import { KioskFailure } from '../../../electron/core/ipc/failure';

const SECRET = 'vault-secret-0123456789';
// POSIX permissions do not exist on Windows; those checks run only where they mean something.
const posix = process.platform !== 'win32';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'kiosk-vault-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Reversible and visibly not plain text: enough to prove the vault stores only what the encryptor gives. */
function fakeEncryptor(backend = 'gnome_libsecret', available = true): Encryptor & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    backend: () => backend,
    isEncryptionAvailable: () => available,
    encryptString: (plain) => (calls.push('encrypt'), Buffer.from(`ENC:${Buffer.from(plain).reverse().toString('base64')}`)),
    decryptString: (cipher) => {
      calls.push('decrypt');
      const text = cipher.toString();
      if (!text.startsWith('ENC:')) throw new Error('bad ciphertext');
      return Buffer.from(text.slice(4), 'base64').reverse().toString();
    },
  };
}

async function failure(promise: Promise<unknown>): Promise<KioskFailure> {
  const thrown = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(thrown).toBeInstanceOf(KioskFailure);
  return thrown as KioskFailure;
}

describe('OwnerOnlyFileVault', () => {
  it('reads null before anything is stored, then what was written', async () => {
    const vault = new OwnerOnlyFileVault(path.join(credentialDir(dir), PLAIN_FILE));
    expect(await vault.read()).toBeNull();
    await vault.write(new Secret(SECRET, '2026-01-01T00:00:00.000Z'));
    const read = await vault.read();
    expect(read?.reveal()).toBe(SECRET);
    expect(read?.savedAt).toBe('2026-01-01T00:00:00.000Z');
    await vault.write(new Secret('replaced-secret-42'));
    expect((await vault.read())?.reveal()).toBe('replaced-secret-42');
  });

  it.runIf(posix)('creates the file 0600 in a directory created 0700', async () => {
    const file = path.join(dir, 'deep', 'credentials', PLAIN_FILE);
    await new OwnerOnlyFileVault(file).write(new Secret(SECRET));
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(dir, 'deep')).mode & 0o777).toBe(0o700);
  });

  it.runIf(posix)('tightens an existing folder of its own to 0700', async () => {
    const folder = path.join(dir, 'credentials');
    mkdirSync(folder);
    chmodSync(folder, 0o755);
    await new OwnerOnlyFileVault(path.join(folder, PLAIN_FILE)).write(new Secret(SECRET));
    expect(statSync(folder).mode & 0o777).toBe(0o700);
  });

  it.runIf(posix)('refuses to read a file others may read, naming it and the fix', async () => {
    const file = path.join(dir, PLAIN_FILE);
    const vault = new OwnerOnlyFileVault(file);
    await vault.write(new Secret(SECRET));
    for (const mode of [0o644, 0o640, 0o604, 0o660]) {
      chmodSync(file, mode);
      const thrown = await failure(vault.read());
      expect(thrown.error.code).toBe('config');
      expect(thrown.error.message).toContain(file);
      expect(thrown.error.message).toContain(`permissions 0${mode.toString(8)}`);
      expect(thrown.error.message).toMatch(/chmod 600/);
      expect(JSON.stringify(thrown.error)).not.toContain(SECRET);
    }
    chmodSync(file, 0o600);
    expect((await vault.read())?.reveal()).toBe(SECRET);
  });

  it('refuses a damaged file without quoting it', async () => {
    const file = path.join(dir, PLAIN_FILE);
    writeFileSync(file, `{"secret": "${SECRET}"`, { mode: 0o600 });
    const thrown = await failure(new OwnerOnlyFileVault(file).read());
    expect(thrown.error.message).toMatch(/is damaged/);
    expect(JSON.stringify(thrown.error)).not.toContain(SECRET);
  });

  it('describes itself honestly', () => {
    expect(new OwnerOnlyFileVault('/x/credential.json').describe()).toEqual({
      storage: 'owner-only-file',
      encrypted: false,
      location: '/x/credential.json',
      warning: expect.stringMatching(/unencrypted/),
      warningText: null,
    });
  });
});

describe('EncryptedVault', () => {
  it('stores only ciphertext and reads it back through the encryptor', async () => {
    const encryptor = fakeEncryptor();
    const file = path.join(dir, ENCRYPTED_FILE);
    const vault = new EncryptedVault(encryptor, file);
    expect(await vault.read()).toBeNull();
    await vault.write(new Secret(SECRET));
    expect(readFileSync(file, 'utf8')).not.toContain(SECRET);
    expect(readFileSync(file, 'utf8')).toMatch(/^ENC:/);
    if (posix) expect(statSync(file).mode & 0o777).toBe(0o600);
    expect((await vault.read())?.reveal()).toBe(SECRET);
    expect(encryptor.calls).toEqual(['encrypt', 'decrypt']);
    expect(vault.describe()).toEqual({ storage: 'os-keyring', encrypted: true, location: file, warning: null });
  });

  it('a ciphertext the keyring cannot decrypt → config failure asking to set it again', async () => {
    const file = path.join(dir, ENCRYPTED_FILE);
    writeFileSync(file, 'garbage');
    const thrown = await failure(new EncryptedVault(fakeEncryptor(), file).read());
    expect(thrown.error).toMatchObject({ code: 'config' });
    expect(thrown.error.message).toMatch(/cannot be decrypted.*Set it again/);
  });

  it('refuses to work when the keyring became unavailable', async () => {
    const file = path.join(dir, ENCRYPTED_FILE);
    await new EncryptedVault(fakeEncryptor(), file).write(new Secret(SECRET));
    const locked = new EncryptedVault(fakeEncryptor('gnome_libsecret', false), file);
    expect((await failure(locked.read())).error.message).toMatch(/keyring is not available/);
    expect((await failure(locked.write(new Secret(SECRET)))).error.code).toBe('config');
  });
});

describe('chooseVault', () => {
  it('uses the keyring when a real backend is available', () => {
    const vault = chooseVault(fakeEncryptor('kwallet5'), { dir });
    expect(vault).toBeInstanceOf(EncryptedVault);
    expect(vault.describe()).toMatchObject({ storage: 'os-keyring', encrypted: true, location: path.join(dir, ENCRYPTED_FILE), warning: null });
  });

  it.each([
    ['basic_text', fakeEncryptor('basic_text'), /"basic_text".*password built into the program/],
    ['unknown', fakeEncryptor('unknown'), /could not be identified/],
    ['no encryption available', fakeEncryptor('gnome_libsecret', false), /keyring is not available/],
    ['no Electron at all', null, /without access to the system keyring/],
  ])('falls back to the owner-only file, and says why: %s', (_name, encryptor, why) => {
    const vault = chooseVault(encryptor, { dir }, 'linux');
    expect(vault).toBeInstanceOf(OwnerOnlyFileVault);
    const description = vault.describe();
    expect(description).toMatchObject({ storage: 'owner-only-file', encrypted: false, location: path.join(dir, PLAIN_FILE) });
    expect(description.warning).toMatch(/stored unencrypted/);
    expect(description.warning).toMatch(why);
    expect(description.warning).toMatch(/GNOME Keyring or KWallet/);
  });

  it('on Windows the warning does not promise POSIX permissions', () => {
    const warning = chooseVault(null, { dir }, 'win32').describe().warning;
    expect(warning).toMatch(/access rules of this user profile folder/);
    expect(warning).not.toMatch(/0600/);
  });

  it('the encrypted vault removes a plain-text credential it replaces', async () => {
    await chooseVault(null, { dir }).write(new Secret(SECRET));
    const encrypted = chooseVault(fakeEncryptor(), { dir });
    await encrypted.write(new Secret(SECRET));
    expect(() => statSync(path.join(dir, PLAIN_FILE))).toThrow();
    expect((await encrypted.read())?.reveal()).toBe(SECRET);
  });
});
