/**
 * Child processes for the crash tests: a TypeScript entry bundled once per test process with
 * esbuild into a temporary folder (removed at exit), so each of the hundreds of children starts
 * from plain JavaScript under plain `node` (tsx would spend most of the test's time starting up).
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { buildSync } from 'esbuild';

const bundled = new Map<string, string>();

/** The entry as one CommonJS file for Node (built on first use). */
export function bundleEntry(source: string): string {
  const known = bundled.get(source);
  if (known) return known;
  const dir = mkdtempSync(join(tmpdir(), 'kiosk-crash-child-'));
  const outfile = join(dir, `${basename(source, '.ts')}.js`);
  buildSync({ entryPoints: [source], bundle: true, platform: 'node', format: 'cjs', target: 'node20', outfile, logLevel: 'silent' });
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  bundled.set(source, outfile);
  return outfile;
}

/** A running child and the lines it printed so far. */
export interface Child {
  process: ChildProcessWithoutNullStreams;
  lines: string[];
  stderr: string[];
  /** Resolves with the exit code, or the signal's name, when the child has ended. */
  ended: Promise<number | string>;
  /** Resolves when a printed line satisfies `test` (rejects if the child ends first). */
  waitFor(test: (line: string) => boolean): Promise<string>;
}

export function startChild(script: string, args: string[]): Child {
  const child = spawn(process.execPath, [script, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
  const lines: string[] = [];
  const stderr: string[] = [];
  const watchers = new Set<{ test: (line: string) => boolean; resolve: (line: string) => void; reject: (error: Error) => void }>();
  let rest = '';
  let closed = false;
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    rest += chunk;
    const parts = rest.split('\n');
    rest = parts.pop() ?? '';
    for (const line of parts) {
      lines.push(line);
      for (const watcher of [...watchers]) {
        if (watcher.test(line)) {
          watchers.delete(watcher);
          watcher.resolve(line);
        }
      }
    }
  });
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => stderr.push(chunk));
  const ended = new Promise<number | string>((resolve) => {
    child.once('close', (code, signal) => {
      closed = true;
      for (const watcher of watchers) watcher.reject(new Error(`the child ended (${signal ?? code}) before the line awaited; stderr: ${stderr.join('').slice(-2000)}`));
      watchers.clear();
      resolve(signal ?? code ?? -1);
    });
  });
  return {
    process: child,
    lines,
    stderr,
    ended,
    waitFor: (test) => {
      const seen = lines.find(test);
      if (seen !== undefined) return Promise.resolve(seen);
      if (closed) return Promise.reject(new Error(`the child has ended; stderr: ${stderr.join('').slice(-2000)}`));
      return new Promise((resolve, reject) => watchers.add({ test, resolve, reject }));
    },
  };
}
