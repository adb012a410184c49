/**
 * CardholderIndex: the lookup over every cardholder of the directory, built once per sync and
 * read many times per second while the officer types. It assembles two IndexSegments — the
 * records of the sync, and the records changed after it (created, updated, re-read), rebuilt on
 * the next lookup after a change — ranked by the same matcher (segment-matcher.ts) and merged by
 * score, then name order (name-order.ts: last name, first name, id). A changed record's version
 * of the sync is marked dead. So a record answers the same whether it came with the sync or
 * later. A search may be given the site's names of tenants and cardholder types (LookupNames), so
 * that a typed company or type finds the people who carry it. The sync's records may arrive one at
 * a time (`streamed`) and stay in a RecordStore (record-store.ts), read whole only when shown.
 * Nothing here does I/O or knows about
 * workers; it is plain data and loops.
 */
import type { CardHolder } from '../../service/access-service';
import { IndexSegment, SegmentBuilder, type RecordValues } from './index-segment';
import { HeldRecords, type RecordStore } from './record-store';
import type { LookupNames } from './lookup-extras';
import { compactKey, FoldCache, foldText, parseQuery, wordTokens, type ParsedQuery, type QueryToken } from './search-text';
import { duplicatesIn, MAX_QUERY_TOKENS, namedValues, rankSegment, type DuplicateReason, type NamedWords, type Ranked } from './segment-matcher';

export { MATCH, MAX_QUERY_TOKENS } from './segment-matcher';

export interface SearchPage {
  total: number;
  offset: number;
  records: CardHolder[];
}

export interface DuplicateMatch {
  record: CardHolder;
  reasons: DuplicateReason[];
}

export class CardholderIndex {
  // The records of the build (`base`), and the positions of `base` whose record was changed or removed since (`dead`): below.
  private deadCount = 0;
  /** Records changed since the build, by id (in the order first changed), and their segment. */
  private readonly changed = new Map<number, CardHolder>();
  private changedSegment: IndexSegment | null = null;
  private readonly folds = new FoldCache();
  private readonly wordCache = new Map<string, string[]>();
  private cachedAll: Int32Array | null = null;
  /** Rankings of the built records for one-character queries, until the next change. */
  private readonly singleCharacter = new Map<string, Ranked>();
  /** The merged ranking of the last query: ≥ 0 a position of `base`, < 0 position -(ref + 1) of `overlay`. */
  private cachedQuery: { query: string; ranked: Int32Array; overlay: IndexSegment } | null = null;
  /** The site's names the rankings above were made with (a change of catalogue drops them), with their words. */
  private names: { key: string; tenants: NamedWords[]; cardholderTypes: NamedWords[] } = { key: '', tenants: [], cardholderTypes: [] };

  /** Builds the index over records already checked (ids unique). `onProgress` gets records done. */
  static build(records: CardHolder[], onProgress?: (done: number) => void): CardholderIndex {
    const index = new CardholderIndex();
    const builder = index.builder();
    for (const record of records) builder.add(record);
    return index.finish(builder, new HeldRecords(records), onProgress);
  }

  /**
   * An index built as records arrive: `add` each checked record (ids unique) to `builder`, keep
   * its JSON in `store` in the same order, then `finish`.
   */
  static streamed(): { builder: SegmentBuilder; finish: (store: RecordStore, onProgress?: (done: number) => void) => CardholderIndex } {
    const index = new CardholderIndex();
    const builder = index.builder();
    return { builder, finish: (store, onProgress) => index.finish(builder, store, onProgress) };
  }

  private base: IndexSegment = IndexSegment.of([], this.folds, this.wordCache);
  private dead = new Uint8Array(0);

  private constructor() {}

  private builder(): SegmentBuilder {
    return new SegmentBuilder(this.folds, this.wordCache);
  }

  private finish(builder: SegmentBuilder, store: RecordStore, onProgress?: (done: number) => void): CardholderIndex {
    this.base = builder.finish(store, onProgress);
    this.dead = new Uint8Array(this.base.length);
    return this;
  }

  /** Records findable now (built ones not replaced, plus those changed since). */
  get size(): number {
    return this.base.length - this.deadCount + this.changed.size;
  }

  /** The record with this id, as the index holds it now. */
  get(id: number): CardHolder | null {
    const changed = this.changed.get(id);
    if (changed) return changed;
    const pos = this.base.positionOfId(id);
    return pos >= 0 && this.dead[pos] === 0 ? this.base.record(pos) : null;
  }

  /** Every record now, in id order. */
  allRecords(): CardHolder[] {
    const out: CardHolder[] = [];
    this.eachLive((record) => out.push(record));
    return out.sort((a, b) => a.id - b.id);
  }

