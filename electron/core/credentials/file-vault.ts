/**
 * OwnerOnlyFileVault: the credential as JSON in a file that only its owner may read (0600, in a
 * directory created 0700). It refuses a file whose permissions let anyone else read it, rather
 * than use a credential that may already have leaked. The file mechanics (atomic, 0600, checked
 * on read) are storage/owner-only-files.ts; this module words their refusals for the credential.
 */
import { z } from 'zod';
import { KioskFailure } from '../ipc/failure';
import { OwnerOnlyFileError, readOwnerOnly as readPrivateFile, writeOwnerOnly } from '../storage/owner-only-files';
import { Secret } from './secret';
import type { CredentialVault, VaultDescription } from './vault';
import type { ScreenText } from '../../contract/ipc';

export { writeOwnerOnly };

/**
 * Reads a credential file, or returns null when it does not exist. With `ownerOnly`, refuses
 * (KioskFailure 'config', saying what to do) a file that other accounts may read or that belongs
 * to another account (storage/owner-only-files.ts checks the opened file itself).
 */
export async function readOwnerOnly(file: string, ownerOnly: boolean): Promise<Buffer | null> {
  try {
    return await readPrivateFile(file, ownerOnly);
  } catch (thrown) {
    if (!(thrown instanceof OwnerOnlyFileError)) throw thrown;
    switch (thrown.code) {
      case 'unreadable':
        throw KioskFailure.of('config', `The stored service credential (${file}) cannot be opened: ${thrown.detail}.`, { detail: `open ${file}: ${thrown.detail}` });
      case 'other-owner':
        throw KioskFailure.of('config', `The stored service credential (${file}) belongs to another user account, so the kiosk will not use it. Set the credential again with the admin tool.`, {
          detail: thrown.detail,
        });
      case 'too-open': {
        const octal = thrown.detail.replace('permissions ', '');
        throw KioskFailure.of(
          'config',
          `The stored service credential (${file}) can be read by other users of this computer (permissions ${octal}), so the kiosk will not use it. ` +
            `Restrict it with "chmod 600 ${file}", or better, set the credential again with the admin tool, since it may have been seen.`,
          { detail: `mode ${octal} on ${file}` },
        );
      }
    }
  }
}

/** What the files of both vaults hold (inside the encryption, for the encrypted one). Version 2 adds the origin it is bound to. */
export const StoredCredential = z.union([
  z.object({
    format: z.literal('access-kiosk-credential'),
    version: z.literal(1),
    secret: z.string().min(1),
    savedAt: z.string().nullable(),
  }),
  z.object({
    format: z.literal('access-kiosk-credential'),
    version: z.literal(2),
    secret: z.string().min(1),
    savedAt: z.string().nullable(),
    origin: z.string().min(1).max(300).nullable(),
  }),
]);

export function encodeCredential(secret: Secret): string {
  return JSON.stringify({
    format: 'access-kiosk-credential',
    version: 2,
    secret: secret.reveal(),
    savedAt: secret.savedAt ?? new Date().toISOString(),
    origin: secret.origin,
  });
}

export function decodeCredential(text: string, file: string): Secret {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  const result = StoredCredential.safeParse(parsed);
  if (!result.success) {
    throw KioskFailure.keyed('config', 'credentialDamaged', { file }, {
      detail: `credential file ${file} does not hold a stored credential`,
    });
  }
  return new Secret(result.data.secret, result.data.savedAt, result.data.version === 2 ? result.data.origin : null);
}

export class OwnerOnlyFileVault implements CredentialVault {
  private readonly warning: string;
  private readonly warningText: ScreenText | null;

  constructor(
    readonly file: string,
    options: { warning?: ScreenText } = {},
  ) {
    this.warning = options.warning?.message ?? 'The service credential is stored unencrypted, in a file only this user account can read.';
    this.warningText = options.warning ?? null;
  }

  async read(): Promise<Secret | null> {
    const bytes = await readOwnerOnly(this.file, true);
    return bytes === null ? null : decodeCredential(bytes.toString('utf8'), this.file);
  }

  async write(secret: Secret): Promise<void> {
    await writeOwnerOnly(this.file, encodeCredential(secret));
  }

  describe(): VaultDescription {
    return { storage: 'owner-only-file', encrypted: false, location: this.file, warning: this.warning, warningText: this.warningText };
  }
}
