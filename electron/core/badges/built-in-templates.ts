/**
 * The badge templates the kiosk ships with, used whenever the administrator has provisioned none
 * (badges.templatesDir not set, or a folder without a single *.json): an employee card (portrait,
 * the default for every cardholder type) and a visitor card (landscape, with a back), so a
 * workstation prints a correct badge on its first day. Provisioned templates replace them
 * entirely. They are data compiled into the app bundle (no file, no download), checked exactly
 * like a provisioned template (template-library.ts checkTemplate). They know no site: no logo, no
 * colours by type number; the visitor card is for the cardholder types the site names as
 * visitors or guests (in any of the kiosk's languages). Owns the choice "provisioned or
 * built in"; loading and checking a folder stays in template-library.ts.
 */
import type { SiteNames } from '../../contract/ipc';
import type { BadgeFonts } from './badge-layout';
import { checkTemplate, loadTemplates, type LoadedTemplate } from './template-library';
import { BadgeTemplate, type BadgeTemplateInput } from './template-schema';

/** What a built-in template's `file` starts with: there is no file (Administration says "built in"). */
export const BUILT_IN_PREFIX = 'built-in:';
export const isBuiltIn = (loaded: Pick<LoadedTemplate, 'file'>): boolean => loaded.file.startsWith(BUILT_IN_PREFIX);

const ISSUED = { en: 'Issued', de: 'Ausgestellt', fr: 'Délivré le', es: 'Emitido' };
const ID_LABEL = { en: 'ID', de: 'Pers.-Nr.', fr: 'Matricule', es: 'N.º' };
const EMPLOYEE_BLUE = '#1a4d8f';
const VISITOR_RED = '#a31f34';

/** Portrait ID-1 (53.98 × 85.6 mm): the type in the header band, the photo, the names, tenant, employee ID as text and Code 128, the issue date. */
const EMPLOYEE: BadgeTemplateInput = {
  name: 'Employee (built in)',
  orientation: 'portrait',
  default: true,
  front: {
    background: '#ffffff',
    elements: [
      { type: 'band', id: 'header', x: 0, y: 0, width: 53.98, height: 12, defaultColor: EMPLOYEE_BLUE },
      { type: 'text', id: 'type', x: 3, y: 2, width: 47.98, height: 8, field: 'cardholderType', fontSize: 10, minFontSize: 6, maxLines: 2, bold: true, color: '#ffffff', align: 'center' },
      { type: 'photo', id: 'photo', x: 15, y: 14, width: 24, height: 32 },
      { type: 'text', id: 'last-name', x: 2.5, y: 47, width: 48.98, height: 10, field: 'lastName', fontSize: 14, minFontSize: 6, maxLines: 2, bold: true, align: 'center' },
      { type: 'text', id: 'first-name', x: 2.5, y: 57.5, width: 48.98, height: 6, field: 'firstName', fontSize: 11, minFontSize: 6, maxLines: 2, align: 'center' },
      { type: 'text', id: 'tenant', x: 2.5, y: 64, width: 48.98, height: 4.5, field: 'tenant', fontSize: 7, minFontSize: 5, color: '#444444', align: 'center' },
      { type: 'text', id: 'employee-id', x: 2.5, y: 68.5, width: 48.98, height: 4, field: 'employeeId', text: ID_LABEL, fontSize: 7, align: 'center' },
      { type: 'barcode', id: 'barcode', x: 2.5, y: 72.5, width: 48.98, height: 8, symbology: 'code128', field: 'employeeId', maxChars: 12 },
      { type: 'text', id: 'issued', x: 2.5, y: 81, width: 48.98, height: 3, field: 'issueDate', text: ISSUED, fontSize: 6, minFontSize: 5, color: '#444444', align: 'center' },
      { type: 'border', id: 'edge', thickness: 1, defaultColor: EMPLOYEE_BLUE },
    ],
  },
};

