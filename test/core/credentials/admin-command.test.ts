// The admin command: the secret comes from standard input only (piped, or typed hidden at a
// terminal), --secret= is refused, test-connection reports reachability or the typed error,
// and show never prints the secret; a PIN is given twice (one reader, one rule); the command
// line is read once, by parseArgs, and what cannot be read is refused with exit code 2.
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Readable, Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runAdminCommand, type AdminInput } from '../../../electron/core/credentials/admin-command';
import { OperatorSession } from '../../../electron/core/operators/operator-session';
import { NAME_ATTEMPTS } from '../../../electron/core/operators/operator-lockout';
import { parseAdminArgs } from '../../../electron/core/credentials/admin-args';
import { chooseVault } from '../../../electron/core/credentials/choose-vault';
import type { CredentialVault } from '../../../electron/core/credentials/vault';
import { Secret } from '../../../electron/core/credentials/secret';
import { loadConfig } from '../../../electron/core/config/load-config';
import { createLogger, memorySink } from '../../../electron/core/log/logger';
import { startSimulator, type RunningSimulator } from '../../../electron/simulator';

const TOKEN = 'admin-token-0123456789';

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator({ port: 0, cardholders: 2, eventRate: 0, historyEvents: 10, auth: { scheme: 'bearer', token: TOKEN } });
});
afterAll(() => sim.close());

let dir: string;
let vault: CredentialVault;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'kiosk-admin-'));
  vault = chooseVault(null, { dir });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function config(...flags: string[]) {
  return loadConfig({ systemFile: null, userFile: null, env: {}, argv: [`--service-url=${sim.url}`, '--auth-scheme=bearer', '--retries=0', ...flags], platform: 'linux' });
}

function output(): { stream: Writable; text: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  return { stream, text: () => chunks.join('') };
}

async function run(args: string[], stdin: AdminInput = Readable.from([]), flags: string[] = []) {
  const out = output();
  const { sink, lines } = memorySink();
  const code = await runAdminCommand({ args, stdin, stdout: out.stream, vault, config: config(...flags), log: createLogger(sink) });
  return { code, text: out.text(), lines };
}

describe('set-secret', () => {
  it('reads the secret from piped standard input, stores it, and never prints it', async () => {
    const { code, text } = await run(['set-secret'], Readable.from([`${TOKEN}\n`]));
    expect(code).toBe(0);
    expect(text).toMatch(/Credential saved \(not encrypted\) in .*credential\.json, for http:\/\/127\.0\.0\.1:\d+ only/);
    expect(text).toMatch(/Warning: .*stored unencrypted/);
    expect(text).not.toContain(TOKEN);
    expect((await vault.read())?.reveal()).toBe(TOKEN);
  });

  it('accepts input in several chunks and a Windows line end', async () => {
    expect((await run(['set-secret'], Readable.from(['admin-', 'token-', '0123456789\r\n']))).code).toBe(0);
    expect((await vault.read())?.reveal()).toBe(TOKEN);
  });

  it('reads hidden input from a terminal: no echo, backspace works, raw mode restored', async () => {
    const stdin = new PassThrough() as PassThrough & AdminInput;
    const modes: boolean[] = [];
    stdin.isTTY = true;
    stdin.setRawMode = (raw: boolean) => modes.push(raw);
    const running = run(['set-secret'], stdin);
    setTimeout(() => stdin.write(`${TOKEN}x\u007f\r`), 20);
    const { code, text } = await running;
    expect(code).toBe(0);
    expect(modes).toEqual([true, false]);
    expect(text).toMatch(/it will not be shown/);
    expect(text).not.toContain(TOKEN);
    expect((await vault.read())?.reveal()).toBe(TOKEN);
  });

  it.each([
    ['--secret=abc123456', ['set-secret', '--secret=abc123456']],
    ['--secret abc123456', ['set-secret', '--secret', 'abc123456']],
    ['--password=…', ['set-secret', '--password=hunter2222']],
    ['--token=…', ['--token=xyz98765', 'set-secret']],
  ])('refuses the secret as an argument (%s) and explains why', async (_name, args) => {
    const { code, text } = await run(args, Readable.from([`${TOKEN}\n`]));
    expect(code).toBe(2);
    expect(text).toMatch(/^Refused: --\w+ is not accepted\. The secret is read from standard input only, because a command line can be seen by every user/);
    expect(text).not.toMatch(/abc123456|hunter2222|xyz98765/);
    expect(await vault.read()).toBeNull();
  });

  it.each([
    ['nothing', '', /no secret was given/],
    ['only a newline', '\n', /no secret was given/],
    ['two lines', 'line-one\nline-two\n', /single line/],
    ['too short', 'abc\n', /too short/],
    ['a leading space', ' spaced-out-token\n', /starts or ends with a space/],
    ['non-ASCII in a token', 'tökén-0123456\n', /printable ASCII/],
  ])('refuses %s on standard input', async (_name, input, why) => {
    const { code, text } = await run(['set-secret'], Readable.from([input]));
    expect(code).toBe(1);
    expect(text).toMatch(/^Not saved: /m);
    expect(text).toMatch(why);
    expect(await vault.read()).toBeNull();
  });

  it('--test tries the connection after saving', async () => {
    const { code, text } = await run(['set-secret', '--test'], Readable.from([TOKEN]));
    expect(code).toBe(0);
    expect(text).toMatch(/Reachable: yes \(127\.0\.0\.1:\d+\)\nHighest event id: \d+/);
  });

  it('notes when the configuration sends no credential', async () => {
    const out = output();
    const none = loadConfig({ systemFile: null, userFile: null, env: {}, argv: [], platform: 'linux' });
    await runAdminCommand({ args: ['set-secret'], stdin: Readable.from([TOKEN]), stdout: out.stream, vault, config: none });
    expect(out.text()).toMatch(/uses no authentication/);
  });
});

