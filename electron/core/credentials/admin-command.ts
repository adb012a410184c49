/**
 * The administrator's commands for the service credential, as one function the Node entry
 * (electron/tools/admin.ts) and the Electron edge both call:
 *
 *   set-secret [--test]   store or replace the credential, read from STANDARD INPUT (hidden when
 *                         typed at a terminal); --test then tries the connection
 *   test-connection       asks the service for its highest event id with the stored credential
 *   show                  what is configured and how the credential is stored (never the secret)
 *   set-pin               store or replace the administrator PIN (admin-lock/), read from
 *                         STANDARD INPUT like the secret (hidden at a terminal, asked twice there)
 *   add-operator NAME     add a guard or officer who signs in at shifts, or replace their PIN
 *   remove-operator NAME  remove one;  list-operators: the names (operators/operator-list.ts)
 *
 * The credential is bound to the origin of the configured service address when it is set
 * (credential-binding.ts): the kiosk sends it to no other address.
 * The secret is never accepted as an argument (command lines are visible to every user of the
 * computer and kept in shell history), never printed, and never put in a message.
 */
import type { KioskConfig } from '../config/config-schema';
import { serviceLabelOf } from '../config/settings';
import { KioskFailure, toKioskError } from '../ipc/failure';
import { createLogger, silentSink, type Logger } from '../log/logger';
import { createServiceClient } from '../service/service-client';
import { Secret } from './secret';
import { credentialBindingProblem, originOf } from './credential-binding';
import { setAdminPin } from '../admin-lock/admin-lock';
import { PIN_RULES_TEXT } from '../admin-lock/pin-rules';
import { AdminLock } from '../admin-lock/admin-lock';
import { dirname } from 'node:path';
import { readOperatorList, removeOperator, setOperatorPin } from '../operators/operator-list';
import type { CredentialVault } from './vault';

/** What the admin command needs of standard input (process.stdin fits; tests pass Readable.from). */
export interface AdminInput extends NodeJS.ReadableStream {
  isTTY?: boolean;
  setRawMode?: (raw: boolean) => unknown;
}

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
}

/** Flags the admin command reads itself (the entry tells loadConfig to skip them). */
export const ADMIN_FLAGS = ['test', 'help', 'secret', 'password', 'token', 'api-key', 'apikey', 'key', 'credential'] as const;

const SECRET_FLAGS = new Set(['secret', 'password', 'token', 'api-key', 'apikey', 'key', 'credential']);

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
                        It is read from standard input like the secret (typed twice at a terminal).
                        A PIN is ${PIN_RULES_TEXT}.
  add-operator NAME     Add a guard or officer who signs in at the start of a shift, or replace
                        their PIN. The personal PIN is read from standard input like the admin
                        PIN (typed twice at a terminal; piped: one line, or the same line twice).
  remove-operator NAME  Remove an operator from this kiosk's list.
  list-operators        The operators who may sign in here (never their PINs).

The credential is bound to the address of the configured service: after a change of service.url
to another host, port or scheme, set it again.

