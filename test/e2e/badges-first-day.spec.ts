/**
 * Badges on a workstation's first day (issue 31), in Debian's Chromium with the preview harness's
 * printer (its PDF made by Chromium) and no badge templates provisioned (no
 * `badges.templatesDir`): the built-in templates print. The service is the simulator on loopback;
 * the first test's site has no catalogue, so the cardholder type and tenant are known only by
 * their numbers. Each printed PDF is checked as test/e2e/badges.spec.ts checks the provisioned
 * ones: one ID-1 page per side (pdfinfo), the words in the text layer (pdftotext), the barcodes
 * decoded (zbarimg on a 300 dpi pdftoppm render).
 * - In German: an employee's badge from the built-in portrait card, with "Typ 1" and "Mieter 0"
 *   (not "Type 1", "Tenant 0") on screen and in the PDF; a reprint opens with the focus on the
 *   reason; the badge log in German (its reasons and details) fits 1024 × 768 without a
 *   horizontal scroll, every text whole (a 60-character surname, a long reason).
 * - A visitor (a type the catalogue names "Visitor") gets the built-in landscape card with a back.
 * With BADGE_SHOTS_DIR set, screenshots of the dialog and the log at 1024 × 768 and 1920 × 1080.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import config from '../../playwright.config';
import { accessibilityViolations, expect, launchPreview, test } from './fixtures';
import { fakeCameraWithFace } from '../support/fake-camera';
import { StoppableService } from './outbox-service';
import { enrolWithPhoto, type EnrolledPerson } from './support/enrol-with-photo';

const configArgs = config.use?.launchOptions?.args ?? [];
const video = fakeCameraWithFace();
test.use({ launchOptions: { executablePath: config.use?.launchOptions?.executablePath, args: [...configArgs, `--use-file-for-fake-video-capture=${video.path}`] } });

const PRINTER = 'CardPrinter-1';
/** A printer, and no templates folder. */
const PRINTER_ARGS = [`--badge-printer=${PRINTER}`, `--badge-preview-printers=${PRINTER}`];
const MM_TO_PT = 72 / 25.4;
const PAGE_TOLERANCE_PT = 72 / 300;
const LONG_SURNAME = 'Álvarez-Fernández de la Peña-Ñúñez Sánchez-Villalobos Ortegà';
const LONG_REASON = 'Die Karte wurde beim Aussteigen aus dem Shuttlebus zwischen Parkhaus Nord und Haupteingang eingeklemmt und ist seitdem an der Lochung eingerissen';
const SHOTS = process.env.BADGE_SHOTS_DIR ?? '';

let service: StoppableService;
let kiosk: Awaited<ReturnType<typeof launchPreview>> | null = null;
test.beforeEach(async () => {
  service = new StoppableService();
  await service.start();
});
test.afterEach(async () => {
  await kiosk?.close();
  if (kiosk) rmSync(kiosk.dataDir, { recursive: true, force: true });
  kiosk = null;
  await service.dispose();
});

const unique = (): string => String(Date.now()).slice(-5) + String(Math.floor(Math.random() * 90 + 10));
const run = (command: string, args: string[]): string => execFileSync(command, args, { encoding: 'utf8' });

function printedPdfs(): string[] {
  const dir = join(kiosk?.dataDir ?? '', 'exports');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.startsWith('badge-print-') && f.endsWith('.pdf'))
    .map((f) => join(dir, f))
    .sort((a, b) => statSync(a).mtimeMs - statSync(b).mtimeMs);
}

function expectId1(pdf: string, orientation: 'portrait' | 'landscape', count: number): void {
  const info = run('pdfinfo', ['-f', '1', '-l', '99', pdf]);
  const pages = [...info.matchAll(/Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/g)].map((m) => ({ width: Number(m[1]), height: Number(m[2]) }));
  expect(pages).toHaveLength(count);
  const [w, h] = orientation === 'portrait' ? [53.98, 85.6] : [85.6, 53.98];
  for (const p of pages) {
    expect(Math.abs(p.width - w * MM_TO_PT)).toBeLessThanOrEqual(PAGE_TOLERANCE_PT);
    expect(Math.abs(p.height - h * MM_TO_PT)).toBeLessThanOrEqual(PAGE_TOLERANCE_PT);
  }
}

