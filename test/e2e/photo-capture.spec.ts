/**
 * The ID-photo capture in Debian's Chromium, mounted alone in the test harness (the enrolment
 * screen that will hold it is built elsewhere), under the renderer's own CSP:
 * (a) a fake camera showing one person's head and shoulders: the face is found, the crop centres
 *     on it, `use` yields a JPEG of exactly the configured size within the byte limit, and an
 *     independent face check finds the face in the middle of it; crop editing, countdown, clear;
 * (b) Chromium's default fake camera (no face): the "no face" hint, and "use anyway" still works;
 * (c) no permission, no camera, an unplugged camera: a clear message, try again, skip.
 */
import { test as base, expect, type Browser, type Page } from '@playwright/test';
import jpeg from 'jpeg-js';
import config from '../../playwright.config';
import { accessibilityViolations } from './fixtures';
import { startPhotoHarness, type RunningPhotoHarness } from './harness/photo-harness';
import { fakeCameraWithFace } from '../support/fake-camera';
import { findFaces } from '../support/face-check';

const configArgs = config.use?.launchOptions?.args ?? [];
const executablePath = config.use?.launchOptions?.executablePath;
const video = fakeCameraWithFace();

// The file's browser: the configuration's flags, plus the video file as the fake camera.
base.use({ launchOptions: { executablePath, args: [...configArgs, `--use-file-for-fake-video-capture=${video.path}`] } });

/** Another browser, with the configuration's flags minus the fake-camera ones, plus `extra`. */
async function launchWith(playwright: { chromium: { launch(o: object): Promise<Browser> } }, extra: string[]): Promise<Browser> {
  const args = configArgs.filter((a) => !a.startsWith('--use-fake-device-for-media-stream') && !a.startsWith('--use-fake-ui-for-media-stream'));
  return playwright.chromium.launch({ executablePath, args: [...args, ...extra] });
}

const test = base.extend<{ outside: string[] }, { harness: RunningPhotoHarness }>({
  harness: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern
    async ({}, use) => {
      const harness = await startPhotoHarness();
      await use(harness);
      await harness.close();
    },
    { scope: 'worker' },
  ],
  /** Requests the page made to anything but the harness (must stay empty: the renderer is offline). */
  outside: async ({ page, harness }, use) => {
    const outside: string[] = [];
    page.on('request', (r) => {
      const url = r.url();
      if (!url.startsWith(harness.origin) && !url.startsWith('data:') && !url.startsWith('blob:')) outside.push(url);
    });
    await use(outside);
  },
});

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
async function box(page: Page, testId: string): Promise<Box> {
  const b = await page.getByTestId(testId).first().boundingBox();
  if (!b) throw new Error(`${testId} is not visible`);
  return b;
}
const hintCodes = (page: Page): Promise<string[]> => page.getByTestId('photo-hints').locator('li').evaluateAll((els) => els.map((e) => e.getAttribute('data-hint') ?? ''));
const liveTracks = (page: Page): Promise<number> => page.evaluate(() => window.photoHarness.liveTracks());
const uses = (page: Page) => page.evaluate(() => window.photoHarness.uses.map((u) => ({ ...u, bytes: Uint8Array.from(u.bytes) })));

async function takePhoto(page: Page): Promise<void> {
  await expect(page.getByTestId('take-photo')).toBeEnabled();
  await page.getByTestId('take-photo').click();
  await expect(page.getByTestId('photo-capture')).toHaveAttribute('data-stage', 'review');
}

