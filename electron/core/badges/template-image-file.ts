/**
 * One image beside a badge template, read only when it is safe to draw: a regular file in the
 * templates folder itself (a link is refused, never followed: issue 32 saw /etc/passwd come back
 * as an image), at most 4 MiB, whose bytes are the kind its name says (PNG and JPEG by their
 * signatures, SVG as XML text whose root is <svg>), and, for an SVG, without a DOCTYPE or entities
 * and without a <use> tree that multiplies its shapes (the check follows each <use> to the element
 * it names and counts the copies drawn: a few levels of doubling would stall the print window).
 * Each refusal says its real reason. Used by template-library.ts; pure reading, no Electron.
 */
import { constants } from 'node:fs';
import { lstat, open } from 'node:fs/promises';
import path from 'node:path';
import { isJpeg, isPng } from '../cardholders/checks/photo-check';

export const MAX_TEMPLATE_IMAGE_BYTES = 4 * 1024 * 1024;
/** Copies of shapes an SVG may draw through <use> (a logo needs a handful). */
export const MAX_SVG_USE_COPIES = 1_000;
/** How deep <use> may point at something that itself holds <use>. */
export const MAX_SVG_USE_DEPTH = 8;
/** Elements nested in elements: deeper than this is not a logo. */
const MAX_SVG_NESTING = 256;

export type ImageKind = 'PNG' | 'JPEG' | 'SVG';
export const IMAGE_TYPES: Readonly<Record<string, { mime: string; kind: ImageKind }>> = {
  '.png': { mime: 'image/png', kind: 'PNG' },
  '.jpg': { mime: 'image/jpeg', kind: 'JPEG' },
  '.jpeg': { mime: 'image/jpeg', kind: 'JPEG' },
  '.svg': { mime: 'image/svg+xml', kind: 'SVG' },
};

/** Why an image cannot be used: the problem key's last part and its parameters. */
export type ImageRefusal =
  | { reason: 'missing' }
  | { reason: 'link' }
  | { reason: 'notImage'; kind: ImageKind }
  | { reason: 'tooLarge'; size: number; limit: number }
  | { reason: 'svgDoctype' }
  | { reason: 'svgTooComplex'; limit: number; depth: number }
  | { reason: 'unreadable'; detail: string };

export type ImageRead = { ok: true; dataUrl: string } | { ok: false; refusal: ImageRefusal };

const kb = (bytes: number): number => Math.ceil(bytes / 1024);
const tooLarge = (size: number): ImageRefusal => ({ reason: 'tooLarge', size: kb(size), limit: kb(MAX_TEMPLATE_IMAGE_BYTES) });

