/**
 * A badge template as an administrator writes it (JSON in the provisioning folder, image assets
 * beside it): its schema with messages an administrator reads, and the ID-1 card it is laid out
 * on. Every length is in millimetres from the card's top-left corner; font sizes are in points.
 * Owns the shape only: what a template means for a cardholder is badge-layout.ts, what makes it
 * unusable beyond its shape (assets, geometry, barcode capacity) is template-check.ts.
 */
import { z } from 'zod';

/** ISO/IEC 7810 ID-1: 85.60 × 53.98 mm. */
export const ID1 = { longMm: 85.6, shortMm: 53.98 } as const;
export const ORIENTATIONS = ['portrait', 'landscape'] as const;
export type Orientation = (typeof ORIENTATIONS)[number];

export function cardSize(orientation: Orientation): { widthMm: number; heightMm: number } {
  return orientation === 'landscape' ? { widthMm: ID1.longMm, heightMm: ID1.shortMm } : { widthMm: ID1.shortMm, heightMm: ID1.longMm };
}

/** What a text or a barcode may show of the cardholder (or `text`: the template's own words). */
export const BADGE_FIELDS = ['lastName', 'firstName', 'middleName', 'displayName', 'fullName', 'employeeId', 'cardholderType', 'tenant', 'issueDate', 'text'] as const;
export type BadgeField = (typeof BADGE_FIELDS)[number];
export const BARCODE_SYMBOLOGIES = ['code128', 'qrcode', 'pdf417'] as const;
export type BarcodeSymbology = (typeof BARCODE_SYMBOLOGIES)[number];

const mm = (what: string) => z.number({ error: `expected ${what} in millimetres` }).min(0, { error: `expected ${what} of at least 0 mm` }).max(100, { error: `expected ${what} of at most 100 mm` });
const size = (what: string) => z.number({ error: `expected ${what} in millimetres` }).gt(0, { error: `expected ${what} above 0 mm` }).max(100, { error: `expected ${what} of at most 100 mm` });
const colour = z.string({ error: 'expected a colour such as "#1a4d8f"' }).regex(/^#[0-9a-fA-F]{6}$/, { error: 'expected a colour such as "#1a4d8f" (# and six hexadecimal digits)' });
/** An image beside the template: a plain file name, no folders. */
export const assetName = z
  .string({ error: 'expected the file name of an image beside the template' })
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}\.(png|jpg|jpeg|svg)$/i, { error: 'expected the file name of a PNG, JPEG or SVG image beside the template (no folders)' });
const elementId = z.string({ error: 'expected an element id' }).regex(/^[A-Za-z0-9_-]{1,40}$/, { error: 'expected an element id of 1 to 40 letters, digits, "-" or "_"' });
const fontSize = z.number({ error: 'expected a font size in points' }).min(4, { error: 'expected at least 4 pt' }).max(72, { error: 'expected at most 72 pt' });
const box = { id: elementId, x: mm('x'), y: mm('y'), width: size('a width'), height: size('a height') };
const byType = z.record(z.string().regex(/^\d{1,10}$/, { error: 'expected a cardholder type number as the key' }), colour);

export const PhotoElement = z.strictObject({ type: z.literal('photo'), ...box, borderColor: colour.optional() });
/** A language tag of a template's words ("en", "de", "fr", "es", or another BCP 47 tag such as "pt-BR"). */
const languageTag = z.string().regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8}){0,2}$/, { error: 'expected a language tag such as "en", "de", "fr" or "es" as the key' });
const words = z.string({ error: 'expected the words as text' }).max(200, { error: 'expected at most 200 characters' });
/**
 * A template's fixed words: the same in every language (a plain string), or per language
 * (`{ "en": "Issued", "de": "Ausgestellt" }`): the badge takes the language shown when it is
 * printed, else English, else the first one given (template-words.ts).
 */
export const TemplateWords = z.union([words, z.record(languageTag, words).refine((byLanguage) => Object.keys(byLanguage).length >= 1 && Object.keys(byLanguage).length <= 20, { error: 'expected the words in 1 to 20 languages' })], {
  error: 'expected the words as text, or per language such as { "en": "Issued", "de": "Ausgestellt" }',
});
export type TemplateWords = z.output<typeof TemplateWords>;

export const TextElement = z.strictObject({
  type: z.literal('text'),
  ...box,
  field: z.enum(BADGE_FIELDS, { error: `expected one of ${BADGE_FIELDS.map((f) => `"${f}"`).join(', ')}` }),
  /** The words shown when field is "text"; a label before the value otherwise (plain, or per language). */
  text: TemplateWords.optional(),
  fontSize,
  /** The smallest size a long value may shrink to before it takes two lines (default: 60 % of fontSize, at least 5 pt). */
  minFontSize: fontSize.optional(),
  maxLines: z.union([z.literal(1), z.literal(2)], { error: 'expected 1 or 2 lines' }).default(1),
  bold: z.boolean().default(false),
  color: colour.default('#000000'),
  align: z.enum(['left', 'center', 'right']).default('left'),
  uppercase: z.boolean().default(false),
});
export const ImageElement = z.strictObject({ type: z.literal('image'), ...box, file: assetName, fit: z.enum(['contain', 'cover']).default('contain') });
export const BandElement = z.strictObject({ type: z.literal('band'), ...box, colors: byType.default({}), defaultColor: colour });
export const BorderElement = z.strictObject({
  type: z.literal('border'),
  id: elementId,
  thickness: size('a thickness').max(10, { error: 'expected a border of at most 10 mm' }),
  colors: byType.default({}),
  defaultColor: colour,
});
export const BarcodeElement = z.strictObject({
  type: z.literal('barcode'),
  ...box,
  symbology: z.enum(BARCODE_SYMBOLOGIES, { error: `expected one of ${BARCODE_SYMBOLOGIES.map((s) => `"${s}"`).join(', ')}` }),
  field: z.enum(BADGE_FIELDS, { error: `expected one of ${BADGE_FIELDS.map((f) => `"${f}"`).join(', ')}` }),
  /** The longest value the barcode must hold (the check makes sure it fits at a printable module size). */
  maxChars: z.number().int().min(1).max(200).default(12),
});

export const BadgeElement = z.discriminatedUnion('type', [PhotoElement, TextElement, ImageElement, BandElement, BorderElement, BarcodeElement], {
  error: 'expected an element of type "photo", "text", "image", "band", "border" or "barcode"',
});
export type BadgeElement = z.output<typeof BadgeElement>;
export type TextElement = z.output<typeof TextElement>;
export type BarcodeElement = z.output<typeof BarcodeElement>;

export const BadgeSide = z.strictObject({
  background: colour.default('#ffffff'),
  backgroundImage: assetName.optional(),
  elements: z.array(BadgeElement).max(100),
});
export type BadgeSide = z.output<typeof BadgeSide>;

export const BadgeTemplate = z.strictObject({
  $comment: z.union([z.string(), z.array(z.string())]).optional(),
  name: z.string({ error: 'expected the name officers see' }).min(1).max(100),
  orientation: z.enum(ORIENTATIONS, { error: 'expected "portrait" or "landscape"' }),
  /** The cardholder types this template is for. */
  cardholderTypes: z.array(z.number().int().min(0).max(2_147_483_647)).max(1000).default([]),
  /** Used for cardholder types no template names (one template should be the default). */
  default: z.boolean().default(false),
  front: BadgeSide,
  back: BadgeSide.optional(),
});
export type BadgeTemplate = z.output<typeof BadgeTemplate>;
export type BadgeTemplateInput = z.input<typeof BadgeTemplate>;
