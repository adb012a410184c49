/**
 * Makes the README's badge screenshots (renderer/screenshots/badge-*.png): the print dialog with
 * the portrait badge of a person just enrolled, the landscape badge's two sides, and
 * Administration's layout editor at 1920 × 1080 (`... badge-screenshots.ts editor`: that one only).
 * Run by hand after `npx electron-vite build`: `npx tsx electron/tools/on-kiosk-node.ts node_modules/tsx/dist/cli.mjs test/support/badge-screenshots.ts`. It starts its own
 * preview (demo mode, the example templates) and Debian's Chromium with the face camera; not a test.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { startPreview } from '../../electron/preview/preview';
import { createLogger, silentSink } from '../../electron/core/log/logger';
import { fakeCameraWithFace } from './fake-camera';
import { setAdminPin } from '../../electron/core/admin-lock/admin-lock';
import { credentialDir } from '../../electron/core/credentials/choose-vault';

const OUT = resolve(__dirname, '../../renderer/screenshots');
const EXAMPLES = resolve(__dirname, '../../examples/provisioning/badges');

async function enrol(page: Page, first: string, last: string, employee: string, type: string): Promise<void> {
  await page.getByTestId('new-cardholder').click();
  await page.getByTestId('enrol-first_Name').fill(first);
  await page.getByTestId('enrol-last_Name').fill(last);
  await page.getByTestId('enrol-sex-f').check();
  await page.getByTestId('enrol-employee_ID').fill(employee);
  await page.getByTestId('enrol-card_Holder_Type_ID').selectOption({ label: type });
  await page.getByTestId('enrolment-submit').click();
  await page.getByTestId('take-photo').waitFor();
  await page.waitForSelector('[data-testid="take-photo"]:not([disabled])', { timeout: 30_000 });
  await page.getByTestId('take-photo').click();
  await page.getByTestId('use-photo').click();
  await page.getByTestId('photo-print-badge').click();
  await page.getByTestId('badge-preview').waitFor();
  await page.waitForTimeout(300);
}

/** Administration's layout editor on a copy of the example templates, the photo selected and moved (not saved). */
async function editorShot(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kiosk-badge-editor-shot-'));
  const templates = mkdtempSync(join(tmpdir(), 'kiosk-badge-editor-templates-'));
  cpSync(EXAMPLES, templates, { recursive: true });
  await setAdminPin(credentialDir(dataDir), '480261');
  const preview = await startPreview({
    dataDir,
    log: createLogger(silentSink),
    startShift: 'unnamed',
    config: { systemFile: null, userFile: null, env: {}, argv: [`--badge-templates-dir=${templates}`] },
    demo: { eventRate: 0, fresh: true, cardholders: 50 },
  });
  const browser = await chromium.launch({ executablePath: process.env.KIOSK_CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
  try {
    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    await page.goto(preview.url);
    await page.getByRole('tab', { name: 'Administration' }).click();
    const dialog = page.getByRole('dialog', { name: 'Administrator PIN' });
    for (const digit of '480261') await dialog.getByRole('button', { name: `Digit ${digit}` }).click();
    await dialog.getByRole('button', { name: 'Unlock' }).click();
    await page.getByRole('button', { name: 'Edit layout: Employee (portrait)' }).click();
    const editor = page.getByTestId('badge-editor');
    await editor.getByTestId('badge-side').waitFor();
    await editor.getByTestId('badge-editor-element-photo').click();
    await editor.getByTestId('badge-editor-stage').focus();
    await page.keyboard.press('Shift+ArrowLeft');
    await editor.evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(OUT, 'badge-editor.png') });
  } finally {
    await browser.close();
    await preview.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(templates, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  if (process.argv[2] === 'editor') {
    await editorShot();
    console.log(`Screenshot written to ${OUT}`);
    return;
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'kiosk-badge-shots-'));
  const preview = await startPreview({
    dataDir,
    log: createLogger(silentSink),
    config: { systemFile: null, userFile: null, env: {}, argv: [`--badge-templates-dir=${EXAMPLES}`, '--badge-printer=CardPrinter-1', '--badge-preview-printers=CardPrinter-1'] },
    demo: { eventRate: 0, fresh: true, cardholders: 500 },
  });
  const browser = await chromium.launch({
    executablePath: process.env.KIOSK_CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${fakeCameraWithFace().path}`],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(preview.url);
    await page.getByTestId('directory-count').filter({ hasText: 'cardholders in the directory' }).waitFor();
    await enrol(page, 'Inés', 'Álvarez-Fernández de la Peña-Ñúñez Sánchez-Villalobos Ortegà', '4211', 'Employee');
    await page.screenshot({ path: join(OUT, 'badge-preview.png') });
    await page.getByTestId('badge-close').click();
    await page.getByTestId('photo-done').click();
    await enrol(page, 'Siobhán', 'Ó Murchú', '4212', 'Visitor');
    await page.getByTestId('badge-preview').screenshot({ path: join(OUT, 'badge-landscape.png') });
  } finally {
    await browser.close();
    await preview.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

void main().then(async () => {
  if (process.argv[2] !== 'editor') {
    await editorShot();
    console.log(`Screenshots written to ${OUT}`);
  }
});
