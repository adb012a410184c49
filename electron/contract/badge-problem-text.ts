/**
 * Why a badge template cannot be used, as a key and parameters: the one table of their English
 * wording. Main sends `{ key, params }` (the layout editor and Administration show it in the
 * language shown, renderer/src/badges/badge-problem-text.ts), and words it in English for its log
 * and `--admin check` with `englishBadgeProblem`. The renderer's English (messages/en/badges.ts,
 * `problems`) is typed against this table, so the two cannot differ. `{side}` is "front" or
 * "back" (the renderer says it in the language shown); `{detail}` and `{why}` are English (the
 * schema's and the barcode encoder's own words): a schema refusal also carries `{issue}` and
 * `{limit}` (a number out of range, a text too long, a value not allowed), which the renderer words
 * in the other languages; other schema refusals and a value bwip-js cannot encode stay English. Syntax as vue-i18n's. Part of the IPC contract.
 */
import type { KioskError } from './errors';

export const BADGE_PROBLEM_TEXT = {
  notJson: 'not valid JSON: {detail}',
  isLink: 'is a link; the kiosk reads only templates that are files in the templates folder itself',
  unreadable: 'could not be read: {detail}',
  unknownFields: '{where}: unknown field {fields} | {where}: unknown fields {fields}',
  invalid: '{where}: {detail}',
  invalidElement: '{side} element {element}: {detail}',
  invalidElementField: '{side} element {element} ({path}): {detail}',
  unknownFieldsElement: '{side} element {element}: unknown field {fields} | {side} element {element}: unknown fields {fields}',
  backgroundMissing: '{side}.backgroundImage: the image "{file}" is not beside the template',
  sameId: '{side} element "{element}": another element of the {side} has the same id',
  borderTooThick: '{side} element "{element}": the border is thicker than the card allows',
  offCard: '{side} element "{element}": falls off the card (x {x} + width {width} mm, y {y} + height {height} mm; a {orientation} ID-1 card is {cardWidth} × {cardHeight} mm)',
  imageMissing: '{side} element "{element}": the image "{file}" is not beside the template',
  imageIsLink: '{side} element "{element}": "{file}" is a link; the kiosk uses only images that are files in the templates folder itself',
  imageNotImage: '{side} element "{element}": "{file}" is not a {kind} image (its content is not one)',
  imageTooLarge: '{side} element "{element}": the image "{file}" is too large ({size} KB; the limit is {limit} KB)',
  imageSvgDoctype: '{side} element "{element}": the SVG image "{file}" declares a DOCTYPE or entities, which a badge image may not',
  imageTooComplex: '{side} element "{element}": the SVG image "{file}" repeats its shapes too often through its "use" elements (more than {limit} copies, or more than {depth} levels deep): printing it would stall',
  imageUnreadable: '{side} element "{element}": the image "{file}" could not be read ({detail})',
  textNeedsWords: '{side} element "{element}": field "text" needs the words to show in "text"',
  tooShort: '{side} element "{element}": {height} mm is not tall enough for one line at {size} pt',
  wordsTooLong: '{side} element "{element}": the words "{words}" do not fit {width} × {height} mm, even at {size} pt',
  wordsTooLongIn: '{side} element "{element}": the {language} words "{words}" do not fit {width} × {height} mm, even at {size} pt',
  barcodeText: '{side} element "{element}": a barcode shows a field of the cardholder, not "text"',
  barcodeTooSmall: '{side} element "{element}": the {symbology} barcode cannot hold {maxChars} characters (maxChars): {why}',
  barcodeNeedsWidth: '{side} element "{element}": the {symbology} barcode cannot hold {maxChars} characters (maxChars): it needs {needed} mm of width, the element has {width} mm',
  barcodeNeedsHeight: '{side} element "{element}": the {symbology} barcode cannot hold {maxChars} characters (maxChars): a 1D barcode needs at least 5 mm of height, the element has {height} mm',
  barcodeNeedsArea: '{side} element "{element}": the {symbology} barcode cannot hold {maxChars} characters (maxChars): it needs {neededWidth} × {neededHeight} mm, the element has {width} × {height} mm',
  cannotLayOut: 'the sample cardholder cannot be laid out: {detail}',
} as const;

export type BadgeProblemName = keyof typeof BADGE_PROBLEM_TEXT;
export type BadgeProblemParams = Record<string, string | number>;
/** Why a template cannot be used; `error` (cannotLayOut) is the layout's own typed error, shown in the language shown. */
export interface BadgeProblem {
  key: BadgeProblemName;
  params: BadgeProblemParams;
  error?: KioskError;
}

/** The English sentence of a problem, as vue-i18n renders it in English (two forms: `{count}` 1 takes the first). */
export function englishBadgeProblem(problem: BadgeProblem): string {
  const forms = BADGE_PROBLEM_TEXT[problem.key].split(' | ');
  const form = forms.length === 2 ? forms[problem.params.count === 1 ? 0 : 1]! : forms[0]!;
  return form.replace(/\{(\w+)\}/g, (whole, param: string) => (param in problem.params ? String(problem.params[param]) : whole));
}

export const badgeProblem = (key: BadgeProblemName, params: BadgeProblemParams = {}): BadgeProblem => ({ key, params });
