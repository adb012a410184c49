/**
 * The renderer's JavaScript as the build left it in out/renderer (run `npx electron-vite build`
 * first): what index.html loads at start — its module scripts and modulepreloads, and everything
 * they import statically, followed through the chunks' leading import statements — against the
 * chunks reached only through dynamic import() (the photo step, the face detector). Sizes gzip
 * level 9, as Vite reports them (1 KB = 1,000 bytes), and raw. The CSS loaded at start is in a
 * note. Asserts nothing.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';
import { requireBuiltRenderer, round } from './bench-support';
import type { BenchRow } from './types';

const GOAL_KB = 250;

const gzipKb = (bytes: Buffer): number => gzipSync(bytes, { level: 9 }).length / 1000;

/** The specifiers of the import statements a chunk starts with (Rollup puts static imports first). */
function staticImports(code: string): string[] {
  const out: string[] = [];
  const statement = /^\s*(?:import\s*(?:[\w$*{][^;"']*?from\s*)?|export\s*(?:\*|\{[^}]*\})\s*from\s*)["']([^"']+)["']\s*;?/;
  let rest = code;
  for (;;) {
    const found = statement.exec(rest);
    if (!found?.[1]) return out;
    out.push(found[1]);
    rest = rest.slice(found[0].length);
  }
}

/** The specifiers of dynamic import("…") calls. */
function dynamicImports(code: string): string[] {
  return [...code.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1] as string);
}

export async function run(): Promise<BenchRow[]> {
  const dir = requireBuiltRenderer();
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  const read = (file: string): Buffer => readFileSync(join(dir, file));
  const resolveFrom = (from: string, specifier: string): string => posix.normalize(posix.join(posix.dirname(from), specifier));

  const entries = [
    ...[...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)].map((m) => m[1] as string),
    ...[...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1] as string),
  ].map((src) => posix.normalize(src.replace(/^\.\//, '')));
  if (entries.length === 0) throw new Error('index.html loads no module script');

  // Everything reachable through static imports from the entries: loaded at start.
  const startup = new Set<string>();
  const lazyRoots = new Set<string>();
  const visit = (file: string, into: Set<string>): void => {
    if (into.has(file)) return;
    into.add(file);
    const code = read(file).toString('utf8');
    for (const specifier of staticImports(code)) visit(resolveFrom(file, specifier), into);
    for (const specifier of dynamicImports(code)) lazyRoots.add(resolveFrom(file, specifier));
  };
  for (const entry of entries) visit(entry, startup);

  // Each lazy root with what it imports statically that start-up did not already load.
  const lazy = new Map<string, Set<string>>();
  for (let grew = true; grew; ) {
    grew = false;
    for (const root of lazyRoots) {
      if (startup.has(root) || lazy.has(root)) continue;
      const files = new Set<string>();
      visit(root, files);
      for (const f of startup) files.delete(f);
      lazy.set(root, files);
      grew = true;
    }
  }

  const sizeOf = (files: Iterable<string>): { gzip: number; raw: number } => {
    let gzip = 0;
    let raw = 0;
    for (const f of files) {
      const bytes = read(f);
      gzip += gzipKb(bytes);
      raw += bytes.length / 1000;
    }
    return { gzip, raw };
  };
  const start = sizeOf(startup);
  const css = [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => posix.normalize((m[1] as string).replace(/^\.\//, '')));
  const cssSize = sizeOf(css);
  const allJs = readdirSync(join(dir, 'assets')).filter((f) => f.endsWith('.js')).map((f) => `assets/${f}`);
  const unaccounted = allJs.filter((f) => !startup.has(f) && ![...lazy.values()].some((files) => files.has(f)));

  const rows: BenchRow[] = [
    {
      name: 'renderer start-up JavaScript, gzip',
      value: round(start.gzip),
      unit: 'KB',
      note: `goal ≤ ${GOAL_KB} KB: ${start.gzip <= GOAL_KB ? 'met' : 'NOT met'}; ${[...startup].join(', ')} (${round(start.raw)} KB raw); start-up CSS ${round(cssSize.gzip)} KB gzip`,
    },
  ];
  for (const [root, files] of lazy) {
    const size = sizeOf(files);
    const name = posix.basename(root).replace(/-[\w-]{8}\.js$/, '');
    rows.push({
      name: `lazy chunk ${name}, gzip`,
      value: round(size.gzip),
      unit: 'KB',
      note: `loaded by import() only: ${[...files].join(', ')} (${round(size.raw)} KB raw)`,
    });
  }
  if (unaccounted.length > 0) rows.push({ name: 'JavaScript neither loaded at start nor imported lazily', value: unaccounted.length, unit: 'files', note: unaccounted.join(', ') });
  return rows;
}
