/**
 * Image measurements behind the light and sharpness hints, on a small grayscale copy of the crop:
 * mean luminance (0…255) and the variance of the Laplacian (a standard focus measure: a sharp
 * image has strong second derivatives at its edges, a blurred one does not). Pure functions over
 * pixel arrays, so they run under Node on decoded test photos as well as in the page.
 *
 * The page draws the crop at METRICS_HEIGHT pixels high before measuring, because the Laplacian
 * variance depends on scale: thresholds in photo-hints.ts hold for that height only.
 */

/** Height, in pixels, of the copy that is measured (width follows the aspect ratio). */
export const METRICS_HEIGHT = 200;

export interface GrayImage {
  width: number;
  height: number;
  /** Luminance 0…255, row by row. */
  data: Float32Array;
}

export interface ImageMetrics {
  /** Mean luminance, 0 (black) … 255 (white). */
  meanLuminance: number;
  /** Variance of the 4-neighbour Laplacian of the luminance; higher is sharper. */
  sharpness: number;
  /** Share (0…1) of pixels at CLIPPED_LUMINANCE or above: burnt-out highlights. */
  clipped: number;
}

/** Luminance at or above which a pixel counts as burnt out. */
export const CLIPPED_LUMINANCE = 250;

/** Rec. 601 luma of RGBA pixels (alpha ignored). */
export function grayFromRgba(rgba: ArrayLike<number>, width: number, height: number): GrayImage {
  if (rgba.length < width * height * 4) throw new RangeError(`expected ${width * height * 4} RGBA values, got ${rgba.length}`);
  const data = new Float32Array(width * height);
  for (let i = 0, p = 0; i < data.length; i += 1, p += 4) {
    data[i] = 0.299 * (rgba[p] ?? 0) + 0.587 * (rgba[p + 1] ?? 0) + 0.114 * (rgba[p + 2] ?? 0);
  }
  return { width, height, data };
}

/** Box-filter downscale to `height` rows (width keeps the aspect ratio); for measuring in Node. */
export function downscaleGray(image: GrayImage, height: number): GrayImage {
  const scale = image.height / height;
  if (scale <= 1) return image;
  const width = Math.max(1, Math.round(image.width / scale));
  const data = new Float32Array(width * height);
  for (let y = 0; y < height; y += 1) {
    const y0 = Math.floor(y * scale);
    const y1 = Math.max(y0 + 1, Math.floor((y + 1) * scale));
    for (let x = 0; x < width; x += 1) {
      const x0 = Math.floor((x * image.width) / width);
      const x1 = Math.max(x0 + 1, Math.floor(((x + 1) * image.width) / width));
      let sum = 0;
      for (let yy = y0; yy < y1; yy += 1) for (let xx = x0; xx < x1; xx += 1) sum += image.data[yy * image.width + xx] ?? 0;
      data[y * width + x] = sum / ((y1 - y0) * (x1 - x0));
    }
  }
  return { width, height, data };
}

/** A pixel region of a GrayImage; measurements clip it to the image. */
export interface PixelRegion {
  x: number;
  y: number;
  width: number;
  height: number;
}

function bounds(image: GrayImage, region: PixelRegion | undefined, margin: number): { x0: number; y0: number; x1: number; y1: number } {
  const r = region ?? { x: 0, y: 0, width: image.width, height: image.height };
  return {
    x0: Math.max(margin, Math.floor(r.x)),
    y0: Math.max(margin, Math.floor(r.y)),
    x1: Math.min(image.width - margin, Math.ceil(r.x + r.width)),
    y1: Math.min(image.height - margin, Math.ceil(r.y + r.height)),
  };
}

/** Mean luminance of the image, or of a region of it (0 when the region is empty). */
export function meanLuminance(image: GrayImage, region?: PixelRegion): number {
  const { x0, y0, x1, y1 } = bounds(image, region, 0);
  let sum = 0;
  let n = 0;
  for (let y = y0; y < y1; y += 1) {
    for (let x = x0; x < x1; x += 1) {
      sum += image.data[y * image.width + x] ?? 0;
      n += 1;
    }
  }
  return n === 0 ? 0 : sum / n;
}

/** Share of pixels (of the image or a region) at `level` or above; 0 when the region is empty. */
export function shareAtOrAbove(image: GrayImage, level: number, region?: PixelRegion): number {
  const { x0, y0, x1, y1 } = bounds(image, region, 0);
  let count = 0;
  let n = 0;
  for (let y = y0; y < y1; y += 1) {
    for (let x = x0; x < x1; x += 1) {
      if ((image.data[y * image.width + x] ?? 0) >= level) count += 1;
      n += 1;
    }
  }
  return n === 0 ? 0 : count / n;
}

/** Variance of the Laplacian over the image or a region of it (interior pixels; 0 when too small). */
export function laplacianVariance(image: GrayImage, region?: PixelRegion): number {
  const { width, data } = image;
  const { x0, y0, x1, y1 } = bounds(image, region, 1);
  let sum = 0;
  let sumSquares = 0;
  let n = 0;
  for (let y = y0; y < y1; y += 1) {
    for (let x = x0; x < x1; x += 1) {
      const i = y * width + x;
      const lap = (data[i - 1] ?? 0) + (data[i + 1] ?? 0) + (data[i - width] ?? 0) + (data[i + width] ?? 0) - 4 * (data[i] ?? 0);
      sum += lap;
      sumSquares += lap * lap;
      n += 1;
    }
  }
  if (n === 0) return 0;
  const mean = sum / n;
  return sumSquares / n - mean * mean;
}

/**
 * Light and sharpness of the face when one was found (a dark or blurred background does not
 * matter on an ID photo, the face does), otherwise of the whole image.
 */
export function measureImage(image: GrayImage, face?: PixelRegion): ImageMetrics {
  return {
    meanLuminance: meanLuminance(image, face),
    sharpness: laplacianVariance(image, face),
    clipped: shareAtOrAbove(image, CLIPPED_LUMINANCE, face),
  };
}
