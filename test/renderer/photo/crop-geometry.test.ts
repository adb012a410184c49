import { describe, expect, it } from 'vitest';
import {
  FACE_CENTRE_FROM_TOP,
  FACE_HEIGHT_SHARE,
  aspectOf,
  autoCrop,
  centredCrop,
  clampCrop,
  cropAtZoomLevel,
  intersect,
  largestCropSize,
  moveCrop,
  smallestCropSize,
  zoomCrop,
  zoomLevelOf,
  type Rect,
  type Size,
} from '../../../renderer/src/photo/crop-geometry';

const IMAGE: Size = { width: 1280, height: 960 };
const ASPECT = 3 / 4;

function expectInside(crop: Rect, image: Size): void {
  expect(crop.x).toBeGreaterThanOrEqual(0);
  expect(crop.y).toBeGreaterThanOrEqual(0);
  expect(crop.x + crop.width).toBeLessThanOrEqual(image.width + 1e-9);
  expect(crop.y + crop.height).toBeLessThanOrEqual(image.height + 1e-9);
  expect(crop.width / crop.height).toBeCloseTo(ASPECT, 9);
}

describe('crop sizes', () => {
  it('aspectOf reads width / height and refuses sizes that are not positive', () => {
    expect(aspectOf({ width: 600, height: 800 })).toBe(0.75);
    expect(() => aspectOf({ width: 0, height: 800 })).toThrow(/not a positive size/);
    expect(() => aspectOf({ width: 600, height: Number.NaN })).toThrow(RangeError);
  });

  it('the largest crop is limited by the height on a landscape frame, by the width on a tall one', () => {
    expect(largestCropSize(IMAGE, ASPECT)).toEqual({ width: 720, height: 960 });
    expect(largestCropSize({ width: 300, height: 1000 }, ASPECT)).toEqual({ width: 300, height: 400 });
  });

  it('the smallest crop is a fifth of the largest, never under 32 pixels, never over the largest', () => {
    expect(smallestCropSize(IMAGE, ASPECT).height).toBeCloseTo(192);
    expect(smallestCropSize({ width: 120, height: 100 }, ASPECT).height).toBe(32);
    expect(smallestCropSize({ width: 12, height: 16 }, ASPECT).height).toBe(16);
  });

  it('the centred crop is the largest, in the middle', () => {
    expect(centredCrop(IMAGE, ASPECT)).toEqual({ x: 280, y: 0, width: 720, height: 960 });
  });
});

describe('autoCrop: head and shoulders around the face', () => {
  it('makes the face FACE_HEIGHT_SHARE of the crop, centred left to right, its centre FACE_CENTRE_FROM_TOP down', () => {
    const face = { x: 600, y: 300, width: 160, height: 180 };
    const crop = autoCrop(IMAGE, ASPECT, face);
    expect(crop.height).toBeCloseTo(180 / FACE_HEIGHT_SHARE);
    expect(crop.x + crop.width / 2).toBeCloseTo(680);
    expect((390 - crop.y) / crop.height).toBeCloseTo(FACE_CENTRE_FROM_TOP);
    expectInside(crop, IMAGE);
  });

  it('without a face (or with an empty box) gives the centred crop', () => {
    expect(autoCrop(IMAGE, ASPECT, null)).toEqual(centredCrop(IMAGE, ASPECT));
    expect(autoCrop(IMAGE, ASPECT, { x: 10, y: 10, width: 0, height: 0 })).toEqual(centredCrop(IMAGE, ASPECT));
  });

  it('a face near the edge: the crop keeps its size and shifts back inside the image', () => {
    const face = { x: 1190, y: 10, width: 88, height: 100 };
    const crop = autoCrop(IMAGE, ASPECT, face);
    expect(crop.height).toBeCloseTo(100 / FACE_HEIGHT_SHARE);
    expect(crop.x + crop.width).toBeCloseTo(1280);
    expect(crop.y).toBe(0);
    expectInside(crop, IMAGE);
  });

  it('a face too close for the frame: the largest crop, still inside', () => {
    const crop = autoCrop(IMAGE, ASPECT, { x: 300, y: 100, width: 600, height: 700 });
    expect(crop.height).toBe(960);
    expectInside(crop, IMAGE);
  });

  it('a tiny, far face: the crop stops at the smallest size', () => {
    const crop = autoCrop(IMAGE, ASPECT, { x: 640, y: 480, width: 10, height: 12 });
    expect(crop.height).toBeCloseTo(smallestCropSize(IMAGE, ASPECT).height);
    expectInside(crop, IMAGE);
  });
});

