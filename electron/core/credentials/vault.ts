/**
 * The credential vault, as the rest of the kiosk sees it: where the one service credential lives,
 * in the main process only. Types only — the interface every vault implements, the description
 * an administrator is shown, and the Encryptor port that Electron's safeStorage fits. The
 * implementations are encrypted-vault.ts and file-vault.ts; choose-vault.ts picks one.
 * Nothing here logs, renders or returns the secret's text.
 */
import type { Secret } from './secret';
import type { ScreenText } from '../../contract/ipc';

export interface VaultDescription {
  storage: 'os-keyring' | 'owner-only-file';
  encrypted: boolean;
  /** The file that holds it. */
  location: string;
  /** What an administrator should know about how safe the storage is; null when nothing. */
  warning: string | null;
  /** The same as a key + parameters, for the Administration view to word in the language shown. */
  warningText?: ScreenText | null;
}

export interface CredentialVault {
  /** The stored credential, or null when none has been set. Throws a KioskFailure ('config') when it cannot be used. */
  read(): Promise<Secret | null>;
  /** Stores (or replaces) the credential. */
  write(secret: Secret): Promise<void>;
  describe(): VaultDescription;
}

/** The port Electron's safeStorage fits (backend(): getSelectedStorageBackend() on Linux, a fixed name elsewhere). */
export interface Encryptor {
  /** e.g. 'gnome_libsecret', 'kwallet5', 'basic_text', 'keychain', 'dpapi'. */
  backend(): string;
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
}

export interface VaultPaths {
  /** A directory of its own for the credential (created 0700), e.g. <userData>/credentials. */
  dir: string;
}
