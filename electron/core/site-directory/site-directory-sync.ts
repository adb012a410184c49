/**
 * SiteDirectorySync: the site's copy of the cardholder directory from one desk's side (issue 34).
 * It decides, for this desk, where the lookup's records come from when a site store is
 * configured:
 * - the leader (one kiosk at a time, holding the store's lead lock) downloads from the service on
 *   the site's interval (DirectorySync's download builds its own generation), compares the new
 *   generation with the store's copy (ids and marks) and publishes only what was added, changed
 *   and removed, as one revision (a desk's write made after the download began is kept). A
 *   record's mark is made from the record itself; between two publications it is kept for a
 *   record whose engine fingerprint (DirectoryBasis: a hash of every field) did not
 *   change, so a comparison reads only the records that did;
 * - every desk follows: it reads the changes after its revision and applies them to its lookup,
 *   saving its revision only after the records are saved locally (a crash applies them again,
 *   never skips them); a desk with no saved directory, or too far behind, loads the copy whole;
 * - a record the service confirmed at this desk is written to the store at once (confirmed());
 * - the store away: the desk keeps its own saved directory; away longer than the fallback time
 *   (or with no directory at all), it downloads from the service itself as before, and returns to
 *   the site copy when the store is back.
 * It owns DirectoryState.origin and the small file that says which revision of which store the
 * saved directory holds. It never speaks SQL (site-directory-port.ts) and never parses the list
 * (the directory's engine does).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DirectoryOrigin } from '../../contract/cardholders';
import type { DirectorySyncReport, DirectorySyncResult } from '../../contract/ipc';
import type { CardholderDirectory } from '../cardholders/directory/cardholder-directory';
import type { DirectorySiteHooks, DirectorySync } from '../cardholders/directory/directory-sync';
import type { Logger } from '../log/logger';
import type { CardHolder } from '../service/access-service';
import { writeOwnerOnly } from '../storage/owner-only-files';
import { markOf } from './site-directory-marks';
import type { SiteDirectoryEntry, SiteDirectoryStore } from './site-directory-port';

/** Which revision of which store the saved directory holds, and the records the copy removed since its snapshot. */
export const SITE_STATE_FILE = 'directory.site.json';

interface SavedSiteState {
  siteId: string;
  revision: number;
  /** Ids the site copy removed since the snapshot was written (a removal is not in the local changes file). */
  removed: number[];
}

export interface SiteDirectorySyncOptions {
  store: SiteDirectoryStore;
  directory: Pick<CardholderDirectory, 'replace' | 'upsert' | 'remove' | 'basis' | 'get' | 'changedCount' | 'saved' | 'ready'>;
  sync: Pick<DirectorySync, 'sync' | 'setOrigin' | 'noteSiteCopy' | 'state'>;
  /** This desk's name in the store (siteStore.desk or the host name). */
  desk: string;
  /** Where the state file lives (the kiosk's data directory). */
  dataDir: string;
  log: Logger;
  /** The site's interval between downloads from the service (directory.syncIntervalMinutes); 0: at start and on demand only. */
  intervalMs: number;
  /** How long the store may stay away before this desk downloads from the service itself (siteStore.directoryFallbackMinutes). */
  fallbackMs: number;
  /** Between looks at the store (besides its doorbell); default 3 s. */
  pollMs?: number;
  /** A desk behind by more records than this (or holding more local changes) loads the copy whole; default 20,000. */
  wholeAfter?: number;
  now?: () => number;
}

/** Records asked of the lookup at a time when the leader compares its generation. */
const COMPARE_BATCH = 2_000;
/** Bytes of a record's mark (site-directory-marks.ts: 128 bits, 22 characters of base64url). */
const MARK_BYTES = 16;
/** The least time between two downloads of a leader whose download failed. */
const RETRY_MS = 60_000;

