/**
 * CardholderDirectory: the main process's handle on the directory. It keeps the generation that
 * answers lookups (an engine in its worker thread), builds the next one from a download in a
 * second thread while the first keeps answering, and swaps them only when the new one is good;
 * changes made on this workstation meanwhile are carried over. It loads the saved snapshot at
 * start and can forget everything (Administration). It does not decide when to sync or talk to
 * the service: directory-sync.ts does.
 */
import { join } from 'node:path';
import type { CardHolder } from '../../service/access-service';
import type { DuplicateMatch } from '../lookup/cardholder-index';
import type { LookupNames, LookupPage } from '../lookup/lookup-extras';
import type { DirectoryValueCounts } from '../../../contract/ipc';
import type { BuildOutcome, DirectoryBasis, EngineProgress, LoadOutcome } from './directory-engine';
import type { SnapshotMeta } from './directory-snapshot';
import type { DownloadFacts, EngineFactory, EngineHandle, EngineStats } from './engine-handle';

export const SNAPSHOT_FILE = 'directory.snapshot';
export const CHANGES_FILE = 'directory.changes';

export interface CardholderDirectoryOptions {
  /** Where the snapshot files live (the kiosk's data directory). */
  dataDir: string;
  /** AES-256 key for the files at rest, or null (owner-only, unencrypted). */
  key: Buffer | null;
  /** host:port of the service the records come from. */
  service: string;
  engines: EngineFactory;
  onProgress?: EngineProgress;
}

export class CardholderDirectory {
  readonly files: { snapshot: string; changes: string };
  private active: EngineHandle | null = null;
  private meta: SnapshotMeta | null = null;
  /** Local changes made while a new generation is being built, to carry over to it. */
  private carried: Map<number, CardHolder> | null = null;
  /**
   * Cardholders created on this workstation that the service has not confirmed yet (provisional
   * negative ids, from the outbox): no download has them, so every new generation gets them again.
   */
  private readonly provisional = new Map<number, CardHolder>();
  /**
   * The snapshot of the last generation being saved, in the background after the swap (the file is
   * replaced atomically: a crash leaves the old snapshot or the new one). The next sync, clear and
   * close wait for it.
   */
  private saving: Promise<void> = Promise.resolve();

  constructor(private readonly options: CardholderDirectoryOptions) {
    this.files = { snapshot: join(options.dataDir, SNAPSHOT_FILE), changes: join(options.dataDir, CHANGES_FILE) };
  }

  get ready(): boolean {
    return this.active !== null;
  }

  /** What the directory was last built from (null before the first load or sync). */
  get snapshot(): SnapshotMeta | null {
    return this.meta;
  }

  /** Loads the saved snapshot into a first generation; leaves the directory empty when there is none or it is unusable. */
  async load(): Promise<LoadOutcome> {
    const engine = this.spawn();
    let outcome: LoadOutcome;
    try {
      outcome = await engine.load();
    } catch (thrown) {
      await engine.close();
      throw thrown;
    }
    if (outcome.outcome !== 'loaded') {
      await engine.close();
      return outcome;
    }
    await this.activate(engine, outcome.meta);
    return outcome;
  }

  /**
   * Builds a new generation from a list as it downloads. The current one keeps answering until
   * the new one is good; then they swap and changes made meanwhile are carried over; the snapshot
   * is then saved in the background (`saved()`). Anything but 'built' leaves the current
   * generation as it was.
   */
  async replace(download: { facts: DownloadFacts; body: AsyncIterable<Uint8Array> }, acceptShrink: boolean): Promise<BuildOutcome> {
    // The generation before is still being saved: it finishes first (it is closed at the swap).
    await this.saved().catch(() => undefined);
    const engine = this.spawn();
    this.carried = new Map();
    try {
      for await (const chunk of download.body) {
        engine.receive(chunk);
        // The download waits for the thread rather than piling up in its queue (memory).
        await engine.flow?.();
      }
      const previous = this.active ? await this.active.basis() : null;
      const outcome = await engine.build(download.facts, previous, acceptShrink);
      if (outcome.outcome !== 'built') {
        await engine.close();
        return outcome;
      }
      await this.activate(engine, { ...download.facts, service: this.options.service, records: outcome.counts.total });
      // From here on changes go to the new generation; those made during the build follow them,
      // and the provisional records, which no download holds.
      const carried = [...this.carried.values()];
      if (carried.length > 0) await engine.upsert(carried, true);
      if (this.provisional.size > 0) await engine.upsert([...this.provisional.values()], false);
      const saving = engine.save();
      saving.catch(() => undefined); // its failure is reported by whoever asks saved()
      this.saving = saving;
      return outcome;
    } catch (thrown) {
      if (this.active !== engine) await engine.close();
      throw thrown;
    } finally {
      this.carried = null;
    }
  }

