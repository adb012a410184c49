/**
 * DirectoryEngine: one generation of the cardholder directory, as a directory worker thread holds
 * it (and as tests drive it directly, without a thread). It parses, checks and indexes the
 * list's bytes as they download (list-ingest.ts: the records kept packed, never an object each,
 * nor the list's whole text), compares them with the generation before (by
 * id and a fingerprint of each record), refuses to replace a large directory by an empty or much
 * smaller one unless told to, and saves the snapshot. It also loads a generation from the saved
 * snapshot, and answers lookups, record reads, duplicate checks and changes made on this
 * workstation. Plain TypeScript over node:fs and node:crypto; it never talks to the service.
 */
import { getHeapStatistics } from 'node:v8';
import { threadId } from 'node:worker_threads';
import type { CardHolder } from '../../service/access-service';
import { CardholderIndex, type DuplicateMatch, type SearchPage } from '../lookup/cardholder-index';
import { isSnapshotMeta, readSnapshotFile, removeSnapshotFiles, SnapshotUnusable, writeSnapshotFile, type SnapshotMeta } from './directory-snapshot';
import { checkCardholderList, type RecordProblem } from '../checks/record-check';
import { basisOf, fingerprint, ListIngest, type DirectoryBasis, type IngestEnd, type Said } from './list-ingest';
import type { PackedRecords } from '../lookup/record-store';
import { countDirectoryValues } from './directory-values';
import { isExactFullName, LookupExtras, type LookupNames, type LookupPage } from '../lookup/lookup-extras';
import { keyedError, type DirectoryState, type DirectoryValueCounts } from '../../../contract/ipc';

export type { DirectoryBasis } from './list-ingest';

export interface SyncCounts {
  /** Records now in the directory. */
  total: number;
  added: number;
  changed: number;
  removed: number;
  /** Records the service sent that could not be used (malformed, duplicate id). */
  rejected: number;
  problems: RecordProblem[];
}

export type BuildOutcome =
  | { outcome: 'built'; counts: SyncCounts }
  /** Not taken: the new list is empty or much smaller than the directory it would replace. */
  | { outcome: 'held'; previous: number; received: number; usable: number }
  | { outcome: 'failed'; reason: 'not-json' | 'no-list' | 'no-usable-record'; said: Said; problems: RecordProblem[] };

export type LoadOutcome =
  | { outcome: 'loaded'; meta: SnapshotMeta; records: number; changes: number; problem?: string }
  | { outcome: 'none' }
  | { outcome: 'unusable'; message: string; issue: NonNullable<DirectoryState['snapshotIssue']> };

export interface EngineStats {
  records: number;
  /** The engine's JavaScript heap (its thread's, for a thread). */
  heapUsedBytes: number;
  /** The thread the engine runs in (worker_threads' threadId; 0: the main thread). */
  threadId?: number;
}

export interface EngineFiles {
  snapshot: string;
  changes: string;
}

export type EngineProgress = (phase: 'checking' | 'indexing' | 'saving', done: number, total: number | null) => void;

export interface EngineOptions {
  files: EngineFiles;
  /** AES-256 key for the files at rest; null writes them unencrypted (owner-only still). */
  key: Buffer | null;
  /** host:port of the service, recorded in the snapshot. */
  service: string;
  onProgress?: EngineProgress;
}

/** A directory is "much smaller" when it loses more than this share of at least this many records. */
const SHRINK_SHARE = 0.5;
const SHRINK_MIN_RECORDS = 100;
/** Records past the page looked at for an exact full-name match to put first. */
const EXACT_WINDOW = 50;
/** The saved snapshot is read in pieces of this size (as a download would come). */
const READ_PIECE_BYTES = 1 << 20;

export class DirectoryEngine {
  private index: CardholderIndex | null = null;
  private meta: SnapshotMeta | null = null;
  /** What the service listed at the build (the records changed since are not in it). */
  private listed: DirectoryBasis | null = null;
  /** The list under way: read as its bytes arrive (list-ingest.ts). */
  private incoming: ListIngest | null = null;
  /** The records of the last built list, until they are saved (the snapshot is written from them). */
  private unsaved: PackedRecords | null = null;
  private writingChanges: Promise<void> = Promise.resolve();
  /** Changes since the build (local writes): the lazily built lookup extras and counts follow it. */
  private version = 0;
  private extras: { index: CardholderIndex; value: LookupExtras } | null = null;
  private counts: { index: CardholderIndex; version: number; value: DirectoryValueCounts } | null = null;

