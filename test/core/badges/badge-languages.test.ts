/**
 * Badges in the language of the screen (issue 23): a template's words given per language are
 * laid out in the locale the preview (and the print) carry, the issue date written as that
 * language writes it; the fallback (English, then the first one given; en-XA prints English; a
 * plain string in every language); Print in another language than the preview lays it out again;
 * the fit check checks every language's words (the longest decides) and names the language, in
 * the problems main sends ({ key, params }) and in `--admin check`.
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { englishBadgeProblem, type BadgeLocale, type BadgePreview } from '../../../electron/contract/ipc';
import { loadBadgeFontMetrics } from '../../../electron/core/badges/font-metrics';
import { loadTemplates } from '../../../electron/core/badges/template-library';
import { FONTS, JPEG, PERSON, badgeDirectory, templatesCopy, writeTemplate, badgesWith, adminCheck } from './support';

const ISSUED = new Date(2026, 10, 25, 10, 30); // 25 November 2026, the workstation's time zone

function capability(templatesDir: string) {
  return badgesWith({ templatesDir, cardholder: people.read, now: () => ISSUED });
}

/** Main's directory: who a badge is for, by id (each test files whom it shows). */
const people = badgeDirectory();
const VISITOR = { ...PERSON, card_Holder_Type_ID: 3 };
const lines = (preview: BadgePreview, side: number, id: string): string => (preview.sides[side]?.boxes.find((b) => b.id === id)?.lines ?? []).join(' ');

/** A one-element template: a text element with `text` (per language or plain) and `field`. */
function oneText(text: unknown, field = 'text', box: { width: number; height: number } = { width: 48, height: 6 }) {
  return { name: 'Words', orientation: 'portrait', default: true, front: { elements: [{ type: 'text', id: 'words', x: 2, y: 2, ...box, field, text, fontSize: 8 }] } };
}

async function wordsIn(text: unknown, locale: BadgeLocale | undefined): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'kiosk-badge-words-'));
  writeTemplate(dir, 'words.json', oneText(text));
  const { badges } = capability(dir);
  const preview = await badges.handlers.previewBadge({ cardholderId: people.put(PERSON), photo: JPEG, photoType: 'image/jpeg', ...(locale ? { locale } : {}) });
  return lines(preview, 0, 'words');
}