describe('test-connection', () => {
  it('reachable: prints the label and the highest event id', async () => {
    await vault.write(new Secret(TOKEN, null, new URL(sim.url).origin));
    const { code, text } = await run(['test-connection']);
    expect(code).toBe(0);
    expect(text).toBe(`Reachable: yes (127.0.0.1:${sim.port})\nHighest event id: ${sim.maxEventId()}\n`);
  });

  it('a wrong secret: the typed error message, and the detail only in the log', async () => {
    await vault.write(new Secret('wrong-token-000000', null, new URL(sim.url).origin));
    const { code, text, lines } = await run(['test-connection']);
    expect(code).toBe(1);
    expect(text).toMatch(/Reachable: no \(127\.0\.0\.1:\d+\)\nProblem \(unauthorized\): The access-control service did not accept/);
    expect(lines.join('\n')).toMatch(/GET \/api\/SystemEvents\/maxid → 401/);
    expect([text, ...lines].join('\n')).not.toContain('wrong-token-000000');
  });

  it('no secret stored: says so', async () => {
    const { code, text } = await run(['test-connection']);
    expect(code).toBe(1);
    expect(text).toMatch(/Problem \(config\): No credential .* has been set/);
  });

  it('unreachable service', async () => {
    await vault.write(new Secret(TOKEN, null, 'http://127.0.0.1:9'));
    const { code, text } = await run(['test-connection'], undefined, ['--service-url=http://127.0.0.1:9']);
    expect(code).toBe(1);
    expect(text).toMatch(/Problem \(unreachable\)/);
  });

  it('demo mode has nothing to test', async () => {
    const out = output();
    const demo = loadConfig({ systemFile: null, userFile: null, env: {}, argv: [], platform: 'linux' });
    expect(await runAdminCommand({ args: ['test-connection'], stdin: Readable.from([]), stdout: out.stream, vault, config: demo })).toBe(1);
    expect(out.text()).toMatch(/demo simulator/);
  });
});

