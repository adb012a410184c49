// Whether badge photos are kept (badges/photo-cache-policy.ts, moved out of kiosk-core.ts): only
// when badges.photoCache is on and a data key exists; copies past the retention go at start.
import { mkdtempSync, rmSync, utimesSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { openBadgePhotoCache } from '../../../electron/core/badges/photo-cache-policy';
import { BadgePhotoCache, PHOTO_CACHE_DIR } from '../../../electron/core/badges/photo-cache';
import { createLogger, memorySink } from '../../../electron/core/log/logger';

const dirs: string[] = [];
const dataDir = (): string => {
  const dir = mkdtempSync(path.join(tmpdir(), 'kiosk-photo-policy-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xd9]);

describe('the badge photo cache policy', () => {
  it('off: no cache, nothing said', () => {
    const { sink, lines } = memorySink();
    expect(openBadgePhotoCache({ enabled: false, retentionDays: 30 }, dataDir(), randomBytes(32), createLogger(sink))).toBeNull();
    expect(lines).toEqual([]);
  });

  it('on without a data key: no cache (never unencrypted), and the log says why', () => {
    const { sink, lines } = memorySink();
    expect(openBadgePhotoCache({ enabled: true, retentionDays: 30 }, dataDir(), null, createLogger(sink))).toBeNull();
    expect(lines).toEqual([expect.stringContaining('no keyring data key: no photo is kept')]);
  });

  it('on with a key: a cache with the retention in days, and copies past it removed at start (logged)', async () => {
    const dir = dataDir();
    const key = randomBytes(32);
    const old = new BadgePhotoCache(dir, key, 30 * 86_400_000);
    await old.put(7, { bytes: JPEG, contentType: 'image/jpeg' });
    await old.put(8, { bytes: JPEG, contentType: 'image/jpeg' });
    const aged = (Date.now() - 31 * 86_400_000) / 1000;
    utimesSync(path.join(dir, PHOTO_CACHE_DIR, 'photo-7.bin'), aged, aged);
    const { sink, lines } = memorySink();
    const logged = new Promise<void>((resolve) => {
      const log = createLogger((level, scope, message) => {
        sink(level, scope, message);
        if (message.includes('removed')) resolve();
      });
      const cache = openBadgePhotoCache({ enabled: true, retentionDays: 30 }, dir, key, log);
      expect(cache).toBeInstanceOf(BadgePhotoCache);
    });
    await logged;
    expect(lines).toEqual([expect.stringContaining('photo cache: 1 copies past 30 days removed')]);
    expect(await readdir(path.join(dir, PHOTO_CACHE_DIR))).toEqual(['photo-8.bin']);
  });
});
