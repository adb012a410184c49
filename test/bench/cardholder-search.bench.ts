/**
 * Cardholder lookup per keystroke over 100,000 and 500,000 simulator cardholders (parsed from the
 * seed's JSON chunks, like a download), for realistic typed sequences (typed-sequences.ts): p50,
 * p95 and p99 of CardholderIndex.search(query, 0, 50), and in the same run, on the same queries,
 * the baselines a library choice is made against: a plain normalised substring scan, uFuzzy,
 * FlexSearch, MiniSearch and Fuse.js, each given the index's own folding and word splitting.
 * Also build time, index memory (heap + array buffers after GC, minus before) and how often a
 * misspelt name finds the person meant. Our index runs every query 3 times (figures: median of
 * the passes); a baseline runs them once, until its time budget per size is spent, and is then
 * compared with ours on the same queries. Also, per size, the search for what a person is (company,
 * cardholder type, city, e-mail domain) through the directory engine against the name search in
 * the same run, and the indexing of a record with a 1 MB word against a normal one
 * (lookup-values.ts). Takes about 4–5 minutes on 2 cores. BENCH_SIZES=100000 runs one size;
 * BENCH_LIBRARIES=none leaves the libraries out (our figures only). Asserts nothing.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import Fuse from 'fuse.js';
import uFuzzy from '@leeoniya/ufuzzy';
import FlexSearch from 'flexsearch';
import MiniSearch from 'minisearch';
import { CardholderIndex } from '../../electron/core/cardholders/lookup/cardholder-index';
import { compactKey, FoldCache, foldText, parseQuery, phoneDigits, wordTokens } from '../../electron/core/cardholders/lookup/search-text';
import type { CardHolder } from '../../electron/core/service/access-service';
import { seedCardholderChunks } from '../../electron/simulator/cardholder-seed';
import { pageHolds, SEQUENCE_KINDS, shuffled, typedSequences, type SequenceKind, type TypedSequence } from './typed-sequences';
import { longWordRows, valueSearchRows } from './lookup-values';
import type { BenchRow } from './types';

const SEED = 1; // the simulator's default seed
const SIZES = ([100_000, 500_000] as const).filter((size) => !process.env.BENCH_SIZES || process.env.BENCH_SIZES.split(',').includes(String(size)));
/** The people typed are picked among the first this many (the same at every size). */
const PICK_AMONG = 100_000;
const LIBRARIES = process.env.BENCH_LIBRARIES !== 'none';
const PAGE = 50;
/** Measured keystrokes per kind of sequence (each size runs the same queries). */
const KEYSTROKES_PER_KIND = 300;
const WARMUP_KEYSTROKES_PER_KIND = 100;
/** A baseline stops measuring after this long per size (our index always runs every query). */
const BUDGET_MS: Readonly<Record<number, number>> = { 100_000: 6_000, 500_000: 12_000 };
/** Our index runs every query this many times (figures: median of the passes), so a noisy moment weighs less. */
const OUR_PASSES = 3;
const WARMUP_BUDGET_MS = 2_000;
/** Keystrokes run again after each forced GC, before a pass is timed. */
const REWARM_KEYSTROKES = 40;
const GOAL_P95_MS: Readonly<Record<number, number>> = { 100_000: 2, 500_000: 8 };

/** A built engine: the first page of results for what was typed. */
type Searcher = (query: string) => readonly CardHolder[];

interface Engine {
  name: string;
  /** Behaviour worth knowing next to its figures. */
  gaps: string;
  build(records: readonly CardHolder[]): Searcher;
}

// ───────────────────────── the same folding for everyone ─────────────────────────

/** What every baseline is given of a record: the index's own folding and word splitting. */
interface FoldedRecord {
  last: string;
  first: string;
  /** Words of last, first and middle name (with joined forms: o brien obrien). */
  names: string;
  middle: string;
  employee: string;
  email: string;
  emailWords: string;
  phone: string;
}

function words(text: string): string {
  const out: string[] = [];
  wordTokens(text, out);
  return out.join(' ');
}