  /** What the tables of the build hold, counted (IndexSegment.entries). */
  entries(): ReturnType<IndexSegment['entries']> {
    return this.base.entries();
  }

  /** Calls `visit` with every record now (built ones not replaced, then those changed since). */
  forEachRecord(visit: (record: CardHolder) => void): void {
    this.eachLive(visit);
  }

  /**
   * Calls `visit` with the names of every record (the built records' distinct names, as one
   * first name each, those of a record replaced since included; then the records changed since).
   */
  forEachName(visit: (names: { first_Name: string; last_Name: string }) => void): void {
    for (const name of this.base.names) visit({ first_Name: name, last_Name: '' });
    for (const record of this.changed.values()) visit(record);
  }

  /** Every tenant number on a record now, ascending. */
  tenantIds(): number[] {
    const seen = new Set<number>();
    this.eachLiveValues((record) => {
      for (const tenant of record.tenant) seen.add(tenant);
    });
    return [...seen].sort((a, b) => a - b);
  }

  /** The id, tenants and type of every record now (no record is read whole). */
  allValues(): RecordValues[] {
    const out: RecordValues[] = [];
    this.eachLiveValues((record) => out.push(record));
    return out;
  }

  /** Whether the built version of `id` is still the one findable (not changed or removed since). */
  holdsBuilt(id: number): boolean {
    const pos = this.base.positionOfId(id);
    return pos >= 0 && this.dead[pos] === 0;
  }

  /** Adds or replaces one record (a create, an update, a re-read) without rebuilding. */
  upsert(record: CardHolder): void {
    this.markDead(record.id);
    this.changed.set(record.id, record);
    this.invalidate();
  }

  /** Takes a record out of the lookup (a provisional record the service has confirmed or that was discarded). */
  remove(id: number): void {
    if (this.changed.delete(id) || this.markDead(id)) this.invalidate();
  }

  /** Records created or changed since the build, for a new index to take over. */
  overlayRecords(): CardHolder[] {
    return [...this.changed.values()];
  }

  /**
   * One page of the ranked result of a query. An empty query lists everyone in name order.
   * The full ranking of the last query is kept, so the next pages cost only their records.
   * `names`: the site's tenants and cardholder types, found by their names (kept for the searches
   * that give none).
   */
  search(query: string, offset: number, limit: number, names?: LookupNames): SearchPage {
    this.useNames(names);
    if (!this.cachedQuery || this.cachedQuery.query !== query) {
      const overlay = this.overlay();
      this.cachedQuery = { query, ranked: this.rank(query, overlay), overlay };
    }
    const { ranked, overlay } = this.cachedQuery;
    const start = Math.max(0, Math.min(offset, ranked.length));
    const end = Math.min(ranked.length, start + Math.max(0, limit));
    const records: CardHolder[] = [];
    for (let i = start; i < end; i++) {
      const ref = ranked[i] as number;
      records.push(ref >= 0 ? this.base.record(ref) : overlay.record(-ref - 1));
    }
    return { total: ranked.length, offset: start, records };
  }

  /** Likely duplicates of a person about to be enrolled: same employee ID, same first and last name, same e-mail. */
  findDuplicates(person: { first_Name: string; last_Name: string; employee_ID?: string; email?: string }, excludeId?: number): DuplicateMatch[] {
    const found = new Map<number, DuplicateMatch>();
    const note = (record: CardHolder, reason: DuplicateReason): void => {
      if (record.id === excludeId) return;
      const match = found.get(record.id) ?? { record, reasons: [] };
      if (!match.reasons.includes(reason)) match.reasons.push(reason);
      found.set(record.id, match);
    };
    const keys = {
      employee: person.employee_ID ? compactKey(person.employee_ID) : '',
      email: person.email ? foldText(person.email.trim()) : '',
      last: this.folds.fold(person.last_Name.trim()),
      first: this.folds.fold(person.first_Name.trim()),
    };
    duplicatesIn(this.base, keys, this.dead, note);
    duplicatesIn(this.overlay(), keys, null, note);
    return [...found.values()].sort((a, b) => b.reasons.length - a.reasons.length || a.record.id - b.record.id);
  }

  // ───────────────────────── ranking ─────────────────────────

  private rank(query: string, overlay: IndexSegment): Int32Array {
    const parsed = parseQuery(query);
    const ranked = this.rankParsed(parsed, overlay);
    // "E 1234" that is nobody's ID: the words, as a name and a number.
    if (ranked.length === 0 && parsed.otherwise) return this.rankParsed({ tokens: parsed.otherwise, emails: [] }, overlay);
    return ranked;
  }

