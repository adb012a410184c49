/**
 * Part of the cardholder-search bench (cardholder-search.bench.ts): the lookup as the front desk
 * calls it (DirectoryEngine.search with the site's tenant and type names) for what a person is —
 * company (tenant), cardholder type, city, e-mail domain — against the name search as baseline,
 * over the same directory in the same run; and the indexing cost of a record with one 1 MB word
 * against a normal one. Each query is a whole word typed letter by letter (one search per
 * keystroke, as the officer types), the kinds interleaved so that no query repeats the one before
 * (the index keeps the last query's ranking). Measures only; asserts nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DirectoryEngine } from '../../electron/core/cardholders/directory/directory-engine';
import { CardholderIndex } from '../../electron/core/cardholders/lookup/cardholder-index';
import type { LookupNames } from '../../electron/core/cardholders/lookup/lookup-extras';
import type { CardHolder } from '../../electron/core/service/access-service';
import { CARD_HOLDER_TYPES, TENANTS } from '../../electron/simulator/catalogue';
import { seedCardholderChunks } from '../../electron/simulator/cardholder-seed';
import { median, percentile } from './bench-support';
import type { BenchRow } from './types';

const SITE: LookupNames = { tenants: TENANTS.map((t) => ({ id: t.id, name: t.name })), cardholderTypes: CARD_HOLDER_TYPES.map((t) => ({ id: t.id, name: t.name })) };
const PAGE = 50;
const GOAL_MS = 50;

/** What the officer types, per kind: the name kind is the baseline (surnames and first name + surname of seeded people). */
const VALUE_QUERIES: Readonly<Record<string, readonly string[]>> = {
  company: ['northwind', 'contoso', 'fabrikam', 'northwind traders', 'contoso labs'],
  type: ['visitor', 'contractor', 'temporary'],
  city: ['springfield', 'lyon', 'munchen', 'tromso', 'austin', 'a coruna'],
  'e-mail domain': ['northwind.example', 'fabrikam.example', 'mail.example.org', '@contoso'],
};

/** Every prefix of each text (one per keystroke), from the second character on. */
function keystrokes(texts: readonly string[]): string[] {
  const out: string[] = [];
  for (const text of texts) for (let i = 2; i <= text.length; i++) out.push(text.slice(0, i));
  return out;
}

function nameQueries(records: readonly CardHolder[], count: number): string[] {
  const out: string[] = [];
  for (let i = 0; out.length < count; i++) {
    const r = records[(i * 7919) % records.length] as CardHolder;
    out.push(i % 2 === 0 ? r.last_Name : `${r.first_Name} ${r.last_Name}`);
  }
  return out;
}

function engineOver(chunks: readonly Buffer[], dir: string): DirectoryEngine {
  const engine = new DirectoryEngine({ files: { snapshot: join(dir, 'directory.snapshot'), changes: join(dir, 'directory.changes') }, key: null, service: 'bench:1' });
  // The seed's chunks are JSON arrays each: sent as one list, as the service sends it.
  engine.receive(new Uint8Array(Buffer.from('[')));
  chunks.forEach((chunk, i) => {
    if (i > 0) engine.receive(new Uint8Array(Buffer.from(',')));
    engine.receive(new Uint8Array(chunk.subarray(1, chunk.length - 1)));
  });
  engine.receive(new Uint8Array(Buffer.from(']')));
  const outcome = engine.build({ syncedAt: new Date(0).toISOString(), etag: null, lastModified: null }, null, false);
  if (outcome.outcome !== 'built') throw new Error(`the bench directory was not built: ${outcome.outcome}`);
  return engine;
}

const ms = (n: number): number => Math.round(n * 1000) / 1000;

/**
 * Company / type / city / e-mail-domain searches at `size` cardholders, each kind against the name
 * search in the same run: median, p95 and slowest keystroke (the first round included, where a
 * lazily built structure would be paid for), and how many each whole word finds.
 */