export class SiteDirectorySync {
  private readonly now: () => number;
  private readonly pollMs: number;
  private readonly wholeAfter: number;
  private readonly file: string;
  private saved: SavedSiteState | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private ticking: Promise<void> | null = null;
  private again = false;
  private stopped = true;
  private siteId: string | null = null;
  private checkedAt: string | null = null;
  private lostSince: number | null = null;
  /** This desk downloads from the service itself (the store away too long, or no directory at all). */
  private fallback = false;
  /** The revision the download under way began at (null: the store was away then); undefined: none under way. */
  private basis: number | null | undefined = undefined;
  private downloadStartedAt = '';
  private lastDownloadAt: number | null = null;
  private lastLeaderAttempt: number | null = null;
  private unsubscribe: Array<() => void> = [];
  /**
   * The marks of the generation this desk last published from, beside the engine's fingerprints
   * of the same records (ids ascending; 16 bytes of mark each): a record whose fingerprint did not
   * change keeps its mark, so the next comparison reads only the records that did.
   */
  private known: { ids: Float64Array; prints: Float64Array; marks: Buffer } | null = null;

  /** DirectorySync's hooks: this desk's downloads from the service. */
  readonly hooks: DirectorySiteHooks = {
    downloading: () => this.downloading(),
    downloaded: (report) => this.downloaded(report),
  };

  constructor(private readonly options: SiteDirectorySyncOptions) {
    this.now = options.now ?? Date.now;
    this.pollMs = options.pollMs ?? 3_000;
    this.wholeAfter = options.wholeAfter ?? 20_000;
    this.file = join(options.dataDir, SITE_STATE_FILE);
  }

  /** Reads which revision the saved directory holds, applies the removals it remembers, and starts following (after DirectorySync.start()). */
  async start(): Promise<void> {
    this.stopped = false;
    this.saved = await this.readState();
    if (this.saved && this.saved.removed.length > 0 && this.options.directory.ready) await this.options.directory.remove(this.saved.removed);
    this.lastDownloadAt = Date.parse(this.options.sync.state().syncedAt ?? '') || null;
    this.unsubscribe.push(this.options.store.onRevision(() => this.kick()));
    this.unsubscribe.push(
      this.options.store.onDown((problem) => {
        this.options.log.warn('site-directory', `the site store is away: ${problem.message}`);
        this.lostSince ??= this.now();
        this.publishOrigin();
      }),
    );
    this.publishOrigin();
    this.kick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    for (const off of this.unsubscribe.splice(0)) off();
    await this.ticking?.catch(() => undefined);
    await this.options.store.resign().catch(() => undefined);
    await this.options.store.close();
  }

  /** Waits for the look at the store under way (tests). */
  async settle(): Promise<void> {
    while (this.ticking) await this.ticking.catch(() => undefined);
  }

  /**
   * The officer asked for an update: a desk that follows the site copy reads the store's changes
   * (the site's download is the leader's); the leader, or a desk on its own, downloads.
   */
  async syncNow(request: { taskId?: string; acceptShrink?: boolean }): Promise<DirectorySyncResult> {
    if (this.options.store.connected && !this.options.store.leading && !this.fallback) {
      await this.runTick();
      const state = this.options.sync.state();
      return { outcome: 'unchanged', at: new Date(this.now()).toISOString(), total: state.records, added: 0, changed: 0, removed: 0, rejected: 0, problems: [] };
    }
    return this.options.sync.sync(request);
  }

  /**
   * Records the service confirmed at this desk (created, changed, photographed): written to the
   * site copy at once, so the other desks find them within seconds. The store away: the leader's
   * next download brings them to the copy.
   */
  async confirmed(records: readonly CardHolder[]): Promise<void> {
    if (!this.options.store.connected) return;
    for (const record of records) {
      if (record.id < 0) continue;
      try {
        const revision = await this.options.store.write(this.options.desk, { record, mark: markOf(record) });
        if (revision !== null) this.options.log.info('site-directory', `cardholder ${record.id} written to the site copy (revision ${revision})`);
      } catch (thrown) {
        this.options.log.warn('site-directory', `cardholder ${record.id} was not written to the site copy: ${messageOf(thrown)}`);
      }
    }
  }

  /** Looks at the store now (or right after the look under way). */
  private kick(): void {
    if (this.stopped) return;
    if (this.ticking) {
      this.again = true;
      return;
    }
    void this.runTick();
  }

