/**
 * The credential vault: where the one service credential lives, in the main process only.
 * Two kinds: EncryptedVault (the OS keyring encrypts it, through Electron's safeStorage passed
 * in as an Encryptor) and OwnerOnlyFileVault (plain JSON in a file only the user account may
 * read). chooseVault picks the encrypted one only when a real keyring backs it, and otherwise
 * says honestly, in describe().warning, that the credential is stored unencrypted.
 * This module never logs, renders or returns the secret's text.
 */
import path from 'node:path';
import type { Secret } from './secret';
import { EncryptedVault, type Encryptor } from './encrypted-vault';
import { OwnerOnlyFileVault } from './file-vault';

export type { Encryptor };

export interface VaultDescription {
  storage: 'os-keyring' | 'owner-only-file';
  encrypted: boolean;
  /** The file that holds it. */
  location: string;
  /** What an administrator should know about how safe the storage is; null when nothing. */
  warning: string | null;
}

export interface CredentialVault {
  /** The stored credential, or null when none has been set. Throws a KioskFailure ('config') when it cannot be used. */
  read(): Promise<Secret | null>;
  /** Stores (or replaces) the credential. */
  write(secret: Secret): Promise<void>;
  describe(): VaultDescription;
}

export interface VaultPaths {
  /** A directory of its own for the credential (created 0700), e.g. <userData>/credentials. */
  dir: string;
}

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
