/**
 * At start, before anything writes: the temporary files that a crash or a power cut left behind
 * in the middle of an atomic save (owner-only-files.ts) are removed from the kiosk's data folder
 * and credential folder, and the removal is logged (names only: they carry no personal data, their
 * contents may). Never fatal: a folder that cannot be read is reported and the kiosk goes on.
 */
import type { Logger } from '../log/logger';
import { removeStaleTemporaries } from './owner-only-files';

export async function clearCrashLeftovers(dirs: readonly string[], log: Logger, now: number = Date.now()): Promise<string[]> {
  const removed: string[] = [];
  for (const dir of new Set(dirs)) {
    try {
      const names = await removeStaleTemporaries(dir, { now });
      if (names.length > 0) log.warn('storage', `removed ${names.length} temporary file(s) left by an interrupted save in ${dir}: ${names.join(', ')}`);
      removed.push(...names);
    } catch (thrown) {
      log.warn('storage', `could not look for temporary files left in ${dir}: ${thrown instanceof Error ? thrown.message : String(thrown)}`);
    }
  }
  return removed;
}
