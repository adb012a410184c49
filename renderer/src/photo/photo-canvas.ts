/**
 * Canvas work for the photo: the still taken from the video, the crop drawn at the configured
 * pixel size, the small grayscale copy that is measured, the encoder handed to
 * encodeWithinLimit, and wiping a canvas so no pixels of the photo stay in memory.
 */
import type { Rect, Size } from './crop-geometry';
import type { ImageEncoder } from './encode-within-limit';
import { grayFromRgba, measureImage, METRICS_HEIGHT, type ImageMetrics } from './image-metrics';

function context2d(canvas: HTMLCanvasElement, willReadFrequently = false): CanvasRenderingContext2D {
  const ctx = canvas.getContext('2d', { willReadFrequently });
  if (!ctx) throw new Error('This display cannot draw images (no 2D canvas).');
  return ctx;
}

/** The current video frame, at the camera's full resolution. */
export function captureFrame(video: HTMLVideoElement): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  context2d(canvas).drawImage(video, 0, 0, canvas.width, canvas.height);
  return canvas;
}

/** The crop of `source`, scaled to `size`. */
export function drawCrop(source: HTMLCanvasElement, crop: Rect, size: Size, target = document.createElement('canvas')): HTMLCanvasElement {
  target.width = size.width;
  target.height = size.height;
  const ctx = context2d(target);
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(source, crop.x, crop.y, crop.width, crop.height, 0, 0, size.width, size.height);
  return target;
}

/** Light and sharpness of the crop (of the face in it when there is one), at METRICS_HEIGHT. */
export function measureCrop(source: HTMLCanvasElement, crop: Rect, face: Rect | null): ImageMetrics {
  const height = METRICS_HEIGHT;
  const width = Math.max(1, Math.round((crop.width / crop.height) * height));
  const small = document.createElement('canvas');
  const ctx = context2d(small, true); // first getContext decides: a CPU-side canvas, cheap to read back
  drawCrop(source, crop, { width, height }, small);
  try {
    const pixels = ctx.getImageData(0, 0, width, height);
    const scale = height / crop.height;
    const region = face ? { x: (face.x - crop.x) * scale, y: (face.y - crop.y) * scale, width: face.width * scale, height: face.height * scale } : undefined;
    return measureImage(grayFromRgba(pixels.data, width, height), region);
  } finally {
    wipeCanvas(small);
  }
}

/** canvas.toBlob as an encoder for encodeWithinLimit. */
export function canvasEncoder(canvas: HTMLCanvasElement): ImageEncoder {
  return (contentType, quality) =>
    new Promise<Uint8Array>((resolve, reject) => {
      canvas.toBlob(
        (blob) => {
          if (!blob) reject(new Error('toBlob gave nothing'));
          else blob.arrayBuffer().then((b) => resolve(new Uint8Array(b)), reject);
        },
        contentType,
        quality,
      );
    });
}

/** Drops a canvas's pixels (a 0×0 canvas holds no image data). */
export function wipeCanvas(canvas: HTMLCanvasElement | null | undefined): void {
  if (!canvas) return;
  canvas.width = 0;
  canvas.height = 0;
}
