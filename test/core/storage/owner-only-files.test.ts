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

describe('temporary files left by an interrupted save', () => {
  it('are removed at start when stale; the saved files, a write in progress and other files are kept', async () => {
    const { removeStaleTemporaries } = await import('../../../electron/core/storage/owner-only-files');
    const { utimes } = await import('node:fs/promises');
    await writeOwnerOnly(join(dir, 'directory.snapshot'), 'saved');
    // A crash between the temporary file's write and its rename: 14 MB of personal data in the real case.
    const left = 'directory.snapshot.0123456789ab.tmp';
    await writeFile(join(dir, left), 'Marie Dupont, +33 6 12 34 56 78');
    const fresh = 'outbox.journal.ba9876543210.tmp';
    await writeFile(join(dir, fresh), 'being written now');
    await writeFile(join(dir, 'notes.tmp'), 'not one of ours');
    const old = new Date(Date.now() - 10 * 60_000);
    await utimes(join(dir, left), old, old);
    await utimes(join(dir, 'notes.tmp'), old, old);
    expect(await removeStaleTemporaries(dir)).toEqual([left]);
    expect((await readdir(dir)).sort()).toEqual(['directory.snapshot', fresh, 'notes.tmp'].sort());
    expect(await removeStaleTemporaries(join(dir, 'missing'))).toEqual([]);
  });

  it('are cleared by the core at start, from the data folder and the credential folder, and said in the log', async () => {
    const { clearCrashLeftovers } = await import('../../../electron/core/storage/crash-leftovers');
    const { createLogger, memorySink } = await import('../../../electron/core/log/logger');
    const { mkdir } = await import('node:fs/promises');
    await mkdir(join(dir, 'credentials'));
    await writeFile(join(dir, 'acknowledgements.jsonl.00112233aabb.tmp'), 'x');
    await writeFile(join(dir, 'credentials', 'credential.enc.00112233aabb.tmp'), 'x');
    const memory = memorySink();
    const removed = await clearCrashLeftovers([dir, join(dir, 'credentials'), dir], createLogger(memory.sink), Date.now() + 120_000);
    expect(removed.sort()).toEqual(['acknowledgements.jsonl.00112233aabb.tmp', 'credential.enc.00112233aabb.tmp']);
    expect(await readdir(join(dir, 'credentials'))).toEqual([]);
    expect(memory.lines.filter((line) => line.includes('left by an interrupted save'))).toHaveLength(2);
  });
});
