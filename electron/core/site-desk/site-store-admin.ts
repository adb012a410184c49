/**
 * The administrator's commands for the shared alarm desk's store, run by admin-command.ts:
 *
 *   migrate-site-store URL     creates or migrates the kiosk_desk schema with an administrator's
 *                              role (URL without a password: the password is read from standard
 *                              input, hidden at a terminal, nothing for a server that trusts this
 *                              computer), then prints the SQL that creates the kiosks' role
 *   publish-operators URL      puts this workstation's operator list (admin add-operator: names and
 *                              PIN hashes, never a PIN) in the store as the site's: every desk can
 *                              then sign them in (each keeps a copy for when the store is down)
 *   set-site-store-password    stores the kiosks' role password (siteStore.url's user) in its own
 *                              credential vault (chooseSiteStoreVault), read from standard input
 *
 * No password is ever accepted as an argument, printed, or put in a message.
 */
import { toKioskError } from '../ipc/failure';
import { readOptionalPassword, readSecret, type AdminInput } from '../credentials/admin-input';
import { Secret } from '../credentials/secret';
import type { CredentialVault } from '../credentials/vault';
import { migrateSiteStore, parseStoreUrl, publishSiteOperators, SiteStoreError, type StoreTarget } from './site-store';
import { readOperatorList } from '../operators/operator-list';
import { SITE_STORE_ROLE, SITE_STORE_ROLE_SQL, SITE_STORE_VERSION } from './site-store-schema';

type Print = (text?: string) => void;

export const MIGRATE_USAGE = 'Usage: admin migrate-site-store postgres://ADMINISTRATOR@host:port/database   (the password is read from standard input)';

export const PUBLISH_USAGE = 'Usage: admin publish-operators postgres://ADMINISTRATOR@host:port/database   (the password is read from standard input)';

/**
 * The administrator's address from the command's one operand: parsed, and refused (exit code 2)
 * when missing, not an address, or holding a password (a command line is seen by every user of
 * the computer and kept in shell history).
 */
function adminTarget(operands: readonly string[], usage: string, print: Print): { url: string; target: StoreTarget } | number {
  if (operands.length !== 1 || !operands[0]) {
    print(usage);
    return 2;
  }
  const url = operands[0];
  let target: StoreTarget;
  try {
    target = parseStoreUrl(url);
  } catch (thrown) {
    print(thrown instanceof SiteStoreError ? thrown.message : toKioskError(thrown).message);
    return 2;
  }
  if (target.urlPassword !== null) {
    print(
      'Refused: the address holds a password. A command line can be seen by every user of this computer and is kept in shell history: ' +
        'give the address without it (postgres://ADMINISTRATOR@host:port/database) and type the password when asked, or pipe it in.',
    );
    print('Consider that password exposed and have it replaced.');
    return 2;
  }
  return { url, target };
}

/** The administrator's password, hidden at a terminal (nothing for a server that trusts this computer). */
const askPassword = (target: StoreTarget, stdin: AdminInput, stdout: NodeJS.WritableStream): Promise<string | null> =>
  readOptionalPassword(stdin, stdout, `Type the password of ${target.user} at ${target.label} and press Enter (it will not be shown; Enter alone for none): `);

/** publish-operators URL: this workstation's operator list becomes the site's; resolves to the exit code. */
export async function publishOperatorsCommand(operands: readonly string[], listDir: string, stdin: AdminInput, stdout: NodeJS.WritableStream, print: Print): Promise<number> {
  const given = adminTarget(operands, PUBLISH_USAGE, print);
  if (typeof given === 'number') return given;
  const { url, target } = given;
  const list = await readOperatorList(listDir);
  if (list.problem) {
    print(`Not published: ${list.problem}`);
    return 1;
  }
  if (list.operators.length === 0) {
    print('Not published: no operator is provisioned on this workstation. Add them first with "admin add-operator NAME".');
    return 1;
  }
  let password: string | null;
  try {
    password = await askPassword(target, stdin, stdout);
  } catch (thrown) {
    print(`Not published: ${toKioskError(thrown).message}`);
    return 1;
  }
  try {
    const count = await publishSiteOperators(url, password, list.operators);
    print(`The site's operator list at ${target.label} now holds ${count} operator${count === 1 ? '' : 's'}: ${list.operators.map((o) => o.name).join(', ')}. Every desk takes it at its next connection.`);
    return 0;
  } catch (thrown) {
    print(`Not published: ${thrown instanceof SiteStoreError ? thrown.message : toKioskError(thrown).message}`);
    return 1;
  }
}

/** migrate-site-store URL: resolves to the exit code. */
export async function migrateSiteStoreCommand(operands: readonly string[], stdin: AdminInput, stdout: NodeJS.WritableStream, print: Print): Promise<number> {
  const given = adminTarget(operands, MIGRATE_USAGE, print);
  if (typeof given === 'number') return given;
  const { url, target } = given;
  let password: string | null;
  try {
    password = await askPassword(target, stdin, stdout);
  } catch (thrown) {
    print(`Not migrated: ${toKioskError(thrown).message}`);
    return 1;
  }
  try {
    const info = await migrateSiteStore(url, password);
    print(
      info.migrated
        ? `The shared alarm desk's store at ${target.label} (database ${target.database}) was migrated from schema version ${info.from} to ${info.schemaVersion}.`
        : `The shared alarm desk's store at ${target.label} (database ${target.database}) already has schema version ${SITE_STORE_VERSION}: nothing to do.`,
    );
    print(`Site id: ${info.siteId}`);
    print();
    print(`The kiosks log in with a role that may only call the desk's functions. Create it once (as the database's owner, e.g. in psql), then set its password with \\password ${SITE_STORE_ROLE}:`);
    print();
    print(SITE_STORE_ROLE_SQL.trimEnd());
    print();
    print(`On each kiosk: siteStore.url = postgres://${SITE_STORE_ROLE}@${target.label}/${target.database}, and "admin set-site-store-password" for the password.`);
    return 0;
  } catch (thrown) {
    print(`Not migrated: ${thrown instanceof SiteStoreError ? thrown.message : toKioskError(thrown).message}`);
    return 1;
  }
}

/** set-site-store-password: resolves to the exit code. */
export async function setSiteStorePasswordCommand(vault: CredentialVault, stdin: AdminInput, stdout: NodeJS.WritableStream, print: Print): Promise<number> {
  let text: string;
  try {
    // 'basic': any printable character, as a password may hold.
    text = await readSecret(stdin, stdout, 'basic');
  } catch (thrown) {
    print(`Not saved: ${toKioskError(thrown).message}`);
    return 1;
  }
  try {
    await vault.write(new Secret(text, new Date().toISOString(), null));
  } catch (thrown) {
    print(`Not saved: ${toKioskError(thrown).message}`);
    return 1;
  }
  const where = vault.describe();
  print(`The shared alarm desk's store password saved (${where.encrypted ? 'encrypted by the system keyring' : 'not encrypted'}) in ${where.location}.`);
  if (where.warning) print(`Warning: ${where.warning}`);
  return 0;
}
