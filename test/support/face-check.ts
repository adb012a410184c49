/**
 * An independent face check for end-to-end tests: finds the faces in image bytes (e.g. the photo
 * a test got from the kiosk or the simulator) by running face-api in a blank Playwright page of
 * its own, with none of the app's code: the package's browser bundle (dist/face-api.js), its
 * SSD MobileNet v1 detector (a different, larger model than the app's tiny detector) on tfjs's
 * cpu backend, the weights passed in as bytes. The page loads nothing: every request is refused,
 * and a request attempt fails the check.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { BrowserContext } from '@playwright/test';

const FACE_API = join(resolve(__dirname, '../..'), 'node_modules/@vladmandic/face-api');

export interface FoundFace {
  x: number;
  y: number;
  width: number;
  height: number;
  score: number;
}

export interface FaceCheck {
  /** The decoded image's size. */
  width: number;
  height: number;
  /** Faces found, largest first, in image pixels. */
  faces: FoundFace[];
}

interface ManifestGroup {
  weights: unknown[];
}

/** Finds faces in `bytes` (any format Chromium decodes) in a new page of `context`, then closes it. */
export async function findFaces(context: BrowserContext, bytes: Uint8Array, contentType = 'image/jpeg', minScore = 0.5): Promise<FaceCheck> {
  const page = await context.newPage();
  const attempts: string[] = [];
  await page.route('**/*', async (route) => {
    attempts.push(route.request().url());
    await route.abort();
  });
  try {
    await page.addScriptTag({ content: readFileSync(join(FACE_API, 'dist/face-api.js'), 'utf8') });
    const manifest = JSON.parse(readFileSync(join(FACE_API, 'model/ssd_mobilenetv1_model-weights_manifest.json'), 'utf8')) as ManifestGroup[];
    const weights = readFileSync(join(FACE_API, 'model/ssd_mobilenetv1_model.bin')).toString('base64');
    const image = Buffer.from(bytes).toString('base64');
    const result = await page.evaluate(
      async ({ specs, weights, image, contentType, minScore }) => {
        interface Box {
          box: { x: number; y: number; width: number; height: number };
          score: number;
        }
        // This runs in the page; the types are spelled out because test/support is type-checked
        // for Node too (no DOM library there).
        interface Canvas {
          width: number;
          height: number;
          getContext(kind: '2d'): { drawImage(image: unknown, x: number, y: number): void } | null;
        }
        interface FaceApiGlobal {
          tf: {
            setBackend(name: string): Promise<boolean>;
            ready(): Promise<void>;
            io: { decodeWeights(buffer: ArrayBuffer, specs: unknown[]): unknown };
          };
          nets: { ssdMobilenetv1: { loadFromWeightMap(map: unknown): void } };
          SsdMobilenetv1Options: new (o: { minConfidence: number }) => unknown;
          detectAllFaces(input: Canvas, options: unknown): Promise<Box[]>;
        }
        const page = globalThis as unknown as {
          faceapi: FaceApiGlobal;
          document: { createElement(tag: 'canvas'): Canvas };
          createImageBitmap(blob: Blob): Promise<{ width: number; height: number }>;
        };
        const faceapi = page.faceapi;
        await faceapi.tf.setBackend('cpu');
        await faceapi.tf.ready();
        const raw = Uint8Array.from(atob(weights), (c) => c.charCodeAt(0));
        faceapi.nets.ssdMobilenetv1.loadFromWeightMap(faceapi.tf.io.decodeWeights(raw.buffer, specs));
        const blob = new Blob([Uint8Array.from(atob(image), (c) => c.charCodeAt(0))], { type: contentType });
        const bitmap = await page.createImageBitmap(blob);
        const canvas = page.document.createElement('canvas');
        canvas.width = bitmap.width;
        canvas.height = bitmap.height;
        canvas.getContext('2d')?.drawImage(bitmap, 0, 0);
        const found = await faceapi.detectAllFaces(canvas, new faceapi.SsdMobilenetv1Options({ minConfidence: minScore }));
        return {
          width: canvas.width,
          height: canvas.height,
          faces: found
            .map((d) => ({ x: d.box.x, y: d.box.y, width: d.box.width, height: d.box.height, score: d.score }))
            .sort((a, b) => b.width * b.height - a.width * a.height),
        };
      },
      { specs: manifest[0]?.weights ?? [], weights, image, contentType, minScore },
    );
    if (attempts.length > 0) throw new Error(`the face check tried to load ${attempts.join(', ')}`);
    return result;
  } finally {
    await page.close();
  }
}
