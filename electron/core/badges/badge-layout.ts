/**
 * Lays a template out for one cardholder: the values of its fields (names, employee ID, the
 * cardholder type and tenants by their site names, else by their numbers in the badge's language,
 * the issue date), each text fitted (never cut),
 * each barcode made and checked against its box, the colours of this cardholder's type, the
 * photo and the images, the template's words and the issue date in the language of the screen
 * that asked (template-words.ts). The result is plain data (BadgeSideLayout) that the print page
 * (badge-page.ts) and the renderer's true-size preview both draw. A value that does not fit is
 * an error for the officer, never a cut badge.
 */
import { withoutHiddenCharacters } from '../../contract/cardholder-fields';
import type { BadgeBox, BadgeCardholder, BadgeLocale, BadgeSideLayout, SiteNames } from '../../contract/ipc';
import { KioskFailure } from '../ipc/failure';
import { barcodeFitProblem, encodeBarcode } from './barcode';
import type { FontMetrics } from './font-metrics';
import { cardSize, type BadgeField, type BadgeSide, type BadgeTemplate, type TextElement } from './template-schema';
import { fitText, smallestSize } from './text-fit';
import { issueDateText, unnamedWords, wordsIn } from './template-words';

export interface BadgeFonts {
  regular: FontMetrics;
  bold: FontMetrics;
}

export interface LayoutInput {
  template: BadgeTemplate;
  /** The template's images as data: URLs, by file name. */
  assets: ReadonlyMap<string, string>;
  cardholder: BadgeCardholder;
  site: SiteNames;
  /** The photo as a data: URL, or null. */
  photo: string | null;
  issued: Date;
  fonts: BadgeFonts;
  /** The language shown when the badge was asked for: the template's words and the issue date in it (English and YYYY-MM-DD when none). */
  locale?: BadgeLocale;
}

const FIELD_WORDS: Record<BadgeField, string> = {
  lastName: 'last name',
  firstName: 'first name',
  middleName: 'middle name',
  displayName: 'display name',
  fullName: 'name',
  employeeId: 'employee ID',
  cardholderType: 'cardholder type',
  tenant: 'tenant',
  issueDate: 'issue date',
  text: 'text',
};

/** A field's text as printed: a record holding a direction override or an invisible character prints without it ("evil" stays "evil"). */
export function fieldValue(field: BadgeField, person: BadgeCardholder, site: SiteNames, issued: Date, text: string, locale?: BadgeLocale): string {
  return withoutHiddenCharacters(fieldText(field, person, site, issued, text, locale));
}

function fieldText(field: BadgeField, person: BadgeCardholder, site: SiteNames, issued: Date, text: string, locale?: BadgeLocale): string {
  const full = [person.first_Name, person.middle_Name, person.last_Name].map((p) => p.trim()).filter((p) => p !== '').join(' ');
  switch (field) {
    case 'lastName':
      return person.last_Name.trim();
    case 'firstName':
      return person.first_Name.trim();
    case 'middleName':
      return person.middle_Name.trim();
    case 'displayName':
      return person.displayName.trim() || full;
    case 'fullName':
      return full;
    case 'employeeId':
      return person.employee_ID.trim();
    case 'cardholderType':
      return site.cardholderTypes.find((t) => t.id === person.card_Holder_Type_ID)?.name ?? unnamedWords('cardholderType', person.card_Holder_Type_ID, locale);
    case 'tenant':
      return person.tenant.map((id) => site.tenants.find((t) => t.id === id)?.name ?? unnamedWords('tenant', id, locale)).join(', ');
    case 'issueDate':
      return issueDateText(issued, locale);
    case 'text':
      return text;
  }
}

