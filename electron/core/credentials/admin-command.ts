/**
 * The administrator's commands for the service credential, as one function the Node entry
 * (electron/tools/admin.ts) and the Electron edge both call:
 *
 *   set-secret [--test]   store or replace the credential, read from STANDARD INPUT (hidden when
 *                         typed at a terminal); --test then tries the connection
 *   test-connection       asks the service for its highest event id with the stored credential
 *   show                  what is configured and how the credential is stored (never the secret)
 *   set-pin               store or replace the administrator PIN (admin-lock/), read from
 *                         STANDARD INPUT, given twice (typed twice, hidden, at a terminal; piped:
 *                         exactly two equal non-empty lines)
 *   add-operator NAME     add a guard or officer who signs in at shifts, or replace their PIN
 *                         (read like the administrator PIN)
 *   remove-operator NAME  remove one;  list-operators: the names (operators/operator-list.ts)
 *   unlock-operator NAME  lift the name's lock-out after wrong PINs, and the kiosk-wide slowdown
 *                         (operators/operator-lockout.ts; a new PIN by add-operator lifts it too)
 *   migrate-site-store URL, publish-operators URL, set-site-store-password: the shared alarm desk's store
 *                         (site-desk/site-store-admin.ts)
 *
 * The command line is read by admin-args.ts (node:util parseArgs), standard input by
 * admin-input.ts (the secret; a PIN, twice, by one reader for set-pin and add-operator).
 * The credential is bound to the origin of the configured service address when it is set
 * (credential-binding.ts): the kiosk sends it to no other address.
 * The secret is never accepted as an argument (command lines are visible to every user of the
 * computer and kept in shell history), never printed, and never put in a message.
 */
import type { KioskConfig } from '../config/config-schema';
import { serviceLabelOf } from '../config/settings';
import { toKioskError } from '../ipc/failure';
import { createLogger, silentSink, type Logger } from '../log/logger';
import { createServiceClient } from '../service/service-client';
import { Secret } from './secret';
import { credentialBindingProblem, originOf } from './credential-binding';
import { setAdminPin } from '../admin-lock/admin-lock';
import { PIN_RULES_TEXT } from '../admin-lock/pin-rules';
import { AdminLock } from '../admin-lock/admin-lock';
import { dirname } from 'node:path';
import { findOperator, readOperatorList, removeOperator, setOperatorPin, SITE_OPERATORS_FILE } from '../operators/operator-list';
import { liftLockout } from '../operators/operator-lockout';
import type { CredentialVault } from './vault';
import { parseAdminArgs } from './admin-args';
import { PIPED_PIN_RULE, readPinTwice, readSecret, type AdminInput } from './admin-input';
import { chooseSiteStoreVault } from './choose-vault';
import { migrateSiteStoreCommand, publishOperatorsCommand, setSiteStorePasswordCommand } from '../site-desk/site-store-admin';

export { ADMIN_FLAGS } from './admin-args';
export type { AdminInput } from './admin-input';

/** The client test-connection uses (createServiceClient fits). */
export interface ConnectionProbe {
  readonly serviceLabel: string;
  getMaxEventId(): Promise<number>;
  close(): void;
}

export interface AdminCommandInput {
  /** The arguments after the program name: the command first, then its flags. */
  args: readonly string[];
  stdin: AdminInput;
  stdout: NodeJS.WritableStream;
  vault: CredentialVault;
  config: KioskConfig;
  /** The service address when config.service.url is null (the edge's embedded simulator). */
  baseUrl?: string;
  log?: Logger;
  /** Builds the client test-connection uses; default createServiceClient. */
  connect?: (options: { config: KioskConfig; baseUrl: string; secret: Secret | null; log: Logger }) => ConnectionProbe;
  /** Where the admin PIN is kept; default: the vault's directory (beside the credential). */
  pinDir?: string;
  /** The vault of the shared alarm desk's store password; default: the owner-only file beside the credential. */
  siteStoreVault?: CredentialVault;
}