/** Reads `name` from `dir` (a plain file name: the schema refuses folders) as a data: URL, or says why not. */
export async function readTemplateImage(dir: string, name: string): Promise<ImageRead> {
  const type = IMAGE_TYPES[path.extname(name).toLowerCase()];
  if (!type || name !== path.basename(name)) return { ok: false, refusal: { reason: 'missing' } };
  const file = path.join(dir, name);
  try {
    const link = await lstat(file);
    if (link.isSymbolicLink()) return { ok: false, refusal: { reason: 'link' } };
    if (!link.isFile()) return { ok: false, refusal: { reason: 'notImage', kind: type.kind } };
    if (link.size > MAX_TEMPLATE_IMAGE_BYTES) return { ok: false, refusal: tooLarge(link.size) };
  } catch (thrown) {
    const code = (thrown as NodeJS.ErrnoException).code ?? 'error';
    return { ok: false, refusal: code === 'ENOENT' ? { reason: 'missing' } : { reason: 'unreadable', detail: code } };
  }
  let bytes: Buffer;
  try {
    // O_NOFOLLOW: a link put in its place since the check is refused too (0 where the system has none).
    const handle = await open(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
    try {
      const held = await handle.stat();
      if (!held.isFile()) return { ok: false, refusal: { reason: 'notImage', kind: type.kind } };
      if (held.size > MAX_TEMPLATE_IMAGE_BYTES) return { ok: false, refusal: tooLarge(held.size) };
      const buffer = Buffer.alloc(MAX_TEMPLATE_IMAGE_BYTES + 1);
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
      if (bytesRead > MAX_TEMPLATE_IMAGE_BYTES) return { ok: false, refusal: tooLarge(bytesRead) };
      bytes = buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  } catch (thrown) {
    const code = (thrown as NodeJS.ErrnoException).code ?? 'error';
    return { ok: false, refusal: code === 'ELOOP' ? { reason: 'link' } : { reason: 'unreadable', detail: code } };
  }
  const refusal = contentRefusal(bytes, type.kind);
  if (refusal) return { ok: false, refusal };
  return { ok: true, dataUrl: `data:${type.mime};base64,${bytes.toString('base64')}` };
}

/** Null when the bytes are the kind named; the refusal otherwise. */
export function contentRefusal(bytes: Uint8Array, kind: ImageKind): ImageRefusal | null {
  if (kind === 'PNG') return isPng(bytes) ? null : { reason: 'notImage', kind };
  if (kind === 'JPEG') return isJpeg(bytes) ? null : { reason: 'notImage', kind };
  return svgRefusal(bytes);
}

interface Tag {
  at: number;
  closing: boolean;
  name: string;
  attrs: string;
  selfClosing: boolean;
}

/**
 * The element tags of an SVG in order, comments, CDATA and processing instructions skipped, in one
 * pass (a quoted attribute value may hold ">"); returns false when the text is not well formed enough to read.
 */
function* tagsOf(text: string): Generator<Tag, boolean> {
  let i = text.indexOf('<');
  while (i !== -1) {
    const from = i;
    /** Past a comment, CDATA or processing instruction (-1: never closed); null when it is none of them. */
    const skipTo = (open: string, close: string): number | null => {
      if (!text.startsWith(open, from)) return null;
      const end = text.indexOf(close, from + open.length);
      return end === -1 ? -1 : end + close.length;
    };
    const skipped = skipTo('<!--', '-->') ?? skipTo('<![CDATA[', ']]>') ?? skipTo('<?', '?>');
    if (skipped !== null) {
      if (skipped === -1) return false;
      i = text.indexOf('<', skipped);
      continue;
    }
    let j = i + 1;
    let quote: string | null = null;
    for (; j < text.length; j += 1) {
      const c = text[j];
      if (quote !== null) {
        if (c === quote) quote = null;
      } else if (c === '"' || c === "'") quote = c;
      else if (c === '>') break;
    }
    if (j >= text.length) return false;
    const inside = text.slice(i + 1, j);
    const named = /^(\/?)([A-Za-z_][\w:.-]*)/.exec(inside);
    if (!named) return false;
    const attrs = inside.slice(named[0].length);
    yield { at: i, closing: named[1] === '/', name: named[2] ?? '', attrs, selfClosing: attrs.trimEnd().endsWith('/') };
    i = text.indexOf('<', j + 1);
  }
  return true;
}

const attribute = (attrs: string, name: string): string | null => new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`).exec(attrs)?.slice(1).find((v) => v !== undefined) ?? null;
const localName = (name: string): string => name.replace(/^.*:/, '');

function svgRefusal(bytes: Uint8Array): ImageRefusal | null {
  const notSvg: ImageRefusal = { reason: 'notImage', kind: 'SVG' };
  if (bytes.includes(0)) return notSvg;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return notSvg;
  }
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) return { reason: 'svgDoctype' };
  /** For each element with an id: the <use> targets in its subtree. */
  const refsOf = new Map<string, string[]>();
  const allUses: string[] = [];
  const stack: Array<{ name: string; id: string | null; refs: string[] }> = [];
  let root: string | null = null;
  const complex: ImageRefusal = { reason: 'svgTooComplex', limit: MAX_SVG_USE_COPIES, depth: MAX_SVG_USE_DEPTH };
  const close = (): void => {
    const frame = stack.pop();
    if (!frame) return;
    if (frame.id !== null) refsOf.set(frame.id, frame.refs);
    stack.at(-1)?.refs.push(...frame.refs);
  };
  const tags = tagsOf(text);
  for (let next = tags.next(); ; next = tags.next()) {
    if (next.done) {
      if (!next.value) return notSvg;
      break;
    }
    const tag = next.value;
    if (root === null) {
      if (tag.closing || localName(tag.name) !== 'svg') return notSvg;
      // Before the root: only the XML declaration, comments and white space.
      if (text.slice(0, tag.at).replace(/<\?[\s\S]*?\?>|<!--[\s\S]*?-->/g, '').trim() !== '') return notSvg;
      root = tag.name;
    }
    if (tag.closing) {
      // Closes the nearest element of that name (an SVG that closes what is not open is broken, not costly).
      while (stack.length > 0 && stack.at(-1)?.name !== tag.name) close();
      close();
      continue;
    }
    const frame = { name: tag.name, id: attribute(tag.attrs, 'id'), refs: [] as string[] };
    if (localName(tag.name) === 'use') {
      const href = attribute(tag.attrs, 'href') ?? attribute(tag.attrs, 'xlink:href');
      if (href?.startsWith('#')) {
        frame.refs.push(href.slice(1));
        allUses.push(href.slice(1));
      }
    }
    if (allUses.length > MAX_SVG_USE_COPIES) return complex;
    stack.push(frame);
    if (stack.length > MAX_SVG_NESTING) return complex;
    if (tag.selfClosing) close();
  }
  if (root === null) return notSvg;
  while (stack.length > 0) close();
  // Copies drawn when an element is used, saturating past the limit; a cycle is too complex.
  const copies = new Map<string, { count: number; depth: number }>();
  const visiting = new Set<string>();
  const cost = (id: string): { count: number; depth: number } => {
    const known = copies.get(id);
    if (known) return known;
    if (visiting.has(id)) return { count: Infinity, depth: Infinity };
    visiting.add(id);
    let count = 0;
    let depth = 0;
    for (const ref of refsOf.get(id) ?? []) {
      const inner = cost(ref);
      count += 1 + inner.count;
      depth = Math.max(depth, 1 + inner.depth);
      if (count > MAX_SVG_USE_COPIES || depth > MAX_SVG_USE_DEPTH) break;
    }
    visiting.delete(id);
    const result = { count, depth };
    copies.set(id, result);
    return result;
  };
  let drawn = 0;
  for (const ref of allUses) {
    const inner = cost(ref);
    drawn += 1 + inner.count;
    if (drawn > MAX_SVG_USE_COPIES || 1 + inner.depth > MAX_SVG_USE_DEPTH) return complex;
  }
  return null;
}