const svgDataUrl = (svg: string): string => `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;

function textBox(element: TextElement, input: LayoutInput, sideName: string): BadgeBox {
  const { cardholder, site, issued, locale } = input;
  const words = wordsIn(element.text, locale);
  const value = fieldValue(element.field, cardholder, site, issued, words, locale);
  let shown = element.field !== 'text' && words ? `${words} ${value}` : value;
  if (element.uppercase) shown = shown.toLocaleUpperCase();
  const metrics = element.bold ? input.fonts.bold : input.fonts.regular;
  const fitted = fitText(metrics, {
    text: shown,
    widthMm: element.width,
    heightMm: element.height,
    fontSize: element.fontSize,
    minFontSize: smallestSize(element.fontSize, element.minFontSize),
    maxLines: element.maxLines,
  });
  if (!fitted) {
    throw KioskFailure.keyed('rejected', 'badgeTextTooLong', { what: FIELD_WORDS[element.field], fieldCode: element.field, value: shown }, {
      detail: `template element ${sideName}/${element.id}: ${shown.length} characters do not fit ${element.width} × ${element.height} mm`,
      field: element.field,
    });
  }
  return { id: element.id, kind: 'text', x: element.x, y: element.y, width: element.width, height: element.height, lines: fitted.lines, fontSize: fitted.fontSize, bold: element.bold, color: element.color, align: element.align };
}

function layoutSide(side: BadgeSide, sideName: 'front' | 'back', input: LayoutInput): BadgeSideLayout {
  const { widthMm, heightMm } = cardSize(input.template.orientation);
  const colourFor = (colors: Record<string, string>, fallback: string): string => colors[String(input.cardholder.card_Holder_Type_ID)] ?? fallback;
  const asset = (file: string): string => {
    const url = input.assets.get(file);
    if (!url) throw KioskFailure.of('config', `The badge template is missing its image "${file}": ask an administrator to run "--admin check".`);
    return url;
  };
  const boxes: BadgeBox[] = side.elements.map((element): BadgeBox => {
    switch (element.type) {
      case 'text':
        return textBox(element, input, sideName);
      case 'photo':
        return { id: element.id, kind: 'photo', x: element.x, y: element.y, width: element.width, height: element.height, src: input.photo, fit: 'cover', ...(element.borderColor ? { color: element.borderColor } : {}) };
      case 'image':
        return { id: element.id, kind: 'image', x: element.x, y: element.y, width: element.width, height: element.height, src: asset(element.file), fit: element.fit };
      case 'band':
        return { id: element.id, kind: 'band', x: element.x, y: element.y, width: element.width, height: element.height, fill: colourFor(element.colors, element.defaultColor) };
      case 'border':
        return { id: element.id, kind: 'border', x: 0, y: 0, width: widthMm, height: heightMm, thickness: element.thickness, fill: colourFor(element.colors, element.defaultColor) };
      case 'barcode': {
        const value = fieldValue(element.field, input.cardholder, input.site, input.issued, '');
        const encoded = encodeBarcode(element.symbology, value);
        const problem = encoded.ok ? barcodeFitProblem(encoded.barcode, element.width, element.height) : encoded.reason;
        if (!encoded.ok || problem) {
          throw KioskFailure.keyed('rejected', 'badgeBarcodeCannotHold', { what: FIELD_WORDS[element.field], fieldCode: element.field, value, why: problem ?? '' }, {
            detail: `template element ${sideName}/${element.id}`,
            field: element.field,
          });
        }
        return { id: element.id, kind: 'barcode', x: element.x, y: element.y, width: element.width, height: element.height, src: svgDataUrl(encoded.barcode.svg), fit: element.symbology === 'code128' ? 'fill' : 'contain' };
      }
    }
  });
  return { side: sideName, widthMm, heightMm, background: side.background, backgroundImage: side.backgroundImage ? asset(side.backgroundImage) : null, boxes };
}

/** Both sides (the back when the template has one); throws a KioskFailure the officer can read. */
export function layoutBadge(input: LayoutInput): BadgeSideLayout[] {
  const sides = [layoutSide(input.template.front, 'front', input)];
  if (input.template.back) sides.push(layoutSide(input.template.back, 'back', input));
  return sides;
}

export const hasPhoto = (template: BadgeTemplate): boolean => [template.front, ...(template.back ? [template.back] : [])].some((s) => s.elements.some((e) => e.type === 'photo'));