function folded(record: CardHolder, folds: FoldCache, cache: Map<string, string>): FoldedRecord {
  const cached = (text: string): string => {
    let value = cache.get(text);
    if (value === undefined) {
      value = words(text);
      cache.set(text, value);
    }
    return value;
  };
  const email = record.email === '' ? '' : foldText(record.email.trim());
  const local = email.slice(0, Math.max(0, email.lastIndexOf('@')));
  const localWords: string[] = [];
  wordTokens(local, localWords, false);
  return {
    last: folds.fold(record.last_Name.trim()),
    first: folds.fold(record.first_Name.trim()),
    names: [cached(record.last_Name), cached(record.first_Name), cached(record.middle_Name)].filter((w) => w !== '').join(' '),
    middle: cached(record.middle_Name),
    employee: compactKey(record.employee_ID),
    email,
    emailWords: localWords.join(' '),
    phone: phoneDigits(record.phone),
  };
}

/** The records folded, in name order (last, first, id), as the baselines hold them. */
function foldedInNameOrder(records: readonly CardHolder[]): { order: CardHolder[]; docs: FoldedRecord[] } {
  const folds = new FoldCache();
  const cache = new Map<string, string>();
  const docs = records.map((r) => folded(r, folds, cache));
  const index = records.map((_, i) => i);
  index.sort((a, b) => {
    const x = docs[a] as FoldedRecord;
    const y = docs[b] as FoldedRecord;
    return x.last < y.last ? -1 : x.last > y.last ? 1 : x.first < y.first ? -1 : x.first > y.first ? 1 : (records[a] as CardHolder).id - (records[b] as CardHolder).id;
  });
  return { order: index.map((i) => records[i] as CardHolder), docs: index.map((i) => docs[i] as FoldedRecord) };
}

/** The query as the index reads it (folded, split, a phone number as its digits), for the baselines. */
function queryWords(query: string): string[] {
  return parseQuery(query).tokens.slice(0, 8).map((t) => t.text);
}

const haystack = (d: FoldedRecord): string => `${d.names} ${d.employee} ${d.email} ${d.phone}`;

// ───────────────────────── engines ─────────────────────────

const OURS: Engine = {
  name: 'CardholderIndex',
  gaps: 'exact > prefix > substring > one typo (5+ letters, also in a word being typed); employee ID first; phone digits anywhere; total counted',
  build(records) {
    const index = CardholderIndex.build(records as CardHolder[]);
    return (query) => index.search(query, 0, PAGE).records;
  },
};

const SCAN: Engine = {
  name: 'substring scan',
  gaps: 'every word a substring of the folded record text; name order; no typo tolerance, no ranking; total counted',
  build(records) {
    const { order, docs } = foldedInNameOrder(records);
    const hay = docs.map(haystack);
    return (query) => {
      const terms = queryWords(query);
      const page: CardHolder[] = [];
      let total = 0;
      for (let i = 0; i < hay.length; i++) {
        const text = hay[i] as string;
        let all = true;
        for (const term of terms) {
          if (!text.includes(term)) {
            all = false;
            break;
          }
        }
        if (!all) continue;
        if (total < PAGE) page.push(order[i] as CardHolder);
        total++;
      }
      return page;
    };
  },
};

const FUSE: Engine = {
  name: 'Fuse.js',
  gaps: 'extended search (space = AND, each word fuzzy, threshold 0.4, anywhere); words must meet in one key; scores every record per query',
  build(records) {
    const { order, docs } = foldedInNameOrder(records);
    const fuse = new Fuse(
      docs.map((d) => ({ names: d.names, ids: `${d.employee} ${d.email} ${d.phone}` })),
      { keys: [{ name: 'names', weight: 2 }, { name: 'ids', weight: 1 }], useExtendedSearch: true, ignoreLocation: true, threshold: 0.4 },
    );
    return (query) => {
      const terms = queryWords(query);
      if (terms.length === 0) return [];
      return fuse.search(terms.join(' '), { limit: PAGE }).map((r) => order[r.refIndex] as CardHolder);
    };
  },
};

