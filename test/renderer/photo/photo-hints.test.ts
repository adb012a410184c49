import { describe, expect, it } from 'vitest';
import { HINT_MESSAGES, HINT_THRESHOLDS, framingHints, mainFace, qualityHints, type PhotoHintCode } from '../../../renderer/src/photo/photo-hints';
import { autoCrop, type Rect } from '../../../renderer/src/photo/crop-geometry';

const IMAGE = { width: 1280, height: 960 };
const FACE: Rect = { x: 560, y: 250, width: 160, height: 200 };
const codes = (hints: Array<{ code: PhotoHintCode }>): PhotoHintCode[] => hints.map((h) => h.code);
const GOOD = { meanLuminance: 120, sharpness: 300, clipped: 0 };

describe('framing hints', () => {
  it('a single face in the automatic crop: no hint', () => {
    expect(framingHints([FACE], autoCrop(IMAGE, 0.75, FACE), IMAGE)).toEqual([]);
  });

  it('no face; the detector unavailable', () => {
    const crop = autoCrop(IMAGE, 0.75, null);
    expect(framingHints([], crop, IMAGE)).toEqual([{ code: 'no-face', message: 'No face found. Ask the person to face the camera.' }]);
    expect(codes(framingHints(null, crop, IMAGE))).toEqual(['detector-unavailable']);
  });

  it('several faces: said once, the largest face is the one framed', () => {
    const small = { x: 100, y: 100, width: 60, height: 70 };
    expect(mainFace([small, FACE])).toBe(FACE);
    expect(codes(framingHints([small, FACE], autoCrop(IMAGE, 0.75, FACE), IMAGE))).toEqual(['several-faces']);
  });

  it('a face touching the frame is cut off, even in a crop that holds it', () => {
    const atTop = { ...FACE, y: 0 };
    expect(codes(framingHints([atTop], autoCrop(IMAGE, 0.75, atTop), IMAGE))).toContain('face-cut-off');
    const atRight = { ...FACE, x: IMAGE.width - FACE.width };
    expect(codes(framingHints([atRight], autoCrop(IMAGE, 0.75, atRight), IMAGE))).toContain('face-cut-off');
  });

  it('a crop moved off the face: cut off when the face leaves it, off-centre before that', () => {
    const crop = autoCrop(IMAGE, 0.75, FACE);
    expect(codes(framingHints([FACE], { ...crop, x: crop.x - crop.width * 0.15 }, IMAGE))).toEqual(['face-off-centre']);
    expect(codes(framingHints([FACE], { ...crop, x: crop.x + crop.width * 0.4 }, IMAGE))).toEqual(['face-cut-off']);
    expect(codes(framingHints([FACE], { ...crop, y: crop.y + crop.height * 0.2 }, IMAGE))).toEqual(['face-off-centre']);
  });

  it('too small: a far face (few camera pixels), or a crop zoomed out too far', () => {
    const far = { x: 600, y: 300, width: 70, height: HINT_THRESHOLDS.minFacePixels - 1 };
    expect(codes(framingHints([far], autoCrop(IMAGE, 0.75, far), IMAGE))).toEqual(['face-too-small']);
    const wide = { x: 280, y: 0, width: 720, height: 960 };
    expect(codes(framingHints([FACE], wide, IMAGE))).toContain('face-too-small');
  });
});

describe('quality hints', () => {
  it('a well-lit, sharp face: none', () => {
    expect(qualityHints(GOOD)).toEqual([]);
  });
  it('dark, bright (by mean or burnt-out share), blurred', () => {
    expect(codes(qualityHints({ ...GOOD, meanLuminance: HINT_THRESHOLDS.tooDarkBelow - 1 }))).toEqual(['too-dark']);
    expect(codes(qualityHints({ ...GOOD, meanLuminance: HINT_THRESHOLDS.tooBrightAbove + 1 }))).toEqual(['too-bright']);
    expect(codes(qualityHints({ ...GOOD, clipped: HINT_THRESHOLDS.tooBrightClippedAbove + 0.05 }))).toEqual(['too-bright']);
    expect(codes(qualityHints({ ...GOOD, sharpness: HINT_THRESHOLDS.blurredBelow - 1 }))).toEqual(['blurred']);
    expect(codes(qualityHints({ meanLuminance: 20, sharpness: 5, clipped: 0 }))).toEqual(['too-dark', 'blurred']);
  });
});

it('every hint is one short line that says what to do', () => {
  for (const message of Object.values(HINT_MESSAGES)) {
    expect(message).not.toContain('\n');
    expect(message.length).toBeLessThan(110);
    expect(message).toMatch(/\.$/);
  }
});
