/**
 * The admin command's command line, read once with `node:util` parseArgs: the command, its
 * operands (the operator's NAME), the admin's own flags (--test, --help) and the kiosk's
 * configuration flags (config-settings.ts; loadConfig reads their values), written `--name=value`
 * or `--name value`. A flag nobody knows, a value missing, a value given to a flag that takes
 * none, an argument a command does not take, or the secret on the command line: a sentence that
 * says what to do, and the usage exit code 2. Both entries (electron/tools/admin.ts, the Electron
 * edge's --admin) and runAdminCommand ask it; nothing else parses these arguments.
 */
import { parseArgs } from 'node:util';
import { CONFIG_SETTINGS } from '../config/config-settings';
import { closest } from '../config/config-problems';

/** Flags under which someone might try to pass the secret itself: refused, never read. */
const SECRET_FLAGS = ['secret', 'password', 'token', 'api-key', 'apikey', 'key', 'credential'] as const;

/** Flags the admin command reads itself (the entries tell loadConfig to skip them). */
export const ADMIN_FLAGS = ['test', 'help', ...SECRET_FLAGS] as const;

type FlagOption = { type: 'boolean' | 'string'; short?: string };

/** Every flag the admin command line may carry: the admin's own, then the configuration's (booleans also as --no-…). */
const OPTIONS: Record<string, FlagOption> = {
  test: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  ...Object.fromEntries(
    CONFIG_SETTINGS.flatMap((s): Array<[string, FlagOption]> =>
      s.kind === 'boolean' ? [[s.flag, { type: 'boolean' }], [`no-${s.flag}`, { type: 'boolean' }]] : [[s.flag, { type: 'string' }]],
    ),
  ),
};
/** The admin's own flags take no value; configuration booleans may carry one (--fullscreen=no). */
const VALUELESS = new Set(['test', 'help']);

/** Commands that take the operator's NAME (quoted, or as several words). */
export const NAMED_COMMANDS: ReadonlySet<string> = new Set(['add-operator', 'remove-operator', 'unlock-operator']);
/** Commands that take no argument (help takes anything and shows the usage). */
const BARE_COMMANDS: ReadonlySet<string> = new Set(['set-secret', 'test-connection', 'show', 'check', 'set-pin', 'list-operators', 'set-site-store-password']);

export interface AdminArgs {
  /** The first argument that is neither a flag nor a flag's value; null when there is none. */
  command: string | null;
  /** The arguments after the command: the words of NAME for add-operator, remove-operator and unlock-operator. */
  operands: string[];
  test: boolean;
  help: boolean;
}

/** What is wrong with the command line: the lines to print (exit code 2). */
export interface AdminArgsProblem {
  problem: string[];
}

/** The command line after the program name (and after `--admin` in the installed app). */
export function parseAdminArgs(args: readonly string[]): AdminArgs | AdminArgsProblem {
  const secretFlag = args.find((arg) => arg.startsWith('--') && (SECRET_FLAGS as readonly string[]).includes(arg.slice(2).split('=')[0] ?? ''));
  if (secretFlag) {
    return {
      problem: [
        `Refused: ${secretFlag.split('=')[0]} is not accepted. The secret is read from standard input only, because a command line ` +
          'can be seen by every user of this computer (in the process list) and is kept in shell history. ' +
          'Run "admin set-secret" and type it when asked, or pipe it in from a file: admin set-secret < secret.txt',
        'If you typed the secret on a command line, consider it exposed and have it replaced.',
      ],
    };
  }
  const { tokens } = parseArgs({ args: [...args], options: OPTIONS, strict: false, allowPositionals: true, tokens: true });
  const positionals: string[] = [];
  const parsed: AdminArgs = { command: null, operands: [], test: false, help: false };
  for (const token of tokens) {
    if (token.kind === 'positional') positionals.push(token.value);
    if (token.kind !== 'option') continue;
    const option = OPTIONS[token.name];
    if (!option) {
      const near = token.rawName.startsWith('--') ? closest(token.name, Object.keys(OPTIONS)) : null;
      return { problem: [`Unknown flag ${token.rawName}${near ? `: did you mean --${near}?` : '.'} "admin help" lists the commands; the configuration flags are those of CONFIGURATION.md.`] };
    }
    if (option.type === 'string' && (token.value === undefined || (!token.inlineValue && token.value.startsWith('--')))) {
      return { problem: [`The flag --${token.name} needs a value, e.g. --${token.name}=…`] };
    }
    if (VALUELESS.has(token.name) && token.value !== undefined) {
      return { problem: [`The flag --${token.name} takes no value: write it alone.`] };
    }
    if (token.name === 'test') parsed.test = true;
    if (token.name === 'help') parsed.help = true;
  }
  parsed.command = positionals[0] ?? null;
  parsed.operands = positionals.slice(1);
  if (parsed.command !== null && BARE_COMMANDS.has(parsed.command) && parsed.operands.length > 0) {
    // The arguments are never echoed: one of them may be the secret or the PIN itself.
    const given = `${parsed.operands.length} ${parsed.operands.length === 1 ? 'argument was' : 'arguments were'} given`;
    if (parsed.command === 'set-secret' || parsed.command === 'set-pin' || parsed.command === 'set-site-store-password') {
      const what = parsed.command === 'set-pin' ? 'PIN' : parsed.command === 'set-secret' ? 'secret' : 'password';
      return {
        problem: [
          `Refused: ${parsed.command} takes no argument (${given}). The ${what} is read from standard input only, because a command line ` +
            `can be seen by every user of this computer and is kept in shell history: type it when asked, or pipe it in (admin help says how).`,
          `If that argument was the ${what}, consider it exposed and ${what === 'PIN' ? 'choose another one' : 'have it replaced'}.`,
        ],
      };
    }
    return { problem: [`${parsed.command} takes no argument (${given}). A flag's value is written --name=value or --name value.`] };
  }
  return parsed;
}
