/**
 * The advisory hints on a captured photo: what the face detector found, where the face is in the
 * crop, and the light and sharpness of the crop. Hints advise and never block (a detector misses
 * real faces: glasses, masks, poor light); the officer may always use the photo anyway, and the
 * component reports that. Pure rules with their thresholds written down here.
 */
import type { Rect, Size } from './crop-geometry';
import type { ImageMetrics } from './image-metrics';
import { t } from '../i18n/i18n';

export type PhotoHintCode =
  | 'detector-unavailable'
  | 'no-face'
  | 'several-faces'
  | 'face-cut-off'
  | 'face-too-small'
  | 'face-off-centre'
  | 'too-dark'
  | 'too-bright'
  | 'blurred';

export interface PhotoHint {
  code: PhotoHintCode;
  /** One line a front-desk officer understands, saying what to do. */
  message: string;
}

/** In the language shown (getters: reactive where they are read). */
export const HINT_MESSAGES: Readonly<Record<PhotoHintCode, string>> = {
  get 'detector-unavailable'() {
    return t('photo.hints.detectorUnavailable');
  },
  get 'no-face'() {
    return t('photo.hints.noFace');
  },
  get 'several-faces'() {
    return t('photo.hints.severalFaces');
  },
  get 'face-cut-off'() {
    return t('photo.hints.faceCutOff');
  },
  get 'face-too-small'() {
    return t('photo.hints.faceTooSmall');
  },
  get 'face-off-centre'() {
    return t('photo.hints.faceOffCentre');
  },
  get 'too-dark'() {
    return t('photo.hints.tooDark');
  },
  get 'too-bright'() {
    return t('photo.hints.tooBright');
  },
  get blurred() {
    return t('photo.hints.blurred');
  },
};

export const HINT_THRESHOLDS = {
  /** A face box within this share of the image size from the frame's edge counts as cut by the frame. */
  frameEdgeShare: 0.01,
  /** Face box height below this share of the crop height: the crop is zoomed out too far. */
  minFaceShareOfCrop: 0.35,
  /** Face box height below this many camera pixels: the photo would be upscaled too much. */
  minFacePixels: 100,
  /** Face centre further than this share of the crop width from the crop's vertical centre line. */
  maxHorizontalOffsetShare: 0.1,
  /** Face centre, from the crop's top, outside this range (shares of the crop height). */
  faceCentreFromTop: { min: 0.3, max: 0.6 },
  /**
   * Mean luminance (0…255) of the face, or of the crop without a face. Calibrated on the 22 real
   * faces of face-api's demo photos (test/renderer/photo/image-metrics.test.ts): they measure
   * 60…160 as taken, and none may be hinted between 0.85× and 1.25× its light (a webcam's
   * auto-exposure, a window); a quarter of the light is too dark, twice the light washes out.
   */
  tooDarkBelow: 50,
  tooBrightAbove: 215,
  /** …or this share of it burnt out (luminance ≥ 250): real faces have up to 8 %, more with a brighter exposure. */
  tooBrightClippedAbove: 0.3,
  /** Variance of the Laplacian at METRICS_HEIGHT (image-metrics.ts); a sharp webcam face is ~300. */
  blurredBelow: 45,
} as const;

/** The hint keeps its code; its message is read in the language shown. */
const hint = (code: PhotoHintCode): PhotoHint => ({
  code,
  get message() {
    return HINT_MESSAGES[code];
  },
});

/** The most prominent face: the largest box. */
export function mainFace(faces: readonly Rect[]): Rect | null {
  let best: Rect | null = null;
  for (const f of faces) if (!best || f.width * f.height > best.width * best.height) best = f;
  return best;
}

/** Hints about the detected faces and the face's place in the crop (recomputed as the crop moves). */
export function framingHints(faces: readonly Rect[] | null, crop: Rect, image: Size): PhotoHint[] {
  if (faces === null) return [hint('detector-unavailable')];
  const face = mainFace(faces);
  if (!face) return [hint('no-face')];
  const hints: PhotoHint[] = [];
  if (faces.length > 1) hints.push(hint('several-faces'));
  const t = HINT_THRESHOLDS;
  const edgeX = image.width * t.frameEdgeShare;
  const edgeY = image.height * t.frameEdgeShare;
  const cutByFrame = face.x <= edgeX || face.y <= edgeY || face.x + face.width >= image.width - edgeX || face.y + face.height >= image.height - edgeY;
  const cutByCrop = face.x < crop.x || face.y < crop.y || face.x + face.width > crop.x + crop.width || face.y + face.height > crop.y + crop.height;
  if (cutByFrame || cutByCrop) hints.push(hint('face-cut-off'));
  if (face.height < t.minFaceShareOfCrop * crop.height || face.height < t.minFacePixels) hints.push(hint('face-too-small'));
  const offsetX = Math.abs(face.x + face.width / 2 - (crop.x + crop.width / 2)) / crop.width;
  const fromTop = (face.y + face.height / 2 - crop.y) / crop.height;
  if (!cutByCrop && (offsetX > t.maxHorizontalOffsetShare || fromTop < t.faceCentreFromTop.min || fromTop > t.faceCentreFromTop.max)) {
    hints.push(hint('face-off-centre'));
  }
  return hints;
}

/** Hints about light and sharpness. */
export function qualityHints(metrics: ImageMetrics): PhotoHint[] {
  const t = HINT_THRESHOLDS;
  const hints: PhotoHint[] = [];
  if (metrics.meanLuminance < t.tooDarkBelow) hints.push(hint('too-dark'));
  else if (metrics.meanLuminance > t.tooBrightAbove || metrics.clipped > t.tooBrightClippedAbove) hints.push(hint('too-bright'));
  if (metrics.sharpness < t.blurredBelow) hints.push(hint('blurred'));
  return hints;
}