const USAGE = `Usage: admin <command>

  set-secret [--test]   Store or replace the service credential (API key, password or token).
                        It is read from standard input: type it when asked (it is not shown),
                        or pipe it in, e.g.  admin set-secret < /root/kiosk-key.txt
                        --test then tries the connection with it.
  test-connection       Ask the service for its highest event id with the stored credential.
  show                  Show the service settings and how the credential is stored.
  check                 Validate the whole configuration and print what is wrong, key by key.
  set-pin               Store or replace the administrator PIN, which unlocks the Administration
                        view, the operator log's export, leaving kiosk mode and quitting.
                        It is read from standard input, given twice: typed twice at a terminal
                        (not shown), or ${PIPED_PIN_RULE} admin set-pin
                        A PIN is ${PIN_RULES_TEXT}.
  add-operator NAME     Add a guard or officer who signs in at the start of a shift, or replace
                        their PIN. NAME in quotes: add-operator "Maya Okafor". The personal PIN is
                        read from standard input like the administrator PIN (given twice).
  remove-operator NAME  Remove an operator from this kiosk's list.
  unlock-operator NAME  Lift the lock on an operator's name after wrong PINs (and the short wait
                        every sign-in has after many wrong PINs), at once, even while the kiosk
                        runs. A new PIN with add-operator lifts it too.
  list-operators        The operators who may sign in here (never their PINs).
  migrate-site-store URL
                        Create or migrate the shared alarm desk's schema in the site's PostgreSQL,
                        as an administrator: URL is postgres://ADMINISTRATOR@host:port/database,
                        without a password (it is read from standard input; nothing for a server
                        that trusts this computer). Prints the SQL that creates the kiosks' role.
  publish-operators URL
                        Make this workstation's operator list (add-operator) the site's, in the
                        shared alarm desk's store (as an administrator, URL as above): every desk
                        of the site then signs them in, and keeps a copy for when it is down.
  set-site-store-password
                        Store or replace the password of the kiosks' role (siteStore.url's user),
                        read from standard input like the credential, in a vault of its own.

The credential is bound to the address of the configured service: after a change of service.url
to another host, port or scheme, set it again.

Configuration flags (--service-url=…, --data-dir=…, …) are accepted as by the kiosk itself,
written --name=value or --name value. An unknown flag, a flag without its value or an argument a
command does not take is refused (exit code 2).
`;

/** Runs one admin command; resolves to the process exit code (0 success, 1 failure, 2 usage). */
export async function runAdminCommand(input: AdminCommandInput): Promise<number> {
  const { args, stdout } = input;
  const print = (text = '') => stdout.write(`${text}\n`);

  const parsed = parseAdminArgs(args);
  if ('problem' in parsed) {
    for (const line of parsed.problem) print(line);
    return 2;
  }
  const { command } = parsed;
  if (!command || command === 'help' || parsed.help) {
    stdout.write(USAGE);
    return command || parsed.help ? 0 : 2;
  }
  switch (command) {
    case 'set-secret':
      return setSecret(input, print, parsed.test);
    case 'test-connection':
      return testConnection(input, print);
    case 'show':
      return show(input, print);
    case 'set-pin':
      return setPin(input, print);
    case 'add-operator':
    case 'remove-operator':
    case 'list-operators':
    case 'unlock-operator':
      return operatorCommand(command, parsed.operands.join(' '), input, print);
    case 'migrate-site-store':
      return migrateSiteStoreCommand(parsed.operands, input.stdin, input.stdout, print);
    case 'publish-operators':
      return publishOperatorsCommand(parsed.operands, pinDirOf(input), input.stdin, input.stdout, print);
    case 'set-site-store-password':
      return setSiteStorePasswordCommand(input.siteStoreVault ?? chooseSiteStoreVault(null, { dir: pinDirOf(input) }), input.stdin, input.stdout, print);
    default:
      print(`Unknown command "${command}".`);
      stdout.write(USAGE);
      return 2;
  }
}

type Print = (text?: string) => void;

async function setSecret(input: AdminCommandInput, print: Print, thenTest: boolean): Promise<number> {
  const { config, vault } = input;
  if (config.service.auth.scheme === 'none') {
    print('Note: the configuration uses no authentication (service.auth.scheme is "none"), so the kiosk will not send this credential until that is changed.');
  }
  const origin = originOf(config.service.url ?? input.baseUrl ?? '');
  if (origin === null) {
    print('Not saved: no service address is configured (service.url). The credential is bound to the address of the service it is for: configure service.url first (or pass --service-url=…).');
    return 1;
  }
  let text: string;
  try {
    text = await readSecret(input.stdin, input.stdout, config.service.auth.scheme);
  } catch (thrown) {
    print(`Not saved: ${toKioskError(thrown).message}`);
    return 1;
  }
  try {
    await vault.write(new Secret(text, new Date().toISOString(), origin));
  } catch (thrown) {
    print(`Not saved: ${toKioskError(thrown).message}`);
    return 1;
  }
  const where = vault.describe();
  print(`Credential saved (${where.encrypted ? 'encrypted by the system keyring' : 'not encrypted'}) in ${where.location}, for ${origin} only.`);
  if (where.warning) print(`Warning: ${where.warning}`);
  return thenTest ? testConnection(input, print) : 0;
}

async function testConnection(input: AdminCommandInput, print: Print): Promise<number> {
  const { config, vault } = input;
  const baseUrl = config.service.url ?? input.baseUrl;
  if (!baseUrl) {
    print('No service address is configured (service.url), so the kiosk runs its built-in demo simulator: there is no service to test.');
    return 1;
  }
  const label = serviceLabelOf(baseUrl);
  const log = input.log ?? createLogger(silentSink);
  let client: ConnectionProbe | null = null;
  try {
    const secret = await vault.read();
    const refused = secret && config.service.auth.scheme !== 'none' ? credentialBindingProblem(secret, baseUrl) : null;
    if (refused) {
      print(`Reachable: not tried (${label}): nothing was sent`);
      print(`Problem (${refused.code}): ${refused.message}`);
      return 1;
    }
    const connect = input.connect ?? ((options) => createServiceClient(options));
    client = connect({ config, baseUrl, secret, log });
    const maxEventId = await client.getMaxEventId();
    print(`Reachable: yes (${label})`);
    print(`Highest event id: ${maxEventId}`);
    return 0;
  } catch (thrown) {
    const error = toKioskError(thrown);
    print(`Reachable: no (${label})`);
    print(`Problem (${error.code}): ${error.message}`);
    if (error.detail) log.info('admin', `test-connection: ${error.detail}`);
    return 1;
  } finally {
    client?.close();
  }
}

