/**
 * chooseVault: which vault keeps the credential on this computer. Two kinds: EncryptedVault (the
 * OS keyring encrypts it, through Electron's safeStorage passed in as an Encryptor) and
 * OwnerOnlyFileVault (plain JSON in a file only the user account may read). It picks the
 * encrypted one only when a real keyring backs it, and otherwise says honestly, in
 * describe().warning, that the credential is stored unencrypted. Also where the vault's files
 * live inside the kiosk's data directory. The interface is in vault.ts.
 */
import path from 'node:path';
import type { CredentialVault, Encryptor, VaultPaths } from './vault';
import { EncryptedVault } from './encrypted-vault';
import { OwnerOnlyFileVault } from './file-vault';

/** The vault's own directory inside the kiosk's data directory (the edge: userData or kiosk.dataDir). */
export function credentialDir(dataDir: string): string {
  return path.join(dataDir, 'credentials');
}

export const ENCRYPTED_FILE = 'credential.enc';
export const PLAIN_FILE = 'credential.json';

/** safeStorage backends that are not a real keyring: 'basic_text' encrypts with a hard-coded password. */
const NOT_A_KEYRING = new Set(['basic_text', 'unknown', '']);

/** Why no keyring will be used, or null when one will. */
export function keyringProblem(encryptor: Encryptor | null): string | null {
  if (!encryptor) return 'this program runs without access to the system keyring';
  if (!encryptor.isEncryptionAvailable()) return 'the system keyring is not available';
  const backend = encryptor.backend();
  if (backend === 'basic_text') {
    return 'no system keyring was found (the only encryption available, "basic_text", uses a password built into the program, which protects nothing)';
  }
  if (NOT_A_KEYRING.has(backend)) return `the system keyring could not be identified (backend "${backend}")`;
  return null;
}

export function chooseVault(encryptor: Encryptor | null, paths: VaultPaths, platform: NodeJS.Platform = process.platform): CredentialVault {
  const encryptedFile = path.join(paths.dir, ENCRYPTED_FILE);
  const plainFile = path.join(paths.dir, PLAIN_FILE);
  const problem = keyringProblem(encryptor);
  if (encryptor && problem === null) return new EncryptedVault(encryptor, encryptedFile, { replaces: plainFile });
  const permissions =
    platform === 'win32'
      ? 'a file protected only by the access rules of this user profile folder'
      : 'a file only this user account can read (permissions 0600)';
  const help = platform === 'linux' ? ' To have it encrypted, install and unlock a keyring such as GNOME Keyring or KWallet.' : '';
  return new OwnerOnlyFileVault(plainFile, {
    warning: `The service credential is stored unencrypted, in ${permissions}, because ${problem ?? 'no keyring was offered'}.${help}`,
  });
}
