import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const root = resolve(__dirname, '../..');
const doc = readFileSync(resolve(root, 'SECURITY.md'), 'utf8');

describe('SECURITY.md', () => {
  it('maps all 20 items of Electron\'s checklist, each to at least one test', () => {
    const rows = doc.split('\n').filter((line) => /^\| \d+ \|/.test(line));
    expect(rows.map((row) => Number(/^\| (\d+) \|/.exec(row)![1]))).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    for (const row of rows) expect(row, row.slice(0, 40)).toMatch(/\.test\.ts|\.spec\.ts/);
  });

  it('names only test files that exist', () => {
    const names = new Set(doc.match(/[\w-]+\.(?:test|spec)\.ts/g));
    // Beyond the checklist the file also names core tests (test/core/<capability>/…).
    const coreDirs = readdirSync(resolve(root, 'test/core'), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => `test/core/${d.name}`);
    const found = (name: string): boolean =>
      ['test/main', 'test/serving', 'test/preview', 'test/e2e', 'test/electron', 'test/tools', 'test/contract', 'test/core', ...coreDirs].some((dir) => existsSync(resolve(root, dir, name)));
    for (const name of names) expect(found(name), name).toBe(true);
  });
});
