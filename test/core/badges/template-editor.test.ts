/**
 * The layout editor's save: an edited template is checked like `--admin check` (an element moved
 * off the card is refused naming it, and nothing is written); a valid change is written to the
 * same file, `--admin check` accepts it, the previous version is kept as .bak, and the save is logged.
 */
import { describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { englishBadgeProblem, type BadgeTemplateDocument } from '../../../electron/contract/ipc';
import { createBadgesCapability } from '../../../electron/core/badges/badges-capability';
import { createBadgeEditor } from '../../../electron/core/badges/template-editor';
import { KioskFailure } from '../../../electron/core/ipc/failure';
import { createLogger, memorySink } from '../../../electron/core/log/logger';
import { FONTS, SITE, fakePort, templatesCopy, adminCheck } from './support';
import { KioskDatabase } from '../../../electron/core/storage/kiosk-database';

function editor() {
  const dir = templatesCopy();
  const memory = memorySink();
  const log = createLogger(memory.sink);
  const badges = createBadgesCapability({
    templatesDir: dir,
    fontDir: FONTS,
    printerName: 'Card Printer',
    port: fakePort(),
    pickPdfFile: async () => null,
    site: () => SITE,
    dataDir: mkdtempSync(join(tmpdir(), 'kiosk-badge-editor-')),
    database: KioskDatabase.memory(),
    log,
    workstation: 'desk-1',
    cardholder: async () => null,
  });
  return { dir, lines: memory.lines, handlers: createBadgeEditor(badges, log) };
}

function adminCheckOf(dir: string): Promise<{ code: number; out: string }> {
  return adminCheck({ badges: { templatesDir: dir } });
}

const element = (template: BadgeTemplateDocument, id: string) => {
  const found = template.front.elements.find((e) => e.id === id);
  if (!found) throw new Error(`no element ${id}`);
  return found;
};

describe('the badge layout editor (main)', () => {
  it('refuses an element moved off the card, naming it, and writes nothing', async () => {
    const { dir, handlers } = editor();
    const before = readFileSync(join(dir, 'employee-portrait.json'), 'utf8');
    const { template } = await handlers.getBadgeTemplateSource({ templateId: 'employee-portrait' });
    element(template, 'photo').x = 40; // 40 + 24 mm > 53.98 mm

    const draft = await handlers.previewBadgeTemplateDraft({ templateId: 'employee-portrait', template });
    expect(draft.preview).toBeNull();
    expect(draft.problems.map(englishBadgeProblem)).toEqual([expect.stringContaining('front element "photo": falls off the card')]);
    expect(draft.problems[0]).toMatchObject({ key: 'offCard', params: { side: 'front', element: 'photo' } });

    let refused: KioskFailure | null = null;
    try {
      await handlers.saveBadgeTemplate({ templateId: 'employee-portrait', template });
    } catch (thrown) {
      refused = thrown as KioskFailure;
    }
    expect(refused).toBeInstanceOf(KioskFailure);
    expect(refused?.error.code).toBe('rejected');
    expect(refused?.error.message).toContain('front element "photo": falls off the card');
    expect(readFileSync(join(dir, 'employee-portrait.json'), 'utf8')).toBe(before);
    expect(existsSync(join(dir, 'employee-portrait.json.bak'))).toBe(false);
  });

  it('refuses a shape the schema does not allow (a font size under 4 pt), naming the element', async () => {
    const { handlers } = editor();
    const { template } = await handlers.getBadgeTemplateSource({ templateId: 'employee-portrait' });
    element(template, 'last-name').fontSize = 2;
    await expect(handlers.saveBadgeTemplate({ templateId: 'employee-portrait', template })).rejects.toThrow('front element "last-name" (fontSize)');
  });

  it('saves a valid change to the same file, keeps a .bak of the previous version, logs it, and --admin check accepts it', async () => {
    const { dir, handlers, lines } = editor();
    const file = join(dir, 'employee-portrait.json');
    const before = readFileSync(file, 'utf8');
    const { template } = await handlers.getBadgeTemplateSource({ templateId: 'employee-portrait' });
    element(template, 'photo').x = 14.5;
    element(template, 'last-name').fontSize = 16;
    element(template, 'issued').text = 'Valid from';
    template.front.background = '#fafafa';

    const draft = await handlers.previewBadgeTemplateDraft({ templateId: 'employee-portrait', template });
    expect(draft.problems).toEqual([]);
    expect(draft.preview?.sides[0]?.boxes.find((b) => b.id === 'photo')?.x).toBe(14.5);

    const saved = await handlers.saveBadgeTemplate({ templateId: 'employee-portrait', template });
    expect(saved).toEqual({ templateId: 'employee-portrait', file: 'employee-portrait.json', backup: 'employee-portrait.json.bak' });
    const written = JSON.parse(readFileSync(file, 'utf8')) as BadgeTemplateDocument;
    expect(element(written, 'photo').x).toBe(14.5);
    expect(element(written, 'last-name').fontSize).toBe(16);
    expect(element(written, 'issued').text).toBe('Valid from');
    expect(written.front.background).toBe('#fafafa');
    expect(readFileSync(`${file}.bak`, 'utf8')).toBe(before);
    // No temporary file is left beside it, and the kiosk reads the new version.
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    expect(element((await handlers.getBadgeTemplateSource({ templateId: 'employee-portrait' })).template, 'photo').x).toBe(14.5);
    expect(lines.join('\n')).toContain('template employee-portrait.json saved from the layout editor (previous version: employee-portrait.json.bak)');

    const check = await adminCheckOf(dir);
    expect(check.out).toContain('(2 found, 2 usable)');
    expect(check.code).toBe(0);
  });

  it('says which template does not exist', async () => {
    const { handlers } = editor();
    await expect(handlers.getBadgeTemplateSource({ templateId: 'nope' })).rejects.toThrow('There is no badge template "nope".');
  });
});
