/**
 * Badge printing through the real front desk in Debian's Chromium, with the real-face fake camera,
 * the preview harness (its print port makes the PDF with Chromium, a stand-in for Electron's
 * printToPDF: README "Badges") and the example templates. Each printed PDF is checked with tools
 * that are not the encoder: one page per side at ID-1 size (pdfinfo), the names in the text layer
 * (pdftotext), the barcode decoded to the employee ID (zbarimg on a 300 dpi pdftoppm render), and
 * the photo area compared with the photo the simulator stored. Also: a landscape template with a
 * back, a 60-character accented double-barrelled surname (fitted, nothing cut), a reprint that
 * asks why, a badge printed while the service is down for a person enrolled offline, a printer
 * that is not installed, and Administration's template list (a broken template's problems) with a
 * sample badge. A page script that sends made-up names or skips the reprint reason is refused.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import config from '../../playwright.config';
import { accessibilityViolations, expect, launchPreview, test } from './fixtures';
import { fakeCameraWithFace } from '../support/fake-camera';
import { StoppableService } from './outbox-service';
import { enrolWithPhoto } from './support/enrol-with-photo';
import { cpSync, writeFileSync } from 'node:fs';
import { setAdminPin } from '../../electron/core/admin-lock/admin-lock';
import { credentialDir } from '../../electron/core/credentials/choose-vault';

const configArgs = config.use?.launchOptions?.args ?? [];
const video = fakeCameraWithFace();
test.use({ launchOptions: { executablePath: config.use?.launchOptions?.executablePath, args: [...configArgs, `--use-file-for-fake-video-capture=${video.path}`] } });

const EXAMPLES = join(__dirname, '..', '..', 'examples', 'provisioning', 'badges');
const PRINTER = 'CardPrinter-1';
const BADGE_ARGS = [`--badge-templates-dir=${EXAMPLES}`, `--badge-printer=${PRINTER}`, `--badge-preview-printers=${PRINTER}`];
const MM_TO_PT = 72 / 25.4;
/** Chromium lays a PDF page out in 1/300 inch: the page is ID-1 within that. */
const PAGE_TOLERANCE_PT = 72 / 300;
const LONG_SURNAME = 'Álvarez-Fernández de la Peña-Ñúñez Sánchez-Villalobos Ortegà';

let service: StoppableService;
let kiosk: Awaited<ReturnType<typeof launchPreview>>;
test.beforeEach(async () => {
  service = new StoppableService();
  await service.start();
  kiosk = await launchPreview({ config: { argv: [...service.kioskArgs(), ...BADGE_ARGS] } });
});
test.afterEach(async () => {
  await kiosk.close();
  rmSync(kiosk.dataDir, { recursive: true, force: true });
  await service.dispose();
});

/** The demo catalogue's cardholder types (electron/simulator/catalogue.ts). */
const TYPE_ID = { Employee: 1, Visitor: 3 } as const;

const unique = (): string => String(Date.now()).slice(-5) + String(Math.floor(Math.random() * 90 + 10));

async function openAndEnrol(page: Page, person: { first: string; last: string; employee: string; type: 'Employee' | 'Visitor' }): Promise<void> {
  await page.goto(kiosk.url);
  await expect(page.getByTestId('directory-count')).toContainText('cardholders in the directory');
  await enrolWithPhoto(page, { ...person, type: TYPE_ID[person.type] });
}

/** The PDFs the harness's printer wrote, oldest first. */
function printedPdfs(): string[] {
  const dir = join(kiosk.dataDir, 'exports');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.startsWith('badge-print-') && f.endsWith('.pdf'))
    .map((f) => join(dir, f))
    .sort((a, b) => statSync(a).mtimeMs - statSync(b).mtimeMs);
}

