/**
 * The badge templates of a workstation: every *.json in badges.templatesDir, read, validated
 * (template-schema.ts) and checked beyond its shape — every image present beside it, every
 * element on the card, every barcode able to hold the longest value it promises, every text
 * readable at its smallest size and (with the badge fonts) every language's words fitting their
 * box — each problem a key and parameters (contract badge-problem-text.ts) naming the element.
 * An image is read only as template-image-file.ts allows (no link, the kind its name says, at most
 * 4 MiB, an SVG without a multiplying <use> tree), and one refused says why; a template file that
 * is a link is refused too.
 * Used by the kiosk (only templates without problems print) and by `--admin check`.
 */
import { lstat, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { z } from 'zod';
import { badgeProblem, type BadgeProblem, type BadgeProblemParams, type BadgeTemplateInfo } from '../../contract/ipc';
import type { BadgeFonts } from './badge-layout';
import { barcodeShortfall, encodeBarcode, worstCaseValue } from './barcode';
import { BadgeTemplate, cardSize, type BadgeSide, type TextElement } from './template-schema';
import { badgeLocaleOf, everyLanguage, hasWords, issueDateText } from './template-words';
import { fitText, LINE_HEIGHT, PT_TO_MM, smallestSize } from './text-fit';
import { readTemplateImage, type ImageRefusal } from './template-image-file';

export interface LoadedTemplate {
  id: string;
  file: string;
  template: BadgeTemplate | null;
  /** Images by file name, as data: URLs. */
  assets: Map<string, string>;
  /** Why it cannot be used (englishBadgeProblem words one for the log and `--admin check`). */
  problems: BadgeProblem[];
}

/** Images beside a template that cannot be used, by file name, and why (a missing one is not here). */
export type RefusedImages = ReadonlyMap<string, Exclude<ImageRefusal, { reason: 'missing' }>>;
/** A template file larger than this is not a template (the contract bounds an edited one to 200,000 characters). */
const MAX_TEMPLATE_BYTES = 1024 * 1024;
const EPSILON = 0.001;

/** Where a schema issue is: an element of a side (named by its id, else its number), or a path. */
function where(issuePath: ReadonlyArray<PropertyKey>, raw: unknown): { side: string; element: string; path: string } | { path: string } {
  const parts = issuePath.map(String);
  if (parts[1] === 'elements' && parts[2] !== undefined) {
    const element = (raw as { [side: string]: { elements?: Array<{ id?: unknown }> } } | null)?.[parts[0] ?? '']?.elements?.[Number(parts[2])];
    return { side: parts[0] ?? '', element: typeof element?.id === 'string' ? `"${element.id}"` : `#${Number(parts[2]) + 1}`, path: parts.slice(3).join('.') };
  }
  return { path: parts.join('.') || '(the file)' };
}

const UNIT: Record<string, string> = { x: 'mm', y: 'mm', width: 'mm', height: 'mm', thickness: 'mm', fontSize: 'pt', minFontSize: 'pt' };

/** A number or length out of range, or a value not among those allowed: what the renderer words in the language shown (`{detail}` stays English). */
function issueKind(issue: z.core.$ZodIssue): BadgeProblemParams {
  const unit = UNIT[String(issue.path.at(-1))] ?? '';
  const limit = (value: number | bigint): string => `${String(value)}${unit ? ` ${unit}` : ''}`;
  if (issue.code === 'too_small' && issue.origin === 'number') return { issue: issue.inclusive === false ? 'above' : 'atLeast', limit: limit(issue.minimum) };
  if (issue.code === 'too_big' && issue.origin === 'number') return { issue: issue.inclusive === false ? 'below' : 'atMost', limit: limit(issue.maximum) };
  if (issue.code === 'too_big' && issue.origin === 'string') return { issue: 'atMostCharacters', limit: String(issue.maximum) };
  if (issue.code === 'invalid_value') return { issue: 'oneOf', limit: issue.values.map((v) => JSON.stringify(v)).join(', ') };
  return {};
}

function issueProblem(issue: z.core.$ZodIssue, raw: unknown): BadgeProblem {
  const at = where(issue.path, raw);
  const kind = issueKind(issue);
  if (issue.code === 'unrecognized_keys') {
    const params = { fields: issue.keys.map((k) => `"${k}"`).join(', '), count: issue.keys.length };
    return 'side' in at && at.path === '' ? badgeProblem('unknownFieldsElement', { side: at.side, element: at.element, ...params }) : badgeProblem('unknownFields', { where: 'side' in at ? `${at.side} element ${at.element} (${at.path})` : at.path, ...params });
  }
  if (!('side' in at)) return badgeProblem('invalid', { where: at.path, detail: issue.message, ...kind });
  return at.path ? badgeProblem('invalidElementField', { ...at, detail: issue.message, ...kind }) : badgeProblem('invalidElement', { side: at.side, element: at.element, detail: issue.message, ...kind });
}

/** A sample value a label is checked with: the longest issue date of the language, nothing for the others (they vary by cardholder). */
const labelSample = (element: TextElement, language: string | null): string => (element.field === 'issueDate' ? issueDateText(new Date(2026, 11, 31), badgeLocaleOf(language)) : '');

/** Every language's words of a text element fit its box at its smallest size (the longest decides; each one that does not is named). */
function wordProblems(element: TextElement, side: string, fonts: BadgeFonts): BadgeProblem[] {
  if (element.text === undefined || !hasWords(element.text)) return [];
  const metrics = element.bold ? fonts.bold : fonts.regular;
  const min = smallestSize(element.fontSize, element.minFontSize);
  const problems: BadgeProblem[] = [];
  for (const [language, words] of everyLanguage(element.text)) {
    const sample = labelSample(element, language);
    let shown = element.field === 'text' || sample === '' ? words : `${words} ${sample}`;
    if (element.uppercase) shown = shown.toLocaleUpperCase();
    const fitted = fitText(metrics, { text: shown, widthMm: element.width, heightMm: element.height, fontSize: element.fontSize, minFontSize: min, maxLines: element.maxLines });
    if (fitted) continue;
    const params = { side, element: element.id, words: shown, width: element.width, height: element.height, size: min };
    problems.push(language === null ? badgeProblem('wordsTooLong', params) : badgeProblem('wordsTooLongIn', { ...params, language }));
  }
  return problems;
}

/** Why an image beside the template was refused, said with its place on the card. */
function refusedImage(refusal: Exclude<ImageRefusal, { reason: 'missing' }>, at: { side: string; element: string }, file: string): BadgeProblem {
  const where = { ...at, file };
  switch (refusal.reason) {
    case 'link':
      return badgeProblem('imageIsLink', where);
    case 'notImage':
      return badgeProblem('imageNotImage', { ...where, kind: refusal.kind });
    case 'tooLarge':
      return badgeProblem('imageTooLarge', { ...where, size: refusal.size, limit: refusal.limit });
    case 'svgDoctype':
      return badgeProblem('imageSvgDoctype', where);
    case 'svgTooComplex':
      return badgeProblem('imageTooComplex', { ...where, limit: refusal.limit, depth: refusal.depth });
    case 'unreadable':
      return badgeProblem('imageUnreadable', { ...where, detail: refusal.detail });
  }
}

function checkSide(side: BadgeSide, name: 'front' | 'back', template: BadgeTemplate, assets: Map<string, string>, fonts: BadgeFonts | null, refused: RefusedImages): BadgeProblem[] {
  const problems: BadgeProblem[] = [];
  const card = cardSize(template.orientation);
  const ids = new Set<string>();
  const background = side.backgroundImage ? refused.get(side.backgroundImage) : undefined;
  if (side.backgroundImage && background) problems.push(refusedImage(background, { side: name, element: 'backgroundImage' }, side.backgroundImage));
  else if (side.backgroundImage && !assets.has(side.backgroundImage)) problems.push(badgeProblem('backgroundMissing', { side: name, file: side.backgroundImage }));
  for (const element of side.elements) {
    const at = { side: name, element: element.id };
    if (ids.has(element.id)) problems.push(badgeProblem('sameId', at));
    ids.add(element.id);
    if (element.type === 'border') {
      if (element.thickness * 2 >= Math.min(card.widthMm, card.heightMm)) problems.push(badgeProblem('borderTooThick', at));
      continue;
    }
    if (element.x + element.width > card.widthMm + EPSILON || element.y + element.height > card.heightMm + EPSILON) {
      problems.push(badgeProblem('offCard', { ...at, x: element.x, width: element.width, y: element.y, height: element.height, orientation: template.orientation, cardWidth: card.widthMm, cardHeight: card.heightMm }));
    }
    const refusal = element.type === 'image' ? refused.get(element.file) : undefined;
    if (element.type === 'image' && refusal) problems.push(refusedImage(refusal, at, element.file));
    else if (element.type === 'image' && !assets.has(element.file)) problems.push(badgeProblem('imageMissing', { ...at, file: element.file }));
    if (element.type === 'text') {
      if (element.field === 'text' && !hasWords(element.text)) problems.push(badgeProblem('textNeedsWords', at));
      const min = smallestSize(element.fontSize, element.minFontSize);
      if (min * LINE_HEIGHT * PT_TO_MM > element.height + EPSILON) problems.push(badgeProblem('tooShort', { ...at, height: element.height, size: min }));
      else if (fonts) problems.push(...wordProblems(element, name, fonts));
    }
    if (element.type === 'barcode') {
      if (element.field === 'text') problems.push(badgeProblem('barcodeText', at));
      const encoded = encodeBarcode(element.symbology, worstCaseValue(element.symbology, element.maxChars));
      const holds = { ...at, symbology: element.symbology, maxChars: element.maxChars };
      const short = encoded.ok ? barcodeShortfall(encoded.barcode, element.width, element.height) : null;
      if (!encoded.ok) problems.push(badgeProblem('barcodeTooSmall', { ...holds, why: encoded.reason }));
      else if (short?.need === 'width') problems.push(badgeProblem('barcodeNeedsWidth', { ...holds, needed: short.neededMm, width: element.width }));
      else if (short?.need === 'height1d') problems.push(badgeProblem('barcodeNeedsHeight', { ...holds, height: element.height }));
      else if (short?.need === 'area') problems.push(badgeProblem('barcodeNeedsArea', { ...holds, neededWidth: short.neededWidthMm, neededHeight: short.neededHeightMm, width: element.width, height: element.height }));
    }
  }
  return problems;
}

/** Checks a parsed template against its images and (when given) the badge fonts: shared by loading and the layout editor's save. */
export function checkTemplate(template: BadgeTemplate, assets: Map<string, string>, fonts: BadgeFonts | null = null, refused: RefusedImages = new Map()): BadgeProblem[] {
  return [...checkSide(template.front, 'front', template, assets, fonts, refused), ...(template.back ? checkSide(template.back, 'back', template, assets, fonts, refused) : [])];
}

async function readAssets(dir: string, raw: unknown): Promise<{ assets: Map<string, string>; refused: RefusedImages }> {
  const names = new Set<string>();
  const collect = (side: unknown): void => {
    if (typeof side !== 'object' || side === null) return;
    const s = side as { backgroundImage?: unknown; elements?: unknown };
    if (typeof s.backgroundImage === 'string') names.add(s.backgroundImage);
    if (Array.isArray(s.elements)) for (const e of s.elements) if (typeof e === 'object' && e !== null && typeof (e as { file?: unknown }).file === 'string') names.add((e as { file: string }).file);
  };
  collect((raw as { front?: unknown } | null)?.front);
  collect((raw as { back?: unknown } | null)?.back);
  const assets = new Map<string, string>();
  const refused = new Map<string, Exclude<ImageRefusal, { reason: 'missing' }>>();
  for (const name of names) {
    // A folder in the name, an unknown kind or a missing file: reported by the schema or the check.
    const read = await readTemplateImage(dir, name);
    if (read.ok) assets.set(name, read.dataUrl);
    else if (read.refusal.reason !== 'missing') refused.set(name, read.refusal);
  }
  return { assets, refused };
}

export async function loadTemplateFile(file: string, fonts: BadgeFonts | null = null): Promise<LoadedTemplate> {
  const id = path.basename(file, '.json');
  const base: LoadedTemplate = { id, file, template: null, assets: new Map(), problems: [] };
  let raw: unknown;
  try {
    // A link is not followed (it could name any file of the system); nor is anything but a file read.
    const info = await lstat(file);
    if (info.isSymbolicLink()) return { ...base, problems: [badgeProblem('isLink')] };
    if (!info.isFile()) return { ...base, problems: [badgeProblem('unreadable', { detail: 'not a file' })] };
    if (info.size > MAX_TEMPLATE_BYTES) return { ...base, problems: [badgeProblem('unreadable', { detail: `larger than ${MAX_TEMPLATE_BYTES / 1024} KB` })] };
    raw = JSON.parse(await readFile(file, 'utf8'));
  } catch (thrown) {
    return { ...base, problems: [thrown instanceof SyntaxError ? badgeProblem('notJson', { detail: thrown.message }) : badgeProblem('unreadable', { detail: (thrown as NodeJS.ErrnoException).code ?? String(thrown) })] };
  }
  return checkTemplateSource(file, raw, fonts);
}

/** A template's JSON (read from `file` or edited in Administration) validated and checked against the images beside `file`. */
export async function checkTemplateSource(file: string, raw: unknown, fonts: BadgeFonts | null = null): Promise<LoadedTemplate> {
  const base: LoadedTemplate = { id: path.basename(file, '.json'), file, template: null, assets: new Map(), problems: [] };
  const { assets, refused } = await readAssets(path.dirname(file), raw);
  const parsed = BadgeTemplate.safeParse(raw);
  if (!parsed.success) return { ...base, assets, problems: parsed.error.issues.map((issue) => issueProblem(issue, raw)) };
  return { ...base, template: parsed.data, assets, problems: checkTemplate(parsed.data, assets, fonts, refused) };
}

/** Every template of `dir` (sorted by file name); a folder that cannot be read is one problem. With the badge fonts, every language's words are checked to fit. */
export async function loadTemplates(dir: string, fonts: BadgeFonts | null = null): Promise<{ templates: LoadedTemplate[]; problem: string | null }> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => name.endsWith('.json')).sort();
  } catch (thrown) {
    return { templates: [], problem: `the badge templates folder ${dir} could not be read (${(thrown as NodeJS.ErrnoException).code ?? 'error'})` };
  }
  const templates = await Promise.all(names.map((name) => loadTemplateFile(path.join(dir, name), fonts)));
  if (templates.length === 0) return { templates, problem: `the badge templates folder ${dir} holds no template (*.json)` };
  const defaults = templates.filter((t) => t.template?.default);
  if (defaults.length > 1) return { templates, problem: `more than one template is the default: ${defaults.map((t) => path.basename(t.file)).join(', ')}` };
  return { templates, problem: null };
}

export function templateInfo(loaded: LoadedTemplate): BadgeTemplateInfo {
  const t = loaded.template;
  return {
    id: loaded.id,
    file: path.basename(loaded.file),
    name: t?.name ?? loaded.id,
    orientation: t?.orientation ?? 'portrait',
    sides: t?.back ? 2 : 1,
    cardholderTypes: t?.cardholderTypes ?? [],
    isDefault: t?.default ?? false,
    problems: loaded.problems,
  };
}

/** The template for a cardholder type: the one that names it, else the default. */
export function templateFor(templates: readonly LoadedTemplate[], cardholderType: number): LoadedTemplate | null {
  const usable = templates.filter((t) => t.template && t.problems.length === 0);
  return usable.find((t) => t.template?.cardholderTypes.includes(cardholderType)) ?? usable.find((t) => t.template?.default) ?? null;
}
