/**
 * A fake camera for browser tests: a short .y4m video of one person's head and shoulders, for
 * Chromium's --use-file-for-fake-video-capture. Built once with Debian's ffmpeg from a demo photo
 * that ships with @vladmandic/face-api (sample1.jpg, the woman on the right: the only face in
 * the cut), and cached under node_modules/.cache. Throws, saying why, when ffmpeg is missing.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');
const SAMPLE = join(ROOT, 'node_modules/@vladmandic/face-api/demo/sample1.jpg');
const CACHE_DIR = join(ROOT, 'node_modules/.cache/kiosk-fake-camera');

export interface FakeCameraVideo {
  /** Absolute path of the .y4m file. */
  path: string;
  width: number;
  height: number;
  /**
   * Where the face is in each frame (pixels), as the tiny face detector draws it on this cut
   * (brows to chin): a little right of the middle, its centre at ~0.57 of the width, so an
   * automatic crop that centres on the face differs from one that centres on the frame.
   */
  face: { x: number; y: number; width: number; height: number };
}

/** The recipe: crop 800×600 at (1120, 111) of the 1920×1280 sample, scale to 640×480, 2 s at 10 fps. */
const RECIPE = { crop: '800:600:1120:111', width: 640, height: 480, seconds: 2, fps: 10 } as const;

function ffmpegPath(): string {
  try {
    execFileSync('ffmpeg', ['-version'], { stdio: 'ignore' });
    return 'ffmpeg';
  } catch {
    throw new Error(
      'ffmpeg is missing: the fake camera video for the photo tests is made with it. Install it with `apt-get install -y ffmpeg` (.ci/run does so).',
    );
  }
}

/** Builds (once) and returns the fake camera video with a real face. */
export function fakeCameraWithFace(): FakeCameraVideo {
  if (!existsSync(SAMPLE)) throw new Error(`The demo photo ${SAMPLE} is missing: run npm ci (it comes with @vladmandic/face-api).`);
  const key = createHash('sha256').update(JSON.stringify(RECIPE)).digest('hex').slice(0, 12);
  const path = join(CACHE_DIR, `head-and-shoulders-${RECIPE.width}x${RECIPE.height}-${key}.y4m`);
  const result: FakeCameraVideo = { path, width: RECIPE.width, height: RECIPE.height, face: { x: 225, y: 61, width: 249, height: 227 } };
  if (existsSync(path)) return result;
  const ffmpeg = ffmpegPath();
  mkdirSync(CACHE_DIR, { recursive: true });
  const partial = `${path}.${process.pid}.partial.y4m`;
  try {
    execFileSync(
      ffmpeg,
      [
        '-v', 'error', '-y',
        '-loop', '1', '-framerate', String(RECIPE.fps), '-i', SAMPLE,
        '-vf', `crop=${RECIPE.crop},scale=${RECIPE.width}:${RECIPE.height},format=yuv420p`,
        '-t', String(RECIPE.seconds), '-r', String(RECIPE.fps), '-pix_fmt', 'yuv420p',
        '-f', 'yuv4mpegpipe', partial,
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    renameSync(partial, path); // atomic: a parallel worker never reads half a file
  } catch (error) {
    rmSync(partial, { force: true });
    const stderr = (error as { stderr?: Buffer }).stderr?.toString().trim();
    throw new Error(`ffmpeg could not make the fake camera video: ${stderr || (error as Error).message}`);
  }
  return result;
}
