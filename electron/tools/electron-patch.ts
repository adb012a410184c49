/**
 * Keeps SECURITY.md's promise on Electron checkable (`npm run check:electron-patch`): the version
 * the lockfile installs is compared with the releases the npm registry lists, and a newer stable
 * release of the same major line is a failure. When the registry cannot be reached it says so and
 * that nothing was checked (exit 2), never "up to date". It owns that comparison; it changes nothing.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

type Version = [number, number, number];

/** "45.4.1" → [45, 4, 1]; a pre-release ("46.0.0-beta.2") or anything else → null. */
export function stableVersion(text: string): Version | null {
  const match = /^(\d+)\.(\d+)\.(\d+)$/.exec(text.trim());
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

function compare(a: Version, b: Version): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

export type PatchVerdict =
  | { kind: 'current'; installed: string; message: string }
  | { kind: 'behind'; installed: string; newest: string; message: string }
  | { kind: 'unknown'; message: string };

/**
 * The verdict for the installed version against the registry's list: behind when a newer stable
 * release of the same major exists (a newer major is only mentioned: moving lines is a decision).
 */
export function judgeElectronPatch(installed: string, published: readonly string[]): PatchVerdict {
  const own = stableVersion(installed);
  if (!own) return { kind: 'unknown', message: `the lockfile installs Electron "${installed}", which is not an exact release version` };
  const stable = published.map((text) => ({ text, version: stableVersion(text) })).filter((entry): entry is { text: string; version: Version } => entry.version !== null);
  const sameLine = stable.filter((entry) => entry.version[0] === own[0]).sort((a, b) => compare(b.version, a.version));
  const newestMajor = stable.sort((a, b) => compare(b.version, a.version))[0];
  const later = newestMajor && newestMajor.version[0] > own[0] ? ` (a newer major line exists: ${newestMajor.text})` : '';
  const newest = sameLine[0];
  if (!newest) return { kind: 'unknown', message: `the registry lists no stable release of Electron ${own[0]}.x; installed ${installed}` };
  if (compare(newest.version, own) > 0) {
    return { kind: 'behind', installed, newest: newest.text, message: `Electron ${installed} is installed but ${newest.text} is published: run \`npm install --save-exact --package-lock-only electron@${newest.text}\`${later}` };
  }
  return { kind: 'current', installed, message: `Electron ${installed} is the newest ${own[0]}.x release in the registry${later}` };
}

/** The version package-lock.json installs (what `npm ci` gives), not the range in package.json. */
export function lockedElectron(lockText: string): string | null {
  const lock = JSON.parse(lockText) as { packages?: Record<string, { version?: string }> };
  return lock.packages?.['node_modules/electron']?.version ?? null;
}

/** Why `npm view` gave no list, in one line: npm's own error summary, or that it did not answer in time. */
export function registryFailure(stdout: string, stderr: string, timedOut: boolean): string {
  if (timedOut) return 'no answer within 60 s';
  try {
    const parsed = JSON.parse(stdout) as { error?: { code?: string; summary?: string } };
    if (parsed.error) return [parsed.error.code, parsed.error.summary].filter(Boolean).join(': ');
  } catch {
    // not npm's JSON error: fall back to its first error line
  }
  return stderr.split('\n').find((line) => line.trim() !== '')?.trim() ?? 'npm view failed without a message';
}

function registryVersions(): Promise<string[]> {
  return new Promise((done, fail) => {
    const args = ['view', 'electron', 'versions', '--json', '--fetch-retries=1', '--fetch-timeout=20000'];
    execFile('npm', args, { timeout: 60_000, shell: process.platform === 'win32' }, (error, stdout, stderr) => {
      if (error) {
        fail(new Error(registryFailure(stdout, stderr, error.killed === true)));
        return;
      }
      try {
        const parsed: unknown = JSON.parse(stdout);
        if (!Array.isArray(parsed)) throw new Error('not a list');
        done(parsed.map(String));
      } catch {
        fail(new Error('the registry answered something that is not a list of versions'));
      }
    });
  });
}

async function main(): Promise<number> {
  const installed = lockedElectron(readFileSync(resolve(__dirname, '../../package-lock.json'), 'utf8'));
  if (!installed) {
    console.error('check:electron-patch: package-lock.json installs no electron package');
    return 1;
  }
  let published: string[];
  try {
    published = await registryVersions();
  } catch (error) {
    console.error(`check:electron-patch: NOT CHECKED — the npm registry could not be reached (${(error as Error).message}); installed: Electron ${installed}. Run it again where the registry answers.`);
    return 2;
  }
  const verdict = judgeElectronPatch(installed, published);
  if (verdict.kind === 'current') {
    console.log(`check:electron-patch: ${verdict.message}`);
    return 0;
  }
  console.error(`check:electron-patch: ${verdict.kind === 'behind' ? 'BEHIND — ' : ''}${verdict.message}`);
  return 1;
}

if (process.argv[1] && /electron-patch\.[cm]?[jt]s$/.test(process.argv[1])) {
  void main().then((code) => { process.exitCode = code; });
}