const UFUZZY: Engine = {
  name: 'uFuzzy',
  gaps: 'intraMode 1 (one error per term of 5+ letters, never the first letter; 3–4 letters: a swap), words in any order (outOfOrder 3); ranked only when ≤ 1,000 matches, else name order',
  build(records) {
    const { order, docs } = foldedInNameOrder(records);
    const hay = docs.map(haystack);
    const uf = new uFuzzy({ intraMode: 1 });
    return (query) => {
      const [idxs, info, ranked] = uf.search(hay, queryWords(query).join(' '), 3, 1_000);
      if (idxs === null) return [];
      if (info !== null && ranked !== null) return ranked.slice(0, PAGE).map((o) => order[info.idx[o] as number] as CardHolder);
      return idxs.slice(0, PAGE).map((i) => order[i] as CardHolder);
    };
  },
};

const FLEXSEARCH: Engine = {
  name: 'FlexSearch',
  gaps: "Index, tokenize 'forward' (word prefixes), AND of words; no typo tolerance with prefixes ('tolerant' is whole words only); phone and ID from their first digit only",
  build(records) {
    const { order, docs } = foldedInNameOrder(records);
    const index = new FlexSearch.Index({ tokenize: 'forward', encode: (text: string) => text.split(' ').filter((w) => w !== '') });
    docs.forEach((d, i) => index.add(i, `${d.names} ${d.emailWords} ${d.employee} ${d.phone}`));
    return (query) => {
      const terms = queryWords(query);
      if (terms.length === 0) return [];
      return (index.search(terms.join(' '), { limit: PAGE }) as number[]).map((i) => order[i] as CardHolder);
    };
  },
};

const MINISEARCH: Engine = {
  name: 'MiniSearch',
  gaps: 'fields, prefix + fuzzy 1 on words of 5+ letters (Levenshtein: a swap is 2 edits), AND; no typo in a word being typed; phone and ID from their first digit only; scores every match',
  build(records) {
    const { order, docs } = foldedInNameOrder(records);
    const split = (text: string): string[] => (text === '' ? [] : text.split(' '));
    const mini = new MiniSearch<{ i: number; last: string; first: string; middle: string; employee: string; email: string; phone: string }>({
      idField: 'i',
      fields: ['last', 'first', 'middle', 'employee', 'email', 'phone'],
      tokenize: split,
      processTerm: (term) => term,
      searchOptions: {
        prefix: true,
        fuzzy: (term) => (term.length >= 5 ? 1 : false),
        combineWith: 'AND',
        boost: { last: 2, first: 1.5 },
        tokenize: split,
        processTerm: (term) => term,
      },
    });
    const cache = new Map<string, string>();
    const cachedWords = (text: string): string => {
      let value = cache.get(text);
      if (value === undefined) cache.set(text, (value = words(text)));
      return value;
    };
    mini.addAll(
      docs.map((d, i) => {
        const record = order[i] as CardHolder;
        return { i, last: cachedWords(record.last_Name), first: cachedWords(record.first_Name), middle: d.middle, employee: d.employee, email: d.emailWords, phone: d.phone };
      }),
    );
    return (query) => {
      const terms = queryWords(query);
      if (terms.length === 0) return [];
      return mini.search(terms.join(' ')).slice(0, PAGE).map((r) => order[r.id as number] as CardHolder);
    };
  },
};

const BASELINES: readonly Engine[] = [SCAN, UFUZZY, FLEXSEARCH, MINISEARCH, FUSE];

// ───────────────────────── measuring ─────────────────────────

