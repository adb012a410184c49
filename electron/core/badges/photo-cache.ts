/**
 * The optional badge photo cache (badges.photoCache, off by default): an encrypted copy of each
 * ID photo uploaded from this workstation, so a reprint after a restart still has the photo. One
 * file per cardholder in <dataDir>/badge-photos, owner-only, AES-256-GCM with the keyring's data
 * key (never without one: with no keyring nothing is kept), removed after retentionDays. Owns the
 * files only; the badge capability decides when to read and write them.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { readOwnerOnly, writeOwnerOnly } from '../storage/owner-only-files';

export const PHOTO_CACHE_DIR = 'badge-photos';
const IV = 12;
const TAG = 16;

export interface CachedPhoto {
  bytes: Uint8Array;
  contentType: string;
}

export class BadgePhotoCache {
  readonly dir: string;

  constructor(
    dataDir: string,
    private readonly key: Buffer,
    private readonly retentionMs: number,
    private readonly now: () => number = Date.now,
  ) {
    if (key.length !== 32) throw new Error('the photo cache needs a 256-bit key');
    this.dir = path.join(dataDir, PHOTO_CACHE_DIR);
  }

  private file(id: number): string {
    return path.join(this.dir, `photo-${id < 0 ? `n${-id}` : id}.bin`);
  }

  async put(id: number, photo: CachedPhoto): Promise<void> {
    const header = Buffer.from(`${JSON.stringify({ id, contentType: photo.contentType, savedAt: this.now() })}\n`, 'utf8');
    const iv = randomBytes(IV);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(`badge-photo:${id}`));
    const body = Buffer.concat([cipher.update(header), cipher.update(photo.bytes), cipher.final()]);
    await writeOwnerOnly(this.file(id), Buffer.concat([iv, cipher.getAuthTag(), body]));
  }

  /** The photo, or null when there is none, it is older than the retention, or it cannot be read. */
  async get(id: number): Promise<CachedPhoto | null> {
    let data: Buffer | null;
    try {
      data = await readOwnerOnly(this.file(id), true);
    } catch {
      return null;
    }
    if (!data || data.length <= IV + TAG) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, data.subarray(0, IV));
      decipher.setAAD(Buffer.from(`badge-photo:${id}`));
      decipher.setAuthTag(data.subarray(IV, IV + TAG));
      const plain = Buffer.concat([decipher.update(data.subarray(IV + TAG)), decipher.final()]);
      const newline = plain.indexOf(0x0a);
      const header = JSON.parse(plain.subarray(0, newline).toString('utf8')) as { id: number; contentType: string; savedAt: number };
      if (header.id !== id || this.now() - header.savedAt > this.retentionMs) {
        await rm(this.file(id), { force: true });
        return null;
      }
      return { bytes: new Uint8Array(plain.subarray(newline + 1)), contentType: header.contentType };
    } catch {
      return null;
    }
  }

  /** Removes the copies older than the retention (by file time); returns how many. */
  async purge(): Promise<number> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch {
      return 0;
    }
    let removed = 0;
    for (const name of names.filter((n) => /^photo-n?\d+\.bin$/.test(n))) {
      const file = path.join(this.dir, name);
      const info = await stat(file).catch(() => null);
      if (info && this.now() - info.mtimeMs > this.retentionMs) {
        await rm(file, { force: true });
        removed += 1;
      }
    }
    return removed;
  }
}
