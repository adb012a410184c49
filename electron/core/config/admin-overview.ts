/**
 * The administration overview: how the kiosk reaches its service and how the credential is kept,
 * for the admin view. It reports whether a credential is stored and where, never its text, and
 * says plainly when the storage is not encrypted or the credential cannot be read.
 */
import { stat } from 'node:fs/promises';
import { screenText, type AdminOverview, type DirectoryState, type KioskError, type MainText } from '../../contract/ipc';
import { plainHttpWarning } from '../credentials/credential-binding';
import type { CredentialVault } from '../credentials/vault';
import { toKioskError } from '../ipc/failure';
import type { KioskConfig } from './config-schema';

export interface AdminOverviewOptions {
  config: KioskConfig;
  vault: CredentialVault;
  mode: AdminOverview['mode'];
  serviceLabel: string;
  /** The saved cardholder directory: its file, what the lookup holds, how it is protected. */
  directory: { file: string; state: () => DirectoryState; encrypted: boolean; warning: string | MainText | null };
  /** Why the stored credential is not sent to the configured service (bound to another origin), if so. */
  credentialProblem?: KioskError | null;
}

export function createAdminOverviewHandler(options: AdminOverviewOptions): () => Promise<AdminOverview> {
  const { config, vault, mode, serviceLabel, directory } = options;
  return async () => {
    const auth = config.service.auth;
    const where = vault.describe();
    let stored = false;
    let savedAt: string | null = null;
    let boundTo: string | null = null;
    // The warning's sentences, each worded by the screen.
    const warnings: MainText[] = where.warningText ? [where.warningText] : where.warning ? [{ message: where.warning }] : [];
    try {
      const secret = await vault.read();
      stored = secret !== null;
      savedAt = secret?.savedAt ?? null;
      boundTo = secret?.origin ?? null;
    } catch (thrown) {
      warnings.splice(0, warnings.length, textOf(toKioskError(thrown)));
    }
    if (stored && mode === 'configured' && auth.scheme !== 'none' && options.credentialProblem) {
      warnings.push(textOf(options.credentialProblem));
    }
    if (!stored && auth.scheme !== 'none' && mode === 'configured') {
      warnings.push(screenText('admin.fromMain.noCredential'));
    }
    const warning = warnings.length > 0 ? warnings.map((w) => w.message).join(' ') : null;
    return {
      mode,
      serviceLabel,
      authScheme: mode === 'demo' ? 'none' : auth.scheme,
      authDetail: mode === 'demo' ? null : auth.scheme === 'apiKey' ? `header ${auth.header}` : auth.scheme === 'basic' ? `user ${auth.username}` : null,
      customCertificateAuthority: config.service.tls.caFile !== null,
      pinnedCertificates: config.service.tls.pinnedSha256.length,
      credential: { stored, savedAt, storage: where.storage, encrypted: where.encrypted, location: where.location, warning, warnings, boundTo: boundTo ?? null },
      ...transportWarning(mode === 'configured' ? config.service.url : null, config.service.allowPlainHttp),
      directory: await directoryOverview(directory),
    };
  };
}

/** Plain http:// to another computer, allowed explicitly: the warning in English and as a key + the origin. */
function transportWarning(url: string | null, allowPlainHttp: boolean): Pick<AdminOverview, 'transportWarning' | 'transportWarningText'> {
  const warning = plainHttpWarning(url, allowPlainHttp);
  if (warning === null || url === null) return { transportWarning: null, transportWarningText: null };
  return { transportWarning: warning, transportWarningText: { ...screenText('admin.fromMain.plainHttp', { origin: new URL(url).origin }), message: warning } };
}

/** A typed error as a sentence of the warning: its key and parameters, and its English message. */
const textOf = (error: KioskError): MainText => ({ key: error.key, params: error.params, message: error.message });

async function directoryOverview(directory: AdminOverviewOptions['directory']): Promise<AdminOverview['directory']> {
  const state = directory.state();
  let bytes: number | null = null;
  try {
    bytes = (await stat(directory.file)).size;
  } catch {
    bytes = null;
  }
  return {
    saved: bytes !== null,
    location: directory.file,
    bytes,
    records: state.records,
    syncedAt: state.syncedAt,
    encrypted: directory.encrypted,
    warning: state.snapshotProblem ?? (typeof directory.warning === 'string' ? directory.warning : (directory.warning?.message ?? null)),
    snapshotIssue: state.snapshotIssue,
    warningText: state.snapshotProblem || typeof directory.warning === 'string' ? null : directory.warning,
  };
}
