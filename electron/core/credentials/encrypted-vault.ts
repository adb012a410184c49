/**
 * EncryptedVault: the credential encrypted by the operating system's keyring (Electron's
 * safeStorage, passed in by the edge as an Encryptor) and the ciphertext kept in an owner-only
 * file. The vault does not decide whether the keyring is real; chooseVault (choose-vault.ts) does.
 */
import { rm } from 'node:fs/promises';
import { KioskFailure } from '../ipc/failure';
import type { Secret } from './secret';
import { decodeCredential, encodeCredential, readOwnerOnly, writeOwnerOnly } from './file-vault';
import type { CredentialVault, Encryptor, VaultDescription } from './vault';

export class EncryptedVault implements CredentialVault {
  constructor(
    private readonly encryptor: Encryptor,
    readonly file: string,
    /** `replaces`: an unencrypted credential file removed once the encrypted one is written. */
    private readonly options: { replaces?: string } = {},
  ) {}

  async read(): Promise<Secret | null> {
    const bytes = await readOwnerOnly(this.file, false);
    if (bytes === null) return null;
    this.requireKeyring();
    let text: string;
    try {
      text = this.encryptor.decryptString(bytes);
    } catch (thrown) {
      throw KioskFailure.of(
        'config',
        'The stored service credential cannot be decrypted on this computer (the system keyring may have changed). Set it again with the admin tool.',
        { detail: `decrypt ${this.file} with ${this.encryptor.backend()}: ${thrown instanceof Error ? thrown.message : 'failed'}` },
      );
    }
    return decodeCredential(text, this.file);
  }

  async write(secret: Secret): Promise<void> {
    this.requireKeyring();
    await writeOwnerOnly(this.file, this.encryptor.encryptString(encodeCredential(secret)));
    if (this.options.replaces) await rm(this.options.replaces, { force: true });
  }

  describe(): VaultDescription {
    return { storage: 'os-keyring', encrypted: true, location: this.file, warning: null };
  }

  private requireKeyring(): void {
    if (!this.encryptor.isEncryptionAvailable()) {
      throw KioskFailure.of('config', 'The system keyring is not available, so the stored service credential cannot be used. Unlock the keyring or ask the administrator.', {
        detail: `encryption unavailable (${this.encryptor.backend()})`,
      });
    }
  }
}
