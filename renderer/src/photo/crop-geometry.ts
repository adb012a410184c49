/**
 * Crop geometry for the ID photo, in plain numbers (image pixels): the automatic head-and-shoulders
 * crop around a detected face, and the officer's moves and zooms, always kept inside the image
 * and at the configured aspect ratio. No DOM, no Vue.
 *
 * Head-and-shoulders framing (what `autoCrop` aims for):
 * - the face box (forehead to chin, as the tiny face detector draws it) is FACE_HEIGHT_SHARE
 *   (45 %) of the crop's height, so the hair above and the shoulders below fit;
 * - the face box's centre sits FACE_CENTRE_FROM_TOP (47 %) down from the crop's top edge: the
 *   box's top at ~25 % leaves room for the hair, the eyes land at ~40 % from the top (within the
 *   30–50 % of passport-photo rules), and it is centred left to right;
 * - when the image is too small for that (face very close, or near an edge) the crop is made as
 *   large as the image allows and then shifted back inside it: the framing hints say what is off.
 */

export interface Size {
  width: number;
  height: number;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Face box height as a share of the crop height. */
export const FACE_HEIGHT_SHARE = 0.45;
/** Face box centre, from the crop's top edge, as a share of the crop height. */
export const FACE_CENTRE_FROM_TOP = 0.47;
/** The smallest crop, as a share of the largest one (zooming in stops there). */
export const MIN_CROP_SHARE = 0.2;
/** Never a crop smaller than this many image pixels high, whatever the image. */
export const MIN_CROP_PIXELS = 32;

/** Aspect ratio as width / height, e.g. 600×800 → 0.75. Throws on a size that is not positive. */
export function aspectOf(size: Size): number {
  if (!(size.width > 0 && size.height > 0)) throw new RangeError(`not a positive size: ${size.width}×${size.height}`);
  return size.width / size.height;
}

/** The largest crop of this aspect ratio that fits in the image. */
export function largestCropSize(image: Size, aspect: number): Size {
  const height = Math.min(image.height, image.width / aspect);
  return { width: height * aspect, height };
}

/** The smallest crop the officer can zoom in to. */
export function smallestCropSize(image: Size, aspect: number): Size {
  const largest = largestCropSize(image, aspect);
  const height = Math.min(largest.height, Math.max(largest.height * MIN_CROP_SHARE, MIN_CROP_PIXELS));
  return { width: height * aspect, height };
}

const clamp = (value: number, min: number, max: number): number => Math.min(max, Math.max(min, value));

/**
 * The same crop made valid: its aspect ratio restored (from its height), its size between the
 * smallest and the largest crop, its position shifted (not resized) to lie inside the image.
 */
export function clampCrop(crop: Rect, image: Size, aspect: number): Rect {
  const largest = largestCropSize(image, aspect);
  const smallest = smallestCropSize(image, aspect);
  const height = clamp(crop.height, smallest.height, largest.height);
  const width = height * aspect;
  const centreX = crop.x + crop.width / 2;
  const centreY = crop.y + crop.height / 2;
  return {
    x: clamp(centreX - width / 2, 0, image.width - width),
    y: clamp(centreY - height / 2, 0, image.height - height),
    width,
    height,
  };
}

/** The largest crop, centred: what the officer starts from when no face was found. */
export function centredCrop(image: Size, aspect: number): Rect {
  const { width, height } = largestCropSize(image, aspect);
  return { x: (image.width - width) / 2, y: (image.height - height) / 2, width, height };
}

/** The head-and-shoulders crop around `face` (see the header), or the centred crop without one. */
export function autoCrop(image: Size, aspect: number, face: Rect | null): Rect {
  if (!face || !(face.width > 0 && face.height > 0)) return centredCrop(image, aspect);
  const height = clamp(face.height / FACE_HEIGHT_SHARE, smallestCropSize(image, aspect).height, largestCropSize(image, aspect).height);
  const width = height * aspect;
  const x = face.x + face.width / 2 - width / 2;
  const y = face.y + face.height / 2 - FACE_CENTRE_FROM_TOP * height;
  // Shift back inside the image without resizing.
  return {
    x: clamp(x, 0, image.width - width),
    y: clamp(y, 0, image.height - height),
    width,
    height,
  };
}

/** The crop moved by (dx, dy) image pixels, stopping at the image's edges. */
export function moveCrop(crop: Rect, dx: number, dy: number, image: Size, aspect: number): Rect {
  return clampCrop({ ...crop, x: crop.x + dx, y: crop.y + dy }, image, aspect);
}

/**
 * The crop zoomed by `factor` around its centre (or around `anchor`, an image point that stays
 * where it is on screen, e.g. the middle of a pinch): factor > 1 zooms in (smaller crop).
 */
export function zoomCrop(crop: Rect, factor: number, image: Size, aspect: number, anchor?: { x: number; y: number }): Rect {
  if (!(factor > 0) || !Number.isFinite(factor)) return clampCrop(crop, image, aspect);
  const largest = largestCropSize(image, aspect);
  const smallest = smallestCropSize(image, aspect);
  const height = clamp(crop.height / factor, smallest.height, largest.height);
  const applied = crop.height / height;
  const ax = anchor?.x ?? crop.x + crop.width / 2;
  const ay = anchor?.y ?? crop.y + crop.height / 2;
  const next = {
    x: ax - (ax - crop.x) / applied,
    y: ay - (ay - crop.y) / applied,
    width: height * aspect,
    height,
  };
  return clampCrop(next, image, aspect);
}

/** Zoom level for the slider: 0 = the largest crop, 1 = the smallest. */
export function zoomLevelOf(crop: Rect, image: Size, aspect: number): number {
  const largest = largestCropSize(image, aspect).height;
  const smallest = smallestCropSize(image, aspect).height;
  if (largest - smallest <= 0) return 0;
  return clamp((largest - crop.height) / (largest - smallest), 0, 1);
}

/** The crop at a slider zoom level (0…1), keeping its centre where possible. */
export function cropAtZoomLevel(crop: Rect, level: number, image: Size, aspect: number): Rect {
  const largest = largestCropSize(image, aspect).height;
  const smallest = smallestCropSize(image, aspect).height;
  const height = largest - clamp(Number.isFinite(level) ? level : 0, 0, 1) * (largest - smallest);
  return zoomCrop(crop, crop.height / height, image, aspect);
}

/** The part of `rect` inside `bounds` (may have zero size). */
export function intersect(rect: Rect, bounds: Rect): Rect {
  const x = Math.max(rect.x, bounds.x);
  const y = Math.max(rect.y, bounds.y);
  const right = Math.min(rect.x + rect.width, bounds.x + bounds.width);
  const bottom = Math.min(rect.y + rect.height, bounds.y + bounds.height);
  return { x, y, width: Math.max(0, right - x), height: Math.max(0, bottom - y) };
}
