/**
 * Badge templates: the examples load without a problem; a broken template is refused with its
 * file and element named (unknown field, missing image, element off the card, a barcode that
 * cannot hold its value); `--admin check` lists those problems and exits 1.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { loadTemplates, templateFor } from '../../../electron/core/badges/template-library';
import { englishBadgeProblem } from '../../../electron/contract/ipc';
import { EXAMPLES, templatesCopy, writeTemplate, adminCheck } from './support';

const BROKEN = {
  name: 'Broken',
  orientation: 'portrait',
  front: {
    elements: [
      { type: 'text', id: 'name', x: 2, y: 2, width: 40, height: 8, field: 'nickname', fontSize: 10 },
      { type: 'image', id: 'logo', x: 2, y: 12, width: 20, height: 8, file: 'missing-logo.png' },
      { type: 'photo', id: 'photo', x: 30, y: 20, width: 30, height: 40 },
      { type: 'barcode', id: 'code', x: 2, y: 70, width: 20, height: 10, symbology: 'code128', field: 'employeeId', maxChars: 20 },
    ],
  },
};

describe('badge templates', () => {
  it('loads the example templates without a problem and picks one per cardholder type (the default for others)', async () => {
    const found = await loadTemplates(EXAMPLES);
    expect(found.problem).toBeNull();
    expect(found.templates.map((t) => [t.id, t.problems])).toEqual([
      ['employee-portrait', []],
      ['visitor-landscape', []],
    ]);
    expect(templateFor(found.templates, 3)?.id).toBe('visitor-landscape');
    expect(templateFor(found.templates, 1)?.id).toBe('employee-portrait');
    expect(templateFor(found.templates, 99)?.id).toBe('employee-portrait');
  });

  it('refuses an unknown field value and an unknown key, naming the element', async () => {
    const dir = templatesCopy();
    writeTemplate(dir, 'broken.json', BROKEN);
    writeTemplate(dir, 'extra-key.json', { ...BROKEN, front: { elements: [{ type: 'photo', id: 'p', x: 1, y: 1, width: 10, height: 10, rotate: 90 }] } });
    const found = await loadTemplates(dir);
    const broken = found.templates.find((t) => t.id === 'broken');
    expect(broken?.problems.map(englishBadgeProblem).join('\n')).toContain('front element "name" (field): expected one of "lastName"');
    const extra = found.templates.find((t) => t.id === 'extra-key');
    expect(extra?.problems.map(englishBadgeProblem)).toEqual(['front element "p": unknown field "rotate"']);
  });

  it('refuses a missing image, an element off the card and a barcode too small for its value, naming each element', async () => {
    const dir = templatesCopy();
    writeTemplate(dir, 'broken.json', { ...BROKEN, front: { elements: BROKEN.front.elements.slice(1) } });
    const broken = (await loadTemplates(dir)).templates.find((t) => t.id === 'broken');
    const text = broken?.problems.map(englishBadgeProblem).join('\n') ?? '';
    expect(text).toContain('front element "logo": the image "missing-logo.png" is not beside the template');
    expect(text).toContain('front element "photo": falls off the card');
    expect(text).toContain('front element "code": the code128 barcode cannot hold 20 characters');
    expect(broken?.problems).toHaveLength(3);
    expect(broken?.problems.map((p) => p.key)).toEqual(expect.arrayContaining(['imageMissing', 'offCard']));
    // A broken template never prints.
    expect(templateFor((await loadTemplates(dir)).templates, 5)?.id).toBe('employee-portrait');
  });

  it('--admin check lists every template problem with its file and exits 1', async () => {
    const dir = templatesCopy();
    writeTemplate(dir, 'broken.json', { ...BROKEN, front: { elements: BROKEN.front.elements.slice(1) } });
    const { code, out } = await adminCheck({ badges: { templatesDir: dir, printer: 'Card Printer' } });
    expect(code).toBe(1);
    expect(out).toContain(`Badge templates:  ${dir} (3 found, 2 usable)`);
    expect(out).toContain(`badge template ${join(dir, 'broken.json')}: front element "logo": the image "missing-logo.png" is not beside the template`);
    expect(out).toContain(`badge template ${join(dir, 'broken.json')}: front element "photo": falls off the card`);
    expect(out).toContain('Badge printer:    Card Printer');
    expect(out).toContain('The kiosk starts, but no badge is printed with these templates until they are fixed.');
  });

  it('--admin check passes with the example templates', async () => {
    const { code, out } = await adminCheck({ badges: { templatesDir: EXAMPLES } });
    expect(out).toContain('(2 found, 2 usable)');
    expect(code).toBe(0);
  });
});
