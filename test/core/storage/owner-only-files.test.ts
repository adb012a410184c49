/** Owner-only files: atomic replacement (a failed write leaves the old file whole), permissions, refusals. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chmod, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OwnerOnlyFileError, readOwnerOnly, writeOwnerOnly } from '../../../electron/core/storage/owner-only-files';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kiosk-owner-only-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('owner-only files', () => {
  it('writes text, bytes or chunks, readable by the owner only, in a private folder', async () => {
    const file = join(dir, 'private', 'data.bin');
    await writeOwnerOnly(file, (function* () {
      yield Buffer.from('one ');
      yield Buffer.from('two');
    })());
    expect(await readFile(file, 'utf8')).toBe('one two');
    if (process.platform !== 'win32') {
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      expect((await stat(join(dir, 'private'))).mode & 0o777).toBe(0o700);
    }
    expect((await readOwnerOnly(file, true))?.toString()).toBe('one two');
  });

  it('leaves the old file whole and no temporary file when a write fails half-way', async () => {
    const file = join(dir, 'snapshot');
    await writeOwnerOnly(file, 'the old, complete content');
    const failing = (function* () {
      yield Buffer.from('the new content, cut ');
      throw new Error('power cut');
    })();
    await expect(writeOwnerOnly(file, failing)).rejects.toThrow('power cut');
    expect(await readFile(file, 'utf8')).toBe('the old, complete content');
    expect(await readdir(dir)).toEqual(['snapshot']);
  });

  it('answers null for a missing file and refuses one other accounts may read', async () => {
    expect(await readOwnerOnly(join(dir, 'absent'), true)).toBeNull();
    if (process.platform === 'win32') return;
    const file = join(dir, 'open');
    await writeFile(file, 'x', { mode: 0o644 });
    await chmod(file, 0o644);
    await expect(readOwnerOnly(file, true)).rejects.toMatchObject({ code: 'too-open', detail: 'permissions 0644' });
    await expect(readOwnerOnly(file, true)).rejects.toBeInstanceOf(OwnerOnlyFileError);
    expect((await readOwnerOnly(file, false))?.toString()).toBe('x');
  });
});
