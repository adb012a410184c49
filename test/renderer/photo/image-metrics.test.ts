import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import jpeg from 'jpeg-js';
import {
  METRICS_HEIGHT,
  downscaleGray,
  grayFromRgba,
  laplacianVariance,
  meanLuminance,
  measureImage,
  type GrayImage,
} from '../../../renderer/src/photo/image-metrics';
import { qualityHints } from '../../../renderer/src/photo/photo-hints';
import { autoCrop } from '../../../renderer/src/photo/crop-geometry';

function gray(width: number, height: number, at: (x: number, y: number) => number): GrayImage {
  const data = new Float32Array(width * height);
  for (let y = 0; y < height; y += 1) for (let x = 0; x < width; x += 1) data[y * width + x] = at(x, y);
  return { width, height, data };
}

describe('image measurements on synthetic images', () => {
  it('luma follows Rec. 601 from RGBA, and refuses a short pixel array', () => {
    const g = grayFromRgba([255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 0], 4, 1);
    expect(Array.from(g.data).map((v) => Math.round(v * 10) / 10)).toEqual([76.2, 149.7, 29.1, 255]);
    expect(() => grayFromRgba([1, 2, 3], 1, 1)).toThrow(RangeError);
  });

  it('mean luminance of the whole image or of a region', () => {
    const half = gray(10, 10, (x) => (x < 5 ? 0 : 200));
    expect(meanLuminance(half)).toBe(100);
    expect(meanLuminance(half, { x: 5, y: 0, width: 5, height: 10 })).toBe(200);
    expect(meanLuminance(half, { x: 50, y: 50, width: 5, height: 5 })).toBe(0);
  });

  it('a flat image has no Laplacian variance; a checkerboard has a lot; tiny images give 0', () => {
    expect(laplacianVariance(gray(20, 20, () => 128))).toBe(0);
    expect(laplacianVariance(gray(20, 20, (x, y) => ((x + y) % 2 ? 255 : 0)))).toBeGreaterThan(100_000);
    expect(laplacianVariance(gray(2, 2, (x) => x * 255))).toBe(0);
  });

  it('box downscale averages and keeps the aspect ratio; no upscaling', () => {
    const g = gray(8, 4, (x) => (x % 2 ? 100 : 0));
    const small = downscaleGray(g, 2);
    expect([small.width, small.height]).toEqual([4, 2]);
    expect(Array.from(small.data)).toEqual(new Array(8).fill(50));
    expect(downscaleGray(g, 10)).toBe(g);
  });
});

// Calibration on a real photo: the face of the woman on the right of face-api's sample1.jpg,
// cropped head-and-shoulders as the kiosk would, then blurred, darkened and brightened.
describe('hint thresholds hold on a real face', () => {
  const file = resolve(__dirname, '../../../node_modules/@vladmandic/face-api/demo/sample1.jpg');
  const decoded = jpeg.decode(readFileSync(file), { useTArray: true });
  const full = grayFromRgba(decoded.data, decoded.width, decoded.height);
  const face = { x: 1424, y: 214, width: 297, height: 274 }; // as face-api's tiny detector finds it
  const crop = autoCrop({ width: full.width, height: full.height }, 3 / 4, face);

  function cropOf(image: GrayImage): GrayImage {
    const x0 = Math.round(crop.x);
    const y0 = Math.round(crop.y);
    const w = Math.round(crop.width);
    const h = Math.round(crop.height);
    return downscaleGray(gray(w, h, (x, y) => image.data[(y0 + y) * image.width + x0 + x] ?? 0), METRICS_HEIGHT);
  }
  const scale = METRICS_HEIGHT / crop.height;
  const faceRegion = { x: (face.x - crop.x) * scale, y: (face.y - crop.y) * scale, width: face.width * scale, height: face.height * scale };

  /** Separable box blur of radius r (a defocused or moving subject). */
  function blur(image: GrayImage, r: number): GrayImage {
    const pass = (src: GrayImage, horizontal: boolean): GrayImage =>
      gray(src.width, src.height, (x, y) => {
        let sum = 0;
        let n = 0;
        for (let d = -r; d <= r; d += 1) {
          const xx = horizontal ? x + d : x;
          const yy = horizontal ? y : y + d;
          if (xx < 0 || yy < 0 || xx >= src.width || yy >= src.height) continue;
          sum += src.data[yy * src.width + xx] ?? 0;
          n += 1;
        }
        return sum / n;
      });
    return pass(pass(image, true), false);
  }
  const scaled = (image: GrayImage, k: number): GrayImage => gray(image.width, image.height, (x, y) => Math.min(255, (image.data[y * image.width + x] ?? 0) * k));

  const sharp = cropOf(full);
  const codes = (image: GrayImage): string[] => qualityHints(measureImage(image, faceRegion)).map((h) => h.code);

  it('the photo as taken raises no light or sharpness hint', () => {
    expect(codes(sharp)).toEqual([]);
  });

  it('blurred (a 7-pixel box blur on the 600-pixel-high crop): "blurred"', () => {
    const blurredFull = cropOf(blur(gray(Math.round(crop.width), Math.round(crop.height), (x, y) => full.data[(Math.round(crop.y) + y) * full.width + Math.round(crop.x) + x] ?? 0), 7));
    expect(codes(blurredFull)).toEqual(['blurred']);
  });

  it('dark (a third of the light): "too dark"; bright (twice the light): "too bright"', () => {
    expect(codes(scaled(sharp, 0.33))).toContain('too-dark');
    expect(codes(scaled(sharp, 2))).toContain('too-bright');
  });

  it('a little less or more light (0.7×, 1.3×) raises nothing: the hints are not fussy', () => {
    expect(codes(scaled(sharp, 0.7))).toEqual([]);
    expect(codes(scaled(sharp, 1.3))).toEqual([]);
  });
});