/** Landscape ID-1 (85.6 × 53.98 mm) with a back: the photo framed in red, the name, a QR code; on the back the return notice, a Code 128 and a PDF417 of the name. */
const VISITOR: BadgeTemplateInput = {
  name: 'Visitor (built in)',
  orientation: 'landscape',
  front: {
    background: '#ffffff',
    elements: [
      { type: 'band', id: 'header', x: 0, y: 0, width: 85.6, height: 10, defaultColor: VISITOR_RED },
      { type: 'text', id: 'type', x: 3, y: 1.5, width: 79.6, height: 7, field: 'cardholderType', fontSize: 10, minFontSize: 6, bold: true, color: '#ffffff', align: 'left' },
      { type: 'photo', id: 'photo', x: 3, y: 13, width: 27, height: 36, borderColor: VISITOR_RED },
      { type: 'text', id: 'name', x: 33, y: 12.5, width: 49.6, height: 12, field: 'displayName', fontSize: 14, minFontSize: 6, maxLines: 2, bold: true },
      { type: 'text', id: 'tenant', x: 33, y: 25, width: 49.6, height: 5, field: 'tenant', fontSize: 8, minFontSize: 5, color: '#444444' },
      { type: 'text', id: 'issued', x: 33, y: 30.5, width: 49.6, height: 4.5, field: 'issueDate', text: ISSUED, fontSize: 7, color: '#444444' },
      { type: 'text', id: 'employee-id', x: 33, y: 37, width: 27, height: 5, field: 'employeeId', text: ID_LABEL, fontSize: 8, minFontSize: 5 },
      { type: 'barcode', id: 'qr', x: 63, y: 33, width: 19, height: 19, symbology: 'qrcode', field: 'employeeId', maxChars: 20 },
      { type: 'border', id: 'edge', thickness: 0.8, defaultColor: VISITOR_RED },
    ],
  },
  back: {
    background: '#f4f4f4',
    elements: [
      {
        type: 'text',
        id: 'notice',
        x: 5,
        y: 4,
        width: 75.6,
        height: 10,
        field: 'text',
        text: {
          en: 'This card remains the property of the site. If found, please return it to the front desk.',
          de: 'Dieser Ausweis bleibt Eigentum des Standorts. Wenn Sie ihn finden, geben Sie ihn bitte am Empfang ab.',
          fr: 'Cette carte reste la propriété du site. Si vous la trouvez, merci de la rapporter à l’accueil.',
          es: 'Esta tarjeta es propiedad del centro. Si la encuentra, devuélvala en la recepción.',
        },
        fontSize: 8,
        minFontSize: 6,
        maxLines: 2,
        align: 'center',
      },
      { type: 'barcode', id: 'barcode', x: 8, y: 16, width: 69.6, height: 12, symbology: 'code128', field: 'employeeId', maxChars: 16 },
      { type: 'barcode', id: 'pdf417', x: 8, y: 31, width: 69.6, height: 19, symbology: 'pdf417', field: 'fullName', maxChars: 40 },
    ],
  },
};

/** A cardholder type the site names as a visitor or a guest, in any of the kiosk's languages. */
const VISITOR_NAME = /visit|guest|besuch|gast|gäste|invit|huésped|huesped/i;

/** The visitor card's cardholder types: those the site names as visitors (none when the site names no type). */
export const visitorTypes = (site: Pick<SiteNames, 'cardholderTypes'>): number[] => site.cardholderTypes.filter((t) => VISITOR_NAME.test(t.name)).map((t) => t.id);

function builtIn(id: string, input: BadgeTemplateInput, fonts: BadgeFonts | null): LoadedTemplate {
  const template = BadgeTemplate.parse(input);
  return { id, file: `${BUILT_IN_PREFIX}${id}`, template, assets: new Map(), problems: checkTemplate(template, new Map(), fonts) };
}

/** The built-in templates for this site: the employee card (the default) and the visitor card for the site's visitor types. */
export function builtInTemplates(site: Pick<SiteNames, 'cardholderTypes'>, fonts: BadgeFonts | null = null): LoadedTemplate[] {
  return [builtIn('built-in-employee', EMPLOYEE, fonts), builtIn('built-in-visitor', { ...VISITOR, cardholderTypes: visitorTypes(site) }, fonts)];
}

export interface TemplateChoice {
  templates: LoadedTemplate[];
  /** Why the provisioned folder gives no usable library (said in the log and by `--admin check`), or null. */
  problem: string | null;
  /** The built-in templates are in use: none was provisioned. */
  builtIn: boolean;
}

/**
 * The templates of this workstation: the provisioned ones when the folder holds any (even one
 * with a problem: the administrator meant it), else the built-in ones. A folder that is set but
 * holds no template or cannot be read keeps its problem, and the built-in ones print meanwhile.
 */
export async function provisionedOrBuiltIn(dir: string | null, site: Pick<SiteNames, 'cardholderTypes'>, fonts: BadgeFonts | null = null): Promise<TemplateChoice> {
  const found = dir === null ? { templates: [], problem: null } : await loadTemplates(dir, fonts);
  if (found.templates.length > 0) return { ...found, builtIn: false };
  return { templates: builtInTemplates(site, fonts), problem: found.problem, builtIn: true };
}
