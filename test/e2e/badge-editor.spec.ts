/**
 * Administration's badge layout editor in Debian's Chromium: locked, main refuses the template
 * operations; unlock with the PIN, open the editor
 * on a copy of the example templates, move the photo by the keyboard (arrow keys, Shift) and by a
 * pointer drag, change a font size, see an element dragged off the card refused live, save; the
 * file on disk changed accordingly (with a .bak of the previous version) and the sample badge —
 * the print preview — shows the new layout. axe passes with the editor open.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setAdminPin } from '../../electron/core/admin-lock/admin-lock';
import { credentialDir } from '../../electron/core/credentials/choose-vault';
import type { BadgeTemplateDocument } from '../../electron/contract/ipc';
import { accessibilityViolations, expect, launchPreview, test } from './fixtures';

const EXAMPLES = join(__dirname, '..', '..', 'examples', 'provisioning', 'badges');
const PIN = '480261';

test('the layout editor moves an element by keyboard and by drag, changes a font size and saves the template file', async ({ page }) => {
  const templates = mkdtempSync(join(tmpdir(), 'kiosk-e2e-editor-'));
  cpSync(EXAMPLES, templates, { recursive: true });
  const file = join(templates, 'employee-portrait.json');
  const before = readFileSync(file, 'utf8');
  const dataDir = mkdtempSync(join(tmpdir(), 'kiosk-e2e-badge-editor-'));
  await setAdminPin(credentialDir(dataDir), PIN);
  const admin = await launchPreview({ dataDir, config: { argv: [`--badge-templates-dir=${templates}`] } });
  try {
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.goto(admin.url);
    // Locked: main refuses to hand out or write a template without the PIN.
    const locked = await page.evaluate(async () => {
      const k = (window as unknown as { kiosk: Record<string, (request: unknown) => Promise<{ ok: boolean; error?: { code: string } }>> }).kiosk;
      const template = { name: 'Hijack', orientation: 'portrait', front: { elements: [] } };
      return [await k.getBadgeTemplateSource!({ templateId: 'employee-portrait' }), await k.saveBadgeTemplate!({ templateId: 'employee-portrait', template })];
    });
    expect(locked.map((r) => r.ok)).toEqual([false, false]);
    expect(locked.map((r) => r.error?.code)).toEqual(['forbidden', 'forbidden']);
    expect(readFileSync(file, 'utf8')).toBe(before);
    await page.getByRole('tab', { name: 'Administration' }).click();
    const dialog = page.getByRole('dialog', { name: 'Administrator PIN' });
    for (const digit of PIN) await dialog.getByRole('button', { name: `Digit ${digit}` }).click();
    await dialog.getByRole('button', { name: 'Unlock' }).click();
    await page.getByRole('button', { name: 'Edit layout: Employee (portrait)' }).click();
    const editor = page.getByTestId('badge-editor');
    await expect(editor.getByTestId('badge-side')).toBeVisible();

    // Keyboard: select the photo from the list, then arrow keys on the card.
    await editor.getByTestId('badge-editor-element-photo').click();
    await expect(editor.getByLabel('x (mm from the left)')).toHaveValue('15');
    await editor.getByTestId('badge-editor-stage').focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Shift+ArrowDown');
    await expect(editor.getByLabel('x (mm from the left)')).toHaveValue('16');
    await expect(editor.getByLabel('y (mm from the top)')).toHaveValue('19');

    // Pointer: drag the photo 4 mm to the left.
    const stage = await editor.getByTestId('badge-editor-stage').boundingBox();
    const box = await editor.locator('[data-testid="badge-editor-box"][data-element="photo"]').boundingBox();
    if (!stage || !box) throw new Error('the card is not laid out');
    const pxPerMm = stage.width / 53.98;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 - 2 * pxPerMm, box.y + box.height / 2, { steps: 3 });
    await page.mouse.move(box.x + box.width / 2 - 4 * pxPerMm, box.y + box.height / 2, { steps: 3 });
    await page.mouse.up();
    await expect(editor.getByLabel('x (mm from the left)')).toHaveValue('12');
    await expect(editor.getByLabel('y (mm from the top)')).toHaveValue('19');

    // Off the card: refused live, naming the element; Save stays off.
    await editor.getByLabel('x (mm from the left)').fill('40');
    await editor.getByLabel('x (mm from the left)').press('Tab');
    await expect(editor.getByTestId('badge-editor-problems')).toContainText('front element "photo": falls off the card');
    await expect(editor.getByTestId('badge-editor-save')).toBeDisabled();
    await editor.getByLabel('x (mm from the left)').fill('12');
    await editor.getByLabel('x (mm from the left)').press('Tab');
    await expect(editor.getByTestId('badge-editor-problems')).not.toContainText('falls off the card');

    // A font size.
    await editor.getByTestId('badge-editor-element-last-name').click();
    await editor.getByLabel('Font size (pt)').fill('12');
    await editor.getByLabel('Font size (pt)').press('Tab');
    await expect(editor.locator('[data-element="last-name"]').first()).toBeVisible();
    await expect(editor.getByTestId('badge-editor-save')).toBeEnabled();
    expect(await accessibilityViolations(page)).toEqual([]);

    await editor.getByTestId('badge-editor-save').click();
    await expect(editor.getByTestId('badge-editor-notice')).toContainText('Saved employee-portrait.json (the previous version is kept as employee-portrait.json.bak)');
    const saved = JSON.parse(readFileSync(file, 'utf8')) as BadgeTemplateDocument;
    const element = (id: string) => saved.front.elements.find((e) => e.id === id);
    expect(element('photo')).toMatchObject({ x: 12, y: 19, width: 24, height: 32 });
    expect(element('last-name')?.fontSize).toBe(12);
    expect(existsSync(`${file}.bak`)).toBe(true);
    expect(readFileSync(`${file}.bak`, 'utf8')).toBe(before);

    // The print preview (the sample badge main lays out) shows the saved layout.
    await page.getByTestId('admin-badge-sample-employee-portrait').click();
    const sample = page.getByTestId('admin-badge-sample');
    await expect(sample.locator('[data-element="photo"]')).toHaveAttribute('style', /left: 12mm; top: 19mm/);
    await expect(sample.locator('[data-element="last-name"]')).toHaveAttribute('style', /font-size: 12pt/);
    expect(await accessibilityViolations(page)).toEqual([]);
  } finally {
    await admin.close();
    rmSync(admin.dataDir, { recursive: true, force: true });
    rmSync(templates, { recursive: true, force: true });
  }
});
