/**
 * OwnerOnlyFileVault: the credential as JSON in a file that only its owner may read (0600, in a
 * directory created 0700). It refuses a file whose permissions let anyone else read it, rather
 * than use a credential that may already have leaked. Also home of the owner-only file helpers
 * the encrypted vault uses for its ciphertext.
 */
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { KioskFailure } from '../ipc/failure';
import { Secret } from './secret';
import type { CredentialVault, VaultDescription } from './vault';

const POSIX = process.platform !== 'win32';

/** Writes atomically (temporary file + rename) a file readable by its owner only, creating its directory 0700. */
export async function writeOwnerOnly(file: string, data: string | Uint8Array): Promise<void> {
  const dir = path.dirname(file);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  if (POSIX) {
    const dirStat = await stat(dir);
    if ((dirStat.mode & 0o077) !== 0 && dirStat.uid === process.getuid?.()) await chmod(dir, 0o700);
  }
  const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  const handle = await open(temporary, 'wx', 0o600);
  try {
    if (POSIX) await handle.chmod(0o600); // the umask may only remove bits; make it exact anyway
    await handle.writeFile(data);
    await handle.sync();
  } catch (thrown) {
    await handle.close();
    await rm(temporary, { force: true });
    throw thrown;
  }
  await handle.close();
  await rename(temporary, file);
}

/**
 * Reads a file, or returns null when it does not exist. With `ownerOnly`, refuses (KioskFailure
 * 'config') a file that other accounts may read or that belongs to another account. Permissions
 * are checked on the opened file, not on its name, so the file cannot be swapped in between.
 */
export async function readOwnerOnly(file: string, ownerOnly: boolean): Promise<Buffer | null> {
  let handle;
  try {
    handle = await open(file, 'r');
  } catch (thrown) {
    const code = (thrown as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return null;
    throw KioskFailure.of('config', `The stored service credential (${file}) cannot be opened: ${code === 'EACCES' ? 'permission denied' : code}.`, {
      detail: `open ${file}: ${code}`,
    });
  }
  try {
    if (ownerOnly && POSIX) {
      const info = await handle.stat();
      const uid = process.getuid?.();
      if (uid !== undefined && info.uid !== uid) {
        throw KioskFailure.of('config', `The stored service credential (${file}) belongs to another user account, so the kiosk will not use it. Set the credential again with the admin tool.`, {
          detail: `owner uid ${info.uid}, expected ${uid}`,
        });
      }
      const mode = info.mode & 0o777;
      if ((mode & 0o077) !== 0) {
        const octal = mode.toString(8).padStart(4, '0');
        throw KioskFailure.of(
          'config',
          `The stored service credential (${file}) can be read by other users of this computer (permissions ${octal}), so the kiosk will not use it. ` +
            `Restrict it with "chmod 600 ${file}", or better, set the credential again with the admin tool, since it may have been seen.`,
          { detail: `mode ${octal} on ${file}` },
        );
      }
    }
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

/** What the files of both vaults hold (inside the encryption, for the encrypted one). */
export const StoredCredential = z.object({
  format: z.literal('access-kiosk-credential'),
  version: z.literal(1),
  secret: z.string().min(1),
  savedAt: z.string().nullable(),
});

export function encodeCredential(secret: Secret): string {
  return JSON.stringify({ format: 'access-kiosk-credential', version: 1, secret: secret.reveal(), savedAt: secret.savedAt ?? new Date().toISOString() });
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
    throw KioskFailure.of('config', `The stored service credential (${file}) is damaged. Set it again with the admin tool.`, {
      detail: `credential file ${file} does not hold a stored credential`,
    });
  }
  return new Secret(result.data.secret, result.data.savedAt);
}

export class OwnerOnlyFileVault implements CredentialVault {
  private readonly warning: string;

  constructor(
    readonly file: string,
    options: { warning?: string } = {},
  ) {
    this.warning = options.warning ?? 'The service credential is stored unencrypted, in a file only this user account can read.';
  }

  async read(): Promise<Secret | null> {
    const bytes = await readOwnerOnly(this.file, true);
    return bytes === null ? null : decodeCredential(bytes.toString('utf8'), this.file);
  }

  async write(secret: Secret): Promise<void> {
    await writeOwnerOnly(this.file, encodeCredential(secret));
  }

  describe(): VaultDescription {
    return { storage: 'owner-only-file', encrypted: false, location: this.file, warning: this.warning };
  }
}