  private rankParsed(parsed: ParsedQuery, overlay: IndexSegment): Int32Array {
    const tokens = parsed.tokens.slice(0, MAX_QUERY_TOKENS);
    if (tokens.length === 0 && parsed.emails.length === 0) {
      const everyone = new Int32Array(overlay.length);
      for (let i = 0; i < everyone.length; i++) everyone[i] = i;
      return this.merge(this.allLive(), null, overlay, everyone, null);
    }
    // One typed character matches a large share of everyone: its ranking is kept until a change.
    const memoKey = tokens.length === 1 && parsed.emails.length === 0 && (tokens[0] as QueryToken).text.length === 1 ? (tokens[0] as QueryToken).text : null;
    const named = tokens.map((token) => namedValues(token, this.names));
    const built = (memoKey !== null ? this.singleCharacter.get(memoKey) : undefined) ?? rankSegment(this.base, tokens, parsed.emails, this.dead, named);
    if (memoKey !== null) this.singleCharacter.set(memoKey, built);
    if (overlay.length === 0) return built.ranked;
    const added = rankSegment(overlay, tokens, parsed.emails, null, named);
    return this.merge(built.ranked, built.scores, overlay, added.ranked, added.scores);
  }

  /** Merges two rankings (scores null: all equal) by score, then name order; overlay positions become -(i + 1). */
  private merge(ranked: Int32Array, scores: Uint8Array | null, overlay: IndexSegment, added: Int32Array, addedScores: Uint8Array | null): Int32Array {
    if (added.length === 0) return ranked;
    const out = new Int32Array(ranked.length + added.length);
    let i = 0;
    let k = 0;
    for (let j = 0; j < added.length; j++) {
      const q = added[j] as number;
      const score = addedScores ? (addedScores[j] as number) : 0;
      while (i < ranked.length) {
        const builtScore = scores ? (scores[i] as number) : 0;
        if (score > builtScore || (score === builtScore && overlay.compareAt(q, this.base, ranked[i] as number) < 0)) break;
        out[k++] = ranked[i++] as number;
      }
      out[k++] = -(q + 1);
    }
    while (i < ranked.length) out[k++] = ranked[i++] as number;
    return out;
  }

  // ───────────────────────── state ─────────────────────────

  /** Takes the site's names for the searches from now on; rankings made with others are dropped. */
  private useNames(names: LookupNames | undefined): void {
    if (names === undefined) return;
    const tenants = names?.tenants ?? [];
    const types = names?.cardholderTypes ?? [];
    if (tenants.length === 0 && types.length === 0 && this.names.key === '') return;
    const key = JSON.stringify([tenants, types]);
    if (key === this.names.key) return;
    const withWords = (list: LookupNames['tenants']): NamedWords[] =>
      list.map((item) => {
        const words: string[] = [];
        wordTokens(item.name, words);
        return { id: item.id, words };
      });
    this.names = { key, tenants: withWords(tenants), cardholderTypes: withWords(types) };
    this.cachedQuery = null;
    this.singleCharacter.clear();
  }

  /** The segment of the records changed since the build, rebuilt after a change. */
  private overlay(): IndexSegment {
    this.changedSegment ??= IndexSegment.of([...this.changed.values()], this.folds, this.wordCache);
    return this.changedSegment;
  }

  private eachLiveValues(visit: (record: RecordValues) => void): void {
    for (let pos = 0; pos < this.base.length; pos++) if (this.dead[pos] === 0) visit(this.base.valuesOf(pos));
    for (const record of this.changed.values()) visit(record);
  }

  private eachLive(visit: (record: CardHolder) => void): void {
    for (let i = 0; i < this.base.length; i++) {
      const pos = this.base.positionAtIdRank(i);
      if (this.dead[pos] === 0) visit(this.base.record(pos));
    }
    for (const record of this.changed.values()) visit(record);
  }

  /** Marks the built version of `id` as replaced; false when there is none (or it was already). */
  private markDead(id: number): boolean {
    const pos = this.base.positionOfId(id);
    if (pos < 0 || this.dead[pos] === 1) return false;
    this.dead[pos] = 1;
    this.deadCount++;
    return true;
  }

  private allLive(): Int32Array {
    if (this.cachedAll) return this.cachedAll;
    const all = new Int32Array(this.base.length - this.deadCount);
    let k = 0;
    for (let pos = 0; pos < this.base.length; pos++) if (this.dead[pos] === 0) all[k++] = pos;
    this.cachedAll = all;
    return all;
  }

  private invalidate(): void {
    this.changedSegment = null;
    this.cachedAll = null;
    this.cachedQuery = null;
    this.singleCharacter.clear();
  }
}
