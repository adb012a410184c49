/**
 * The data key: a random AES-256 key that encrypts personal data kept on this workstation (the
 * cardholder directory snapshot, the offline outbox, the enrolment and acknowledgement logs). It
 * is stored wrapped by the system keyring (Electron's safeStorage, passed in as an Encryptor), next
 * to the credential. Without a real keyring there is no key: the data is kept unencrypted in
 * owner-only files, and describe() says so plainly for the Administration view. A wrapped key the
 * keyring can no longer open is replaced by a new one (what it protected is then unreadable: the
 * directory is downloaded again, log lines under the old key are reported as skipped).
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { readOwnerOnly, writeOwnerOnly } from '../storage/owner-only-files';
import { keyringReason } from './choose-vault';
import { screenText, type ScreenText } from '../../contract/ipc';
import type { Encryptor } from './vault';

export const DATA_KEY_FILE = 'data-key.enc';
const KEY_BYTES = 32;

export interface DataKeyDescription {
  encrypted: boolean;
  /** What an administrator should know about how the data is protected; null when encrypted. */
  warning: string | null;
  /** The same as a key + parameters, for the Administration view to word in the language shown. */
  warningText?: ScreenText | null;
}

export interface DataKeyStore {
  /** The key (created on first use), or null when data is kept unencrypted. */
  key(): Promise<Buffer | null>;
  describe(): DataKeyDescription;
}

export function chooseDataKey(encryptor: Encryptor | null, dir: string, log?: (line: string) => void): DataKeyStore {
  const reason = keyringReason(encryptor);
  if (!encryptor || reason !== null) {
    const warningText = screenText('admin.fromMain.dataUnencrypted', { why: reason?.key ?? 'admin.fromMain.whyNoKeyringAccess', ...reason?.params });
    return { key: async () => null, describe: () => ({ encrypted: false, warning: warningText.message, warningText }) };
  }
  const file = path.join(dir, DATA_KEY_FILE);
  let loaded: Promise<Buffer> | null = null;
  const create = async (): Promise<Buffer> => {
    const key = randomBytes(KEY_BYTES);
    await writeOwnerOnly(file, encryptor.encryptString(key.toString('base64')));
    return key;
  };
  const load = async (): Promise<Buffer> => {
    const wrapped = await readOwnerOnly(file, false);
    if (wrapped === null) return create();
    try {
      const key = Buffer.from(encryptor.decryptString(wrapped), 'base64');
      if (key.length === KEY_BYTES) return key;
    } catch {
      // fall through: the keyring cannot open it any more
    }
    log?.(`the data key in ${file} cannot be opened with the system keyring; a new one replaces it and data saved under the old one will be downloaded again`);
    return create();
  };
  return {
    key: () => {
      loaded ??= load().catch((thrown: unknown) => {
        loaded = null;
        throw thrown;
      });
      return loaded;
    },
    describe: () => ({ encrypted: true, warning: null }),
  };
}