/** The symbols zbarimg reads on page `n` rendered at 300 dpi ("CODE-128:…", "QR-Code:…"). */
function symbolsOn(pdf: string, n: number): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'kiosk-badge-png-'));
  run('pdftoppm', ['-r', '300', '-f', String(n), '-l', String(n), '-png', '-singlefile', pdf, join(dir, 'page')]);
  try {
    return run('zbarimg', ['-q', join(dir, 'page.png')]).trim().split('\n').filter(Boolean);
  } catch {
    return [];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The PDF's text with its line breaks as spaces. */
const pdfText = (pdf: string, page?: number): string => run('pdftotext', [...(page ? ['-f', String(page), '-l', String(page)] : []), pdf, '-']).replace(/\s+/g, ' ');

async function shot(page: Page, name: string, size: { width: number; height: number }): Promise<void> {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  const before = page.viewportSize();
  await page.setViewportSize(size);
  await page.screenshot({ path: join(SHOTS, `${name}-${size.width}x${size.height}.png`) });
  if (before) await page.setViewportSize(before);
}

async function openAndEnrol(page: Page, person: EnrolledPerson): Promise<void> {
  if (!kiosk) throw new Error('no kiosk');
  await page.goto(kiosk.url);
  await expect(page.getByTestId('directory-count')).toBeVisible();
  await enrolWithPhoto(page, person);
}

async function printFromDialog(page: Page, sentWords: string): Promise<string> {
  const before = printedPdfs().length;
  await page.getByTestId('badge-print').click();
  await expect(page.getByTestId('badge-result')).toContainText(sentWords);
  const after = printedPdfs();
  expect(after).toHaveLength(before + 1);
  return after.at(-1) ?? '';
}

test('de, first day, no templates, no catalogue: the built-in employee card prints with "Typ 1" and "Mieter 0"; the reprint asks for the reason first; the badge log in German fits 1024 × 768', async ({ page }) => {
  // No site catalogue (the service's address only) and no templates folder.
  kiosk = await launchPreview({ config: { argv: [`--service-url=${service.url}`, '--retries=0', ...PRINTER_ARGS], env: { KIOSK_LOCALE: 'de' } } });
  await page.setViewportSize({ width: 1024, height: 768 });
  const employee = `9${unique()}`;
  await openAndEnrol(page, { first: 'Inés', last: LONG_SURNAME, employee, type: 1, tenant: 0 });
  await page.getByTestId('photo-print-badge').click();
  const preview = page.getByTestId('badge-preview');
  await expect(preview).toBeVisible();
  await expect(page.getByTestId('badge-meta')).toContainText('Mitarbeiter (eingebaut)');
  await expect(preview.locator('[data-element="type"]')).toHaveText('Typ 1');
  await expect(preview.locator('[data-element="tenant"]')).toHaveText('Mieter 0');
  await expect(preview.locator('[data-element="last-name"] .line')).toHaveCount(2);
  await expect(page.getByTestId('badge-print')).toBeFocused();
  expect(await accessibilityViolations(page)).toEqual([]);
  await shot(page, 'badge-dialog-de', { width: 1024, height: 768 });
  await shot(page, 'badge-dialog-de', { width: 1920, height: 1080 });

  const pdf = await printFromDialog(page, `An ${PRINTER} gesendet`);
  expectId1(pdf, 'portrait', 1);
  const text = pdfText(pdf);
  expect(text.replace(/[\s\-‐]/g, '')).toContain(LONG_SURNAME.replace(/[\s-]/g, ''));
  expect(text).toContain('Inés');
  expect(text).toContain('Typ 1');
  expect(text).toContain('Mieter 0');
  expect(text).toContain('Ausgestellt');
  expect(text).not.toContain('Type 1');
  expect(text).not.toContain('Tenant');
  expect(symbolsOn(pdf, 1)).toContain(`CODE-128:${employee}`);

  // A reprint: the dialog opens on its question, the first reason.
  await page.getByTestId('badge-close').click();
  await page.getByTestId('photo-done').click();
  await page.getByTestId('record-print-badge').click();
  await expect(page.getByTestId('badge-reason')).toBeVisible();
  await expect(page.getByTestId('badge-reason-lost')).toBeFocused();
  await page.getByTestId('badge-reason-other').check();
  await page.getByTestId('badge-reason-text').fill(LONG_REASON);
  await shot(page, 'badge-reprint-de', { width: 1024, height: 768 });
  await printFromDialog(page, `An ${PRINTER} gesendet`);
  await page.getByTestId('badge-close').click();

  // The badge log in German at 1024 × 768: no horizontal scroll, every text whole.
  await page.locator('#tab-operator-log').click();
  await page.getByTestId('operator-log-badges').check();
  const rows = page.getByTestId('badge-log-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.first().getByTestId('badge-log-reason')).toHaveText(`Anderer Grund: ${LONG_REASON}`);
  await expect(rows.first()).toContainText('Mitarbeiter (eingebaut)');
  await expect(rows.first()).toContainText(LONG_SURNAME);
  const overflow = await page.evaluate(() => {
    const region = document.querySelector('[data-testid="badge-log"]')?.closest('.log-table-wrap') as HTMLElement | null;
    const table = document.querySelector('[data-testid="badge-log"]') as HTMLElement | null;
    return {
      region: region ? region.scrollWidth - region.clientWidth : -1,
      page: document.documentElement.scrollWidth - window.innerWidth,
      tableRight: table ? table.getBoundingClientRect().right - window.innerWidth : 1,
    };
  });
  expect(overflow.region).toBeLessThanOrEqual(0);
  expect(overflow.page).toBeLessThanOrEqual(0);
  expect(overflow.tableRight).toBeLessThanOrEqual(0);
  expect(await accessibilityViolations(page)).toEqual([]);
  await shot(page, 'badge-log-de', { width: 1024, height: 768 });
  await shot(page, 'badge-log-de', { width: 1920, height: 1080 });
});

test('first day, no templates: a visitor gets the built-in landscape card with a back; the QR code and the Code 128 read the employee ID', async ({ page }) => {
  // The catalogue names type 3 "Visitor": the built-in visitor card is for it.
  kiosk = await launchPreview({ config: { argv: [...service.kioskArgs(), ...PRINTER_ARGS] } });
  const employee = `7${unique()}`;
  await openAndEnrol(page, { first: 'Siobhán', last: `Ó Murchú-${employee}`, employee, type: 3 });
  await page.getByTestId('photo-print-badge').click();
  await expect(page.getByTestId('badge-side')).toHaveCount(2);
  await expect(page.getByTestId('badge-meta')).toContainText('Visitor (built in)');
  const pdf = await printFromDialog(page, `Sent to ${PRINTER}`);
  expectId1(pdf, 'landscape', 2);
  const front = pdfText(pdf, 1);
  expect(front).toContain('Siobhán');
  expect(front).toContain('Visitor');
  expect(pdfText(pdf, 2)).toContain('return it to the front desk');
  expect(symbolsOn(pdf, 1)).toContain(`QR-Code:${employee}`);
  expect(symbolsOn(pdf, 2)).toContain(`CODE-128:${employee}`);
});
