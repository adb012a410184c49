/**
 * Which files of the built renderer may be served, and how a request path names one. Shared by
 * the app's own scheme in Electron (electron/main/app-scheme.ts) and the preview harness's HTTP
 * server, so both apply the same rules:
 *
 *  - the allow-list is the built renderer folder as it was at start (regular files only, no
 *    symbolic links, nothing hidden): a path that is not one of them is 404, whatever it spells;
 *  - a path that cannot be a file name of that list is 400 before any lookup: malformed
 *    percent-encoding, encoded separators ("%2f", "%5c") or NUL, a backslash, control
 *    characters, "." or ".." segments, empty segments, or more than 1,024 characters.
 *
 * Plain Node (no Electron): it reads the folder once, then answers from memory of the names.
 */
import { lstatSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';

export const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.wav': 'audio/wav',
  '.wasm': 'application/wasm',
};

/** A request path, judged: a relative file name to look up, or why it is refused (400). */
export type RendererPath = { ok: true; name: string } | { ok: false; reason: string };

const MAX_PATH = 1024;
const ENCODED_FORBIDDEN = /%(2f|5c|00)/i;
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * Judges the path of a request URL as it arrived (still percent-encoded, e.g. URL.pathname or the
 * path part of Node's req.url). "/" names index.html.
 */
export function rendererPathOf(encodedPath: string): RendererPath {
  if (encodedPath.length > MAX_PATH) return { ok: false, reason: 'the path is too long' };
  if (!encodedPath.startsWith('/')) return { ok: false, reason: 'the path does not start with "/"' };
  if (ENCODED_FORBIDDEN.test(encodedPath)) return { ok: false, reason: 'the path holds an encoded separator or NUL' };
  let decoded: string;
  try {
    decoded = decodeURIComponent(encodedPath);
  } catch {
    return { ok: false, reason: 'the path has a malformed percent-encoding' };
  }
  if (decoded.includes('\\')) return { ok: false, reason: 'the path holds a backslash' };
  if (CONTROL.test(decoded)) return { ok: false, reason: 'the path holds a control character' };
  const name = decoded === '/' ? 'index.html' : decoded.slice(1);
  const segments = name.split('/');
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..')) {
    return { ok: false, reason: 'the path has an empty, "." or ".." segment' };
  }
  return { ok: true, name };
}

export interface RendererFile {
  /** Relative name with "/" separators, e.g. "assets/index-3f2a.js". */
  name: string;
  contentType: string;
  read(): Promise<Buffer>;
}

export interface RendererFiles {
  readonly dir: string;
  /** Every servable name. */
  names(): string[];
  lookup(name: string): RendererFile | null;
}

/** Lists the built renderer once. Throws when the folder or its index.html is missing. */
export function listRendererFiles(rendererDir: string): RendererFiles {
  const dir = resolve(rendererDir);
  const files = new Map<string, RendererFile>();
  const walk = (folder: string, prefix: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const full = join(folder, entry.name);
      const stat = lstatSync(full);
      if (stat.isSymbolicLink()) continue;
      const name = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
      if (stat.isDirectory()) walk(full, name);
      else if (stat.isFile() && full.startsWith(dir + sep)) {
        files.set(name, { name, contentType: CONTENT_TYPES[extname(entry.name).toLowerCase()] ?? 'application/octet-stream', read: () => readFile(full) });
      }
    }
  };
  try {
    walk(dir, '');
  } catch (thrown) {
    if ((thrown as NodeJS.ErrnoException).code !== 'ENOENT') throw thrown;
  }
  if (!files.has('index.html')) throw new Error(`No built renderer in ${dir}: run "npm run build" first.`);
  return {
    dir,
    names: () => [...files.keys()].sort(),
    lookup: (name) => files.get(name) ?? null,
  };
}
