import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
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
    // Beyond the checklist the file names tests anywhere under test/ (core, renderer, tools…).
    const everyTest = new Set(readdirSync(resolve(root, 'test'), { recursive: true, encoding: 'utf8' }).map((path) => path.split(/[\\/]/).pop() ?? ''));
    const found = (name: string): boolean => everyTest.has(name);
    for (const name of names) expect(found(name), name).toBe(true);
  });
});
