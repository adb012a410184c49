/**
 * What the admin command reads from standard input, and the one rule for each: the service
 * credential (one line, hidden when typed at a terminal) and a PIN — the administrator's or an
 * operator's, read by the same `readPinTwice` — given twice: typed twice, hidden, at a terminal,
 * or piped as exactly two equal non-empty lines (`printf '482915\n482915\n' |`), as it is typed.
 * The PIN's own rules (digits, length, no run) are pinProblem's (admin-lock/pin-rules.ts), checked
 * where it is stored. Nothing read here is ever printed or put in a message.
 */
import type { KioskConfig } from '../config/config-schema';
import { KioskFailure } from '../ipc/failure';

/** What the admin command needs of standard input (process.stdin fits; tests pass Readable.from). */
export interface AdminInput extends NodeJS.ReadableStream {
  isTTY?: boolean;
  setRawMode?: (raw: boolean) => unknown;
}

/** Longest secret (or standard input) accepted. */
const MAX_SECRET_LENGTH = 16 * 1024;
/** Shorter credentials cannot be reliably kept out of log lines (and are not real credentials). */
const MIN_SECRET_LENGTH = 4;

/** The rule for a piped PIN, as the help text and the README say it. */
export const PIPED_PIN_RULE = "piped, the PIN twice on two lines and nothing else, e.g. printf '482915\\n482915\\n' |";

/** The service credential: typed hidden at a terminal, or the one line piped in. */
export async function readSecret(stdin: AdminInput, stdout: NodeJS.WritableStream, scheme: KioskConfig['service']['auth']['scheme']): Promise<string> {
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

/**
 * A new PIN, given twice: at a terminal asked twice (`prompt` first, hidden), from a pipe exactly
 * two equal non-empty lines (one line end after the second is allowed, \r\n too). Throws a
 * KioskFailure whose message says what was wrong; the PIN itself is never in it.
 */
export async function readPinTwice(stdin: AdminInput, stdout: NodeJS.WritableStream, prompt: string): Promise<string> {
  if (stdin.isTTY && stdin.setRawMode) {
    stdout.write(prompt);
    const pin = await readHidden(stdin);
    stdout.write('\nType it again: ');
    const again = await readHidden(stdin);
    stdout.write('\n');
    if (again !== pin) throw KioskFailure.of('invalid_request', 'the two PINs differ.');
    return pin;
  }
  const text = (await readAll(stdin)).replace(/\r?\n$/, '');
  if (text === '') throw KioskFailure.of('invalid_request', 'no PIN was given.');
  const lines = text.split(/\r?\n/);
  if (lines.length !== 2 || lines.some((line) => line === '')) {
    throw KioskFailure.of('invalid_request', `standard input must hold the PIN twice, on two lines, and nothing else (${PIPED_PIN_RULE} …).`);
  }
  if (lines[0] !== lines[1]) throw KioskFailure.of('invalid_request', 'the two PINs differ.');
  return lines[0] ?? '';
}

/**
 * A password that may be empty (an administrator's, for a server that trusts this computer): typed
 * hidden at a terminal after `prompt`, or the one line piped in; null when none was given.
 */
export async function readOptionalPassword(stdin: AdminInput, stdout: NodeJS.WritableStream, prompt: string): Promise<string | null> {
  let text: string;
  if (stdin.isTTY && stdin.setRawMode) {
    stdout.write(prompt);
    text = await readHidden(stdin);
    stdout.write('\n');
  } else {
    text = (await readAll(stdin)).replace(/\r?\n$/, '');
  }
  if (text === '') return null;
  if (/[\r\n]/.test(text)) throw KioskFailure.of('invalid_request', 'the password must be a single line.');
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(text)) throw KioskFailure.of('invalid_request', 'the password contains control characters.');
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