async function printFromDialog(page: Page): Promise<string> {
  const before = printedPdfs().length;
  await expect(page.getByTestId('badge-preview')).toBeVisible();
  await expect(page.getByTestId('badge-print')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('badge-result')).toContainText(`Sent to ${PRINTER}: the printer accepted the badge.`);
  const after = printedPdfs();
  expect(after).toHaveLength(before + 1);
  return after[after.length - 1] ?? '';
}

const run = (command: string, args: string[]): string => execFileSync(command, args, { encoding: 'utf8' });

function pagesOf(pdf: string): Array<{ width: number; height: number }> {
  const info = run('pdfinfo', ['-f', '1', '-l', '99', pdf]);
  return [...info.matchAll(/Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/g)].map((m) => ({ width: Number(m[1]), height: Number(m[2]) }));
}

function expectId1(pages: Array<{ width: number; height: number }>, orientation: 'portrait' | 'landscape', count: number): void {
  expect(pages).toHaveLength(count);
  const [w, h] = orientation === 'portrait' ? [53.98, 85.6] : [85.6, 53.98];
  for (const p of pages) {
    expect(Math.abs(p.width - w * MM_TO_PT)).toBeLessThanOrEqual(PAGE_TOLERANCE_PT);
    expect(Math.abs(p.height - h * MM_TO_PT)).toBeLessThanOrEqual(PAGE_TOLERANCE_PT);
  }
}

/** Renders page `n` at 300 dpi; returns the PNG path. */
function render300(pdf: string, n: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'kiosk-badge-png-'));
  run('pdftoppm', ['-r', '300', '-f', String(n), '-l', String(n), '-png', '-singlefile', pdf, join(dir, 'page')]);
  return join(dir, 'page.png');
}

function decode(png: string): string[] {
  try {
    return run('zbarimg', ['-q', '--raw', png]).trim().split('\n').filter(Boolean);
  } catch {
    return [];
  }
}
function decodeTyped(png: string): string[] {
  try {
    return run('zbarimg', ['-q', png]).trim().split('\n').filter(Boolean);
  } catch {
    return [];
  }
}

/** Mean absolute difference (0–255) between the photo box of the render and the stored photo, on a coarse grid. */
function photoDifference(png: string, box: { x: number; y: number; width: number; height: number }, stored: Uint8Array): number {
  const page = PNG.sync.read(readFileSync(png));
  const photo = jpeg.decode(stored, { useTArray: true });
  const px = (mm: number): number => (mm / 25.4) * 300;
  const cols = 12;
  const rows = 16;
  let total = 0;
  const mean = (data: Uint8Array, width: number, x0: number, y0: number, x1: number, y1: number): number[] => {
    const sum = [0, 0, 0];
    let n = 0;
    for (let y = Math.floor(y0); y < Math.floor(y1); y += 1) {
      for (let x = Math.floor(x0); x < Math.floor(x1); x += 1) {
        const i = (y * width + x) * 4;
        sum[0] = (sum[0] ?? 0) + (data[i] ?? 0);
        sum[1] = (sum[1] ?? 0) + (data[i + 1] ?? 0);
        sum[2] = (sum[2] ?? 0) + (data[i + 2] ?? 0);
        n += 1;
      }
    }
    return sum.map((s) => s / Math.max(1, n));
  };
  for (let r = 0; r < rows; r += 1) {
    for (let c = 0; c < cols; c += 1) {
      // Inner part of each cell: edges of the box are anti-aliased.
      const inset = 0.2;
      const a = mean(page.data, page.width, px(box.x + (box.width * (c + inset)) / cols), px(box.y + (box.height * (r + inset)) / rows), px(box.x + (box.width * (c + 1 - inset)) / cols), px(box.y + (box.height * (r + 1 - inset)) / rows));
      const b = mean(photo.data, photo.width, (photo.width * (c + inset)) / cols, (photo.height * (r + inset)) / rows, (photo.width * (c + 1 - inset)) / cols, (photo.height * (r + 1 - inset)) / rows);
      total += (Math.abs((a[0] ?? 0) - (b[0] ?? 0)) + Math.abs((a[1] ?? 0) - (b[1] ?? 0)) + Math.abs((a[2] ?? 0) - (b[2] ?? 0))) / 3;
    }
  }
  return total / (rows * cols);
}