  constructor(private readonly options: EngineOptions) {}

  // ───────────────────────── a new generation from the service ─────────────────────────

  receive(bytes: Uint8Array): void {
    this.incoming ??= this.ingest();
    this.incoming.push(bytes);
  }

  /**
   * Finishes reading what was received (parsed, checked and indexed as it came). `previous` is the
   * generation it would replace (null: none); `acceptShrink` takes an empty or much smaller list anyway.
   */
  build(download: { syncedAt: string; etag: string | null; lastModified: string | null }, previous: DirectoryBasis | null, acceptShrink: boolean): BuildOutcome {
    const incoming = this.incoming ?? this.ingest();
    this.incoming = null;
    // Checked as it downloaded; what is left is the end of it, then the index's last steps.
    this.progress('checking', 0, null);
    const ended: IngestEnd = incoming.end();
    if (!ended.ok) return { outcome: 'failed', reason: ended.reason, said: ended.said, problems: [] };
    if (ended.received > 0 && ended.usable === 0) {
      return {
        outcome: 'failed',
        reason: 'no-usable-record',
        said: keyedError('directoryNoneReadable', { count: ended.received }),
        problems: ended.problems,
      };
    }
    const before = previous?.ids.length ?? 0;
    const usable = ended.usable;
    if (!acceptShrink && before > 0 && (usable === 0 || (before >= SHRINK_MIN_RECORDS && usable < before * (1 - SHRINK_SHARE)))) {
      return { outcome: 'held', previous: before, received: ended.received, usable };
    }
    const total = usable;
    this.progress('indexing', 0, total);
    const built = ended.finish((done) => this.progress('indexing', done, total));
    this.index = built.index;
    this.listed = built.basis;
    const diff = compare(previous, this.listed);
    this.meta = { syncedAt: download.syncedAt, etag: download.etag, lastModified: download.lastModified, service: this.options.service, records: total };
    this.unsaved = built.store;
    return { outcome: 'built', counts: { total, ...diff, rejected: ended.problemCount, problems: ended.problems } };
  }

  private ingest(): ListIngest {
    return new ListIngest();
  }

  /** Saves the generation built last (the list's bytes and the local changes). */
  async save(): Promise<void> {
    const body = this.unsaved;
    if (!body || !this.meta) return;
    this.progress('saving', 0, null);
    await writeSnapshotFile(this.options.files.snapshot, this.meta, body.arrayPieces(), this.options.key);
    this.unsaved = null;
    await this.saveChanges();
  }

  // ───────────────────────── a generation from the saved snapshot ─────────────────────────

  async load(): Promise<LoadOutcome> {
    let stored;
    try {
      stored = await readSnapshotFile(this.options.files.snapshot, this.options.key);
    } catch (thrown) {
      if (thrown instanceof SnapshotUnusable) return { outcome: 'unusable', message: `The saved directory cannot be used: ${thrown.reason}.`, issue: thrown.detail === undefined ? { code: thrown.code } : { code: thrown.code, detail: thrown.detail } };
      throw thrown;
    }
    if (!stored) return { outcome: 'none' };
    if (!isSnapshotMeta(stored.meta)) return { outcome: 'unusable', message: 'The saved directory cannot be used: its header is damaged.', issue: { code: 'headerDamaged' } };
    if (stored.meta.service !== this.options.service) {
      return { outcome: 'unusable', message: `The saved directory came from another service (${stored.meta.service}); it is not used.`, issue: { code: 'otherService', service: String(stored.meta.service) } };
    }
    // Read as a download would be: the records kept packed, never an object each.
    const reading = new ListIngest();
    for (let at = 0; at < stored.body.length; at += READ_PIECE_BYTES) reading.push(stored.body.subarray(at, at + READ_PIECE_BYTES));
    const ended = reading.end();
    if (!ended.ok) return { outcome: 'unusable', message: 'The saved directory cannot be used: it is damaged.', issue: { code: 'damaged' } };
    const built = ended.finish();
    this.index = built.index;
    this.listed = built.basis;
    this.meta = stored.meta;
    let changes = 0;
    let changesProblem: string | undefined;
    try {
      const saved = await readSnapshotFile(this.options.files.changes, this.options.key);
      if (saved) {
        const list = parseList(saved.body);
        const records = list.ok ? (checkCardholderList(list.value)?.records ?? null) : null;
        if (records === null) changesProblem = 'The changes made on this workstation since the last sync cannot be read: the file is damaged.';
        for (const record of records ?? []) this.index.upsert(record);
        changes = records?.length ?? 0;
      }
    } catch (thrown) {
      if (!(thrown instanceof SnapshotUnusable)) throw thrown;
      changesProblem = `The changes made on this workstation since the last sync cannot be used: ${thrown.reason}.`;
    }
    // Without them the snapshot is still good; those records come back with the next sync.
    if (changesProblem) return { outcome: 'loaded', meta: stored.meta, records: this.index.size, changes, problem: changesProblem };
    return { outcome: 'loaded', meta: stored.meta, records: this.index.size, changes };
  }

