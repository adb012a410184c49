/**
 * The built-in badge templates (no templates provisioned: a workstation's first day): both pass
 * every check a provisioned template passes, with every language's words fitting; with no folder
 * set, or a folder that holds no template, an employee gets the built-in portrait card and a
 * visitor (a type the site names so) the built-in landscape card with a back, and Administration
 * and `--admin check` are told the built-in ones are in use (the layout editor refuses them: they
 * have no file); a folder with a template replaces them all.
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BadgeLocale, SiteNames } from '../../../electron/contract/ipc';
import { createBadgeEditor } from '../../../electron/core/badges/template-editor';
import { KioskFailure } from '../../../electron/core/ipc/failure';
import { builtInTemplates, visitorTypes } from '../../../electron/core/badges/built-in-templates';
import { readFontMetrics } from '../../../electron/core/badges/font-metrics';
import { createLogger, memorySink } from '../../../electron/core/log/logger';
import { FONTS, LONG_SURNAME, PERSON, SITE, badgeDirectory, templatesCopy, badgesWith, adminCheck } from './support';

/** Main's directory: who a badge is for, by id (each test files whom it shows). */
const people = badgeDirectory();

const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]);
const fonts = () => ({ regular: readFontMetrics(readFileSync(join(FONTS, 'DejaVuSans.ttf'))), bold: readFontMetrics(readFileSync(join(FONTS, 'DejaVuSans-Bold.ttf'))) });

function capability(templatesDir: string | null, site: SiteNames = SITE) {
  const { badges } = badgesWith({ templatesDir, site: () => site, cardholder: people.read, now: () => new Date('2026-11-25T09:30:00.000Z') });
  badges.rememberPhoto(PERSON.id, JPEG, 'image/jpeg');
  return badges;
}

describe('built-in badge templates', () => {
  it('pass every check of a provisioned template, every language fitting', () => {
    const templates = builtInTemplates(SITE, fonts());
    expect(templates.map((t) => [t.id, t.problems])).toEqual([
      ['built-in-employee', []],
      ['built-in-visitor', []],
    ]);
    expect(templates[0]?.template?.default).toBe(true);
  });

  it('the visitor card is for the types the site names as visitors or guests, in any language; none when the site names no type', () => {
    expect(visitorTypes(SITE)).toEqual([3]);
    expect(visitorTypes({ cardholderTypes: [{ id: 7, name: 'Besucher' }, { id: 8, name: 'Visiteur' }, { id: 9, name: 'Invitado' }, { id: 10, name: 'Gast' }, { id: 11, name: 'Mitarbeiter' }] })).toEqual([7, 8, 9, 10]);
    expect(visitorTypes({ cardholderTypes: [] })).toEqual([]);
  });

  it('no templates folder: an employee gets the built-in portrait card, a visitor the landscape card with a back, and the setup says built in', async () => {
    const badges = capability(null);
    const employee = await badges.handlers.previewBadge({ cardholderId: people.put({ ...PERSON, last_Name: LONG_SURNAME }) });
    expect([employee.templateId, employee.orientation, employee.sides.length]).toEqual(['built-in-employee', 'portrait', 1]);
    expect(employee.sides[0]?.boxes.find((b) => b.id === 'last-name')?.lines?.join('')).toBe(LONG_SURNAME);
    const visitor = await badges.handlers.previewBadge({ cardholderId: people.put({ ...PERSON, id: PERSON.id + 1, card_Holder_Type_ID: 3 }) });
    expect([visitor.templateId, visitor.orientation, visitor.sides.length]).toEqual(['built-in-visitor', 'landscape', 2]);
    const printed = await badges.handlers.printBadge({ previewId: employee.previewId, destination: 'printer' });
    expect(printed.entry).toMatchObject({ outcome: 'printed', template: 'built-in-employee' });
    const setup = await badges.handlers.getBadgeSetup(undefined);
    expect(setup.builtIn).toBe(true);
    expect(setup.templates.map((t) => [t.id, t.problems.length])).toEqual([
      ['built-in-employee', 0],
      ['built-in-visitor', 0],
    ]);
  });

  it('a folder without a template still prints the built-in card; a folder with templates replaces the built-in ones', async () => {
    const empty = capability(mkdtempSync(join(tmpdir(), 'kiosk-badges-empty-')));
    expect((await empty.handlers.previewBadge({ cardholderId: people.put(PERSON) })).templateId).toBe('built-in-employee');
    const provisioned = capability(templatesCopy());
    expect((await provisioned.handlers.previewBadge({ cardholderId: people.put(PERSON) })).templateId).toBe('employee-portrait');
    const setup = await provisioned.handlers.getBadgeSetup(undefined);
    expect(setup.builtIn).toBe(false);
    expect(setup.templates.some((t) => t.id.startsWith('built-in'))).toBe(false);
  });

  it('--admin check says the built-in templates are in use when none is provisioned, and passes', async () => {
    const { code, out } = await adminCheck({});
    expect(out).toContain('Badge templates:  built in: an employee card and a visitor card (badges.templatesDir is not set); provisioned templates replace them');
    expect(code).toBe(0);
  });

  it('a type and tenants the site never named: by their numbers in the language of the badge, as the screen says them', async () => {
    const firstDay: SiteNames = { ...SITE, cardholderTypes: [], tenants: [] };
    const badges = capability(null, firstDay);
    const expected: Record<BadgeLocale, [string, string]> = { en: ['Type 1', 'Tenant 0, Tenant 2'], de: ['Typ 1', 'Mieter 0, Mieter 2'], fr: ['Type 1', 'Locataire 0, Locataire 2'], es: ['Tipo 1', 'Inquilino 0, Inquilino 2'] } as Record<BadgeLocale, [string, string]>;
    for (const [locale, [type, tenants]] of Object.entries(expected) as Array<[BadgeLocale, [string, string]]>) {
      const preview = await badges.handlers.previewBadge({ cardholderId: people.put(PERSON), locale });
      const text = (id: string): string => (preview.sides[0]?.boxes.find((b) => b.id === id)?.lines ?? []).join(' ');
      expect([locale, text('type'), text('tenant')]).toEqual([locale, type, tenants]);
    }
  });

  it('the layout editor refuses a built-in template (it has no file to save): the officer reads where templates go', async () => {
    const badges = capability(null);
    const editor = createBadgeEditor(badges, createLogger(memorySink().sink));
    const refused = await editor.getBadgeTemplateSource({ templateId: 'built-in-employee' }).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(refused).toBeInstanceOf(KioskFailure);
    expect((refused as KioskFailure).error).toMatchObject({ key: 'errors.badgeTemplateBuiltIn', message: expect.stringContaining('badges.templatesDir') });
  });
});
