// The README's Architecture section names every folder of electron/, electron/core/ and
// renderer/src/, so that a new folder comes with the sentence that says what it owns.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '..', '..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const section = /^## Architecture\n([\s\S]*?)^## /m.exec(readme)?.[1] ?? '';
const folders = (dir: string): string[] =>
  readdirSync(join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
/** The bullet of the section that starts with `` - `<name>` ``. */
const bullet = (name: string): string => new RegExp(`^- \`${name}\`[\\s\\S]*?(?=^- |$(?![\\s\\S]))`, 'm').exec(section)?.[0] ?? '';

describe('README Architecture section', () => {
  it('names every folder of electron/', () => {
    expect(section).not.toBe('');
    const missing = folders('electron').filter((name) => !section.includes(`\`electron/${name}/\``));
    expect(missing).toEqual([]);
  });

  it('names every capability folder of electron/core/ in its bullet', () => {
    const text = bullet('electron/core/');
    expect(text).not.toBe('');
    expect(folders('electron/core').filter((name) => !text.includes(`\`${name}/\``))).toEqual([]);
  });

  it('names every folder of renderer/src/ in its bullet', () => {
    const text = bullet('renderer/');
    expect(text).not.toBe('');
    expect(folders('renderer/src').filter((name) => !text.includes(`\`${name}/\``))).toEqual([]);
  });
});
