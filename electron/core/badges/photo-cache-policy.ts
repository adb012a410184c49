/**
 * Whether this workstation keeps badge photos (badges.photoCache): only when the configuration
 * asks for it and only with the keyring's data key (an unencrypted copy is never kept: without a
 * key the log says so and nothing is kept); copies an earlier version sealed are sealed anew and
 * copies past the retention removed at start. Owns
 * that decision; the files are photo-cache.ts's. Moved out of kiosk-core.ts, which only wires it.
 */
import type { Logger } from '../log/logger';
import { BadgePhotoCache } from './photo-cache';

export interface PhotoCacheSettings {
  enabled: boolean;
  retentionDays: number;
}

/** The photo cache this workstation keeps, or null (off, or no data key). */
export function openBadgePhotoCache(settings: PhotoCacheSettings, dataDir: string, dataKey: Buffer | null, log: Logger): BadgePhotoCache | null {
  if (!settings.enabled) return null;
  if (!dataKey) {
    log.warn('badges', 'badges.photoCache is on but this workstation has no keyring data key: no photo is kept (they are never kept unencrypted)');
    return null;
  }
  const cache = new BadgePhotoCache(dataDir, dataKey, settings.retentionDays * 86_400_000);
  void cache
    .migrate()
    .then((n) => n > 0 && log.info('badges', `photo cache: ${n} copies of an earlier version sealed anew`))
    .then(() => cache.purge())
    .then((n) => n > 0 && log.info('badges', `photo cache: ${n} copies past ${settings.retentionDays} days removed`));
  return cache;
}
