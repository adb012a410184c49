/**
 * The files beside a badge template (issue 32, Low): a link is refused, never followed (/etc/passwd
 * came back as an image); a file whose bytes are not the image its name says is refused; an image
 * over 4 MiB says it is too large (it was called "missing"); an SVG whose <use> tree multiplies its
 * shapes, or that declares entities, is refused by the check instead of hanging the print window;
 * a template file that is a link is refused; `--admin check` says each real reason.
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { englishBadgeProblem } from '../../../electron/contract/ipc';
import { loadTemplates } from '../../../electron/core/badges/template-library';
import { contentRefusal, MAX_SVG_USE_COPIES } from '../../../electron/core/badges/template-image-file';
import { templatesCopy, writeTemplate, adminCheck } from './support';

const PNG_START = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A template with one image element (and optionally a background) naming `file`. */
const withImage = (file: string, background?: string) => ({
  name: 'Images',
  orientation: 'portrait',
  cardholderTypes: [9],
  front: { ...(background ? { backgroundImage: background } : {}), elements: [{ type: 'image', id: 'logo', x: 2, y: 2, width: 20, height: 8, file }] },
});

async function problemsOf(dir: string, id: string): Promise<string[]> {
  const found = (await loadTemplates(dir)).templates.find((t) => t.id === id);
  return found?.problems.map(englishBadgeProblem) ?? ['(no such template)'];
}

/** An SVG in which each level uses the next one twice: 2^levels copies of the shape at the bottom. */
function doublingSvg(levels: number): string {
  const defs = Array.from({ length: levels }, (_, i) => `<g id="l${i}"><use href="#l${i + 1}"/><use xlink:href="#l${i + 1}"/></g>`).join('');
  return `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><defs>${defs}<rect id="l${levels}" width="1" height="1"/></defs><use href="#l0"/></svg>`;
}

describe('the images beside a badge template', () => {
  it('a link is refused and never read: a template naming /etc/passwd through a link gets no image', async () => {
    const dir = templatesCopy();
    symlinkSync('/etc/passwd', join(dir, 'passwd.png'));
    writeTemplate(dir, 'linked.json', withImage('passwd.png'));
    const found = (await loadTemplates(dir)).templates.find((t) => t.id === 'linked');
    expect(found?.assets.size).toBe(0);
    expect(found?.problems.map(englishBadgeProblem)).toEqual(['front element "logo": "passwd.png" is a link; the kiosk uses only images that are files in the templates folder itself']);
  });

  it('bytes that are not the image the name says are refused (text named .png, a PNG named .svg), with the reason', async () => {
    const dir = templatesCopy();
    writeFileSync(join(dir, 'notes.png'), 'root:x:0:0:root:/root:/bin/bash\n');
    writeFileSync(join(dir, 'fake.svg'), Buffer.concat([PNG_START, Buffer.alloc(64)]));
    writeTemplate(dir, 'wrong.json', withImage('notes.png', 'fake.svg'));
    expect(await problemsOf(dir, 'wrong')).toEqual(['front element "backgroundImage": "fake.svg" is not a SVG image (its content is not one)', 'front element "logo": "notes.png" is not a PNG image (its content is not one)']);
  });

  it('an image over 4 MiB says it is too large (not "missing")', async () => {
    const dir = templatesCopy();
    writeFileSync(join(dir, 'huge.png'), Buffer.concat([PNG_START, Buffer.alloc(4 * 1024 * 1024)]));
    writeTemplate(dir, 'huge.json', withImage('huge.png'));
    expect(await problemsOf(dir, 'huge')).toEqual(['front element "logo": the image "huge.png" is too large (4097 KB; the limit is 4096 KB)']);
  });

  it('an SVG whose <use> tree doubles its shapes 30 times is refused; one with a few <use> passes', async () => {
    const dir = templatesCopy();
    writeFileSync(join(dir, 'bomb.svg'), doublingSvg(30));
    writeFileSync(join(dir, 'fine.svg'), doublingSvg(4));
    writeTemplate(dir, 'bomb.json', withImage('bomb.svg'));
    writeTemplate(dir, 'fine.json', { ...withImage('fine.svg'), cardholderTypes: [8] });
    expect(await problemsOf(dir, 'bomb')).toEqual([
      `front element "logo": the SVG image "bomb.svg" repeats its shapes too often through its "use" elements (more than ${MAX_SVG_USE_COPIES} copies, or more than 8 levels deep): printing it would stall`,
    ]);
    expect(await problemsOf(dir, 'fine')).toEqual([]);
  });

  it('an SVG that uses itself, declares entities, or is not an SVG at all is refused', () => {
    const svg = (body: string): Uint8Array => new TextEncoder().encode(body);
    expect(contentRefusal(svg('<svg xmlns="http://www.w3.org/2000/svg"><g id="a"><use href="#a"/></g></svg>'), 'SVG')?.reason).toBe('svgTooComplex');
    expect(contentRefusal(svg('<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaa">]><svg>&a;</svg>'), 'SVG')?.reason).toBe('svgDoctype');
    expect(contentRefusal(svg('<html><svg></svg></html>'), 'SVG')?.reason).toBe('notImage');
    expect(contentRefusal(svg('hello <svg></svg>'), 'SVG')?.reason).toBe('notImage');
    expect(contentRefusal(svg('<svg><g>'.repeat(1) + '<g>'.repeat(300) + '</svg>'), 'SVG')?.reason).toBe('svgTooComplex');
    expect(contentRefusal(svg('<!-- logo --><svg viewBox="0 0 1 1"><rect title="a > b" width="1" height="1"/></svg>'), 'SVG')).toBeNull();
    // Unclosed quotes and tags end the reading at once, not after a quadratic search.
    expect(contentRefusal(svg(`<svg>${'<a "'.repeat(1_000_000)}`), 'SVG')?.reason).toBe('notImage');
  });

  it('a template file that is a link is refused, not followed', async () => {
    const dir = templatesCopy();
    const elsewhere = mkdtempSync(join(tmpdir(), 'kiosk-badge-elsewhere-'));
    writeTemplate(elsewhere, 'outside.json', withImage('logo.svg'));
    symlinkSync(join(elsewhere, 'outside.json'), join(dir, 'outside.json'));
    expect(await problemsOf(dir, 'outside')).toEqual(['is a link; the kiosk reads only templates that are files in the templates folder itself']);
  });

  it('--admin check says the real reason of each refused image and exits 1', async () => {
    const dir = templatesCopy();
    symlinkSync('/etc/passwd', join(dir, 'passwd.png'));
    writeFileSync(join(dir, 'bomb.svg'), doublingSvg(30));
    writeTemplate(dir, 'linked.json', withImage('passwd.png'));
    writeTemplate(dir, 'bomb.json', { ...withImage('bomb.svg'), cardholderTypes: [8] });
    const { code, out } = await adminCheck({ badges: { templatesDir: dir } });
    expect(code).toBe(1);
    expect(out).toContain(`badge template ${join(dir, 'linked.json')}: front element "logo": "passwd.png" is a link`);
    expect(out).toContain(`badge template ${join(dir, 'bomb.json')}: front element "logo": the SVG image "bomb.svg" repeats its shapes too often through its "use" elements`);
  });
});