test.describe('(a) a camera showing one face', () => {
  test('the face is found, the crop centres on it, and use yields a 600×800 JPEG within the limit with the face in its centre', async ({ page, harness, outside, context }) => {
    await page.goto(harness.url);
    await expect(page.getByTestId('framing-guide')).toBeVisible();
    await expect(page.getByText('Place the head inside the oval')).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);

    // The detector runs on WebAssembly (a CSP without 'wasm-unsafe-eval' would leave it on cpu).
    await expect(page.getByTestId('photo-capture')).toHaveAttribute('data-detector', 'wasm');
    await takePhoto(page);
    await expect(page.getByTestId('face-box')).toHaveCount(1);
    expect(await hintCodes(page)).toEqual([]);
    await expect(page.getByTestId('photo-hints')).toHaveText('The photo looks good.');
    expect(await accessibilityViolations(page)).toEqual([]);

    // The crop is centred on the face: same vertical centre line, the face in the upper middle.
    const crop = await box(page, 'crop-box');
    const face = await box(page, 'face-box');
    const stage = await box(page, 'crop-stage');
    expect(Math.abs(face.x + face.width / 2 - (crop.x + crop.width / 2))).toBeLessThan(crop.width * 0.03);
    const faceCentreFromTop = (face.y + face.height / 2 - crop.y) / crop.height;
    expect(faceCentreFromTop).toBeGreaterThan(0.35);
    expect(faceCentreFromTop).toBeLessThan(0.55);
    // …and not merely the middle of the frame: the face sits right of the frame's centre.
    expect(crop.x + crop.width / 2).toBeGreaterThan(stage.x + stage.width / 2 + stage.width * 0.02);
    expect(crop.width / crop.height).toBeCloseTo(600 / 800, 2);

    await page.getByTestId('use-photo').click();
    await expect(page.getByTestId('photo-used')).toBeVisible();
    const [photo] = await uses(page);
    if (!photo) throw new Error('no use event');
    expect(photo).toMatchObject({ width: 600, height: 800, contentType: 'image/jpeg', hints: [], overridden: false });
    expect(photo.bytes.byteLength).toBeLessThanOrEqual(2 * 1024 * 1024);
    const decoded = jpeg.decode(photo.bytes, { useTArray: true });
    expect([decoded.width, decoded.height]).toEqual([600, 800]);

    const check = await findFaces(context, photo.bytes);
    expect(check.faces).toHaveLength(1);
    const [found] = check.faces;
    if (!found) throw new Error('unreachable');
    expect(Math.abs(found.x + found.width / 2 - 300)).toBeLessThan(600 * 0.1);
    const fromTop = (found.y + found.height / 2) / 800;
    expect(fromTop).toBeGreaterThan(0.3);
    expect(fromTop).toBeLessThan(0.6);
    expect(found.height).toBeGreaterThan(800 * 0.3);
    expect(outside).toEqual([]);
  });

  test('the officer moves and zooms the crop by keyboard, drag and slider; hints follow the crop', async ({ page, harness }) => {
    await page.goto(harness.url);
    await takePhoto(page);
    const cropBox = page.getByTestId('crop-box');
    await expect(cropBox).toBeFocused();
    const start = await box(page, 'crop-box');

    await page.keyboard.press('ArrowLeft');
    const left = await box(page, 'crop-box');
    expect(left.x).toBeLessThan(start.x);
    expect(left.width).toBeCloseTo(start.width, 0);

    await page.keyboard.press('+');
    const zoomedIn = await box(page, 'crop-box');
    expect(zoomedIn.height).toBeLessThan(left.height);
    await page.keyboard.press('-');
    await page.keyboard.press('-');
    expect((await box(page, 'crop-box')).height).toBeGreaterThan(zoomedIn.height);

    // Drag the crop far to the left with the mouse: the face is no longer centred (or is cut off).
    const now = await box(page, 'crop-box');
    await page.mouse.move(now.x + now.width / 2, now.y + now.height / 2);
    await page.mouse.down();
    await page.mouse.move(now.x + now.width / 2 - 400, now.y + now.height / 2, { steps: 5 });
    await page.mouse.up();
    expect((await box(page, 'crop-box')).x).toBeLessThan(now.x);
    await expect.poll(() => hintCodes(page)).toEqual(expect.arrayContaining([expect.stringMatching(/face-off-centre|face-cut-off/)]));
    await expect(page.getByTestId('use-photo')).toHaveText('Use this photo anyway');

    // The zoom slider is labelled and works; "Centre on the face" brings the automatic crop back.
    const slider = page.getByRole('slider', { name: 'Zoom' });
    await slider.fill('0');
    const widest = await box(page, 'crop-box');
    expect(widest.height).toBeGreaterThan(now.height);
    await page.getByRole('button', { name: 'Centre on the face' }).click();
    const back = await box(page, 'crop-box');
    expect(back.x).toBeCloseTo(start.x, 0);
    expect(back.height).toBeCloseTo(start.height, 0);
    await expect.poll(() => hintCodes(page)).toEqual([]);
  });

  test('countdown: remembered, announced, can be cancelled, then takes the photo', async ({ page, harness }) => {
    await page.goto(harness.url);
    await page.getByLabel('3-second countdown').check();
    await page.reload();
    await expect(page.getByLabel('3-second countdown')).toBeChecked();

    await expect(page.getByTestId('take-photo')).toBeEnabled();
    await page.getByTestId('take-photo').click();
    await expect(page.getByTestId('countdown')).toBeVisible();
    await expect(page.getByTestId('photo-announcement')).toHaveText('Photo in 3');
    await page.getByTestId('cancel-countdown').click();
    await expect(page.getByTestId('photo-announcement')).toHaveText('Countdown cancelled.');
    await expect(page.getByTestId('photo-capture')).toHaveAttribute('data-stage', 'camera');

    await page.getByTestId('take-photo').click();
    await expect(page.getByTestId('photo-capture')).toHaveAttribute('data-stage', 'review');
  });

  test('the camera choice is remembered; the camera is off while reviewing, and clear() and unmounting drop the photo and stop it', async ({ page, harness }) => {
    await page.goto(harness.url);
    const select = page.getByLabel('Camera', { exact: true });
    await expect(page.getByTestId('take-photo')).toBeEnabled();
    const id = await select.inputValue();
    expect(id).not.toBe('');
    await select.selectOption(id);
    expect(await page.evaluate(() => localStorage.getItem('kiosk.photo.cameraId'))).toBe(id);
    await page.reload();
    await expect(page.getByLabel('Camera', { exact: true })).toHaveValue(id);

    // The remembered camera starts after the reload: one live track once it runs.
    await expect.poll(() => liveTracks(page)).toBe(1);
    await takePhoto(page);
    // While the officer checks the photo the camera is off.
    await expect.poll(() => liveTracks(page)).toBe(0);
    await page.getByTestId('retake').click();
    await expect(page.getByTestId('take-photo')).toBeEnabled();
    await takePhoto(page);
    await page.getByTestId('use-photo').click();
    await expect(page.getByTestId('photo-used')).toBeVisible();

    await page.evaluate(() => window.photoHarness.clear());
    await expect(page.getByTestId('photo-capture')).toHaveAttribute('data-stage', 'cleared');
    expect(await page.locator('canvas').count()).toBe(0);
    expect(await liveTracks(page)).toBe(0);
    await page.getByRole('button', { name: 'Take a photo' }).click();
    await expect(page.getByTestId('take-photo')).toBeEnabled();
    await expect.poll(() => liveTracks(page)).toBe(1);

    // Unmounted (the officer leaves the screen): the camera stops.
    await page.evaluate(() => window.photoHarness.unmount());
    await expect.poll(() => liveTracks(page)).toBe(0);
  });

  test('a photo that cannot fit the byte limit says so and emits nothing', async ({ page, harness }) => {
    await page.goto(`${harness.url}?maxBytes=2000`);
    await takePhoto(page);
    await page.getByTestId('use-photo').click();
    await expect(page.getByTestId('encode-error')).toContainText('too large even at the lowest quality');
    await expect(page.getByTestId('encode-error')).toContainText('the limit is 2 KB');
    expect(await uses(page)).toEqual([]);
    await expect(page.getByTestId('use-photo')).toBeEnabled();
  });

  test('PNG at a configured size', async ({ page, harness }) => {
    await page.goto(`${harness.url}?contentType=image/png&width=300&height=400`);
    await takePhoto(page);
    await page.getByTestId('use-photo').click();
    await expect(page.getByTestId('photo-used')).toBeVisible();
    const [photo] = await uses(page);
    expect(photo).toMatchObject({ width: 300, height: 400, contentType: 'image/png' });
    expect(Array.from(photo?.bytes.slice(0, 4) ?? [])).toEqual([0x89, 0x50, 0x4e, 0x47]);
  });

  test('a camera unplugged during use gets a clear message, and Try again brings it back', async ({ page, harness }) => {
    await page.goto(harness.url);
    await expect(page.getByTestId('take-photo')).toBeEnabled();
    await page.evaluate(() => {
      const stream = document.querySelector('video')?.srcObject as MediaStream;
      stream.getVideoTracks()[0]?.dispatchEvent(new Event('ended'));
    });
    await expect(page.getByTestId('camera-problem')).toHaveAttribute('data-problem', 'unplugged');
    await expect(page.getByRole('alert')).toContainText('The camera was disconnected');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByTestId('take-photo')).toBeEnabled();
  });
});