function collector(): () => void {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (typeof exposed === 'function') return exposed;
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

const gc = collector();

/** Bytes held by the V8 heap and array buffers (typed arrays live outside the heap), after full GCs. */
function heldBytes(): number {
  gc();
  gc();
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
}

/** The seed as downloaded: JSON chunks parsed into fresh objects and strings. */
function download(count: number): CardHolder[] {
  const records: CardHolder[] = [];
  for (const chunk of seedCardholderChunks(count, SEED)) for (const r of JSON.parse(chunk.toString('utf8')) as CardHolder[]) records.push(r);
  return records;
}

interface Query {
  text: string;
  sequence: TypedSequence;
  /** The last keystroke of its sequence (where the quality check looks). */
  last: boolean;
}

/** The keystrokes of the sequences one after another; never the same text twice in a row (the index caches the last query). */
function flatten(sequences: readonly TypedSequence[]): Query[] {
  const out: Query[] = [];
  for (const sequence of sequences) {
    sequence.keystrokes.forEach((text, i) => {
      if (out.length > 0 && out[out.length - 1]?.text === text) return;
      out.push({ text, sequence, last: i === sequence.keystrokes.length - 1 });
    });
  }
  return out;
}

interface Measured {
  engine: Engine;
  buildMs: number;
  bytes: number;
  /** Per pass over the list, the time of each query in list order (a capped baseline: one pass, a prefix of the list). */
  passes: number[][];
  /** Per query at the last keystroke of a sequence: whether page 1 held what was meant (null: not checked). */
  hits: Array<boolean | null>;
}

/**
 * Builds the engine, warms it up, then times the queries (`passes` times, or until `budgetMs`).
 * `checkMisspelt`: also runs, untimed, the last keystroke of the misspelt sequences the budget left
 * out, so the quality figure covers them all.
 */
function measure(engine: Engine, records: readonly CardHolder[], warmup: readonly Query[], queries: readonly Query[], budgetMs: number, passes: number, checkMisspelt: boolean): Measured {
  const before = heldBytes();
  const started = performance.now();
  let search: Searcher | null = engine.build(records);
  const buildMs = performance.now() - started;
  const bytes = heldBytes() - before;
  const warmUp = (list: readonly Query[], budget: number): void => {
    const stop = performance.now() + budget;
    for (const q of list) {
      (search as Searcher)(q.text);
      if (performance.now() > stop) break;
    }
  };
  warmUp(warmup, WARMUP_BUDGET_MS);
  const all: number[][] = [];
  const hits: Array<boolean | null> = queries.map(() => null);
  const end = performance.now() + budgetMs;
  for (let pass = 0; pass < passes; pass++) {
    // A clean heap, then a few queries again so that the first measured ones do not pay for the
    // collection just forced (pages to fault back in) more than any other query would.
    gc();
    warmUp(warmup.slice(-REWARM_KEYSTROKES), WARMUP_BUDGET_MS / 2);
    // The first measured query must differ from the last one run (the index caches one query).
    search('\u0001');
    const times: number[] = [];
    for (const q of queries) {
      const t0 = performance.now();
      const page = search(q.text);
      const t1 = performance.now();
      times.push(t1 - t0);
      if (pass === 0 && q.last) hits[times.length - 1] = pageHolds(page, q.sequence.intended);
      if (t1 > end) break;
    }
    all.push(times);
  }
  if (checkMisspelt) {
    queries.forEach((q, i) => {
      if (q.last && q.sequence.kind === 'misspelt name' && hits[i] === null) hits[i] = pageHolds((search as Searcher)(q.text), q.sequence.intended);
    });
  }
  search = null;
  return { engine, buildMs, bytes, passes: all, hits };
}

function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] as number;
}

const median = (values: readonly number[]): number => percentile(values, 0.5);

/** The p-th percentile over the first `n` queries (those `select` keeps), median over the passes. */
function stat(m: Measured, p: number, n = Infinity, select: (i: number) => boolean = () => true): number {
  return median(m.passes.map((times) => percentile(times.slice(0, n).filter((_, i) => select(i)), p)));
}

const measuredCount = (m: Measured): number => m.passes[0]?.length ?? 0;

/** Keystrokes grouped by how much was typed (the first keystrokes match the most records). */
const LENGTH_CLASSES: ReadonlyArray<readonly [string, (length: number) => boolean]> = [
  ['1 character', (n) => n === 1],
  ['2 characters', (n) => n === 2],
  ['3+ characters', (n) => n >= 3],
];