async function storedPhotoOf(employee: string): Promise<Uint8Array> {
  const created = (await service.list()).find((r) => r.employee_ID === employee);
  if (!created) throw new Error('not created on the simulator');
  const stored = await service.controls.photoContent(created.id as number);
  if (!stored) throw new Error('no photo stored');
  return stored;
}

const squash = (text: string): string => text.normalize('NFC').replace(/[\s\-‐]/g, '');

test('an employee enrolled with the real-face camera gets a portrait badge: ID-1 page, names as text, barcode reads the employee ID, the photo is the uploaded one', async ({ page }) => {
  const id = unique();
  const person = { first: 'Zoë', last: `Dupont-${id}`, employee: `9${id}`, type: 'Employee' as const };
  await openAndEnrol(page, person);
  await page.getByTestId('photo-print-badge').click();
  await expect(page.getByTestId('badge-dialog')).toBeVisible();
  await expect(page.getByTestId('badge-side')).toHaveCount(1);
  expect(await accessibilityViolations(page)).toEqual([]);
  const pdf = await printFromDialog(page);

  expectId1(pagesOf(pdf), 'portrait', 1);
  const text = run('pdftotext', [pdf, '-']);
  expect(text).toContain(person.last);
  expect(text).toContain('Zoë');
  expect(text).toContain('Employee');
  const png = render300(pdf, 1);
  expect(decodeTyped(png)).toContain(`CODE-128:${person.employee}`);
  // The photo element of employee-portrait.json: x 15, y 14, 24 × 32 mm.
  const difference = photoDifference(png, { x: 15, y: 14, width: 24, height: 32 }, await storedPhotoOf(person.employee));
  expect(difference).toBeLessThan(20);

  // Reprint from the record: a reason is asked first, and logged.
  await page.getByTestId('badge-close').click();
  await page.getByTestId('photo-done').click();
  await page.getByTestId('record-print-badge').click();
  await expect(page.getByTestId('badge-reason')).toBeVisible();
  // The dialog opens on its question: the first reason has the focus, not Close.
  await expect(page.getByTestId('badge-reason-lost')).toBeFocused();
  await expect(page.getByTestId('badge-print')).toBeDisabled();
  await expect(page.getByTestId('badge-print')).toHaveText('Reprint');
  await page.getByTestId('badge-reason-other').check();
  await expect(page.getByTestId('badge-print')).toBeDisabled();
  await page.getByTestId('badge-reason-text').fill('clip broke');
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.getByTestId('badge-print').click();
  await expect(page.getByTestId('badge-result')).toContainText('the printer accepted the badge');
  expect(printedPdfs()).toHaveLength(2);
  await page.getByTestId('badge-close').click();
  await page.getByRole('tab', { name: /Operator log/ }).click();
  await page.getByTestId('operator-log-badges').check();
  await expect(page.getByTestId('badge-log-row')).toHaveCount(2);
  await expect(page.getByTestId('badge-log-row').first()).toContainText('Other: clip broke');
  await expect(page.getByTestId('badge-log-row').first()).toContainText('Printed');
});

