/**
 * Makes every icon the installers need from the one source, build/icon.png (square, at least
 * 512×512): build/icons/<N>x<N>.png for Linux (AppImage, deb and the desktop entry), build/icon.ico
 * for Windows (NSIS, portable, the .exe) and build/icon.icns for macOS (dmg). The results are
 * checked in, so `npm run dist` never needs this; run it again after changing the source:
 *
 *   npx tsx electron/tools/dist-icons.ts
 *
 * PNG sizes are made by area averaging (exact for the power-of-two steps used here); the ICO and
 * ICNS containers by png2icons. test/dist/builder-config.test.ts checks the sizes.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PNG } from 'pngjs';
import { BICUBIC2, createICNS, createICO } from 'png2icons';

/** The Linux icon sizes (hicolor theme sizes electron-builder installs). */
export const LINUX_ICON_SIZES = [16, 24, 32, 48, 64, 128, 256, 512] as const;

/** A square RGBA image. */
export interface Square {
  size: number;
  rgba: Buffer;
}

export function readSquarePng(bytes: Buffer): Square {
  const png = PNG.sync.read(bytes);
  if (png.width !== png.height) throw new Error(`the icon source must be square, it is ${png.width}×${png.height}`);
  if (png.width < 512) throw new Error(`the icon source must be at least 512×512, it is ${png.width}×${png.height}`);
  return { size: png.width, rgba: png.data };
}

/** Area-average downscale with premultiplied alpha (no dark fringes at transparent edges). */
export function downscale(source: Square, size: number): Square {
  if (size > source.size) throw new Error(`cannot make ${size}×${size} from a ${source.size}×${source.size} source`);
  const out = Buffer.alloc(size * size * 4);
  const scale = source.size / size;
  for (let y = 0; y < size; y++) {
    const y0 = y * scale;
    const y1 = y0 + scale;
    for (let x = 0; x < size; x++) {
      const x0 = x * scale;
      const x1 = x0 + scale;
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      let area = 0;
      for (let sy = Math.floor(y0); sy < Math.ceil(y1); sy++) {
        const wy = Math.min(y1, sy + 1) - Math.max(y0, sy);
        for (let sx = Math.floor(x0); sx < Math.ceil(x1); sx++) {
          const w = wy * (Math.min(x1, sx + 1) - Math.max(x0, sx));
          const i = (sy * source.size + sx) * 4;
          const alpha = (source.rgba[i + 3] ?? 0) / 255;
          r += (source.rgba[i] ?? 0) * alpha * w;
          g += (source.rgba[i + 1] ?? 0) * alpha * w;
          b += (source.rgba[i + 2] ?? 0) * alpha * w;
          a += alpha * w;
          area += w;
        }
      }
      const o = (y * size + x) * 4;
      out[o] = a > 0 ? Math.round(r / a) : 0;
      out[o + 1] = a > 0 ? Math.round(g / a) : 0;
      out[o + 2] = a > 0 ? Math.round(b / a) : 0;
      out[o + 3] = Math.round((a / area) * 255);
    }
  }
  return { size, rgba: out };
}

export function encodePng(image: Square): Buffer {
  const png = new PNG({ width: image.size, height: image.size });
  image.rgba.copy(png.data);
  return PNG.sync.write(png, { colorType: 6 });
}

export interface GeneratedIcons {
  /** File name under build/ → bytes. */
  files: Map<string, Buffer>;
}

export function generateIcons(sourcePng: Buffer): GeneratedIcons {
  const source = readSquarePng(sourcePng);
  const files = new Map<string, Buffer>();
  for (const size of LINUX_ICON_SIZES) files.set(`icons/${size}x${size}.png`, encodePng(downscale(source, size)));
  // png2icons scales from the source itself; both containers carry 16…256 (ICO) and 16…512 (ICNS).
  const ico = createICO(sourcePng, BICUBIC2, 0, true, true);
  const icns = createICNS(sourcePng, BICUBIC2, 0);
  if (!ico || !icns) throw new Error('png2icons could not make the ICO or ICNS file from the source');
  files.set('icon.ico', ico);
  files.set('icon.icns', icns);
  return { files };
}

function main(): void {
  const buildDir = resolve(__dirname, '..', '..', 'build');
  const { files } = generateIcons(readFileSync(join(buildDir, 'icon.png')));
  mkdirSync(join(buildDir, 'icons'), { recursive: true });
  for (const [name, bytes] of files) {
    writeFileSync(join(buildDir, name), bytes);
    console.log(`build/${name}  ${bytes.length} bytes`);
  }
}

if (require.main === module) main();
