/**
 * Advance widths of a TrueType font (the badge fonts shipped in resources/badge-fonts),
 * read from its own tables (head, hhea, hmtx, cmap format 4), so a name is fitted on the card
 * with the widths the printed page will use. Owns reading the file's metrics only; no layout.
 */
export interface FontMetrics {
  /** Width of `text` in em (1 = the font size). Characters the font lacks count as its widest glyph. */
  widthEm(text: string): number;
  /** The font has a glyph for this code point (its Unicode BMP map; nothing beyond it). */
  covers(code: number): boolean;
}

export function readFontMetrics(bytes: Uint8Array): FontMetrics {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tables = new Map<string, number>();
  const count = view.getUint16(4);
  for (let i = 0; i < count; i += 1) {
    const at = 12 + i * 16;
    const tag = String.fromCharCode(view.getUint8(at), view.getUint8(at + 1), view.getUint8(at + 2), view.getUint8(at + 3));
    tables.set(tag, view.getUint32(at + 8));
  }
  const table = (tag: string): number => {
    const at = tables.get(tag);
    if (at === undefined) throw new Error(`the font has no ${tag} table`);
    return at;
  };
  const unitsPerEm = view.getUint16(table('head') + 18);
  const metricsCount = view.getUint16(table('hhea') + 34);
  const hmtx = table('hmtx');
  const advances: number[] = [];
  let widest = 0;
  for (let i = 0; i < metricsCount; i += 1) {
    const advance = view.getUint16(hmtx + i * 4);
    advances.push(advance);
    widest = Math.max(widest, advance);
  }
  const advanceOf = (glyph: number): number => advances[Math.min(glyph, advances.length - 1)] ?? widest;

  // cmap: the Unicode BMP subtable (format 4).
  const cmap = table('cmap');
  let format4 = -1;
  const subtables = view.getUint16(cmap + 2);
  for (let i = 0; i < subtables; i += 1) {
    const platform = view.getUint16(cmap + 4 + i * 8);
    const encoding = view.getUint16(cmap + 6 + i * 8);
    const offset = cmap + view.getUint32(cmap + 8 + i * 8);
    if (view.getUint16(offset) === 4 && ((platform === 3 && encoding === 1) || platform === 0)) {
      format4 = offset;
      break;
    }
  }
  if (format4 < 0) throw new Error('the font has no Unicode character map (cmap format 4)');
  const segments = view.getUint16(format4 + 6) / 2;
  const ends = format4 + 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  const rangeOffsets = deltas + segments * 2;
  const glyphOf = (code: number): number => {
    for (let s = 0; s < segments; s += 1) {
      if (view.getUint16(ends + s * 2) < code) continue;
      const start = view.getUint16(starts + s * 2);
      if (start > code) return 0;
      const delta = view.getInt16(deltas + s * 2);
      const rangeOffset = view.getUint16(rangeOffsets + s * 2);
      if (rangeOffset === 0) return (code + delta) & 0xffff;
      const at = rangeOffsets + s * 2 + rangeOffset + (code - start) * 2;
      const glyph = view.getUint16(at);
      return glyph === 0 ? 0 : (glyph + delta) & 0xffff;
    }
    return 0;
  };
  const cache = new Map<number, number>();
  return {
    covers: (code: number): boolean => code <= 0xffff && glyphOf(code) !== 0,
    widthEm(text: string): number {
      let units = 0;
      for (const char of text.normalize('NFC')) {
        const code = char.codePointAt(0) ?? 0;
        let advance = cache.get(code);
        if (advance === undefined) {
          const glyph = code > 0xffff ? 0 : glyphOf(code);
          advance = glyph === 0 ? widest : advanceOf(glyph);
          cache.set(code, advance);
        }
        units += advance;
      }
      return units / unitsPerEm;
    },
  };
}

/** The shipped badge fonts' metrics (regular and bold) from `dir` (the composition root's); null when they cannot be read. */
export async function loadBadgeFontMetrics(dir: string): Promise<{ regular: FontMetrics; bold: FontMetrics } | null> {
  const { readFile } = await import('node:fs/promises');
  const { join } = await import('node:path');
  try {
    const [regular, bold] = await Promise.all([readFile(join(dir, 'DejaVuSans.ttf')), readFile(join(dir, 'DejaVuSans-Bold.ttf'))]);
    return { regular: readFontMetrics(regular), bold: readFontMetrics(bold) };
  } catch {
    return null;
  }
}