  // ───────────────────────── lookups and local changes ─────────────────────────

  get ready(): boolean {
    return this.index !== null;
  }

  get snapshotMeta(): SnapshotMeta | null {
    return this.meta;
  }

  /** Cardholders from the service (those created offline, under provisional ids, are not counted). */
  get size(): number {
    if (!this.index) return 0;
    return this.index.size - this.index.overlayRecords().filter((record) => record.id < 0).length;
  }

  search(query: string, offset: number, limit: number, names: LookupNames = { tenants: [], cardholderTypes: [] }): LookupPage {
    const index = this.index;
    if (!index) return { total: 0, offset: 0, records: [], suggestions: [] };
    // Names, and what the person is (company, type, city, e-mail domain): one index, names first.
    const page = index.search(query, offset, limit, names);
    if (query.trim() === '') return { ...page, suggestions: [] };
    if (page.total > 0) return { ...this.exactFirst(index, query, page, offset, limit, names), suggestions: [] };
    return { ...page, suggestions: this.lookupExtras(index).suggest(query) };
  }

  /** Puts the records whose full name is exactly what was typed first (they are among the best-ranked already). */
  private exactFirst(index: CardholderIndex, query: string, page: SearchPage, offset: number, limit: number, names: LookupNames): SearchPage {
    if (query.trim().split(/\s+/).length < 2) return page;
    const top = index.search(query, 0, Math.min(page.total, offset + limit + EXACT_WINDOW), names);
    const exact = top.records.filter((record) => isExactFullName(record, query));
    if (exact.length === 0 || top.records.slice(0, exact.length).every((record) => exact.includes(record))) return page;
    const ordered = [...exact, ...top.records.filter((record) => !exact.includes(record))];
    return { total: page.total, offset: page.offset, records: ordered.slice(page.offset, page.offset + limit) };
  }

  /** Built once per generation, when a search first finds nobody. */
  private lookupExtras(index: CardholderIndex): LookupExtras {
    if (!this.extras || this.extras.index !== index) this.extras = { index, value: new LookupExtras((visit) => index.forEachName(visit)) };
    return this.extras.value;
  }

  /** How many cardholders carry each tenant and each cardholder type (the enrolment form's choices). */
  valueCounts(): DirectoryValueCounts {
    if (!this.index) return countDirectoryValues([]);
    if (!this.counts || this.counts.index !== this.index || this.counts.version !== this.version) {
      this.counts = { index: this.index, version: this.version, value: countDirectoryValues(this.index.allValues()) };
    }
    return this.counts.value;
  }

  get(id: number): CardHolder | null {
    return this.index?.get(id) ?? null;
  }

  /** Every tenant number on a cardholder, ascending. */
  tenants(): number[] {
    return this.index?.tenantIds() ?? [];
  }

  duplicates(person: Parameters<CardholderIndex['findDuplicates']>[0], excludeId?: number): DuplicateMatch[] {
    return this.index?.findDuplicates(person, excludeId) ?? [];
  }