const ms = (n: number): number => Math.round(n * 1000) / 1000;
const mib = (bytes: number): number => Math.round((bytes / 2 ** 20) * 10) / 10;
const pct = (hit: number, done: number): number => Math.round((hit / done) * 1000) / 10;

/** Rows for one engine at one size; `other` null: ours, else a baseline compared with ours on the same queries. */
function rowsFor(size: number, ours: Measured, other: Measured | null, queries: readonly Query[]): BenchRow[] {
  const label = `${size / 1000}k`;
  const m = other ?? ours;
  const name = m.engine.name;
  const n = measuredCount(m);
  const capped = n < queries.length ? `; capped by the ${(BUDGET_MS[size] as number) / 1000} s budget: first ${n} of ${queries.length} keystrokes, ours compared on the same ${n}` : `; ${n} keystrokes`;
  const rows: BenchRow[] = [];
  for (const [p, tag] of [[0.5, 'p50'], [0.95, 'p95'], [0.99, 'p99']] as const) {
    const value = stat(m, p, n);
    const row: BenchRow = { name: `${label} ${name}: keystroke ${tag}`, value: ms(value), unit: 'ms' };
    if (other) row.baseline = ms(stat(ours, p, n));
    if (tag === 'p50') row.note = m.engine.gaps;
    if (tag === 'p95') {
      row.note = other
        ? `ratio = this engine ÷ CardholderIndex${capped}`
        : `goal ≤ ${GOAL_P95_MS[size]} ms: ${value <= (GOAL_P95_MS[size] as number) ? 'met' : 'NOT met'}; median of ${ours.passes.length} passes${capped}`;
    }
    rows.push(row);
  }
  rows.push({ name: `${label} ${name}: build`, value: Math.round(m.buildMs), unit: 'ms', ...(other ? { baseline: Math.round(ours.buildMs) } : {}), note: 'parsed records → searchable (baselines: folding and name order included)' });
  rows.push({
    name: `${label} ${name}: index memory`,
    value: mib(m.bytes),
    unit: 'MiB',
    ...(other ? { baseline: mib(ours.bytes) } : {}),
    note: 'heapUsed + arrayBuffers after 2 forced GCs, after build minus before (the records themselves not counted)',
  });
  const allMisspelt = queries.filter((q) => q.last && q.sequence.kind === 'misspelt name').length;
  const coverage = (done: number, measured: number): string =>
    measured === queries.length ? '' : done === allMisspelt ? ' (all: those past the budget run untimed)' : ' (only those within the budget)';
  const found = countFound(m, queries, m);
  const misspelt = found.get('misspelt name') as { done: number; hit: number };
  const oursMisspelt = countFound(ours, queries, m).get('misspelt name') as { done: number; hit: number };
  const others = SEQUENCE_KINDS.filter((k) => k !== 'misspelt name')
    .map((k) => {
      const f = found.get(k) as { done: number; hit: number };
      return `${k} ${f.hit}/${f.done}`;
    })
    .join(', ');
  if (misspelt.done > 0) {
    rows.push({
      name: `${label} ${name}: misspelt name found on page 1`,
      value: pct(misspelt.hit, misspelt.done),
      unit: '%',
      ...(other ? { baseline: pct(oursMisspelt.hit, oursMisspelt.done) } : {}),
      note: `${misspelt.hit}/${misspelt.done} sequences at their last keystroke${coverage(misspelt.done, n)}; other kinds${n < queries.length ? ' (within the budget)' : ''}: ${others}`,
    });
  }
  return rows;
}

/** Per kind: sequences checked (those `by` checked), and how many found what was meant. */
function countFound(m: Measured, queries: readonly Query[], by: Measured): Map<SequenceKind, { done: number; hit: number }> {
  const out = new Map<SequenceKind, { done: number; hit: number }>(SEQUENCE_KINDS.map((k) => [k, { done: 0, hit: 0 }]));
  queries.forEach((q, i) => {
    if (by.hits[i] === null || by.hits[i] === undefined) return;
    const tally = out.get(q.sequence.kind) as { done: number; hit: number };
    tally.done++;
    if (m.hits[i] === true) tally.hit++;
  });
  return out;
}