  private runTick(): Promise<void> {
    if (this.ticking) {
      this.again = true;
      return this.ticking;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.ticking = this.tick()
      .catch((thrown: unknown) => this.options.log.warn('site-directory', `the site copy could not be read: ${messageOf(thrown)}`))
      .finally(() => {
        this.ticking = null;
        this.publishOrigin();
        if (this.stopped) return;
        if (this.again) {
          this.again = false;
          this.kick();
          return;
        }
        this.timer = setTimeout(() => this.kick(), this.pollMs);
        this.timer.unref?.();
      });
    return this.ticking;
  }

  private async tick(): Promise<void> {
    const { store } = this.options;
    if (!store.connected) {
      try {
        const { siteId } = await store.connect();
        this.siteId = siteId;
      } catch (thrown) {
        this.lostSince ??= this.now();
        await this.onOwn(messageOf(thrown));
        return;
      }
    }
    if (this.lostSince !== null) this.options.log.info('site-directory', 'the site store is back');
    this.lostSince = null;
    if (this.fallback) {
      this.fallback = false;
      this.options.log.info('site-directory', "the directory comes from the site's copy again");
    }
    if (!store.leading && (await store.tryLead())) this.options.log.info('site-directory', 'this desk now downloads the directory for the site');
    if (store.leading) await this.lead();
    if (store.connected) await this.follow();
  }

  /** The store is away: the saved directory answers; too long away (or none at all), this desk downloads itself. */
  private async onOwn(why: string): Promise<void> {
    const away = this.now() - (this.lostSince ?? this.now());
    const ready = this.options.directory.ready;
    if (!this.fallback && (away >= this.options.fallbackMs || !ready)) {
      this.fallback = true;
      this.options.log.warn('site-directory', `the site store has been away ${Math.round(away / 60_000)} min (${why}); this desk downloads the directory from the service itself`);
    }
    if (!this.fallback) return;
    this.publishOrigin();
    if (this.due(this.lastDownloadAt) || !ready) await this.options.sync.sync().catch(() => undefined);
  }

  private due(last: number | null): boolean {
    if (last === null) return true;
    return this.options.intervalMs > 0 && this.now() - last >= this.options.intervalMs;
  }

  /** The leader: downloads when the site's copy was last checked an interval ago (or never). */
  private async lead(): Promise<void> {
    const status = await this.options.store.status(0);
    this.checkedAt = status.checkedAt;
    const checked = status.checkedAt === null ? null : Date.parse(status.checkedAt);
    if (!this.due(checked)) return;
    if (this.lastLeaderAttempt !== null && this.now() - this.lastLeaderAttempt < Math.min(RETRY_MS, Math.max(this.options.intervalMs, this.pollMs))) return;
    this.lastLeaderAttempt = this.now();
    this.publishOrigin();
    await this.options.sync.sync().catch(() => undefined);
  }

  private async downloading(): Promise<void> {
    this.downloadStartedAt = new Date(this.now()).toISOString();
    this.basis = null;
    this.publishOrigin();
    if (!this.options.store.connected) return;
    try {
      this.basis = (await this.options.store.status(0)).revision;
    } catch {
      this.basis = null;
    }
  }

  /** A download from the service ended: the leader publishes what changed; every desk then follows the copy from where the download began. */
  private async downloaded(report: DirectorySyncReport): Promise<void> {
    const basis = this.basis ?? null;
    this.basis = undefined;
    this.lastDownloadAt = this.now();
    const { store, directory } = this.options;
    try {
      if (report.outcome === 'updated') await directory.saved().catch(() => undefined);
      if (basis === null || !store.connected || this.siteId === null) {
        // Downloaded on its own: when the store is back, the copy is loaded whole.
        if (report.outcome === 'updated') await this.writeState(null);
        return;
      }
      const own = store.leading ? await this.publish(report, basis) : null;
      if (report.outcome !== 'updated') return;
      // The lookup now holds the download: it follows the copy from where the download began,
      // less this desk's own revision (what it just published is what it holds).
      const from: SavedSiteState = { siteId: this.siteId, revision: basis, removed: [] };
      await this.writeState(from);
      if (own !== null) await this.applyChanges(from, own);
    } finally {
      this.publishOrigin();
    }
  }

  /** Compares the new generation with the store's copy and publishes the difference as one revision. */
  private async publish(report: DirectorySyncReport, revisionBasis: number): Promise<number | null> {
    const { store, directory, log } = this.options;
    const started = this.now();
    if (report.outcome === 'unchanged') {
      await store.publish({ desk: this.options.desk, basis: revisionBasis, checkedAt: this.downloadStartedAt, put: [], remove: [] });
      log.info('site-directory', 'the service list had not changed: noted the check in the site copy');
      return null;
    }
    const basis = await directory.basis();
    const ids = basis?.ids ?? new Float64Array(0);
    const prints = basis?.prints ?? new Float64Array(0);
    // Each record's mark: the one known for the same fingerprint, else made from the record.
    const marks = Buffer.alloc(ids.length * MARK_BYTES);
    const read = new Map<number, CardHolder>();
    const unknown: number[] = [];
    const known = this.known;
    for (let i = 0, k = 0; i < ids.length; i++) {
      const id = ids[i] as number;
      while (known && k < known.ids.length && (known.ids[k] as number) < id) k++;
      if (known && known.ids[k] === id && known.prints[k] === prints[i]) known.marks.copy(marks, i * MARK_BYTES, k * MARK_BYTES, (k + 1) * MARK_BYTES);
      else unknown.push(i);
    }
    const readRecords = async (indexes: number[], each: (index: number, record: CardHolder) => void): Promise<void> => {
      for (let j = 0; j < indexes.length; j += COMPARE_BATCH) {
        const batch = indexes.slice(j, j + COMPARE_BATCH);
        const records = await Promise.all(batch.map((i) => directory.get(ids[i] as number)));
        records.forEach((record, n) => record && each(batch[n] as number, record));
      }
    };
    await readRecords(unknown, (i, record) => {
      Buffer.from(markOf(record), 'base64url').copy(marks, i * MARK_BYTES);
      read.set(record.id, record);
    });
    // Against the store's copy: what differs is published, what the copy holds beyond is removed.
    const stored = await store.marks();
    const differ: number[] = [];
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i] as number;
      if (id < 0) continue;
      if (stored.get(id) !== marks.toString('base64url', i * MARK_BYTES, (i + 1) * MARK_BYTES)) differ.push(i);
      stored.delete(id);
    }
    const put: SiteDirectoryEntry[] = [];
    const missing = differ.filter((i) => !read.has(ids[i] as number));
    await readRecords(missing, (_, record) => read.set(record.id, record));
    for (const i of differ) {
      const record = read.get(ids[i] as number);
      if (record) put.push({ record, mark: marks.toString('base64url', i * MARK_BYTES, (i + 1) * MARK_BYTES) });
    }
    const remove = [...stored.keys()];
    const published = await store.publish({ desk: this.options.desk, basis: revisionBasis, checkedAt: this.downloadStartedAt, put, remove });
    this.known = { ids, prints, marks };
    log.info(
      'site-directory',
      `published revision ${published.revision ?? '(none: no change)'} of the site copy in ${this.now() - started} ms (${unknown.length} records read to compare): +${published.added} ~${published.changed} -${published.removed}, ${published.kept} kept as a desk wrote them, ${published.records} records`,
    );
    return published.revision;
  }

  /** Brings the lookup to the copy's newest revision: its changes, or the copy whole. */
  private async follow(): Promise<void> {
    const { store, directory, sync } = this.options;
    const saved = this.saved !== null && this.saved.siteId === this.siteId ? this.saved : null;
    const status = await store.status(saved?.revision ?? 0);
    this.checkedAt = status.checkedAt;
    if (status.revision === 0) return; // nothing published yet: the leader's first download will
    const tooFar = saved === null || !directory.ready || status.changedSince > this.wholeAfter || (await directory.changedCount()) > this.wholeAfter;
    if (tooFar) {
      await this.loadWhole();
    } else if (status.revision > saved.revision) {
      await this.applyChanges(saved, null);
    }
    await sync.noteSiteCopy(this.checkedAt);
  }

  /**
   * Applies the changes after `from` to the lookup (all but those of revision `skip`: this desk's
   * own publication). The records are saved locally (the changes file) before the revision is: a
   * crash applies them again, never skips them.
   */
  private async applyChanges(from: SavedSiteState, skip: number | null): Promise<void> {
    const { store, directory } = this.options;
    const { revision, changes } = await store.changesSince(from.revision);
    const records: CardHolder[] = [];
    const removed: number[] = [];
    for (const change of changes) {
      if (change.revision === skip) continue;
      if (change.removed) removed.push(change.id);
      else records.push(change.record);
    }
    if (records.length > 0) await directory.upsert(records);
    if (removed.length > 0) await directory.remove(removed);
    const back = new Set(records.map((record) => record.id));
    await this.writeState({ siteId: from.siteId, revision: Math.max(revision, from.revision), removed: [...new Set([...from.removed.filter((id) => !back.has(id)), ...removed])] });
    if (records.length + removed.length > 0) this.options.log.info('site-directory', `applied the site copy up to revision ${revision}: ${records.length} changed, ${removed.length} removed`);
  }

  /**
   * Loads the copy whole at one revision, as a new generation: its pages are fed to the engine as
   * they are read (one JSON array, like a download), so reading and parsing overlap.
   */
  private async loadWhole(): Promise<void> {
    const { store, directory, log } = this.options;
    const started = this.now();
    const pages = new PageQueue();
    let first = true;
    const reading = store
      .readCopy((page) => {
        pages.push(Buffer.from((first ? '[' : ',') + page.join(','), 'utf8'));
        first = false;
      })
      .then(
        (copy) => {
          pages.push(Buffer.from(first ? '[]' : ']', 'utf8'));
          pages.end();
          return copy;
        },
        (thrown: unknown) => {
          pages.fail(thrown);
          throw thrown;
        },
      );
    const building = directory.replace({ facts: { syncedAt: new Date(this.now()).toISOString(), etag: null, lastModified: null }, body: pages }, true);
    const [copy, outcome] = await Promise.all([reading, building.catch(async (thrown: unknown) => {
      await reading.catch(() => undefined);
      throw thrown;
    })]);
    const read = this.now() - started;
    if (outcome.outcome !== 'built') {
      log.warn('site-directory', `the site copy (revision ${copy.revision}) could not be loaded: ${outcome.outcome === 'failed' ? outcome.reason : 'held'}`);
      return;
    }
    // The lookup answers from the copy now; its revision is saved once the snapshot is.
    this.checkedAt = copy.checkedAt;
    await this.options.sync.noteSiteCopy(copy.checkedAt);
    await directory.saved();
    await this.writeState({ siteId: this.siteId ?? '', revision: copy.revision, removed: [] });
    log.info('site-directory', `loaded the site copy whole: revision ${copy.revision}, ${copy.records} cardholders in ${this.now() - started} ms (read and built ${read} ms)`);
  }

  private publishOrigin(): void {
    const origin: DirectoryOrigin = {
      source: this.fallback ? 'service' : 'site',
      revision: this.saved?.revision ?? null,
      checkedAt: this.checkedAt,
      downloading: this.basis !== undefined && this.options.store.leading,
      storeLostSince: this.lostSince === null ? null : new Date(this.lostSince).toISOString(),
    };
    this.options.sync.setOrigin(origin);
  }

  private async readState(): Promise<SavedSiteState | null> {
    try {
      const parsed = JSON.parse(await readFile(this.file, 'utf8')) as Partial<SavedSiteState>;
      if (typeof parsed.siteId !== 'string' || !Number.isSafeInteger(parsed.revision) || !Array.isArray(parsed.removed)) return null;
      return { siteId: parsed.siteId, revision: parsed.revision as number, removed: parsed.removed.filter((id) => Number.isSafeInteger(id)) };
    } catch {
      return null;
    }
  }

  private async writeState(state: SavedSiteState | null): Promise<void> {
    this.saved = state;
    await writeOwnerOnly(this.file, JSON.stringify(state ?? {}));
  }
}

/** The copy's pages on their way from the store to the engine: an async iterable fed as they are read. */
class PageQueue implements AsyncIterable<Uint8Array> {
  private readonly pages: Uint8Array[] = [];
  private done = false;
  private failure: { thrown: unknown } | null = null;
  private wake: (() => void) | null = null;

  push(page: Uint8Array): void {
    this.pages.push(page);
    this.signal();
  }

  end(): void {
    this.done = true;
    this.signal();
  }

  fail(thrown: unknown): void {
    this.failure = { thrown };
    this.signal();
  }

  private signal(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<Uint8Array> {
    for (;;) {
      if (this.failure) throw this.failure.thrown;
      const page = this.pages.shift();
      if (page) {
        yield page;
        continue;
      }
      if (this.done) return;
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }
}

function messageOf(thrown: unknown): string {
  return thrown instanceof Error ? thrown.message : String(thrown);
}