  /**
   * Takes records changed on this workstation (or re-read from the service). With `onlyIfNewer`,
   * a record is taken only when the directory does not hold a later version (a sync that started
   * after the change already has it).
   */
  async upsert(records: CardHolder[], onlyIfNewer: boolean): Promise<number> {
    if (!this.index) return 0;
    let taken = 0;
    for (const record of records) {
      const held = this.index.get(record.id);
      if (onlyIfNewer && held && !(Date.parse(record.updated) > Date.parse(held.updated))) continue;
      this.index.upsert(record);
      this.version++;
      taken++;
    }
    if (taken > 0) await this.saveChanges();
    return taken;
  }

  /** Takes records out of the lookup and out of the saved local changes. */
  async remove(ids: number[]): Promise<void> {
    if (!this.index) return;
    for (const id of ids) this.index.remove(id);
    this.version++;
    await this.saveChanges();
  }

  /** Ids of the records changed on this workstation since the build (negative: provisional). */
  changedIds(): number[] {
    return this.index ? this.index.overlayRecords().map((record) => record.id) : [];
  }

  /** What the next generation compares itself with. */
  basis(): DirectoryBasis | null {
    if (!this.listed || !this.index) return this.listed;
    const index = this.index;
    const changed = index.overlayRecords();
    if (changed.length === 0) return this.listed;
    // The listed records still held as built, then those changed since; provisional records
    // (created offline) are no part of what the service listed.
    const overlay = new Map(changed.filter((record) => record.id >= 0).map((record) => [record.id, record]));
    const ids: number[] = [];
    const prints: number[] = [];
    const { ids: listedIds, prints: listedPrints } = this.listed;
    for (let i = 0; i < listedIds.length; i++) {
      const id = listedIds[i] as number;
      if (overlay.has(id) || !index.holdsBuilt(id)) continue;
      ids.push(id);
      prints.push(listedPrints[i] as number);
    }
    for (const record of overlay.values()) {
      ids.push(record.id);
      prints.push(fingerprint(record));
    }
    return basisOf(Float64Array.from(ids), Float64Array.from(prints));
  }

  /** Records, and the JavaScript heap of the thread the engine runs in. */
  stats(): EngineStats {
    return { records: this.size, heapUsedBytes: getHeapStatistics().used_heap_size, threadId };
  }

  /** Forgets everything and removes the saved files. */
  async clear(): Promise<void> {
    this.index = null;
    this.meta = null;
    this.listed = null;
    this.unsaved = null;
    this.incoming = null;
    await this.writingChanges.catch(() => undefined);
    await removeSnapshotFiles(this.options.files.snapshot, this.options.files.changes);
  }

  private saveChanges(): Promise<void> {
    const index = this.index;
    const write = async (): Promise<void> => {
      if (!index || index !== this.index) return;
      const records = index.overlayRecords();
      if (records.length === 0) {
        await removeSnapshotFiles(this.options.files.changes);
        return;
      }
      await writeSnapshotFile(this.options.files.changes, { changes: records.length }, [Buffer.from(JSON.stringify(records))], this.options.key);
    };
    this.writingChanges = this.writingChanges.then(write, write);
    return this.writingChanges;
  }

  private progress(phase: Parameters<EngineProgress>[0], done: number, total: number | null): void {
    this.options.onProgress?.(phase, done, total);
  }
}

function parseList(body: Buffer): { ok: true; value: unknown } | { ok: false; said: Said } {
  return parseText(body.toString('utf8'));
}

function parseText(received: string): { ok: true; value: unknown } | { ok: false; said: Said } {
  let text = received;
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.trim() === '') return { ok: false, said: keyedError('directoryEmptyAnswer') };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, said: keyedError('directoryNotJson') };
  }
}

/** Added, changed and removed records between two generations (a merge of their sorted ids). */
function compare(before: DirectoryBasis | null, after: DirectoryBasis): Pick<SyncCounts, 'added' | 'changed' | 'removed'> {
  if (!before) return { added: after.ids.length, changed: 0, removed: 0 };
  let i = 0;
  let j = 0;
  let added = 0;
  let changed = 0;
  let removed = 0;
  while (i < before.ids.length || j < after.ids.length) {
    const a = i < before.ids.length ? (before.ids[i] as number) : Infinity;
    const b = j < after.ids.length ? (after.ids[j] as number) : Infinity;
    if (a === b) {
      if (before.prints[i] !== after.prints[j]) changed++;
      i++;
      j++;
    } else if (a < b) {
      removed++;
      i++;
    } else {
      added++;
      j++;
    }
  }
  return { added, changed, removed };
}
