/**
 * The administration overview: how the kiosk reaches its service and how the credential is kept,
 * for the admin view. It reports whether a credential is stored and where, never its text, and
 * says plainly when the storage is not encrypted or the credential cannot be read.
 */
import type { AdminOverview } from '../../contract/ipc';
import type { CredentialVault } from '../credentials/vault';
import { toKioskError } from '../ipc/failure';
import type { KioskConfig } from './config-schema';

export interface AdminOverviewOptions {
  config: KioskConfig;
  vault: CredentialVault;
  mode: AdminOverview['mode'];
  serviceLabel: string;
}

export function createAdminOverviewHandler(options: AdminOverviewOptions): () => Promise<AdminOverview> {
  const { config, vault, mode, serviceLabel } = options;
  return async () => {
    const auth = config.service.auth;
    const where = vault.describe();
    let stored = false;
    let savedAt: string | null = null;
    let warning = where.warning;
    try {
      const secret = await vault.read();
      stored = secret !== null;
      savedAt = secret?.savedAt ?? null;
    } catch (thrown) {
      warning = toKioskError(thrown).message;
    }
    if (!stored && auth.scheme !== 'none' && mode === 'configured') {
      warning = [warning, 'No credential is stored although the service needs one: set it with the admin tool (set-secret).'].filter(Boolean).join(' ');
    }
    return {
      mode,
      serviceLabel,
      authScheme: mode === 'demo' ? 'none' : auth.scheme,
      authDetail: mode === 'demo' ? null : auth.scheme === 'apiKey' ? `header ${auth.header}` : auth.scheme === 'basic' ? `user ${auth.username}` : null,
      customCertificateAuthority: config.service.tls.caFile !== null,
      pinnedCertificates: config.service.tls.pinnedSha256.length,
      credential: { stored, savedAt, storage: where.storage, encrypted: where.encrypted, location: where.location, warning },
    };
  };
}