test('a page script cannot put made-up words on a badge or skip the reprint reason: only the id is taken, main reads the person and counts their prints (issue 32)', async ({ page }) => {
  const id = unique();
  const person = { first: 'Zoë', last: `Dupont-${id}`, employee: `9${id}`, type: 'Employee' as const };
  await openAndEnrol(page, person);
  await page.getByTestId('photo-print-badge').click();
  const first = await printFromDialog(page);
  await page.getByTestId('badge-close').click();
  const created = (await service.list()).find((r) => r.employee_ID === person.employee);
  if (!created) throw new Error('not created on the simulator');
  type Answer = { ok: boolean; value?: { previewId: string; printedBefore: number }; error?: { code: string; key?: string } };
  const answers = await page.evaluate(async (cardholderId: number) => {
    const kiosk = (window as unknown as { kiosk: { previewBadge(r: unknown): Promise<Answer>; printBadge(r: unknown): Promise<Answer> } }).kiosk;
    const madeUp = { first_Name: 'Mallory', last_Name: 'Intruder', employee_ID: 'FAKE-0001', card_Holder_Type_ID: 3, tenant: [2] };
    const withFields = await kiosk.previewBadge({ cardholderId, ...madeUp });
    const asBefore = await kiosk.previewBadge({ cardholder: { id: cardholderId, middle_Name: '', displayName: '', ...madeUp } });
    const own = await kiosk.previewBadge({ cardholderId });
    const reprint = own.ok && own.value ? await kiosk.printBadge({ previewId: own.value.previewId, destination: 'printer' }) : own;
    return { withFields, asBefore, own, reprint };
  }, created.id as number);
  expect(answers.withFields).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
  expect(answers.asBefore).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
  expect(answers.own).toMatchObject({ ok: true, value: { printedBefore: 1 } });
  expect(answers.reprint).toMatchObject({ ok: false, error: { code: 'rejected', key: 'errors.badgeReprintReason' } });
  // Only the one badge was printed, with the enrolled person's words.
  expect(printedPdfs()).toEqual([first]);
  const text = run('pdftotext', [first, '-']);
  expect(text).toContain(person.last);
  expect(text).not.toContain('Mallory');
  expect(text).not.toContain('FAKE-0001');
});

test('a visitor gets the landscape badge with a back: two ID-1 pages, the QR code and the Code 128 read the employee ID, the photo matches', async ({ page }) => {
  const id = unique();
  const person = { first: 'Siobhán', last: `Ó Murchú-${id}`, employee: `7${id}`, type: 'Visitor' as const };
  await openAndEnrol(page, person);
  await page.getByTestId('photo-print-badge').click();
  await expect(page.getByTestId('badge-side')).toHaveCount(2);
  const pdf = await printFromDialog(page);
  expectId1(pagesOf(pdf), 'landscape', 2);
  const front = run('pdftotext', ['-f', '1', '-l', '1', pdf, '-']);
  expect(front).toContain('Siobhán');
  expect(front).toContain(person.last);
  expect(front).toContain('Visitor');
  expect(run('pdftotext', ['-f', '2', '-l', '2', pdf, '-'])).toContain('return it to the front desk');
  const frontPng = render300(pdf, 1);
  expect(decodeTyped(frontPng)).toContain(`QR-Code:${person.employee}`);
  expect(decodeTyped(render300(pdf, 2))).toContain(`CODE-128:${person.employee}`);
  // The photo element of visitor-landscape.json: x 3, y 13, 27 × 36 mm.
  expect(photoDifference(frontPng, { x: 3, y: 13, width: 27, height: 36 }, await storedPhotoOf(person.employee))).toBeLessThan(20);
});