describe('show and usage', () => {
  it('shows settings and storage, never the secret', async () => {
    await vault.write(new Secret(TOKEN, '2026-02-03T04:05:06.000Z', new URL(sim.url).origin));
    const { code, text } = await run(['show']);
    expect(code).toBe(0);
    expect(text).toContain(`Service:        ${sim.url} (127.0.0.1:${sim.port})`);
    expect(text).toContain('Authentication: bearer token');
    expect(text).toContain(`Credential:     stored (set 2026-02-03T04:05:06.000Z), for ${new URL(sim.url).origin} only`);
    expect(text).toContain('Admin PIN:      No administrator PIN is set');
    expect(text).toContain('Storage:        owner-only file (not encrypted)');
    expect(text).toMatch(/Warning: +The service credential is stored unencrypted/);
    expect(text).not.toContain(TOKEN);
  });

  it('no command → usage and exit 2; help → exit 0; unknown → exit 2', async () => {
    expect(await run([])).toMatchObject({ code: 2, text: expect.stringMatching(/^Usage: admin <command>/) });
    expect((await run(['help'])).code).toBe(0);
    expect(await run(['rotate'])).toMatchObject({ code: 2, text: expect.stringMatching(/^Unknown command "rotate"/) });
  });
});

describe('the credential is bound to the service origin it was set for', () => {
  it('set-secret records the origin of the configured address', async () => {
    expect((await run(['set-secret'], Readable.from([TOKEN]))).code).toBe(0);
    expect((await vault.read())?.origin).toBe(new URL(sim.url).origin);
  });

  it('set-secret without a service address saves nothing and says why', async () => {
    const out = output();
    const demo = loadConfig({ systemFile: null, userFile: null, env: {}, argv: ['--auth-scheme=bearer'], platform: 'linux' });
    expect(await runAdminCommand({ args: ['set-secret'], stdin: Readable.from([TOKEN]), stdout: out.stream, vault, config: demo })).toBe(1);
    expect(out.text()).toMatch(/Not saved: no service address is configured/);
    expect(await vault.read()).toBeNull();
  });

  it('test-connection to another origin says that nothing was sent (credential-binding.test.ts counts the requests)', async () => {
    await vault.write(new Secret(TOKEN, null, 'https://access.example.org'));
    const { code, text } = await run(['test-connection']);
    expect(code).toBe(1);
    expect(text).toMatch(/nothing was sent\nProblem \(config\): The stored service credential was set for https:\/\/access\.example\.org/);
  });
});

describe('set-pin', () => {
  it('stores a scrypt hash of a piped PIN, never the PIN, in an owner-only file', async () => {
    // Piped twice since one rule reads every PIN (admin-input.ts); this test piped it once before.
    const { code, text } = await run(['set-pin'], Readable.from(['864209\n864209\n']));
    expect(code).toBe(0);
    expect(text).toMatch(/Administrator PIN saved/);
    expect(text).not.toContain('864209');
    const stored = readFileSync(path.join(dir, 'admin-pin.json'), 'utf8');
    expect(stored).not.toContain('864209');
    expect(JSON.parse(stored)).toMatchObject({ algorithm: 'scrypt', N: 32768, r: 8, p: 1, keyLength: 32 });
    if (process.platform !== 'win32') expect(statSync(path.join(dir, 'admin-pin.json')).mode & 0o777).toBe(0o600);
  });

  it('takes the PIN typed twice through a pipe ("482915\\n482915\\n"), as at a terminal; two different ones are refused', async () => {
    const saved = await run(['set-pin'], Readable.from(['482915\n482915\n']));
    expect(saved.text).toMatch(/Administrator PIN saved/);
    expect(saved.code).toBe(0);
    rmSync(path.join(dir, 'admin-pin.json'));
    const differ = await run(['set-pin'], Readable.from(['482915\r\n482916\r\n']));
    expect(differ.code).toBe(1);
    expect(differ.text).toMatch(/the two PINs differ/);
    expect(existsSync(path.join(dir, 'admin-pin.json'))).toBe(false);
  });

  // The PIN's rules, each PIN piped twice (once before the one reader); three lines, one line or an
  // empty line: the one rule for a piped PIN (two equal non-empty lines) says what to give.
  it.each([
    ['letters', 'abc123x\nabc123x\n', /digits only/],
    ['three lines', '482915\n482915\n482915\n', /the PIN twice, on two lines, and nothing else/],
    ['one line', '482915\n', /the PIN twice, on two lines, and nothing else/],
    ['an empty line', '482915\n\n', /the PIN twice, on two lines, and nothing else/],
    ['an empty line first', '\n482915\n', /the PIN twice, on two lines, and nothing else/],
    ['too short', '97531\n97531\n', /too short/],
    ['one digit repeated', '777777\n777777\n', /one digit repeated/],
    ['a straight run', '345678\n345678\n', /straight run/],
    ['nothing', '', /no PIN was given/],
  ])('refuses %s and saves nothing', async (_name, input, why) => {
    const { code, text } = await run(['set-pin'], Readable.from([input]));
    expect(code).toBe(1);
    expect(text).toMatch(why);
    expect(existsSync(path.join(dir, 'admin-pin.json'))).toBe(false);
  });

  it('at a terminal: hidden, typed twice, refused when the two differ', async () => {
    const stdin = new PassThrough() as PassThrough & AdminInput;
    stdin.isTTY = true;
    stdin.setRawMode = () => undefined;
    const running = run(['set-pin'], stdin);
    stdin.write('864209\r');
    stdin.write('864208\r');
    const { code, text } = await running;
    expect(code).toBe(1);
    expect(text).toMatch(/the two PINs differ/);
    expect(text).not.toMatch(/86420[89]/);
  });
});