describe('moving and zooming', () => {
  const start: Rect = { x: 400, y: 200, width: 300, height: 400 };

  it('moves by image pixels and stops at the edges', () => {
    expect(moveCrop(start, 50, -20, IMAGE, ASPECT)).toEqual({ x: 450, y: 180, width: 300, height: 400 });
    expect(moveCrop(start, -5000, 5000, IMAGE, ASPECT)).toEqual({ x: 0, y: 560, width: 300, height: 400 });
  });

  it('zooms around the centre; factor > 1 zooms in', () => {
    const zoomed = zoomCrop(start, 2, IMAGE, ASPECT);
    expect(zoomed).toEqual({ x: 475, y: 300, width: 150, height: 200 });
  });

  it('zooms around an anchor point that stays put (a pinch)', () => {
    const anchor = { x: 400, y: 200 };
    const zoomed = zoomCrop(start, 2, IMAGE, ASPECT, anchor);
    expect(zoomed.x).toBeCloseTo(400);
    expect(zoomed.y).toBeCloseTo(200);
    expect(zoomed.height).toBeCloseTo(200);
  });

  it('zoom stops at the smallest and largest crops and stays inside', () => {
    expect(zoomCrop(start, 100, IMAGE, ASPECT).height).toBeCloseTo(smallestCropSize(IMAGE, ASPECT).height);
    const out = zoomCrop(start, 0.01, IMAGE, ASPECT);
    expect(out.height).toBe(960);
    expectInside(out, IMAGE);
  });

  it('a nonsense factor changes nothing but validity', () => {
    expect(zoomCrop(start, Number.NaN, IMAGE, ASPECT)).toEqual(start);
    expect(zoomCrop(start, -1, IMAGE, ASPECT)).toEqual(start);
  });

  it('clampCrop restores the aspect ratio and pulls a crop back inside', () => {
    const fixed = clampCrop({ x: -100, y: 900, width: 500, height: 400 }, IMAGE, ASPECT);
    expectInside(fixed, IMAGE);
    expect(fixed.height).toBe(400);
  });

  it('the slider level runs from 0 (largest) to 1 (smallest) and back', () => {
    const largest = centredCrop(IMAGE, ASPECT);
    expect(zoomLevelOf(largest, IMAGE, ASPECT)).toBe(0);
    const smallest = cropAtZoomLevel(largest, 1, IMAGE, ASPECT);
    expect(smallest.height).toBeCloseTo(smallestCropSize(IMAGE, ASPECT).height);
    expect(zoomLevelOf(smallest, IMAGE, ASPECT)).toBeCloseTo(1);
    const half = cropAtZoomLevel(largest, 0.5, IMAGE, ASPECT);
    expect(zoomLevelOf(half, IMAGE, ASPECT)).toBeCloseTo(0.5);
    expect(cropAtZoomLevel(largest, Number.NaN, IMAGE, ASPECT).height).toBe(960);
    expect(zoomLevelOf(largest, { width: 24, height: 32 }, ASPECT)).toBe(0);
  });

  it('intersect gives the overlap, empty when none', () => {
    expect(intersect({ x: 0, y: 0, width: 10, height: 10 }, { x: 5, y: 5, width: 10, height: 10 })).toEqual({ x: 5, y: 5, width: 5, height: 5 });
    expect(intersect({ x: 0, y: 0, width: 2, height: 2 }, { x: 5, y: 5, width: 1, height: 1 }).width).toBe(0);
  });
});