  /** Settles when the snapshot of the last sync is on disk; rejects when it could not be saved. */
  saved(): Promise<void> {
    return this.saving;
  }

  /** The validators of the list the directory holds, for a conditional request. */
  get validators(): { etag: string | null; lastModified: string | null } {
    return { etag: this.meta?.etag ?? null, lastModified: this.meta?.lastModified ?? null };
  }

  /** Records that the service re-read or that this workstation changed. */
  async upsert(records: CardHolder[]): Promise<void> {
    for (const record of records) this.carried?.set(record.id, record);
    if (this.active) await this.active.upsert(records, false);
  }

  /** Takes records out of the lookup (the site's copy removed them); the local changes file follows. */
  async remove(ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    for (const id of ids) this.carried?.delete(id);
    await this.withActive((engine) => engine.remove(ids), undefined);
  }

  /** The ids of the service's records the lookup holds (no provisional ones), ascending, each with the engine's fingerprint of it. */
  basis(): Promise<DirectoryBasis | null> {
    return this.withActive((engine) => engine.basis(), null);
  }

  /** How many records were changed here since the generation was built (its local changes). */
  async changedCount(): Promise<number> {
    return (await this.withActive((engine) => engine.changedIds(), [] as number[])).length;
  }

  /** Puts a cardholder created offline in the lookup under its provisional id, in this and every later generation. */
  async setProvisional(record: CardHolder): Promise<void> {
    this.provisional.set(record.id, record);
    await this.upsert([record]);
  }

  /** Takes a provisional cardholder out (the service confirmed it under its real id, or it was discarded). */
  async removeProvisional(id: number): Promise<void> {
    this.provisional.delete(id);
    this.carried?.delete(id);
    await this.withActive((engine) => engine.remove([id]), undefined);
  }

  /** Removes provisional records (saved with the local changes) that no queued create stands for any more. */
  async pruneProvisional(keep: ReadonlySet<number>): Promise<void> {
    const stale = (await this.withActive((engine) => engine.changedIds(), [] as number[])).filter((id) => id < 0 && !keep.has(id));
    if (stale.length > 0) await this.withActive((engine) => engine.remove(stale), undefined);
  }

  search(query: string, offset: number, limit: number, names?: LookupNames): Promise<LookupPage> {
    return this.withActive((engine) => engine.search(query, offset, limit, names), { total: 0, offset: 0, records: [], suggestions: [] });
  }

  get(id: number): Promise<CardHolder | null> {
    return this.withActive((engine) => engine.get(id), null);
  }

  duplicates(person: Parameters<EngineHandle['duplicates']>[0], excludeId?: number): Promise<DuplicateMatch[]> {
    return this.withActive((engine) => engine.duplicates(person, excludeId), []);
  }

  /** Every tenant number on a cardholder of the directory, ascending. */
  tenants(): Promise<number[]> {
    return this.withActive((engine) => engine.tenants(), []);
  }

  /** How many cardholders carry each tenant and cardholder type. */
  valueCounts(): Promise<DirectoryValueCounts> {
    return this.withActive((engine) => engine.valueCounts(), { records: 0, tenants: [], cardholderTypes: [], tenantSets: [] });
  }

  stats(): Promise<EngineStats> {
    return this.withActive((engine) => engine.stats(), { records: 0, heapUsedBytes: 0 });
  }

  /** Asks the current generation; a call caught by a swap is asked again of the new one. */
  private async withActive<T>(ask: (engine: EngineHandle) => Promise<T>, none: T): Promise<T> {
    const engine = this.active;
    if (!engine) return none;
    try {
      return await ask(engine);
    } catch (thrown) {
      if (this.active && this.active !== engine) return ask(this.active);
      throw thrown;
    }
  }

  /** Forgets every record and removes the saved files. */
  async clear(): Promise<void> {
    await this.saved().catch(() => undefined);
    const engine = this.active ?? this.spawn();
    this.active = null;
    this.meta = null;
    try {
      await engine.clear();
    } finally {
      await engine.close();
    }
  }

  async close(): Promise<void> {
    await this.saved().catch(() => undefined);
    const engine = this.active;
    this.active = null;
    await engine?.close();
  }

  private spawn(): EngineHandle {
    const { dataDir: _dataDir, engines, onProgress, ...engineOptions } = this.options;
    return engines({ ...engineOptions, files: this.files }, onProgress ?? (() => undefined));
  }

  private async activate(engine: EngineHandle, meta: SnapshotMeta): Promise<void> {
    const previous = this.active;
    this.active = engine;
    this.meta = meta;
    await previous?.close();
  }
}