describe('add-operator, remove-operator, list-operators', () => {
  it('adds an operator with a piped PIN (the same line twice), hashed like the admin PIN, and lists the names only', async () => {
    const added = await run(['add-operator', 'Ada', 'Guard'], Readable.from(['482915\n482915\n']));
    expect(added.code).toBe(0);
    expect(added.text).toMatch(/Ada Guard was added to the operator list/);
    // Piped twice since one rule reads every PIN (admin-input.ts); this test piped it once before.
    expect((await run(['add-operator', 'Bo Officer'], Readable.from(['739164\r\n739164\r\n']))).code).toBe(0);
    const stored = readFileSync(path.join(dir, 'operators.json'), 'utf8');
    expect(stored).not.toMatch(/482915|739164/);
    expect(JSON.parse(stored).operators[0].pin).toMatchObject({ algorithm: 'scrypt', N: 32768 });
    if (process.platform !== 'win32') expect(statSync(path.join(dir, 'operators.json')).mode & 0o777).toBe(0o600);
    const listed = await run(['list-operators']);
    expect(listed.text).toContain('Ada Guard');
    expect(listed.text).toContain('Bo Officer');
    expect((await run(['remove-operator', 'ada guard'])).code).toBe(0);
    expect((await run(['list-operators'])).text).not.toContain('Ada Guard');
  });

  it('refuses two different piped PINs, a PIN that breaks the rules and a missing name', async () => {
    expect((await run(['add-operator', 'Ada'], Readable.from(['482915\n482916\n']))).text).toMatch(/the two PINs differ/);
    expect((await run(['add-operator', 'Ada'], Readable.from(['123456\n123456\n']))).text).toMatch(/straight run/);
    expect((await run(['add-operator'], Readable.from(['482915\n482915\n']))).code).toBe(2);
    expect(existsSync(path.join(dir, 'operators.json'))).toBe(false);
  });
});

describe('unlock-operator', () => {
  it('lifts the lock on a name after wrong PINs, at once, while the kiosk runs (audit 32)', async () => {
    expect((await run(['add-operator', 'Ada Guard'], Readable.from(['482915\n482915\n']))).code).toBe(0);
    const kiosk = new OperatorSession({ listDir: dir, dataDir: dir, signIn: 'required', allowUnnamed: false, log: createLogger(memorySink().sink) });
    for (let i = 0; i < NAME_ATTEMPTS; i++) await kiosk.signIn('Ada Guard', '000111').catch(() => undefined);
    expect((await kiosk.state()).locked?.map((l) => l.name)).toEqual(['Ada Guard']);
    const unlocked = await run(['unlock-operator', 'ada', 'guard']);
    expect(unlocked).toMatchObject({ code: 0, text: 'Ada Guard can sign in again: the lock after wrong PINs is lifted.\n' });
    expect((await kiosk.state()).locked).toEqual([]);
    expect((await kiosk.signIn('Ada Guard', '482915')).current?.name).toBe('Ada Guard');
    expect((await run(['unlock-operator', 'Mallory'])).code).toBe(1);
    expect((await run(['unlock-operator'])).code).toBe(2);
    expect((await run(['help'])).text).toMatch(/unlock-operator NAME {2}Lift the lock/);
  });
});

