/**
 * Languages (issue 23) on badges, in Debian's Chromium with the preview harness's printer (its PDF
 * made by Chromium) and the example templates (their words in English, German, French and
 * Spanish). In German the badge dialog shows, and the printed PDF holds (pdftotext), the German
 * words and the issue date as German writes it; after switching the header to French the next
 * print is in French. Administration's layout editor in German: a labelled field per language
 * for a text element's words, the preview laid out with the German words, a problem worded in
 * German. axe passes on each screen.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { accessibilityViolations, expect, launchPreview, test } from './fixtures';
import { setAdminPin } from '../../electron/core/admin-lock/admin-lock';
import { credentialDir } from '../../electron/core/credentials/choose-vault';

const EXAMPLES = join(__dirname, '..', '..', 'examples', 'provisioning', 'badges');
const PRINTER = 'CardPrinter-1';
const BADGE_ARGS = [`--badge-templates-dir=${EXAMPLES}`, `--badge-printer=${PRINTER}`, `--badge-preview-printers=${PRINTER}`];
const PHOTO = join(__dirname, '..', '..', 'node_modules/@vladmandic/face-api/demo/sample1.jpg');
const PIN = '480261';

/** Today as the language writes a date with digits (the kiosk runs on this machine, in its time zone). */
const today = (intl: string): string => new Intl.DateTimeFormat(intl, { day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date());

function printedPdfs(dataDir: string): string[] {
  const dir = join(dataDir, 'exports');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.startsWith('badge-print-') && f.endsWith('.pdf'))
    .map((f) => join(dir, f))
    .sort((a, b) => statSync(a).mtimeMs - statSync(b).mtimeMs);
}
/** The PDF's text with its line breaks as spaces (a long notice takes two lines). */
const pdfText = (pdf: string): string => execFileSync('pdftotext', [pdf, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');

/** Opens the first cardholder found and the badge dialog, with a photo file for the badge. */
async function openBadge(page: Page): Promise<void> {
  await page.getByTestId('cardholder-search').fill('a');
  await page.keyboard.press('Enter');
  await page.getByTestId('record-print-badge').click();
  await expect(page.getByTestId('badge-dialog')).toBeVisible();
  await page.getByTestId('badge-photo-file').setInputFiles(PHOTO);
  await expect(page.getByTestId('badge-needs-photo')).toHaveCount(0);
  await expect(page.getByTestId('badge-preview')).toBeVisible();
}

test('de: the badge dialog and the printed badge are in German (words and date); after switching to French the next print is French', async ({ page }) => {
  const kiosk = await launchPreview({ config: { argv: BADGE_ARGS, env: { KIOSK_LOCALE: 'de' } } });
  try {
    await page.goto(kiosk.url);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByTestId('directory-count')).toContainText('Ausweisinhaber');
    await openBadge(page);
    const preview = page.getByTestId('badge-preview');
    await expect(preview).toContainText(`Ausgestellt ${today('de-DE')}`);
    await expect(preview).toContainText('Pers.-Nr.');
    await expect(preview).not.toContainText('Issued');
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByTestId('badge-print').click();
    await expect(page.getByTestId('badge-result')).toContainText(`An ${PRINTER} gesendet`);
    const german = pdfText(printedPdfs(kiosk.dataDir).at(-1) ?? '');
    expect(german).toContain(`Ausgestellt ${today('de-DE')}`);
    expect(german).toContain('Pers.-Nr.');
    expect(german).not.toContain('Issued');
    await page.getByTestId('badge-close').click();

    // The shift switches to French: the next badge is laid out and printed in French.
    await page.getByTestId('language-switch').selectOption('fr');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await page.getByTestId('record-print-badge').click();
    await expect(page.getByTestId('badge-dialog')).toBeVisible();
    await page.getByTestId('badge-photo-file').setInputFiles(PHOTO);
    await expect(page.getByTestId('badge-preview')).toContainText(`Délivré le ${today('fr-FR')}`);
    await page.getByTestId('badge-reason-lost').check();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByTestId('badge-print').click();
    await expect(page.getByTestId('badge-result')).toBeVisible();
    const pdfs = printedPdfs(kiosk.dataDir);
    expect(pdfs).toHaveLength(2);
    const french = pdfText(pdfs.at(-1) ?? '');
    expect(french).toContain(`Délivré le ${today('fr-FR')}`);
    expect(french).toContain('Matricule');
  } finally {
    await kiosk.close();
    rmSync(kiosk.dataDir, { recursive: true, force: true });
  }
});

test('de: the layout editor edits a text element’s words in each language, previews in German and words its problems in German', async ({ page }) => {
  const templates = mkdtempSync(join(tmpdir(), 'kiosk-e2e-lang-badges-'));
  cpSync(EXAMPLES, templates, { recursive: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'kiosk-e2e-lang-badges-data-'));
  await setAdminPin(credentialDir(dataDir), PIN);
  const kiosk = await launchPreview({ dataDir, config: { argv: [`--badge-templates-dir=${templates}`], env: { KIOSK_LOCALE: 'de' } } });
  try {
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.goto(kiosk.url);
    await page.getByRole('tab').last().click();
    await page.getByTestId('pin-input').fill(PIN);
    await page.getByTestId('pin-submit').click();
    await page.getByTestId('admin-badge-edit-visitor-landscape').click();
    const editor = page.getByTestId('badge-editor');
    await expect(editor.getByTestId('badge-side')).toBeVisible();
    await expect(editor.getByTestId('badge-editor-preview-language')).toHaveText('Die Vorschau ist auf Deutsch.');
    await expect(editor.getByTestId('badge-side')).toContainText('Ausgestellt');

    // The words of "issued", one labelled field per language.
    await editor.getByTestId('badge-editor-element-issued').click();
    const words = editor.getByTestId('badge-editor-words');
    await expect(words.locator('legend')).toContainText('Text in jeder Sprache');
    await expect(words.getByLabel('Deutsch (de)')).toHaveValue('Ausgestellt');
    await expect(words.getByLabel('English (en)')).toHaveValue('Issued');
    await expect(words.getByLabel('Français (fr)')).toHaveValue('Délivré le');
    await expect(words.getByLabel('Español (es)')).toHaveValue('Emitido');
    await words.getByLabel('Deutsch (de)').fill('Ausgabe');
    await words.getByLabel('Deutsch (de)').press('Tab');
    await expect(editor.getByTestId('badge-side')).toContainText('Ausgabe');
    expect(await accessibilityViolations(page)).toEqual([]);

    // A German text too long for its box: the problem names the language, in German.
    await words.getByLabel('Deutsch (de)').fill('Ausgestellt am Empfang des Hauptgebäudes durch den Sicherheitsdienst am');
    await words.getByLabel('Deutsch (de)').press('Tab');
    const problems = editor.getByTestId('badge-editor-problems');
    await expect(problems).toContainText('Nicht gespeichert, bis dies behoben ist');
    await expect(problems).toContainText('Vorderseite, Element "issued": Der Text (de) "Ausgestellt am Empfang');
    await expect(editor.getByTestId('badge-editor-save')).toBeDisabled();
    expect(await accessibilityViolations(page)).toEqual([]);

    await words.getByLabel('Deutsch (de)').fill('Ausgabe');
    await words.getByLabel('Deutsch (de)').press('Tab');
    await expect(problems).not.toContainText('Nicht gespeichert');
    await editor.getByTestId('badge-editor-save').click();
    await expect(editor.getByTestId('badge-editor-notice')).toContainText('visitor-landscape.json gespeichert');
    const saved = JSON.parse(readFileSync(join(templates, 'visitor-landscape.json'), 'utf8')) as { front: { elements: Array<{ id: string; text?: unknown }> } };
    expect(saved.front.elements.find((e) => e.id === 'issued')?.text).toEqual({ en: 'Issued', de: 'Ausgabe', fr: 'Délivré le', es: 'Emitido' });
  } finally {
    await kiosk.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(templates, { recursive: true, force: true });
  }
});