export function valueSearchRows(size: number, rounds = 3): BenchRow[] {
  const dir = mkdtempSync(join(tmpdir(), 'kiosk-bench-values-'));
  const label = `${size / 1000}k`;
  try {
    const chunks = seedCardholderChunks(size, 1);
    const sample = JSON.parse((chunks[0] as Buffer).toString('utf8')) as CardHolder[];
    const engine = engineOver(chunks, dir);
    const kinds: Record<string, string[]> = { name: keystrokes(nameQueries(sample, 12)) };
    for (const [kind, texts] of Object.entries(VALUE_QUERIES)) kinds[kind] = keystrokes(texts);
    const times: Record<string, number[]> = Object.fromEntries(Object.keys(kinds).map((k) => [k, []]));
    /** CPU time of this process per keystroke (less sensitive than wall time to a loaded machine). */
    const cpuTimes: Record<string, number[]> = Object.fromEntries(Object.keys(kinds).map((k) => [k, []]));
    const totals: Record<string, Map<string, number>> = Object.fromEntries(Object.keys(kinds).map((k) => [k, new Map()]));
    // Interleaved: one keystroke of each kind in turn, so no query repeats the one before.
    const longest = Math.max(...Object.values(kinds).map((list) => list.length));
    for (let round = 0; round < rounds; round++) {
      for (let i = 0; i < longest; i++) {
        for (const [kind, list] of Object.entries(kinds)) {
          const query = list[i % list.length] as string;
          const c0 = process.cpuUsage();
          const t0 = performance.now();
          const page = engine.search(query, 0, PAGE, SITE);
          const t = performance.now() - t0;
          const c = process.cpuUsage(c0);
          (times[kind] as number[]).push(t);
          (cpuTimes[kind] as number[]).push((c.user + c.system) / 1000);
          if (VALUE_QUERIES[kind]?.includes(query)) totals[kind]?.set(query, page.total);
        }
      }
    }
    const name = times.name as number[];
    const rows: BenchRow[] = [];
    for (const kind of Object.keys(kinds)) {
      const list = times[kind] as number[];
      const cpu = cpuTimes[kind] as number[];
      const p95 = percentile(list, 95);
      const cpuNote = `CPU median ${ms(median(cpu))} ms, p95 ${ms(percentile(cpu, 95))} ms`;
      const baseline = kind === 'name' ? {} : { baseline: ms(percentile(name, 95)) };
      rows.push({ name: `${label} lookup by ${kind}: keystroke median`, value: ms(median(list)), unit: 'ms', ...(kind === 'name' ? {} : { baseline: ms(median(name)) }), note: `${list.length} keystrokes over ${rounds} rounds (DirectoryEngine.search, page of ${PAGE}, the site's names); ratio = ÷ name search; ${cpuNote}` });
      rows.push({
        name: `${label} lookup by ${kind}: keystroke p95`,
        value: ms(p95),
        unit: 'ms',
        ...baseline,
        note: kind === 'name' ? `baseline of the rows below; ${cpuNote}` : `${cpuNote}; goal ≤ ${GOAL_MS} ms: ${p95 <= GOAL_MS ? 'met' : 'NOT met'}; slowest keystroke ${ms(Math.max(...list))} ms (the first round included: a structure built lazily is paid there); found: ${[...(totals[kind] ?? [])].map(([query, total]) => `${JSON.stringify(query)} ${total}`).join(', ')}`,
      });
    }
    return rows;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function personWith(id: number, lastName: string): CardHolder {
  return {
    id, first_Name: 'Ada', last_Name: lastName, middle_Name: '', name: `${lastName}, Ada`, displayName: `${lastName} Ada`,
    card_Holder_Letter_ID: 1, employee_ID: String(100000 + id), displayEmployeeId: String(100000 + id), email: '', sex: 'f', phone: '',
    address1: '', address2: '', city: '', state: '', zip: '', birthday: null, created: '2026-01-01T00:00:00+00:00', updated: '2026-01-01T00:00:00+00:00',
    tenant: [0], photo_Exists: false, card_Holder_Type_ID: 1, card_Holder_ID: null,
  };
}

/**
 * Indexing one record whose last name is one word of `bytes` characters, against one with a
 * normal last name (the same index build, median of `rounds`); and through the directory engine,
 * where such a record is set aside at the check.
 */
export function longWordRows(bytes = 1 << 20, rounds = 3): BenchRow[] {
  const word = 'a'.repeat(bytes - 1) + 'z';
  /** Wall and CPU time (this process's, less sensitive to a loaded machine), medians of `rounds`. */
  const time = (record: CardHolder): { wall: number; cpu: number } => {
    const wall: number[] = [];
    const cpu: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      CardholderIndex.build([record]);
      wall.push(performance.now() - t0);
      const c = process.cpuUsage(c0);
      cpu.push((c.user + c.system) / 1000);
    }
    return { wall: median(wall), cpu: median(cpu) };
  };
  const normal = time(personWith(1, 'Lewandowski'));
  const long = time(personWith(1, word));
  const tenth = time(personWith(1, word.slice(0, Math.round(bytes / 10))));
  const dir = mkdtempSync(join(tmpdir(), 'kiosk-bench-long-'));
  let engineMs: number;
  let outcome = '';
  try {
    const list = [personWith(1, 'Lewandowski'), personWith(2, word)];
    const t0 = performance.now();
    const engine = new DirectoryEngine({ files: { snapshot: join(dir, 's'), changes: join(dir, 'c') }, key: null, service: 'bench:1' });
    engine.receive(new Uint8Array(Buffer.from(JSON.stringify(list))));
    const built = engine.build({ syncedAt: new Date(0).toISOString(), etag: null, lastModified: null }, null, false);
    engineMs = performance.now() - t0;
    outcome = built.outcome === 'built' ? `${built.counts.total} indexed, ${built.counts.rejected} set aside` : built.outcome;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const mb = Math.round((bytes / 2 ** 20) * 100) / 100;
  return [
    {
      name: `index build: one record with a ${mb} MB name word`,
      value: ms(long.wall),
      unit: 'ms',
      baseline: ms(normal.wall),
      note: `CardholderIndex.build of that one record, median of ${rounds}; baseline: the same record with a normal last name. CPU ${ms(long.cpu)} ms against ${ms(normal.cpu)} ms; a word a tenth as long: CPU ${ms(tenth.cpu)} ms (linear: about a tenth)`,
    },
    { name: `directory build: a list with a ${mb} MB name word`, value: ms(engineMs), unit: 'ms', note: `DirectoryEngine receive + build of 2 records (${outcome})` },
  ];
}