test('a 60-character accented double-barrelled surname fits the portrait card: smaller type on two lines, every word inside its box', async ({ page }) => {
  expect(LONG_SURNAME).toHaveLength(60);
  const id = unique();
  await openAndEnrol(page, { first: 'Inés', last: LONG_SURNAME, employee: `6${id}`, type: 'Employee' });
  await page.getByTestId('photo-print-badge').click();
  await expect(page.getByTestId('badge-side').locator('[data-element="last-name"] .line')).toHaveCount(2);
  const pdf = await printFromDialog(page);
  expectId1(pagesOf(pdf), 'portrait', 1);
  expect(squash(run('pdftotext', [pdf, '-']))).toContain(squash(LONG_SURNAME));
  // Every word of the surname lies inside the last-name box (x 2.5–51.48 mm, y 47–57 mm).
  const html = run('pdftotext', ['-bbox', pdf, '-']);
  const words = [...html.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map((m) => ({ x0: Number(m[1]), y0: Number(m[2]), x1: Number(m[3]), y1: Number(m[4]), text: m[5] ?? '' }));
  // (A line may break after a hyphen: look for each part between spaces and hyphens.)
  const parts = LONG_SURNAME.split(/[\s-]+/);
  expect(parts.length).toBeGreaterThan(5);
  for (const word of parts) {
    const found = words.find((w) => w.text.split('-').includes(word));
    expect(found, `word ${word}`).toBeTruthy();
    if (!found) continue;
    expect(found.x0).toBeGreaterThanOrEqual(2.5 * MM_TO_PT - 0.5);
    expect(found.x1).toBeLessThanOrEqual(51.48 * MM_TO_PT + 0.5);
    expect(found.y0).toBeGreaterThanOrEqual(47 * MM_TO_PT - 1);
    expect(found.y1).toBeLessThanOrEqual(57 * MM_TO_PT + 1);
  }
});

test('while the service is down, a person enrolled offline (waiting in the outbox) gets their badge with the photo just taken', async ({ page }) => {
  await page.goto(kiosk.url);
  await expect(page.getByTestId('directory-count')).toContainText('cardholders in the directory');
  await service.stop();
  const id = unique();
  const person = { first: 'Aoife', last: `Offline-${id}`, employee: `5${id}`, type: 'Visitor' as const };
  await openAndEnrol(page, person);
  await expect(page.getByTestId('photo-queued')).toBeVisible();
  await page.getByTestId('photo-print-badge').click();
  const pdf = await printFromDialog(page);
  expectId1(pagesOf(pdf), 'landscape', 2);
  expect(run('pdftotext', ['-f', '1', '-l', '1', pdf, '-'])).toContain(person.last);
  expect(decode(render300(pdf, 1))).toContain(person.employee);
});

test('Administration (behind the PIN) lists the templates with the problems --admin check names, and shows one with a sample cardholder', async ({ page }) => {
  const templates = mkdtempSync(join(tmpdir(), 'kiosk-e2e-templates-'));
  cpSync(EXAMPLES, templates, { recursive: true });
  writeFileSync(join(templates, 'broken.json'), JSON.stringify({ name: 'Broken', orientation: 'portrait', front: { elements: [{ type: 'image', id: 'logo', x: 40, y: 2, width: 20, height: 8, file: 'missing.png' }] } }));
  const dataDir = mkdtempSync(join(tmpdir(), 'kiosk-e2e-badge-admin-'));
  await setAdminPin(credentialDir(dataDir), '480261');
  const admin = await launchPreview({ dataDir, config: { argv: [`--badge-templates-dir=${templates}`, '--badge-printer=Missing-Printer', `--badge-preview-printers=${PRINTER}`] } });
  try {
    await page.goto(admin.url);
    await page.getByRole('tab', { name: 'Administration' }).click();
    const dialog = page.getByRole('dialog', { name: 'Administrator PIN' });
    for (const digit of '480261') await dialog.getByRole('button', { name: `Digit ${digit}` }).click();
    await dialog.getByRole('button', { name: 'Unlock' }).click();
    await expect(page.getByTestId('admin-badge-template')).toHaveCount(3);
    const broken = page.locator('[data-testid="admin-badge-template"][data-id="broken"]');
    await expect(broken).toContainText('front element "logo": the image "missing.png" is not beside the template');
    await expect(broken).toContainText('front element "logo": falls off the card');
    await expect(page.getByTestId('admin-badge-printer')).toContainText(`Missing-Printer — not installed on this workstation (installed: ${PRINTER})`);
    await page.getByTestId('admin-badge-sample-visitor-landscape').click();
    await expect(page.getByTestId('admin-badge-sample').getByTestId('badge-side')).toHaveCount(2);
    await expect(page.getByTestId('admin-badge-sample')).toContainText('Dupont-Lefèvre');
    expect(await accessibilityViolations(page)).toEqual([]);
  } finally {
    await admin.close();
    rmSync(admin.dataDir, { recursive: true, force: true });
    rmSync(templates, { recursive: true, force: true });
  }
});

test('a printer that is not installed: the officer reads which, nothing is printed, the log says why', async ({ page }) => {
  const missing = await launchPreview({ config: { argv: [`--badge-templates-dir=${EXAMPLES}`, '--badge-printer=Missing-Printer', `--badge-preview-printers=${PRINTER}`] } });
  try {
    await page.goto(missing.url);
    await expect(page.getByTestId('directory-count')).toContainText('cardholders in the directory');
    await page.getByTestId('cardholder-search').fill('a');
    await page.keyboard.press('Enter');
    await page.getByTestId('record-print-badge').click();
    await page.getByTestId('badge-photo-file').setInputFiles(join(__dirname, '..', '..', 'node_modules/@vladmandic/face-api/demo/sample1.jpg'));
    await expect(page.getByTestId('badge-needs-photo')).toHaveCount(0);
    await page.getByTestId('badge-print').click();
    await expect(page.getByTestId('badge-error')).toHaveText(`The badge printer "Missing-Printer" is not installed on this workstation. Installed: ${PRINTER}. Ask an administrator.`);
    expect(existsSync(join(missing.dataDir, 'exports')) ? readdirSync(join(missing.dataDir, 'exports')) : []).toEqual([]);
    await page.getByTestId('badge-close').click();
    await page.getByRole('tab', { name: /Operator log/ }).click();
    await page.getByTestId('operator-log-badges').check();
    await expect(page.getByTestId('badge-log-row')).toHaveCount(1);
    await expect(page.getByTestId('badge-log-row')).toContainText('Not printed');
    await expect(page.getByTestId('badge-log-row')).toContainText('printer not installed');
  } finally {
    await missing.close();
    rmSync(missing.dataDir, { recursive: true, force: true });
  }
});

test('a reprint with no photo at hand: the photo step takes an image file (same face centring and hints), and the badge prints with it', async ({ page }) => {
  // The person in an image file: the fake camera's cut of the demo photo, as a JPEG.
  const dir = mkdtempSync(join(tmpdir(), 'kiosk-e2e-photo-file-'));
  const file = join(dir, 'person.jpg');
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', join(__dirname, '..', '..', 'node_modules/@vladmandic/face-api/demo/sample1.jpg'), '-vf', 'crop=800:600:1120:111', file]);
  const person = (await service.list())[5] as Record<string, unknown>;
  await page.goto(kiosk.url);
  await expect(page.getByTestId('directory-count')).toContainText('cardholders in the directory');
  await page.getByTestId('cardholder-search').fill(String(person.employee_ID));
  await page.keyboard.press('Enter');
  await page.getByTestId('record-print-badge').click();
  await expect(page.getByTestId('badge-needs-photo')).toBeVisible();
  await expect(page.getByTestId('badge-print')).toBeDisabled();
  await page.getByTestId('badge-take-photo').click();
  await expect(page.getByTestId('photo-step')).toBeVisible();
  await page.getByTestId('photo-file').setInputFiles(file);
  await expect(page.getByTestId('photo-capture')).toHaveAttribute('data-stage', 'review', { timeout: 20_000 });
  await expect(page.getByTestId('photo-hints')).toHaveText('The photo looks good.');
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.getByTestId('use-photo').click();
  await expect(page.getByTestId('photo-uploaded')).toBeVisible();
  await page.getByTestId('photo-print-badge').click();
  const pdf = await printFromDialog(page);
  const stored = await service.controls.photoContent(person.id as number);
  if (!stored) throw new Error('no photo stored');
  const box = person.card_Holder_Type_ID === 3 ? { x: 3, y: 13, width: 27, height: 36 } : { x: 15, y: 14, width: 24, height: 32 };
  expect(photoDifference(render300(pdf, 1), box, stored)).toBeLessThan(20);
  rmSync(dir, { recursive: true, force: true });
});