// Calibration on every face of face-api's six demo photos (real faces, indoor and outdoor light):
// found by face-api's SSD MobileNet (test/support/face-check.ts), cropped head-and-shoulders as
// the kiosk does. Real faces in their own light, and the same a little darker or brighter (a
// webcam's auto-exposure, a sunny window: 0.85× … 1.25×), raise no light hint; a quarter of the
// light is too dark, twice the light washes a face out.
describe('light hints calibrated on the 22 faces of the six demo photos', () => {
  const FACES: Array<[sample: number, x: number, y: number, width: number, height: number]> = [
    [1, 1473, 197, 203, 239], [1, 413, 354, 177, 240], [1, 839, 418, 187, 227],
    [2, 1446, 153, 195, 242], [2, 359, 131, 153, 256], [2, 898, 222, 153, 225],
    [3, 1073, 215, 224, 298], [3, 586, 327, 198, 272], [3, 1513, 288, 170, 284],
    [4, 664, 49, 185, 263], [4, 255, 182, 163, 250], [4, 988, 177, 170, 228], [4, 1278, 136, 145, 253],
    [5, 376, 860, 172, 299], [5, 1403, 384, 170, 277], [5, 596, 413, 167, 250], [5, 1110, 194, 162, 242], [5, 786, 108, 155, 212],
    [6, 1486, 258, 211, 300], [6, 249, 467, 211, 292], [6, 1180, 307, 188, 275], [6, 679, 317, 161, 311],
  ];
  const photos = new Map<number, GrayImage>();
  const photo = (sample: number): GrayImage => {
    let image = photos.get(sample);
    if (!image) {
      const decoded = jpeg.decode(readFileSync(resolve(__dirname, `../../../node_modules/@vladmandic/face-api/demo/sample${sample}.jpg`)), { useTArray: true });
      image = grayFromRgba(decoded.data, decoded.width, decoded.height);
      photos.set(sample, image);
    }
    return image;
  };
  /** The light codes of one face at `gain` times its light. */
  const lightCodes = ([sample, fx, fy, fw, fh]: (typeof FACES)[number], gain: number): string[] => {
    const full = photo(sample);
    const face = { x: fx, y: fy, width: fw, height: fh };
    const crop = autoCrop({ width: full.width, height: full.height }, 3 / 4, face);
    const [x0, y0, w, h] = [Math.round(crop.x), Math.round(crop.y), Math.round(crop.width), Math.round(crop.height)];
    const small = downscaleGray(gray(w, h, (x, y) => Math.min(255, (full.data[(y0 + y) * full.width + x0 + x] ?? 0) * gain)), METRICS_HEIGHT);
    const scale = METRICS_HEIGHT / crop.height;
    const region = { x: (face.x - crop.x) * scale, y: (face.y - crop.y) * scale, width: face.width * scale, height: face.height * scale };
    return qualityHints(measureImage(small, region)).map((hint) => hint.code).filter((code) => code !== 'blurred');
  };

  it('no face, as taken or between 0.85× and 1.25× the light, is called too dark or too bright', () => {
    const hinted: string[] = [];
    for (const face of FACES) for (const gain of [0.85, 1, 1.25]) if (lightCodes(face, gain).length > 0) hinted.push(`sample${face[0]} ${face.slice(1).join(',')} ×${gain}: ${lightCodes(face, gain).join(' ')}`);
    expect(hinted).toEqual([]);
  });

  it('a quarter of the light is too dark for every face; twice the light washes out the faces lit normally', () => {
    for (const face of FACES) expect(lightCodes(face, 0.25)).toEqual(['too-dark']);
    const washedOut = FACES.filter((face) => lightCodes(face, 2).includes('too-bright')).length;
    expect(washedOut).toBeGreaterThanOrEqual(FACES.length - 6);
  });
});