Configuration flags (--service-url=…, --auth-scheme=…, …) are accepted as by the kiosk itself.
`;

/** Longest secret accepted from standard input. */
const MAX_SECRET_LENGTH = 16 * 1024;
/** Shorter credentials cannot be reliably kept out of log lines (and are not real credentials). */
const MIN_SECRET_LENGTH = 4;

/** Runs one admin command; resolves to the process exit code (0 success, 1 failure, 2 usage). */
export async function runAdminCommand(input: AdminCommandInput): Promise<number> {
  const { args, stdout } = input;
  const print = (text = '') => stdout.write(`${text}\n`);

  const secretFlag = args.find((arg) => arg.startsWith('--') && SECRET_FLAGS.has(arg.slice(2).split('=')[0] ?? ''));
  if (secretFlag) {
    print(
      `Refused: ${secretFlag.split('=')[0]} is not accepted. The secret is read from standard input only, because a command line ` +
        'can be seen by every user of this computer (in the process list) and is kept in shell history. ' +
        'Run "admin set-secret" and type it when asked, or pipe it in from a file: admin set-secret < secret.txt',
    );
    print('If you typed the secret on a command line, consider it exposed and have it replaced.');
    return 2;
  }

  const command = args.find((arg) => !arg.startsWith('-'));
  const flags = new Set(args.filter((arg) => arg.startsWith('--')).map((arg) => arg.slice(2)));
  if (!command || command === 'help' || flags.has('help')) {
    stdout.write(USAGE);
    return command || flags.has('help') ? 0 : 2;
  }
  switch (command) {
    case 'set-secret':
      return setSecret(input, print, flags.has('test'));
    case 'test-connection':
      return testConnection(input, print);
    case 'show':
      return show(input, print);
    case 'set-pin':
      return setPin(input, print);
    case 'add-operator':
    case 'remove-operator':
    case 'list-operators':
      return operatorCommand(command, args.filter((arg) => !arg.startsWith('-')).slice(1).join(' '), input, print);
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
  let pin: string;
  try {
    if (input.stdin.isTTY && input.stdin.setRawMode) {
      input.stdout.write(`Type the new administrator PIN (${PIN_RULES_TEXT}) and press Enter (it will not be shown): `);
      pin = await readHidden(input.stdin);
      input.stdout.write('\nType it again: ');
      const again = await readHidden(input.stdin);
      input.stdout.write('\n');
      if (again !== pin) {
        print('Not saved: the two PINs differ.');
        return 1;
      }
    } else {
      // From a pipe: the PIN on one line, or — as typed at a terminal — twice, on two lines.
      const lines = (await readAll(input.stdin)).replace(/(\r?\n)+$/, '').split(/\r?\n/);
      if (lines.length > 2) {
        print('Not saved: give the PIN on one line, or the same PIN twice on two lines.');
        return 1;
      }
      if (lines.length === 2 && lines[0] !== lines[1]) {
        print('Not saved: the two PINs differ.');
        return 1;
      }
      pin = lines[0] ?? '';
    }
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
    if (command === 'remove-operator') {
      const removed = await removeOperator(dir, name);
      print(removed ? `${name.trim()} was removed from the operator list.` : `${name.trim()} is not on the operator list.`);
      return removed ? 0 : 1;
    }
    let pin: string;
    if (input.stdin.isTTY && input.stdin.setRawMode) {
      input.stdout.write(`Type ${name.trim()}'s personal PIN (${PIN_RULES_TEXT}) and press Enter (it will not be shown): `);
      pin = await readHidden(input.stdin);
      input.stdout.write('\nType it again: ');
      const again = await readHidden(input.stdin);
      input.stdout.write('\n');
      if (again !== pin) {
        print('Not saved: the two PINs differ.');
        return 1;
      }
    } else {
      const lines = (await readAll(input.stdin)).split(/\r?\n/).filter((line, i, all) => line !== '' || i < all.length - 1);
      if (lines.length === 2 && lines[0] !== lines[1]) {
        print('Not saved: the two PINs differ.');
        return 1;
      }
      if (lines.length > 2) {
        print('Not saved: standard input holds more than the PIN (one line, or the same line twice).');
        return 1;
      }
      pin = lines[0] ?? '';
    }
    const done = await setOperatorPin(dir, name, pin);
    print(`${name.trim()} ${done === 'added' ? 'was added to' : 'has a new PIN in'} the operator list (a salted scrypt hash, in a file only this user account can read) in ${dir}.`);
    return 0;
  } catch (thrown) {
    print(`Not saved: ${toKioskError(thrown).message}`);
    return 1;
  }
}

// ───────────────────────── reading the secret ─────────────────────────

async function readSecret(stdin: AdminInput, stdout: NodeJS.WritableStream, scheme: KioskConfig['service']['auth']['scheme']): Promise<string> {
  let text: string;
  if (stdin.isTTY && stdin.setRawMode) {
    stdout.write('Type the credential and press Enter (it will not be shown): ');
    text = await readHidden(stdin);
    stdout.write('\n');
  } else {
    text = (await readAll(stdin)).replace(/\r?\n$/, '');
  }
  if (text === '') throw KioskFailure.of('invalid_request', 'no secret was given on standard input.');
  if (/[\r\n]/.test(text)) throw KioskFailure.of('invalid_request', 'the secret must be a single line.');
  if (text.length < MIN_SECRET_LENGTH) throw KioskFailure.of('invalid_request', `the secret is too short (at least ${MIN_SECRET_LENGTH} characters).`);
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(text)) throw KioskFailure.of('invalid_request', 'the secret contains control characters.');
  if (scheme !== 'basic' && /[^\u0020-\u007e]/.test(text)) {
    throw KioskFailure.of('invalid_request', 'an API key or token can only contain printable ASCII characters (it travels in an HTTP header).');
  }
  if (text.trim() !== text) throw KioskFailure.of('invalid_request', 'the secret starts or ends with a space; remove it if it is not part of the secret.');
  return text;
}

async function readAll(stdin: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of stdin) {
    text += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    if (text.length > MAX_SECRET_LENGTH) throw KioskFailure.of('invalid_request', 'standard input is too long to be a secret.');
  }
  return text;
}

/** Reads one line from a terminal without echoing it. */
function readHidden(stdin: AdminInput): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    stdin.setRawMode?.(true);
    stdin.setEncoding('utf8');
    const finish = (error: Error | null) => {
      stdin.removeListener('data', onData);
      stdin.setRawMode?.(false);
      stdin.pause();
      if (error) reject(error);
      else resolve(text);
    };
    const onData = (chunk: string | Buffer) => {
      for (const char of String(chunk)) {
        if (char === '\r' || char === '\n' || char === '\u0004') return finish(null);
        if (char === '\u0003') return finish(KioskFailure.of('cancelled', 'cancelled.'));
        if (char === '\u007f' || char === '\b') text = text.slice(0, -1);
        else text += char;
        if (text.length > MAX_SECRET_LENGTH) return finish(KioskFailure.of('invalid_request', 'the input is too long to be a secret.'));
      }
    };
    stdin.on('data', onData);
    stdin.resume();
  });
}
