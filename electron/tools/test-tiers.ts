/**
 * `npm test [-- TIER…]`: every test of the project in tiers, each run once, in order, every tier
 * run even when an earlier one failed, and a summary at the end (each tier's result and time) that
 * CI prints whatever happened. Exit code 1 when any tier failed.
 * The tiers (package.json holds each one's command; test/README.md says which tests go where):
 * - checks: the type-check and lint (on the machine's Node; they run no kiosk code);
 * - unit: the fast Node-side and renderer tests, no server, on Electron's Node (node:sqlite);
 * - integration: the core against the simulator over real HTTP (`*.sim.test.ts`), the simulator
 *   itself, the shared alarm desk's store against a real PostgreSQL (`*.pg.test.ts`) and the
 *   packaging checks (servers, child processes), on Electron's Node;
 * - soak: crash and soak (`*.crash.test.ts`: children killed with SIGKILL; `*.soak.test.ts`: a
 *   hundred thousand or a million records, every query of a kind), on Electron's Node;
 * - e2e: the built renderer in Debian's Chromium against the preview harness (Playwright).
 * It owns the order, the summary and the exit code; nothing else.
 */
import { spawn } from 'node:child_process';

export interface Tier {
  name: string;
  /** The npm scripts it runs, in order (a tier fails at its first failing script). */
  scripts: string[];
}

export const TIERS: readonly Tier[] = [
  { name: 'checks', scripts: ['typecheck', 'lint'] },
  { name: 'unit', scripts: ['test:unit'] },
  { name: 'integration', scripts: ['test:integration'] },
  { name: 'soak', scripts: ['test:soak'] },
  { name: 'e2e', scripts: ['test:e2e'] },
];

export interface TierOutcome {
  name: string;
  /** null: not run (not asked for). */
  passed: boolean | null;
  ms: number;
  failedScript: string | null;
}

/** The tiers asked for on the command line (none: all), or the names not known. */
export function chooseTiers(args: readonly string[], tiers: readonly Tier[] = TIERS): { tiers: Tier[] } | { unknown: string[] } {
  if (args.length === 0) return { tiers: [...tiers] };
  const unknown = args.filter((name) => !tiers.some((tier) => tier.name === name));
  if (unknown.length > 0) return { unknown };
  return { tiers: tiers.filter((tier) => args.includes(tier.name)) };
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

/** The closing table: one line per tier, then the verdict. */
export function summary(outcomes: readonly TierOutcome[]): string {
  const width = Math.max(...outcomes.map((outcome) => outcome.name.length));
  const lines = outcomes.map((outcome) => {
    const result = outcome.passed === null ? 'not run' : outcome.passed ? 'passed' : `FAILED (npm run ${outcome.failedScript ?? '?'})`;
    return `  ${outcome.name.padEnd(width)}  ${outcome.passed === null ? '' : seconds(outcome.ms).padStart(8)}  ${result}`;
  });
  const failed = outcomes.filter((outcome) => outcome.passed === false).map((outcome) => outcome.name);
  const total = outcomes.reduce((sum, outcome) => sum + outcome.ms, 0);
  const verdict = failed.length === 0 ? `every tier passed (${seconds(total)})` : `${failed.length} tier(s) failed: ${failed.join(', ')} (${seconds(total)} in all)`;
  return ['test tiers:', ...lines, verdict].join('\n');
}

/** Runs one npm script with the terminal attached; resolves with its exit code. */
function runScript(script: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: 'inherit', shell: process.platform === 'win32' });
    child.on('error', (error) => {
      console.error(`Could not start npm run ${script}: ${error.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Runs the tiers in order, each to its end whatever the previous did. */
export async function runTiers(tiers: readonly Tier[], run: (script: string) => Promise<number> = runScript, now: () => number = Date.now, say: (line: string) => void = console.log): Promise<TierOutcome[]> {
  const outcomes: TierOutcome[] = [];
  for (const tier of tiers) {
    say(`\n=== tier ${tier.name}: ${tier.scripts.map((script) => `npm run ${script}`).join(', then ')}`);
    const started = now();
    let failedScript: string | null = null;
    for (const script of tier.scripts) {
      if ((await run(script)) !== 0) {
        failedScript = script;
        break;
      }
    }
    outcomes.push({ name: tier.name, passed: failedScript === null, ms: now() - started, failedScript });
  }
  return outcomes;
}

async function main(): Promise<void> {
  const chosen = chooseTiers(process.argv.slice(2));
  if ('unknown' in chosen) {
    console.error(`Unknown tier(s): ${chosen.unknown.join(', ')}. The tiers: ${TIERS.map((tier) => tier.name).join(', ')}.`);
    process.exitCode = 2;
    return;
  }
  const outcomes = await runTiers(chosen.tiers);
  const notRun = TIERS.filter((tier) => !chosen.tiers.includes(tier)).map((tier): TierOutcome => ({ name: tier.name, passed: null, ms: 0, failedScript: null }));
  const ordered = TIERS.map((tier) => outcomes.find((outcome) => outcome.name === tier.name) ?? notRun.find((outcome) => outcome.name === tier.name)!);
  console.log(`\n${summary(ordered)}`);
  process.exitCode = outcomes.every((outcome) => outcome.passed) ? 0 : 1;
}

if (process.argv[1] && /test-tiers\.[cm]?[jt]s$/.test(process.argv[1])) void main();
