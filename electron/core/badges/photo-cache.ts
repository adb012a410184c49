/**
 * The optional badge photo cache (badges.photoCache, off by default): an encrypted copy of each
 * ID photo uploaded from this workstation, so a reprint after a restart still has the photo. One
 * file per cardholder in <dataDir>/badge-photos, owner-only, sealed by storage/seal.ts with the
 * keyring's data key (kind "badge-photo", key the cardholder's id; never without a key: with no
 * keyring nothing is kept), removed after retentionDays. The photos stay files, not rows of the
 * kiosk's database: each is up to megabytes, read whole when a badge is printed, and none needs an
 * index. A copy an earlier version sealed in its own layout (storage/legacy-seals.ts) is read and
 * written anew in this one (`migrate`, at start; and when it is asked for first). Owns the files
 * only; the badge capability decides when to read and write them.
 */
import { readdir, rm, stat, utimes } from 'node:fs/promises';
import path from 'node:path';
import { openLegacyBadgePhoto } from '../storage/legacy-seals';
import { readOwnerOnly, writeOwnerOnly } from '../storage/owner-only-files';
import { isSealed, seal, unseal } from '../storage/seal';

export const PHOTO_CACHE_DIR = 'badge-photos';
const KIND = 'badge-photo';
const FILE = /^photo-(n?)(\d+)\.bin$/;

export interface CachedPhoto {
  bytes: Uint8Array;
  contentType: string;
}

interface Header {
  id: number;
  contentType: string;
  savedAt: number;
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
    await this.write(id, { id, contentType: photo.contentType, savedAt: this.now() }, photo.bytes);
  }

  /** The photo, or null when there is none, it is older than the retention, or it cannot be read. */
  async get(id: number): Promise<CachedPhoto | null> {
    const opened = await this.read(id);
    if (!opened) return null;
    if (opened.header.id !== id || this.now() - opened.header.savedAt > this.retentionMs) {
      await rm(this.file(id), { force: true });
      return null;
    }
    return { bytes: new Uint8Array(opened.photo), contentType: opened.header.contentType };
  }

  /** Writes every copy an earlier version sealed in its own layout anew in this one; returns how many. */
  async migrate(): Promise<number> {
    let migrated = 0;
    for (const id of await this.ids()) if ((await this.read(id))?.legacy) migrated++;
    return migrated;
  }

  /** Removes the copies older than the retention (by file time); returns how many. */
  async purge(): Promise<number> {
    let removed = 0;
    for (const id of await this.ids()) {
      const file = this.file(id);
      const info = await stat(file).catch(() => null);
      if (info && this.now() - info.mtimeMs > this.retentionMs) {
        await rm(file, { force: true });
        removed += 1;
      }
    }
    return removed;
  }

  /** The cardholders with a copy in the folder. */
  private async ids(): Promise<number[]> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch {
      return [];
    }
    return names.flatMap((name) => {
      const match = FILE.exec(name);
      return match ? [(match[1] ? -1 : 1) * Number(match[2])] : [];
    });
  }

  private async write(id: number, header: Header, photo: Uint8Array): Promise<void> {
    const plain = Buffer.concat([Buffer.from(`${JSON.stringify(header)}\n`, 'utf8'), photo]);
    await writeOwnerOnly(this.file(id), seal(this.key, { kind: KIND, key: id }, plain));
  }

  /** A copy's header and photo, or null; one in an earlier version's layout is written anew in this one. */
  private async read(id: number): Promise<{ header: Header; photo: Buffer; legacy: boolean } | null> {
    let data: Buffer | null;
    try {
      data = await readOwnerOnly(this.file(id), true);
    } catch {
      return null;
    }
    if (!data) return null;
    // A copy of this layout starts with the seal's mark; an earlier version's with its IV (which, one
    // time in 16 million, may look like the mark: then it is opened as an earlier version's too).
    const sealed = isSealed(data) ? attempt(() => unseal(this.key, { kind: KIND, key: id }, data)) : null;
    const legacy = sealed === null;
    const plain = sealed ?? attempt(() => openLegacyBadgePhoto(data, this.key, id));
    if (plain === null) return null;
    const newline = plain.indexOf(0x0a);
    const header = attempt(() => JSON.parse(plain.subarray(0, newline).toString('utf8')) as Header);
    if (header === null) return null;
    const photo = plain.subarray(newline + 1);
    if (legacy && header.id === id) {
      await this.write(id, header, photo);
      // The copy keeps its age: purge goes by the file's time.
      await utimes(this.file(id), header.savedAt / 1000, header.savedAt / 1000).catch(() => undefined);
    }
    return { header, photo, legacy };
  }
}

function attempt<T>(open: () => T): T | null {
  try {
    return open();
  } catch {
    return null;
  }
}