test.describe('(b) a camera showing no face', () => {
  test('"No face found" shows, and "Use this photo anyway" gives the photo after a confirmation, marked overridden', async ({ playwright, harness }) => {
    const browser = await launchWith(playwright, ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream']);
    try {
      const page = await (await browser.newContext()).newPage();
      await page.goto(harness.url);
      await takePhoto(page);
      await expect(page.getByTestId('photo-hints')).toContainText('No face found. Ask the person to face the camera.');
      expect(await hintCodes(page)).toContain('no-face');
      await expect(page.getByTestId('face-box')).toHaveCount(0);
      expect(await accessibilityViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Use this photo anyway' }).click();
      // Without any face, the officer is told what will happen and confirms.
      await expect(page.getByTestId('no-face-confirm')).toContainText('No face was found in this photo.');
      expect(await uses(page)).toEqual([]);
      expect(await accessibilityViolations(page)).toEqual([]);
      await page.getByTestId('no-face-use').click();
      await expect(page.getByTestId('photo-used')).toBeVisible();
      const [photo] = await uses(page);
      if (!photo) throw new Error('no use event');
      expect(photo.overridden).toBe(true);
      expect(photo.confirmedWithoutFace).toBe(true);
      expect(photo.hints.map((h) => h.code)).toContain('no-face');
      const decoded = jpeg.decode(photo.bytes, { useTArray: true });
      expect([decoded.width, decoded.height]).toEqual([600, 800]);
    } finally {
      await browser.close();
    }
  });
});

test.describe('(c) no camera to use', () => {
  for (const [problem, args, text] of [
    ['denied', ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream=deny'], 'not allowed to use the camera'],
    ['no-camera', ['--use-fake-device-for-media-stream=device-count=0', '--use-fake-ui-for-media-stream'], 'No camera found'],
  ] as const) {
    test(`${problem}: a clear message, Try again, and Continue without a photo emits skip`, async ({ playwright, harness }) => {
      const browser = await launchWith(playwright, [...args]);
      try {
        const page = await (await browser.newContext()).newPage();
        await page.goto(harness.url);
        await expect(page.getByTestId('camera-problem')).toHaveAttribute('data-problem', problem);
        await expect(page.getByRole('alert')).toContainText(text);
        expect(await accessibilityViolations(page)).toEqual([]);
        await page.getByRole('button', { name: 'Try again' }).click();
        await expect(page.getByTestId('camera-problem')).toHaveAttribute('data-problem', problem);
        await page.getByRole('button', { name: 'Continue without a photo' }).click();
        expect(await page.evaluate(() => window.photoHarness.skips)).toBe(1);
      } finally {
        await browser.close();
      }
    });
  }
});
