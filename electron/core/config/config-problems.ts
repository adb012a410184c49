/**
 * The wording of configuration problems: each names the key, the value and the layer it came
 * from ("feed.pollIntervalMs = 0 in environment variable KIOSK_POLL_INTERVAL_MS: …"), suggests
 * the key or flag meant when a name is within two edits of a known one, and steers secrets and
 * "ignore certificate errors" keys to the safe way. Every problem is a KioskFailure with code 'config'.
 */
import { z } from 'zod';
import { KioskFailure } from '../ipc/failure';
import { DEFAULT_CONFIG } from './config-schema';
import { getIn, originAt, type Json, type Origin } from './config-layers';

/** One thing wrong with a configuration, as `check` prints it. */
export interface ConfigProblem {
  /** Dotted key ("feed.pollIntervalMs"), or "" for a whole file or flag. */
  key: string;
  text: string;
}

/** "alarms.rules[0].priority" */
export const showKey = (keyPath: readonly PropertyKey[]): string => z.core.toDotPath(keyPath);

export function showValue(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}

const SECRET_KEY = /^(secret|password|passwd|pass|token|apikey|api_key|key|value|credential|credentials)$/i;
const INSECURE_TLS_KEY = /reject|insecure|ignore|verify|skip|unsafe|allow/i;

export function configFailure(error: z.ZodError, merged: Json, origins: Map<string, Origin>): KioskFailure {
  const lines = error.issues.map((issue) => describeIssue(issue, merged, origins));
  const first = lines[0] ?? { key: '', text: 'The configuration is not valid.' };
  return KioskFailure.of('config', first.text, { detail: lines.map((l) => l.text).join('; '), field: first.key });
}

export function describeIssue(issue: z.core.$ZodIssue, merged: Json, origins: Map<string, Origin>): ConfigProblem {
  if (issue.code === 'unrecognized_keys') {
    const key = issue.keys[0] ?? '';
    const keyPath = [...issue.path, key];
    const where = originAt(keyPath, origins).label;
    const siblings = Object.keys((getIn(DEFAULT_CONFIG, issue.path) as Json | undefined) ?? {});
    if (showKey(issue.path) === 'service.auth') siblings.push('header', 'username');
    const near = closest(key, siblings);
    const hint = SECRET_KEY.test(key)
      ? ': secrets do not belong in configuration; store the credential with the admin tool ("set-secret" reads it from standard input)'
      : showKey(issue.path) === 'service.tls' && INSECURE_TLS_KEY.test(key)
        ? ': certificate errors cannot be ignored; give the service\'s certificate authority in service.tls.caFile (and optionally pin its certificate in service.tls.pinnedSha256)'
        : near
        ? `: did you mean "${showKey([...issue.path, near])}"?`
        : siblings.length > 0
          ? ` (known keys here: ${siblings.join(', ')})`
          : '';
    return { key: showKey(keyPath), text: `Unknown key "${showKey(keyPath)}" in ${where}${hint}` };
  }
  const key = showKey(issue.path);
  const value = getIn(merged, issue.path);
  const where = originAt(issue.path, origins).label;
  const what = value === undefined ? `${key} is missing in ${where}` : `${key || '(configuration)'} = ${showValue(value)} in ${where}`;
  return { key, text: `${what}: ${issue.message}` };
}

/** The candidate within two edits of `word` (or equal ignoring case), if any. */
export function closest(word: string, candidates: readonly string[]): string | null {
  let best: { candidate: string; distance: number } | null = null;
  for (const candidate of candidates) {
    const distance = candidate.toLowerCase() === word.toLowerCase() ? 0 : editDistance(word, candidate);
    if (distance <= 2 && (!best || distance < best.distance)) best = { candidate, distance };
  }
  return best?.candidate ?? null;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/** A problem with the value at `keyPath` (a file it names that is missing, say), worded like the schema's. */
export function valueProblem(keyPath: string[], why: string, merged: Json, origins: Map<string, Origin>): KioskFailure {
  const key = keyPath.join('.');
  return KioskFailure.of('config', `${key} = ${showValue(getIn(merged, keyPath))} in ${originAt(keyPath, origins).label}: ${why}`, { field: key });
}
