/**
 * `--help` answers with the usage and exit code 0 — from the browser harness's command line and
 * from `npm start`'s (before any build or download) — instead of "Unknown command-line flag".
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const tsx = createRequire(__filename).resolve('tsx/cli');

describe('--help', () => {
  for (const [what, script, command] of [
    ['the browser harness', 'electron/preview/cli.ts', 'npm run preview --'],
    ['npm start', 'electron/tools/start.ts', 'npm start --'],
  ] as const) {
    it(`${what} prints its usage and exits 0`, () => {
      const run = spawnSync(process.execPath, [tsx, script, '--help'], { encoding: 'utf8', timeout: 60_000 });
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout).toContain(`Usage: ${command} [flags]`);
      expect(run.stdout).toContain('--site-store-url=…');
      expect(run.stderr).not.toContain('Unknown command-line flag');
    });
  }
});
