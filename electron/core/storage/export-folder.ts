/**
 * Where exports go without a save dialog (the browser harness; any kiosk that saves into one
 * folder): a folder readable by its owner only (0700), and a name that is never one already
 * there — a second export with the same suggested name gets "-2", "-3"… instead of replacing the
 * first. The name is reserved by creating the file exclusively (0600), so two exports at once
 * cannot take the same one; the export then replaces that empty file atomically. The save
 * dialog's default name (electron/main) uses `freeName` the same way.
 */
import { existsSync } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import type { PickSaveFile } from '../ports/save-file';
import { ensurePrivateDir } from './owner-only-files';

const MAX_TRIES = 1_000;

/** `name`, or `name-2.ext`, `name-3.ext`… : the first for which `taken` says no. */
export function freeName(name: string, taken: (candidate: string) => boolean): string {
  const ext = path.extname(name);
  const stem = name.slice(0, name.length - ext.length);
  for (let n = 1; n <= MAX_TRIES; n++) {
    const candidate = n === 1 ? name : `${stem}-${n}${ext}`;
    if (!taken(candidate)) return candidate;
  }
  throw new Error(`no free name for ${name} after ${MAX_TRIES} tries`);
}

/** The first free name in `dir` (which must exist), reserved as an empty owner-only file. */
export async function reserveExportPath(dir: string, suggestedName: string): Promise<string> {
  const base = path.basename(suggestedName);
  const skip = new Set<string>();
  for (;;) {
    const name = freeName(base, (candidate) => skip.has(candidate) || existsSync(path.join(dir, candidate)));
    const file = path.join(dir, name);
    try {
      const handle = await open(file, 'wx', 0o600);
      await handle.close();
      return file;
    } catch (thrown) {
      if ((thrown as NodeJS.ErrnoException).code !== 'EEXIST') throw thrown;
      skip.add(name); // taken in between: the next one
    }
  }
}

/** A PickSaveFile that saves into `dir` (0700) under a name of its own. */
export function exportFolder(dir: string): PickSaveFile {
  return async (suggestedName) => {
    await ensurePrivateDir(dir);
    return reserveExportPath(dir, suggestedName);
  };
}
