/**
 * `npm run bench`: runs every test/bench/*.bench.ts (or those named on the command line, e.g.
 * `npm run bench -- simulator`) and prints one table: figure, baseline measured in the same run,
 * and their ratio. Benchmarks report medians and percentiles; nothing here asserts a time.
 */
import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BenchRow } from './types';

interface BenchModule {
  run(): Promise<BenchRow[]>;
}

const format = (n: number): string =>
  Number.isInteger(n) ? String(n) : Math.abs(n) >= 100 ? n.toFixed(1) : Math.abs(n) >= 1 ? n.toFixed(2) : n.toPrecision(3);

async function main(): Promise<void> {
  const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  const files = readdirSync(__dirname)
    .filter((f) => f.endsWith('.bench.ts'))
    .filter((f) => wanted.length === 0 || wanted.some((w) => f.includes(w)))
    .sort();
  if (files.length === 0) {
    console.error(`No benchmark matches ${wanted.join(', ')}.`);
    process.exitCode = 1;
    return;
  }
  const rows: Array<BenchRow & { suite: string }> = [];
  let failed = 0;
  for (const file of files) {
    const suite = basename(file, '.bench.ts');
    process.stderr.write(`bench: running ${suite}…\n`);
    try {
      const mod = (await import(pathToFileURL(join(__dirname, file)).href)) as BenchModule;
      for (const row of await mod.run()) rows.push({ ...row, suite });
    } catch (thrown) {
      failed += 1;
      console.error(`bench: ${suite} failed: ${thrown instanceof Error ? (thrown.stack ?? thrown.message) : String(thrown)}`);
    }
  }
  const table = rows.map((r) => ({
    suite: r.suite,
    measure: r.name,
    value: `${format(r.value)} ${r.unit}`,
    baseline: r.baseline === undefined ? '' : `${format(r.baseline)} ${r.unit}`,
    ratio: r.baseline === undefined || r.baseline === 0 ? '' : `${(r.value / r.baseline).toFixed(2)}×`,
    note: r.note ?? '',
  }));
  const columns = ['suite', 'measure', 'value', 'baseline', 'ratio', 'note'] as const;
  const widths = columns.map((c) => Math.max(c.length, ...table.map((t) => t[c].length)));
  const line = (cells: readonly string[]): string => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ').trimEnd();
  console.log(line(columns));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const t of table) console.log(line(columns.map((c) => t[c])));
  if (failed > 0) process.exitCode = 1;
}

void main();