describe('badges in the language of the screen', () => {
  it('a template with four languages printed in German: the German words and the German date, on the card and in the page printed', async () => {
    const { badges, port } = capability(templatesCopy());
    badges.rememberPhoto(VISITOR.id, JPEG, 'image/jpeg');
    const preview = await badges.handlers.previewBadge({ cardholderId: people.put(VISITOR), locale: 'de' });
    expect(lines(preview, 0, 'issued')).toBe('Ausgestellt 25.11.2026');
    expect(lines(preview, 0, 'employee-id')).toBe(`Pers.-Nr. ${PERSON.employee_ID}`);
    expect(lines(preview, 1, 'notice')).toContain('Eigentum des Standorts');
    await badges.handlers.printBadge({ previewId: preview.previewId, destination: 'printer', locale: 'de' });
    const html = port.printed[0]?.job.html ?? '';
    expect(html).toContain('Ausgestellt 25.11.2026');
    expect(html).toContain('Eigentum des Standorts');
    expect(html).not.toContain('Issued');
    expect(html).toContain('<html lang="de">');
  });

  it('each language its own words and its own date; English as en-GB (day first), no language as YYYY-MM-DD (as before)', async () => {
    const { badges } = capability(templatesCopy());
    badges.rememberPhoto(VISITOR.id, JPEG, 'image/jpeg');
    const issued = async (locale?: BadgeLocale): Promise<string> => lines(await badges.handlers.previewBadge({ cardholderId: people.put(VISITOR), ...(locale ? { locale } : {}) }), 0, 'issued');
    expect(await issued('en')).toBe('Issued 25/11/2026');
    expect(await issued('fr')).toBe('Délivré le 25/11/2026');
    expect(await issued('es')).toBe('Emitido 25/11/2026');
    expect(await issued('en-XA')).toBe('Issued 25/11/2026');
    expect(await issued()).toBe('Issued 2026-11-25');
  });

  it('falls back to English, then to the first language given; a plain string is the same in every language', async () => {
    expect(await wordsIn({ en: 'Visitor', fr: 'Visiteur' }, 'de')).toBe('Visitor');
    expect(await wordsIn({ fr: 'Visiteur', es: 'Visitante' }, 'de')).toBe('Visiteur');
    expect(await wordsIn({ de: 'Besucher', en: 'Visitor' }, 'en-XA')).toBe('Visitor');
    expect(await wordsIn({ de: 'Besucher', en: 'Visitor' }, undefined)).toBe('Visitor');
    expect(await wordsIn('Visitor', 'es')).toBe('Visitor');
  });

  it('Print pressed in another language than the preview prints in the language shown when Print was pressed', async () => {
    const { badges, port } = capability(templatesCopy());
    badges.rememberPhoto(VISITOR.id, JPEG, 'image/jpeg');
    const preview = await badges.handlers.previewBadge({ cardholderId: people.put(VISITOR), locale: 'en' });
    expect(lines(preview, 0, 'issued')).toBe('Issued 25/11/2026');
    await badges.handlers.printBadge({ previewId: preview.previewId, destination: 'printer', locale: 'de' });
    expect(port.printed[0]?.job.html).toContain('Ausgestellt 25.11.2026');
  });

  it('the fit check checks every language: the one whose words do not fit is named; the others pass', async () => {
    const dir = templatesCopy();
    const long = 'Dieser Ausweis bleibt Eigentum des Standorts und ist beim Verlassen des Geländes unaufgefordert zurückzugeben';
    writeTemplate(dir, 'words.json', { ...oneText({ en: 'Property of the site', de: long, fr: 'Propriété du site' }, 'text', { width: 30, height: 4 }), default: false, cardholderTypes: [9] });
    const fonts = await loadBadgeFontMetrics(FONTS);
    const found = (await loadTemplates(dir, fonts)).templates.find((t) => t.id === 'words');
    expect(found?.problems).toHaveLength(1);
    expect(found?.problems[0]).toMatchObject({ key: 'wordsTooLongIn', params: { side: 'front', element: 'words', language: 'de' } });
    expect(englishBadgeProblem(found!.problems[0]!)).toBe(`front element "words": the de words "${long}" do not fit 30 × 4 mm, even at 5 pt`);
    // A label is checked with the longest date of its language.
    writeTemplate(dir, 'words.json', { ...oneText({ en: 'Issued', es: 'Fecha de emisión de la tarjeta' }, 'issueDate', { width: 20, height: 3 }), default: false, cardholderTypes: [9] });
    const label = (await loadTemplates(dir, fonts)).templates.find((t) => t.id === 'words');
    expect(label?.problems.map((p) => p.params.language)).toEqual(['es']);
    expect(englishBadgeProblem(label!.problems[0]!)).toContain('"Fecha de emisión de la tarjeta 31/12/2026"');
    // The example templates' four languages all fit.
    expect((await loadTemplates(templatesCopy(), fonts)).templates.flatMap((t) => t.problems)).toEqual([]);
  });

  it('--admin check names the language whose words do not fit', async () => {
    const dir = templatesCopy();
    writeTemplate(dir, 'words.json', { ...oneText({ en: 'Site property', fr: 'Cette carte reste la propriété exclusive du site et doit être rendue' }, 'text', { width: 30, height: 4 }), default: false, cardholderTypes: [9] });
    const { code, out } = await adminCheck({ badges: { templatesDir: dir, printer: 'Card Printer' } });
    expect(code).toBe(1);
    expect(out).toContain(`badge template ${join(dir, 'words.json')}: front element "words": the fr words "Cette carte reste la propriété exclusive du site et doit être rendue" do not fit 30 × 4 mm`);
  });

  it('a template language key that is not a language tag is refused, naming the element', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kiosk-badge-words-'));
    writeTemplate(dir, 'words.json', oneText({ German: 'Besucher' }));
    const found = (await loadTemplates(dir)).templates[0];
    expect(found?.template).toBeNull();
    expect(found?.problems.map(englishBadgeProblem).join('\n')).toContain('front element "words" (text');
  });

  it('a schema refusal carries what it is (a limit, the values allowed) for the renderer to word; its English words stay as the schema says them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kiosk-badge-words-'));
    writeTemplate(dir, 'words.json', { name: 'Words', orientation: 'portrait', front: { elements: [{ type: 'text', id: 'name', x: 2, y: 2, width: 40, height: 8, field: 'lastName', fontSize: 80 }] } });
    const found = (await loadTemplates(dir)).templates[0];
    expect(found?.problems[0]).toMatchObject({ key: 'invalidElementField', params: { side: 'front', element: '"name"', path: 'fontSize', issue: 'atMost', limit: '72 pt' } });
    expect(englishBadgeProblem(found!.problems[0]!)).toBe('front element "name" (fontSize): expected at most 72 pt');
  });
});
