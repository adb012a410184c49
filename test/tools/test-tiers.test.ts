/** The test tiers' runner: every tier runs even after one failed, the summary says each, the exit follows. */
import { describe, expect, it } from 'vitest';
import { chooseTiers, runTiers, summary, TIERS, type Tier } from '../../electron/tools/test-tiers';

const tiers: Tier[] = [
  { name: 'checks', scripts: ['typecheck', 'lint'] },
  { name: 'unit', scripts: ['test:unit'] },
  { name: 'e2e', scripts: ['test:e2e'] },
];

describe('test tiers', () => {
  it('runs every tier in order after one fails, and stops a tier at its first failing script', async () => {
    const ran: string[] = [];
    let clock = 0;
    const said: string[] = [];
    const outcomes = await runTiers(
      tiers,
      async (script) => {
        ran.push(script);
        clock += 1000;
        return script === 'typecheck' ? 2 : 0;
      },
      () => clock,
      (line) => said.push(line),
    );
    expect(said.map((line) => line.trim())).toEqual(['=== tier checks: npm run typecheck, then npm run lint', '=== tier unit: npm run test:unit', '=== tier e2e: npm run test:e2e']);
    expect(ran).toEqual(['typecheck', 'test:unit', 'test:e2e']);
    expect(outcomes.map((outcome) => [outcome.name, outcome.passed, outcome.failedScript, outcome.ms])).toEqual([
      ['checks', false, 'typecheck', 1000],
      ['unit', true, null, 1000],
      ['e2e', true, null, 1000],
    ]);
    const text = summary(outcomes);
    expect(text).toMatch(/^ {2}checks +1\.0 s {2}FAILED \(npm run typecheck\)$/m);
    expect(text).toMatch(/^ {2}unit +1\.0 s {2}passed$/m);
    expect(text).toContain('1 tier(s) failed: checks (3.0 s in all)');
  });

  it('says every tier passed, and marks the tiers not asked for', () => {
    const text = summary([
      { name: 'unit', passed: true, ms: 61_000, failedScript: null },
      { name: 'soak', passed: null, ms: 0, failedScript: null },
    ]);
    expect(text).toMatch(/^ {2}unit +61\.0 s {2}passed$/m);
    expect(text).toMatch(/^ {2}soak +not run$/m);
    expect(text).toContain('every tier passed (61.0 s)');
  });

  it('takes the tiers named on the command line, in the project order, and refuses a name it does not know', () => {
    expect(chooseTiers([])).toEqual({ tiers: [...TIERS] });
    expect(chooseTiers(['e2e', 'unit'])).toEqual({ tiers: TIERS.filter((tier) => tier.name === 'unit' || tier.name === 'e2e') });
    expect(chooseTiers(['unit', 'crash'])).toEqual({ unknown: ['crash'] });
  });

  it('names a script of package.json for every step of every tier', async () => {
    const { readFile } = await import('node:fs/promises');
    const scripts = (JSON.parse(await readFile('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;
    for (const tier of TIERS) for (const script of tier.scripts) expect(scripts[script], `${tier.name}: ${script}`).toBeTruthy();
    expect(scripts.test).toBe('tsx electron/tools/test-tiers.ts');
  });
});