describe('the command line, read once (admin-args.ts: node:util parseArgs)', () => {
  it('add-operator "Maya Okafor" --data-dir /path: the operator is "Maya Okafor" (the flag\'s value is not part of the name)', async () => {
    const added = await run(['add-operator', 'Maya Okafor', '--data-dir', '/srv/kiosk-data'], Readable.from(['482915\n482915\n']));
    expect(added.code).toBe(0);
    expect(added.text).toMatch(/^Maya Okafor was added to the operator list/);
    const listed = await run(['list-operators', '--data-dir=/srv/kiosk-data']);
    expect(listed.text).toBe('  Maya Okafor\n');
    expect((await run(['--data-dir', '/srv/kiosk-data', 'remove-operator', 'Maya Okafor'])).code).toBe(0);
  });

  it.each([
    ['an unknown flag', ['add-operator', 'Maya Okafor', '--data-dri', '/srv/kiosk-data'], /^Unknown flag --data-dri: did you mean --data-dir\?/],
    ['an unknown short flag', ['set-pin', '-x'], /^Unknown flag -x\./],
    ['a flag without its value, at the end', ['add-operator', 'Maya Okafor', '--data-dir'], /^The flag --data-dir needs a value, e\.g\. --data-dir=…/],
    ['a flag without its value, before another flag', ['add-operator', 'Maya Okafor', '--data-dir', '--test'], /^The flag --data-dir needs a value/],
    ['a value given to a flag that takes none', ['set-secret', '--test=yes'], /^The flag --test takes no value/],
    ['an argument a command does not take', ['show', 'everything'], /^show takes no argument \(1 argument was given\)\./],
  ])('refuses %s with a clear message and exit code 2, reading nothing', async (_what, args, message) => {
    const stdin = Readable.from(['482915\n482915\n']);
    const { code, text } = await run(args, stdin);
    expect(code).toBe(2);
    expect(text).toMatch(message);
    expect(stdin.readableEnded).toBe(false);
    expect(existsSync(path.join(dir, 'operators.json'))).toBe(false);
    expect(existsSync(path.join(dir, 'admin-pin.json'))).toBe(false);
  });

  it('refuses an argument to set-secret or set-pin as the secret or PIN typed on the command line, never echoing it', async () => {
    const secret = await run(['set-secret', 'tok-0123456789'], Readable.from([`${TOKEN}\n`]));
    expect(secret.code).toBe(2);
    expect(secret.text).toMatch(/^Refused: set-secret takes no argument \(1 argument was given\)\. The secret is read from standard input only/);
    expect(secret.text).toMatch(/consider it exposed and have it replaced/);
    expect(secret.text).not.toContain('tok-0123456789');
    expect(await vault.read()).toBeNull();
    const pin = await run(['set-pin', '482915'], Readable.from(['482915\n482915\n']));
    expect(pin.code).toBe(2);
    expect(pin.text).toMatch(/^Refused: set-pin takes no argument \(1 argument was given\)\. The PIN is read from standard input only/);
    expect(pin.text).not.toContain('482915');
    expect(existsSync(path.join(dir, 'admin-pin.json'))).toBe(false);
  });

  it('takes configuration flags in both spellings, booleans also as --no-…, and -h for help', async () => {
    expect((await run(['show', '--data-dir', '/srv/kiosk-data', '--no-fullscreen', '--retries=0'])).code).toBe(0);
    expect(await run(['-h'])).toMatchObject({ code: 0, text: expect.stringMatching(/^Usage: admin <command>/) });
  });

  it('finds the command after a flag and its value (the entries ask it whether the command is check)', () => {
    expect(parseAdminArgs(['--data-dir', '/srv/kiosk-data', 'check'])).toMatchObject({ command: 'check', operands: [] });
    expect(parseAdminArgs(['add-operator', '--data-dir=/srv/kiosk-data', 'Maya', 'Okafor'])).toMatchObject({ command: 'add-operator', operands: ['Maya', 'Okafor'] });
  });

  it('says the one rule for a piped PIN in its help', async () => {
    expect((await run(['help'])).text).toContain("piped, the PIN twice on two lines and nothing else, e.g. printf '482915\\n482915\\n' | admin set-pin");
  });
});