async function show(input: AdminCommandInput, print: Print): Promise<number> {
  const { service } = input.config;
  const auth = service.auth;
  const row = (name: string, value: string) => print(`${`${name}:`.padEnd(16)}${value}`);
  row('Service', service.url ? `${service.url} (${serviceLabelOf(service.url)})` : 'none configured: the built-in demo simulator');
  row(
    'Authentication',
    auth.scheme === 'apiKey'
      ? `API key in the ${auth.header} header`
      : auth.scheme === 'basic'
        ? `basic, user name "${auth.username}"`
        : auth.scheme === 'bearer'
          ? 'bearer token'
          : 'none',
  );
  row('Certificates', service.tls.caFile ? `built-in authorities and ${service.tls.caFile}` : 'built-in authorities');
  if (service.tls.pinnedSha256.length > 0) row('Pinned', `${service.tls.pinnedSha256.length} certificate fingerprint(s)`);
  const where = input.vault.describe();
  let stored: string;
  let code = 0;
  try {
    const secret = await input.vault.read();
    stored = secret ? `stored${secret.savedAt ? ` (set ${secret.savedAt})` : ''}, ${secret.origin ? `for ${secret.origin} only` : 'not bound to an address: set it again'}` : 'not set';
  } catch (thrown) {
    stored = `cannot be used: ${toKioskError(thrown).message}`;
    code = 1;
  }
  row('Credential', stored);
  row('Storage', where.encrypted ? 'system keyring (encrypted)' : 'owner-only file (not encrypted)');
  row('Location', where.location);
  if (where.warning) row('Warning', where.warning);
  const pin = await new AdminLock({ dir: pinDirOf(input), log: input.log ?? createLogger(silentSink) }).state();
  row('Admin PIN', pin.configured ? (pin.lockedUntil ? `set; locked after wrong PINs until ${pin.lockedUntil}` : 'set') : (pin.problem ?? 'not set'));
  return code;
}

const pinDirOf = (input: AdminCommandInput): string => input.pinDir ?? dirname(input.vault.describe().location);

async function setPin(input: AdminCommandInput, print: Print): Promise<number> {
  try {
    const pin = await readPinTwice(input.stdin, input.stdout, `Type the new administrator PIN (${PIN_RULES_TEXT}) and press Enter (it will not be shown): `);
    await setAdminPin(pinDirOf(input), pin);
  } catch (thrown) {
    print(`Not saved: ${toKioskError(thrown).message}`);
    return 1;
  }
  print(`Administrator PIN saved (a salted scrypt hash, in a file only this user account can read) in ${pinDirOf(input)}. Any lock-out after wrong PINs is cleared.`);
  return 0;
}

async function operatorCommand(command: string, name: string, input: AdminCommandInput, print: Print): Promise<number> {
  const dir = pinDirOf(input);
  try {
    if (command === 'list-operators') {
      const { operators, problem } = await readOperatorList(dir);
      if (problem) print(problem);
      print(operators.length === 0 ? 'No operators are provisioned on this kiosk.' : operators.map((o) => `  ${o.name}`).join('\n'));
      return problem ? 1 : 0;
    }
    if (name.trim() === '') {
      print(`Usage: admin ${command} NAME   (the operator's name as it will show on every record)`);
      return 2;
    }
    if (command === 'unlock-operator') {
      const { operators, problem } = await readOperatorList(dir);
      const site = await readOperatorList(dir, SITE_OPERATORS_FILE);
      const entry = findOperator([...operators, ...site.operators], name);
      if (!entry) {
        if (problem) print(problem);
        print(`${name.trim()} is not on the operator list: nothing to unlock.`);
        return 1;
      }
      const wasLocked = await liftLockout(dir, entry.name);
      print(wasLocked ? `${entry.name} can sign in again: the lock after wrong PINs is lifted.` : `${entry.name} was not locked; any wait after wrong PINs at this kiosk is lifted.`);
      return 0;
    }
    if (command === 'remove-operator') {
      const removed = await removeOperator(dir, name);
      print(removed ? `${name.trim()} was removed from the operator list.` : `${name.trim()} is not on the operator list.`);
      return removed ? 0 : 1;
    }
    const pin = await readPinTwice(input.stdin, input.stdout, `Type ${name.trim()}'s personal PIN (${PIN_RULES_TEXT}) and press Enter (it will not be shown): `);
    const done = await setOperatorPin(dir, name, pin);
    print(`${name.trim()} ${done === 'added' ? 'was added to' : 'has a new PIN in'} the operator list (a salted scrypt hash, in a file only this user account can read) in ${dir}.`);
    return 0;
  } catch (thrown) {
    print(`Not saved: ${toKioskError(thrown).message}`);
    return 1;
  }
}
