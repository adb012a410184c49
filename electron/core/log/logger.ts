/**
 * Logger: the core's logging port, with redaction of every registered secret and of personal
 * data (personal-data.ts: e-mails, phone numbers, image bytes by pattern; names and the other
 * personal fields of accepted requests by value, registered with `redactPersonal`). The Electron
 * edge plugs electron-log in; Node runs (preview, tests) write to stderr or collect lines in memory.
 * Nothing is logged unredacted: both are replaced before any sink sees the line.
 */
import { PersonalValues } from './personal-data';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type LogSink = (level: LogLevel, scope: string, message: string) => void;

export interface Logger {
  debug(scope: string, message: string): void;
  info(scope: string, message: string): void;
  warn(scope: string, message: string): void;
  error(scope: string, message: string): void;
  /** Registers a secret that must never appear in a log line. */
  redact(secret: string): void;
  /** Registers personal data (a name, an e-mail, a search text…) that must never appear in a log line. */
  redactPersonal(value: string): void;
}

const REDACTED = '[redacted]';

export function createLogger(sink: LogSink): Logger {
  const secrets = new Set<string>();
  const personal = new PersonalValues();
  const scrub = (text: string): string => {
    let out = text;
    for (const secret of secrets) out = out.split(secret).join(REDACTED);
    return personal.scrub(out);
  };
  const at = (level: LogLevel) => (scope: string, message: string) => sink(level, scope, scrub(message));
  return {
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    redact(secret: string) {
      // Very short values would redact ordinary words; credentials are never that short.
      if (secret.length >= 4) {
        secrets.add(secret);
        // Also the forms a secret takes on the wire.
        secrets.add(encodeURIComponent(secret));
      }
    },
    redactPersonal(value: string) {
      personal.add(value);
    },
  };
}

export const stderrSink: LogSink = (level, scope, message) => {
  if (level === 'debug' && !process.env.KIOSK_DEBUG) return;
  process.stderr.write(`${new Date().toISOString()} ${level.padEnd(5)} [${scope}] ${message}\n`);
};

export const silentSink: LogSink = () => {};

/** Collects lines in memory; tests read them to prove nothing secret was logged. */
export function memorySink(): { sink: LogSink; lines: string[] } {
  const lines: string[] = [];
  return { lines, sink: (level, scope, message) => lines.push(`${level} [${scope}] ${message}`) };
}