/** Ours per kind of sequence and per length typed: where its p95 comes from. */
function breakdownRows(size: number, ours: Measured, queries: readonly Query[]): BenchRow[] {
  const rows: BenchRow[] = [];
  const groups: Array<[string, (i: number) => boolean]> = [
    ...SEQUENCE_KINDS.map((kind): [string, (i: number) => boolean] => [kind, (i) => queries[i]?.sequence.kind === kind]),
    ...LENGTH_CLASSES.map(([label, accept]): [string, (i: number) => boolean] => [`keystrokes of ${label}`, (i) => accept((queries[i] as Query).text.trim().length)]),
  ];
  for (const [label, select] of groups) {
    const count = queries.filter((_, i) => select(i)).length;
    rows.push({
      name: `${size / 1000}k CardholderIndex: ${label} p95`,
      value: ms(stat(ours, 0.95, Infinity, select)),
      unit: 'ms',
      note: `p50 ${ms(stat(ours, 0.5, Infinity, select))} ms; ${count} keystrokes (${Math.round((count / queries.length) * 100)} % of all)`,
    });
  }
  return rows;
}

export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  let sequences: TypedSequence[] | null = null;
  let warmupSequences: TypedSequence[] | null = null;
  for (const size of SIZES) {
    let records: CardHolder[] | null = download(size);
    // The same people and keystrokes at both sizes: picked among the first 100,000.
    sequences ??= shuffled(typedSequences(records.slice(0, PICK_AMONG), SEED + 1, KEYSTROKES_PER_KIND), SEED + 2);
    warmupSequences ??= shuffled(typedSequences(records.slice(0, PICK_AMONG), SEED + 3, WARMUP_KEYSTROKES_PER_KIND), SEED + 4);
    const queries = flatten(sequences);
    const warmup = flatten(warmupSequences);
    process.stderr.write(`bench: ${size} cardholders, ${queries.length} keystrokes in ${sequences.length} sequences\n`);

    const ours = measure(OURS, records, warmup, queries, Infinity, OUR_PASSES, false);
    rows.push(...rowsFor(size, ours, null, queries), ...breakdownRows(size, ours, queries));
    const typical = queries.map((q, i) => ({ q, t: median(ours.passes.map((times) => times[i] as number)) }));
    const slowest = typical.sort((a, b) => b.t - a.t).slice(0, 15);
    process.stderr.write(`bench: slowest keystrokes of CardholderIndex at ${size} (median of passes, ms): ${slowest.map((x) => `${JSON.stringify(x.q.text)} ${x.t.toFixed(2)}`).join(', ')}\n`);
    const missed = queries.filter((q, i) => q.last && q.sequence.kind === 'misspelt name' && ours.hits[i] === false).map((q) => `${JSON.stringify(q.text)} (${q.sequence.typo?.how} in ${q.sequence.typo?.correct})`);
    process.stderr.write(`bench: misspelt names CardholderIndex did not find on page 1 at ${size}: ${missed.join(', ') || 'none'}\n`);

    process.stderr.write(`bench: company, type, city and e-mail-domain searches over ${size}…\n`);
    rows.push(...valueSearchRows(size));
    gc();

    for (const engine of LIBRARIES ? BASELINES : []) {
      process.stderr.write(`bench: ${engine.name} over ${size}…\n`);
      const measured = measure(engine, records, warmup, queries, BUDGET_MS[size] as number, 1, size === (SIZES[0] as number));
      rows.push(...rowsFor(size, ours, measured, queries));
    }
    records = null;
    gc();
  }
  process.stderr.write('bench: indexing a record with a 1 MB word…\n');
  rows.push(...longWordRows(Number(process.env.BENCH_LONG_WORD_BYTES ?? 1 << 20)));
  return rows;
}
