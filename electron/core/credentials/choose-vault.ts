/**
 * chooseVault: which vault keeps the credential on this computer. Two kinds: EncryptedVault (the
 * OS keyring encrypts it, through Electron's safeStorage passed in as an Encryptor) and
 * OwnerOnlyFileVault (plain JSON in a file only the user account may read). It picks the
 * encrypted one only when a real keyring backs it, and otherwise says honestly, in
 * describe().warning, that the credential is stored unencrypted. Also where the vault's files
 * live inside the kiosk's data directory. The interface is in vault.ts. The shared alarm desk's
 * store password has a vault of its own beside it (chooseSiteStoreVault: other files, same rules).
 */
import path from 'node:path';
import type { CredentialVault, Encryptor, VaultPaths } from './vault';
import { EncryptedVault } from './encrypted-vault';
import { OwnerOnlyFileVault } from './file-vault';
import { screenText, type ScreenText } from '../../contract/ipc';

/** The vault's own directory inside the kiosk's data directory (the edge: userData or kiosk.dataDir). */
export function credentialDir(dataDir: string): string {
  return path.join(dataDir, 'credentials');
}

export const ENCRYPTED_FILE = 'credential.enc';
export const PLAIN_FILE = 'credential.json';
/** The site store's password (siteStore.url's role), beside the service credential. */
export const SITE_STORE_ENCRYPTED_FILE = 'site-store-credential.enc';
export const SITE_STORE_PLAIN_FILE = 'site-store-credential.json';

/** safeStorage backends that are not a real keyring: 'basic_text' encrypts with a hard-coded password. */
const NOT_A_KEYRING = new Set(['basic_text', 'unknown', '']);

/** Why no keyring will be used (a sentence of the screen's table, by key), or null when one will. */
export function keyringReason(encryptor: Encryptor | null): ScreenText | null {
  if (!encryptor) return screenText('admin.fromMain.whyNoKeyringAccess');
  if (!encryptor.isEncryptionAvailable()) return screenText('admin.fromMain.whyKeyringUnavailable');
  const backend = encryptor.backend();
  if (backend === 'basic_text') return screenText('admin.fromMain.whyBasicText');
  if (NOT_A_KEYRING.has(backend)) return screenText('admin.fromMain.whyKeyringUnknown', { backend });
  return null;
}

/** Why no keyring will be used, in English (the log, `--admin` commands), or null when one will. */
export function keyringProblem(encryptor: Encryptor | null): string | null {
  return keyringReason(encryptor)?.message ?? null;
}

export function chooseVault(
  encryptor: Encryptor | null,
  paths: VaultPaths,
  platform: NodeJS.Platform = process.platform,
  files: { encrypted: string; plain: string } = { encrypted: ENCRYPTED_FILE, plain: PLAIN_FILE },
): CredentialVault {
  const encryptedFile = path.join(paths.dir, files.encrypted);
  const plainFile = path.join(paths.dir, files.plain);
  const reason = keyringReason(encryptor);
  if (encryptor && reason === null) return new EncryptedVault(encryptor, encryptedFile, { replaces: plainFile });
  const why = reason?.key ?? 'admin.fromMain.whyNoKeyringAccess';
  const sentence = platform === 'win32' ? 'admin.fromMain.credentialInProfileFile' : platform === 'linux' ? 'admin.fromMain.credentialInUserFileLinux' : 'admin.fromMain.credentialInUserFile';
  return new OwnerOnlyFileVault(plainFile, { warning: screenText(sentence, { why, ...reason?.params }) });
}

/** The vault of the shared alarm desk's store password (admin set-site-store-password), in the same directory, chosen by the same rule. */
export function chooseSiteStoreVault(encryptor: Encryptor | null, paths: VaultPaths, platform: NodeJS.Platform = process.platform): CredentialVault {
  return chooseVault(encryptor, paths, platform, { encrypted: SITE_STORE_ENCRYPTED_FILE, plain: SITE_STORE_PLAIN_FILE });
}
